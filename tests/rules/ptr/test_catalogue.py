"""The PtR catalogue: the note's 203 predicates, each registered in one state; the coverage matrix lists them all
and the generated docs/coverage-ptr.md is the matrix of today's code."""
from __future__ import annotations

import re
from pathlib import Path

from hexforge.rules import coverage
from hexforge.rules.ptr.catalogue import PTR_CATALOGUE, PTR_DEPARTURES
from hexforge.rules.registry import REGISTRY
from tests.games.rawdata import note_marks

ROOT = Path(__file__).resolve().parents[3]


def test_every_note_predicate_once():
    """Section 1A of the note lists 203 PtR predicates; the catalogue holds each once."""
    ids = [p for p, *_ in PTR_CATALOGUE]
    assert len(ids) == len(set(ids)) == 203
    assert set(PTR_DEPARTURES) <= set(ids)


def test_the_catalogue_follows_the_note_or_says_why():
    """Each predicate keeps the note's mark (117 [C] checkable, 83 [D] needs a datum, 3 [U] not observable) or says
    why not: a [C] that needs a datum the bundled data lacks names it (the note was too hopeful), and any other
    change of mark is a recorded departure (``PTR_DEPARTURES``)."""
    marks = note_marks("### 1A.")
    assert (len(marks), marks.count("C"), marks.count("D"), marks.count("U")) == (203, 117, 83, 3)
    for (pid, *_, needs), mark in zip(PTR_CATALOGUE, marks):
        mine = "U" if needs.startswith("not observable: ") else "D" if needs else "C"
        assert mine == mark or (mark, mine) == ("C", "D") or pid in PTR_DEPARTURES, (pid, mark, mine)
        assert pid not in PTR_DEPARTURES or mine != mark, f"{pid} keeps the note's mark: no departure to record"


def test_registrations_name_catalogued_predicates():
    """Every PtR check registers ids of the catalogue (a typo would count for nothing)."""
    known = {p for p, *_ in PTR_CATALOGUE}
    for r in REGISTRY:
        if r.where.startswith("ptr."):
            for part in r.predicate.split("/"):
                assert part in known, (r.where, part)


def test_matrix_lists_every_predicate_and_states():
    m = coverage("ptr")
    rows = [line for line in m.splitlines() if line.startswith("| PTR")]
    assert len(rows) == 203
    assert "| PTR3-3 |" in m and "not observable" in next(r for r in rows if r.startswith("| PTR3-3 |"))
    assert "implemented" in next(r for r in rows if r.startswith("| PTR9-1 |"))


def test_generated_doc_is_current():
    doc = ROOT / "docs" / "coverage-ptr.md"
    assert doc.read_text().rstrip("\n") == coverage("ptr").rstrip("\n"), \
        "regenerate: hexforge rules coverage ptr --write docs/coverage-ptr.md --force"
