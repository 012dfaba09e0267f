"""Arnhem procedures over the synthetic F&M game: the engineer ferry (ARN 10.6.5), the airpower roll and
SFM reductions (ARN 10.7, 10.7.2), the drop zone radius and the Scenario 2 drop modifier (ARN 11.4, 12.0),
and the drop table vectors T24, T25, T27 (digest 5.2). Blue is the Allied player; B6 is an engineer, B7 a
glider unit, B8 a one-step parachute unit; the synthetic blue drop zone marker is at 0707 and the red
(US-style) one at 0303; the river 0402/0502 has no bridge; GT 3 gives blue 13 markers."""
from __future__ import annotations

import shutil

import pytest

from hexforge.games import load_game
from hexforge.maps.hexes import Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.fm.arnhem.actions import drop_zone
from hexforge.rules.fm.arnhem.sfm import Reduction, sfm_reductions
from hexforge.rules.fm.memory import Crossing, Ferry, with_crossing
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.helpers import Log, illegal_rules, verdicts
from tests.rules.test_exclusive_rules import SYN


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


# -- ARN 10.6.5 engineer ferry ------------------------------------------------------------------

def ferry(game, decl="ferry 0402/0502 by B6", setup=None, phase="first-movement", before=()):
    log = Log(game, setup or {"B6": "0302", "B1": "0402", "R4": "1201"}).phase(1, phase)
    for f in before:
        f(log)
    return log.say(decl)


def test_arn_10_6_5_a_ferry_declared_at_the_start_of_the_movement_phase_is_legal(game) -> None:
    # L406-L409: start of the Allied Movement Phase, within the engineer's range, an adjoining hex Allied
    rep = ferry(game).check(Arnhem(game))
    assert illegal_rules(rep) == [] and isinstance(verdicts(rep, 1)[0], Legal)


@pytest.mark.parametrize("why, log", [
    ("mobile phase (L406 'not Mobile Movement Phase')", lambda g: ferry(g, phase="first-mobile-movement")),
    ("after a move (L406 'prior to moving any units')",
     lambda g: ferry(g, before=[lambda log: log.move("B1", "0402", "0401")], setup={"B6": "0302", "B1": "0402",
                                                                                     "B3": "0502", "R4": "1201"})),
    ("second ferry in the GT (L406 'only one per GT')",
     lambda g: ferry(g, before=[lambda log: log.say("ferry 0402/0502 by B6")])),
    ("no Allied unit adjoining (L409)", lambda g: ferry(g, setup={"B6": "0302", "R4": "1201"})),
    ("German-occupied adjoining hex (L410)", lambda g: ferry(g, setup={"B6": "0302", "B1": "0402", "R4": "0502"})),
    ("beyond the engineer's range (L408)", lambda g: ferry(g, setup={"B6": "1209", "B1": "0402", "R4": "1201"})),
    ("not a river/canal hexside", lambda g: ferry(g, "ferry 0401/0402 by B6")),
    ("a repair in the same GT (L407)", lambda g: ferry(g, before=[lambda log: log.say("repair 1006/1106 by B6")])),
])
def test_arn_10_6_5_ferry_conditions(game, why, log) -> None:
    rep = log(game).check(Arnhem(game))
    assert ("ARN 10.6.5" in {r for _, r in illegal_rules(rep)}), why


def test_arn_10_6_5_the_ferry_is_a_bridge_for_allied_movement_and_retreat_t36(game) -> None:
    # L415: 'Treat the ferry hexside as a bridge for movement'; L417: 'Retreat across the river/canal
    # hexside'; L419: German units cannot use it and a German unit adjoining cancels it. T36 (canal).
    r, H = Arnhem(game), game.map.hex
    a, b, c, d = H("0402"), H("0502"), H("0406"), H("0506")
    st = GameState({"B1": a, "B2": c, "R1": H("1201")}, {u: game.units[u].side for u in game.units}, turn=1)
    assert r.terrain_cost(st, "B1", a, b, "leg") == 2 and r.retreat_blocked(st, "B2", c, d)  # river +1; canal
    on = with_crossing(with_crossing(st, Hexside.between(a, b), Crossing(ferry=Ferry(1, "B1"))),
                       Hexside.between(c, d), Crossing(ferry=Ferry(1, "B1")))  # B1 (MA 4) stands in for the engineer: in range
    assert r.terrain_cost(on, "B1", a, b, "leg") == 1 and r.retreat_blocked(on, "B2", c, d) is None
    assert r.retreat_blocked(on.place("R1", c), "R1", c, d)  # German units cannot use it
    cancelled = r.after_event(on.place("R1", d))  # a German unit adjoining cancels it ...
    assert r.retreat_blocked(cancelled, "B2", c, d)
    assert r.retreat_blocked(cancelled.place("R1", H("1201")), "B2", c, d)  # ... for good (L419 'canceled')
    assert r.retreat_blocked(r.after_event(on), "B2", c, d) is None  # no German next to it: it stands
    assert r.retreat_blocked(GameState(dict(on.positions), dict(on.sides), memory=on.memory, turn=2),
                             "B2", c, d)  # the next GT it is gone


def test_arn_10_6_5_on_the_real_data_the_engineer_is_not_known(game) -> None:
    # L406 'the engineer unit': no Arnhem counter is identified as the engineer (units.csv type unknown)
    real = load_game("arnhem")
    log = Log(real, {"82nd_para_1": "2323"}).phase(1, "p1_movement").say("ferry 2323/2324 by 82nd_para_1")
    rep = log.check(Arnhem(real))
    (v,) = verdicts(rep, 1)
    assert isinstance(v, NotCheckable) and "engineer" in v.needs


# -- ARN 10.7 airpower, 10.7.2 reductions -------------------------------------------------------

def airpower(game, turn, die, result=None, phase="sfm"):
    log = Log(game, {"B1": "0205", "R4": "1201"}).phase(turn, phase).say("airpower").roll(die)
    return log.say(f"result {result}") if result else log


def test_t32_the_airpower_table_on_a_13_marker_gt(game) -> None:
    # ARN 10.7 table L449-L454: 1 none; 2 one US; 3 one British; 4 one each; 5 two British; 6 two British + one US
    want = {1: "0 british 0 us", 2: "0 british 1 us", 3: "1 british 0 us", 4: "1 british 1 us",
            5: "2 british 0 us", 6: "2 british 1 us"}
    for die, said in want.items():
        assert illegal_rules(airpower(game, 3, die, said).check(Arnhem(game))) == [], die
    assert illegal_rules(airpower(game, 3, 6, "2 british 0 us").check(Arnhem(game))) == [(3, "ARN 10.7")]


def test_arn_10_7_airpower_only_on_13_marker_gts_in_the_sfm_phase(game) -> None:
    # L430: 'only available on GTs that the Allied player is listed as having 13 markers'
    assert illegal_rules(airpower(game, 1, 4).check(Arnhem(game))) == [(1, "ARN 10.7")]  # GT 1: 3 markers
    assert illegal_rules(airpower(game, 3, 4, phase="first-movement").check(Arnhem(game))) == [(1, "ARN 10.7")]
    (v,) = verdicts(airpower(game, 2, 4).check(Arnhem(game)), 1)  # GT 2: allotment unknown
    assert isinstance(v, NotCheckable) and "SFM allotment" in v.needs
    twice = airpower(game, 3, 4).say("airpower").roll(2).check(Arnhem(game))
    assert illegal_rules(twice) == [(3, "ARN 10.7")]


def test_arn_10_7_2_a_german_unit_on_a_drop_zone_marker_removes_three_plus_3_markers(game) -> None:
    # L443 a) British marker held: three +3 from the British pool; b) US marker held: three +3 from the US pool
    r, H = Arnhem(game), game.map.hex
    sides = {u: game.units[u].side for u in game.units}
    free, undecided = sfm_reductions(r, GameState({"R1": H("0706")}, sides))
    assert free == [] and undecided == []  # c: the synthetic game has no British non-airborne units
    held, _ = sfm_reductions(r, GameState({"R1": H("0707"), "R2": H("0303")}, sides))
    assert held == [Reduction("a", "british", 3, 3), Reduction("b", "us", 3, 3)]
    blue, _ = sfm_reductions(r, GameState({"B1": H("0707")}, sides))
    assert blue == []


def test_arn_10_7_2_on_the_real_data_the_drop_zones_depend_on_the_scenario() -> None:
    # S1 fixes the markers (L468-L471); S2 places them freely (L563): the log does not say which is played
    real = load_game("arnhem")
    red, undecided = sfm_reductions(Arnhem(real), GameState({}, {}))
    assert red == [] and [r.clause for r, u in undecided if "drop zone marker" in u.needs] == ["a", "b"]


# -- ARN 11.4 drop zone radius, ARN 12.0 displaced marker, T24 T25 T27 ---------------------------

def land(game, unit, hx, die, *after, setup=None, how=""):
    log = Log(game, setup or {"R4": "1201"}).phase(1, "first-movement").enter(unit, hx).say(f"land {unit}{how}") \
        .roll(die)
    for f in after:
        f(log)
    return log.check(Arnhem(game))


def test_arn_11_4_a_unit_lands_within_three_hexes_of_its_drop_zone_marker(game) -> None:
    # L521: 'Place one arriving airborne unit in any hex within three hexes of the unit's drop zone marker'
    assert drop_zone(Arnhem(game), "B8") == game.map.hex("0707")
    near = land(game, "B8", "0808", 1)  # city, 2 hexes from 0707
    assert illegal_rules(near) == [] and isinstance(verdicts(near, 2)[0], Legal)
    far = land(game, "B8", "0202", 1)  # 5 hexes from 0707
    assert illegal_rules(far) == [(2, "ARN 11.4")] and "drop zone marker" in verdicts(far, 2)[0].reason


def test_arn_11_4_on_the_real_data_the_drop_zone_depends_on_the_scenario() -> None:
    # S1 (L471): 82nd marker at 2323; S2 (L563): placed freely - which scenario is played is not in the log
    got = drop_zone(Arnhem(load_game("arnhem")), "82nd_para_1")
    assert isinstance(got, Unknown) and "drop_zone_markers" in got.needs


def with_drop_terrain(tmp_path, s2: bool = False):
    """The synthetic game with a mixed hex 0708 and a broken hex 0709 (and the Scenario 2 rule if ``s2``)."""
    d = tmp_path / "synthetic-fm"
    shutil.copytree(SYN, d)
    t = d / "terrain.toml"
    t.write_text(t.read_text().replace('[[types]]\nid = "clear"', '[[types]]\nid = "mixed"\nname = "Mixed"\n'
                                       'kind = "hex"\n\n[[types]]\nid = "broken"\nname = "Broken"\nkind = "hex"\n\n'
                                       '[[types]]\nid = "clear"', 1)
                 .replace('rough = ["0303"]', 'rough = ["0303"]\nmixed = ["0708"]\nbroken = ["0709"]'))
    tec = d / "tables" / "tec.toml"
    tec.write_text(tec.read_text() + '\n[[rows]]\nkey = "mixed"\ncells = [2, 2, "woods"]\n'
                   '\n[[rows]]\nkey = "broken"\ncells = [3, 3, "woods"]\n')
    if s2:
        sc = d / "scenarios" / "meeting.toml"
        sc.write_text(sc.read_text().replace('dz_us_ab = "0303" } }', 'dz_us_ab = "0303" } }\n'
                                             'dz_marker_on_german_unit = "synthetic: the ARN 12.0 rule"'))
    return load_game(d)


def test_t24_t25_t27_drop_table_vectors(tmp_path) -> None:
    g = with_drop_terrain(tmp_path)
    # T24: para in Mixed, no DRM, die 6: No Effect (Mixed 1-6, L538)
    assert illegal_rules(land(g, "B8", "0708", 6)) == []
    assert illegal_rules(land(g, "B8", "0708", 6, lambda l: l.kill("B8", "0708"))) == [(4, "ARN 11.4")]
    # T25: glider in Mixed, German adjacent, die 6: 6+1+1 = 8, Depleted (Mixed 7-8, L538; DRMs L544-L545)
    assert illegal_rules(land(g, "B7", "0708", 6, lambda l: l.reduce("B7", "0708"), setup={"R1": "0808"})) == []
    assert illegal_rules(land(g, "B7", "0708", 6, setup={"R1": "0808"})) == [(3, "ARN 11.4")]
    # T27: para in Broken, German adjacent, die 5: 6, Depleted (Broken 6-7, L539); B8 has one step, so it goes
    assert illegal_rules(land(g, "B8", "0709", 5, lambda l: l.kill("B8", "0709"), setup={"R1": "0808"})) == []
    assert illegal_rules(land(g, "B8", "0709", 5, lambda l: l.reduce("B8", "0709"), setup={"R1": "0808"})) \
        == [(4, "ARN 11.4")]


def test_arn_12_0_a_displaced_drop_zone_marker_adds_one_in_scenario_2(tmp_path) -> None:
    # L573: 'the Allied player applies an additional +1 DRM to the DR on the Airborne Drop Table'
    s2 = with_drop_terrain(tmp_path, s2=True)
    # para in Mixed, die 6 +1 = 7: Depleted (Mixed 7-8); B8 one step -> eliminated
    assert illegal_rules(land(s2, "B8", "0708", 6, lambda l: l.kill("B8", "0708"), how=" displaced")) == []
    assert illegal_rules(land(s2, "B8", "0708", 6, how=" displaced")) == [(3, "ARN 11.4")]
    # without the Scenario 2 rule the modifier does not apply: the declaration is illegal
    s1 = load_game(SYN)
    assert illegal_rules(land(s1, "B8", "0606", 1, how=" displaced")) == [(2, "ARN 11.4")]


# -- ARN 10.6.5 the engineer stays within its movement range (L412) ----------------------------------

def ferry_then_cross(game, engineer_to: str):
    # B6 (MA 6) in 0308 is 6 hexes from 0402/0502; B1 (leg, MA 4) crosses 0402 -> 0802: four clear hexes,
    # 4 MP across a bridge, 5 MP across the unbridged river (+1)
    return Log(game, {"B6": "0308", "B1": "0402", "R4": "1201"}).phase(1, "first-movement") \
        .say("ferry 0402/0502 by B6").move("B6", "0308", engineer_to) \
        .move("B1", "0402", "0502", "0602", "0702", "0802").check(Arnhem(game))


def test_arn_10_6_5_l412_the_ferry_continues_while_the_engineer_stays_in_range(game) -> None:
    # L412: "may move ... and continue providing ferry operations if [it] remains within its movement range"
    rep = ferry_then_cross(game, "0408")  # 0408 is still 6 hexes from the hexside
    assert illegal_rules(rep) == [] and verdicts(rep, 3) == [Legal()]


def test_arn_10_6_5_l412_the_ferry_ends_when_the_engineer_leaves_its_range(game) -> None:
    # L412 does not apply: 0309 is 7 hexes from the hexside, beyond B6's MA of 6; the river costs +1 again
    rep = ferry_then_cross(game, "0309")
    assert illegal_rules(rep) == [(3, "F&M 5.2")]


def test_arn_10_6_5_l412_an_eliminated_engineer_provides_no_ferry(game) -> None:
    r, H = Arnhem(game), game.map.hex
    a, b = H("0402"), H("0502")
    st = with_crossing(GameState({"B1": a, "B6": H("0302")}, {u: game.units[u].side for u in game.units}, turn=1),
                       Hexside.between(a, b), Crossing(ferry=Ferry(1, "B6")))
    assert r.terrain_cost(st, "B1", a, b, "leg") == 1
    gone = st.place("B6", None)
    assert r.terrain_cost(gone, "B1", a, b, "leg") == 2


# -- ARN 10.6.6 engineer replacement (L421) ---------------------------------------------------------

def engineer_back(game, unit="B6", turn=2, phase="first-movement", hx="0510"):
    # the synthetic south map edge is row 10; its road hex is 0510; the unit is eliminated in GT 1
    log = Log(game, {unit: "0305", "R4": "1201"}).phase(1, "first-movement").kill(unit, "0305")
    for t in range(2, turn):
        log = log.phase(t, "end")
    return log.phase(turn, phase).enter(unit, hx).check(Arnhem(game))


def test_arn_10_6_6_the_engineer_returns_next_gt_on_the_south_edge_road_hex(game) -> None:
    # L421: "return the unit to play during the Movement Phase of the next GT ... on any south map edge road hex"
    rep = engineer_back(game)
    assert illegal_rules(rep) == [] and verdicts(rep, 3) == [Legal()]


@pytest.mark.parametrize("why, kw", [
    ("a south edge hex without a road (L421 'south map edge road hex')", {"hx": "0610"}),
    ("not on the south edge", {"hx": "0505"}),
    ("two GTs later (L421 'the next GT')", {"turn": 3}),
    ("the Mobile Movement Phase (L421 'the Movement Phase')", {"phase": "first-mobile-movement"}),
])
def test_arn_10_6_6_return_conditions(game, why, kw) -> None:
    rep = engineer_back(game, **kw)
    assert illegal_rules(rep) == [(len(rep.judged) - 1, "ARN 10.6.6")], why


def test_arn_10_6_6_does_not_apply_to_other_units(game) -> None:
    # L421 is about "the Allied engineer unit": B1 (infantry) returning is not judged by it
    rep = engineer_back(game, unit="B1", hx="0610")
    assert "ARN 10.6.6" not in {r for _, r in illegal_rules(rep)}
    assert not any("10.6.6" in getattr(v, "needs", "") for v in verdicts(rep, 3))


def test_arn_10_6_6_on_the_real_data_the_engineer_is_not_known() -> None:
    # units.csv gives no types, and the south edge road hexes are not surveyed
    real = load_game("arnhem")
    uid = next(u for u, x in real.units.items() if x.side == "allied")
    rep = Log(real, {uid: "2323"}).phase(1, "p1_movement").kill(uid, "2323").phase(2, "p1_movement") \
        .enter(uid, "0105").check(Arnhem(real))
    (v,) = verdicts(rep, 3)
    assert isinstance(v, NotCheckable) and "engineer" in v.needs
