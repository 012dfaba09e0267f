"""Aachen river crossing (AAC 11.0-11.2): no intact bridges and no repairs; temporary bridges placed by an
engineer, their use, and their removal.

A log declares a temporary bridge in chat: ``temporary bridge 0405/0505 by <unit>``. A repair declaration
(the Arnhem grammar ``repair 0405/0505 by <unit>``) is judged illegal (AAC 11.0).

The F&M memory (``rules/fm/memory.py``) holds, per hexside, a ``Crossing`` with bridge ``"temporary"`` (side,
engineer) while a temporary bridge stands and ``"removed"`` (with why) once it is gone, until the end of its game
turn.
"""
from __future__ import annotations

import re
from dataclasses import replace

from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.movement import BRIDGES, ROADS, Cost, cell_cost, hex_cost, label, thoroughfare_rate
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState, phase_names
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.fm.judge import Attempt, Judge
from hexforge.rules.fm.memory import Crossing, crossing, crossings, with_crossing


TEMPORARY_BRIDGE = re.compile(r"\btemporary\s+bridge\s+(\w+)\s*/\s*(\w+)\s+by\s+(\S+)", re.I)
REPAIR = re.compile(r"^\s*repair\s+(\w+)\s*/\s*(\w+)(?:\s+by\s+(\S+))?\s*$", re.I)
RULE = "AAC 11.2"
NO_BRIDGES = "AAC 11.0"
PRINTED_BRIDGES = frozenset(BRIDGES) - {"temporary-bridge"}
REMOVAL_PHASES = ("movement", "mobile-movement", "combat", "mobile-combat")


@rule("AAC 11.2", "AAC-2", "a temporary bridge: declared by an engineer before any unit moves in its side's "
      "(Mobile) Movement Phase, one per GT, over a river hexside within its movement range, neither side in an "
      "EZOC, the adjoining hex not enemy-occupied")
def declare_bridge(rules: FireAndMovement, ch: Judge, index: int, la: str, lb: str, uid: str) -> None:
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
    if rules.is_engineer(uid) is not True:
        why.append(f"{uid} is not an engineer unit")
    if Attempt(RULE, st.turn, side=side) in ch.attempts:
        why.append(f"{side} has already placed a temporary bridge in GT {st.turn}")
    if any(st.side(u) != side for h in (a, b) for u in st.at(h)):
        why.append("an adjoining hex is occupied by an enemy unit")
    if any(in_ezoc(rules, st, h, side) for h in (a, b)):
        why.append("an adjoining hex is in an enemy ZOC")
    reach = rules.in_range(st, uid, (a, b))
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
    ch.attempts.add(Attempt(RULE, st.turn, side=side))
    if not isinstance(v, Illegal):
        ch.state = with_crossing(st, Hexside.between(a, b), Crossing("temporary", side, uid))


# -- AAC 11.2: the life of a temporary bridge (AAC-3) ---------------------------------------------

def standing(state: GameState, a: Hex, b: Hex) -> Crossing | None:
    """The temporary bridge standing on the hexside ``a``/``b``, if any."""
    c = crossing(state, Hexside.between(a, b)) if a.distance(b) == 1 else None
    return c if c is not None and c.bridge == "temporary" else None


@rule("AAC 11.2", "AAC-3", "a temporary bridge stands only while its engineer remains within its movement range "
      "(AAC 11.1) of the bridged hexside")
def bridges_after_event(rules: FireAndMovement, state: GameState) -> GameState:
    """AAC 11.2 (L599): the engineer may move and 'continue to provide the temporary bridge if [it] remains within
    its movement range of the designated hexside'.

    Decisions (the rule is silent): the range is the AAC 11.1 count from the engineer's hex to the nearer hex
    adjoining the hexside, against the printed MA of the side it shows now; 'remains' is read strictly, so once
    the engineer is seen outside that range, or off the map (eliminated), the bridge is removed for good, even if
    it comes back; the engineer is seen where the log puts it after each event (the end hex of a logged move,
    retreat or advance, not the hexes a single drag passes through). An unknown MA leaves the bridge standing
    (its use is then not checkable)."""
    for hs, c in list(crossings(state).items()):
        if c.bridge != "temporary":
            continue
        eng = c.engineer
        if state.where(eng) is None:
            why = f"its engineer {eng} is no longer on the map"
        elif rules.in_range(state, eng, tuple(hs)) is False:
            ma = rules.value(eng, "movement", state)
            why = f"its engineer {eng} left its movement range of the hexside ({ma:g} hexes, AAC 11.1)"
        else:
            continue
        state = with_crossing(state, hs, replace(c, bridge="removed", why=why))
    return state


@rule("AAC 11.2", "AAC-3", "a temporary bridge is removed at the end of any Combat or Movement Phase in which an "
      "enemy unit occupies an adjoining hex; it lasts no longer than the game turn it was placed in")
def bridges_after_phase(rules: FireAndMovement, state: GameState, old_phase: int, turn: int | None,
                        phase: int | None) -> GameState:
    """AAC 11.2 (L611): 'If at the end of any Combat or Movement Phase, an enemy unit occupies at least one
    adjoining hex, the temporary bridge is immediately removed.'

    Decisions (the rule is silent): 'any Combat or Movement Phase' includes the Mobile Movement and Mobile Combat
    Phases and either player's phases, not the Bombardment Phase (not named); the adjoining hexes are the two hexes
    the hexside separates. The bridge lasts to the end of the game turn it was placed in (L597: 'of the current
    GT'), so a first player's bridge stands through the second player's turn of that GT: that is where L609 (enemy
    units cannot move across it) and this removal by enemy units have effect. A new GT (the tracker's turn number
    changes, or without one its phase goes back) clears every temporary bridge of the last."""
    kind = rules.phase_kind(old_phase)
    new_gt = turn != state.turn if turn is not None else phase is not None and phase < old_phase
    for hs, c in list(crossings(state).items()):
        if c.bridge not in ("temporary", "removed"):
            continue
        if new_gt:
            state = with_crossing(state, hs, None)
            continue
        if c.bridge != "temporary" or kind not in REMOVAL_PHASES:
            continue
        enemy = [(u, h) for h in hs for u in state.at(h) if state.side(u) != c.side]
        if enemy:
            u, h = enemy[0]
            why = (f"enemy unit {u} occupied the adjoining hex {label(rules, h)} at the end of the "
                   f"{phase_names(rules.game)[old_phase]}")
            state = with_crossing(state, hs, replace(c, bridge="removed", why=why))
    return state


@rule("AAC 11.2", "AAC-3", "enemy units cannot use a temporary bridged hexside for movement during a Movement or "
      "Mobile Movement Phase")
def check_enemy_crossing(rules: FireAndMovement, state: GameState, uid: str, a: Hex, b: Hex) -> Verdict:
    """AAC 11.2 (L609), judged on each step of a move (moves are judged in Movement Phases only).

    Decision: 'cannot use a temporary bridged hexside for movement' bars the enemy unit from crossing that hexside
    at all while the bridge stands, not only from crossing it at the bridge's cost."""
    bridge = standing(state, a, b)
    if bridge is None or bridge.side == state.side(uid):
        return Legal()
    return Illegal(RULE, f"{uid} moved across {label(rules, a)}/{label(rules, b)}, a hexside temporarily bridged by "
                   f"the enemy (engineer {bridge.engineer}): enemy units cannot use a temporary bridged hexside for movement")


def bridged_cost(rules: FireAndMovement, state: GameState, bridge: Crossing, a: Hex, b: Hex, mobility: str) -> Cost:
    """AAC 11.2: a friendly temporary bridge makes the river hexside a bridge for movement, 'including connecting
    with a road' (the road rate where the map's road runs through the hexside); not checkable while the
    engineer's range is unknown."""
    reach = rules.in_range(state, bridge.engineer, (a, b))
    if isinstance(reach, Unknown):
        return reach
    rate = thoroughfare_rate(rules, a, b, mobility)
    return hex_cost(rules, b, mobility) if rate is False else rate


# -- AAC 11.0: no intact bridges, no repairs (AAC-4) ------------------------------------------------

def river_kinds(rules: FireAndMovement, a: Hex, b: Hex) -> frozenset[str] | None:
    """The hexside features of ``a``/``b`` when it is a surveyed river hexside, else ``None``."""
    if a.distance(b) != 1 or rules.terrain.of(a) is None or rules.terrain.of(b) is None:
        return None
    kinds = frozenset(f.kind for f in rules.terrain.features(a, b))
    return kinds if "river" in kinds else None


@rule("AAC 11.0", "AAC-4", "no intact bridges: every river hexside is crossed as a river; a printed bridge is "
      "demolished and a road does not carry a unit over the river")
def unbridged_cost(rules: FireAndMovement, a: Hex, b: Hex, mobility: str) -> Cost:
    """AAC 11.0 (L576): 'There are no intact bridges spanning any river hexside.' The step over the river hexside
    ``a``/``b`` costs the hex entered plus every hexside cost but a printed bridge's (F&M 5.4).

    Decision: bridges stand where roads cross rivers (F&M 8.2.2, L436); all of them are demolished, so a road
    through a river hexside gives no road rate (F&M 5.4.1) across it."""
    h = hex_cost(rules, b, mobility)
    if h is None or isinstance(h, Unknown):
        return h
    total = h
    for k in sorted(f.kind for f in rules.terrain.features(a, b) if f.kind not in PRINTED_BRIDGES):
        c = cell_cost(rules, k, mobility)
        if c is None or isinstance(c, Unknown):
            return c
        total += c
    return total


@rule("AAC 11.0", "AAC-4", "neither player may repair bridges")
def declare_repair(rules: FireAndMovement, ch: Judge, index: int, la: str, lb: str, uid: str | None) -> None:
    """AAC 11.0 (L576): 'Neither player may repair bridges.' Every repair declaration is illegal, whoever makes
    it and wherever (the temporary bridge procedure does not repair either, L613)."""
    by = f" by {uid}" if uid else ""
    ch.say(index, Illegal(NO_BRIDGES, f"repair of the bridge {la}/{lb}{by}: neither player may repair bridges in "
                          "Aachen (all were demolished before the scenario)"))


def lost_bridge(rules: FireAndMovement, state: GameState, uid: str, a: Hex, b: Hex) -> tuple[str, str] | None:
    """(rule, why) when the step ``a`` -> ``b`` crossed a river hexside whose bridge did not carry ``uid``: its
    side's temporary bridge there had been removed (AAC 11.2), or a printed or road bridge there is demolished
    (AAC 11.0); ``None`` otherwise."""
    if a.distance(b) != 1:
        return None
    where = f"{label(rules, a)}/{label(rules, b)}"
    c = crossing(state, Hexside.between(a, b))
    if c is not None and c.bridge == "removed" and c.side == state.side(uid):
        return RULE, f"the temporary bridge {where} no longer stood ({c.why}), so {uid} crossed a river"
    kinds = river_kinds(rules, a, b)
    if kinds is not None and standing(state, a, b) is None and (
            kinds & PRINTED_BRIDGES or rules.terrain.connections(a, b) & set(ROADS)):
        return NO_BRIDGES, (f"the bridge at {where} is demolished (no intact bridges, none repaired), so {uid} "
                            "crossed a river")
    return None
