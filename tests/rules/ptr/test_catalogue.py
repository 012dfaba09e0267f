"""The PtR catalogue: the note's 203 predicates, each registered in one state; the coverage matrix lists them all
and the generated docs/coverage-ptr.md is the matrix of today's code."""
from __future__ import annotations

import re
from pathlib import Path

from hexforge.rules import coverage
from hexforge.rules.ptr.catalogue import PTR_CATALOGUE
from hexforge.rules.registry import REGISTRY

NOTE = Path("/work/shared/notes/predicates-ptr-httr.md")
ROOT = Path(__file__).resolve().parents[3]


def test_every_note_predicate_once():
    """Section 1A of the note lists 203 PtR predicates: 117 [C], 83 [D], 3 [U] (its counts line)."""
    ids = [p for p, *_ in PTR_CATALOGUE]
    assert len(ids) == len(set(ids)) == 203
    kinds = [("U" if n.startswith("not observable: ") else "D" if n else "C") for *_, n in PTR_CATALOGUE]
    assert (kinds.count("C"), kinds.count("D"), kinds.count("U")) == (117, 83, 3)
    if NOTE.exists():
        text = NOTE.read_text().split("### 1B.")[0].split("### 1A.")[1]
        assert len(re.findall(r"^- \[", text, re.M)) == 203


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
