"""HTTR settings through the library's ``check`` (what ``hexforge check --setting NAME=VALUE`` passes): a reading
or optional rule changes the verdicts; an unknown name or value is refused naming what would be valid."""
from __future__ import annotations

import pytest

from hexforge.rules import check
from tests.rules.httr.helpers import Log, rules_broken


def test_a_setting_changes_the_verdict():  # OPT-3: optional fatigue (SR 21.5) is a setting, off by default
    """On the second night (GT 13) A-INF1 (MA 12) moves three clear hexes, 9 MP at night, more than half its MA:
    fatigued (SR 21.5.1) once the option is on, so GT 14 begins with its Fatigue marker missing (21.5.4, as
    test_fatigue.py); off, nothing is owed."""
    log = Log({"A-INF1": "B0101", "G-INF1": "A0101"}).phase(13, "allied_movement")
    log.move("A-INF1", "B0102", "B0103", "B0104").phase(14, "allied_command")

    def broken(**settings: str) -> list:
        report = check(log.game, log.timeline(), settings=settings or None)
        return [r for j in report.judged for r in rules_broken(j.verdicts)]
    assert broken(optional_fatigue="on") == ["HTTR SR 21.5.4"]
    assert broken() == []


def test_an_unknown_setting_or_value_names_what_is_valid():
    log = Log({"G-INF1": "B0301"}).phase(1, "german_movement")
    with pytest.raises(ValueError, match="no HTTR reading \\['fatige'\\]; readings: .*optional_fatigue"):
        check(log.game, log.timeline(), settings={"fatige": "on"})
    with pytest.raises(ValueError, match="optional_fatigue='yes': expected one of"):
        check(log.game, log.timeline(), settings={"optional_fatigue": "yes"})
