"""Stacking limits (F&M 5.3: one unit per hex at the end of any phase and of any move)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from hexforge.maps.hexes import Hex
from hexforge.rules.state import GameState

if TYPE_CHECKING:
    from hexforge.rules.system import RulesSystem


def overstacked(rules: RulesSystem, state: GameState) -> list[tuple[Hex, tuple[str, ...]]]:
    """Every hex holding more units than the limit, in hex order."""
    return sorted((h, us) for h, us in state.occupants.items() if len(us) > rules.stack_limit)


def stacked_with(state: GameState, uid: str) -> tuple[str, ...]:
    """The other units in ``uid``'s hex."""
    h = state.where(uid)
    return tuple(u for u in state.at(h) if u != uid) if h is not None else ()
