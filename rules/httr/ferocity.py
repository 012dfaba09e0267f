"""HTTR optional Allied Ferocity (ScR 15.5), on with the setting ``optional_ferocity``: when an Irish Guards
company first takes a strength point loss from fire or CA, every IG unit has morale 10, regardless of losses,
until the end of the next game turn (15.5.1); units of the 82nd Airborne making its first assault crossing of the
Waal have morale 10 for that game turn (15.5.2).

The game's ``[special.ferocity]``: ``irish`` (the formations whose units are marked IG), ``waal`` (the formations
of 15.5.2, e.g. the 82nd Airborne's).

Readings: a fire loss is a fire result of one or more SP on a known unit (``effects.after_result``). CA losses are
not logged, so once an IG unit was in a close action before any fire loss, when the ferocity began is not known
and a morale check it would decide is not checkable. The Waal's assault crossings are not read from the log: a
check of a ``waal`` unit that morale 10 would pass is not checkable.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.builder.timeline import Event
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import NotCheckable

SETTING = "optional_ferocity"  # catalogue.READINGS
DATA = "ferocity"  # game.toml [special.ferocity]
MORALE = 10  # ScR 15.5.1-15.5.2 (L1499-L1500): 'raised to 10 regardless of losses'


class Position(Protocol):
    game: Game
    state: GameState
    ca: CaLog
    readings: dict[str, str]


@dataclass
class Ferocity:
    """The GT of the first fire loss of an IG unit, and of the first close action one was in before it."""

    since: int | None = None
    ca_since: int | None = None


def formations(game: Game, key: str) -> list[str] | None:
    data = plain((game.info.special or {}).get(DATA))
    return None if data is None or key not in data else list(data[key])


def is_irish(p: Position, uid: str) -> bool | None:
    irish = formations(p.game, "irish")
    return None if irish is None else belongs(p.game, uid, irish)


def on_loss(p: Position, log: Ferocity, uid: str) -> None:
    """A fire result took SP from ``uid`` (called by ``effects.after_result``)."""
    if p.readings.get(SETTING) == "on" and log.since is None and p.state.turn is not None and is_irish(p, uid):
        log.since = p.state.turn


def on_event(p: Position, log: Ferocity, e: Event) -> list:
    """Notes the first close action an IG unit is in before any fire loss (its losses are not logged)."""
    if p.readings.get(SETTING) == "on" and log.since is None and log.ca_since is None and p.state.turn is not None:
        if any(is_irish(p, u) for u in p.ca.involved if u in p.game.units):
            log.ca_since = p.state.turn
    return []


@rule("HTTR ScR 15.5.1-15.5.2", "OPT-6", "with Ferocity on, IG units have morale 10 from the first IG loss to the end "
      "of the next GT; 82nd units in the first Waal assault crossing for that GT")
def raised(p: Position, log: Ferocity, uid: str) -> bool | NotCheckable:
    """Whether ``uid`` checks morale at 10 now; NotCheckable when that depends on what the log does not show."""
    if p.readings.get(SETTING) != "on":
        return False
    turn = p.state.turn
    irish, waal = is_irish(p, uid), formations(p.game, "waal")
    if irish is None or waal is None:
        return NotCheckable(f"which units are Irish Guards and 82nd Airborne (game.toml [special.{DATA}] irish, "
                            "waal), ScR 15.5")
    if irish and turn is not None:
        if log.ca_since is not None and (log.since is None or log.ca_since < log.since):
            return NotCheckable(f"whether an IG unit lost a SP in its close action of GT {log.ca_since} (CA losses "
                                "are not logged), ScR 15.5.1")
        if log.since is not None and log.since <= turn <= log.since + 1:
            return True
    if belongs(p.game, uid, waal):
        return NotCheckable(f"whether {uid} is in the 82nd's first assault crossing of the Waal this GT (the "
                            "Waal's crossings are not read), ScR 15.5.2")
    return False
