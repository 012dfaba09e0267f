"""HTTR air routes (ScR 6.4.1-6.4.4, 6.5.1): the Allied player announces each serial's route and drop hex
(``drop HEX north|south``, rules/httr/declaration.py) before it lands. No air operation flies a route whose
weather is P (6.4.1: the last Weather roll's rating of that route on the Weather Conditions Table); on the first
day the maps of the data's northern route (A, B, D) take the northern one and Map C the southern (6.4.2); later
days keep that until the Maas and Nijmegen conditions (6.4.3-6.4.4) free a map.

Data: ``[special.air_routes]``: ``first_date`` and, per route, the map sheets bound to it.

Reading: those conditions (an Allied non-airborne unit in supply adjacent to the Maas; B3235 taken by one) need
the map's Maas hexes and the supply chain, so after the first day a serial on the other route is not checkable.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.builder.timeline import ChatLine, Event
from hexforge.rules.httr.airstrikes import Airstrikes
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "air_routes"  # game.toml [special.air_routes]


class Position(Board, Protocol):
    airstrikes: Airstrikes

    def calendar(self) -> dict[int, dict]: ...


@dataclass(frozen=True)
class Drop:
    """A declared serial: its drop hex (as written) and route."""

    hex: str
    route: str


def on_event(p: Position, e: Event) -> list[Verdict]:
    """A ``drop`` declaration's verdicts."""
    d = parse(e.text) if isinstance(e, ChatLine) else None
    if d is None or d.kind != "drop":
        return []
    return [judge_route(p, Drop(d.target, d.firers[0]))]


@rule("HTTR ScR 6.4.1-6.4.4", "AIR-3", "no serial flies a route of P weather; on the first day Maps A, B and D take "
      "the northern route and Map C the southern, later days until the Maas or Nijmegen is reached")
def judge_route(p: Position, d: Drop) -> Verdict:
    cfg = p.game.special(DATA) or {}
    rating = p.airstrikes.routes.get(d.route)
    if rating == "P":
        return Illegal("HTTR ScR 6.4.1", f"a serial flies the {d.route}ern route, whose weather is P: no air "
                       "operation is possible on it")
    bound = next((r for r in ("north", "south") if d.hex[:1] in cfg.get(r, ())), None)
    turn = p.state.turn
    date = p.calendar().get(turn, {}).get("date") if turn is not None else None
    if bound is None or date is None:
        return NotCheckable(f"the route Map {d.hex[:1]} is bound to on GT {turn} (game.toml [special.{DATA}], "
                            "[special.turn_calendar])")
    if bound == d.route:
        return Legal(detail=f"Map {d.hex[:1]} takes the {d.route}ern route (ScR 6.4.2)")
    if date == cfg.get("first_date"):
        return Illegal("HTTR ScR 6.4.2", f"a serial to {d.hex} flies the {d.route}ern route on {date}: units landing "
                       f"on Map {d.hex[:1]} use the {bound}ern route on the first day")
    return NotCheckable("whether an Allied non-airborne unit in supply has reached the Maas or taken the Nijmegen "
                        "bridge hex (ScR 6.4.3-6.4.4): the map's Maas hexes and the supply chain")
