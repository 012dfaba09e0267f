"""Issues #14/#15: every PtR and HTTR predicate the coverage matrix calls implemented (or needing data) has a test
that names its id, so that a reader of the matrix can find the legal and the illegal case on the synthetic game."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from hexforge.rules import coverage

TESTS = Path(__file__).resolve().parents[1]
STATES = ("implemented", "needs data")


def implemented_ids(system: str) -> list[str]:
    """The predicate ids of the coverage matrix's rows whose state is implemented or needs data."""
    ids = []
    for line in coverage(system).splitlines():
        cells = [c.strip() for c in line.split("|")]
        if line.startswith("| ") and len(cells) > 4 and cells[1] != "predicate" and cells[4].startswith(STATES):
            ids.append(cells[1])
    return ids


def untested(system: str, folder: str) -> list[str]:
    """The ids of ``implemented_ids`` that no test file of ``folder`` or tests/vassal names (PTR1-1 is not
    PTR1-10)."""
    files = [*(TESTS / "rules" / folder).rglob("*.py"), *(TESTS / "vassal").rglob("*.py")]
    text = "\n".join(p.read_text(encoding="utf-8") for p in files)
    return [i for i in implemented_ids(system) if not re.search(re.escape(i) + r"(?![0-9])", text)]


def test_the_matrix_has_implemented_rows():
    """The guard below would pass vacuously on a matrix it cannot read."""
    assert len(implemented_ids("ptr")) > 100 and len(implemented_ids("httr")) > 100


@pytest.mark.parametrize("system", ["ptr", "httr"])
def test_every_implemented_predicate_is_named_by_a_test(system):
    """Each implemented/needs-data predicate id appears in some test under tests/rules/<system> or tests/vassal
    (in the docstring of its legal and illegal cases)."""
    missing = untested(system, system)
    assert not missing, (f"{len(missing)} {system} predicates are implemented but no test under "
                         f"tests/rules/{system} or tests/vassal names them: {', '.join(missing)}; name the id in "
                         f"the docstring of the tests holding its legal and illegal case (or write them)")
