"""A game map: its hexes, their printed labels (over one or several overlapping sheets) and terrain.

A single-sheet map is one numbered :class:`BoardGrid`. A map printed on several sheets that
overlap (Highway to the Reich: sheets A-D sharing their edge rows) lives on one lattice: each
sheet's numbers are the map's numbers shifted by the sheet's offset, so a hex on an overlap
has one label per sheet and the first sheet holding it gives its canonical label.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import networkx as nx

from hexforge.maps.convention import Axis, Convention, board_grid, sheet_hexes
from hexforge.maps.grid import BoardGrid
from hexforge.maps.graph import Adjacency, map_graph
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Terrain


class UnknownHex(KeyError):
    """A label that names no hex of the map."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True, slots=True)
class Sheet:
    """One printed sheet: a prefix (map letter, or ``""``), its numbering, its offset in map numbers."""

    prefix: str
    convention: Convention
    column_offset: int = 0
    row_offset: int = 0


@dataclass(frozen=True, slots=True)
class SheetBoard:
    """A sheet drawn as its own board: its grid and board hex -> map hex."""

    sheet: Sheet
    grid: BoardGrid
    to_map: dict[Hex, Hex]


@dataclass(slots=True)
class HexMap:
    """The hexes of a map with their labels and terrain."""

    sheets: tuple[Sheet, ...]
    grid: BoardGrid = field(init=False)
    labels: dict[Hex, str] = field(init=False)
    index: dict[str, Hex] = field(init=False)
    terrain: Terrain = field(default_factory=Terrain)
    _adjacency: Adjacency | None = field(init=False, default=None, repr=False, compare=False)
    _graph: tuple[Terrain, nx.Graph] | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.sheets:
            raise ValueError("a map needs at least one sheet")
        base = self.sheets[0].convention
        for s in self.sheets[1:]:
            c = s.convention
            if (c.orientation, c.columns.increase, c.rows.increase, c.column_first) != (
                    base.orientation, base.columns.increase, base.rows.increase, base.column_first):
                raise ValueError(f"sheet {s.prefix!r} is laid out differently from sheet {self.sheets[0].prefix!r}")
        whole = Convention(
            base.orientation, base.column_first,
            _span([(s.convention.columns, s.column_offset) for s in self.sheets]),
            _span([(s.convention.rows, s.row_offset) for s in self.sheets]),
            base.shifted)
        self.grid = board_grid(whole)
        by_numbers = {(sh.column, sh.row): sh.hex for sh in sheet_hexes(whole, self.grid)}
        self.labels, self.index = {}, {}
        for s in self.sheets:
            conv = s.convention
            line_offset = s.column_offset if conv.orientation == "columns" else s.row_offset
            if line_offset % 2:
                raise ValueError(f"sheet {s.prefix!r} is offset by an odd number of lines, "
                                 "which would swap its shifted lines")
            for column in range(conv.columns.first, conv.columns.last + 1):
                for row in range(conv.rows.first, conv.rows.last + 1):
                    h = by_numbers[(column + s.column_offset, row + s.row_offset)]
                    label = s.prefix + conv.label(column, row)
                    self.index[label] = h
                    self.labels.setdefault(h, label)

    @classmethod
    def single(cls, convention: Convention, terrain: Terrain | None = None) -> HexMap:
        return cls((Sheet("", convention),), terrain=terrain or Terrain())

    def __contains__(self, h: object) -> bool:
        return h in self.labels

    def __iter__(self):
        return iter(self.labels)

    def __len__(self) -> int:
        return len(self.labels)

    def hex(self, label: str) -> Hex:
        """The hex with this printed label (any sheet's label for an overlap hex)."""
        try:
            return self.index[label]
        except KeyError:
            raise UnknownHex(f"{label!r} is not a hex of this map ({self.describe_labels()})") from None

    def hexes(self, spec: str) -> list[Hex]:
        """The hexes a label or an inclusive range of one sheet names (``"0608..0612"`` keeps the
        column, ``"0701..0901"`` the row). Raises :class:`UnknownHex` for a label off the map and
        ``ValueError`` for a range that is neither."""
        if ".." not in spec:
            return [self.hex(spec)]
        start, _, end = spec.partition("..")
        a, b = self.numbers(start), self.numbers(end)
        if a is None or b is None or a[0] is not b[0]:
            raise ValueError(f"{spec!r} is not a range of two labels of one sheet ({self.describe_labels()})")
        sheet, (c1, r1), (c2, r2) = a[0], a[1:], b[1:]
        if c1 == c2:
            numbers = [(c1, r) for r in range(min(r1, r2), max(r1, r2) + 1)]
        elif r1 == r2:
            numbers = [(c, r1) for c in range(min(c1, c2), max(c1, c2) + 1)]
        else:
            raise ValueError(f"{spec!r}: a range must keep either the column or the row (write other hexes one by one)")
        return [self.hex(sheet.prefix + sheet.convention.label(c, r)) for c, r in numbers]

    def numbers(self, label: str) -> tuple[Sheet, int, int] | None:
        """The sheet and printed (column, row) numbers of a label, or ``None``."""
        for s in self.sheets:
            if label.startswith(s.prefix):
                parsed = s.convention.parse(label[len(s.prefix):])
                if parsed:
                    return s, parsed[0], parsed[1]
        return None

    def label(self, h: Hex) -> str:
        return self.labels[h]

    def aliases(self, h: Hex) -> list[str]:
        """Every printed label of a hex (more than one on sheet overlaps)."""
        return sorted(label for label, x in self.index.items() if x == h)

    def describe_labels(self) -> str:
        parts = []
        for s in self.sheets:
            c = s.convention
            parts.append(f"{s.prefix}{c.label(c.columns.first, c.rows.first)}.."
                         f"{s.prefix}{c.label(c.columns.last, c.rows.last)}")
        return "valid labels: " + ", ".join(parts)

    def sheet_boards(self, hex_height: float = 72.0) -> list[SheetBoard]:
        """One board per sheet, numbered as the sheet is printed (labels carry the sheet prefix),
        with each board hex tied to its map hex. This is how VASSAL shows a multi-sheet map."""
        boards = []
        for s in self.sheets:
            grid = board_grid(s.convention, hex_height)
            if s.prefix:
                grid = replace(grid, numbering=replace(grid.numbering, location_format=f"{s.prefix}$gridLocation$"))
            to_map = {sh.hex: self.index[s.prefix + s.convention.label(sh.column, sh.row)]
                      for sh in sheet_hexes(s.convention, grid)}
            boards.append(SheetBoard(s, grid, to_map))
        return boards

    def adjacency(self) -> Adjacency:
        """The map's hexes and hexsides as arrays, built once (the hexes never change)."""
        if self._adjacency is None:
            self._adjacency = Adjacency.of_hexes(self.labels)
        return self._adjacency

    def graph(self) -> nx.Graph:
        """The map graph (:func:`map_graph`), built once per terrain: a new terrain object gives
        a new graph, but terrain edited in place after the first call is not seen in the node and
        edge attributes (the structure is the hexes', and never goes stale). Callers must not
        change the graph."""
        if self._graph is None or self._graph[0] is not self.terrain:
            self._graph = (self.terrain, map_graph(self.labels, self.label, self.terrain, self.adjacency()))
        return self._graph[1]


def _span(axes: list[tuple[Axis, int]]) -> Axis:
    first = min(a.first + off for a, off in axes)
    last = max(a.last + off for a, off in axes)
    digits = max(len(str(last)), axes[0][0].digits)
    return Axis(first, last, axes[0][0].increase, digits)
