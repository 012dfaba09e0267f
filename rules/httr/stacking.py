"""HTTR stacking order (SR 11.1, 11.4.2): who may reorder a stack and when, and the order a logged stack must
keep (static units at the bottom, disrupted units under the undisrupted). A reorder is a log ``Move`` that
leaves a unit in its hex with the stack's new order."""
from __future__ import annotations

from typing import Protocol

from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    mode_turn: set[str]


@rule("HTTR SR 11.1.1-11.1.2 / 5.2.4", "MOV-22/MOV-23/MOD-6", "stack order changes only in the phasing player's "
      "Movement Phases, never with a mode change; in-battery artillery and flak never reorder themselves")
def judge_reorder(p: Position, uid: str, kind: str, side: str | None) -> Verdict:
    if kind == "organization" and uid in p.mode_turn:
        return Illegal("HTTR SR 5.2.4", f"{uid} changes its place in its stack with its change of mode: stacking "
                       "order may not be altered as part of a mode change")
    if kind != "movement" or p.state.side(uid) != side:
        return Illegal("HTTR SR 11.1.1", f"{uid} changes its place in its stack outside its side's Movement Phase")
    battery = is_kind(p.game, uid, "artillery", "flak")
    if battery is not False and mem.mode(p.state, uid) == "defilade":
        if battery is None:
            return NotCheckable(f"the type of unit {uid} (units.csv type: in-battery artillery and flak never "
                                "reorder themselves, SR 11.1.2)")
        return Illegal("HTTR SR 11.1.2", f"{uid} is in battery and may not change its stack position itself")
    return Legal(detail="a change of stacking order (SR 11.1.1)")


@rule("HTTR SR 11.1.3 / 11.4.2", "MOV-23/STK-4", "static units at the bottom of a stack; a disrupted unit under "
      "the undisrupted units")
def check_order(p: Position, order: tuple[str, ...], label: str) -> Verdict:
    """``order``: the logged stack, top first."""
    static = [is_kind(p.game, u, "static") for u in order]
    first = next((i for i, s in enumerate(static) if s), None)
    if first is not None and any(s is False for s in static[first:]):
        return Illegal("HTTR SR 11.1.3", f"static unit {order[first]} is not at the bottom of the stack in {label}")
    dis = [mem.has(p.state, u, "disrupted") for u in order]
    if any(a and not b for a, b in zip(dis, dis[1:])):
        top = order[dis.index(True)]
        return Illegal("HTTR SR 11.4.2", f"disrupted {top} is above an undisrupted unit in {label}: disrupted "
                       "units go under the undisrupted")
    if any(s is not True and any(x is not False for x in static[:j]) for j, s in enumerate(static)):
        return NotCheckable(f"the types of the units in {label} (units.csv type: static units are at the bottom of "
                            "a stack, SR 11.1.3)")
    return Legal()
