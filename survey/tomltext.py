"""Where each table of a TOML text starts and ends, so that some tables can be cut out of a file
and everything else kept byte for byte (comments, layout, key order).

A table runs from its header line to the next header line; comment lines just before the next
header belong to that header (they usually describe it), and are not part of the table.
"""
from __future__ import annotations

import re
from typing import NamedTuple


class Span(NamedTuple):
    """A table: its header without spaces (``[[surveyed]]``) and its text's ``[start, end)`` offsets."""

    header: str
    start: int
    end: int


_COMMENT_OR_BLANK = re.compile(r"[ \t]*(#[^\n]*)?(\n|$)")


def table_spans(text: str) -> list[Span]:
    """Every table of ``text`` (a valid TOML document) with its header and extent."""
    starts = _headers(text)
    spans = []
    for n, (header, start) in enumerate(starts):
        end = starts[n + 1][1] if n + 1 < len(starts) else len(text)
        spans.append(Span(header, start, _trim(text, start, end)))
    return spans


def _trim(text: str, start: int, end: int) -> int:
    """``end`` moved back to the first of the comment lines that end the table, if it ends in any."""
    lines = text[start:end].splitlines(keepends=True)
    at, cut = end, end
    for line in reversed(lines[1:]):
        if not _COMMENT_OR_BLANK.fullmatch(line):
            break
        at -= len(line)
        if line.lstrip().startswith("#"):
            cut = at
    return cut


def _headers(text: str) -> list[tuple[str, int]]:
    """(header, offset of its line) for every table header, outside strings and multi-line values."""
    out: list[tuple[str, int]] = []
    i, n, depth, line_start = 0, len(text), 0, True
    while i < n:
        c = text[i]
        if line_start and depth == 0:
            j = i
            while j < n and text[j] in " \t":
                j += 1
            if j < n and text[j] == "[":
                end = text.find("\n", j)
                end = n if end < 0 else end
                out.append((_header(text[j:end]), i))
                i, line_start = end + 1, True
                continue
        line_start = False
        if c == "\n":
            line_start = True
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            i = _string_end(text, i)
            continue
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        i += 1
    return out


def _string_end(text: str, i: int) -> int:
    """The offset just after the string starting at ``i`` (basic, literal, or multi-line of either)."""
    q = text[i]
    escapes = q == '"'
    if text.startswith(q * 3, i):
        j = i + 3
        while True:
            k = text.find(q * 3, j)
            if k < 0:
                return len(text)
            if escapes and _escaped(text, k):
                j = k + 1
                continue
            k += 3
            for _ in range(2):  # a string may end in up to two quotes right before its closing three
                if k < len(text) and text[k] == q:
                    k += 1
            return k
    j = i + 1
    while j < len(text) and text[j] != "\n":
        if escapes and text[j] == "\\":
            j += 2
            continue
        if text[j] == q:
            return j + 1
        j += 1
    return j


def _escaped(text: str, k: int) -> bool:
    backslashes = 0
    while k - 1 - backslashes >= 0 and text[k - 1 - backslashes] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def _header(line: str) -> str:
    """``[[ a . b ]]  # note`` -> ``[[a.b]]`` (spaces outside quotes removed, comment dropped)."""
    out, i = [], 0
    while i < len(line):
        c = line[i]
        if c in "\"'":
            j = _string_end(line, i)
            out.append(line[i:j])
            i = j
            continue
        if c == "#":
            break
        if c not in " \t\r":
            out.append(c)
        i += 1
    return "".join(out)
