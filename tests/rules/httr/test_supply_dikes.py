"""HTTR supply's EZOC stops at a dike (SR 8.4.2, L440: a ZOC crosses a dike hexside only from a unit adjacent to it),
on the reference test (``HttrSupply.passable``) and the array path (``passable_codes``) alike. # ZOC-3"""
from __future__ import annotations

import copy
import random
from dataclasses import replace
from types import MappingProxyType

import numpy as np
import pytest

from hexforge.games import load_game
from hexforge.maps.hexes import Hexside
from hexforge.maps.terrain import HexsideFeature
from hexforge.rules.httr.sources import sources
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.state import GameState
from tests.rules.httr.helpers import SYNTHETIC
from tests.test_supply_fast_path import httr_case


def supply(game, placed: dict[str, str]) -> HttrSupply:
    pos = MappingProxyType({u: game.map.hex(h) for u, h in placed.items()})
    st = GameState(pos, MappingProxyType({u: x.side for u, x in game.units.items()}), turn=1)
    return HttrSupply(game, st, sources(game, "allied"))


def test_a_two_hex_zoc_stops_at_a_dike_for_supply():  # ZOC-3: the synthetic dike A0602/A0603
    g = load_game(SYNTHETIC)
    s = supply(g, {"G-FLAK": "A0604"})  # range 2: a two-hex ZOC (SR 8.0)
    assert s.ezoc(g.map.hex("A0606"), "allied") is True  # two hexes down the column, no dike
    assert s.ezoc(g.map.hex("A0602"), "allied") is False  # two up, past the dike hexside A0603/A0602
    assert s.passable(g.map.hex("A0602"), "allied") is True and s.passable(g.map.hex("A0606"), "allied") is False
    next_to = supply(g, {"G-FLAK": "A0603"})  # adjacent to the dike: its ZOC crosses it
    assert next_to.ezoc(g.map.hex("A0602"), "allied") is True


@pytest.fixture(scope="module")
def httr():
    from tests.overlays.conftest import DATA
    return load_game(DATA / "overlay-httr")


def with_dikes(game, rnd: random.Random):
    """``game`` with a dike on a random third of its hexsides."""
    terrain = copy.deepcopy(game.map.terrain)
    for h in sorted(game.map):
        for m in h.neighbours():
            if m in game.map and h < m and rnd.random() < 0.33:
                terrain.add_hexside(Hexside.between(h, m), HexsideFeature("dike"))
    return replace(game, map=replace(game.map, terrain=terrain))


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("side", ["us", "german"])
def test_dikes_give_the_same_ezoc_on_both_paths(httr, seed, side):  # ZOC-3 on the array path
    game, state, kw = httr_case(httr, seed)
    game = with_dikes(game, random.Random(seed))
    src = sources(game, side)
    codes = HttrSupply(game, state, src, **kw).passable_codes(side)
    code = {True: 1, False: 0, None: -1}
    cut = 0
    for i, h in enumerate(codes.adj.hexes):
        want = HttrSupply(game, state, src, **kw)
        assert codes.code[i] == code[want.passable(h, side)], game.map.label(h)
        got = HttrSupply(game, state, src, **kw)
        one = np.zeros(len(codes.adj), dtype=bool)
        one[i] = True
        replace(codes, supply=got).note(one)
        assert (got.needs, got.unsurveyed) == (want.needs, want.unsurveyed), game.map.label(h)
    for u, at in state.positions.items():  # not vacuous: some two-hex ZOC is cut by a dike here
        s = HttrSupply(game, state, src, **kw)
        cut += sum(s.cut_by_dikes(at, h) for h in game.map if h.distance(at) == 2)
    assert cut
