"""HTTR landing modes (AIR-14): ScR 6.8 (L1258) lets infantry land in Concentrated or Defilade Mode at the owning
player's discretion; a scenario's own rule, ScR 24.1.1.3 (L1773, the campaign's GT 1), lands all leg units in
Concentrated Mode and artillery, AT and vehicular units in Defilade. The synthetic scenario 'drop' carries that
rule for its GT 1 (``[special_rules] leg_landing_mode``); the reading ``campaign_leg_landing = either`` keeps 6.8."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from tests.rules.httr.helpers import Log, illegal, rules_broken

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
