"""HTTR movement allowance in the landing GT (ScR 6.6.5.1-6.6.5.2): a unit that landed this GT moves on a single
2d6 MA roll (at most 12, a reconnaissance unit's 14 too); the units of Frost's battalion (the data's
``[special.frost] battalion``, rules/httr/frost.py) on one roll of three dice for them all, plus one for Frost.
The hex limits of that GT (two hexes leg, four vehicular) are rules/httr/landings.py's.

The log channel: the roll is the next Movement Allowance roll (button purpose ``movement-allowance``) before the
unit's first move after landing (its scatter is no move); a battalion's roll serves all its units that GT.

Readings: READINGS ``landing_ma_roll``: one roll for the whole serial (``serial``, the default: 6.6.5.1's 'a
single 2d6 die roll being used to determine the MA for each unit in the serial'), its first unit's first move
taking it and the others moving on it, or one roll per unit (``unit``). The MA binds the Movement Phase of the
landing (the Reaction Phase has only its hex limits, 6.6.5.3); Frost's +1 is added whether or not he moves with
them ("add +1 for Frost to the resulting MA").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from hexforge.games.game import Game
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.frost import in_battalion
from hexforge.rules.httr.movement import Step
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, Verdict

PURPOSE = "movement-allowance"  # the dice buttons' purpose (docs/log-channel.md)
DICE = 2  # ScR 6.6.5.1 (L1243): 'a single 2d6 die roll'
CAP = 12  # ScR 6.6.5.1 (L1243): 'still limited to a maximum of 12 MP'
FROST_DICE, FROST_PLUS = 3, 1  # ScR 6.6.5.2 (L1244): 'use three dice for this battalion - and add +1 for Frost'


class Position(Board, Protocol):
    moves: dict[str, Step]
    readings: dict[str, str]
    landings: Any  # rules.httr.landings.Landings: each dropped unit's serial (``dropped``: its log step)


@dataclass
class LandingMa:
    """The Movement Allowance roll awaiting a landed unit, each landed unit's MA this phase, Frost's battalion's."""

    pending: tuple[int, int] | None = None  # (dice, total)
    given: dict[str, int] = field(default_factory=dict)
    battalion: int | None = None
    serials: dict[int, int] = field(default_factory=dict)  # each serial's (log step's) landing MA this phase


def battalion_of(game: Game) -> str | None:
    return (game.special("frost") or {}).get("battalion")


@rule("HTTR ScR 6.6.5.1-6.6.5.2", "AIR-17/MOR-6", "in its landing GT a unit moves on one 2d6 MA (at most 12); Frost's "
      "battalion on one roll of three dice for all, plus one")
def judge_first_move(p: Position, log: LandingMa, uid: str) -> Verdict:
    """A landed unit's first move (after its scatter) in its landing GT's Movement Phase."""
    battalion = battalion_of(p.game)
    frosts = battalion is not None and in_battalion(p.game, uid, battalion)
    if frosts and log.battalion is not None:
        log.given[uid] = log.battalion
        return Legal(detail=f"{uid} moves on its battalion's landing MA of {log.battalion} (ScR 6.6.5.2)")
    serial = p.landings.dropped.get(uid) if p.readings.get("landing_ma_roll", "serial") == "serial" else None
    if not frosts and serial in log.serials:
        log.given[uid] = log.serials[serial]
        return Legal(detail=f"{uid} moves on its serial's landing MA of {log.serials[serial]} (ScR 6.6.5.1)")
    pending, log.pending = log.pending, None
    dice = FROST_DICE if frosts else DICE
    rule_no = "HTTR ScR 6.6.5.2" if frosts else "HTTR ScR 6.6.5.1"
    if pending is None:
        return Illegal(rule_no, f"{uid} moves in its landing GT without its MA roll ({dice}d6)")
    if pending[0] != dice:
        return Illegal(rule_no, f"{uid}'s landing MA is rolled on {pending[0]}d6: it is {dice}d6")
    ma = pending[1] + FROST_PLUS if frosts else min(pending[1], CAP)
    log.given[uid] = ma
    if frosts:
        log.battalion = ma
    elif serial is not None:
        log.serials[serial] = ma
    return Legal(detail=f"{uid}'s landing MA is {ma} ({rule_no[5:]})")


def phase_end(p: Position, log: LandingMa) -> list[Verdict]:
    """AIR-17 (``judge_first_move``'s rule) as the phase ends: no landed unit spent more MP than its landing MA."""
    out: list[Verdict] = []
    for uid, ma in log.given.items():
        spent = p.moves.get(uid)
        if spent is not None and spent.mp > ma:
            out.append(Illegal("HTTR ScR 6.6.5.1", f"{uid} spent {spent.mp:g} MP in its landing GT on a rolled MA of "
                               f"{ma}"))
    log.pending, log.given, log.battalion, log.serials = None, {}, None, {}
    return out
