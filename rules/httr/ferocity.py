"""HTTR optional Allied Ferocity (ScR 15.5), on with the setting ``optional_ferocity``: when an Irish Guards
company first takes a strength point loss from fire or CA, every IG unit has morale 10, regardless of losses,
until the end of the next game turn (15.5.1); units of the 82nd Airborne making its first assault crossing of the
Waal have morale 10 for that game turn (15.5.2).

The game's ``[special.ferocity]``: ``irish`` (the formations whose units are marked IG), ``waal`` (the formations
of 15.5.2, e.g. the 82nd Airborne's), ``waal_river`` (the name of the Waal's hexsides in terrain.toml).

Readings: a fire loss is a fire result of one or more SP on a known unit (``effects.after_result``). CA losses are
not logged, so once an IG unit was in a close action before any fire loss, when the ferocity began is not known
and a morale check it would decide is not checkable. An assault crossing of the Waal is a ``waal`` unit's move
across an unbridged Waal hexside (unbridged water is crossed only by bridge engineers' ferrying, ScR 9.1, which
the movement checks judge); the units 'participating in the assault' are those that cross in that first GT, each
from its crossing to the end of the GT.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from hexforge.builder.timeline import Event, Move
from hexforge.games.game import Game
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.httr.thoroughfares import BRIDGES
from hexforge.rules.registry import rule
from hexforge.rules.verdict import NotCheckable

SETTING = "optional_ferocity"  # catalogue.READINGS
DATA = "ferocity"  # game.toml [special.ferocity]
MORALE = 10  # ScR 15.5.1-15.5.2 (L1499-L1500): 'raised to 10 regardless of losses'


class Position(Board, Protocol):
    ca: Any  # close_action.CaLog (.involved), not imported: close_action reads morale.py, which reads this
    readings: dict[str, str]


@dataclass
class Ferocity:
    """The GT of the first fire loss of an IG unit, and of the first close action one was in before it."""

    since: int | None = None
    ca_since: int | None = None
    waal_turn: int | None = None  # the GT of the first assault crossing of the Waal (ScR 15.5.2)
    assault: set[str] = field(default_factory=set)  # the units that crossed in it


def formations(game: Game, key: str) -> list[str] | None:
    data = game.special(DATA)
    return None if data is None or key not in data else list(data[key])


def is_irish(p: Position, uid: str) -> bool | None:
    irish = formations(p.game, "irish")
    return None if irish is None else belongs(p.game, uid, irish)


def on_loss(p: Position, log: Ferocity, uid: str) -> None:
    """A fire result took SP from ``uid`` (called by ``effects.after_result``)."""
    if p.readings.get(SETTING) == "on" and log.since is None and p.state.turn is not None and is_irish(p, uid):
        log.since = p.state.turn


def on_event(p: Position, log: Ferocity, e: Event) -> list:
    """Notes the first close action an IG unit is in before any fire loss (its losses are not logged), and the
    units of the first assault crossing of the Waal."""
    if p.readings.get(SETTING) != "on" or p.state.turn is None:
        return []
    if log.since is None and log.ca_since is None:
        if any(is_irish(p, u) for u in p.ca.involved if u in p.game.units):
            log.ca_since = p.state.turn
    uid = p.unit(e) if isinstance(e, Move) else None
    waal = formations(p.game, "waal")
    if uid is None or waal is None or not belongs(p.game, uid, waal) or log.waal_turn not in (None, p.state.turn):
        return []
    if crosses_waal(p, e, uid):
        log.waal_turn = p.state.turn
        log.assault.add(uid)
    return []


def waal_river(game: Game) -> str | None:
    """The Waal's hexside name, when the data names it and terrain.toml has hexsides of that name."""
    data = game.special(DATA) or {}
    name = data.get("waal_river")
    known = any(f.name == name for fs in game.map.terrain.hexsides.values() for f in fs)
    return str(name) if name and known else None


def crosses_waal(p: Position, e: Move, uid: str) -> bool:
    """Whether the move crosses an unbridged hexside of the Waal."""
    name, start = waal_river(p.game), p.state.where(uid)
    if name is None or start is None or e.to_hex is None:
        return False
    steps = [start] + [h for h in (p.hex(x) for x in (e.path or (e.to_hex,))) if h is not None]
    for a, b in zip(steps, steps[1:]):
        feats = p.game.map.terrain.features(a, b)
        if any(f.name == name for f in feats) and not any(f.kind in BRIDGES for f in feats):
            return True
    return False


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
        if waal_river(p.game) is None:
            return NotCheckable(f"whether {uid} is in the 82nd's first assault crossing of the Waal this GT (the Waal's "
                                "hexsides: terrain.toml hexsides named as [special.ferocity] waal_river), ScR 15.5.2")
        return uid in log.assault and turn == log.waal_turn
    return False


def raised_for(p: Any, uid: str) -> bool | NotCheckable:
    """:func:`raised` on anything with ``game`` and ``state`` (``morale.for_check``'s position): False where ``p``
    holds no Ferocity log or no settings (a movement judge without the referee: the rule is not followed there)."""
    log = getattr(p, "ferocity", None)
    return raised(p, log, uid) if isinstance(log, Ferocity) and isinstance(getattr(p, "readings", None), dict) \
        else False
