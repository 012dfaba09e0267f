"""Units arriving during play (rules/fm/arrival.py): REI-1..4 and REI-6 of the F&M digest, each with a legal and
an illegal case, on the synthetic F&M game (R5 due GT 2 on the east edge 1201..1209, all clear; B7/B8 due GT 1
at 0707, the drop zone) and on the real Aachen and Arnhem data."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.aachen.system import Aachen
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.fm.arrival import along_edge
from hexforge.rules import check
from hexforge.rules.fm.referee import FmReferee
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"


@pytest.fixture(scope="module")
def syn():
    return load_game(SYN)


def red_turn(game, setup=None, turn=2, phase="second-movement") -> Log:
    return Log(game, setup or {"B1": "0205", "R1": "0705"}).phase(turn, phase)


# -- REI-1: the listed hexes or range ------------------------------------------------------------

def test_rei1_a_reinforcement_enters_on_its_listed_edge(syn) -> None:
    assert verdicts(red_turn(syn).enter("R5", "1205").check(), 1) == [Legal()]
    rep = red_turn(syn).enter("R5", "1110").check()
    assert illegal_rules(rep) == [(1, "F&M 5.2")]
    assert "entered at 1110; it arrives at the east map edge" in verdicts(rep, 1)[0].reason


def test_rei1_aachen_lists_one_hex_or_two(aachen) -> None:
    # AAC 15.1 (L731-L732): GT 4, one infantry at 2204 and one at "2105 or 2205"
    def entry(uid, h):
        return Log(aachen, {}).phase(4, "second-movement").enter(uid, h).check(Aachen(aachen))
    assert illegal_rules(entry("ger-gt04-1", "2204")) == []
    assert illegal_rules(entry("ger-gt04-2", "2205")) == []
    rep = entry("ger-gt04-1", "2205")
    assert illegal_rules(rep) == [(1, "AAC 15.0")] and "it arrives at 2204 (AAC 15.1" in verdicts(rep, 1)[0].reason


def test_rei1_arnhem_range_and_its_source(arnhem) -> None:
    # ARN 11.2 (L486): 1/Vt, GT 1, "3907 to 3916"; 11.1 (L478) any map edge hex within the range
    def entry(h):
        return Log(arnhem, {}).phase(1, "p2_movement").enter("1/Vt", h).check(Arnhem(arnhem))
    inside = entry("3911")
    assert illegal_rules(inside) == []
    assert all(isinstance(v, NotCheckable) for v in verdicts(inside, 1))  # the terrain is unsurveyed: cost unknown
    rep = entry("3920")
    assert illegal_rules(rep) == [(1, "ARN 11.1")] and "3907..3916" in verdicts(rep, 1)[0].reason


def test_rei1_early_arrival(syn) -> None:
    rep = red_turn(syn, turn=1).enter("R5", "1205").check()
    assert illegal_rules(rep) == [(1, "synthetic test data")] and "due on GT 2" in verdicts(rep, 1)[0].reason


def test_a_unit_no_scenario_schedules_may_not_enter(syn) -> None:
    rep = Log(syn, {"R1": "0705"}).phase(1, "first-movement").enter("B6", "0105").check()
    assert illegal_rules(rep) == [(1, "F&M 5.2")] and "no scenario schedules it" in verdicts(rep, 1)[0].reason
    rep = Log(syn, {"B1": "0205"}).phase(1, "second-movement").enter("R4", "1205").check()
    assert illegal_rules(rep) == [(1, "F&M 5.2")] and "R4 is set up at the start" in verdicts(rep, 1)[0].reason


def test_airborne_arrivals_are_left_to_the_landing_rule(syn) -> None:
    # B7 lands by air under the Arnhem rules (ARN 11.4 judges its hex from the 'land' declaration); the Aachen
    # rules have no landings, so 0708 is simply not its listed arrival hex 0707
    log = Log(syn, {"R4": "1201"}).phase(1, "first-movement").enter("B7", "0708")
    assert illegal_rules(log.check(Aachen(syn))) == [(1, "AAC 15.0")]
    rep = log.check(Arnhem(syn))  # ... and every airborne arrival goes through the landing procedure
    assert illegal_rules(rep) == [(1, "ARN 11.4")]
    assert any("without the landing procedure" in getattr(v, "reason", "") for v in verdicts(rep, 1))
    landed = Log(syn, {"R4": "1201"}).phase(1, "first-movement").enter("B7", "0708").say("land B7").roll(6)
    assert illegal_rules(landed.check(Arnhem(syn))) == []


# -- REI-2: which phase ---------------------------------------------------------------------------

def test_rei2_leg_units_do_not_arrive_in_the_mobile_movement_phase(syn) -> None:
    rep = red_turn(syn, phase="second-mobile-movement").enter("R5", "1205").check()
    assert illegal_rules(rep) == [(1, "F&M 5.2")] and "leg unit R5" in verdicts(rep, 1)[0].reason
    rep = red_turn(syn, phase="second-combat").enter("R5", "1205").check()
    assert "outside its side's Movement" in verdicts(rep, 1)[0].reason


def test_rei2_aachen_reinforcements_come_before_units_on_the_map_move(syn) -> None:
    # AAC 15.0 (L719) "at the beginning of each respective player's Movement Phase"; ARN 11.1 says "during"
    before = red_turn(syn).enter("R5", "1205").move("R1", "0705", "0805")
    after = red_turn(syn).move("R1", "0705", "0805").enter("R5", "1205")
    assert illegal_rules(before.check(Aachen(syn))) == []
    rep = after.check(Aachen(syn))
    assert illegal_rules(rep) == [(2, "AAC 15.0")] and "after R1 had moved" in verdicts(rep, 2)[0].reason
    assert illegal_rules(after.check(Arnhem(syn))) == []


# -- REI-3: enemy-held arrival hexes; the Arnhem shift along the map edge ----------------------------

def test_rei3_never_onto_an_enemy_unit(syn) -> None:
    rep = red_turn(syn, {"B1": "1205", "R1": "0705"}).enter("R5", "1205").check()
    assert illegal_rules(rep) == [(1, "F&M 5.2")] and "held by enemy B1" in verdicts(rep, 1)[0].reason


def test_the_map_edge_is_counted_hex_by_hex(arnhem) -> None:
    r, H = Arnhem(arnhem), arnhem.map.hex
    # ARN 11.1 (L474): three hexes along the map edge per GT delayed; the east edge ends at 3926
    assert {arnhem.map.label(h) for h in along_edge(r, frozenset({H("3925")}), 1)} == {"3922"}
    assert {arnhem.map.label(h) for h in along_edge(r, frozenset({H("3925")}), 2)} == {"3922", "3919"}
    # the south edge is column 01: the range "0103..0106" shifted one GT either way (it ends at 0101)
    shifted = along_edge(r, frozenset(arnhem.map.hexes("0103..0106")), 1)
    assert sorted(arnhem.map.label(h) for h in shifted) == ["0101", "0102", "0103", "0106", "0107", "0108", "0109"]


def shifted_entry(arnhem, blocker: str | None, at: str):
    # 1/9SS is due on GT 1 at 3925 (ARN 11.2 L488); an Allied unit standing there delays it
    setup = {"1/Pol": blocker} if blocker else {"1/Pol": "0101"}
    return (Log(arnhem, setup).phase(1, "p2_movement").phase(2, "p2_movement").enter("1/9SS", at)
            .check(Arnhem(arnhem, "s1")))


def test_rei3_a_delayed_reinforcement_may_shift_three_hexes_per_gt(arnhem) -> None:
    assert illegal_rules(shifted_entry(arnhem, "3925", "3922")) == []
    rep = shifted_entry(arnhem, "3925", "3923")
    assert illegal_rules(rep) == [(2, "ARN 11.1")] and "3 hexes along the map edge" in verdicts(rep, 2)[0].reason


def test_rei3_the_shift_needs_an_enemy_on_the_arrival_hex(arnhem) -> None:
    rep = shifted_entry(arnhem, None, "3922")
    assert illegal_rules(rep) == [(2, "ARN 11.1")]
    assert "no enemy unit held its arrival hexes" in verdicts(rep, 2)[0].reason


def test_rei3_aachen_has_no_shift(syn) -> None:
    log = Log(syn, {"B1": "1209", "R1": "0705"}).phase(2, "second-movement").phase(3, "second-movement") \
        .enter("R5", "1110")
    assert illegal_rules(log.check(Aachen(syn))) == [(2, "AAC 15.0")]


# -- REI-4: the arrival hex is paid for -------------------------------------------------------------

def test_rei4_the_arrival_hex_costs_its_terrain(syn) -> None:
    # R5 (leg, MA 7) enters clear 1205 (1 MP) and may move six more clear hexes, not seven
    path = ["1202", "1102", "1002", "0902", "0802", "0702", "0602", "0502"]
    ok = Log(syn, {"B1": "0101"}).phase(2, "second-movement").enter("R5", "1202").move("R5", *path[:7])
    assert illegal_rules(ok.check()) == []
    far = Log(syn, {"B1": "0101"}).phase(2, "second-movement").enter("R5", "1202").move("R5", *path)
    rep = far.check()
    assert illegal_rules(rep) == [(2, "F&M 5.2")] and "has 0 of 7 left" in verdicts(rep, 2)[0].reason


def test_rei4_a_leg_unit_placed_in_an_enemy_zoc_stops_there(syn) -> None:
    # AAC 15.0 (L724) / ARN 11.1 (L480): placed in an EZOC it "must abide by" F&M 6.1
    rep = Log(syn, {"B1": "1105"}).phase(2, "second-movement").enter("R5", "1205").move("R5", "1205", "1204").check()
    assert verdicts(rep, 1) == [Legal()]
    assert illegal_rules(rep) == [(2, "F&M 6.1")] and "after entering an enemy ZOC" in verdicts(rep, 2)[0].reason


# -- REI-6 / elimination is final -------------------------------------------------------------------

def test_an_eliminated_unit_does_not_come_back(syn) -> None:
    log = red_turn(syn, {"B1": "0205", "R1": "0705", "R5": "1205"}).kill("R5", "1205") \
        .phase(3, "second-movement").enter("R5", "1205")
    rep = log.check(Arnhem(syn))
    assert illegal_rules(rep) == [(3, "ARN 11.1")]
    assert "R5 was eliminated in GT 2 and entered the map again" in verdicts(rep, 3)[0].reason
    assert "only the Allied engineer returns to play (ARN 10.6.6)" in verdicts(rep, 3)[0].reason


def test_a_returned_engineer_is_no_longer_eliminated(syn) -> None:
    # ARN 10.6.6 (L421): back the next GT on a south edge road hex; then it is an ordinary unit on the map
    log = Log(syn, {"B6": "0110", "R4": "1201"}).phase(1, "first-movement").kill("B6", "0110") \
        .phase(2, "first-movement").enter("B6", "0110")
    ch = FmReferee(Arnhem(syn), log.timeline())
    ch.run()
    assert "B6" not in ch.state.eliminated and ch.state.where("B6") == syn.map.hex("0110")
    assert not any(isinstance(v, Illegal) and v.rule == "ARN 11.1" for j in ch.judged for v in j.verdicts)
