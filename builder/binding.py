"""Which game unit each VASSAL piece is, and which game hex each module location is.

Modules hexforge builds need no binding file: each piece's BasicPiece name is its unit id and
the boards use the game's own numbering. A community module gets a TOML binding::

    [pieces]                      # piece name, or "gpid:<GPID>", -> unit id
    "Kampfgruppe Peiper" = "ger-0409"
    "gpid:17" = "us-2ad-1"

    [boards."Board A"]            # a board name, or "<map>/<board>"
    sheet = "A"                   # the game map's sheet prefix (default "")
    column_offset = 0             # added to the module's column/row numbers
    row_offset = 0
    [boards."Board A".labels]     # explicit translations, checked first
    "A1" = "0101"
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexforge.builder.errors import BindingError
from hexforge.builder.locations import Location
from hexforge.builder.modulereader import Module
from hexforge.maps.grid import BadLabel

_TOP = {"pieces", "boards"}
MAX_BINDING = 2 ** 20  # bytes of a binding file
MAX_OFFSET = 10_000    # column and row offsets
_BOARD = {"sheet", "column_offset", "row_offset", "labels"}


@dataclass(frozen=True, slots=True)
class BoardBinding:
    """How a module board's labels become game labels."""

    sheet: str = ""
    column_offset: int = 0
    row_offset: int = 0
    labels: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Binding:
    """Piece -> unit id and board -> game map; empty means 'the same names'."""

    pieces: dict[str, str] = field(default_factory=dict)
    boards: dict[str, BoardBinding] = field(default_factory=dict)
    source: str = "<default>"

    def unit(self, name: str, gpid: str, game: Any | None) -> str | None:
        """The unit id of a piece: by GPID, then by name, then the name itself when it is a unit id."""
        for key in (f"gpid:{gpid}" if gpid else None, name):
            if key and key in self.pieces:
                return self.pieces[key]
        if game is not None and name in game.units:
            return name
        return None

    def hex(self, loc: Location, module: Module, game: Any | None) -> str | None:
        """The game label of a location (None off the game map, or when no game is given)."""
        if loc.board is None or loc.map is None:
            return None
        if game is None:
            return loc.label
        bb = self.boards.get(f"{loc.map}/{loc.board}") or self.boards.get(loc.board)
        if bb is None:
            return loc.label if loc.label in game.map.index else None
        if loc.label in bb.labels:
            label = bb.labels[loc.label]
        else:
            m = module.map(loc.map)
            board = m.board(loc.board.split("#")[0]) if m else None
            if board is None or board.grid is None:
                return None
            try:
                col, row = board.grid.game_numbers(loc.label)  # hexes in rows: the first part numbers rows
            except BadLabel:
                return None
            sheet = next((s for s in game.map.sheets if s.prefix == bb.sheet), None)
            if sheet is None:
                return None
            label = bb.sheet + sheet.convention.label(col + bb.column_offset, row + bb.row_offset)
        return label if label in game.map.index else None


def _int(v: object, file: str, place: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise BindingError(file, place, f"{str(v)[:40]!r} is not an integer")
    if abs(v) > MAX_OFFSET:
        shown = v if abs(v) < 10 ** 40 else f"a number of {len(str(abs(v)))} digits"
        raise BindingError(file, place, f"{shown} is out of range (-{MAX_OFFSET:,} to {MAX_OFFSET:,})")
    return v


def _read_toml(path: Path, file: str) -> dict[str, Any]:
    """The TOML table of a binding file, within :data:`MAX_BINDING` bytes, as one clear error otherwise."""
    try:
        size = path.stat().st_size
        if size > MAX_BINDING:
            raise BindingError(file, "", f"{size:,} bytes; a binding file of at most {MAX_BINDING:,} is read")
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BindingError(file, "", "no such file") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise BindingError(file, "", f"not valid TOML ({e})") from None
    except RecursionError:
        raise BindingError(file, "", "arrays or tables nested too deep to read (a binding nests 3 levels)") from None
    except ValueError as e:  # int() past Python's digit limit
        raise BindingError(file, "", f"a number with too many digits ({e})") from None


def load_binding(path: str | Path, game: Any | None = None) -> Binding:
    """Read a binding file; with ``game``, check every unit id and sheet it names."""
    file = str(path)
    data = _read_toml(Path(path), file)
    extra = set(data) - _TOP
    if extra:
        raise BindingError(file, f"[{sorted(extra)[0]}]", "unknown table; valid: [pieces], [boards.\"<board>\"]")
    piece_map: dict[str, str] = {}
    for key, unit in (data.get("pieces") or {}).items():
        if not isinstance(unit, str):
            raise BindingError(file, f"pieces.{key!r}", "the value must be a unit id (a string)")
        if game is not None and unit not in game.units:
            some = ", ".join(sorted(game.units)[:8])
            raise BindingError(file, f"pieces.{key!r}", f"no unit {unit!r} in game {game.id!r} (units: {some}, ...)")
        piece_map[key] = unit
    boards: dict[str, BoardBinding] = {}
    for name, table in (data.get("boards") or {}).items():
        place = f"boards.{name!r}"
        if not isinstance(table, dict):
            raise BindingError(file, place, "must be a table")
        extra = set(table) - _BOARD
        if extra:
            raise BindingError(file, f"{place}.{sorted(extra)[0]}", f"unknown key; valid: {', '.join(sorted(_BOARD))}")
        sheet = table.get("sheet", "")
        if not isinstance(sheet, str):
            raise BindingError(file, f"{place}.sheet", "must be a string")
        if game is not None and sheet not in {s.prefix for s in game.map.sheets}:
            raise BindingError(file, f"{place}.sheet", f"game {game.id!r} has no sheet {sheet!r} "
                               f"(sheets: {', '.join(repr(s.prefix) for s in game.map.sheets)})")
        labels = table.get("labels") or {}
        if not isinstance(labels, dict) or not all(isinstance(v, str) for v in labels.values()):
            raise BindingError(file, f"{place}.labels", "must map module labels to game labels (strings)")
        boards[name] = BoardBinding(sheet, _int(table.get("column_offset", 0), file, f"{place}.column_offset"),
                                    _int(table.get("row_offset", 0), file, f"{place}.row_offset"), dict(labels))
    return Binding(piece_map, boards, file)
