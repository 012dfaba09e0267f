"""HTTR scenario starts (ScR 16.1, 24.0) on a copy of the synthetic game with a scenario 'late' that begins with the
Allied Fire Phase of GT 2 and keeps the units on sheet A inactive until the Allied Movement Phase of GT 3 (as the
bundled scenarios' ``first_phase`` and the campaign's ``inactive_until`` for Map D)."""
from __future__ import annotations

import shutil

import pytest

from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from tests.rules.httr.helpers import SYNTHETIC, Log, all_legal, rules_broken

LATE = '''id = "late"
name = "Synthetic late start"
source = "synthetic test data"
first_turn = 2
last_turn = 8
first_player = "allied"

[special_rules]
source = "synthetic test data (the pattern of HTTR ScR 22.1 L1699, ScR 24.0 L1768)"
first_phase = "allied_fire"
inactive_until = [{ sheet = "A", turn = 3, phase = "allied_movement" }]
'''


@pytest.fixture(scope="module")
def late(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games") / "httr-synthetic"
    shutil.copytree(SYNTHETIC, folder)
    (folder / "scenarios" / "late.toml").write_text(LATE)
    return load_game(folder)


def judged(log: Log, scenario: str = "late") -> list:
    return HttrReferee(rules_for(log.game, scenario), log.timeline()).run().judged[-1].verdicts


def test_nothing_is_done_before_the_scenario_begins(late):  # SOP-5, ScR 16.1 / 22.1 (L1521, L1699)
    setup = {"A-INF1": "B0101"}
    assert rules_broken(judged(Log(setup, late).phase(2, "allied_command").move("A-INF1", "B0102"))) == \
        ["HTTR ScR 16.1"]
    assert all_legal(judged(Log(setup, late).phase(2, "allied_command")))  # the tracker passes it
    assert all_legal(judged(Log(setup, late).phase(2, "allied_fire").phase(2, "allied_movement")
                            .move("A-INF1", "B0102")))
    assert rules_broken(judged(Log(setup, late).phase(2, "allied_command").roll("Morale Check", 3, 3))) == \
        ["HTTR ScR 16.1"]
    assert all_legal(judged(Log(setup, late).phase(2, "allied_command").roll("Morale Check", 3, 3), "basic"))


def test_units_on_an_inactive_sheet_do_not_move(late):  # SOP-5, ScR 24.0 (L1768)
    assert rules_broken(judged(Log({"A-INF1": "A0601"}, late).phase(2, "allied_movement")
                               .move("A-INF1", "A0602"))) == ["HTTR ScR 24.0"]
    assert all_legal(judged(Log({"A-INF1": "A0601"}, late).phase(3, "allied_movement").move("A-INF1", "A0602")))
    assert all_legal(judged(Log({"A-INF1": "B0101"}, late).phase(2, "allied_movement").move("A-INF1", "B0102")))


def test_the_bundled_scenarios_start_phases():  # SOP-5, ScR 22.1 (L1699): S22 begins with Phase 5 of GT 2
    g = load_game("highway-to-the-reich")
    log = Log({"501/101": "D0917"}, g).phase(2, "allied_command").roll("Morale Check", 3, 3)
    assert rules_broken(judged(log, "s22")) == ["HTTR ScR 16.1"]
    assert all_legal(judged(Log({"501/101": "D0917"}, g).phase(2, "allied_fire").roll("Morale Check", 3, 3), "s22"))
