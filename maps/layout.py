"""Boards placed on a VASSAL map: map pixels <-> (board, location name).

VASSAL lays a map's boards out in a table: a board's origin is the map's edge buffer plus the
widths of the boards to its left in the same row and the heights of those above it in the same
column (``Map.setBoardBoundaries``). Saves and logs hold map pixels; names come from the board
whose rectangle holds the point, else ``offboard``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.maps.grid import BoardGrid
from hexforge.maps.hexes import Hex

OFFBOARD = "offboard"


@dataclass(frozen=True, slots=True)
class PlacedBoard:
    """A named board with its grid, at (``column``, ``row``) of the map's board table."""

    name: str
    grid: BoardGrid
    column: int = 0
    row: int = 0


@dataclass(frozen=True, slots=True)
class MapLayout:
    """A VASSAL map: an edge buffer around a table of boards."""

    boards: tuple[PlacedBoard, ...]
    edge_width: int = 0
    edge_height: int = 0
    _origins: dict[str, tuple[int, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = [b.name for b in self.boards]
        if len(set(names)) != len(names):
            raise ValueError("board names must be unique on a map")
        widths = {(b.column, b.row): b.grid.width for b in self.boards}
        heights = {(b.column, b.row): b.grid.height for b in self.boards}
        origins = {}
        for b in self.boards:
            x = sum(widths.get((c, b.row), 0) for c in range(b.column))
            y = sum(heights.get((b.column, r), 0) for r in range(b.row))
            origins[b.name] = (x + self.edge_width, y + self.edge_height)
        object.__setattr__(self, "_origins", origins)

    def board(self, name: str) -> PlacedBoard:
        for b in self.boards:
            if b.name == name:
                return b
        raise KeyError(f"no board named {name!r}; boards: {', '.join(b.name for b in self.boards)}")

    def origin(self, name: str) -> tuple[int, int]:
        """Map pixel of the board's top-left corner."""
        return self._origins[name]

    @property
    def size(self) -> tuple[int, int]:
        """Map size in pixels, edge buffers on both sides included."""
        right = max(self._origins[b.name][0] + b.grid.width for b in self.boards)
        bottom = max(self._origins[b.name][1] + b.grid.height for b in self.boards)
        return right + self.edge_width, bottom + self.edge_height

    def board_at(self, x: int, y: int) -> PlacedBoard | None:
        """The first board whose rectangle holds the map pixel (``Map.findBoard``)."""
        for b in self.boards:
            bx, by = self._origins[b.name]
            if bx <= x < bx + b.grid.width and by <= y < by + b.grid.height:
                return b
        return None

    def locate(self, x: int, y: int) -> tuple[str | None, str]:
        """(board name, location name) of a map pixel; ``(None, 'offboard')`` off every board."""
        b = self.board_at(x, y)
        if b is None:
            return None, OFFBOARD
        bx, by = self._origins[b.name]
        return b.name, b.grid.label_at(x - bx, y - by)

    def hex_at(self, x: int, y: int) -> tuple[str, Hex] | None:
        b = self.board_at(x, y)
        if b is None:
            return None
        bx, by = self._origins[b.name]
        return b.name, b.grid.hex_at(x - bx, y - by)

    def position(self, board: str, label: str) -> tuple[int, int]:
        """Map pixel VASSAL places a piece at for a location name on a board."""
        bx, by = self._origins[board]
        x, y = self.board(board).grid.point_of_label(label)
        return x + bx, y + by
