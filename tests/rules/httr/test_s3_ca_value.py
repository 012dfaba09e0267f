"""CA-19 leftovers (issue #15): the CA value's lead units and factors against the rulebook, each case one whose result,
and so whether a Disrupted layer on the defender is due (SR 5.1), changes with the rule.

Printed values: GB-HW (HW) ER 7 morale 7, 6 SP; G-INF2 and G-INF3 ER 4 morale 7, 3 SP each.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.games.game import Game

from tests.rules.httr.helpers import SYNTHETIC, all_legal, rules_broken
from tests.rules.httr.test_ca_value import C, check_pair, fight, value
from tests.rules.httr.test_close_action import ca


def retyped(tmp_path: Path, row: str, kind: str) -> Game:
    """A copy of the synthetic game where the units.csv row starting ``row`` (up to its type) has type ``kind``."""
    folder = tmp_path / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, folder)
    csv = folder / "units.csv"
    text = csv.read_text(encoding="utf-8")
    assert text.count(row) == 1
    csv.write_text(text.replace(row, row.rsplit(",", 2)[0] + f",{kind},"), encoding="utf-8")
    return load_game(folder)


def test_a_hw_defending_on_top_has_its_er_capped_at_four(tmp_path):  # CA-19, SR 18.1.2.4 (L894)
    # G-INF2 and G-INF3 (ER 4, morale 7, 6 SP) at GB-HW (ER 7 capped to 4, morale 7, 6 SP): value 6, 1d6 3 gives D;
    # the same unit typed infantry keeps ER 7: value 4, result "-"
    setup = {"GB-HW": ("B0304", C), "G-INF2": "B0303", "G-INF3": "B0303"}
    hw = fight(setup, side="german")
    line = fight(setup, side="german", g=retyped(tmp_path, "GB-HW,HW company of 6GH/69,allied,GB-6GH,HW,",
                                                 "infantry"))
    check_pair(hw, line, "GB-HW", value("open", 4 - 4, 7 - 7), value("open", 4 - 7, 7 - 7), "1:1", 3,
               "SR 18.1.2.4")


def test_a_leader_is_not_one_of_the_two_units_from_a_distance():  # CA-7, SR 10.1.12 (L543), 11.2.6 (L657)
    # two infantry companies and their division's leader A-LDR come from B0301: the leader has no combat strength and
    # is not counted; a third company is
    setup = {"G-INF1": "B0304", "A-INF1": "B0301", "A-INF2": "B0301", "A-INF5": "B0301", "A-LDR": "B0301"}
    moves = (("A-INF1", "B0303"), ("A-INF2", "B0303"), ("A-LDR", "B0303"))
    assert all_legal(ca(setup, *moves, "ca B0304 from B0303"))
    three = ca(setup, *moves, ("A-INF5", "B0303"), "ca B0304 from B0303")
    assert rules_broken(three) == ["HTTR SR 10.1.12"]
