"""Aachen temporary bridges (AAC 11.1-11.2): placement by an engineer, use, and removal.

A log declares one in chat: ``temporary bridge 0405/0505 by <unit>``.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.coverage import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

if TYPE_CHECKING:
    from hexforge.rules.aachen import Aachen
    from hexforge.rules.checker import Checker

TEMPORARY_BRIDGE = re.compile(r"\btemporary\s+bridge\s+(\w+)\s*/\s*(\w+)\s+by\s+(\S+)", re.I)
RULE = "AAC 11.2"


def in_range(rules, state: GameState, uid: str, hexes: tuple[Hex, ...]) -> bool | Unknown:
    """AAC 11.1 / ARN 10.6.3: a hex is in a unit's movement range when the hexes counted to it (not
    the unit's own) are no more than its printed MA; terrain, units and ZOC do not matter."""
    ma = rules.value(uid, "movement", state)
    h = state.where(uid)
    if isinstance(ma, Unknown):
        return ma
    return h is not None and min(h.distance(x) for x in hexes) <= ma


@rule("AAC 11.2", "AAC-2", "a temporary bridge: declared by an engineer before any unit moves in its side's "
      "(Mobile) Movement Phase, one per GT, over a river hexside within its movement range, neither side in an "
      "EZOC, the adjoining hex not enemy-occupied")
def declare_bridge(rules: Aachen, ch: Checker, index: int, la: str, lb: str, uid: str) -> None:
    a, b = ch.hex(la), ch.hex(lb)
    st = ch.state
    if a is None or b is None or a.distance(b) != 1:
        ch.say(index, Illegal(RULE, f"{la}/{lb} is not a hexside between two adjacent map hexes"))
        return
    if uid not in rules.game.units or st.where(uid) is None:
        ch.say(index, Illegal(RULE, f"{uid} is not a unit on the map"))
        return
    side = st.side(uid)
    kind, phasing = ch.phase()
    why: list[str] = []
    if kind not in ("movement", "mobile-movement") or phasing != side:
        why.append("it is not the engineer's side's Movement or Mobile Movement Phase")
    elif ch.moved_phase:
        why.append("units have already moved in this phase (it must be declared first)")
    if "engineer" not in str(rules.game.units[uid].type).lower():
        why.append(f"{uid} is not an engineer unit")
    if (RULE, st.turn, side) in ch.attempts:
        why.append(f"{side} has already placed a temporary bridge in GT {st.turn}")
    if any(st.side(u) != side for h in (a, b) for u in st.at(h)):
        why.append("an adjoining hex is occupied by an enemy unit")
    if any(in_ezoc(rules, st, h, side) for h in (a, b)):
        why.append("an adjoining hex is in an enemy ZOC")
    reach = in_range(rules, st, uid, (a, b))
    if reach is False:
        why.append(f"{la}/{lb} is beyond {uid}'s movement range (AAC 11.1)")
    v: Verdict = Legal()
    if why:
        v = Illegal(RULE, f"temporary bridge {la}/{lb} by {uid} not allowed: " + "; ".join(why))
    elif isinstance(reach, Unknown):
        v = NotCheckable(reach.needs)
    elif rules.terrain.of(a) is None or rules.terrain.of(b) is None:
        v = NotCheckable(f"hexsides of hex {la if rules.terrain.of(a) is None else lb} (unsurveyed: is {la}/{lb} "
                         "a river hexside?)")
    elif "river" not in {f.kind for f in rules.terrain.features(a, b)}:
        v = Illegal(RULE, f"temporary bridge {la}/{lb}: that hexside is not a river hexside")
    ch.say(index, v)
    ch.attempts.add((RULE, st.turn, side))
    if not isinstance(v, Illegal):
        ch.state = st.with_bridge(Hexside.between(a, b), ("temporary", side, uid))


def bridges_after_phase(rules: Aachen, state: GameState, old_phase: int, turn: int | None,
                        phase: int | None) -> GameState:
    """AAC 11.2: a temporary bridge is removed at the end of a Combat or Movement Phase with an enemy unit in
    an adjoining hex, and lasts only for its side's player turn."""
    kind = rules.phase_kind(old_phase)
    same_turn = phase is not None and rules.phase_side(phase) == rules.phase_side(old_phase) and turn == state.turn
    for hs, status in list(state.bridges.items()):
        if status[0] != "temporary":
            continue
        enemy = any(state.side(u) != status[1] for h in hs for u in state.at(h))
        if not same_turn or (enemy and kind in ("movement", "mobile-movement", "combat", "mobile-combat")):
            state = state.with_bridge(hs, None)
    return state
