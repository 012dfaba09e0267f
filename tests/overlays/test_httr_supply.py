"""HTTR SR 13.2 supply chain on the synthetic game (tests/data/overlay-httr: clear 1 MP in Travel
Mode, primary road 0.5 MP down column 12 from the US source 1201, a trail down column 11, river
hexside 0102/0202, bridged river 0103/0203, TEC 'mystery' unknown) and on the real game."""
from __future__ import annotations

from types import MappingProxyType

import pytest

from hexforge.games.loader import load_game
from hexforge.rules.httr_supply import HttrSupply, sources
from hexforge.rules.state import GameState
from tests.overlays.conftest import DATA

CHAIN = {"US-CORPS": "1205", "US-DIV": "0905", "US-REG": "0605", "US-INF": "0302"}


@pytest.fixture(scope="module")
def game():
    return load_game(DATA / "overlay-httr")


def supply(game, placed: dict[str, str], side: str = "us", scenario: str | None = None, **kw) -> HttrSupply:
    pos = {u: game.map.hex(label) for u, label in placed.items()}
    st = GameState(MappingProxyType(pos), MappingProxyType({u: x.side for u, x in game.units.items()}), turn=1)
    return HttrSupply(game, st, sources(game, side, scenario), **kw)


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
    # vehicle covers the road in 4 MP (< 12). A leg unit does not get the exception.
    placed = {**CHAIN, "US-REG": "1201", "US-DIV": "1101"}
    assert supply(game, {**placed, "US-TANK": "1209"}, travel={"US-REG"}).status("US-TANK").supplied is True
    assert supply(game, {**placed, "US-INF": "1209"}, travel={"US-REG"}).status("US-INF").supplied is False


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
