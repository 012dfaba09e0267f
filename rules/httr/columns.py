"""HTTR stacks moving on roads (SR 9.6.4-9.6.8, 11.3.5-11.3.7): at most two Travel units, or two leg units at
the road rate, in one moving stack; concentrated leg road-movers never pass or stop where more than two leg
units would be; never more than 8 SP in Travel Mode in a hex; a Travel unit stops on entering a hex of other
Travel units along a thoroughfare.

A moving stack is what one drag moves: the units a log step moves from one hex along one path
(:class:`Drag`). A move breaking a road limit is judged twice: first with the road rate denied where a limit
forbids it, then, if that finds no route, as if it were allowed; a route found only then is illegal, citing
the limit (the closest illegal try would only blame the MA).

Readings: "on a road" (9.6.5) is read as using the road rate; a dismounted motorized unit counts as a leg unit
(9.6.8); leaders and static units are never counted.
"""
from __future__ import annotations

from typing import Protocol

from hexforge.builder.timeline import Move
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.movement_class import moves_now
from hexforge.rules.httr.thoroughfares import THOROUGHFARES, links
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

TRAVEL_UNITS = 2  # SR 9.6.5 / 11.3.5 (L518, L665)
TRAVEL_SP = 8.0  # SR 9.6.5 / 11.3.6 (L518, L666)
LEG_ROAD_UNITS = 2  # SR 9.6.7 / 11.3.7 (L520, L667)


class Mover(Protocol):
    game: Game
    state: GameState
    uid: str
    companions: tuple[str, ...]

    def label(self, h: Hex) -> str: ...

    def strength_at(self, h: Hex, travel: bool = False) -> float | Unknown: ...


class Drag:
    """The moving stack of the current drag: units moved by one log step from one hex along one path."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.units: list[str] = []

    def join(self, e: Move, uid: str) -> tuple[str, ...]:
        """The units that moved before ``uid`` in its drag (its companions), ``uid`` joining them."""
        key = (e.step, e.from_hex, e.path or (e.to_hex,))
        if key != self.key:
            self.key, self.units = key, []
        before = tuple(u for u in self.units if u != uid)
        self.units.append(uid)
        return before


def is_leg(game: Game, state: GameState, uid: str) -> bool:
    """A leg unit for SR 9.6.7: one moving as a leg unit now (``movement_class``: dismounted, 9.6.8); never a
    leader or a static unit."""
    if is_kind(game, uid, "leader", "static"):
        return False
    return moves_now(game, state, uid) == "leg"


@rule("HTTR SR 9.6.5 / 9.6.7 / 11.3.5 / 11.3.7", "MOV-17/MOV-20", "at most two Travel units, or two leg units at "
      "the road rate, in a moving stack; a concentrated leg unit at the road rate never passes or stops where more "
      "than two leg units would be")
def road_barred(m: Mover, b: Hex) -> Illegal | None:
    """Why the unit may not use the road rate into ``b`` (None: it may)."""
    mode = mem.mode(m.state, m.uid)
    if mode == "travel":
        travel = [u for u in m.companions if mem.mode(m.state, u) == "travel"]
        if len(travel) >= TRAVEL_UNITS:
            return Illegal("HTTR SR 9.6.5", f"{m.uid} would be the third unit in Travel Mode of a stack moving "
                           f"on a road (with {', '.join(travel)})")
        return None
    if mode != "concentrated" or not is_leg(m.game, m.state, m.uid):
        return None
    legs = [u for u in m.companions if is_leg(m.game, m.state, u)  # SR 9.4.1.2: one in Defilade has no road rate
            and mem.mode(m.state, u) != "defilade"]
    if len(legs) >= LEG_ROAD_UNITS:
        return Illegal("HTTR SR 9.6.7", f"{m.uid} would be the third leg unit of a stack moving at the road rate "
                       f"(with {', '.join(legs)})")
    there = [u for u in m.state.at(b) if u != m.uid and m.state.side(u) == m.state.side(m.uid)
             and mem.mode(m.state, u) == "concentrated" and is_leg(m.game, m.state, u)]
    if len(there) + 1 > LEG_ROAD_UNITS:
        return Illegal("HTTR SR 11.3.7", f"{m.uid} would pass or stop at the road rate in {m.label(b)}, where "
                       f"concentrated leg units {', '.join(there)} already are (more than two)")
    return None


@rule("HTTR SR 9.6.6 / 11.3.5", "MOV-19", "a Travel unit never moves through other Travel units along a "
      "thoroughfare: it stops on entering their hex")
def must_stop(m: Mover, a: Hex, b: Hex) -> bool:
    """Does the step from ``a`` into ``b`` end the unit's move (SR 9.6.6)? Judged on the next step."""
    if mem.mode(m.state, m.uid) != "travel" or not links(m.game, a, b) & THOROUGHFARES:
        return False
    return any(u != m.uid and mem.mode(m.state, u) == "travel" for u in m.state.at(b))


@rule("HTTR SR 9.6.5 / 11.3.6", "MOV-18", "never more than 8 SP in Travel Mode in a hex at one time")
def travel_room(m: Mover, b: Hex, mine: float) -> Verdict:
    if mem.mode(m.state, m.uid) != "travel":
        return Legal()
    here = m.strength_at(b, travel=True)
    if isinstance(here, Unknown):
        return NotCheckable(here.needs)
    if here + mine > TRAVEL_SP:
        return Illegal("HTTR SR 9.6.5", f"{m.uid} would make {here + mine:g} SP in Travel Mode in {m.label(b)} "
                       f"(at most {TRAVEL_SP:g})")
    return Legal()

