"""HTTR Lt. Col. Frost's special movement (ScR 8.3.5, 6.6.5.2): in the data's turns (the first two), a 1d6 rolled
just before Frost moves adds its result to the MA of the units that move with him — his battalion's and at most
four other units of his division — but not to disrupted units; in their landing GT his battalion's units move on
one roll of three dice, plus one for Frost (rules/httr/landing_ma.py).

Data: ``[special.frost]``: ``leader`` (Frost's unit id), ``battalion`` (the formation whose units are his
battalion), ``turns`` (the GTs of the bonus). The roll is the data's button of purpose ``frost-bonus``.

Readings: the units moving with Frost are those moved in the log step (the drag) his move is in; the four other
units are the first four of his division in that drag; the movement rules count their MP against the MA plus the
bonus (``boost``), and an excess is this rule's (``covers``); a disrupted unit moves one hex (SR 9.5.3), so that
the bonus, which it would not get, never matters.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Event, Move, TurnChange
from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.movement import Movement, Step
from hexforge.rules.httr.units import division, formation_chain
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "frost"  # game.toml [special.frost]
PURPOSE = "frost-bonus"
OTHERS = 4  # ScR 8.3.5 (L1347): 'plus any four other divisional units'


class Position(Board, Protocol):
    moves: dict[str, Step]


@dataclass
class FrostMoves:
    """The bonus rolled and awaiting Frost's move, the log step of his move, and this phase's units moving with him
    (unit -> the bonus it may use, or why none)."""

    rolled: int | None = None
    step: int | None = None
    bonus: int = 0
    steps: dict[int, list[str]] = field(default_factory=dict)  # this phase's moves by log step
    group: dict[str, int | str] = field(default_factory=dict)


def settings(game: Game) -> dict:
    return game.special(DATA) or {}


def in_battalion(game: Game, uid: str, battalion: str) -> bool:
    return game.units[uid].formation == battalion or battalion in formation_chain(game, uid)


def on_event(p: Position, log: FrostMoves, e: Event) -> list[Verdict]:
    """ScR 8.3.5's verdicts on one event."""
    cfg = settings(p.game)
    if not cfg.get("leader"):
        return []
    if isinstance(e, TurnChange):
        log.rolled, log.step, log.steps, log.group = None, None, {}, {}
        return []
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        return [judge_roll(p, log, cfg, e.total if e.total is not None else sum(e.values))] \
            if button is not None and button.purpose == PURPOSE else []
    uid = p.unit(e)
    if not isinstance(e, Move) or uid is None:
        return []
    log.steps.setdefault(e.step, []).append(uid)
    if uid == cfg["leader"] and p.state.turn in (cfg.get("turns") or ()) and not p.channel.dice_for(PURPOSE) \
            and len(log.steps) == 1:
        return [NotCheckable(f"Frost's movement roll (a dice button of purpose {PURPOSE}, ScR 8.3.5)")]
    if uid == cfg["leader"] and log.rolled is not None and log.step is None:
        log.step, log.bonus, log.rolled = e.step, log.rolled, None
        for u in log.steps[e.step]:
            join(p, log, cfg, u)
    elif e.step == log.step:
        join(p, log, cfg, uid)
    return []


def join(p: Position, log: FrostMoves, cfg: dict, uid: str) -> None:
    """A unit moving with Frost: the bonus it may use, or why it has none."""
    if uid in log.group:
        return
    others = [u for u, b in log.group.items() if b == log.bonus and u != cfg["leader"]
              and not in_battalion(p.game, u, cfg.get("battalion", ""))]
    if uid == cfg["leader"] or in_battalion(p.game, uid, cfg.get("battalion", "")):
        log.group[uid] = log.bonus
    elif division(p.game, cfg["leader"]) is None:
        log.group[uid] = f"unknown: Frost's division ({cfg['leader']}'s formation in units.csv)"
    elif division(p.game, uid) != division(p.game, cfg["leader"]):
        log.group[uid] = "it is not of Frost's division"
    else:
        log.group[uid] = log.bonus if len(others) < OTHERS else f"{OTHERS} other units already move with Frost"


@rule("HTTR ScR 8.3.5", "MOR-6", "Frost's 1d6 MA bonus: in the first two turns, rolled just before he moves, for his "
      "battalion and at most four other divisional units moving with him, never disrupted ones")
def judge_roll(p: Position, log: FrostMoves, cfg: dict, total: int) -> Verdict:
    turns = cfg.get("turns") or ()
    if p.state.turn not in turns:
        return Illegal("HTTR ScR 8.3.5", f"Frost's movement roll in GT {p.state.turn}: his special movement applies "
                       f"in GT {', '.join(str(t) for t in turns)} only")
    kind, side = p.phase()
    if kind not in ("movement", "reaction") or side != p.state.side(cfg["leader"]):
        return Illegal("HTTR ScR 8.3.5", "Frost's movement roll outside his side's Movement or Reaction Phase: it is "
                       "made just before he and his units move")
    log.rolled = total
    return Legal(detail=f"Frost's units moving with him add {total} to their MA (ScR 8.3.5)")


def boost(log: FrostMoves, uid: str) -> type[Movement]:
    """The movement judge of a unit moving with Frost: its MA plus the bonus it may use (ScR 8.3.5)."""
    bonus = log.group.get(uid)
    if not isinstance(bonus, int) or not bonus:
        return Movement

    class WithFrost(Movement):
        def ma(self) -> float | Unknown:
            base = super().ma()
            return base if isinstance(base, Unknown) else base + bonus
    return WithFrost


def covers(log: FrostMoves, uid: str, v: Verdict) -> Verdict:
    """MOR-6 (``judge_roll``'s rule) on a move of a unit moving with Frost: an excess over its MA (SR 9.2.3) is
    one over its MA plus the bonus it may use, or it had none."""
    bonus = log.group.get(uid)
    if not isinstance(v, Illegal) or v.rule != "HTTR SR 9.2.3" or bonus is None:
        return v
    if isinstance(bonus, str) and bonus.startswith("unknown: "):
        return NotCheckable(bonus[len("unknown: "):])
    why = f"its MA includes Frost's bonus of {bonus}" if isinstance(bonus, int) else f"no Frost bonus: {bonus}"
    return Illegal("HTTR ScR 8.3.5", f"{v.reason} ({why})")
