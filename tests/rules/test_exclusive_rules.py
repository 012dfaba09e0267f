"""The Aachen and Arnhem exclusive rules, run over the synthetic F&M game (whose map and tables are
complete): temporary bridges and excessive casualties (AAC 11.2, 14.1), bridge demolition and repair
(ARN 10.6.3-4) and the airborne drop table (ARN 11.4). Blue is the first (Allied/US) player.
Synthetic bridges: railroad 1006/1106, highway 1007/1107, canal 1008/1108 (all over a river); a
river without bridge at 0402/0502; B6 is an engineer, B7 a glider unit, B8 a one-step parachute unit."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.aachen.system import Aachen
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.maps.hexes import Hexside
from hexforge.rules.fm.memory import Crossing, with_crossing
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


# -- AAC 11.2 temporary bridges ---------------------------------------------------------------

def bridge_log(game, decl="temporary bridge 0402/0502 by B6", setup=None, before=()):
    log = Log(game, setup or {"B6": "0302", "B1": "0401", "B3": "0110", "R4": "1201"}).phase(1, "first-movement")
    for f in before:
        f(log)
    return log.say(decl)


def test_a_temporary_bridge_carries_movement_over_the_river(game) -> None:
    r = Aachen(game)
    # 0401 -> 0402 (1) -> 0502 over the bridge (1, no river +1) -> 0602 (1) -> 0702 (1) = MA 4
    rep = bridge_log(game).move("B1", "0401", "0402", "0502", "0602", "0702").check(r)
    assert illegal_rules(rep) == [] and verdicts(rep, 1) == [Legal()]
    # without it the river hexside costs +1 and 0702 is out of reach (F&M 5.2)
    rep = Log(game, {"B1": "0401", "R4": "1201"}).phase(1, "first-movement") \
        .move("B1", "0401", "0402", "0502", "0602", "0702").check(r)
    assert illegal_rules(rep) == [(1, "F&M 5.2")]


def test_temporary_bridge_conditions(game) -> None:
    r = Aachen(game)
    cases = {
        "not an engineer": bridge_log(game, "temporary bridge 0402/0502 by B1"),
        "after a move": bridge_log(game, before=[lambda l: l.move("B3", "0110", "0210")]),
        "enemy ZOC": bridge_log(game, setup={"B6": "0302", "R1": "0601"}),
        "out of range": bridge_log(game, setup={"B6": "0110", "R4": "1201"}),
        "not a river": bridge_log(game, "temporary bridge 0302/0402 by B6", setup={"B6": "0202", "R4": "1201"}),
        "second in a GT": bridge_log(game).say("temporary bridge 0403/0503 by B6"),
    }
    for what, log in cases.items():
        got = [(i, rl) for i, rl in illegal_rules(log.check(r))]
        assert got and {rl for _, rl in got} == {"AAC 11.2"}, what


# -- AAC 14.1 excessive casualties ------------------------------------------------------------

def test_e_aac1_five_us_eliminations_end_the_game_after_gt_15() -> None:
    g = load_game("aachen")
    us = [u for u in g.units if g.units[u].side == "us"][:5]
    st = GameState({}, {u: g.units[u].side for u in g.units}, eliminated=frozenset(us))
    assert Aachen(g).last_turn(st) == 15
    assert Aachen(g).last_turn(GameState({}, {})) == 20


def test_t21_an_elimination_that_makes_this_gt_the_last_ends_the_game_at_once(game) -> None:
    r = Aachen(game)  # synthetic length 6 GTs; blue plays the US
    ended = Log(game, {"B5": "0109", "R4": "1201"}).phase(5, "first-combat").kill("B5", "0109") \
        .phase(5, "first-mobile-movement").check(r)
    assert illegal_rules(ended) == [(2, "AAC 14.1")]
    goes_on = Log(game, {"B5": "0109", "R4": "1201"}).phase(4, "first-combat").kill("B5", "0109") \
        .phase(4, "first-mobile-movement").phase(4, "end").phase(5, "sfm").phase(5, "end").phase(6, "sfm").check(r)
    assert illegal_rules(goes_on) == [(6, "AAC 14.1")]  # GT 6 is past the shortened last GT 5


# -- ARN 10.6.3 bridge demolition -------------------------------------------------------------

def demolition(game, bridge, die, claim, enter=("0805", "0906", "1006"), setup=None):
    log = Log(game, setup or {"B1": "0805", "R4": "1003"}).phase(1, "first-movement").move("B1", *enter)
    return log.say(f"demolish {bridge}").roll(die).say(f"result {claim}")


def test_t28_t29_demolition_rolls_match_the_table(game) -> None:
    r = Arnhem(game)
    rep = demolition(game, "1006/1106", 2, "demolished").move("B1", "1006", "1106").check(r)
    assert illegal_rules(rep) == [(5, "ARN 10.6.3")]  # the railroad bridge fell on a 2; B1 cannot cross
    assert "demolished" in verdicts(rep, 3)[0].guess
    to_1007 = ("0805", "0906", "1006", "1007")
    assert illegal_rules(demolition(game, "1007/1107", 2, "intact", to_1007).check(r)) == []
    assert illegal_rules(demolition(game, "1007/1107", 2, "demolished", to_1007).check(r)) == [(4, "ARN 10.6.3")]
    to_1008 = ("0805", "0906", "1006", "1007", "1008")
    assert illegal_rules(demolition(game, "1008/1108", 3, "demolished", to_1008).check(r)) == []


def test_demolition_eligibility(game) -> None:
    r = Arnhem(game)
    began_there = demolition(game, "1006/1106", 1, "demolished", ("1006", "0906", "1006"),
                             {"B1": "1006", "R4": "1003"})                         # T31
    no_german_in_range = demolition(game, "1006/1106", 1, "demolished", setup={"B1": "0805", "R1": "0101"})
    not_entered = Log(game, {"B1": "0805", "R4": "1003"}).phase(1, "first-movement").say("demolish 1006/1106")
    twice = demolition(game, "1006/1106", 6, "intact").say("demolish 1006/1106")
    not_a_bridge = demolition(game, "1006/1005", 1, "demolished", ("0805", "0906", "1006"))
    for what, log in {"T31": began_there, "range": no_german_in_range, "not entered": not_entered,
                      "twice": twice, "no bridge": not_a_bridge}.items():
        rules = {rl for _, rl in illegal_rules(log.check(r))}
        assert rules == {"ARN 10.6.3"}, what


# -- ARN 10.6.4 bridge repair -----------------------------------------------------------------

def repaired(game, die, claim, bridge="1006/1106"):
    log = demolition(game, "1006/1106", 1, "demolished", setup={"B1": "0805", "B6": "0806", "R4": "1003"})
    return log.phase(2, "first-movement").say(f"repair {bridge} by B6").roll(die).say(f"result {claim}")


def test_t30_repair_rolls_match_the_table_and_the_engineer_stays(game) -> None:
    r = Arnhem(game)
    rep = repaired(game, 5, "repaired").move("B1", "1006", "1106").check(r)
    assert illegal_rules(rep) == []  # repaired on a 5 (railroad: 5-6): B1 crosses
    assert illegal_rules(repaired(game, 4, "failed").check(r)) == []
    assert illegal_rules(repaired(game, 4, "repaired").check(r)) == [(8, "ARN 10.6.4")]  # T30: a 4 fails
    assert illegal_rules(repaired(game, 5, "repaired").move("B6", "0806", "0906").check(r)) == [(9, "ARN 10.6.4")]


def test_repair_eligibility(game) -> None:
    r = Arnhem(game)
    intact = repaired(game, 5, "repaired", bridge="1007/1107")
    assert {rl for _, rl in illegal_rules(intact.check(r))} == {"ARN 10.6.4"}
    moved_first = demolition(game, "1006/1106", 1, "demolished", setup={"B1": "0805", "B6": "0806", "R4": "1003"}) \
        .phase(2, "first-movement").move("B1", "1006", "0906").say("repair 1006/1106 by B6").roll(5)
    assert {rl for _, rl in illegal_rules(moved_first.check(r))} == {"ARN 10.6.4"}


# -- ARN 11.4 airborne landings ---------------------------------------------------------------

def landing(game, unit, hx, die, *after, setup=None):
    log = Log(game, setup or {"R4": "1201"}).phase(1, "first-movement").enter(unit, hx).say(f"land {unit}").roll(die)
    for f in after:
        f(log)
    return log.check(Arnhem(game))


def test_t23_glider_in_woods_next_to_the_enemy_is_depleted_and_stays(game) -> None:
    # 3 + 1 (glider) + 1 (red unit adjacent) = 5: Woods 5-6 depleted
    ok = landing(game, "B7", "0606", 3, lambda l: l.reduce("B7", "0606"), setup={"R1": "0706"})
    assert illegal_rules(ok) == [] and "depleted" in verdicts(ok, 3)[0].guess
    assert illegal_rules(landing(game, "B7", "0606", 3, setup={"R1": "0706"})) == [(3, "ARN 11.4")]
    moved = landing(game, "B7", "0606", 3, lambda l: l.reduce("B7", "0606"), lambda l: l.move("B7", "0606", "0506"),
                    setup={"R1": "0706"})
    assert illegal_rules(moved) == [(5, "ARN 11.4")]


def test_t26_para_in_a_city_on_a_6_is_eliminated(game) -> None:
    assert illegal_rules(landing(game, "B8", "0808", 6, lambda l: l.kill("B8", "0808"))) == []
    assert illegal_rules(landing(game, "B8", "0808", 6, lambda l: l.reduce("B8", "0808"))) == [(4, "ARN 11.4")]


def test_e13_a_landed_unit_first_pays_its_landing_hex(game) -> None:
    # B8 (MA 6) lands in woods (leg 2 MP), no DRM, die 4: no effect; it then has 4 MP of clear terrain left
    ok = landing(game, "B8", "0606", 4, lambda l: l.move("B8", "0606", "0605", "0604", "0603", "0602"))
    assert illegal_rules(ok) == []
    far = landing(game, "B8", "0606", 4, lambda l: l.move("B8", "0606", "0605", "0604", "0603", "0602", "0601"))
    assert illegal_rules(far) == [(4, "F&M 5.2")]


def test_landing_comes_before_any_movement_and_needs_a_drop_row(game) -> None:
    log = Log(game, {"B1": "0205", "R4": "1201"}).phase(1, "first-movement").move("B1", "0205", "0305") \
        .enter("B8", "0606").say("land B8").roll(1)
    assert illegal_rules(log.check(Arnhem(game))) == [(3, "ARN 11.4")]
    clear = landing(game, "B8", "0505", 1)  # clear has no drop table row
    (v,) = verdicts(clear, 3)
    assert isinstance(v, NotCheckable) and "drop table row" in v.needs
    assert not isinstance(verdicts(clear, 2)[0], Illegal)


def test_arn_10_6_3_a_demolished_bridge_blocks_retreat_and_advance(game) -> None:
    # ARN 10.6.3: a demolished bridge leaves an unbridged river hexside; ARN 10.6 (retreat/advance):
    # no retreat or advance across an unbridged river or canal hexside.
    r = Arnhem(game)
    a, b = game.map.hex("1006"), game.map.hex("1106")
    st = GameState({"R1": a}, {"R1": "red"})
    assert r.retreat_blocked(st, "R1", a, b) is None and r.advance_blocked(st, "R1", a, b) is None  # intact
    down = with_crossing(st, Hexside.between(a, b), Crossing("demolished", "red"))
    assert r.retreat_blocked(down, "R1", a, b).rule == "ARN 10.6"
    assert "unbridged river/canal hexside 1006/1106" in r.retreat_blocked(down, "R1", a, b).why
    assert r.advance_blocked(down, "R1", a, b)[0] == "ARN 10.6"


def test_arn_10_6_3_an_attack_across_a_demolished_bridge_is_across_the_river(game) -> None:
    # F&M 8.2.2 / ARN 10.6 (L365): the Bridge line needs a bridged hexside; ARN 10.6.3: a demolished bridge
    # leaves an unbridged river hexside
    from hexforge.rules.fm.combat import Attack
    from hexforge.rules.fm.combat import lines
    H = game.map.hex
    st = GameState({"B1": H("1006"), "R1": H("1106")}, {"B1": "blue", "R1": "red"})
    attack = Attack("combat", H("1106"), ["B1"], [], [], None)
    assert lines(Arnhem(game), st, attack) == ["clear", "bridge"]
    down = with_crossing(st, Hexside.between(H("1006"), H("1106")), Crossing("demolished", "red"))
    assert lines(Arnhem(game), down, attack) == ["clear", "city-rough-river"]
