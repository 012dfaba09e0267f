"""Rulebook worked examples and derived vectors not covered elsewhere (digest-fire-and-movement.md section 5):
E2, E4, E7, E9, E11, E12; T35 (with the forced elimination), T37, T38, T39. E8 (the 1st Cav diagram, ARN L138) cannot be a test: neither
the diagram nor any hex of it is transcribed, so there is no input to check. E1 (unit identifiers) is
nomenclature, not a rule the checker judges."""
from __future__ import annotations

import shutil

from hexforge.games import load_game
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.core.movement import step_cost
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.state import GameState
from hexforge.rules import rules_for
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


def test_e4_a_plus_one_village_adds_to_the_clear_hex_and_the_river(tmp_path) -> None:
    # F&M 5.4 (AAC L247-L249): in-hex terrain with a "+" adds to the other terrain; "a clear hex (1 MP) that
    # contains a village (+1 MP) ... crossed a river hexside (+1 MP). The cost to enter the hex is 3 MP."
    game_dir = tmp_path / "synthetic-fm"
    shutil.copytree(SYN, game_dir)
    t = game_dir / "terrain.toml"
    t.write_text(t.read_text().replace('[[types]]\nid = "clear"', '[[types]]\nid = "village"\nname = "Village"\n'
                                       'kind = "hex"\n\n[[types]]\nid = "clear"', 1)
                 .replace('rough = ["0303"]', 'rough = ["0303"]\nvillage = ["0502"]'))
    (game_dir / "tables" / "tec.toml").write_text((game_dir / "tables" / "tec.toml").read_text()
                                                  + '\n[[rows]]\nkey = "village"\ncells = ["+1", "+1", "clear"]\n')
    game = load_game(game_dir)
    r, H = rules_for(game), game.map.hex
    s = GameState({}, {})
    assert step_cost(r, s, "B1", H("0402"), H("0502")) == 3  # clear 1 + village +1 + river +1
    assert step_cost(r, s, "B1", H("0602"), H("0502")) == 2  # no river: clear 1 + village +1


def test_e11_the_canal_trail_crossing_0507_0606_costs_4_leg_and_5_mobile() -> None:
    # ARN 10.6.1 (L369): a leg unit "would expend three MP to cross the canal from hex 0507 to 0606 and one MP
    # (total of four MP)"; "A mobile unit ... would expend a total of five MP"
    game = load_game("arnhem")
    r, H = Arnhem(game), game.map.hex
    s = GameState({}, {})
    assert r.terrain_cost(s, "x", H("0507"), H("0606"), "leg") == 4
    assert r.terrain_cost(s, "x", H("0507"), H("0606"), "mobile") == 5


def test_t35_a_mobile_unit_does_not_retreat_into_marsh_off_a_road(tmp_path) -> None:
    # ARN 10.5 (L359-L360) with the TEC note (L588): mobile units enter marsh only along a road or trail;
    # ARN 10.6 retreat: the synthetic marsh hex 1005 has no road from 0905
    game = load_game(SYN)
    r, H = Arnhem(game), game.map.hex
    s = GameState({"B2": H("0905"), "B1": H("0906")}, {"B2": "blue", "B1": "blue"})
    blocked = r.retreat_blocked(s, "B2", H("0905"), H("1005"))
    assert blocked.rule == "ARN 10.5" and "marsh at 1005" in blocked.why
    assert r.retreat_blocked(s, "B1", H("0906"), H("1005")) is None  # a leg unit may
    # ... nor advance into it (ARN 10.5 L360 "cannot advance or retreat into a marsh hex")
    assert r.advance_blocked(s, "B2", H("0905"), H("1005"))[0] == "ARN 10.5"
    assert r.advance_blocked(s, "B1", H("0906"), H("1005")) is None


def test_t37_the_82nd_drop_zone_at_2323_has_37_landing_hexes_two_german_held() -> None:
    # ARN 11.0 (L471) 82nd marker at 2323; 11.4 (L521) "within three hexes"; S1 setup L461-L466
    game = load_game("arnhem")
    dz = game.map.hex("2323")
    within = [h for h in game.map if h.distance(dz) <= 3]
    assert len(within) == 37
    s1 = game.scenarios["s1"]
    held = {str(st.hex.resolved): st.units for st in s1.setup if st.hex is not None
            and game.map.hex(str(st.hex.resolved)).distance(dz) <= 3}
    assert held == {"2325": ["1/406"], "2621": ["BrDf"]}


def test_t38_9_9ss_at_3322_may_attempt_the_bridge_3325_3424() -> None:
    # ARN 10.6.3 (L380-L382, range as AAC 11.1): 3322 -> 3325 is 3 hexes, within 9/9SS's MA of 12 (L466)
    game = load_game("arnhem")
    r, H = Arnhem(game), game.map.hex
    s = GameState({"9/9SS": H("3322")}, {"9/9SS": "german"})
    assert r.in_range(s, "9/9SS", (H("3325"), H("3424"))) is True
    far = GameState({"9/9SS": H("1007")}, {"9/9SS": "german"})
    assert r.in_range(far, "9/9SS", (H("3325"), H("3424"))) is False


def test_t39_two_reinforcements_at_one_entry_hex_must_not_end_stacked() -> None:
    # F&M 5.3 (ARN L97-L100) with ARN 11.1: no two units in a hex at the end of a move or phase
    game = load_game(SYN)
    ok = Log(game, {"R4": "1201"}).phase(1, "first-movement").enter("B7", "0707").move("B7", "0707", "0706") \
        .enter("B8", "0707").phase(1, "first-bombardment")
    assert illegal_rules(ok.check()) == []
    stacked = Log(game, {"R4": "1201"}).phase(1, "first-movement").enter("B7", "0707").enter("B8", "0707") \
        .phase(1, "first-bombardment")
    assert "F&M 5.3" in {rule for _, rule in illegal_rules(stacked.check())}


def t35(unit, *after):
    # Red (R1 R2 R3, 2 each) attacks 0905 from 0904 0804 0805: 6 - 3 = +3, die 1 -> D2 (synthetic CRT). From
    # 0905 every hex but the marsh 1005 is red-occupied or in a red ZOC (0906 next to 0805, 1004 next to 0904);
    # 1005 and 1105 beyond it are free of red ZOC.
    log = Log(load_game(SYN), {unit: "0905", "R1": "0904", "R2": "0804", "R3": "0805"}) \
        .phase(1, "second-combat").say("attack 0905 from 0904 0804 0805").roll(1)
    for f in after:
        f(log)
    return log.check(Arnhem(load_game(SYN)))


def test_t35_a_mobile_unit_with_only_a_marsh_retreat_is_eliminated() -> None:
    # digest T35 (ARN 10.5 L359-L360, F&M 8.3): the mobile B2 has no legal retreat path -> "eliminated (if
    # forced)": legal when the log eliminates it
    assert illegal_rules(t35("B2", lambda log: log.kill("B2", "0905"))) == []


def test_t35_the_forced_elimination_is_expected() -> None:
    # ... and illegal when the log leaves it in place (F&M 8.3: no retreat possible, eliminate), or retreats
    # it through the marsh off a road (the marsh rule itself, ARN 10.5 L360)
    assert ("F&M 8.3" in {r for _, r in illegal_rules(t35("B2"))})
    through_marsh = t35("B2", lambda log: log.move("B2", "0905", "1005", "1105"))
    assert illegal_rules(through_marsh) == [(3, "ARN 10.5")]
    assert "marsh at 1005" in through_marsh.judged[3].verdicts[0].reason


def test_t35_does_not_apply_to_a_leg_unit() -> None:
    # ARN 10.5 limits mobile units only: the leg B1 has a legal retreat through the marsh, so T35's forced
    # elimination does not apply; leaving it in place is illegal for a retreat it could make
    assert illegal_rules(t35("B1", lambda log: log.move("B1", "0905", "1005", "1105"))) == []
    stayed = t35("B1")
    assert illegal_rules(stayed) == [(2, "F&M 8.3")] and "neither retreated" in stayed.judged[2].verdicts[0].reason
