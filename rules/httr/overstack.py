"""HTTR overstacking (SR 11.2.3, 11.4.3): when a hex holds more SP than its stacking limit, even for a moment, every
unit in it becomes disrupted (by the end of the phase); if the overstack persists at the end of the phase, units
must have been displaced; a unit that begins a phase overstacked moves one hex at most in it.

An overstack is seen after each move or entry into a hex (a voluntary one is illegal as well, SR 11.2.2: the
step judge says so); every unit in the hex while it is overstacked is disrupted, those already there and those that
enter it later in the phase while it still is (a later serial landing on it, ScR 6.6.6.4).

Reading: "at the end of movement" is read as the end of the phase in which the hex became overstacked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.movement import Movement
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, NotCheckable, Tri, Verdict


class Position(Protocol):
    game: Game
    state: GameState


def overstacked(game: Game, state: GameState, h: Hex) -> Tri:
    """More SP in ``h`` than its TEC stacking limit (SR 11.2.1; leaders and static units do not count)?"""
    units = [u for u in state.at(h) if is_kind(game, u, "leader", "static") is not True]
    if not units:
        return False
    v = Movement(game, state, units[0]).over_limit(h)
    return True if isinstance(v, Illegal) else None if isinstance(v, NotCheckable) else False


@dataclass
class Overstacks:
    """This phase's overstacked hexes: hex -> (the event that overstacked it, the units then in it)."""

    seen: dict[Hex, tuple[int, tuple[str, ...]]] = field(default_factory=dict)

    def after(self, game: Game, state: GameState, index: int, at: Hex | None) -> None:
        """A unit moved or entered into ``at``: note the hex if it is now overstacked, and every unit then in it
        (one entering a hex already overstacked as well, SR 11.2.3 "all units in the hex"; ScR 6.6.6.4 a later
        serial's units); the event kept is the one that first overstacked it."""
        if at is None or overstacked(game, state, at) is not True:
            return
        first, units = self.seen.get(at, (index, ()))
        self.seen[at] = (first, units + tuple(u for u in state.at(at) if u not in units))

    def disrupts(self, uid: str) -> bool:
        """Was ``uid`` in a hex overstacked this phase (its disruption is then the overstack's, SR 11.2.3)?"""
        return any(uid in units for _, units in self.seen.values())

    @rule("HTTR SR 11.2.3", "STK-3", "an overstack disrupts every unit in the hex; if it persists at the end of "
          "movement, units are displaced one hex")
    def end_phase(self, p: Position) -> list[tuple[int, Verdict]]:
        """At the phase's end: each unit of an overstacked hex is disrupted, and no hex is overstacked still."""
        out: list[tuple[int, Verdict]] = []
        for h, (index, units) in sorted(self.seen.items(), key=lambda x: x[1][0]):
            label = p.game.map.labels.get(h, repr(h))
            calm = [u for u in units if p.state.where(u) is not None and not mem.has(p.state, u, "disrupted")
                    and is_kind(p.game, u, "leader") is not True]
            if calm:
                out.append((index, Illegal("HTTR SR 11.2.3", f"{label} was overstacked: every unit in it becomes "
                                           f"disrupted, but {', '.join(calm)} is not")))
            if overstacked(p.game, p.state, h) is True:
                out.append((index, Illegal("HTTR SR 11.2.3", f"{label} is still overstacked at the end of the phase: "
                                           "the fewest units needed are displaced one hex")))
        self.seen.clear()
        return out


@rule("HTTR SR 11.4.3", "STK-3", "a unit that begins a phase overstacked has an MA of one hex in it")
def began_overstacked(game: Game, start: GameState, uid: str) -> bool:
    h = start.where(uid)
    return h is not None and overstacked(game, start, h) is True
