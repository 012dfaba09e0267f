"""The HTTR catalogue: the note's 282 predicates, each registered once; the rulebook's conflicts as readings;
the generated docs/coverage-httr.md is the matrix of today's code."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from hexforge.rules import coverage
from hexforge.rules.httr.catalogue import HTTR_CATALOGUE, READINGS
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.registry import REGISTRY
from tests.rules.httr.helpers import Log

NOTE = Path("/work/shared/notes/predicates-ptr-httr.md")
ROOT = Path(__file__).resolve().parents[3]


def test_every_note_predicate_once():
    """Section 1B lists 282 HTTR predicates: 167 [C], 112 [D], 3 [U]; every [D] one names its datum."""
    ids = [p for p, *_ in HTTR_CATALOGUE]
    assert len(ids) == len(set(ids)) == 282
    needs = [n for *_, n in HTTR_CATALOGUE]
    assert sum(n.startswith("not observable: ") for n in needs) == 3
    assert sum(bool(n) and not n.startswith("not observable: ") for n in needs) >= 112
    if NOTE.exists():
        text = NOTE.read_text().split("### 1B.")[1].split("### 1C.")[0]
        assert len(re.findall(r"^- \[", text, re.M)) == 282
        assert len(re.findall(r"^- \[D", text, re.M)) == 112


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
    from hexforge.rules import SYSTEMS
    assert SYSTEMS["httr"][1] is HttrReferee


def test_verdicts_settle_at_each_phase_change():
    """A streamed check keeps only settled events: the referee adds nothing before its last phase change."""
    from hexforge.rules import rules_for
    log = Log({"G-INF1": "B0304", "A-INF1": "B0303"}).phase(1, "allied_movement") \
        .say("of B0303 from G-INF1 trigger leave").phase(1, "allied_organization").move("A-INF1", "B0203")
    ref = HttrReferee(rules_for(log.game), log.timeline())
    report = ref.run()
    assert ref.settled() == 2  # the second phase change
    assert [v.rule for v in report.judged[1].verdicts if hasattr(v, "rule")] == ["HTTR SR 6.6.1.2"]
