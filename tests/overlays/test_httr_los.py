"""HTTR SR 7.0 observation on the synthetic HTTR-system game (tests/data/overlay-httr).

Observer mostly in 0605 (clear, range 6). Terrain: woods 0607, forest 0806, towns 0406/0508,
city 1102, hilltop 0505, unknown-TEC 'mystery' 0904, unsurveyed 1210, dike hexside 0203|0103,
raised road 0109-0209, slope 0605|0604 (high side 0605)."""
from __future__ import annotations

import pytest

from hexforge.games.loader import load_game
from hexforge.rules.httr.los import Observation
from tests.overlays.conftest import DATA


@pytest.fixture(scope="module")
def game():
    return load_game(DATA / "overlay-httr")


def see(game, a: str, b: str, **kw):
    return Observation(game, **kw).observe(game.map.hex(a), game.map.hex(b))


def test_blocking_terrain_blocks_and_names_the_hex_7_1_3(game):
    s = see(game, "0605", "0608")
    assert s.visible is False and "0607" in s.reason
    assert see(game, "0605", "0602").visible is True


def test_observers_hex_never_blocks_7_1_1(game):
    s = see(game, "0607", "0610")   # observer in woods (range 3)
    assert s.visible is True


def test_adjacent_always_observed_7_1_6(game):
    assert see(game, "0706", "0806").visible is True           # forest, adjacent
    assert see(game, "0605", "0806").visible is False           # forest, two hexes


def test_covering_terrain_7_3_3(game):
    assert see(game, "0605", "0406").visible is True             # town at 2: seen
    s = see(game, "0605", "0508")
    assert s.visible is False and "7.3.3" in s.reason            # town at 3: not seen
    assert Observation(game).observe(game.map.hex("0605"), game.map.hex("0508"), revealed=True).visible is True


def test_observation_range_by_observer_terrain_7_2_1(game):
    s = see(game, "0607", "0603")    # woods observer: range 3, target 4 hexes away
    assert s.visible is False and "out of range" in s.reason and "woods" in s.reason
    assert see(game, "0505", "1205").visible is True   # hilltop range 10, 7 hexes
    assert see(game, "0605", "1210").visible is False  # clear range 6, 8 hexes


def test_night_and_weather_7_2_2_7_2_3(game):
    assert see(game, "0605", "0602").visible is True
    s = see(game, "0605", "0602", night=True)
    assert s.visible is False and "night" in s.reason
    assert see(game, "0605", "0603", night=True).visible is True
    assert see(game, "0605", "0603", night=True, weather="P").visible is False
    assert see(game, "0605", "0603", weather="P").visible is True       # 6 // 2 = 3 ... +2 slope north
    assert see(game, "0605", "0208", weather="P").visible is False      # 4 hexes SW, no slope: limit 3


def test_slope_plus_two_from_the_high_side_7_3_5(game):
    s = see(game, "0605", "0601", weather="P")   # (6 + 2) // 2 = 4 looking north across the slope
    assert s.visible is True and "7.3.5" in s.reason
    assert see(game, "0604", "0608", weather="P").visible is False        # low side: no bonus (and woods)
    low = Observation(game, weather="P").range_limit(game.map.hex("0604"), game.map.hex("0608"))
    assert low[0] == 3
    far = Observation(game, weather="P").range_limit(game.map.hex("0606"), game.map.hex("0601"))
    assert far[0] == 3   # Figure 10 unit A: not adjacent to the slope hexside


def test_dike_blocks_whole_hex_unless_adjacent_or_high_7_3_1(game):
    s = see(game, "0605", "0103")
    assert s.visible is False and "7.3.1" in s.reason
    assert see(game, "0304", "0103").visible is True      # observer adjacent to the dike hex 0203
    assert see(game, "0505", "0103").visible is True      # hilltop observer
    assert see(game, "0309", "0109").visible is True      # raised road hex 0209 next to the observer
    s = see(game, "0409", "0109")
    assert s.visible is False and "0209" in s.reason       # raised road two hexes away: blocks


def test_unknown_terrain_is_not_checkable(game):
    s = see(game, "0605", "1003")
    assert s.visible is None and "0904" in s.reason        # unknown LOS blocking value on the line
    assert see(game, "1207", "1210").visible is None       # target hex unsurveyed (covering?)
    assert see(game, "1210", "1207").visible is None       # observer hex unsurveyed (range?)
    assert see(game, "0605", "0904").visible is True       # the unknown hex at the end never blocks
