"""HTTR bridge engineers ferrying across unbridged canals and rivers (ScR 9.1.1-9.1.5) on the synthetic game:
A0501 is an island in canals, none of its hexsides bridged; A-BENG, a bridge engineer of 2 SP,
and A-INF5 / A-INF6, rifle platoons of 2 SP. Clear costs 2 MP concentrated; a ferry 6 MP more."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, rules_broken

START = {"A-BENG": "A0601", "A-INF5": "A0601", "A-INF6": "A0601"}


def moves(setup: dict, *steps: tuple[str, str]) -> list:
    log = Log(setup).phase(1, "allied_movement")
    for u, to in steps:
        log.move(u, to)
    return log.check().judged


def test_a_ferry_from_the_engineers_hex():  # FRY-1, FRY-2, ScR 9.1.1 (L1354)
    v = moves(START, ("A-INF5", "A0501"))[-1].verdicts
    assert all_legal(v) and "8 of 12 MP" in v[0].detail  # clear 2 + the ferry's 6
    assert rules_broken(moves({"A-INF5": "A0601"}, ("A-INF5", "A0501"))[-1].verdicts) == ["HTTR ScR 9.1"]


def test_the_engineer_and_the_unit_stack_at_the_phase_start():  # FRY-1, ScR 9.1.1 (L1354)
    late = {**START, "A-BENG": "A0602"}
    judged = moves(late, ("A-BENG", "A0601"), ("A-INF5", "A0501"))
    assert all_legal(judged[-2].verdicts)
    assert rules_broken(judged[-1].verdicts) == ["HTTR ScR 9.1.1"]


def test_at_most_the_engineers_sp_a_phase():  # FRY-2, ScR 9.1.2 (L1355)
    judged = moves(START, ("A-INF5", "A0501"), ("A-INF6", "A0501"))
    assert all_legal(judged[-2].verdicts)
    assert rules_broken(judged[-1].verdicts) == ["HTTR ScR 9.1.2"]  # 2 + 2 SP > 2
    assert rules_broken(moves({**START, "A-INF1": "A0601"}, ("A-INF1", "A0501"))[-1].verdicts) == ["HTTR ScR 9.1.2"]


def test_only_foot_units_are_ferried():  # FRY-1, ScR 9.1 (L1353)
    v = moves({"A-BENG": "A0601", "A-TANK": "A0601"}, ("A-TANK", "A0501"))[-1].verdicts
    assert rules_broken(v) == ["HTTR ScR 9.1"]


def test_the_engineer_stays_or_ferries_itself():  # FRY-1, ScR 9.1.3-9.1.5 (L1356-L1358)
    judged = moves(START, ("A-INF5", "A0501"), ("A-BENG", "A0602"))
    assert rules_broken(judged[-1].verdicts) == ["HTTR ScR 9.1.3"]
    judged = moves(START, ("A-BENG", "A0501"), ("A-BENG", "A0502"))
    assert all_legal(judged[-2].verdicts)  # it ferries itself
    assert rules_broken(judged[-1].verdicts) == ["HTTR ScR 9.1.4"]
    judged = moves(START, ("A-INF5", "A0501"), ("A-BENG", "A0501"))  # having ferried, not itself too (9.1.5)
    assert rules_broken(judged[-1].verdicts) == ["HTTR ScR 9.1.3"]
