"""HTTR's 231st Brigade (ScR 8.2.1.4, RES-9) on the synthetic game: A-BRG1 plays it, within 1 hex of Club Route
(column 05) and no farther north along it than B0605 until the end of GT 4, then halted until A-GCO4's group is
released (its [special.releases] row: an A-BDE1 unit crossing the Synthetic Neder Rijn, A0305-A0405, by road)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, last, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

RULE = "HTTR ScR 8.2.1.4"


def move(to: str, turn: int = 2, start: str = "B0105", before: Log | None = None) -> list:
    log = before or Log({"A-BRG1": start})
    return last(log.phase(turn, "allied_movement").move("A-BRG1", to).check())


def test_the_brigade_keeps_near_the_route_until_gt_four():  # RES-9, ScR 8.2.1.4 (L1312)
    assert RULE not in rules_broken(move("B0205"))
    assert RULE not in rules_broken(move("B0206"))  # one hex off the route
    assert rules_broken(move("B0207", start="B0206")).count(RULE) == 1  # two hexes off
    assert rules_broken(move("B0705", start="B0605")).count(RULE) == 1  # north of B0605 along the route


def test_then_it_halts_until_its_division_is_released():  # RES-9, ScR 8.2.1.4 (L1312), 23.1.8
    assert rules_broken(move("B0205", turn=5)).count(RULE) == 1
    crossed = Log({"A-BRG1": "B0105", "A-GCO1": "A0305"}).phase(3, "allied_movement").move("A-GCO1", "A0405")
    assert RULE not in rules_broken(move("B0205", turn=5, before=crossed))  # A-GCO4's group: available from GT 4


def test_the_bundled_231st_is_not_in_units_csv():  # RES-9 on the bundled data: the 231st's units are not transcribed
    got = Log({}, BUNDLED).phase(1, "allied_movement").check().judged[0].verdicts
    assert any("the units of 231" in v.needs for v in unsure(got)), got
