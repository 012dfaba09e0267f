"""A drag is one move along *some* route (F&M 5.1: a unit moves hex by hex; a log shows only where it was
dropped). Each case on the fully specified synthetic F&M map (tests/data/synthetic-fm): costs from its TEC
(clear 1, woods 2, rough 3, marsh 3 leg / prohibited mobile, road 1/2, F&M 5.4-5.4.1), ZOC as F&M 6.0-6.1
(a leg unit stops on entering an EZOC; a mobile unit pays half its MA to enter one; commandos pay none)."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.conftest import ROOT
from tests.rules.helpers import Log, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


def drag(game, setup: dict[str, str], unit: str, *drops: str, phase: str = "first-movement"):
    """The verdicts on one logged move of ``unit`` from its set-up hex through ``drops``."""
    rep = Log(game, setup).phase(1, phase).move(unit, setup[unit], *drops).check()
    return verdicts(rep, 1)


def route(v: Legal) -> list[str]:
    return v.detail.removeprefix("via ").split(",")[0].split("-")


def test_along_a_road_at_half_an_mp_a_hex(game) -> None:
    (v,) = drag(game, {"B3": "0103"}, "B3", "0803")  # seven road hexes (F&M 5.4.1): 3.5 MP
    assert isinstance(v, Legal) and v.detail.endswith("3.5 of 6 MP")
    assert route(v) == ["0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803"]


def test_off_the_road_end_beyond_the_ma_no_route_is_legal(game) -> None:
    (v,) = drag(game, {"B1": "0103"}, "B1", "0903")  # road 3.5 + clear 1 = 4.5 > MA 4; off-road 8
    assert isinstance(v, Illegal) and v.rule == "F&M 5.2" and "no legal route" in v.reason
    (v,) = drag(game, {"B5": "0103"}, "B5", "0903")  # MA 7
    assert isinstance(v, Legal) and v.detail.endswith("4.5 of 7 MP")


def test_a_mobile_unit_goes_round_the_marsh(game) -> None:
    # 0905 -> 1105 straight through 1005 is marsh, prohibited to mobile units (TEC); round by 1004 or 1006
    (v,) = drag(game, {"B2": "0905"}, "B2", "1105")
    assert isinstance(v, Legal) and v.detail.endswith("2 of 8 MP") and "1005" not in route(v)


def test_a_leg_unit_takes_the_cheaper_way_not_the_marsh(game) -> None:
    (v,) = drag(game, {"B1": "0905"}, "B1", "1105")  # through the marsh: 3 + 1; round it: 1 + 1
    assert isinstance(v, Legal) and v.detail.endswith("2 of 4 MP")


def test_no_route_ends_in_an_enemy_hex(game) -> None:
    v = drag(game, {"B1": "0205", "R1": "0405"}, "B1", "0405")[0]
    assert isinstance(v, Illegal) and v.rule == "F&M 5.2" and "enemy unit R1" in v.reason


def test_a_leg_unit_may_end_its_drag_on_entering_an_ezoc(game) -> None:
    (v,) = drag(game, {"B1": "0205", "R1": "0705"}, "B1", "0605")  # 0605 is next to R1; 4 clear hexes
    assert isinstance(v, Legal) and v.detail.endswith("4 of 4 MP")


def test_the_straight_line_halts_in_an_ezoc_but_a_detour_is_legal(game) -> None:
    # R1 in 0705: 0604 and 0704 are in its ZOC, so 0504-0604-0704-0804 stops in 0604 (F&M 6.1);
    # 0504-0603-0703-0803-0804 enters the ZOC only in 0804, where the move ends: 1 + road 1/2 + 1/2 + 1
    (v,) = drag(game, {"B5": "0504", "R1": "0705"}, "B5", "0804")
    assert isinstance(v, Legal) and v.detail.endswith("3 of 7 MP")
    assert not {"0604", "0704"} & set(route(v))


def test_the_detour_is_too_long_and_the_straight_line_halts(game) -> None:
    # R1 in 0706: from 0405 to 0805 every way round its ZOC (0605, 0606, 0705) needs 5 MP or more, MA 4;
    # the line through 0505-0605 stops in 0605 (F&M 6.1): no route
    (v,) = drag(game, {"B1": "0405", "R1": "0706"}, "B1", "0805")
    assert isinstance(v, Illegal) and "no legal route" in v.reason and v.rule == "F&M 6.1"


def test_a_mobile_unit_pays_half_its_ma_for_each_ezoc_hex_entered(game) -> None:
    # the detour 0603-0703-0803 costs 1 + 1/2 + 1/2, then 0804 (EZOC) 1 + 8 // 2: 7 of 8; the line 5 + 5 + 5
    (v,) = drag(game, {"B2": "0504", "R1": "0705"}, "B2", "0804")
    assert isinstance(v, Legal) and v.detail.endswith("7 of 8 MP")


def test_a_commando_pays_no_ezoc_costs(game) -> None:
    # F&M 6.1: the mobile commando B10 goes straight, 3 clear hexes, EZOC costs waived
    (v,) = drag(game, {"B10": "0504", "R1": "0705"}, "B10", "0804")
    assert isinstance(v, Legal) and v.detail.endswith("3 of 8 MP")


def test_a_drag_passes_through_a_friendly_unit(game) -> None:
    (v,) = drag(game, {"B1": "0205", "B3": "0305", "R1": "1003"}, "B1", "0404")  # via 0305 or 0304
    assert isinstance(v, Legal) and v.detail.endswith("2 of 4 MP")


def test_a_drag_may_not_end_stacked(game) -> None:
    rep = Log(game, {"B1": "0205", "B3": "0405"}).phase(1, "first-movement").move("B1", "0205", "0405") \
        .phase(1, "first-combat").check()
    stacked = [v for v in verdicts(rep, 1) if isinstance(v, Illegal)]
    assert [v.rule for v in stacked] == ["F&M 5.3"] and "ended its move in 0405" in stacked[0].reason


def test_unknown_terrain_on_every_route_is_not_checkable(game) -> None:
    (v,) = drag(game, {"B1": "1109"}, "B1", "1210")  # 1210 is unsurveyed; every route enters it
    assert v == NotCheckable("terrain of hex 1210 (unsurveyed)")


def test_drops_are_waypoints_in_order(game) -> None:
    (v,) = drag(game, {"B1": "0205"}, "B1", "0405", "0205")  # there and back: 2 + 2
    assert isinstance(v, Legal) and v.detail.endswith("4 of 4 MP")
    (v,) = drag(game, {"B1": "0205"}, "B1", "0505", "0205")  # there and back: 3 + 3 > 4
    assert isinstance(v, Illegal) and v.rule == "F&M 5.2"


def test_hex_by_hex_logs_are_judged_as_before(game) -> None:
    (v,) = drag(game, {"B1": "0205"}, "B1", "0305", "0405")  # adjacent drops: step by step, no route search
    assert v == Legal()


def test_the_bundled_arnhem_map_never_says_legal_on_unsurveyed_hexes() -> None:
    arnhem = load_game("arnhem")
    uid = "2/406"
    start = next(e.hex.resolved for e in arnhem.scenarios["s1"].setup if e.units != "unknown" and uid in e.units)
    far = arnhem.map.label(next(n for m in arnhem.map.hex(start).neighbours() for n in m.neighbours()
                                if n in arnhem.map and n.distance(arnhem.map.hex(start)) == 2))
    rep = Log(arnhem, {uid: start}).phase(1, "p2_movement").move(uid, start, far).check()
    assert [type(v) for v in verdicts(rep, 1)] == [NotCheckable]


def test_every_event_gets_a_verdict_and_play_goes_on_after_one_the_checker_cannot_follow(game) -> None:
    """An event the referee cannot follow is not checkable, saying why; the position stays the log's, so the
    moves after it are judged as before (house rule: every event of a log gets a verdict)."""
    from hexforge.builder.timeline import UnknownCommand
    log = Log(game, {"B1": "0205", "B3": "0103"}).phase(1, "first-movement").say("hello").move("B1", "0205", "0305")
    log.events.append(UnknownCommand(log._n(), "QUUX\tsomething", "no VASSAL command encoder recognises this"))
    log.move("B3", "0103", "0503").move("B1", "0305", "0405")  # a road drag (legal); B1 had finished (F&M 5.2)
    rep = log.check()
    assert all(j.verdicts for j in rep.judged)
    assert verdicts(rep, 1) == [Legal(detail="chat that declares nothing")]
    assert verdicts(rep, 3) == [NotCheckable("what this logged command does (hexforge does not read it: no VASSAL "
                                             "command encoder recognises this)")]
    assert isinstance(verdicts(rep, 4)[0], Legal) and verdicts(rep, 4)[0].detail.endswith("2 of 6 MP")
    assert isinstance(verdicts(rep, 5)[0], Illegal) and verdicts(rep, 5)[0].rule == "F&M 5.2"
