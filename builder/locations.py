"""Map pixels of a save -> (map, board, location name), through the module's own grids.

The boards on a map and their places in its board table come from the save's ``SetBoards``
commands (``BoardPicker``); a map whose save names no boards uses its only board, if it has one.
As ``Map.locationName`` does, the exact position of a deck is named by the deck, before any grid.
"""
from __future__ import annotations

from dataclasses import dataclass

from hexforge.builder.commands import SetBoards
from hexforge.builder.modulereader import Module, ModuleBoard
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.layout import OFFBOARD, MapLayout, PlacedBoard

MAX_REMEMBERED = 100_000  # pixels whose location is remembered at once
# Stands in for the grid of a board without one: only its size is used (for board origins).
_NO_GRID = HexGrid(1.0, 1.0)


@dataclass(frozen=True, slots=True)
class Location:
    """Where a piece is: map id (None off every map), board, the module's location name, map pixel."""

    map: str | None
    board: str | None
    label: str
    x: int = 0
    y: int = 0

    def __str__(self) -> str:
        if self.map is None:
            return "off-map"
        return self.label if self.board else f"{self.map}: {self.label}"


OFF_MAP = Location(None, None, "off-map")


class Locator:
    """Names the positions of one save's maps."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self._layouts: dict[str, tuple[MapLayout, frozenset[str]]] = {}
        self._named: dict[tuple[str, int, int], Location] = {}  # locate() results, for these layouts
        self._decks: dict[tuple[str, int, int], str] = {}  # (map id, x, y) -> the deck there
        for m in module.maps:
            if len(m.boards) == 1:
                self._set(m.id, [(m.boards[0], 0, 0)])

    def _set(self, map_id: str, boards: list[tuple[ModuleBoard, int, int]]) -> None:
        m = self.module.map(map_id)
        if m is None or not boards:
            return
        placed, gridless, seen = [], set(), set()
        for b, col, row in boards:
            name = b.name if b.name not in seen else f"{b.name}#{len(seen)}"
            seen.add(name)
            grid = b.grid or BoardGrid(_NO_GRID, GridNumbering(), b.width, b.height)
            if b.grid is None:
                gridless.add(name)
            placed.append(PlacedBoard(name, grid, col, row))
        self._layouts[m.id] = (MapLayout(tuple(placed), m.edge_width, m.edge_height), frozenset(gridless))
        self._named.clear()

    def set_boards(self, cmd: SetBoards) -> list[str]:
        """Apply a ``SetBoards`` command; return the board names the module does not have."""
        m = self.module.map(cmd.map_id)
        if m is None:
            return [f"map {cmd.map_id!r}"]
        missing, boards = [], []
        for spec in cmd.boards:
            b = m.board(spec.name)
            if b is None:
                missing.append(f"board {spec.name!r} of map {cmd.map_id!r}")
            else:
                boards.append((b, spec.column, spec.row))
        self._set(m.id, boards)
        return missing

    def name_deck(self, map_id: str | None, x: int, y: int, name: str) -> None:
        """A deck lies at (map, x, y): that position is named by it (``Map.getDeckNameAt``)."""
        if map_id is not None and self._decks.get((map_id, x, y)) != name:
            self._decks[(map_id, x, y)] = name
            self._named.clear()

    def deck_at(self, map_id: str | None, x: int, y: int) -> str | None:
        """The name of the deck lying at exactly (map, x, y), None if none does."""
        return self._decks.get((map_id, x, y)) if map_id is not None else None

    def position(self, map_id: str, board: str, label: str) -> tuple[int, int]:
        """The map pixel VASSAL places a piece at for a location name on a board of a map."""
        m = self.module.map(map_id)
        entry = self._layouts.get(m.id) if m else None
        if entry is None:
            raise KeyError(f"map {map_id!r} has no boards set")
        return entry[0].position(board, label)

    def locate(self, map_id: str | None, x: int, y: int) -> Location:
        """The location of a map pixel (remembered: a log comes back to the same pixels)."""
        if map_id is None:
            return OFF_MAP
        key = (map_id, x, y)
        loc = self._named.get(key)
        if loc is None:
            if len(self._named) >= MAX_REMEMBERED:
                self._named.clear()
            loc = self._named[key] = self._locate(map_id, x, y)
        return loc

    def _locate(self, map_id: str, x: int, y: int) -> Location:
        m = self.module.map(map_id)
        entry = self._layouts.get(m.id) if m else None
        if entry is None:
            return Location(map_id, None, OFFBOARD, x, y)
        layout, gridless = entry
        board = layout.board_at(x, y)
        deck = self._decks.get((m.id, x, y))
        if board is None:
            return Location(m.id, None, deck or OFFBOARD, x, y)
        if deck is not None:
            return Location(m.id, board.name, deck, x, y)
        if board.name in gridless:
            return Location(m.id, board.name, board.name, x, y)
        return Location(m.id, board.name, layout.locate(x, y)[1], x, y)
