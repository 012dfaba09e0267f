"""The chat grammar of an attack or bombardment declaration (F&M 8.0-8.2), read by a tokenizer in one
pass (linear in the line's length; no backtracking pattern):

    (attack|bombard)[s] TARGET {[,] [and] TARGET} [from WORD {[,] WORD}] [sfm MARKS] [vs MARKS]

MARKS are values, ``+``, commas and pool tags (``6 air, 3 us``); the line must end after the declaration.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from hexforge.rules.fm.sfm import TAGS

OPENING = re.compile(r"\b(attack|bombard)s?(?=\s)", re.I)
TOKEN = re.compile(r"\w+|[+,]|\S")
SECTIONS = ("from", "sfm", "vs")  # in this order, each at most once
MAX_OPENINGS = 8  # opening words tried per line (each try reads the rest once): bounds the work per line


@dataclass(frozen=True, slots=True)
class Declaration:
    """A declared attack: its kind, its target words as typed (``target``) and as hex labels (``targets``),
    the attackers' hexes or unit ids, and the attacker's and defender's support fire markers as typed."""

    kind: str  # attack | bombard
    target: str
    targets: tuple[str, ...]
    attackers: tuple[str, ...]
    sfm: str | None
    dsfm: str | None


def parse_declaration(text: str) -> Declaration | None:
    """The declaration in a chat line (the first opening word a declaration follows), else ``None``."""
    for n, m in enumerate(OPENING.finditer(text)):
        if n == MAX_OPENINGS:
            break
        d = _rest(m.group(1).lower(), text, m.end())
        if d is not None:
            return d
    return None


def _rest(kind: str, text: str, start: int) -> Declaration | None:
    parts: dict[str, list[re.Match]] = {"target": []}
    current = "target"
    for tok in TOKEN.finditer(text, start):
        word = tok.group().lower()
        later = SECTIONS[SECTIONS.index(current) + 1:] if current in SECTIONS else SECTIONS
        if word in later and parts[current]:
            current = word
            parts[current] = []
        else:
            parts[current].append(tok)
    words = [t.group() for t in parts["target"] if t.group() != ","]
    if not words or not all(re.fullmatch(r"\w+", w) for w in words) or parts["target"][0].group() == ",":
        return None
    attackers = [t.group() for t in parts.get("from", []) if t.group() != ","]
    if "from" in parts and (not attackers or not all(re.fullmatch(r"\w+", w) for w in attackers)):
        return None
    marks = {k: parts[k] for k in ("sfm", "vs") if k in parts}
    for toks in marks.values():
        if not toks or not all(t.group() in "+," or t.group().isdigit() or t.group().lower() in TAGS for t in toks):
            return None
    first, last = parts["target"][0], parts["target"][-1]
    return Declaration(kind, text[first.start():last.end()], tuple(w for w in words if w.lower() != "and"),
                       tuple(attackers), _typed(text, marks.get("sfm")), _typed(text, marks.get("vs")))


def _typed(text: str, toks: list[re.Match] | None) -> str | None:
    return text[toks[0].start():toks[-1].end()] if toks else None
