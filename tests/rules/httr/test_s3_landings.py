"""HTTR landing modes (AIR-14): ScR 6.8 (L1258) lets infantry land in Concentrated or Defilade Mode at the owning
player's discretion; a scenario's own rule, ScR 24.1.1.3 (L1773, the campaign's GT 1), lands all leg units in
Concentrated Mode and artillery, AT and vehicular units in Defilade. The synthetic scenario 'drop' carries that
rule for its GT 1 (``[special_rules] leg_landing_mode``); the reading ``campaign_leg_landing = either`` keeps 6.8."""
from __future__ import annotations

import shutil

import pytest

from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from tests.rules.httr.helpers import SYNTHETIC, Log, illegal, last, rules_broken, unsure

PF = "Pathfinder A-REG1"
CONC, DEF = "Concentrated", "Defilade"


def landing(unit: str, mode: str, turn: int = 1, scenario: str | None = "drop", **readings: str) -> list:
    """The verdicts on ``unit``'s drop in ``mode`` (its Formation Display piece's layer) in B0306, by A-REG1's
    Pathfinder marker in B0305, in GT ``turn`` of ``scenario``."""
    log = Log({"G-INF1": "B0210", unit: (None, {"Mode": mode})}).phase(turn, "allied_movement") \
        .place("pf1", PF, "B0305").enter(unit, "B0306")
    return HttrReferee(rules_for(log.game, scenario), log.timeline(), readings or None).run().judged[-1].verdicts


def test_the_scenarios_leg_units_land_concentrated_on_its_gt():  # AIR-14, ScR 24.1.1.3 (L1773)
    assert not illegal(landing("A-INF1", CONC))
    assert rules_broken(landing("A-INF2", DEF)) == ["HTTR ScR 24.1.1.3"]


def test_later_gts_and_other_scenarios_leave_infantry_the_choice():  # AIR-14, ScR 6.8 (L1258)
    assert not illegal(landing("A-INF2", DEF, turn=2))
    assert not illegal(landing("A-INF2", DEF, scenario=None))
    assert rules_broken(landing("A-AT", CONC, scenario=None)) == ["HTTR ScR 6.8"]  # AT lands in Defilade everywhere


def test_the_reading_either_keeps_six_eight():  # AIR-14: catalogue.READINGS campaign_leg_landing
    assert not illegal(landing("A-INF2", DEF, campaign_leg_landing="either"))
    assert rules_broken(landing("A-INF2", DEF, campaign_leg_landing="concentrated")) == ["HTTR ScR 24.1.1.3"]


def test_at_still_lands_in_defilade_on_the_scenarios_gt():  # AIR-14, ScR 24.1.1.3: 'all artillery, AT ... in defilade'
    assert not illegal(landing("A-AT", DEF))
    assert rules_broken(landing("A-AT", CONC)) == ["HTTR ScR 6.8"]


# -- a unit whose formation chain stops at a name no HQ is known for may be airborne (ScR 6.2) --

STRAY_ROW = ('A-STRAY,Allied company of an untranscribed HQ,allied,A-LOST,infantry,company,leg,3,5,7,,,12,test,"its '
             'formation A-LOST names no unit and no [special.formation_hqs] entry, as the bundled British 2/1P",,\n')


@pytest.fixture()
def stray(tmp_path):
    """A copy of the synthetic game with A-STRAY, an Allied company of the formation A-LOST no HQ is known for
    (the synthetic game itself resolves every formation: tests/rules/httr/test_formation_hqs.py)."""
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    (copy / "units.csv").write_text((copy / "units.csv").read_text() + STRAY_ROW)
    return load_game(copy)


STRAY = {"G-INF1": "B0310", "A-INF1": (None, {"Mode": "Concentrated"}), "A-INF2": (None, {"Mode": "Concentrated"}),
         "A-STRAY": (None, {"Mode": "Travel"}), "A-TANK": (None, {"Mode": "Travel"})}


def entries(g, *units: tuple[str, str]) -> list:
    """The verdicts on the last of ``units``' entries (unit, hex) in GT 8 (18 Sep: two lift points), one log step
    each, with A-REG1's Pathfinder marker in B0305."""
    log = Log(STRAY, g).phase(8, "allied_movement").place("pf1", PF, "B0305")
    for u, h in units:
        log.enter(u, h)
    return last(log.check())


def test_an_entry_of_a_unit_of_an_unknown_hq_is_no_verdict_on_a_guess(stray):  # AIR-14, AIR-11 (ScR 6.7.3, 6.8)
    """A-STRAY's formation A-LOST names no unit and no [special.formation_hqs] entry, and it is Allied, the side of
    the airborne formation A-DIV2: its entry in Travel Mode may be a drop (never in Travel, ScR 6.8) or a ground
    entry (any mode, ScR 12.01): not checkable naming the missing HQ. A-TANK (of A-REG1, whose Pathfinder marker
    makes it airborne) landing in Travel Mode is flagged."""
    got = entries(stray, ("A-STRAY", "B0306"))
    assert not illegal(got) and any("the HQ of formation 'A-LOST' above unit A-STRAY (game.toml "
                                    "[special.formation_hqs])" in v.needs for v in unsure(got)), got
    assert not any("lands" in getattr(v, "detail", "") for v in got), got
    assert "HTTR ScR 6.8" in rules_broken(entries(stray, ("A-TANK", "B0306")))


def test_a_maybe_serial_makes_the_days_lift_points_unsure(stray):  # AIR-9, ScR 6.7.1 (L1247)
    """18 Sep has two lift points: A-INF1 and A-INF2 are two serials (legal); with A-STRAY's entry before them,
    which may be a third serial, the count is not checkable."""
    two = entries(stray, ("A-INF1", "B0306"), ("A-INF2", "B0308"))
    assert not illegal(two) and not any("lift points" in v.needs for v in unsure(two))
    three = entries(stray, ("A-STRAY", "B0306"), ("A-INF1", "B0306"), ("A-INF2", "B0308"))
    assert not illegal(three) and any("were serials (units that may be airborne), beyond the day's 2 lift points "
                                      "(ScR 6.7.1)" in v.needs for v in unsure(three)), three


def test_bundled_british_airborne_of_2_1p_are_not_checkable():  # AIR-11, AIR-14 on the bundled data (ScR 6.2)
    """Frost's formation '2/1P' has no known HQ ([special.formation_hqs] note): whether he is of the 1st Airborne
    Division is unknown, so his entry is no drop judged on a guess; a German unit of the untranscribed '59' is of
    no side the airborne formations '101' and '82' are of: not airborne."""
    from hexforge.rules.httr.drop_rows import airborne_listed
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    assert airborne_listed(BUNDLED, "II/159/59") is False and airborne_listed(BUNDLED, "2/506 5-3 no.1") is True
    got = last(Log({"Frost": (None, {"Mode": "Concentrated"})}, BUNDLED).phase(1, "allied_movement")
               .enter("Frost", "D1010").check())
    assert not illegal(got) and any("the HQ of formation '2/1P' above unit Frost (game.toml [special.formation_hqs])"
                                    in v.needs for v in unsure(got)), got
