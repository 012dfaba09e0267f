"""HTTR first-turns movement allowance of the German units that start on the map (ScR 8.1.5, 24.1.4, 24.3.1): unit
by unit, a Movement Allowance roll — 1d6 on GT 1 and 2, 2d6 on GT 3 — gives each one its MA for its Movement
Phase; reinforcements move normally.

Data: ``[special.start_ma]``: ``side`` and ``dice`` (GT -> number of d6). The roll is the data's button of purpose
``movement-allowance``; it belongs to the next start unit that moves, or, after the chat line ``ma UNIT`` (README,
HTTR chat grammar), to that unit. A roll an ``ma`` line gave to anyone else (an HQ's or another unit's MA for want
of CP, SR 13.2.7.5-7, rules/httr/cp_ma.py) is that rule's and never a start unit's: one roll is one MA.
Reading: the MA rolled is the unit's whole
allowance that phase (its MP are the movement rules' count), and the rule binds its Movement Phase (Reaction
Phase moves have their own two- and four-hex limits).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import ChatLine, DiceRoll, Event, Move, Placement, TurnChange
from hexforge.games.game import Game
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, Verdict

DATA = "start_ma"  # game.toml [special.start_ma]


class Position(Board, Protocol):
    moves: dict  # unit -> its move so far this phase (movement.Step: mp, hexes)


@dataclass
class StartMa:
    """The units that began on the map, the unit an ``ma`` line named for the next roll, the roll awaiting its unit,
    each unit's MA this phase (with the event that gave it)."""

    starters: frozenset[str] = frozenset()
    declared: str | None = None  # the ``ma`` line's unit or HQ, until the next roll
    pending: tuple[int, int, str | None] | None = None  # (dice, total, the start unit it was declared for)
    given: dict[str, tuple[int, int]] = field(default_factory=dict)  # unit -> (event index, MA)

    @classmethod
    def set_up(cls, setup: tuple[Placement, ...]) -> StartMa:
        return cls(frozenset(p.piece.unit for p in setup if p.hex is not None and p.piece.unit))


def dice_due(game: Game, turn: int | None) -> int | None:
    rows = (game.special(DATA) or {}).get("dice") or {}
    return rows.get(str(turn)) if turn is not None else None


def on_event(p: Position, log: StartMa, index: int, e: Event) -> list[tuple[int, Verdict]]:
    """(event index, verdict) pairs of ScR 8.1.5 on one event (before the referee's other checks)."""
    cfg = p.game.special(DATA) or {}
    if not cfg:
        return []
    if isinstance(e, ChatLine):
        d = parse(e.text)
        log.declared = d.target if d is not None and d.kind == "ma" and d.target in p.game.units else log.declared
        return []
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        if button is not None and button.purpose == "movement-allowance":
            whose, log.declared = log.declared, None
            if whose is None or whose in log.starters:  # else the ma line's (SR 13.2.7.5-7): not a start MA
                log.pending = (len(e.values), e.total if e.total is not None else sum(e.values), whose)
        return []
    if isinstance(e, TurnChange):
        out = [(i, v) for i, v in over_ma(p, log)]
        log.pending, log.given, log.declared = None, {}, None
        return out
    uid = p.unit(e)
    kind, side = p.phase()
    due = dice_due(p.game, p.state.turn)
    if not isinstance(e, Move) or uid not in log.starters or due is None or kind != "movement" \
            or side != cfg.get("side") or p.state.side(uid) != side or uid in log.given or e.to_hex is None:
        return []
    return [(index, judge_roll(p, log, index, uid, int(due)))]


@rule("HTTR ScR 8.1.5 / 24.1.4 / 24.3.1", "RES-2", "German units that start on the map roll their MA unit by unit: "
      "1d6 on GT 1-2, 2d6 on GT 3")
def judge_roll(p: Position, log: StartMa, index: int, uid: str, due: int) -> Verdict:
    pending = log.pending
    if pending is not None and pending[2] not in (None, uid):
        pending = None  # declared for another start unit: it waits for that unit
    else:
        log.pending = None
    if pending is None:
        return Illegal("HTTR ScR 8.1.5", f"{uid} started on the map and moves in GT {p.state.turn} without its own "
                       "Movement Allowance roll")
    if pending[0] != due:
        return Illegal("HTTR ScR 8.1.5", f"{uid}'s MA is rolled on {pending[0]}d6 in GT {p.state.turn}: it is {due}d6")
    log.given[uid] = (index, pending[1])
    return Legal(detail=f"{uid}'s MA this phase is {pending[1]} (ScR 8.1.5)")


def over_ma(p: Position, log: StartMa) -> list[tuple[int, Verdict]]:
    """RES-2 (``judge_roll``'s rule): at the phase's end, no start unit spent more MP than its roll."""
    out = []
    for uid, (index, ma) in log.given.items():
        spent = p.moves.get(uid)
        if spent is not None and spent.mp > ma:
            out.append((index, Illegal("HTTR ScR 8.1.5", f"{uid} spent {spent.mp:g} MP on a rolled MA of {ma}")))
    return out
