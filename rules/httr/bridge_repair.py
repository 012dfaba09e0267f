"""HTTR destroyed bridges repaired (ScR 9.6): a Destroyed Bridge marker taken off a bridge's end is the repair done:
bridge engineers in supply, of at least 4 SP, in a hex of either end for six consecutive complete GTs, with no
enemy unit in or next to either end at any point of it.

A unit of unknown type (units.csv) in an end hex may be one of the engineers: with too few SP known, not checkable.

Readings: the six GTs are counted back from the removal to the same phase six GTs before; the engineers' own moves,
mode changes and disruption break the work as for entrenchments (``entrench.Works``); enemy units are seen in or
next to an end after each of their moves in the log.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.engineer_functions import functions_lost, undisrupted
from hexforge.rules.httr.entrench import Works, first_turn
from hexforge.rules.httr.units import is_kind, number
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

REPAIR_SP = 4.0  # ScR 9.6.1 (L1397)
REPAIR_TURNS = 6  # ScR 9.6.1 (L1397)
Bridge = tuple[Hex, Hex]


class Position(Board, Protocol):
    rules: RulesSystem
    works: Works


@dataclass
class Approaches:
    """When a unit of each side was last in or next to an end of each bridge: bridge -> side -> (GT, phase)."""

    last: dict[Bridge, dict[str, tuple[int, int]]] = field(default_factory=dict)

    def seen(self, state: GameState, bridges: list[Bridge], uid: str) -> None:
        at, side = state.where(uid), state.side(uid)
        if at is None or side is None or state.turn is None or state.phase is None:
            return
        for br in bridges:
            if min(at.distance(h) for h in br) <= 1:
                self.last.setdefault(br, {})[side] = (state.turn, state.phase)


@rule("HTTR ScR 9.6.1-9.6.2", "FRY-6", "bridge engineers in supply, of 4 SP, in an end hex for six complete GTs with "
      "no enemy in or next to either end, repair a destroyed bridge")
def judge_repair(p: Position, approaches: Approaches, br: Bridge) -> Verdict:
    label = "/".join(p.game.map.labels.get(h, repr(h)) for h in br)
    if p.state.turn is None or p.state.phase is None:
        return NotCheckable("the phase (no turn tracker change yet)")
    start = (p.state.turn - REPAIR_TURNS, p.state.phase)
    there = sorted(u for h in br for u in p.state.at(h) if is_kind(p.game, u, "bridging_engineer"))
    crews = [u for u in undisrupted(p.state, there) if p.works.disturbed.get(u, (-1, -1)) < start]
    side = p.state.side(crews[0]) if crews else None
    strength = [number(p.game, u, "strength") for u in crews]
    bad = next((s for s in strength if isinstance(s, Unknown)), None)
    if bad is not None:
        return NotCheckable(bad.needs)
    total = sum(s for s in strength if not isinstance(s, Unknown))
    maybe = [u for h in br for u in undisrupted(p.state, p.state.at(h)) if is_kind(p.game, u, "bridging_engineer")
             is None and side in (None, p.state.side(u)) and p.works.disturbed.get(u, (-1, -1)) < start]
    if total < REPAIR_SP and maybe and start[0] >= first_turn(p.game):
        return NotCheckable(f"the type of unit {min(maybe)} (units.csv type: whether it is a bridge engineer "
                            f"repairing {label}, ScR 9.6.1: {REPAIR_SP:g} SP of them, {total:g} known)")
    if total < REPAIR_SP or start[0] < first_turn(p.game):
        return functions_lost(p.state, there, "repair a bridge") or Illegal(
            "HTTR ScR 9.6.1", f"the Destroyed Bridge marker is taken off {label} without bridge engineers of "
            f"{REPAIR_SP:g} SP in an end hex for {REPAIR_TURNS} complete GTs ({total:g} SP: "
            f"{', '.join(crews) or 'none'})")
    enemy = [when for s, when in approaches.last.get(br, {}).items() if s != side and when >= start]
    if enemy:
        return Illegal("HTTR ScR 9.6.2", f"an enemy unit came in or next to an end of {label} in GT {max(enemy)[0]}, "
                       "during its repair")
    if p.works.began is None or p.works.began > start:
        return NotCheckable(f"what {', '.join(crews)} and the enemy did before the log began (ScR 9.6.1: "
                            f"{REPAIR_TURNS} GTs of repair)")
    supply = [p.rules.supplied(p.state, u) for u in crews]
    if any(s.supplied is False for s in supply):
        return Illegal("HTTR ScR 9.6.1", f"the engineers repairing {label} are out of supply")
    if any(s.supplied is None for s in supply):
        return NotCheckable(f"whether {', '.join(crews)} are in supply (ScR 9.6.1): "
                            f"{next(s.reason for s in supply if s.supplied is None)}")
    return Legal(detail=f"repaired by {', '.join(crews)} ({total:g} SP) over {REPAIR_TURNS} GTs (ScR 9.6.1)")
