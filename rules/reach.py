"""Movement range of one unit: every hex it can reach this phase with its MA, and the cost.

Least-cost search is :func:`hexforge.maps.trace.least_cost`. Each step is priced by the
system's own move judge (``rules.judge_steps``, the checker's code) on a one-step move, so the
overlay and the log checker never disagree: terrain (F&M 5.4), road and trail rates (5.4.1-2),
enemy-occupied hexes (5.2d), prohibited terrain (5.2e), the map edge (5.2f) and the EZOC rules
(6.1: a leg unit stops on entering one, goes EZOC to EZOC only as its first step for its whole
MA, never EZOC to EZOC into a fortification; a mobile unit pays half its MA extra). Unknown
costs make hexes unknown, not reachable.
"""
from __future__ import annotations

from typing import Any

from hexforge.maps.hexes import Hex
from hexforge.maps.overlay import UNKNOWN, Overlay, legend
from hexforge.maps.terrain import Unknown
from hexforge.maps.trace import Cost, Reach, least_cost
from hexforge.rules.core import movement
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, NotCheckable


def judged_step(rules: Any, state: GameState, unit_id: str, start: Hex, a: Hex, b: Hex) -> Cost:
    """MP the move judge charges for the step ``a`` -> ``b`` of a move that began at ``start``
    (``None``: illegal, :class:`Unknown`: not checkable)."""
    rec = rules.start_move(state, unit_id)
    rec.at, rec.steps = a, 0 if a == start else 1
    verdict = rules.judge_steps(state, rec, [b])
    if isinstance(verdict, Illegal):
        return None
    if isinstance(verdict, NotCheckable):
        return Unknown(verdict.needs)
    return rec.spent


def movement_range(rules: Any, state: GameState, unit_id: str, allowance: float | None = None) -> Reach | Unknown:
    """Hexes ``unit_id`` can reach with its movement allowance (or ``allowance``)."""
    if not hasattr(rules, "judge_steps"):
        raise ValueError(f"the {rules.system_id} rules system has no move judge; no movement range")
    start = state.where(unit_id)
    if start is None:
        raise ValueError(f"unit {unit_id} is not on the map")
    if allowance is None:
        ma = _allowance(rules, state, unit_id)
        if isinstance(ma, Unknown):
            return ma
        allowance = ma
    return least_cost(rules.game.map.graph(), start, allowance,
                      lambda a, b: judged_step(rules, state, unit_id, start, a, b),
                      lambda a, b: movement.must_stop(rules, state, unit_id, a, b))


def _allowance(rules: Any, state: GameState, unit_id: str) -> float | Unknown:
    for column in ("movement", "ma"):
        if column in rules.game.units[unit_id].values:
            return rules.value(unit_id, column, state)
    return Unknown(f"movement allowance of unit {unit_id} (units.csv)")


def reach_overlay(rules: Any, state: GameState, unit_id: str, allowance: float | None = None) -> Overlay:
    """The movement range as an overlay: cost per hex; EZOC stops, hexes held by friendly units
    (moved through, not ended in: F&M 5.3) and unknown hexes set apart."""
    got = movement_range(rules, state, unit_id, allowance)
    ov = Overlay(f"Movement range of {unit_id}",
                 legend({"reach": ("yes", "can reach (number: MP spent)"),
                         "stop": ("caution", "can reach but must stop there (EZOC, F&M 6.1)"),
                         "through": ("partly", "can move through, not end there: friendly unit (F&M 5.3)"),
                         UNKNOWN: (UNKNOWN, "unknown: depends on terrain or costs not in the game data")}))
    if isinstance(got, Unknown):
        ov.notes.append(f"not checkable: needs {got.needs}")
        return ov
    start = state.where(unit_id)
    for h, c in got.cost.items():
        if h == start:
            continue
        full = len([u for u in state.at(h) if u != unit_id]) >= rules.stack_limit
        ov.values[h] = "through" if full else "stop" if h in got.stops else "reach"
        ov.text[h] = f"{c:g}"
    for h in got.unknown:
        ov.values[h] = UNKNOWN
    ov.marks[start] = unit_id
    return ov
