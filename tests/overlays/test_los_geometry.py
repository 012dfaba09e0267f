"""maps/los.py: exact touching, grazing settings, fast paths against the naive shapely answer."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.hexes import Hex, within
from hexforge.maps.los import LosField, NaiveSight, sight, touched, touched_offsets

# A board grid whose corners are integer pixels (dx:dy = 3:2), so the shapely reference is exact:
# on other sizes its float corners miss lines through vertices, which is why maps.los works in
# an integer frame.
GRID = BoardGrid(HexGrid(dx=48, dy=32, x0=40, y0=32), GridNumbering(), 1000, 1000)
hexes = st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8))


def test_straight_line_crosses_each_hex_between():
    assert [(t.hex, t.kind) for t in touched_offsets(3, 0)] == [(Hex(1, 0), "cross"), (Hex(2, 0), "cross")]


def test_line_along_a_hexside_grazes_both_sides():
    kinds = {t.hex: t.kind for t in touched_offsets(2, -1)}
    assert kinds == {Hex(1, -1): "side", Hex(1, 0): "side"}


def test_grazing_settings():
    one_side = {Hex(1, 0)}
    both = {Hex(1, 0), Hex(1, -1)}
    a, b = Hex(0, 0), Hex(2, -1)
    assert sight(a, b, lambda h: h in one_side).state == "blocked"                 # literal: touching blocks
    assert sight(a, b, lambda h: h in one_side, "both-sides").state == "clear"
    assert sight(a, b, lambda h: h in both, "both-sides").state == "blocked"
    assert sight(a, b, lambda h: h in both, "ignore").state == "clear"


def test_unknown_hex_makes_the_answer_unknown_but_a_sure_block_wins():
    a, b = Hex(0, 0), Hex(3, 0)
    assert sight(a, b, lambda h: None if h == Hex(1, 0) else False) == ("unknown", (Hex(1, 0),))
    assert sight(a, b, lambda h: None if h == Hex(1, 0) else h == Hex(2, 0)).state == "blocked"


@settings(max_examples=60, deadline=None)
@given(a=hexes, b=hexes, seed=st.integers(0, 2 ** 16))
def test_symmetric_with_hex_terrain(a, b, seed):
    blocks = lambda h: hash((h.q, h.r, seed)) % 5 == 0  # noqa: E731
    assert sight(a, b, blocks).state == sight(b, a, blocks).state
    assert {t.hex for t in touched(a, b)} == {t.hex for t in touched(b, a)}


@settings(max_examples=30, deadline=None)
@given(a=hexes, radius=st.integers(1, 9))
def test_unobstructed_map_sees_everything_in_range(a, radius):
    field = LosField({h: False for h in within(Hex(0, 0), 10)}, radius)
    seen = field.from_observer(a) if a.distance(Hex(0, 0)) <= 10 else {}
    assert all(v == "clear" for v in seen.values())
    if seen:
        assert set(seen) == {h for h in within(a, radius) if h.distance(Hex(0, 0)) <= 10} - {a}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 16), dens=st.integers(1, 4))
def test_fast_per_offset_equals_naive_shapely(seed, dens):
    """On a real board grid (VASSAL pixels), literal touching: same answer for every pair."""
    import random
    rnd = random.Random(seed)
    map_hexes = [GRID.hex_of_raw(c, r) for c in range(12) for r in range(12)]
    blocking = {h for h in map_hexes if rnd.random() < dens / 10}
    naive = NaiveSight(GRID, blocking)
    field = LosField({h: h in blocking for h in map_hexes}, 6)
    obs = rnd.choice(map_hexes)
    for h, state in field.from_observer(obs).items():
        assert (state == "blocked") == naive.blocked(obs, h), (obs, h)


def test_whole_map_table_equals_per_observer():
    import random
    rnd = random.Random(7)
    map_hexes = [GRID.hex_of_raw(c, r) for c in range(10) for r in range(9)]
    state = {h: rnd.choice([True, False, False, None]) for h in map_hexes}
    field = LosField(state, 5)
    table = field.table()
    for obs in map_hexes[::7]:
        for h, s in field.from_observer(obs).items():
            assert table.between(obs, h) == s == sight(obs, h, lambda x: state.get(x, False)).state


@pytest.mark.parametrize("grazing", ["touch", "both-sides", "ignore"])
def test_array_fast_path_equals_sight_under_every_grazing(grazing):
    """The array answer (sight_codes) is sight() for every target, unknowns included."""
    import random
    rnd = random.Random(11)
    map_hexes = [GRID.hex_of_raw(c, r) for c in range(11) for r in range(10)]
    state = {h: rnd.choice([True, False, False, False, None]) for h in map_hexes}
    field = LosField(state, 6, grazing)
    codes = {0: "clear", 1: "blocked", 2: "unknown"}
    checked = 0
    for obs in map_hexes[::5]:
        offsets, got = field.sight_codes(obs)
        for (dq, dr), s in zip(offsets.tolist(), got.tolist()):
            target = Hex(obs.q + dq, obs.r + dr)
            if target not in state:
                assert s == -1
                continue
            assert codes[s] == sight(obs, target, lambda x: state.get(x, False), grazing).state, (obs, target)
            checked += 1
    assert checked > 500
