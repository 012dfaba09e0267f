"""CA-19 leftovers (issue #15): the CA value's lead units and factors against the rulebook, each case one whose result,
and so whether a Disrupted layer on the defender is due (SR 5.1), changes with the rule.

Printed values: GB-HW (HW) ER 7 morale 7, 6 SP; G-INF2 and G-INF3 ER 4 morale 7, 3 SP each.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.games.game import Game

from tests.rules.httr.helpers import SYNTHETIC
from tests.rules.httr.test_ca_value import C, check_pair, fight, value


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
