"""Arrival codes of a Game Turn Record Track, as a scenario's ``[[reinforcements]]`` ``entry`` may give them
(Highway to the Reich ScR 12.1 L1458): "7A3930" is GT 7, Map A, hex A3930; "10B East" is GT 10 anywhere along
Map B's east edge, the terrain file's ``[[edges]]`` id ``B-east``.

Reading: the rulebook writes the edge in lower case in its text ("in lower-case") and capitalised in its example
("10B East"); both are accepted, the edge id is the lower-case word.
"""
from __future__ import annotations

import re
from typing import NamedTuple

CODE = re.compile(r"^\s*(\d+)([A-Z])(?:(\d{4})|\s+([A-Za-z]+))\s*$")
LOOKS_LIKE = re.compile(r"^\s*\d+\s*[A-Za-z]")  # a turn number then a letter: meant as a code
VALID = "an arrival code is GT, map letter and 4-digit hex (\"7A3930\") or GT, map letter and edge (\"10B East\")"


class Code(NamedTuple):
    """An arrival code: its GT, map letter, and hex label or map edge id."""

    turn: int
    sheet: str
    hex: str | None
    edge: str | None


def arrival_code(text: str) -> Code | None:
    """"7A3930" -> GT 7, Map A, hex A3930; "10B East" -> GT 10, Map B, edge ``B-east``; None if not a code."""
    m = CODE.match(text)
    if m is None:
        return None
    turn, sheet, digits, edge = m.groups()
    return Code(int(turn), sheet, f"{sheet}{digits}" if digits else None, f"{sheet}-{edge.lower()}" if edge else None)


def meant_as_code(text: str) -> bool:
    """Whether ``text`` starts as a code does (a GT, then a letter), so a failed parse is a bad code."""
    return LOOKS_LIKE.match(text) is not None
