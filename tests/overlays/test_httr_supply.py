"""HTTR SR 13.2 supply chain on the synthetic game (tests/data/overlay-httr: clear 1 MP in Travel
Mode, primary road 0.5 MP down column 12 from the US source 1201, a trail down column 11, river
hexside 0102/0202, bridged river 0103/0203, TEC 'mystery' unknown, an island 0810 ringed by river,
an airborne division 'ab' with its supply head at 0410, German edge-road sources 0103 and 1110 with
off-map areas 1W = 0101-0105 captured GT 3, 2E captured GT 9, 3E (hexes not given) GT 20) and on
the real game. Rulebook lines are /work/shared/rulebooks/highway-to-the-reich.txt."""
from __future__ import annotations

from types import MappingProxyType

import pytest

from hexforge.games.loader import load_game
from hexforge.builder.timeline import (Eliminated, Move, PieceRef, Placement, StepChange, Timeline,
                                       TurnChange)
from hexforge.rules.httr.modes import modes
from hexforge.rules.httr.sources import sources
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.state import GameState
from tests.overlays.conftest import DATA

CHAIN = {"US-CORPS": "1205", "US-DIV": "0905", "US-REG": "0605", "US-INF": "0302"}


@pytest.fixture(scope="module")
def game():
    return load_game(DATA / "overlay-httr")


def supply(game, placed: dict[str, str], side: str = "us", scenario: str | None = None, turn: int | None = None,
           **kw) -> HttrSupply:
    pos = {u: game.map.hex(label) for u, label in placed.items()}
    st = GameState(MappingProxyType(pos), MappingProxyType({u: x.side for u, x in game.units.items()}), turn=turn)
    return HttrSupply(game, st, sources(game, side, scenario, turn), **kw)


def test_whole_chain_in_supply(game):
    s = supply(game, CHAIN)
    assert [s.status(u).supplied for u in CHAIN] == [True, True, True, True]


def test_unit_within_12_hexes_13_2_6_1(game):
    # L722: up to 12 hexes, not counting the unit's hex, counting the HQ's. 0101-1207: 12; 0101-1208: 13.
    assert supply(game, {**CHAIN, "US-REG": "1207", "US-INF": "0101"}).status("US-INF").supplied is True
    assert supply(game, {**CHAIN, "US-REG": "1208", "US-INF": "0101"}).status("US-INF").supplied is False


def test_halved_when_the_hq_traced_to_is_in_travel_or_disrupted_13_2_2_6(game):
    # L708: 12 hexes become 6. 0302 -> 0605 is 5 hexes, 0302 -> 1005 is 7 (US-REG moved there).
    placed = {**CHAIN, "US-REG": "1005", "US-DIV": "1105"}
    assert supply(game, placed).status("US-INF").supplied is True
    assert supply(game, placed, travel={"US-REG"}).status("US-INF").supplied is False
    assert supply(game, placed, disrupted={"US-REG"}).status("US-INF").supplied is False
    assert supply(game, CHAIN, travel={"US-REG"}).status("US-INF").supplied is True  # 5 <= 6
    # The unit's own mode does not halve: only the HQ traced *to*.
    assert supply(game, placed, travel={"US-INF"}).status("US-INF").supplied is True


def test_regiment_to_division_12_mp_in_travel_mode_13_2_5_1(game):
    # L719, L709: clear costs 1 MP in Travel Mode. 0605 -> 0905 is 3 MP; 1209 -> 1201 by road 8 x 0.5 = 4 MP.
    placed = {**CHAIN, "US-DIV": "1201", "US-REG": "1209"}
    assert supply(game, placed, disrupted={"US-DIV"}).status("US-REG").supplied is True  # 4 <= 12/2
    # Down column 01, all clear, no road: 0107 -> 0101 is 6 MP, 0108 -> 0101 is 7 MP.
    assert supply(game, {**CHAIN, "US-DIV": "0101", "US-REG": "0107"}, disrupted={"US-DIV"}).status("US-REG").via == "US-DIV"
    far = supply(game, {**CHAIN, "US-DIV": "0101", "US-REG": "0108"}, disrupted={"US-DIV", "US-CORPS"})
    assert far.status("US-REG").supplied is False  # 7 > 12/2 (and 0108 -> corps 1205 > 6)
    assert supply(game, {**CHAIN, "US-DIV": "0101", "US-REG": "0108"}).status("US-REG").via == "US-DIV"


def test_division_to_corps_18_mp_13_2_4_1(game):
    # L715: 0905 -> 1205 is 3 MP. Halved to 9 (corps in Travel): 0110 -> 1205 is at least 11 MP.
    assert supply(game, CHAIN).status("US-DIV").supplied is True
    far = {**CHAIN, "US-DIV": "0110", "US-REG": "0109"}
    assert supply(game, far).status("US-DIV").supplied is True  # <= 18
    assert supply(game, far, travel={"US-CORPS"}).status("US-DIV").supplied is False


def test_corps_along_primary_and_secondary_roads_only_13_2_3_1(game):
    # L713: 1205 is on the primary road to the source 1201; 1105 reaches it only by trail.
    assert supply(game, CHAIN).status("US-CORPS").supplied is True
    assert supply(game, {**CHAIN, "US-CORPS": "1105"}).status("US-CORPS").supplied is False
    # The road path is blocked by an enemy unit on it (13.2.2.3).
    assert supply(game, {**CHAIN, "GE-INF": "1203"}, disrupted={"GE-INF"}).status("US-CORPS").supplied is False


def test_enemy_units_and_ezoc_block_unless_a_friendly_unit_is_there_13_2_2_3(game):
    L = game.map.hex
    s = supply(game, {"GE-INF": "0505", "US-INF2": "0606"})
    assert s.passable(L("0505"), "us") is False           # an enemy unit
    assert s.passable(L("0504"), "us") is False           # its ZOC (8.0)
    assert s.passable(L("0606"), "us") is True            # ZOC negated by a friendly unit (8.3, 8.5)
    assert s.passable(L("0503"), "us") is True            # two hexes from a range-1 unit
    assert supply(game, {"GE-INF": "0505"}, disrupted={"GE-INF"}).passable(L("0504"), "us") is True  # 8.6.2
    assert supply(game, {"GE-INF": "0505"}, travel={"GE-INF"}).passable(L("0504"), "us") is True     # 8.6.2


def test_corner_unit_cut_off_by_ezoc(game):
    # 0101's neighbours are 0201 and 0102; a German unit in 0202 controls both (13.2.2.3).
    placed = {**CHAIN, "US-INF": "0101", "US-REG": "0303"}
    assert supply(game, placed).status("US-INF").supplied is True
    assert supply(game, {**placed, "GE-INF": "0202"}).status("US-INF").supplied is False
    assert supply(game, {**placed, "GE-INF": "0202", "US-INF2": "0201"}).status("US-INF").supplied is True


def test_zoc_terrain_and_range_two_8_4_1(game):
    L = game.map.hex
    s = supply(game, {"GE-INF": "0606", "GE-INF2": "0807", "GE-HW": "0303"})
    assert s.exerts_zoc("GE-INF2", L("0806")) is False    # never into forest
    assert s.exerts_zoc("GE-INF", L("0607")) is True      # into woods when adjacent
    two = [h for h in L("0303").neighbours() for h in h.neighbours() if L("0303").distance(h) == 2]
    clear2 = next(h for h in sorted(two) if game.map.terrain.of(h) == frozenset({"clear"}))
    assert s.exerts_zoc("GE-HW", clear2) is True          # range 2 into an observed clear hex
    assert s.exerts_zoc("GE-INF", L("0508")) is False     # range 1: not two hexes out
    assert supply(game, {"GE-HW": "0306"}).exerts_zoc("GE-HW", L("0508")) is False  # town two hexes out


def test_lone_enemy_leader_does_not_block_19_2_2(game):
    L = game.map.hex
    assert supply(game, {"GE-LDR": "0505"}).passable(L("0505"), "us") is True
    assert supply(game, {"GE-LDR": "0505", "GE-INF": "0505"}).passable(L("0505"), "us") is False


def test_prohibited_terrain_13_2_2_4(game):
    L = game.map.hex
    s = supply(game, {"US-INF": "0102", "US-TANK": "0703"}, travel={"US-TANK"})
    _, cross = s.allowed("US-INF", "us")
    assert cross(L("0102"), L("0202")) is False           # river, no bridge
    assert cross(L("0103"), L("0203")) is True            # bridged
    through_tank, _ = s.allowed("US-TANK", "us")
    through_inf, _ = s.allowed("US-INF", "us")
    assert through_tank(L("0806")) is False and through_inf(L("0806")) is True  # forest, Travel Mode


def test_broken_link_cuts_everything_below_13_2_6_4(game):
    cut = {**CHAIN, "GE-INF": "1203"}
    s = supply(game, cut, disrupted={"GE-INF"})
    assert s.status("US-CORPS").supplied is False
    assert s.status("US-INF").supplied is False and "13.2.6.4" in s.status("US-INF").reason


def test_skipping_a_broken_level_13_2_7_2(game):
    # L731: a regiment cut from its division may trace straight to the corps HQ (0605 -> 1205 is 6 MP).
    placed = {**CHAIN, "US-DIV": "0101", "GE-INF": "0201", "GE-INF2": "0102"}
    s = supply(game, placed, disrupted={"GE-INF", "GE-INF2"})
    assert s.status("US-DIV").supplied is False
    assert s.status("US-REG").supplied is True and s.status("US-REG").via == "US-CORPS"


def test_on_or_adjacent_to_a_source_13_2_6_5(game):
    assert supply(game, {"US-INF": "1202"}).status("US-INF").supplied is True
    assert supply(game, {"US-INF": "1203"}).status("US-INF").supplied is False  # no HQ on the map


def test_vehicle_by_road_under_12_mp_13_2_6_3(game):
    # L725: 1201 -> 1209 is 8 hexes; with the HQ in Travel Mode the limit is 6 hexes, but a
    # vehicle covers the road in 4 MP (under 12, halved to 6 by L708). A leg unit does not get the exception.
    placed = {**CHAIN, "US-REG": "1201", "US-DIV": "1101"}
    assert supply(game, {**placed, "US-TANK": "1209"}, travel={"US-REG"}).status("US-TANK").supplied is True
    assert supply(game, {**placed, "US-INF": "1209"}, travel={"US-REG"}).status("US-INF").supplied is False



def test_the_road_alternative_is_halved_too_13_2_2_6(tmp_path):
    """L708: "the required path length (in hexes or MP)" is halved when the HQ is in Travel Mode or disrupted: with
    primary road at 1 MP a hex in Travel Mode (a copy of the data), 1201 -> 1209 is 8 MP: under 12, not under 6."""
    import shutil
    copy = tmp_path / "overlay-httr"
    shutil.copytree(DATA / "overlay-httr", copy)
    tec = copy / "tables" / "tec.toml"
    text = tec.read_text(encoding="utf-8")
    assert 'key = "primary_road"\ncells = ["unknown", "unknown", 1, 0.5, 0.5]' in text
    tec.write_text(text.replace('key = "primary_road"\ncells = ["unknown", "unknown", 1, 0.5, 0.5]',
                                'key = "primary_road"\ncells = ["unknown", "unknown", 1, 1, 1]'), encoding="utf-8")
    g = load_game(copy)
    placed = {**CHAIN, "US-REG": "1201", "US-DIV": "1101", "US-TANK": "1209"}
    assert supply(g, placed).status("US-TANK").supplied is True  # 8 hexes: within 12 anyway
    assert supply(g, placed, travel={"US-REG"}).status("US-TANK").supplied is False  # 8 MP by road: not under 6

def test_unknown_tec_cell_is_named_not_guessed(game):
    # 0904 is 'mystery' terrain, its Travel Mode cost unknown: a regiment's MP path into the
    # division HQ's hex there is unknown, and so is everything below it.
    # The corps is disrupted, so the regiment cannot skip to it (0303 -> 1205 > 6 MP, 13.2.7.2).
    s = supply(game, {**CHAIN, "US-DIV": "0904", "US-REG": "0303"}, disrupted={"US-CORPS"})
    assert s.status("US-DIV").supplied is True
    assert s.status("US-REG").supplied is None
    assert s.status("US-INF").supplied is None
    assert "TEC 'mystery' move_travel" in s.missing()
    assert supply(game, {**CHAIN, "US-DIV": "0905"}).status("US-REG").supplied is True


def test_real_game_is_not_checkable_and_names_what_is_missing():
    """ScR 17.4 (L1571): in scenario 17 the 101st's units trace to hex 2411. The TEC's Travel Mode
    costs and the map's terrain are not transcribed, so the answer is unknown."""
    g = load_game("highway-to-the-reich")
    s = supply(g, {"506/101": "C4418", "2/506 5-3 no.1": "C4417"}, side="allied", scenario="s17")
    assert any(src.feeds == "101" for src in s.sources)
    st = s.status("506/101")
    assert st.supplied is None and st.via == "101"
    missing = s.missing()
    assert any("move_travel" in m for m in missing)
    assert any("unsurveyed hexes" in m for m in missing)
    assert s.status("2/506 5-3 no.1").supplied is None


# -- SR 13.2.4.2 (L716), SR 18.7.3 (L944): twin forward/main division HQs ----------------------------

TWINS = [("US-DIV", "US-DIV2")]


def test_twin_division_hq_supplies_its_twin_13_2_4_2(game):
    # The corps in Travel Mode halves 18 MP to 9 (13.2.2.6): US-DIV at 0110 is 11 MP from 1205, out.
    # US-DIV2 at 0905 is 3 MP from it, in; the twins are 9 MP apart (<= 12 MP, 18.7.3 L944).
    placed = {**CHAIN, "US-DIV": "0110", "US-DIV2": "0905", "US-REG": "0109"}
    assert supply(game, placed, travel={"US-CORPS"}).status("US-DIV").supplied is False  # no twins declared
    got = supply(game, placed, travel={"US-CORPS"}, twins=TWINS).status("US-DIV")
    assert got.supplied is True and got.via == "US-DIV2" and "13.2.4.2" in got.reason
    # No supply path to each other: the twin in Travel Mode halves 12 MP to 6 (13.2.2.6), 9 > 6.
    assert supply(game, placed, travel={"US-CORPS", "US-DIV2"}, twins=TWINS).status("US-DIV").supplied is False


def test_units_of_the_division_trace_to_either_twin_13_2_4_2(game):
    # US-REG at 0907, its division HQ US-DIV disrupted at 0110: 8 MP > 12/2 (13.2.2.6). The twin
    # US-DIV2 at 0905 is 2 MP away and links to US-DIV (9 MP <= 12): "all units of the division can
    # trace to either HQ counter" (L716). Without twins the regiment skips to the corps (13.2.7.2).
    placed = {**CHAIN, "US-DIV": "0110", "US-DIV2": "0905", "US-REG": "0907"}
    assert supply(game, placed, disrupted={"US-DIV"}).status("US-REG").via == "US-CORPS"
    assert supply(game, placed, disrupted={"US-DIV"}, twins=TWINS).status("US-REG").via == "US-DIV2"
    # The twins do not link (US-DIV2 in Travel Mode: 6 MP): the twin is no HQ to trace to.
    assert supply(game, placed, disrupted={"US-DIV"}, travel={"US-DIV2"}, twins=TWINS).status("US-REG").via == "US-CORPS"
    # A combat unit under the division HQ: 6 hexes from 0906 to 0110 is too far, 1 to the twin is not.
    unit = {**placed, "US-INF": "0906"}
    assert supply(game, unit, disrupted={"US-DIV"}, parents={"US-INF": "US-DIV"}).status("US-INF").supplied is False
    assert supply(game, unit, disrupted={"US-DIV"}, parents={"US-INF": "US-DIV"}, twins=TWINS).status("US-INF").supplied is True


# -- ScR 5.1.3.5 (L1103), 5.1.8.1 (L1129), 5.1.3.8 (L1106): airborne supply heads -------------------

AIRBORNE = {"AB-DIV": "0407", "AB-REG": "0405", "AB-INF": "0404"}


def test_airborne_chain_traces_to_its_supply_head_5_1_3_1(game):
    s = supply(game, AIRBORNE)
    assert [s.status(u).supplied for u in AIRBORNE] == [True, True, True]
    assert s.status("AB-DIV").via == "corps-of:ab"


def test_german_zoc_on_a_supply_head_countered_by_an_allied_zoc_5_1_3_5(game):
    # L1103: out of supply "when a German ZOC extends onto a supply head hex without being countered
    # by an Allied unit or ZOC". GE-INF at 0510 is adjacent to the head 0410.
    blocked = {**AIRBORNE, "GE-INF": "0510"}
    assert supply(game, blocked).status("AB-DIV").supplied is False
    assert supply(game, blocked).status("AB-INF").supplied is False
    # An Allied unit at 0310 (next to the head, two hexes from GE-INF) counters it with its ZOC.
    countered = {**blocked, "US-INF2": "0310"}
    s = supply(game, countered)
    assert s.status("AB-DIV").supplied is True and s.passable(game.map.hex("0410"), "us") is True
    # ... only on a supply head: an ordinary hex in the same German ZOC stays blocked (13.2.2.3).
    assert s.passable(game.map.hex("0409"), "us") is False
    # A disrupted Allied unit has no ZOC (8.6.2) and counters nothing.
    assert supply(game, countered, disrupted={"US-INF2"}).status("AB-DIV").supplied is False
    # A German unit on the head hex: out of supply, whatever Allied ZOC (L1103).
    assert supply(game, {**AIRBORNE, "GE-INF": "0410", "US-INF2": "0310"}).status("AB-DIV").supplied is False


def test_on_or_next_to_a_source_is_for_non_airborne_units_5_1_8_1(game):
    # L1129: "A non-Airborne combat unit is always in supply if its supply source is on the map and
    # the unit is in or adjacent to the hex containing the supply source."
    assert supply(game, {"US-INF": "1202"}).status("US-INF").supplied is True
    assert supply(game, {"AB-INF": "1202"}).status("AB-INF").supplied is False  # airborne: no HQ on the map
    assert supply(game, {"AB-INF": "0409"}).status("AB-INF").supplied is False  # its head is no such source
    assert supply(game, {"US-INF": "0409"}).status("US-INF").supplied is False  # nor anyone's


def test_attached_ground_units_need_a_30th_corps_source_5_1_3_8(game):
    # L1106: "Airborne HQs must use 30th Corps Supply Sources to supply 30th Corps units that have
    # been attached to their command." XXX-TANK (non-airborne) is attached to AB-REG.
    placed = {**AIRBORNE, "XXX-TANK": "0404"}
    attached = {"XXX-TANK": "AB-REG"}
    s = supply(game, {**placed, "US-CORPS": "1205"}, parents=attached)  # AB-DIV 0407 -> 1205: 8 MP <= 18
    assert s.status("XXX-TANK").supplied is True and s.status("AB-INF").supplied is True
    s = supply(game, placed, parents=attached)  # no corps HQ on the map: the head does not serve it
    assert s.status("XXX-TANK").supplied is False and s.status("AB-INF").supplied is True
    # The head cut by a German unit on it: the airborne company is out, the attached tank is not.
    s = supply(game, {**placed, "US-CORPS": "1205", "GE-INF": "0410"}, parents=attached)
    assert s.status("XXX-TANK").supplied is True and s.status("AB-INF").supplied is False


# -- ScR 5.1.8.2 (L1130): across a river by engineer ferry, length halved -----------------------------

def test_engineer_ferry_halves_the_length_5_1_8_2(game):
    L = game.map.hex
    ferry = [frozenset({L("0810"), L("0809")})]
    # The island 0810 is ringed by river: no path without a bridge (13.2.2.4, ScR 9.1).
    assert supply(game, {**CHAIN, "US-INF": "0810", "US-REG": "0805"}).status("US-INF").supplied is False
    # Across the ferry 12 hexes become 6: 0810 -> 0805 is 5, 0810 -> 0803 is 7.
    assert supply(game, {**CHAIN, "US-INF": "0810", "US-REG": "0805"}, ferries=ferry).status("US-INF").supplied is True
    got = supply(game, {**CHAIN, "US-INF": "0810", "US-REG": "0803"}, ferries=ferry).status("US-INF")
    assert got.supplied is False
    # An HQ's 12 MP become 6: 0810 -> 0807 is 3 MP, 0810 -> 0803 is 7 MP (the corps disrupted:
    # 12 MP halved twice, so no skipping to it, 13.2.7.2).
    near = supply(game, {**CHAIN, "US-REG": "0810", "US-DIV": "0807"}, ferries=ferry, disrupted={"US-CORPS"})
    assert near.status("US-REG").supplied is True and near.status("US-REG").via == "US-DIV"
    far = supply(game, {**CHAIN, "US-REG": "0810", "US-DIV": "0803"}, ferries=ferry, disrupted={"US-CORPS"})
    assert far.status("US-REG").supplied is False
    assert "5.1.8.2" in supply(game, {**CHAIN, "US-REG": "0810", "US-DIV": "0807"},
                                ferries=ferry).status("US-REG").reason
    # "traced by the Allied player": a German path gets no ferry.
    assert supply(game, {}, side="german", ferries=ferry).ferried(L("0810"), L("0809"), "german") is False


# -- ScR 5.1.1.2 (L1092), ScR 10.3: German sources off when an off-map area is captured ---------------

def test_german_edge_source_off_once_its_off_map_area_is_captured_5_1_1_2(game):
    L = game.map.hex
    # L1092: "considered captured immediately before the first phase of the game turn in which they
    # are listed as being captured": 1W (0101-0105) at GT 3.
    edge = lambda turn: next(s for s in sources(game, "german", turn=turn) if s.feeds == "corps")  # noqa: E731
    assert edge(2).hexes == frozenset({L("0103"), L("1110")})
    assert edge(3).hexes == frozenset({L("1110")})
    assert supply(game, {"GE-CORPS": "0103"}, side="german", turn=2).status("GE-CORPS").supplied is True
    assert supply(game, {"GE-CORPS": "0103"}, side="german", turn=3).status("GE-CORPS").supplied is False
    # The Allied source is not affected (the rule is about German sources).
    assert next(s for s in sources(game, "us", turn=30)).hexes == frozenset({L("1201")})


def test_german_edge_source_unknown_without_turn_or_area_hexes_5_1_1_2(game):
    s = supply(game, {"GE-CORPS": "0103"}, side="german", turn=None)
    assert s.status("GE-CORPS").supplied is None
    assert any("game turn" in m and "5.1.1.2" in m for m in s.missing())
    s = supply(game, {"GE-CORPS": "1110"}, side="german", turn=20)  # 3E captured, its hexes not given
    assert s.status("GE-CORPS").supplied is None
    assert any("3E (GT 20)" in m for m in s.missing())


def test_real_game_german_edge_sources_name_the_captured_areas():
    g = load_game("highway-to-the-reich")
    got = next(s for s in sources(g, "german", turn=8) if s.feeds == "corps")
    assert got.hexes is None and "1W (GT 6)" in got.missing and "2E (GT 8)" in got.missing
    assert "3E" not in got.missing  # GT 26 (L1442)


# -- Travel Mode and disrupted from a saved game (SR 13.2.2.6, 8.6.2) ----------------------------------

def _timeline(setup, events):
    return Timeline(tuple(setup), tuple(events), ())


def _piece(pid: str, unit: str | None, name: str | None = None) -> PieceRef:
    return PieceRef(pid, name or unit or pid, unit)


def test_modes_from_markers_layers_and_marker_counters(game):
    reg, div, inf, inf2 = (_piece("1", "US-REG"), _piece("2", "US-DIV"), _piece("3", "US-INF"), _piece("4", "US-INF2"))
    travel = _piece("9", None, "Travel Mode")
    loc = None
    t = _timeline(
        [Placement(reg, loc, "0605", {"Travel": "true"}), Placement(div, loc, "0905", {"Mode": "Defilade"}),
         Placement(inf, loc, "0302", {}), Placement(inf2, loc, "0302", {}), Placement(travel, loc, "0905")],
        [StepChange(1, div, "0905", "Mode", "Defilade", "Travel Mode"),
         StepChange(2, reg, "0605", "Travel", "true", "false"),
         StepChange(3, inf, "0302", "Disrupted", "0", "1"),
         Move(4, travel, loc, loc, "0905", "0302"),
         TurnChange(5, "t", "", ()),
         Eliminated(6, travel, loc, "0302")])
    assert modes(game, t, 0)[:2] == (frozenset({"US-REG", "US-DIV"}), frozenset())  # setup: marker + counter
    assert modes(game, t, 2)[:2] == (frozenset({"US-DIV"}), frozenset())           # layer on, marker off
    assert modes(game, t, 3)[1] == frozenset({"US-INF"})
    tr, _, unsure, notes = modes(game, t, 4)  # the counter now stands on two units
    assert "US-DIV" in tr and unsure == frozenset({"US-INF", "US-INF2"}) and "0302" in notes[0]
    assert modes(game, t, None)[2] == frozenset()                                   # counter removed


def test_unsure_mode_gives_unknown_not_a_guess_13_2_2_6(game):
    # 0302 -> 1005 is 7 hexes: in supply unless US-REG is in Travel Mode or disrupted (6).
    placed = {**CHAIN, "US-REG": "1005", "US-DIV": "1105"}
    s = supply(game, placed, unsure={"US-REG"})
    assert s.status("US-INF").supplied is None
    assert any("US-REG" in m and "13.2.2.6" in m for m in s.missing())
    assert supply(game, CHAIN, unsure={"US-REG"}).status("US-INF").supplied is True  # 5 <= 6 either way


def test_cli_reads_travel_mode_from_a_saved_game(tmp_path):
    """SR 13.2.2.6 (L708) with the position and modes of a saved game: the rifle company at 0302 is
    7 hexes from its regiment HQ moved to 1005; a Travel Mode marker dropped on the HQ halves 12 to 6."""
    import json
    import zipfile

    from click.testing import CliRunner

    from hexforge.builder import pieces
    from hexforge.builder.build import build
    from hexforge.builder.commands import SetBoards, parse_stream
    from hexforge.builder.locations import Locator
    from hexforge.builder.logwriter import LogWriter
    from hexforge.builder.modulereader import read_module
    from hexforge.builder.savefile import read_save
    from hexforge.builder.timeline import build_timeline
    from hexforge.cli_overlay import overlay

    game = load_game(DATA / "overlay-httr")
    vmod = build(game, tmp_path / "httr.vmod", force=True)
    module = read_module(vmod)
    with zipfile.ZipFile(vmod) as z:
        (tmp_path / "setup.vsav").write_bytes(z.read("setup-chain.vsav"))
    save = read_save(tmp_path / "setup.vsav")
    ids = {p.piece.unit: p.piece.id for p in build_timeline(save, module, game).setup}
    locator = Locator(module)
    for e in parse_stream(save.text):
        if isinstance(e.command, SetBoards):
            locator.set_boards(e.command)
    main = module.map("Main Map")
    at = lambda label: locator.position(main.id, main.boards[0].name, label)  # noqa: E731
    w = LogWriter.continuing(save.text)
    w.step(w.move(ids["US-REG"], main.id, *at("1005")), w.move(ids["US-DIV"], main.id, *at("1105")))
    w.step(w.add(pieces.basic_type("travel.png", "Travel Mode"), "", main.id, *at("1005")))
    w.write(tmp_path / "game.vlog", module.name, module.version)

    def company(*extra: str) -> str:
        out = tmp_path / "out.json"
        r = CliRunner().invoke(overlay, ["supply", str(DATA / "overlay-httr"), "--side", "us", "--save",
                                         str(tmp_path / "game.vlog"), "--module", str(vmod), *extra, "-o", str(out), "--force"])
        assert r.exit_code == 0, r.output
        return json.loads(out.read_text())["hexes"]["0302"]["value"]
    assert company("--step", "1") == "supplied"   # 7 <= 12: no marker yet
    assert company() == "oos"                     # the marker on US-REG: 7 > 6
    assert company("--step", "1", "--travel", "US-REG") == "oos"  # the CLI option adds to the save
