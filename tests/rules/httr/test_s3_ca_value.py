"""CA-19 leftovers (issue #15): the CA value's lead units and factors against the rulebook, each case one whose result,
and so whether a Disrupted layer on the defender is due (SR 5.1), changes with the rule.

Printed values: GB-HW (HW) ER 7 morale 7, 6 SP; G-INF2 and G-INF3 ER 4 morale 7, 3 SP each.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.games.game import Game

from tests.rules.httr.helpers import SYNTHETIC, Log, all_legal, last, rules_broken
from tests.rules.httr.test_ca_value import DF, NIGHT, C, check_pair, fight, value
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


def lead_ca(setup: dict, lead: str = "", turn: int = 1, roll: int = 3, **readings: str) -> list:
    """The verdicts on the CA die of a CA of B0303 on B0304 declared with ``lead``."""
    return last(Log(setup).phase(turn, "allied_movement").say(f"ca B0304 from B0303{lead}").roll("Close Action", roll)
                .check(**readings))


def test_the_declared_lead_unit_fights():  # CA-18, CA-19: SR 10.3 (L571), reading ca_lead
    # at night, A-GREEN (ER 1, morale 3) on A-INF1 (5/8) at G-INF2 (4/7): led by A-GREEN the value is below 1, a DIS
    # (no morale check to ignore it): the CA ceases and its die may not be rolled; led by A-INF1 the table's cell for
    # 1/1, two columns left, and the die stands; by the reading ca_lead=top the declared lead is not used
    setup = {"G-INF2": ("B0304", C), "A-INF1": "B0303", "A-GREEN": "B0303"}
    assert rules_broken(lead_ca(setup, turn=NIGHT, roll=5)) == ["HTTR SR 10.3"]
    led = lead_ca(setup, " lead A-INF1", turn=NIGHT, roll=5)
    assert all_legal(led) and f"CA value {value('open', 5 - 4, 8 - 7, -2)}," in (led[0].detail or "")
    assert rules_broken(lead_ca(setup, " lead A-INF1", turn=NIGHT, roll=5, ca_lead="top")) == ["HTTR SR 10.3"]


def test_the_defenders_lead_may_be_declared():  # CA-18, SR 10.3 (L571): 'lead units for the attacker and defender'
    setup = {"G-INF2": ("B0304", C), "G-INF3": ("B0304", C), "A-INF1": "B0303"}
    # G-INF2 second of the defending stack may lead it; under G-INF1 it is third and may not
    assert all_legal(ca(setup, "ca B0304 from B0303 lead A-INF1 G-INF2"))
    third = ca({**setup, "G-INF1": ("B0304", C)}, "ca B0304 from B0303 lead A-INF1 G-INF2")
    assert rules_broken(third) == ["HTTR SR 10.3"]


def test_a_leader_on_top_is_not_the_lead():  # CA-19, SR 11.2.6 (L657), 11.5.5 (L680): a leader has no ER
    # A-LDR on A-INF1: A-INF1 leads (with its leader's +2, SR 10.4.2.5), as the CA value says; it was not checkable
    got = lead_ca({"G-INF2": ("B0304", C), "A-INF1": "B0303", "A-LDR": "B0303"})
    assert all_legal(got) and f"CA value {value('open', 5 - 4, 8 + 2 - 7)}," in (got[0].detail or "")


def test_the_engineer_reading_sets_its_mode_conditions():  # CA-19, SR 10.4.2.4 (L590) vs 18.4.2.1-18.4.2.2 (L918-919)
    # A-ENG in Defilade second under A-INF1 at G-INF1 (on G-INF2, G-INF3): by 10.4.2.4 (the default) no morale bonus,
    # by 18.4.2.1 (ca_engineer=engineer_section) +2 in any mode; to negate an entrenchment it must be Concentrated
    # (18.4.2.2)
    defenders = {"G-INF3": "B0304", "G-INF2": "B0304", "G-INF1": "B0304"}
    hid = fight({**defenders, "A-INF2": "B0303", "A-ENG": ("B0303", DF), "A-INF1": "B0303"}, roll=5)
    plain, section = last(hid.check()), last(hid.check(ca_engineer="engineer_section"))
    assert all_legal(plain) and all_legal(section)
    assert f"CA value {value('open', 3, 8 - 4)}," in (plain[0].detail or "")
    told_section = section[0].detail or ""
    assert f"CA value {value('open', 3, 8 + 2 - 4)}," in told_section and "SR 18.4.2.1" in told_section
    dug = fight({"G-INF1": ("B0304", DF), "A-INF2": "B0303", "A-ENG": ("B0303", DF), "A-INF1": "B0303"},
                first=lambda log: log.marker("e1", "Entrenchment", "B0304"))
    assert "negates the entrenchment" in (last(dug.check())[0].detail or "")
    kept = last(dug.check(ca_engineer="engineer_section"))[0].detail or ""
    assert "entrenched in Defilade: morale +2 (SR 10.4.2.1)" in kept


def test_an_armored_engineer_must_be_dismounted(tmp_path):  # CA-19, SR 18.4.2.3 (L920), 10.4.2.2 (L590)
    # A-ENG (here tracked) second under A-INF1, Concentrated, at G-INF1 on G-INF2 and G-INF3: mounted no engineer
    # bonus, dismounted +2 (A-INF1 leads: no dismounted ER penalty)
    folder = tmp_path / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, folder)
    csv = folder / "units.csv"
    text = csv.read_text(encoding="utf-8")
    row = ",engineer,company,leg,"
    line = next(x for x in text.splitlines() if x.startswith("A-ENG,"))
    assert row in line
    csv.write_text(text.replace(line, line.replace(row, ",engineer,company,tracked,")), encoding="utf-8")
    g = load_game(folder)
    defenders = {"G-INF3": "B0304", "G-INF2": "B0304", "G-INF1": "B0304"}
    mounted = fight({**defenders, "A-INF2": "B0303", "A-ENG": ("B0303", C), "A-INF1": "B0303"}, roll=5, g=g)
    afoot = fight({**defenders, "A-INF2": "B0303", "A-ENG": ("B0303", {**C, "Dismounted": "Dismounted"}),
                   "A-INF1": "B0303"}, roll=5, g=g)
    check_pair(afoot, mounted, "G-INF1", value("open", 3, 8 + 2 - 4), value("open", 3, 8 - 4), "1:1", 5,
               "SR 10.4.2.2")
