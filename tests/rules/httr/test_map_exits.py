"""HTTR sheet exits (ScR 8.1.9) on the synthetic game: its [special.sheet_exits] has G-IBN5 (as the 9th SS
reconnaissance battalion) leave sheet A at A0105 by the end of GT 3. Sheet A's row 01 is sheet B's row 07 (the
sheets overlap): a unit leaves A stepping from it into B's row 06."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure


def test_the_battalion_leaves_the_sheet_by_its_hex():  # RES-5, ScR 8.1.9 (L1302)
    through = Log({"G-IBN5": "A0205"}).phase(2, "german_movement").move("G-IBN5", "A0105", "B0605")
    assert not illegal(last(through.check()))
    beside = Log({"G-IBN5": "A0204"}).phase(2, "german_movement").move("G-IBN5", "A0104", "B0604")
    assert rules_broken(last(beside.check())) == ["HTTR ScR 8.1.9"]


def test_by_the_end_of_gt_three():  # RES-5, ScR 8.1.9 (L1302)
    late = Log({"G-IBN5": "A0205"}).phase(3, "german_organization").phase(4, "weather")
    assert "HTTR ScR 8.1.9" in rules_broken(last(late.check()))
    gone = Log({"G-IBN5": "A0205"}).phase(3, "german_movement").move("G-IBN5", "A0105", "B0605") \
        .phase(3, "german_organization").phase(4, "weather")
    assert "HTTR ScR 8.1.9" not in rules_broken(last(gone.check()))


def test_the_bundled_battalion_is_not_transcribed():  # RES-5 on the bundled data: not checkable
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    v = last(Log({}, BUNDLED).phase(3, "german_organization").phase(4, "allied_command").check())
    assert any("9th SS Panzer reconnaissance battalion" in x.needs for x in unsure(v)) and not illegal(v)
