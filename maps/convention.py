"""A map's hex numbering as printed, turned into VASSAL grid attributes.

Rulebooks describe numbering in the map's own terms ("CCRR, 0101 in the top-left corner, even
columns half a hex lower"). :func:`board_grid` finds the VASSAL ``HexGrid`` and
``HexGridNumbering`` attributes (orientation, stagger, offsets, descending flags, origin) that
give every hex of the map exactly its printed label, and checks that they do.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Literal

from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.hexes import Hex

Direction = Literal["right", "left", "down", "up"]


@dataclass(frozen=True, slots=True)
class Axis:
    """The label numbers along one direction of the sheet: ``first`` <= ``last``, increasing towards ``increase``."""

    first: int
    last: int
    increase: Direction
    digits: int = 2

    def __post_init__(self) -> None:
        if self.last < self.first:
            raise ValueError(f"last ({self.last}) is below first ({self.first})")
        if self.digits < 1:
            raise ValueError("digits must be >= 1")

    @property
    def count(self) -> int:
        return self.last - self.first + 1

    @property
    def descending(self) -> bool:
        """True when numbers grow towards the left or the top of the sheet."""
        return self.increase in ("left", "up")

    def number(self, index: int) -> int:
        """The label number of the ``index``-th line from the left/top of the sheet."""
        return self.last - index if self.descending else self.first + index


@dataclass(frozen=True, slots=True)
class Convention:
    """How a map's hexes are laid out and numbered, in the sheet's own terms.

    ``orientation`` is ``columns`` (flat-topped hexes in vertical columns) or ``rows``
    (pointy-topped hexes in horizontal rows). ``columns`` number the hexes left to right
    (or right to left), ``rows`` top to bottom (or bottom to top). ``shifted`` says which lines
    (columns, or rows for ``orientation = rows``) sit half a hex further towards higher numbers
    of the other part than their neighbours.
    """

    orientation: Literal["columns", "rows"]
    column_first: bool
    columns: Axis
    rows: Axis
    shifted: Literal["even", "odd"]
    half_hexes: frozenset[str] = frozenset()  # sheet edges ("top", ...) that cut their hexes in half

    def __post_init__(self) -> None:
        bad = set(self.half_hexes) - {"top", "bottom", "left", "right"}
        if bad:
            raise ValueError(f"half-hex edges {sorted(bad)} are not sheet edges (valid: top, bottom, left, right)")

    @property
    def lines(self) -> Axis:
        return self.columns if self.orientation == "columns" else self.rows

    @property
    def positions(self) -> Axis:
        return self.rows if self.orientation == "columns" else self.columns

    def label(self, column: int, row: int) -> str:
        c = str(column).zfill(self.columns.digits)
        r = str(row).zfill(self.rows.digits)
        return c + r if self.column_first else r + c

    def parse(self, label: str) -> tuple[int, int] | None:
        """(column, row) numbers of a printed label, or ``None`` if it is not of this form."""
        cd, rd = self.columns.digits, self.rows.digits
        if len(label) != cd + rd or not label.isdigit():
            return None
        if self.column_first:
            return int(label[:cd]), int(label[cd:])
        return int(label[rd:]), int(label[:rd])

    @classmethod
    def from_pattern(cls, pattern: str, orientation: Literal["columns", "rows"],
                     columns: tuple[int, int, Direction], rows: tuple[int, int, Direction],
                     shifted: Literal["even", "odd"], half_hexes: frozenset[str] = frozenset()) -> Convention:
        """Build from a label pattern such as ``CCRR`` or ``RRCC``."""
        if not re.fullmatch(r"C+R+|R+C+", pattern):
            raise ValueError(f"label pattern {pattern!r} must be like CCRR or RRCC")
        return cls(orientation, pattern.startswith("C"),
                   Axis(*columns, digits=pattern.count("C")), Axis(*rows, digits=pattern.count("R")),
                   shifted, frozenset(half_hexes))


@dataclass(frozen=True, slots=True)
class SheetHex:
    """A hex of the sheet with its printed column and row numbers."""

    hex: Hex
    column: int
    row: int


@dataclass(frozen=True, slots=True)
class ImageGrid:
    """Where the hexes are on a map image of one's own: hex spacing and the first hex's centre.

    ``dx``/``dy`` are VASSAL's (column spacing, hex height, in the grid's own frame);
    ``x``/``y`` is the centre pixel of the top-left hex of the sheet; ``width``/``height`` the
    image size.
    """

    dx: float
    dy: float
    x: int
    y: int
    width: int
    height: int


def board_grid(conv: Convention, hex_height: float = 64.0, margin: int = 8,
               image: ImageGrid | None = None) -> BoardGrid:
    """The VASSAL grid on a board sized to the map (or on a given image), numbered as ``conv`` says."""
    dy = float(image.dy if image else hex_height)
    dx = image.dx if image else dy * math.sqrt(3) / 2
    lines, positions = conv.lines, conv.positions
    # Raw VASSAL columns run along the lines; odd raw columns sit half a hex lower in the frame.
    # The lines that sit lower are the shifted ones when position numbers grow downwards/rightwards.
    lower_parity = 0 if conv.shifted == "even" else 1
    if positions.descending:
        lower_parity ^= 1
    first_is_lower = lines.number(0) % 2 == lower_parity
    k = 1 if first_is_lower else 0
    radius = 2 * dx / 3
    sideways = conv.orientation == "rows"
    if image:
        fx, fy = (image.y, image.x) if sideways else (image.x, image.y)
        x0 = fx - int(k * dx)
        y0 = fy - (int(dy / 2) if k % 2 else 0)
        width, height = image.width, image.height
    else:
        # A half-hex edge passes through the centres of its hexes instead of around them.
        line_start, line_end, pos_start, pos_end = (("top", "bottom", "left", "right") if sideways
                                                    else ("left", "right", "top", "bottom"))
        half = conv.half_hexes
        x0 = (0 if line_start in half else math.ceil(margin + radius)) - int(k * dx)
        y0 = 0 if pos_start in half else math.ceil(margin + dy / 2)
        last_x = x0 + int((lines.count - 1 + k) * dx)
        last_y = y0 + int((positions.count - 1) * dy + dy / 2)
        frame_w = last_x + 1 if line_end in half else math.ceil(last_x + radius + margin)
        frame_h = last_y + 1 if pos_end in half else math.ceil(last_y + dy / 2 + margin)
        width, height = (frame_h, frame_w) if sideways else (frame_w, frame_h)
    grid = HexGrid(dx=dx, dy=dy, x0=x0, y0=y0, sideways=sideways)
    # VASSAL's "H" part is the raw column: real columns, or real rows on a sideways grid.
    h_axis, v_axis = (conv.rows, conv.columns) if sideways else (conv.columns, conv.rows)
    first = "H" if conv.column_first != sideways else "V"
    for stagger in (False, True):
        numbering = GridNumbering(
            first=first, h_leading=h_axis.digits - 1, v_leading=v_axis.digits - 1,
            h_descend=conv.columns.descending, v_descend=conv.rows.descending, stagger=stagger,
            h_off=0, v_off=0)
        probe = BoardGrid(grid, numbering, width, height)
        h_num, v_num = probe._numbers_of_raw(k, 0)
        want_h, want_v = _expected(conv, 0, 0, sideways)
        numbering = replace(numbering, h_off=want_h - h_num, v_off=want_v - v_num)
        candidate = BoardGrid(grid, numbering, width, height)
        if all(candidate.label(h.hex) == conv.label(h.column, h.row) for h in sheet_hexes(conv, candidate)):
            return candidate
    raise ValueError("no VASSAL numbering reproduces this convention")  # pragma: no cover - see tests


def _expected(conv: Convention, line: int, position: int, sideways: bool) -> tuple[int, int]:
    """Printed (H, V) numbers, in VASSAL's sense, of the hex at (line, position) from the top-left."""
    line_number, position_number = conv.lines.number(line), conv.positions.number(position)
    if conv.orientation == "columns":
        column, row = line_number, position_number
    else:
        row, column = line_number, position_number
    return (row, column) if sideways else (column, row)


def sheet_hexes(conv: Convention, grid: BoardGrid) -> list[SheetHex]:
    """Every hex of the sheet with its printed numbers, lines left-to-right/top-to-bottom."""
    lines, positions = conv.lines, conv.positions
    lower_parity = 0 if conv.shifted == "even" else 1
    if positions.descending:
        lower_parity ^= 1
    k = 1 if lines.number(0) % 2 == lower_parity else 0
    out = []
    for i in range(lines.count):
        for j in range(positions.count):
            h = grid.hex_of_raw(i + k, j)
            line_number, position_number = lines.number(i), positions.number(j)
            if conv.orientation == "columns":
                out.append(SheetHex(h, line_number, position_number))
            else:
                out.append(SheetHex(h, position_number, line_number))
    return out
