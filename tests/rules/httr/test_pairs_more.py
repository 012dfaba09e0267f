"""The missing side of more HTTR predicate pairs (issue #15) on the synthetic game: rounding, IF values, ammunition
before the supply rules, bridge demolition and victory. Each test names the predicate ids it holds a side for."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, rules_broken
from tests.rules.httr.test_ammunition import deplete, fired
from tests.rules.httr.test_demolition import BLOWN, approach
from tests.rules.httr.test_fire_values import GUNS, detail, rolled
from tests.rules.httr.test_victory import claim


def test_the_ca_ratio_rounds_down():  # SOP-1, SR 2.4.1-2.4.2 (L55-57), 10.3 (L577)
    """SOP-1: A-INF1 (5 SP) close-assaults G-INF1 (3 SP): 5:3 rounds down to 1:1, where 1d6 5 is '-' (at 2:1, the
    ratio rounded up, it would be D). G-INF1 staying is legal; G-INF1 retreating is flagged (SR 10.5.1)."""
    def after(retreat: bool) -> list:
        log = Log({"G-INF1": "B0304", "A-INF1": "B0303"}).phase(1, "allied_movement").say("ca B0304 from B0303") \
            .roll("Close Action", 5)
        if retreat:
            log.move("G-INF1", "B0305")
        return log.phase(1, "allied_organization").check().judged
    stays = after(False)
    assert "odds 5:3 = 1:1, 1d6 5: result -" in stays[2].verdicts[0].detail
    assert all(rules_broken(j.verdicts) == [] for j in stays)
    assert [r for j in after(True) for r in rules_broken(j.verdicts)] == ["HTTR SR 10.5.1"]


def test_towed_artillery_doubled_at_a_conventional_target():  # IF-12, SR 6.5.4.1 (L324)
    """IF-12: A-ART (3 SP, ER 6, towed) doubles to 6 SP at G-INF1: fire value 6, where 2d6 5 is a loss of 1 (at the
    undoubled value 4 it would be DEF). G-INF1 going to Defilade after it is legal; staying Concentrated without a
    morale check breaks SR 6.7.7, the loss's rule (a DEF left unobeyed would break 6.7.2)."""
    line = "if B0304 from A-ART spotter A-INF1 hq A-DIV"
    obeyed = rolled({**GUNS, "G-INF1": "B0304"}, line, (3, 2), lambda log: log.mode("G-INF1", "Defilade",
                                                                                    "Concentrated"))
    assert "of 6 SP at ER 6: fire value 6, 2d6 5 on the lowermost line: 1" in detail(obeyed)
    assert rules_broken(obeyed) == []
    assert rules_broken(rolled({**GUNS, "G-INF1": "B0304"}, line, (3, 2))) == ["HTTR SR 6.7.7"]


def test_depletion_only_once_the_supply_rules_begin():  # SUP-17, ScR 5.2 (L1133)
    """SUP-17: GT 8 is the synthetic game's first turn under the supply rules: A-INF1, without CP, fails its
    Depletion Check on 1 and is marked depleted (legal); in GT 7 every unit is in supply (ScR 5.2)."""
    assert all_legal(deplete(fired(None), roll=1))
    assert rules_broken(deplete(fired(None, turn=7), roll=1)) == ["HTTR ScR 5.2"]


def test_a_trail_bridge_over_the_canal_may_be_blown_a_road_bridge_over_a_stream_not():  # FRY-5, ScR 9.4-9.5
    """FRY-5 (Table 1, L1399-1404): A-INF1 comes next to the trail bridge over the canal (A0601-A0502): the German
    demolition roll of 6 destroys it and its marker is placed, all legal; next to the raised road's bridge over the
    stream (A0703-A0704) a demolition roll is refused (ScR 9.5.2)."""
    judged = approach().roll("Bridge Demolition", 3, 3).place("b1", BLOWN, "A0601").phase(1, "allied_organization") \
        .check().judged
    assert all(all_legal(j.verdicts) for j in judged)
    stream = approach({"A-INF1": "A0605"}, "A0604").roll("Bridge Demolition", 3, 3).check().judged[-1]
    assert rules_broken(stream.verdicts) == ["HTTR ScR 9.5.2"]


def test_unsupplied_allied_units_give_the_sp_point():  # SCN-5, ScR 19.5.2 (L1629)
    """SCN-5: A-INF3 (5 SP) is out of supply at the end and counts as destroyed: with it the Germans have 3 points,
    and 'German decisive' is the right claim; 'German substantive' is not (ScR 19.5.2)."""
    assert all_legal(claim("victory German decisive"))
    assert rules_broken(claim("victory German substantive")) == ["HTTR ScR 19.5.2"]
