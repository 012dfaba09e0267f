"""Stacking limits (F&M 5.3: one unit per hex at the end of any phase and of any move)."""
from __future__ import annotations


from hexforge.maps.hexes import Hex
from hexforge.rules.core.board import Board
from hexforge.rules.state import GameState



def overstacked(rules: Board, state: GameState) -> list[tuple[Hex, tuple[str, ...]]]:
    """Every hex holding more units than the limit, in hex order."""
    return sorted((h, us) for h, us in state.occupants.items() if len(us) > rules.stack_limit)


def stacked_with(state: GameState, uid: str) -> tuple[str, ...]:
    """The other units in ``uid``'s hex."""
    h = state.where(uid)
    return tuple(u for u in state.at(h) if u != uid) if h is not None else ()
