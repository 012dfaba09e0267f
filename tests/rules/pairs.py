"""The legal/illegal pair guard the referees' tests share (issues #14, #15): every implemented predicate names a
legal test (asserting no Illegal) and an illegal test (asserting an Illegal of its rule, or of another with the
reason it shows there), each naming the predicate's id. A wing gives its table and how its tests read (its
folder, what a clean-log assertion looks like, how a test asserts a rule, which rules are the predicate's own)."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Callable

Section = tuple[tuple[str, ...], frozenset[str]]  # a rule section's numbers and letters


@cache
def test_source(folder: Path, test: str) -> str | None:
    """The source of ``file.py::function`` under ``folder``, or None when there is no such test."""
    name, _, func = test.partition("::")
    path = folder / name
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef) and node.name == func and func.startswith("test"):
            return ast.get_source_segment(text, node)
    return None


def names(text: str, pid: str) -> bool:
    """Whether ``text`` names the predicate id (PTR15-3, not PTR15-30)."""
    return re.search(re.escape(pid) + r"(?![0-9])", text) is not None


def same_section(a: Section, c: Section) -> bool:
    """Whether section ``a`` is section ``c``, within it, or holds it: equal numbers with shared (or no) letters, or
    one's numbers a prefix of the other's when the shorter names no letter (15.4.4 holds 15.4.4.2B; 10.3C is not
    10.3.2B)."""
    (na, la), (nc, lc) = a, c
    if na == nc:
        return not la or not lc or bool(la & lc)
    if na == nc[:len(na)]:
        return not la
    if nc == na[:len(nc)]:
        return not lc
    return False


@dataclass(frozen=True)
class Guard:
    """One wing's pair guard: ``folder`` of its tests, ``clean`` the pattern of a legal case's assertion,
    ``asserts(test, rule)`` whether a test asserts the rule broken, ``own(pid, rule)`` whether the rule is the
    predicate's, ``numbers(pid)`` its catalogue rule text, ``refused(test)`` tests that may never be a pair's."""

    folder: Path
    clean: re.Pattern[str]
    asserts: Callable[[str, str], bool]
    own: Callable[[str, str], bool]
    numbers: Callable[[str], str]
    refused: Callable[[str], bool] = lambda test: False

    def source(self, test: str) -> str | None:
        return test_source(self.folder, test)

    def problems(self, pid: str, legal: str, bad: str, rule: str, why: str = "") -> list[str]:
        """What is wrong with the pair (legal test, illegal test, the rule it asserts[, why that rule])."""
        out = []
        for test, side in ((legal, "legal"), (bad, "illegal")):
            text = self.source(test)
            if text is None or self.refused(test):
                out.append(f"{pid}: no {side} test {test}")
            elif not names(text, pid):
                out.append(f"{pid}: the {side} test {test} does not name {pid}")
        if self.source(legal) is not None and not self.clean.search(self.source(legal)):
            out.append(f"{pid}: the legal test {legal} asserts no verdicts free of Illegal")
        if self.source(bad) is not None and not self.asserts(bad, rule):
            out.append(f"{pid}: the illegal test {bad} does not assert an Illegal citing {rule!r}")
        if not self.own(pid, rule) and not why:
            out.append(f"{pid}: {rule!r} is none of its catalogue rules ({self.numbers(pid)}) and the pair does not "
                       "say why it shows there")
        return out


def unpaired(ids: list[str], pairs: dict, gaps: dict) -> str:
    """What the table misses ('' when nothing): ids with neither a pair nor a gap, with both, or no longer
    implemented."""
    missing = [i for i in ids if i not in pairs and i not in gaps]
    both = sorted(set(pairs) & set(gaps))
    stale = sorted((set(pairs) | set(gaps)) - set(ids))
    return "" if not (missing or both or stale) else (f"no pair or gap: {missing}; both: {both}; not implemented or "
                                                      f"needing data: {stale}")
