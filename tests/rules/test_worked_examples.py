"""Rulebook worked examples not covered elsewhere (digest-fire-and-movement.md section 5): E2, E7, E9, E12.
E8 (the 1st Cav diagram) cannot be a test: its diagram is not transcribed."""
from __future__ import annotations

import shutil

from hexforge.games import load_game
from hexforge.rules.arnhem import Arnhem
from hexforge.rules.core.movement import step_cost
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.state import GameState
from hexforge.rules.system import rules_for
from tests.rules.helpers import Log, illegal_rules
from tests.rules.survey import surveyed_copy
from tests.rules.test_end_to_end import SYN


def test_e2_a_hex_costing_three_in_the_tec_costs_three_mp(tmp_path) -> None:
    # F&M 5.4 (L241): "a unit must expend three MP to enter a jungle hex" (illustrative terrain)
    game_dir = tmp_path / "synthetic-fm"
    shutil.copytree(SYN, game_dir)
    t = game_dir / "terrain.toml"
    t.write_text(t.read_text().replace('[[types]]\nid = "clear"', '[[types]]\nid = "jungle"\nname = "Jungle"\n'
                                       'kind = "hex"\n\n[[types]]\nid = "clear"', 1)
                 .replace('rough = ["0303"]', 'rough = ["0303"]\njungle = ["0305"]'))
    (game_dir / "tables" / "tec.toml").write_text((game_dir / "tables" / "tec.toml").read_text()
                                                  + '\n[[rows]]\nkey = "jungle"\ncells = [3, 3, "woods"]\n')
    game = load_game(game_dir)
    s = GameState({"B1": game.map.hex("0205")}, {u: game.units[u].side for u in game.units})
    assert step_cost(rules_for(game), s, "B1", game.map.hex("0205"), game.map.hex("0305")) == 3


def test_e7_a_leg_unit_starting_in_an_ezoc_may_step_straight_into_another() -> None:
    # F&M 6.1 (ARN L136): "It can move from its starting hex directly into hex 2311 or 2413" (both EZOC)
    game = load_game(SYN)
    r = rules_for(game)
    setup = {"B3": "0404", "R1": "0505"}
    s = GameState({u: game.map.hex(h) for u, h in setup.items()}, {u: game.units[u].side for u in game.units})
    start = game.map.hex("0404")
    targets = [n for n in start.neighbours() if in_ezoc(r, s, n, "blue") and not s.at(n)
               and step_cost(r, s, "B3", start, n) is not None]
    assert len(targets) >= 2
    for n in targets:
        rep = Log(game, setup).phase(1, "first-movement").move("B3", "0404", game.map.label(n)).check()
        assert illegal_rules(rep) == [], game.map.label(n)


def test_e9_a_gtrt_box_8_9_gives_the_first_player_8_and_the_second_9(tmp_path) -> None:
    # F&M 7.1 (L150): a box "8/9": the first player receives 8 markers, the second 9
    game_dir = tmp_path / "synthetic-fm"
    shutil.copytree(SYN, game_dir)
    sc = game_dir / "scenarios" / "meeting.toml"
    sc.write_text(sc.read_text().replace("sfm = { blue = 3, red = 2 }", "sfm = { blue = 8, red = 9 }"))
    game = load_game(game_dir)
    r = rules_for(game)
    assert (r.sfm_allotment(1, r.first_side), r.sfm_allotment(1, r.enemy_of(r.first_side))) == (8, 9)
    setup = {"B1": "0604", "R2": "0705", "R4": "1201", "R1": "0910", "R3": "1209", "R5": "0101"}
    log = Log(game, setup).phase(1, "first-bombardment")
    for target in ("0705", "1201", "0910", "1209"):
        log.say(f"bombard {target} sfm 1 1").roll(6)
    assert illegal_rules(log.check()) == []
    log.say("bombard 0101 sfm 1").roll(6)
    assert illegal_rules(log.check()) == [(9, "F&M 7.2")]


def test_e12_no_mobile_unit_crosses_the_rr_bridge_2412_2413(tmp_path) -> None:
    # ARN 10.6.2 (L372): a mobile unit cannot cross 2412/2413: no road or trail joins them and marsh is
    # involved. Which hex is marsh is not stated: the TEST SURVEY makes 2413 marsh.
    game = load_game(surveyed_copy("arnhem", tmp_path, {"mixed": ["2412"], "marsh": ["2413"]}, {}))
    r = Arnhem(game)
    a, b = game.map.hex("2412"), game.map.hex("2413")
    s = GameState({}, {})
    assert r.terrain_cost(s, "x", a, b, "mobile") is None
    assert isinstance(r.terrain_cost(s, "x", a, b, "leg"), float)
