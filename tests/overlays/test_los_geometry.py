"""maps/los.py: exact touching, grazing settings, fast paths against the naive shapely answer."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.hexes import Hex, within
from shapely.geometry import LineString, Polygon

from hexforge.maps.los import LosField, NaiveSight, Touch, sight, sight_from, touched, touched_offsets

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


# -- the integer-sign touching against shapely's exact DE-9IM relation -------------------------

def shapely_touched(dq: int, dr: int) -> tuple[Touch, ...]:
    """The reference: GEOS relates the segment to each candidate hexagon, in the integer frame
    (dx = 3, dy = 2) where its predicates are exact."""
    origin, target = Hex(0, 0), Hex(dq, dr)
    n = origin.distance(target)
    if n <= 1:
        return ()
    tx, ty = 3 * dq, 2 * dr + dq
    line = LineString([(0, 0), (tx, ty)])
    out = []
    for h in within(origin, n + 1):
        if h in (origin, target):
            continue
        cx, cy = 3 * h.q, 2 * h.r + h.q
        m = line.relate(Polygon([(cx - 2, cy), (cx - 1, cy - 1), (cx + 1, cy - 1), (cx + 2, cy), (cx + 1, cy + 1), (cx - 1, cy + 1)]))
        kind = "cross" if m[0] != "F" else "side" if m[1] == "1" else "vertex" if m[1] == "0" else None
        if kind:
            out.append(Touch(h, kind, (cx * tx + cy * ty) / (tx * tx + ty * ty)))
    return tuple(sorted(out, key=lambda t: (t.t, t.hex)))


def test_touching_equals_shapely_for_every_offset_within_ten():
    offsets = within(Hex(0, 0), 10)
    kinds = set()
    for h in offsets:
        got = touched_offsets(h.q, h.r)
        assert got == shapely_touched(h.q, h.r), h
        kinds |= {t.kind for t in got}
    assert kinds == {"cross", "side", "vertex"}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 16), grazing=st.sampled_from(["touch", "both-sides", "ignore"]),
       radius=st.integers(0, 9), observer=hexes)
def test_sight_from_equals_sight_for_every_target(seed, grazing, radius, observer):
    """The array answer for one observer is the per-pair answer, state and blocking hexes."""
    import random
    rnd = random.Random(seed)
    state = {h: rnd.choice([True, False, False, False, None]) for h in within(Hex(0, 0), 12)}
    blocks = lambda h: state.get(h, False)  # noqa: E731
    targets = within(observer, radius)
    got = sight_from(observer, targets, blocks, grazing)
    assert list(got) == targets
    for t in targets:
        assert got[t] == sight(observer, t, blocks, grazing), (observer, t)


def test_sight_from_answers_all_three_states_and_names_the_hexes():
    a = Hex(0, 0)
    state = {Hex(1, 0): None, Hex(2, 0): True}
    got = sight_from(a, [Hex(2, 0), Hex(3, 0), Hex(0, 3), a], lambda h: state.get(h, False))
    assert got[Hex(2, 0)] == ("unknown", (Hex(1, 0),))
    assert got[Hex(3, 0)] == ("blocked", (Hex(2, 0),))
    assert got[Hex(0, 3)] == ("clear", ()) and got[a] == ("clear", ())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 16), grazing=st.sampled_from(["touch", "both-sides", "ignore"]),
       radius=st.integers(2, 8), off_map=st.sampled_from([False, None, True]), n_override=st.integers(0, 12))
def test_field_sight_lines_equal_sight_with_overrides_and_off_map_hexes(seed, grazing, radius, off_map, n_override):
    """The field's answer for one observer (no predicate) is the per-pair answer, state and
    blocking hexes, with this observer's overrides and the off-map setting read by the predicate."""
    import random
    rnd = random.Random(seed)
    map_hexes = [GRID.hex_of_raw(c, r) for c in range(9) for r in range(8)]
    state = {h: rnd.choice([True, False, False, False, None]) for h in map_hexes}
    field = LosField(state, radius, grazing, off_map=off_map)
    observer = rnd.choice(map_hexes)
    pool = within(observer, radius + 2)
    override = {h: rnd.choice([True, False, None]) for h in rnd.sample(pool, min(n_override, len(pool)))}
    blocks = lambda h: override[h] if h in override else state.get(h, off_map)  # noqa: E731
    targets = [h for h in map_hexes if h.distance(observer) <= radius]
    got = field.sight_lines(observer, targets, override)
    assert list(got) == targets and len(got) == len(targets)
    for t, code in zip(targets, got.codes.tolist()):
        want = sight(observer, t, blocks, grazing)
        assert got[t] == want, (observer, t)
        assert ("clear", "blocked", "unknown")[code] == want.state
    assert got == sight_from(observer, targets, blocks, grazing)
    every = field.sight_lines(observer, override=override)  # default: every other map hex in range
    assert sorted(every) == [t for t in sorted(targets) if t != observer] and len(every) == len(targets) - 1
    assert dict(every) == {t: got[t] for t in every}


def test_field_sight_lines_name_the_blocking_hexes_and_refuse_what_they_cannot_answer():
    hexes_ = within(Hex(0, 0), 6)
    state = {h: False for h in hexes_} | {Hex(1, 0): None, Hex(2, 0): True}
    field = LosField(state, 4)
    a = Hex(0, 0)
    got = field.sight_lines(a, [Hex(2, 0), Hex(3, 0), Hex(0, 3), a])
    assert got[Hex(2, 0)] == ("unknown", (Hex(1, 0),))
    assert got[Hex(3, 0)] == ("blocked", (Hex(2, 0),))
    assert got[Hex(0, 3)] == ("clear", ()) and got[a] == ("clear", ())
    assert Hex(0, 2) not in got and got.get(Hex(0, 2)) is None  # not a target asked for
    # An override for this observer only: 2,0 no longer blocks, an off-radius entry is ignored.
    lifted = field.sight_lines(a, [Hex(3, 0)], {Hex(2, 0): False, Hex(40, 40): True})
    assert lifted[Hex(3, 0)] == ("unknown", (Hex(1, 0),))
    with pytest.raises(ValueError, match="beyond the LOS field's radius 4"):
        field.sight_lines(a, [Hex(5, 0)])
    with pytest.raises(ValueError, match="outside the LOS field"):
        field.sight_lines(Hex(30, 0), [Hex(31, 0)])
