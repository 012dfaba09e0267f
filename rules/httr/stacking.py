"""HTTR stacking order (SR 11.1, 11.4.2): who may reorder a stack and when, and the order a logged stack must
keep (static units at the bottom, disrupted units under the undisrupted). A reorder is a log ``Move`` that
leaves a unit in its hex with the stack's new order."""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Tri, Verdict

JOIN = "ezoc_join_disrupted"  # catalogue.READINGS: SR 11.3.4 (L664) vs SR 11.4.2 (L671)


class Position(Board, Protocol):
    mode_turn: set[str]
    readings: dict[str, str]


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
def check_order(p: Position, order: tuple[str, ...], label: str, mover: str | None = None) -> Verdict:
    """``order``: the logged stack, top first; ``mover``: the unit whose move logged it. Under the ``bottom``
    reading of :data:`JOIN` a mover joining the stack at its very bottom is left to :func:`check_join` (SR 11.3.4
    puts it there in an enemy ZOC, under a disrupted unit too)."""
    static = [is_kind(p.game, u, "static") for u in order]
    first = next((i for i, s in enumerate(static) if s), None)
    if first is not None and any(s is False for s in static[first:]):
        return Illegal("HTTR SR 11.1.3", f"static unit {order[first]} is not at the bottom of the stack in {label}")
    if mover is not None and order and order[-1] == mover and p.readings.get(JOIN) == "bottom" \
            and p.state.where(mover) != p.hex(label):
        order = order[:-1]
    dis = [mem.has(p.state, u, "disrupted") for u in order]
    if any(a and not b for a, b in zip(dis, dis[1:])):
        top = order[dis.index(True)]
        return Illegal("HTTR SR 11.4.2", f"disrupted {top} is above an undisrupted unit in {label}: disrupted "
                       "units go under the undisrupted")
    if any(s is not True and any(x is not False for x in static[:j]) for j, s in enumerate(static)):
        return NotCheckable(f"the types of the units in {label} (units.csv type: static units are at the bottom of "
                            "a stack, SR 11.1.3)")
    return Legal()


@rule("HTTR SR 9.6.3 / 11.3.4 / 11.4.2", "MOV-21", "a unit joining a stack in an EZOC goes to the bottom (reading "
      "ezoc_join_disrupted: under the undisrupted units, above the disrupted ones)")
def check_join(p: Position, order: tuple[str, ...], uid: str, label: str, ezoc: Callable[[], Tri]) -> Verdict:
    """``order``: the logged stack ``uid`` joined, top first; ``ezoc``: is its hex in an enemy ZOC? Reading
    (:data:`JOIN`): by default the joiner is at the bottom when only disrupted units are under it, 11.4.2's
    involuntary rearrangement having put them there; under ``bottom`` it is under every unit, and outside an EZOC
    a joiner put under a disrupted unit breaks 11.4.2 (check_order left it here)."""
    if len(order) < 2 or uid not in order:
        return Legal()
    below = order[order.index(uid) + 1:]
    literal = p.readings.get(JOIN) == "bottom"
    if not below and not (literal and order[-2:-1] and mem.has(p.state, order[-2], "disrupted")
                          and not mem.has(p.state, uid, "disrupted")):
        return Legal()
    ez = ezoc()
    if ez is None:
        return NotCheckable(f"whether {label} is in an enemy ZOC (SR 8.0)")
    if not below:  # the bottom reading's joiner under a disrupted unit
        return Legal() if ez else Illegal("HTTR SR 11.4.2", f"{uid} joined {label} under disrupted {order[-2]}: "
                                          "disrupted units go under the undisrupted (outside an enemy ZOC)")
    if not ez:
        return Legal()
    if not literal and not mem.has(p.state, uid, "disrupted") and all(mem.has(p.state, u, "disrupted") for u in below):
        return Legal(detail=f"{uid} joined {label} under its undisrupted units, above the disrupted ones (SR 11.3.4 "
                     f"with 11.4.2; reading {JOIN})")
    return Illegal("HTTR SR 9.6.3", f"{uid} joined the stack in {label}, in an enemy ZOC, but not at its bottom "
                   f"(order, top first: {', '.join(order)})")
