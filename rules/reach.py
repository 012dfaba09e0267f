"""Movement range of one unit: every hex it can reach this phase with its MA, and the cost.

Least-cost search is :func:`hexforge.maps.trace.least_cost`; the costs and EZOC stops are the
system's movement rules (``rules.core.movement.step_cost`` / ``must_stop``), never redone here.
Unknown costs make hexes unknown, not reachable.
"""
from __future__ import annotations

from typing import Any, Protocol

from hexforge.maps.hexes import Hex
from hexforge.maps.overlay import OKABE_ITO, UNKNOWN, UNKNOWN_COLOUR, Overlay
from hexforge.maps.terrain import Unknown
from hexforge.maps.trace import Reach, least_cost
from hexforge.rules.state import GameState


class MovementRules(Protocol):
    """What reach needs from a movement module (``rules.core.movement`` has this shape)."""

    def step_cost(self, rules: Any, state: GameState, unit_id: str, a: Hex, b: Hex) -> float | Unknown | None: ...

    def must_stop(self, rules: Any, state: GameState, unit_id: str, a: Hex, b: Hex) -> bool | Unknown: ...


def movement_range(rules: Any, state: GameState, unit_id: str, allowance: float | None = None,
                   movement: MovementRules | None = None) -> Reach | Unknown:
    """Hexes ``unit_id`` can reach with its movement allowance (or ``allowance``)."""
    if movement is None:
        from hexforge.rules.core import movement as core_movement
        movement = core_movement  # type: ignore[assignment]
    start = state.where(unit_id)
    if start is None:
        raise ValueError(f"unit {unit_id} is not on the map")
    if allowance is None:
        ma = _allowance(rules, state, unit_id)
        if isinstance(ma, Unknown):
            return ma
        allowance = ma
    g = rules.game.map.graph()
    return least_cost(g, start, allowance,
                      lambda a, b: movement.step_cost(rules, state, unit_id, a, b),
                      lambda a, b: movement.must_stop(rules, state, unit_id, a, b))


def _allowance(rules: Any, state: GameState, unit_id: str) -> float | Unknown:
    for column in ("movement", "ma"):
        if column in rules.game.units[unit_id].values:
            return rules.value(unit_id, column, state)
    return Unknown(f"movement allowance of unit {unit_id} (units.csv)")


def reach_overlay(rules: Any, state: GameState, unit_id: str, allowance: float | None = None) -> Overlay:
    got = movement_range(rules, state, unit_id, allowance)
    ov = Overlay(f"Movement range of {unit_id}",
                 {"reach": (OKABE_ITO["blue"], "can reach (number: MP spent)"),
                  "stop": (OKABE_ITO["orange"], "can reach but must stop there (EZOC)"),
                  UNKNOWN: (UNKNOWN_COLOUR, "unknown: depends on terrain or costs not in the game data")})
    if isinstance(got, Unknown):
        ov.notes.append(f"not checkable: needs {got.needs}")
        return ov
    for h, c in got.cost.items():
        ov.values[h] = "stop" if h in got.stops else "reach"
        ov.text[h] = f"{c:g}"
    for h in got.unknown:
        ov.values[h] = UNKNOWN
    ov.marks[state.where(unit_id)] = unit_id
    return ov
