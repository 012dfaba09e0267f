"""VASSAL's hex grid and its numbering, reproduced exactly.

:class:`HexGrid` and :class:`GridNumbering` carry the attributes of VASSAL's ``HexGrid`` and
``HexGridNumbering`` (same names in the buildFile); :class:`BoardGrid` is both on a board of
a given pixel size and answers what VASSAL answers: the location name of a board pixel
(``locationName``), the pixel of a location name (``getLocation``) and the snap point
(``snapToHex``). VASSAL names a pixel by the rectangle it falls in (rounding, not the true
hexagon) and truncates centre pixels; both are matched here, since a save written by us must
read back the hex we meant. The behaviour is that of VASSAL 3.6/3.7 (``HexGrid.java``,
``HexGridNumbering.java``, ``RegularGridNumbering.java``).

The grid's own frame is VASSAL's un-rotated one (flat-topped hexes in columns, odd raw columns
half a hex lower); a ``sideways`` grid swaps x and y at the edges, so ``x0``/``dx`` then run
down the board. Raw (column, row) indices of that frame convert to :class:`Hex` here and
nowhere else.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

from hexforge.maps.hexes import Hex

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class BadLabel(ValueError):
    """A location name that the grid's numbering cannot parse (VASSAL's ``BadCoords``)."""


def java_round(v: float) -> int:
    """``Math.round(double)``: nearest integer, ties towards positive infinity, exactly."""
    f = math.floor(v)
    return f + 1 if v - f >= 0.5 else f


@dataclass(frozen=True, slots=True)
class HexGrid:
    """VASSAL ``HexGrid`` attributes: hex size ``dy``, column spacing ``dx``, origin, rotation."""

    dx: float
    dy: float
    x0: int = 0
    y0: int = 32
    sideways: bool = False
    snap_to: bool = True

    def __post_init__(self) -> None:
        if not (self.dx > 0 and self.dy > 0):
            raise ValueError("dx and dy must be positive")


@dataclass(frozen=True, slots=True)
class GridNumbering:
    """VASSAL ``HexGridNumbering`` attributes (defaults are VASSAL's)."""

    first: Literal["H", "V"] = "H"
    sep: str = ""
    h_type: Literal["N", "A"] = "N"
    v_type: Literal["N", "A"] = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    stagger: bool = True
    location_format: str = "$gridLocation$"

    def __post_init__(self) -> None:
        if self.first not in ("H", "V") or self.h_type not in ("N", "A") or self.v_type not in ("N", "A"):
            raise ValueError("first must be H or V; h_type and v_type N or A")
        for token in self.location_format.split("$")[1::2]:
            if token and token not in ("gridLocation", "row", "column"):
                raise ValueError(f"location_format property ${token}$ is not supported "
                                 "(valid: $gridLocation$, $row$, $column$)")


def _part_name(value: int, kind: str, leading: int) -> str:
    """``RegularGridNumbering.getName(int, char, int)``."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    if kind == "A":
        out = sign
        while True:
            out += ALPHABET[value % 26]
            value -= 26
            if value < 0:
                return out
    zeros = ""
    while leading > 0 and value < 10 ** leading:
        zeros += "0"
        leading -= 1
    return sign + zeros + str(value)


def _part_value(text: str, kind: str) -> int:
    """``RegularGridNumbering.parseName``."""
    if kind != "A":
        return int(text)
    negative = text.startswith("-")
    letters = text[1:] if negative else text
    value = 26 * (len(letters) - 1) + ALPHABET.index(letters[-1])
    return -value if negative else value


_ALPHA_PATTERN = "-?(?:" + "|".join(c + "+" for c in ALPHABET) + ")"


def _part_pattern(kind: str, leading: int) -> str:
    return _ALPHA_PATTERN if kind == "A" else "-?[0-9]{%d,}" % (leading + 1)


@dataclass(frozen=True, slots=True)
class BoardGrid:
    """A numbered hex grid on a board of ``width`` x ``height`` pixels; coordinates are board pixels."""

    grid: HexGrid
    numbering: GridNumbering
    width: int
    height: int

    # -- the grid frame -------------------------------------------------------------------

    def _frame(self, x: float, y: float) -> tuple[float, float]:
        return (y, x) if self.grid.sideways else (x, y)

    @property
    def _max_rows(self) -> int:
        return math.floor(self.height / self.grid.dx + 0.5)

    @property
    def _max_columns(self) -> int:
        return math.floor(self.width / self.grid.dy + 0.5)

    # -- raw indices <-> Hex --------------------------------------------------------------

    @staticmethod
    def hex_of_raw(column: int, row: int) -> Hex:
        """Raw VASSAL (column, row) -> axial hex (odd columns shifted down: 'odd-q')."""
        return Hex(column, row - (column - (column & 1)) // 2)

    @staticmethod
    def raw_of_hex(h: Hex) -> tuple[int, int]:
        return h.q, h.r + (h.q - (h.q & 1)) // 2

    # -- pixel -> location ----------------------------------------------------------------

    def raw_at(self, x: int, y: int) -> tuple[int, int]:
        """``getRawColumn``/``getRawRow`` of a board pixel (VASSAL's rectangle rounding)."""
        g = self.grid
        fx, fy = self._frame(x, y)
        column = math.floor((fx - g.x0) / g.dx + 0.5)
        nx = java_round((fx - g.x0) / g.dx)
        if nx % 2 == 0:
            row = java_round((fy - g.y0) / g.dy)
        else:
            row = java_round((fy - g.y0 - g.dy / 2) / g.dy)
        return column, row

    def hex_at(self, x: int, y: int) -> Hex:
        """The hex VASSAL names for a board pixel."""
        return self.hex_of_raw(*self.raw_at(x, y))

    def _numbers_of_raw(self, column: int, row: int) -> tuple[int, int]:
        """``getColumn``/``getRow`` (before offsets) from raw indices."""
        n, sideways = self.numbering, self.grid.sideways
        col = column
        if n.v_descend and sideways:
            col = self._max_rows - col
        if n.h_descend and not sideways:
            col = self._max_columns - col
        r = row
        if n.v_descend and not sideways:
            r = self._max_rows - r
        if n.h_descend and sideways:
            r = self._max_columns - r
        if n.stagger and column % 2 != 0:
            descending = n.h_descend if sideways else n.v_descend
            r += -1 if descending else 1
        return col, r

    def label_of_raw(self, column: int, row: int) -> str:
        n = self.numbering
        col, r = self._numbers_of_raw(column, row)
        col_name = _part_name(col + n.h_off, n.h_type, n.h_leading)
        row_name = _part_name(r + n.v_off, n.v_type, n.v_leading)
        grid_location = col_name + n.sep + row_name if n.first == "H" else row_name + n.sep + col_name
        values = {"gridLocation": grid_location, "row": row_name, "column": col_name}
        parts = n.location_format.split("$")
        return "".join(values.get(p, "") if i % 2 else p for i, p in enumerate(parts))

    def label(self, h: Hex) -> str:
        """The location name VASSAL gives this hex."""
        return self.label_of_raw(*self.raw_of_hex(h))

    def label_at(self, x: int, y: int) -> str:
        """``locationName`` of a board pixel."""
        return self.label_of_raw(*self.raw_at(x, y))

    # -- location -> pixel ----------------------------------------------------------------

    def _label_regex(self) -> tuple[re.Pattern[str], int, int]:
        n = self.numbering
        col_pat = "(" + _part_pattern(n.h_type, n.h_leading) + ")"
        row_pat = "(" + _part_pattern(n.v_type, n.v_leading) + ")"
        regex, groups, col_group, row_group = "", 0, 0, 0
        tokens = n.location_format.split("$")
        for i, token in enumerate(tokens):
            if not token:
                continue
            if i % 2 == 0 or i == len(tokens) - 1:
                regex += re.escape(token)
            elif token == "gridLocation":
                if n.first == "H":
                    regex += col_pat + re.escape(n.sep) + row_pat
                    col_group, row_group = groups + 1, groups + 2
                else:
                    regex += row_pat + re.escape(n.sep) + col_pat
                    row_group, col_group = groups + 1, groups + 2
                groups += 2
            elif token == "row":
                groups += 1
                regex += row_pat
                row_group = groups
            elif token == "column":
                groups += 1
                regex += col_pat
                col_group = groups
        if not col_group or not row_group:
            raise BadLabel(f"location format {n.location_format!r} names no column and row")
        return re.compile(regex), col_group, row_group

    def numbers_of_label(self, label: str) -> tuple[int, int]:
        """The (column, row) numbers written in a label, as VASSAL parses them."""
        pattern, col_group, row_group = self._label_regex()
        m = pattern.fullmatch(label)
        if not m:
            raise BadLabel(f"{label!r} is not a location of this grid")
        n = self.numbering
        return _part_value(m.group(col_group), n.h_type), _part_value(m.group(row_group), n.v_type)

    def game_numbers(self, label: str) -> tuple[int, int]:
        """The (column, row) numbers of a label in a game's terms: VASSAL's first part ("H") numbers the raw
        columns, which on a sideways grid (hexes in rows) are the rows."""
        h, v = self.numbers_of_label(label)
        return (v, h) if self.grid.sideways else (h, v)

    def point_of_label(self, label: str) -> tuple[int, int]:
        """``getLocation``: the board pixel VASSAL puts a piece at for this location name."""
        n, g = self.numbering, self.grid
        col_number, row_number = self.numbers_of_label(label)
        col, row = col_number - n.h_off, row_number - n.v_off
        if n.stagger and col % 2 != 0:
            descending = n.h_descend if g.sideways else n.v_descend
            row += 1 if descending else -1
        if g.sideways:
            if n.v_descend:
                col = self._max_rows - col
            if n.h_descend:
                row = self._max_columns - row
        else:
            if n.h_descend:
                col = self._max_columns - col
            if n.v_descend:
                row = self._max_rows - row
        return self._pixel_of_raw(col, row)

    def _pixel_of_raw(self, column: int, row: int) -> tuple[int, int]:
        g = self.grid
        fx = int(column * g.dx) + g.x0
        fy = (int(row * g.dy) if column % 2 == 0 else int(row * g.dy + g.dy / 2)) + g.y0
        return self._frame(fx, fy)  # type: ignore[return-value]

    def hex_of_label(self, label: str) -> Hex:
        """The hex a piece placed at this location name lands in."""
        return self.hex_at(*self.point_of_label(label))

    def pixel(self, h: Hex) -> tuple[int, int]:
        """VASSAL's (truncated) centre pixel of a hex."""
        return self._pixel_of_raw(*self.raw_of_hex(h))

    # -- snapping and exact geometry --------------------------------------------------------

    def snap(self, x: int, y: int) -> tuple[int, int]:
        """``snapToHex`` (VASSAL's rectangle rounding), or the point itself when snapping is off."""
        g = self.grid
        if not g.snap_to:
            return x, y
        fx, fy = self._frame(x, y)
        nx = math.floor((fx - g.x0 + g.dx / 2) / g.dx)
        sx = int(g.dx * nx) + g.x0
        if nx % 2 == 0:
            sy = int(g.dy * math.floor((fy - g.y0 + g.dy / 2) / g.dy)) + g.y0
        else:
            sy = int(g.dy * math.floor((fy - g.y0) / g.dy)) + int(g.dy / 2) + g.y0
        return self._frame(sx, sy)  # type: ignore[return-value]

    def centre(self, h: Hex) -> tuple[float, float]:
        """The exact geometric centre of a hex in board pixels (for drawing and geometry)."""
        g = self.grid
        column, row = self.raw_of_hex(h)
        return self._frame(g.x0 + column * g.dx, g.y0 + row * g.dy + (g.dy / 2 if column % 2 else 0))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of a hex, in VASSAL's shape (radius ``2*dx/3``), clockwise in the frame."""
        g = self.grid
        cx, cy = self._frame(*self.centre(h))
        r, half = 2 * g.dx / 3, g.dy / 2
        frame = [(cx - r, cy), (cx - r / 2, cy - half), (cx + r / 2, cy - half),
                 (cx + r, cy), (cx + r / 2, cy + half), (cx - r / 2, cy + half)]
        return [self._frame(x, y) for x, y in frame]  # type: ignore[misc]
