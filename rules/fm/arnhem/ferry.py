"""Arnhem engineer river/canal ferry (ARN 10.6.5): declared in chat at the start of the Allied Movement
Phase as ``ferry <hex>/<hex> by <engineer>``; for the rest of the GT Allied units treat the hexside as a
bridge for movement and may retreat across it, while the engineer remains within its movement range of the
hexside and no German unit occupies either adjoining hex."""
from __future__ import annotations

import re
from dataclasses import replace

from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.fm.arnhem.actions import allied, engineer_declaration, german
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.fm.judge import Attempt, Judge
from hexforge.rules.fm.memory import Crossing, Ferry, crossing, crossings, with_crossing


FERRY = re.compile(r"^\s*ferry\s+(\w+)\s*/\s*(\w+)\s+by\s+(\S+)\s*$", re.I)
WATER = ("river", "canal")


def ferry_now(state: GameState, hs: Hexside) -> Ferry | None:
    """The ferry operation on ``hs`` in the current GT, unless cancelled (ARN 10.6.5)."""
    c = crossing(state, hs)
    f = c.ferry if c is not None else None
    return f if f is not None and not f.cancelled and f.turn == state.turn else None


@rule("ARN 10.6.5", "ARN-6", "the ferry operation continues only while the engineer remains within its movement "
      "range of the designated hexside; a German unit in either adjoining hex cancels it; German units never use it")
def ferry_active(rules: FireAndMovement, state: GameState, uid: str, a: Hex, b: Hex) -> bool | Unknown:
    """ARN 10.6.5: an Allied unit crossing a hexside ferried this GT (L411), the engineer still within its movement
    range of it (L412), no German unit in either adjoining hex (L419, that cancels it); German units never use it."""
    if a.distance(b) != 1 or state.side(uid) != allied(rules):
        return False
    f = ferry_now(state, Hexside.between(a, b))
    if f is None:
        return False  # none this GT, or cancelled (see cancel_occupied_ferries)
    return rules.in_range(state, f.engineer, (a, b))


def cancel_occupied_ferries(rules: FireAndMovement, state: GameState) -> GameState:
    """ARN 10.6.5 (L419): a German unit in either hex next to a ferry hexside cancels the operation for good."""
    for hs, c in crossings(state).items():
        f = ferry_now(state, hs)
        if f is not None and any(state.side(u) == german(rules) for h in hs for u in state.at(h)):
            state = with_crossing(state, hs, replace(c, ferry=replace(f, cancelled=True)))
    return state


@rule("ARN 10.6.5", "ARN-6", "engineer ferry: at the start of the Allied Movement Phase (not Mobile), one river/"
      "canal hexside per GT within the engineer's movement range, one adjoining hex Allied-occupied, neither "
      "German-occupied, not in a GT of a repair attempt; Allied units then cross and retreat across it that GT")
def declare_ferry(rules: FireAndMovement, ch: Judge, index: int, la: str, lb: str, uid: str) -> None:
    start = engineer_declaration(rules, ch, index, "ARN 10.6.5", f"ferry {la}/{lb} by {uid}", la, lb, uid)
    if start is None:
        return
    a, b, why = start
    st, hs = ch.state, Hexside.between(a, b)
    kinds = {f.kind for f in rules.terrain.features(a, b)}
    surveyed = rules.terrain.of(a) is not None and rules.terrain.of(b) is not None
    if surveyed and not kinds & set(WATER):
        why.append("it is not a river/canal hexside")
    if Attempt("ferry", st.turn) in ch.attempts:
        why.append(f"a ferry operation was already declared in GT {st.turn} (one per GT)")
    if any(t.action == "repair" and t.turn == st.turn for t in ch.attempts):
        why.append(f"the engineer attempted a bridge repair in GT {st.turn}")
    if not any(st.side(u) == allied(ch.rules) for h in (a, b) for u in st.at(h)):
        why.append("neither adjoining hex is occupied by an Allied unit")
    if any(st.side(u) == german(ch.rules) for h in (a, b) for u in st.at(h)):
        why.append("the hexside adjoins a German-occupied hex")
    reach = rules.in_range(st, uid, (a, b))
    if reach is False:
        why.append(f"the hexside is beyond {uid}'s movement range")
    ch.attempts.add(Attempt("ferry", st.turn))
    if why:
        ch.say(index, Illegal("ARN 10.6.5", f"ferry {la}/{lb} by {uid} not allowed: " + "; ".join(why)))
        return
    ch.state = with_crossing(st, hs, replace(crossing(st, hs) or Crossing(), ferry=Ferry(st.turn, uid)))
    if rules.is_engineer(uid) is not True:
        ch.say(index, NotCheckable(f"whether {uid} is the Allied engineer unit (units.csv type; ARN 10.6.5 says "
                                   "'the engineer unit' and names no counter)"))
    elif not surveyed:
        ch.say(index, NotCheckable(f"hexsides of {la}/{lb} (unsurveyed: is it a river/canal hexside?)"))
    elif isinstance(reach, Unknown):
        ch.say(index, NotCheckable(reach.needs))
    else:
        ch.say(index, Legal())
