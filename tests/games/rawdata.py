"""Read bundled game files directly, for spot checks of the data against the rulebook.

These helpers deliberately bypass the game loader: a spot check compares what the data file
says with what the rulebook line says, nothing else.
"""
from __future__ import annotations

import csv
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

GAMES = Path(__file__).resolve().parents[2] / "games"


def rulebooks() -> Path:
    """The rulebook folder: ``$HEXFORGE_RULEBOOKS``, else ``../shared/rulebooks`` beside the repository."""
    return Path(os.environ.get("HEXFORGE_RULEBOOKS") or GAMES.parents[1] / "shared" / "rulebooks")


def toml(game: str, relpath: str) -> dict[str, Any]:
    """The parsed TOML file ``games/<game>/<relpath>``."""
    with open(GAMES / game / relpath, "rb") as f:
        return tomllib.load(f)


def units(game: str) -> dict[str, dict[str, str]]:
    """The rows of ``games/<game>/units.csv`` keyed by unit id."""
    with open(GAMES / game / "units.csv", newline="", encoding="utf-8") as f:
        return {row["id"]: row for row in csv.DictReader(f)}


def plain(value: Any) -> Any:
    """A value without its source wrapper: ``{value = X, source = ...}`` gives X."""
    if isinstance(value, dict) and "value" in value:
        return value["value"]
    return value


def find(items: list[dict[str, Any]], **match: Any) -> dict[str, Any]:
    """The one entry of a TOML array of tables whose keys equal ``match``."""
    hits = [i for i in items if all(plain(i.get(k)) == v for k, v in match.items())]
    assert len(hits) == 1, f"expected one entry with {match}, found {len(hits)}"
    return hits[0]


def rulebook_line(book: str, line: int) -> str:
    """Line ``line`` (1-based) of ``<rulebooks>/<book>``, for tests that quote it.

    Skips the calling test when the rulebook is not there (the rulebooks are not part of the
    repository), unless HEXFORGE_RULEBOOKS_REQUIRED=1, as in CI, which makes that a failure.
    """
    path = rulebooks() / book
    if not path.is_file():
        why = (f"rulebook {book} not found in {rulebooks()}: set HEXFORGE_RULEBOOKS to the folder "
               "holding the transcribed rulebooks to run the rulebook spot checks")
        if os.environ.get("HEXFORGE_RULEBOOKS_REQUIRED") == "1":
            pytest.fail(why)
        pytest.skip(why)
    return path.read_text(encoding="utf-8").splitlines()[line - 1]


def predicates_note() -> str:
    """The text of ``../shared/notes/predicates-ptr-httr.md`` (the reading notes beside the repository, as the
    rulebooks are): skips the calling test without it, unless HEXFORGE_RULEBOOKS_REQUIRED=1 (CI) fails it."""
    path = rulebooks().parent / "notes" / "predicates-ptr-httr.md"
    if not path.is_file():
        why = f"reading note {path} not found (it is not part of the repository)"
        if os.environ.get("HEXFORGE_RULEBOOKS_REQUIRED") == "1":
            pytest.fail(why)
        pytest.skip(why)
    return path.read_text(encoding="utf-8")


def note_marks(section: str) -> list[str]:
    """The marks of one section's predicate lines of the note, in order: ``C`` checkable with the transcribed
    data, ``D`` needs a datum it lacks, ``U`` not observable (``### 1A.`` PtR, ``### 1B.`` HTTR)."""
    import re
    text = predicates_note().split(section)[1].split("\n### ")[0]
    return [m[0] for m in re.findall(r"^- \[([^\]]*)\]", text, re.M)]


def cell(game: str, table_id: str, row_key: Any, column: str) -> Any:
    """The plain value of one cell of ``tables/<table_id>.toml``, by row key and column header."""
    t = toml(game, f"tables/{table_id}.toml")
    row = find(t["rows"], key=row_key)
    return plain(row["cells"][t["columns"].index(column)])
