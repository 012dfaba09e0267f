"""The HTTR catalogue: the note's 282 predicates, each registered once; the rulebook's conflicts as readings;
the generated docs/coverage-httr.md is the matrix of today's code."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from hexforge.rules import coverage
from hexforge.rules.httr.catalogue import HTTR_CATALOGUE, HTTR_DEPARTURES, READINGS
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.registry import REGISTRY
from tests.games.rawdata import note_marks
from tests.rules.httr.helpers import Log

ROOT = Path(__file__).resolve().parents[3]


def test_every_note_predicate_once():
    """Section 1B of the note lists 282 HTTR predicates; the catalogue holds each once."""
    ids = [p for p, *_ in HTTR_CATALOGUE]
    assert len(ids) == len(set(ids)) == 282
    assert set(HTTR_DEPARTURES) <= set(ids)


def test_the_catalogue_follows_the_note_or_says_why():
    """Each predicate keeps the note's mark (167 [C], 112 [D], 3 [U]) or says why not: a [C] that needs a datum
    the bundled data lacks names it, and any other change of mark is a recorded departure (``HTTR_DEPARTURES``)."""
    marks = note_marks("### 1B.")
    assert (len(marks), marks.count("C"), marks.count("D"), marks.count("U")) == (282, 167, 112, 3)
    for (pid, *_, needs), mark in zip(HTTR_CATALOGUE, marks):
        mine = "U" if needs.startswith("not observable: ") else "D" if needs else "C"
        assert mine == mark or (mark, mine) == ("C", "D") or pid in HTTR_DEPARTURES, (pid, mark, mine)
        assert pid not in HTTR_DEPARTURES or mine != mark, f"{pid} keeps the note's mark: no departure to record"


def test_registrations_name_catalogued_predicates():
    known = {p for p, *_ in HTTR_CATALOGUE}
    mine = [r for r in REGISTRY if r.where.startswith("httr.")]
    assert mine
    for r in mine:
        for part in r.predicate.split("/"):
            assert part in known, (r.where, part)


def test_readings_name_their_default_among_their_options():
    for r in READINGS:
        assert r.default in {o for o, _ in r.options}, r.name
        assert r.why and r.rules


def test_an_unknown_reading_is_refused():
    with pytest.raises(ValueError, match="no HTTR reading"):
        Log({}).check(return_fires="once_per_phase")


def test_generated_doc_is_current():
    """Regenerate with ``hexforge rules coverage httr --write docs/coverage-httr.md --force``."""
    assert (ROOT / "docs" / "coverage-httr.md").read_text() == coverage("httr")


def test_the_referee_is_the_systems():
    from hexforge.rules import systems
    assert systems()["httr"][1] is HttrReferee


def test_verdicts_settle_at_each_phase_change():
    """A streamed check keeps only settled events: the referee adds nothing before its last phase change."""
    from hexforge.rules import rules_for
    log = Log({"G-INF1": "B0304", "A-INF1": "B0303"}).phase(1, "allied_movement") \
        .say("of B0303 from G-INF1 trigger leave").phase(1, "allied_organization").move("A-INF1", "B0203")
    ref = HttrReferee(rules_for(log.game), log.timeline())
    report = ref.run()
    assert ref.settled() == 2  # the second phase change
    assert [v.rule for v in report.judged[1].verdicts if hasattr(v, "rule")] == ["HTTR SR 6.6.1.2"]
