"""The Eliminated box of a hexforge module, as the log reader needs it: a unit dropped anywhere in it
is eliminated, on the pile or beside it.

The box is the holding board's last row, the rectangle drawn round it and titled Eliminated
(:meth:`HoldingLayout.eliminated_box`). The board has no grid, so VASSAL names no place in it (a
piece there is "offboard" to ``Map.locationName``) and only a drop on the pile itself puts the piece
into the Eliminated deck: the reader finds the box from the game's holding layout, and only when the
module's holding board is the size that layout gives (a module built from other game data, or not
by hexforge, has no box the reader could trust).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hexforge.builder.holding import holding_layout
from hexforge.builder.locations import Location
from hexforge.builder.module import HOLDING_BOARD, HOLDING_MAP
from hexforge.builder.modulereader import Module


@dataclass(frozen=True, slots=True)
class EliminatedBox:
    """The box on one map, in map pixels (left, top, right, bottom; edges included)."""

    map: str
    board: str
    left: int
    top: int
    right: int
    bottom: int

    def holds(self, loc: Location) -> bool:
        """Whether a place lies in the box."""
        return (loc.map == self.map and loc.board == self.board
                and self.left <= loc.x <= self.right and self.top <= loc.y <= self.bottom)

    def entered(self, before: Location, after: Location) -> bool:
        """Whether a move from ``before`` to ``after`` puts a piece into the box (an elimination)."""
        return self.holds(after) and not self.holds(before)


def eliminated_box(module: Module, game: Any | None) -> EliminatedBox | None:
    """The module's Eliminated box, None without a game or when the module's holding board is not the
    one hexforge builds from that game's data."""
    if game is None:
        return None
    m = next((m for m in module.maps if HOLDING_MAP in (m.id, m.name)), None)
    b = m.board(HOLDING_BOARD) if m is not None and len(m.boards) == 1 else None
    hold = holding_layout(game)
    if b is None or (b.width, b.height) != (hold.width, hold.height):
        return None
    left, top, right, bottom = hold.eliminated_box
    dx, dy = m.edge_width, m.edge_height  # the board's origin on its map (one board: column 0, row 0)
    return EliminatedBox(m.id, b.name, left + dx, top + dy, right + dx, bottom + dy)
