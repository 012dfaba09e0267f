"""Movement range (rules/reach.py) on the synthetic F&M game (tests/data/synthetic-fm), checked
against the F&M standard rules as printed in aachen-first-to-fall.txt (line numbers below).
The synthetic TEC: clear 1/1, woods 2/3, rough 3/4, marsh 3/prohibited (leg/mobile), river +1/+2,
canal prohibited, road 1/2, trail 1; hex 1210 is unsurveyed."""
from __future__ import annotations

import pytest

from hexforge.games.loader import load_game
from hexforge.maps.overlay import UNKNOWN
from hexforge.rules.reach import judged_step, movement_range, reach_overlay
from hexforge.rules import rules_for
from tests.overlays.conftest import DATA, position


@pytest.fixture(scope="module")
def fm():
    return rules_for(load_game(DATA / "synthetic-fm"))


def step(fm, placed: dict[str, str], unit: str, a: str, b: str):
    """The judged cost of one step a -> b of a move that started at ``placed[unit]``."""
    return judged_step(fm, position(fm.game, placed), unit, fm.map.hex(placed[unit]), fm.map.hex(a), fm.map.hex(b))


def costs(fm, placed: dict[str, str], unit: str, allowance: float | None = None) -> dict[str, float]:
    got = movement_range(fm, position(fm.game, placed), unit, allowance)
    return {fm.map.label(h): c for h, c in got.cost.items()}


# -- terrain costs: F&M 5.4 (lines 232-249) ------------------------------------------------------

def test_clear_costs_one_and_woods_its_tec_cost_fm_5_4(fm):
    # Line 232: one MP to enter a clear hex. 0606 shows clear and woods: line 234, the highest cost
    # governs, so a leg unit pays woods' 2 and a mobile unit woods' 3.
    leg = costs(fm, {"B1": "0605"}, "B1", 3)
    assert leg["0604"] == 1 and leg["0606"] == 2
    mobile = costs(fm, {"B2": "0605"}, "B2", 3)
    assert mobile["0604"] == 1 and mobile["0606"] == 3


def test_river_hexside_adds_its_cost_fm_5_4(fm):
    # Line 245: a river (+1) then a clear hex (1) costs 2; no river between 0405 and 0505.
    leg = costs(fm, {"B1": "0402"}, "B1", 2)
    assert leg["0502"] == 2
    leg = costs(fm, {"B1": "0405"}, "B1", 2)
    assert leg["0505"] == 1


# -- road rate: F&M 5.4.1 (lines 251-253) ---------------------------------------

def test_road_to_road_costs_half_regardless_of_terrain_fm_5_4_1(fm):
    # 0303 is rough (3 MP); along the road from 0203 it costs 1/2 "regardless of other terrain".
    along = costs(fm, {"B1": "0203"}, "B1", 1)
    assert along["0303"] == 0.5 and along["0403"] == 1.0
    # Across the river by the road (0403 -> 0503): still 1/2, "regardless of ... hexside terrain".
    assert costs(fm, {"B1": "0403"}, "B1", 1)["0503"] == 0.5


def test_road_rate_needs_a_road_hexside_fm_5_4_1(fm):
    # Entering the same rough road hex from an off-road hex (0302) pays the rough cost, 3;
    # the cheapest way in from 0302 is 0402 and 0403 (clear, 1 + 1), then the road: + 1/2.
    assert step(fm, {"B1": "0302"}, "B1", "0302", "0303") == 3
    assert costs(fm, {"B1": "0302"}, "B1", 3)["0303"] == 2.5


# -- EZOC: F&M 6.1 (lines 280-290) ----------------------------------------------------------------

def test_leg_unit_stops_on_entering_an_ezoc_fm_6_1(fm):
    # Line 284. R1 at 0705: its six neighbours are EZOC for Blue. B1 (leg, MA 4) from 0505.
    state = position(fm.game, {"B1": "0505", "R1": "0705"})
    got = movement_range(fm, state, "B1")
    ezoc = {n for n in fm.map.hex("0705").neighbours()}
    entered = ezoc & set(got.cost)
    assert entered and entered <= got.stops
    # Nothing is reached only through an EZOC hex: 0805 (beyond R1) stays out of reach.
    assert fm.map.hex("0805") not in got.cost


def test_leg_unit_away_from_enemies_never_stops_fm_6_1(fm):
    got = movement_range(fm, position(fm.game, {"B1": "0505", "R1": "1109"}), "B1")
    assert not got.stops and len(got.cost) > 20


def test_mobile_unit_pays_half_ma_into_ezoc_and_goes_on_fm_6_1(fm):
    # Line 288: B2 (mobile, MA 8) pays 8 // 2 = 4 plus terrain to enter an EZOC, and does not stop.
    state = position(fm.game, {"B2": "0505", "R1": "0705"})
    got = movement_range(fm, state, "B2")
    assert got.cost[fm.map.hex("0605")] == 1 + 4
    assert not got.stops
    free = movement_range(fm, position(fm.game, {"B2": "0505", "R1": "1109"}), "B2")
    assert free.cost[fm.map.hex("0605")] == 1


def test_leg_ezoc_to_ezoc_costs_the_whole_ma_fm_6_1(fm):
    # Line 285: B1 (MA 4) starts in R1's ZOC at 0605; stepping straight into 0604 (also in it)
    # costs all 4 MP. Line 287: leaving into a free hex (0505) costs the normal 1.
    placed = {"B1": "0605", "R1": "0705"}
    assert step(fm, placed, "B1", "0605", "0604") == 4
    assert step(fm, placed, "B1", "0605", "0505") == 1
    got = movement_range(fm, position(fm.game, placed), "B1")
    assert fm.map.hex("0604") in got.stops


def test_no_ezoc_to_ezoc_into_a_fortification_fm_6_1(fm):
    # Line 290: 0910 is fortified. R3 at 1009 (adjacent to 0910 and 0909... and to B1's 1010).
    placed = {"B1": "1010", "R3": "1009"}
    assert step(fm, placed, "B1", "1010", "0910") is None
    # Without the fortification the same EZOC-to-EZOC step is allowed for the whole MA:
    # 0909 is not fortified (line 285).
    placed = {"B1": "0910", "R3": "1009"}
    assert step(fm, placed, "B1", "0910", "0909") == 4


# -- prohibited: F&M 5.2d-e (lines 210-212) -------------------------------------------------------

def test_prohibited_terrain_is_never_reached_fm_5_2e(fm):
    # Marsh (1005) is prohibited to mobile units, 3 MP to leg units.
    assert fm.map.hex("1005") not in movement_range(fm, position(fm.game, {"B2": "1004"}), "B2", 8).cost
    assert costs(fm, {"B1": "1004"}, "B1", 4)["1005"] == 3
    # The canal hexside 0406|0506 is prohibited: with 1 MP, 0506 is out of reach from 0406,
    # while 0405 across no canal is reached (clear, 1).
    one = costs(fm, {"B1": "0406"}, "B1", 1)
    assert "0506" not in one and one["0405"] == 1
    assert step(fm, {"B1": "0406"}, "B1", "0406", "0506") is None


def test_enemy_occupied_hex_is_not_entered_fm_5_2d(fm):
    got = costs(fm, {"B2": "0505", "R1": "0605"}, "B2")
    assert "0605" not in got
    assert "0605" in costs(fm, {"B2": "0505", "R1": "1109"}, "B2")


def test_friendly_unit_hex_is_passed_not_ended_in_fm_5_3(fm):
    # Lines 227-228: through friendly units at no extra cost, but not ending there.
    ov = reach_overlay(fm, position(fm.game, {"B1": "0505", "B3": "0605"}), "B1")
    h = fm.map.hex("0605")
    assert ov.values[h] == "through" and ov.text[h] == "1"
    assert ov.values[fm.map.hex("0705")] == "reach" and ov.text[fm.map.hex("0705")] == "2"


# -- unknown terrain is shown as unknown ------------------------------------------------------------

def test_unsurveyed_hex_is_unknown_not_reachable(fm):
    ov = reach_overlay(fm, position(fm.game, {"B1": "1209"}), "B1")
    assert ov.values[fm.map.hex("1210")] == UNKNOWN and fm.map.hex("1210") not in ov.text
    assert ov.values[fm.map.hex("1208")] == "reach"


def test_unknown_movement_allowance_says_what_is_missing(fm):
    from dataclasses import replace
    game = fm.game
    units = dict(game.units)
    units["B1"] = replace(units["B1"], values={k: v for k, v in units["B1"].values.items() if k != "movement"})
    rules = rules_for(replace(game, units=units))
    ov = reach_overlay(rules, position(game, {"B1": "0505"}), "B1")
    assert not ov.values and any("movement" in n and "B1" in n for n in ov.notes)
