"""HTTR ScR 23.2 (L1744) on the synthetic game's [special.early_releases]: A-GD stands for 30th Corps, its route is
row 05's road and 3 hexes stand for 12 (A-HCAV at B0101 is 4 hexes from it, at B0106 1); KG 1, KG 2 and G-DIV
stand for the 84th (1d6 of 3 or less), 180th (1-2) and 190th (1)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

RULE = "HTTR ScR 23.2"


def far_for_two_turns() -> Log:
    return Log({"A-HCAV": "B0101"}).phase(8, "german_command").phase(9, "german_command")


def test_the_roll_needs_the_condition_for_more_than_a_turn():  # SCN-9
    assert all_legal(last(far_for_two_turns().roll("Early Release", 2).check()))
    near = Log({"A-HCAV": "B0106"}).phase(8, "german_command").phase(9, "german_command").roll("Early Release", 2)
    assert rules_broken(last(near.check())) == [RULE]
    one_turn = Log({"A-HCAV": "B0106"}).phase(8, "allied_movement").move("A-HCAV", "B0105", "B0104", "B0103",
                                                                            "B0102", "B0101").phase(9, "german_command")
    assert rules_broken(last(one_turn.roll("Early Release", 2).check())) == [RULE]  # far only since GT 9 began


def test_one_roll_a_turn_and_three_divisions_in_order():  # SCN-9
    twice = far_for_two_turns().roll("Early Release", 5).roll("Early Release", 2)
    assert rules_broken(last(twice.check())) == [RULE]
    log = far_for_two_turns().roll("Early Release", 3)  # the first releases on 3 or less
    for turn in (10, 11):
        log.phase(turn, "german_command").roll("Early Release", 1)
    assert all_legal(last(log.check()))
    assert rules_broken(last(log.phase(12, "german_command").roll("Early Release", 1).check())) == [RULE]  # all released
    second = far_for_two_turns().roll("Early Release", 3).phase(10, "german_command").roll("Early Release", 3)
    assert "does not release G-KG2" in last(second.check())[0].detail  # the 180th needs 1-2


def test_the_earlier_turn_is_unknown_when_the_log_begins():  # SCN-9
    v = last(Log({"A-HCAV": "B0101"}).phase(9, "german_command").roll("Early Release", 2).check())
    assert unsure(v) and not rules_broken(v)


def test_the_bundled_route_is_not_transcribed():  # SCN-9 on the bundled data: not checkable, naming Club Route
    v = last(Log({}, BUNDLED).phase(8, "german_command").phase(9, "german_command").roll("Early Release", 2).check())
    assert any("Club Route's hexes" in x.needs for x in unsure(v)) and not rules_broken(v)
