"""The fitted grid as data: ``[grid]`` in the game folder's ``survey.toml``, and its hex centres.

A game printed on several sheets has one fitted grid per sheet, each in its own table
``[grid.sheets.A]`` (the sheet's letter as the game names it); a one-sheet game keeps ``[grid]``.
Writing one sheet's table leaves every other table of the file as it was, byte for byte.

The table names the image it was fitted on (file name, SHA-256, size), so a build can tell that
an image is the one the grid belongs to. Hex centres are ``origin + a * column_step + b *
row_step`` in image pixels, where (a, b) are lattice steps from the sheet's first hex (line 0,
position 0 of the numbering convention); ``dx``/``dy``/``rotation`` are the same grid in VASSAL's
terms (a VASSAL grid cannot rotate: a build straightens the image by ``rotation`` first).
"""
from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from hexforge.maps.convention import Convention
from hexforge.output import write_atomic
from hexforge.survey.tomltext import table_spans

SURVEY_FILE = "survey.toml"


class GridFileError(ValueError):
    """A ``survey.toml`` whose ``[grid]`` cannot be read; the message names the file and the key."""


@dataclass(frozen=True)
class AtPoint:
    """A hex a person located: its label and the image pixel of its centre."""

    hex: str
    x: float
    y: float


@dataclass(frozen=True)
class FittedGrid:
    """Where the hexes are on one image (see the module docstring)."""

    image: str
    sha256: str
    width: int
    height: int
    orientation: str
    dx: float
    dy: float
    rotation: float
    origin: tuple[float, float]
    first_hex: str
    column_step: tuple[float, float]
    row_step: tuple[float, float]
    residual_mean: float
    residual_max: float
    at: tuple[AtPoint, ...]
    labelling: str
    source: str

    def centres(self, conv: Convention) -> dict[str, tuple[float, float]]:
        """Every hex of the sheet -> its centre pixel on the image (also those beyond its edges)."""
        (ox, oy), (ux, uy), (vx, vy) = self.origin, self.column_step, self.row_step
        return {label: (ox + a * ux + b * vx, oy + a * uy + b * vy) for label, (a, b) in lattice_steps(conv).items()}

    def centres_inside(self, conv: Convention) -> dict[str, tuple[float, float]]:
        """The hexes whose centre lies on the image."""
        return {k: (x, y) for k, (x, y) in self.centres(conv).items()
                if 0 <= x < self.width and 0 <= y < self.height}


def first_is_lower(conv: Convention) -> bool:
    """Whether the sheet's first line sits half a hex further down (or right) than its second
    (as :func:`hexforge.maps.convention.board_grid` decides it)."""
    lower_parity = 0 if conv.shifted == "even" else 1
    if conv.positions.descending:
        lower_parity ^= 1
    return conv.lines.number(0) % 2 == lower_parity


def lattice_steps(conv: Convention) -> dict[str, tuple[int, int]]:
    """Every label -> (a, b): lattice steps from the first hex (a along the lines, b down a line)."""
    k = 1 if first_is_lower(conv) else 0
    out = {}
    for i in range(conv.lines.count):
        shift = (((i + k) & 1) - k - i) // 2
        for j in range(conv.positions.count):
            line, pos = conv.lines.number(i), conv.positions.number(j)
            column, row = (line, pos) if conv.orientation == "columns" else (pos, line)
            out[conv.label(column, row)] = (i, j + shift)
    return out


def _num(v: float) -> str:
    return repr(round(float(v), 3))


def _str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def grid_header(sheet: str = "") -> str:
    """The table header of a sheet's grid: ``[grid]`` for a one-sheet game (``sheet`` empty), else
    ``[grid.sheets.A]`` (as :func:`hexforge.survey.tomltext.table_spans` spells headers)."""
    if not sheet:
        return "[grid]"
    key = sheet if re.fullmatch(r"[A-Za-z0-9_-]+", sheet) else _str(sheet)
    return f"[grid.sheets.{key}]"


def grid_table(g: FittedGrid, sheet: str = "") -> str:
    """The text of a sheet's grid table (``[grid]`` for a one-sheet game)."""
    at = ", ".join(f"{{ hex = {_str(p.hex)}, x = {_num(p.x)}, y = {_num(p.y)} }}" for p in g.at)
    rows = [
        grid_header(sheet),
        f"image = {_str(g.image)}", f"sha256 = {_str(g.sha256)}", f"width = {g.width}", f"height = {g.height}",
        f"orientation = {_str(g.orientation)}", f"dx = {_num(g.dx)}", f"dy = {_num(g.dy)}",
        f"rotation = {_num(g.rotation)}  # degrees, counter-clockwise",
        f"origin = [{_num(g.origin[0])}, {_num(g.origin[1])}]  # centre pixel of {g.first_hex}",
        f"first_hex = {_str(g.first_hex)}",
        f"column_step = [{_num(g.column_step[0])}, {_num(g.column_step[1])}]",
        f"row_step = [{_num(g.row_step[0])}, {_num(g.row_step[1])}]",
        f"residual_mean = {_num(g.residual_mean)}  # px: each hex measured against the fitted grid",
        f"residual_max = {_num(g.residual_max)}",
        f"at = [{at}]", f"labelling = {_str(g.labelling)}", f"source = {_str(g.source)}",
    ]
    return "\n".join(rows) + "\n"


HEADER = "# Written by `hexforge survey grid`: where the hexes are on a map image. Run it again to refit.\n"


def write_grid(game_dir: Path, grid: FittedGrid, sheet: str = "") -> Path:
    """Write a sheet's grid (``[grid]``, or ``[grid.sheets.SHEET]`` for one sheet of several) into
    ``survey.toml`` atomically, keeping every other table (other sheets' grids too) byte for byte."""
    path = Path(game_dir) / SURVEY_FILE
    header = grid_header(sheet)
    table = grid_table(grid, sheet)
    if path.exists():
        text = path.read_text(encoding="utf-8")
        _parse(path, text)
        spans = [s for s in table_spans(text) if s.header == header]
        if spans:
            s = spans[0]
            text = text[:s.start] + table + text[s.end:].lstrip("\n")
        else:
            text = text.rstrip("\n") + "\n\n" + table
    else:
        text = HEADER + table
    return write_atomic(path, text, force=True)


def _parse(path: Path, text: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise GridFileError(f"{path}: not valid TOML ({e}); fix or remove it") from None


def _doc(game_dir: Path) -> tuple[Path, dict]:
    path = Path(game_dir) / SURVEY_FILE
    if not path.exists():
        return path, {}
    return path, _parse(path, path.read_text(encoding="utf-8"))


def read_grid(game_dir: Path, sheet: str = "") -> FittedGrid | None:
    """The fitted grid of a game folder (of sheet ``sheet`` for a game on several sheets), or
    ``None`` when it has none."""
    path, doc = _doc(game_dir)
    data = doc.get("grid")
    if sheet and isinstance(data, dict):
        sheets = data.get("sheets")
        data = sheets.get(sheet) if isinstance(sheets, dict) else None
    if data is None or (not sheet and isinstance(data, dict) and set(data) <= {"sheets"}):
        return None
    return _grid(path, grid_header(sheet), data)


def read_grids(game_dir: Path) -> dict[str, FittedGrid]:
    """Every sheet's fitted grid of a game on several sheets: sheet letter -> grid."""
    path, doc = _doc(game_dir)
    sheets = doc.get("grid", {}).get("sheets", {}) if isinstance(doc.get("grid"), dict) else {}
    if not isinstance(sheets, dict):
        raise GridFileError(f"{path}: grid.sheets must be tables [grid.sheets.A], one per sheet")
    return {k: _grid(path, grid_header(k), v) for k, v in sorted(sheets.items())}


def _grid(path: Path, header: str, data: object) -> FittedGrid:
    """A grid table's values as a :class:`FittedGrid` (``header`` names the table in messages)."""
    if not isinstance(data, dict):
        raise GridFileError(f"{path}: {header} must be a table; run `hexforge survey grid` again")
    try:
        return FittedGrid(
            str(data["image"]), str(data["sha256"]), int(data["width"]), int(data["height"]),
            str(data["orientation"]), float(data["dx"]), float(data["dy"]), float(data["rotation"]),
            _pair(data["origin"]), str(data["first_hex"]), _pair(data["column_step"]), _pair(data["row_step"]),
            float(data["residual_mean"]), float(data["residual_max"]),
            tuple(AtPoint(str(p["hex"]), float(p["x"]), float(p["y"])) for p in data.get("at", [])),
            str(data.get("labelling", "")), str(data.get("source", "")))
    except KeyError as e:
        raise GridFileError(f"{path}: {header} lacks {e.args[0]!r}; run `hexforge survey grid` again") from None
    except (TypeError, ValueError) as e:
        raise GridFileError(f"{path}: {header} has a value of the wrong kind ({e}); run `hexforge survey grid` "
                            "again") from None


def _pair(v: object) -> tuple[float, float]:
    if not (isinstance(v, list) and len(v) == 2):
        raise ValueError(f"{v!r} is not a pair [x, y]")
    x, y = (float(c) for c in v)
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"{v!r} is not finite")
    return x, y
