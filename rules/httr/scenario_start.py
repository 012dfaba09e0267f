"""HTTR scenario starts (ScR 16.1, 17.1-22.1, 24.0): a scenario begins with a stated phase of its first GT (the
scenario's ``[special_rules] first_phase``), so nothing is done before it; the campaign's units on Map D stay
inactive until phase 5 of GT 2 (``inactive_until``: the sheets and the GT and phase they wake). Without a
scenario named (or recognised) nothing is judged here.

Reading: the tracker may pass the phases before the start (a module's tracker starts at the first phase); what
counts is a roll, a declaration or a unit's event there. A unit on an inactive sheet may not move (its fire is the
fire rules')."""
from __future__ import annotations

from typing import Protocol

from hexforge.builder.timeline import ChatLine, DiceRoll, Event, Move
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.registry import rule
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Verdict


class Position(Board, Protocol):
    rules: RulesSystem


def _when(game: Game, turn: object, phase: object) -> tuple[int, int] | None:
    ids = [q.id for q in game.info.sequence]
    return (int(plain(turn)), ids.index(phase)) if phase in ids and plain(turn) is not None else None


def special(p: Position, key: str) -> object:
    sc = p.game.scenarios.get(p.rules.scenario or "")
    return plain((sc.special_rules or {}).get(key)) if sc is not None else None


@rule("HTTR ScR 16.1 / 17.1-22.1 / 24.0", "SOP-5", "a scenario begins with its stated phase of its first GT; the "
      "campaign's Map D units are inactive until phase 5 of GT 2")
def before_start(p: Position, e: Event) -> Verdict | None:
    """An Illegal for a roll, declaration or unit event before the scenario's start, or a move of a unit on a sheet
    still inactive; None when the event is not one of those."""
    acting = isinstance(e, DiceRoll) or p.unit(e) is not None or (isinstance(e, ChatLine) and parse(e.text)
                                                                    is not None)
    if not acting or p.state.turn is None or p.state.phase is None:
        return None
    now = (p.state.turn, p.state.phase)
    sc = p.game.scenarios.get(p.rules.scenario or "")
    start = _when(p.game, sc.first_turn, special(p, "first_phase")) if sc is not None else None
    if start is not None and now < start:
        return Illegal("HTTR ScR 16.1", f"the scenario {sc.id} begins with the "
                       f"{p.game.info.sequence[start[1]].name.resolved} of GT {start[0]}: nothing is done before it")
    uid = p.unit(e)
    at = p.state.where(uid) if isinstance(e, Move) and uid is not None else None
    for row in special(p, "inactive_until") or ():
        until = _when(p.game, row.get("turn"), row.get("phase"))
        label = p.game.map.labels.get(at, "") if at is not None else ""
        if until is not None and now < until and label.startswith(str(row.get("sheet"))):
            return Illegal("HTTR ScR 24.0", f"{uid} stands on Map {row.get('sheet')}, whose units are inactive until "
                           f"the {p.game.info.sequence[until[1]].name.resolved} of GT {until[0]}")
    return None
