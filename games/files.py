"""Reading the text of game-data files defensively: bounded size, UTF-8 (with or without a BOM),
TOML with bounded nesting and finite, representable numbers, and unit-value cells.

Each reader returns its result or raises :class:`BadFile` with the place and what would be
valid; the loader turns that into a :class:`~hexforge.games.problems.Problem`.
"""
from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path
from typing import Any

from hexforge.games.values import UNKNOWN

MAX_FILE_BYTES = 5_000_000
MAX_TOML_DEPTH = 32  # tables and arrays within each other; the bundled games nest at most 8
TOML_INT_RANGE = (-(2**63), 2**63 - 1)  # TOML 1.0: integers are 64-bit
MAX_CELL_DIGITS = 9  # a unit value such as 4, 12 or 1.5; no printed counter has more
_BOM = "\ufeff"
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


class BadFile(ValueError):
    """A file that cannot be read as game data: ``place`` (e.g. ``line 3, column 7``) and the message."""

    def __init__(self, place: str, message: str) -> None:
        self.place = place
        self.message = message
        super().__init__(f"{place}: {message}" if place else message)


def read_text(path: Path) -> str:
    """The file's text: at most :data:`MAX_FILE_BYTES` bytes of UTF-8, an initial BOM dropped
    (spreadsheet programs such as Excel write one)."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise BadFile("", f"file is {size} bytes; game-data files may have at most {MAX_FILE_BYTES}")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        start = data.rfind(b"\n", 0, e.start) + 1
        column = len(data[start:e.start].decode("utf-8", errors="replace")) + 1
        raise BadFile(f"line {line}, column {column}",
                      f"byte 0x{data[e.start]:02x} is not UTF-8; the file must be saved as UTF-8 "
                      "(it looks like another encoding, e.g. Latin-1 or Windows-1252)") from None
    return text.removeprefix(_BOM)


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML document of ``path``, refusing what no game needs and TOML does not promise."""
    text = read_text(path)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
        place = f"line {m.group(1)}, column {m.group(2)}" if m else ""
        raise BadFile(place, f"not valid TOML: {str(e).split(' (at line')[0]}") from None
    except RecursionError:
        raise BadFile("", f"arrays or tables are nested far too deeply for a TOML reader "
                          f"(game data nests at most {MAX_TOML_DEPTH} levels)") from None
    except ValueError as e:  # tomllib lets int()'s digit limit through
        raise BadFile("", f"a number is too long ({e}); TOML integers are 64-bit "
                          f"({TOML_INT_RANGE[0]}..{TOML_INT_RANGE[1]})") from None
    check_values(raw)
    return raw


def check_values(raw: Any) -> None:
    """Refuse nesting deeper than :data:`MAX_TOML_DEPTH`, NaN and infinite floats and integers
    outside TOML's 64-bit range; the place is the key path. Iterative, so depth cannot overflow."""
    todo: list[tuple[Any, str, int]] = [(raw, "", 0)]
    while todo:
        value, place, depth = todo.pop()
        if isinstance(value, (dict, list)):
            if depth >= MAX_TOML_DEPTH:
                raise BadFile(place, f"arrays or tables are nested more than {MAX_TOML_DEPTH} levels deep "
                                     f"(game data nests at most {MAX_TOML_DEPTH} levels)")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                sub = f"{place}[{k}]" if isinstance(k, int) else (f"{place}.{k}" if place else str(k))
                todo.append((v, sub, depth + 1))
        elif isinstance(value, float) and not math.isfinite(value):
            raise BadFile(place, f"{value} is not a finite number (numbers in game data are finite; "
                                 "write \"unknown\" for a value the source does not give)")
        elif isinstance(value, int) and not isinstance(value, bool) \
                and not TOML_INT_RANGE[0] <= value <= TOML_INT_RANGE[1]:
            raise BadFile(place, f"integer with {len(str(abs(value)))} digits is outside TOML's 64-bit range "
                                 f"({TOML_INT_RANGE[0]}..{TOML_INT_RANGE[1]})")


def unit_cell(text: str) -> Any:
    """A unit value cell as the game uses it: ``int``, ``float``, ``unknown`` or ``""`` (does not
    apply); ``None`` when it is none of these. A number is plain decimal (``4``, ``-1``, ``1.5``)
    of at most :data:`MAX_CELL_DIGITS` digits, so NaN, infinities, exponents and 5,000-digit
    strings are not numbers here."""
    if text in ("", UNKNOWN):
        return text
    if not _NUMBER.fullmatch(text) or sum(c in "0123456789" for c in text) > MAX_CELL_DIGITS:
        return None
    return float(text) if "." in text else int(text)


CELL_RULE = (f"a plain decimal number of at most {MAX_CELL_DIGITS} digits (like 4, -1 or 1.5), "
             "'unknown', or empty (does not apply)")
