"""HTTR major-city supply sources (ScR 5.1.2, 5.1.5.1): the 30th Corps source is only its supply train (D0119)
until 30th Corps ground units have moved through a major city; from then on a non-airborne division HQ may also
trace to that city, if the city itself is still connected back to the train. Which corps, which formation's units
activate and which cities are ``game.toml [special.city_sources]``; the cities' hexes are terrain.toml places.

Readings: a division HQ traces to an activated city as to its corps HQ (up to 18 MP, SR 13.2.4.1); the city is
connected when the corps HQ standing there would trace to the train along roads (SR 13.2.3.1).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Protocol

from hexforge.builder.timeline import Event, Move
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.sources import Source, sources
from hexforge.rules.httr.supply import HttrSupply, Status
from hexforge.rules.httr.units import formation_names
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem

CITIES = "city_sources"


@dataclass(slots=True)
class CityLog:
    """The cities the corps's ground units have moved through."""

    activated: set[str] = field(default_factory=set)


class Position(Board, Protocol):
    rules: RulesSystem
    cities: CityLog


def settings(game: Game) -> dict:
    got = game.special(CITIES)
    return got if isinstance(got, dict) else {}


def places(game: Game) -> dict[str, frozenset[Hex] | None]:
    names = settings(game).get("places") or ()
    return {p.name: p.hexes for p in game.map.terrain.places if p.name in names}


def seen(p: Position, e: Event) -> None:
    """A ground unit of the formation moving through a city activates it (ScR 5.1.2)."""
    cfg = settings(p.game)
    uid = getattr(getattr(e, "piece", None), "unit", None)
    if not cfg or not isinstance(e, Move) or uid not in p.game.units:
        return
    if cfg.get("formation") not in formation_names(p.game, uid):
        return
    hexes = {p.hex(x) for x in (*e.path, e.to_hex)} - {None}
    p.cities.activated |= {name for name, at in places(p.game).items() if at and hexes & at}


def division_supplied(p: Position, hq: str) -> Status:
    """The HQ's supply: the system's chain, which reads the cities the referee saw activated (:func:`via_city`)."""
    return p.rules.supplied(p.state, hq)


@rule("HTTR ScR 5.1.2 / 5.1.5.1", "SUP-14", "the 30th Corps source is only its train until a major city is activated "
      "by 30th Corps ground units moving through it; a division HQ then also traces to the city, while it is "
      "connected to the train")
def via_city(game: Game, scenario: str | None, state: GameState, uid: str, activated: Collection[str], *,
             travel: frozenset[str] = frozenset(), disrupted: frozenset[str] = frozenset(),
             parents: dict[str, str] | None = None) -> Status | None:
    """``uid``'s supply chain when each non-airborne division HQ under the corps HQ may trace to an activated city
    instead (up to 18 MP, as to its corps HQ, SR 13.2.4.1), a city that is connected to the train (the corps HQ
    standing there would trace to it along roads, SR 13.2.3.1): supplied, or not known when only a city whose hexes
    the data lacks could supply it (whether units moved through it cannot be known either); None when no city
    supplies it. ``parents``: the units' controlling HQs (attachments). Reading: an airborne division HQ (one with a
    supply head, ScR 5.1.3.1), or one whose formation is not known, never traces to a city (ScR 5.1.2:
    'non-airborne divisional headquarters')."""
    corps, side = settings(game).get("corps"), state.side(uid) or ""
    if corps not in game.units or game.units[corps].side != side:
        return None
    own, cities = sources(game, side, scenario, state.turn, state), places(game)
    linked = sorted(name for name in activated if cities.get(name) and HttrSupply(
        game, state.place(corps, min(cities[name], key=lambda h: game.map.labels[h])), own).corps(corps).supplied)
    unknown = sorted(name for name, at in cities.items() if at is None)
    if not linked and not unknown:
        return None
    chain = HttrSupply(game, state, own, parents=dict(parents or {}))
    divisions = [d for d in state.positions if chain.level(d) == "division" and chain.parent(d) == corps
                 and chain.airborne(d) is False]
    if not divisions:
        return None

    def through(held: str, hexes: frozenset[Hex] | None) -> Status:
        src = Source(held, side, hexes, held, "HTTR ScR 5.1.2")
        return HttrSupply(game, state, [*own, src], travel=travel, disrupted=disrupted,
                          parents={**(parents or {}), **{d: held for d in divisions}}).status(uid)
    if linked:
        held = f"the activated cities {', '.join(linked)}"
        got = through(held, frozenset().union(*(cities[name] or () for name in linked)))
        if got.supplied is True:
            return Status(True, f"ScR 5.1.2: {uid}'s division HQ traces to {held}, connected to the supply train "
                          f"({got.reason})", got.via)
    if unknown and through(f"the major cities {', '.join(unknown)}", None).supplied is None:
        return Status(None, f"not checkable: whether {uid}'s division HQ traces to a major city 30th Corps units "
                      f"moved through (the hexes of {', '.join(unknown)}: terrain.toml places, ScR 5.1.2)")
    return None
