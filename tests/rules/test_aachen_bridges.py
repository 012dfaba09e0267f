"""AAC 11.0-11.2 on the synthetic F&M game (complete map and tables; blue is the first player): a temporary
bridge stands only while its engineer remains within range, is removed at the end of a Combat or Movement Phase
with an enemy unit in an adjoining hex, and bars enemy movement (AAC-3); no bridge is intact or repaired (AAC-4).

Synthetic map: river without bridge 0402/0502; river with a printed bridge and a road 0403/0503 (road 0103-0803);
clear terrain around; TEC river +1 MP leg, +2 mobile; road 1/2 MP. B6 is an engineer (leg, MA 6), B1 leg MA 4,
R1 leg MA 4, R3 mobile MA 8."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.maps.hexes import Hexside
from hexforge.rules.fm.aachen.system import Aachen
from hexforge.rules.fm.aachen.bridges import bridges_after_event, bridges_after_phase
from hexforge.rules.fm.memory import Crossing, FmMemory, crossing, crossings, with_crossing
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"
CROSS = ("0401", "0402", "0502", "0602", "0702")  # B1: 1 + 1 (bridged) + 1 + 1 = its MA 4; 5 with the river


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


def reason(report, index: int) -> str:
    (v,) = [v for v in verdicts(report, index) if isinstance(v, Illegal)]
    return v.reason


def phase_index(game, pid: str) -> int:
    return [p.id for p in game.info.sequence].index(pid)


# -- AAC-3 (AAC 11.2, L599): the engineer must remain within its movement range -----------------------

def engineer_then_crossing(game, *engineer_moves):
    log = Log(game, {"B6": "0207", "B1": "0401", "R4": "1201"}).phase(1, "first-movement") \
        .say("temporary bridge 0402/0502 by B6")  # 0207 is 6 hexes from 0402: within B6's MA 6
    for path in engineer_moves:
        log.move("B6", *path)
    return log.move("B1", *CROSS)


def test_aac3_the_bridge_stands_while_the_engineer_stays_within_range(game) -> None:
    rep = engineer_then_crossing(game, ("0207", "0206")).check(Aachen(game))  # 5 hexes from 0402
    assert illegal_rules(rep) == [] and verdicts(rep, 3) == [Legal()]


def test_aac3_the_bridge_lapses_once_the_engineer_leaves_its_range(game) -> None:
    rep = engineer_then_crossing(game, ("0207", "0208")).check(Aachen(game))  # 7 hexes: out of range
    assert illegal_rules(rep) == [(3, "AAC 11.2")]
    why = reason(rep, 3)
    assert "0402/0502" in why and "B6" in why and "movement range" in why
    # 'remains' (decision): coming back within range does not restore it
    back = engineer_then_crossing(game, ("0207", "0208"), ("0208", "0207")).check(Aachen(game))
    assert illegal_rules(back) == [(4, "AAC 11.2")]


def test_aac3_an_eliminated_engineer_provides_no_bridge(game) -> None:
    a, b = game.map.hex("0402"), game.map.hex("0502")
    hs = Hexside.between(a, b)
    st = with_crossing(GameState({"B6": game.map.hex("0302")}, {"B6": "blue"}), hs, Crossing("temporary", "blue", "B6"))
    assert crossing(bridges_after_event(Aachen(game), st), hs).bridge == "temporary"
    gone = crossing(bridges_after_event(Aachen(game), GameState({}, {"B6": "blue"}, memory=st.memory)), hs)
    assert gone.bridge == "removed" and "B6" in gone.why


# -- AAC-3 (AAC 11.2, L611): removal at the end of a Combat or Movement Phase ------------------------

def second_player_turn(game, r1_path):
    # blue bridges 0402/0502 in GT 1; in red's Movement Phase R1 moves; in red's Mobile Movement Phase R3
    # (mobile) crosses 0502 -> 0402: 1 + 1 + (1 + 2 river) = 5 of its MA 8
    return Log(game, {"B6": "0202", "R1": "0702", "R3": "0703", "R4": "1201"}).phase(1, "first-movement") \
        .say("temporary bridge 0402/0502 by B6").phase(1, "second-movement").move("R1", *r1_path) \
        .phase(1, "second-mobile-movement").move("R3", "0703", "0602", "0502", "0402").check(Aachen(game))


def test_aac3_an_enemy_in_an_adjoining_hex_at_the_end_of_a_movement_phase_removes_the_bridge(game) -> None:
    # R1 ends red's Movement Phase in 0502, next to the hexside: the bridge is removed, R3 may then cross
    removed = second_player_turn(game, ("0702", "0602", "0502"))
    assert illegal_rules(removed) == [] and verdicts(removed, 5) == [Legal()]
    # R1 ends it in 0603, not an adjoining hex: the bridge stands and R3 may not cross it
    stands = second_player_turn(game, ("0702", "0602", "0603"))
    assert illegal_rules(stands) == [(5, "AAC 11.2")]


def test_aac3_which_phases_remove_the_bridge(game) -> None:
    r = Aachen(game)
    a, b = game.map.hex("0402"), game.map.hex("0502")
    hs = Hexside.between(a, b)
    st = GameState({"B6": game.map.hex("0302"), "R1": b}, {"B6": "blue", "R1": "red"}, turn=1,
                   memory=FmMemory({hs: Crossing("temporary", "blue", "B6")}))

    def after(old: str, turn: int, new: str):
        return crossing(bridges_after_phase(r, st, phase_index(game, old), turn, phase_index(game, new)), hs)

    combat = after("first-combat", 1, "first-mobile-movement")
    assert combat.bridge == "removed" and "R1" in combat.why and "0502" in combat.why and "Combat Phase" in combat.why
    assert after("first-mobile-combat", 1, "second-movement").bridge == "removed"
    assert after("first-bombardment", 1, "first-combat").bridge == "temporary"  # not a Combat or Movement Phase
    alone = GameState({"B6": game.map.hex("0302")}, {"B6": "blue"}, turn=1, memory=st.memory)
    assert crossing(bridges_after_phase(r, alone, phase_index(game, "first-combat"), 1,
                                        phase_index(game, "second-movement")), hs).bridge == "temporary"
    # it lasts no longer than its GT (L597 'of the current GT')
    assert crossings(bridges_after_phase(r, alone, phase_index(game, "end"), 2, phase_index(game, "sfm"))) == {}


# -- AAC-3 (AAC 11.2, L609): enemy units never move across it ------------------------------------------

def red_crossing(game, turn: int):
    return Log(game, {"B6": "0202", "R3": "0703", "R4": "1201"}).phase(1, "first-movement") \
        .say("temporary bridge 0402/0502 by B6").phase(turn, "second-movement") \
        .move("R3", "0703", "0602", "0502", "0402").check(Aachen(game))


def test_aac3_enemy_units_cannot_move_across_a_temporary_bridged_hexside(game) -> None:
    barred = red_crossing(game, 1)
    assert illegal_rules(barred) == [(3, "AAC 11.2")]
    why = reason(barred, 3)
    assert "R3" in why and "0502/0402" in why and "B6" in why and "enemy units cannot use" in why
    # in GT 2 the bridge is gone: R3 crosses the river (1 + 1 + 1 + 2 = 5 of MA 8)
    later = red_crossing(game, 2)
    assert illegal_rules(later) == [] and verdicts(later, 3) == [Legal()]


# -- AAC-4 (AAC 11.0, L576): no intact bridges, no repairs ---------------------------------------------

def test_aac4_neither_player_may_repair_bridges(game) -> None:
    for phase, text in (("first-movement", "repair 0403/0503 by B6"), ("second-movement", "repair 0403/0503 by R1"),
                        ("first-movement", "repair 0403/0503")):
        rep = Log(game, {"B6": "0302", "R1": "0910", "R4": "1201"}).phase(1, phase).say(text).check(Aachen(game))
        assert illegal_rules(rep) == [(1, "AAC 11.0")], text
        why = reason(rep, 1)
        assert "0403/0503" in why and "neither player may repair" in why
    # a temporary bridge over the same river hexside is no repair (L613) and is allowed
    bridge = Log(game, {"B6": "0302", "R4": "1201"}).phase(1, "first-movement") \
        .say("temporary bridge 0403/0503 by B6").check(Aachen(game))
    assert illegal_rules(bridge) == [] and verdicts(bridge, 1) == [Legal()]


def test_aac4_a_repair_in_the_real_aachen_game_is_illegal_without_any_map_data() -> None:
    g = load_game("aachen")
    rep = Log(g, {"us-0332": "1010"}).phase(1, "first-movement").say("repair 1010/1011 by us-0332").check(Aachen(g))
    assert illegal_rules(rep) == [(1, "AAC 11.0")] and "us-0332" in reason(rep, 1)


def test_aac4_a_printed_bridge_is_demolished_so_the_river_costs_its_mp(game) -> None:
    a, b = game.map.hex("0403"), game.map.hex("0503")
    st = GameState({"B1": a}, {"B1": "blue"})
    # F&M 5.4 (L245): 'A unit crosses a river (+1 MP) and enters a clear terrain hex (1 MP) ... 2 MP'
    assert Aachen(game).step_cost(st, "B1", a, b) == 2
    assert FireAndMovement(game).step_cost(st, "B1", a, b) == 0.5  # elsewhere the bridge carries the road
    # B1 (MA 4) along the road from 0303: 1/2 + 2 (river) + 1/2 + 1/2 + 1/2 = 4; one more clear hex is 5
    road = ("0303", "0403", "0503", "0603", "0703", "0803")
    ok = Log(game, {"B1": "0303", "R4": "1201"}).phase(1, "first-movement").move("B1", *road).check(Aachen(game))
    assert illegal_rules(ok) == [] and verdicts(ok, 1) == [Legal()]
    far = Log(game, {"B1": "0303", "R4": "1201"}).phase(1, "first-movement").move("B1", *road, "0804")
    rep = far.check(Aachen(game))
    assert illegal_rules(rep) == [(1, "AAC 11.0")]
    assert "0403/0503" in reason(rep, 1) and "demolished" in reason(rep, 1)
    assert illegal_rules(far.check(Arnhem(game))) == []  # with the bridge: 3.5 MP
    # a friendly temporary bridge there carries the road again (AAC 11.2 4.): 3.5 MP
    bridged = Log(game, {"B1": "0303", "B6": "0302", "R4": "1201"}).phase(1, "first-movement") \
        .say("temporary bridge 0403/0503 by B6").move("B1", *road, "0804").check(Aachen(game))
    assert illegal_rules(bridged) == []


def test_the_crt_line_across_a_river_follows_the_bridges_that_stand(game) -> None:
    # F&M 8.2.2: an attack across a bridged river hexside uses the Bridge line, across an unbridged one the
    # river line. AAC 11.0: no printed bridge is intact, so 0403/0503 (printed bridge) is a river for Aachen;
    # AAC 11.2 (L607): friendly units may use a temporary bridge to attack.
    from hexforge.rules.fm.combat import Attack
    from hexforge.rules.fm.combat import lines
    H = game.map.hex
    st = GameState({"B1": H("0403"), "R1": H("0503")}, {"B1": "blue", "R1": "red"})
    attack = Attack("combat", H("0503"), ["B1"], [], [], None)
    assert "bridge" in lines(FireAndMovement(game), st, attack)
    assert "bridge" not in lines(Aachen(game), st, attack) and "city-rough-river" in lines(Aachen(game), st, attack)
    bridged = with_crossing(st, Hexside.between(H("0403"), H("0503")), Crossing("temporary", "blue", "B6"))
    assert "bridge" in lines(Aachen(game), bridged, attack)
    enemy = with_crossing(st, Hexside.between(H("0403"), H("0503")), Crossing("temporary", "red", "R9"))
    assert "bridge" not in lines(Aachen(game), enemy, attack)
