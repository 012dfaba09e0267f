"""HTTR headquarters out of supply (SR 13.2.7-13.2.7.1): an HQ that cannot trace a valid supply path in its side's
Command Phase is marked OOS until the next Command Phase re-assesses it, and 'may not perform OF until it has been put
back in supply' (L730).

The log shows the assessment as the position in that Command Phase: :func:`on_event` keeps the position of each
side's last Command Phase, and :func:`check_oos` asks the system's supply answer (``rules.supplied``, the chain of SR
13.2) about the HQ on it when the HQ declares OF. Readings: the OOS marker itself is not read (the referee decides
supply from the position, as the players must); an HQ not on the map in that Command Phase was not assessed, so it
carries no marker (an arrival is supplied, ScR 5.1.3.9); before the supply rules' first GT every HQ is in supply (ScR
5.2); an HQ of a side whose Command Phase the log has not shown since the supply rules began is not checkable.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import Event
from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.supply_rules import before_supply_rules
from hexforge.rules.httr.units import formation_hq
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


@dataclass(slots=True)
class OosLog:
    """Each side's last Command Phase seen: side -> (its game turn, the position then); answers asked of it."""

    assessed: dict[str | None, tuple[int | None, GameState]] = field(default_factory=dict)
    answers: dict[tuple[str, int | None], tuple[bool | None, str]] = field(default_factory=dict)


class Position(Board, Protocol):
    rules: RulesSystem
    oos: OosLog


def on_event(p: Position, log: OosLog, _e: Event) -> list[Verdict]:
    """Every event of a side's Command Phase updates that side's assessment position (the last one the phase shows:
    nothing moves in it, SR 4.1)."""
    kind, side = p.phase()
    if kind == "command":
        log.assessed[side] = (p.state.turn, p.state)
    return []


def status(p: Position, log: OosLog, hq: str) -> tuple[bool | None, str]:
    """(marked OOS?, why) for ``hq`` as its side's last Command Phase assessed it (None: not known)."""
    side = p.state.side(hq)
    early = before_supply_rules(p.game, p.state.turn)
    if early is True:
        return False, "every unit is in supply before the supply rules begin (ScR 5.2)"
    if isinstance(early, Unknown):
        return None, f"whether HQ {hq} was marked out of supply ({early.needs})"
    if side not in log.assessed:
        return None, f"whether HQ {hq} was marked out of supply (the {side} Command Phase's supply assessment: the " \
            "log shows no Command Phase of its side)"
    turn, then = log.assessed[side]
    if before_supply_rules(p.game, turn) is True:
        return False, f"{hq} was assessed in GT {turn}, before the supply rules begin (ScR 5.2)"
    if then.where(hq) is None:
        return False, f"{hq} was not on the map in its side's last Command Phase (GT {turn}): no OOS marker"
    key = (hq, turn)
    if key not in log.answers:
        got = p.rules.supplied(then, hq)
        gap = missing(p.game, then, hq) if got.supplied is False else None
        reason = got.reason if gap is None else f"{gap}; the chain answers: {got.reason}"
        if got.supplied is None or gap is not None:
            log.answers[key] = (None, f"whether HQ {hq} could trace a supply path in GT {turn}'s Command Phase "
                                f"({reason.removeprefix('not checkable: ')})")
        else:
            log.answers[key] = (not got.supplied, reason)
    return log.answers[key]


def missing(game: Game, state: GameState, hq: str) -> str | None:
    """What an HQ's out-of-supply answer rests on that the data does not give, else None: an HQ of its chain (by
    units.csv formation, up to its corps HQ) standing in an unsurveyed hex, or a formation naming no unit. Reading:
    such a 'no path' says only that the chain could not be traced on the data."""
    seen, uid = set(), hq
    while uid in game.units and uid not in seen:
        seen.add(uid)
        at = state.where(uid)
        if at is not None and not game.map.terrain.surveyed(at):
            return f"the terrain of {game.map.labels[at]} (unsurveyed), where {uid} traces its supply path from"
        unit = game.units[uid]
        up = unit.formation.strip()
        if unit.size.strip().lower() == "corps" or not up:
            return None
        above = formation_hq(game, up)
        if above is None:
            return (f"the HQ above {uid} (units.csv formation {up!r} names no unit of the game, nor does game.toml "
                    "[special.formation_hqs] map it to one)")
        uid = above
    return None


@rule("HTTR SR 13.2.7.1", "OF-10", "an HQ marked out of supply in its side's Command Phase performs no OF until it "
      "is back in supply")
def check_oos(p: Position, hq: str) -> Verdict:
    """An OF declaration by ``hq`` (an HQ): illegal while the last Command Phase of its side left it out of supply."""
    marked, why = status(p, p.oos, hq)
    if marked is None:
        return NotCheckable(why)
    if marked:
        return Illegal("HTTR SR 13.2.7.1", f"{hq} was out of supply at its side's last Command Phase ({why}): an HQ "
                       "marked OOS may not perform opportunity fire until it is back in supply")
    return Legal()
