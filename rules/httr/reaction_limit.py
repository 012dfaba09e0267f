"""HTTR Reaction Phase: a unit fires or moves, not both (SR 4.1, L124: units of the phasing side "may conduct Direct
fire (conventional or AT) or perform limited movement"). A watcher (``rules/httr/watchers.py``): it sees a move
before the referee records it and a fire declaration before ``fire.record``, and reads the phase's fire methods
(``FireLog.method``) and moves (the referee's ``moves``).

Readings: "fire" is DF or AT fire declared by the unit (return fire, OF and ambush are the other side's answers);
"movement" is a move to another hex (a stack reorder in place, SR 11.5.6, moves no unit; a retreat or an advance
after close action, SR 10.5, is the close action's, which the Reaction Phase allows beside either).
"""
from __future__ import annotations

from typing import Protocol

from hexforge.builder.timeline import ChatLine, Event, Move
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.fire_units import firers
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.movement import Step
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Verdict

FIRE = ("df", "at")  # SR 4.1 (L124): 'Direct fire (conventional or AT)'


class Position(Board, Protocol):
    fire: FireLog
    ca: CaLog
    moves: dict[str, Step]


def on_event(p: Position, e: Event) -> list[Verdict]:
    """A move or a DF/AT declaration by the phasing side in its Reaction Phase, judged against the phase so far."""
    kind, side = p.phase()
    if kind != "reaction":
        return []
    if isinstance(e, Move):
        uid = p.unit(e)
        to = p.hex(e.to_hex) if e.to_hex is not None else None
        if uid is None or p.state.side(uid) != side or uid in p.ca.involved or to is None or to == p.state.where(uid):
            return []
        return check_fire_or_move(p, uid, "moves")
    if isinstance(e, ChatLine):
        d = parse(e.text)
        if d is None or d.kind not in FIRE or p.hex(d.target) is None:
            return []
        units = firers(p, d)  # a word naming no unit: the fire checks say so
        return [v for u in units if p.state.side(u) == side for v in check_fire_or_move(p, u, "fires")] \
            if isinstance(units, list) else []
    return []


@rule("HTTR SR 4.1", "SOP-4", "in a Reaction Phase a unit conducts DF (conventional or AT) or limited movement, "
      "not both")
def check_fire_or_move(p: Position, uid: str, does: str) -> list[Verdict]:
    """``uid`` ``does`` (moves or fires) in its side's Reaction Phase after it did the other."""
    if does == "moves" and p.fire.method.get(uid) in FIRE:
        return [Illegal("HTTR SR 4.1", f"{uid} fired ({p.fire.method[uid].upper()}) in this Reaction Phase and then "
                        "moves: a unit conducts Direct fire or limited movement in it, not both")]
    if does == "fires" and uid in p.moves:
        return [Illegal("HTTR SR 4.1", f"{uid} moved in this Reaction Phase and then fires: a unit conducts Direct "
                        "fire or limited movement in it, not both")]
    return []
