"""The missing side of more HTTR predicate pairs (issue #15) on the synthetic game: rounding, DF and IF values, a
slope's observation bonus, ammunition before the supply rules, bridge demolition and victory. Each test names the
predicate ids it holds a side for."""
from __future__ import annotations

import copy

from hexforge.games.game import Game
from hexforge.maps.hexes import Hexside
from hexforge.maps.terrain import HexsideFeature
from tests.rules.httr.helpers import Log, all_legal, game, last, rules_broken
from tests.rules.httr.test_ammunition import deplete, fired
from tests.rules.httr.test_demolition import BLOWN, approach
from tests.rules.httr.test_fire_values import GUNS, detail, rolled
from tests.rules.httr.test_los import GUNS as LOS_GUNS
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


def test_a_packet_of_more_than_eighteen_sp_shifts_a_column():  # DF-13, SR 6.3.5.1-6.3.5.2 (L222-223)
    """DF-13: A-INF1 + A-INF2 (B0303), A-ENG + A-TANK doubled (B0305) and A-INF5 + A-INF6 (B0404), all ER 5, fire
    21 SP at G-INF1: the first 9 give fire value 7 and the next full 9 one column more, 8, where 2d6 2 is a loss of 1
    (at 7 it is DEF). G-INF1 going to Defilade is legal; staying Concentrated without a morale check breaks 6.7.7,
    the loss's rule (a DEF left unobeyed would break 6.7.2)."""
    setup = {"A-INF1": "B0303", "A-INF2": "B0303", "A-ENG": "B0305", "A-TANK": "B0305", "A-INF5": "B0404",
             "A-INF6": "B0404", "G-INF1": "B0304"}
    line = "df B0304 from B0303 B0305 B0404 target G-INF1"
    obeyed = rolled(setup, line, (1, 1), lambda log: log.mode("G-INF1", "Defilade", "Concentrated"), kind="Direct Fire")
    assert "DF of 21 SP at ER 5: fire value 8, 2d6 2 on the lowermost line: 1" in detail(obeyed)
    assert rules_broken(obeyed) == []
    assert rules_broken(rolled(setup, line, (1, 1), kind="Direct Fire")) == ["HTTR SR 6.7.7"]


def sloped(high: str, low: str) -> Game:
    """A copy of the synthetic game with a slope hexside between ``high`` and ``low`` (the synthetic map has none)."""
    g = copy.deepcopy(game())
    up, down = g.map.hex(high), g.map.hex(low)
    g.map.terrain.add_hexside(Hexside.between(up, down), HexsideFeature("slope", high_side=up))
    return g


def test_a_slope_next_to_the_spotter_adds_two_hexes_from_its_high_side():  # OBS-9, SR 7.3.5 (L417)
    """OBS-9: A-INF1 in the woods of B0405 (range 3) spots G-INF1 four hexes away in B0401 for A-ART: across a slope
    hexside B0405|B0404 whose high side is B0405 its range is 5, legal; on the slope's low side the range stays 3
    and the spotting is refused (SR 7.2.1)."""
    def spot(g: Game) -> list:
        setup = {**LOS_GUNS, "A-INF1": "B0405", "G-INF1": "B0401"}
        return last(Log(setup, g).phase(1, "allied_fire").say("if B0401 from A-ART spotter A-INF1 hq A-DIV").check())
    assert all_legal(spot(sloped("B0405", "B0404")))
    assert rules_broken(spot(sloped("B0404", "B0405"))) == ["HTTR SR 7.2.1"]
