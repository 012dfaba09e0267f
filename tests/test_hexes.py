"""Hex math: properties that hold on any hex lattice, and the tie cases LOS rules care about."""
from __future__ import annotations

from hypothesis import given, strategies as st

from hexforge.maps.hexes import DIRECTIONS, Hex, Hexside, hexes_at, line, ring, within

coords = st.integers(-60, 60)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_on_itself(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes)
def test_six_neighbours_at_distance_one(h: Hex) -> None:
    ns = h.neighbours()
    assert len(set(ns)) == 6
    assert all(h.distance(n) == 1 for n in ns)
    assert all(h.neighbour(i + 3) == h - DIRECTIONS[i] for i in range(6))


@given(hexes, st.integers(0, 8))
def test_rings_and_ranges(h: Hex, k: int) -> None:
    r = ring(h, k)
    assert len(r) == len(set(r)) == max(1, 6 * k)
    assert all(h.distance(x) == k for x in r)
    area = within(h, k)
    assert len(area) == len(set(area)) == 3 * k * (k + 1) + 1


@given(hexes, hexes)
def test_line_has_distance_plus_one_steps_and_is_connected(a: Hex, b: Hex) -> None:
    steps = line(a, b)
    assert len(steps) == a.distance(b) + 1
    assert steps[0].hexes == (a,) and steps[-1].hexes == (b,)
    for i, step in enumerate(steps):
        assert 1 <= len(step.hexes) <= 3
        for h in step.hexes:
            assert a.distance(h) + h.distance(b) <= a.distance(b) + 1
            assert abs(a.distance(h) - i) <= 1


def test_line_along_a_hexside_exposes_both_hexes() -> None:
    # (0,0) -> (1,1): the midpoint sits on the side between (1,0) and (0,1).
    steps = line(Hex(0, 0), Hex(1, 1))
    assert [s.hexes for s in steps] == [(Hex(0, 0),), (Hex(0, 1), Hex(1, 0)), (Hex(1, 1),)]
    assert steps[1].tied and not steps[0].tied


def test_straight_line_has_no_ties() -> None:
    steps = line(Hex(0, 0), Hex(5, 0))
    assert [s.hexes for s in steps] == [(Hex(i, 0),) for i in range(6)]


def test_vertex_point_names_three_hexes() -> None:
    from fractions import Fraction as F
    # The corner shared by (0,0), (1,0) and (1,-1) is at cube offset (2/3, -1/3) from (0,0).
    assert hexes_at(F(2, 3), F(-1, 3)) == tuple(sorted((Hex(0, 0), Hex(1, 0), Hex(1, -1))))


@given(hexes, st.integers(0, 5))
def test_hexside_is_canonical_and_unordered(h: Hex, d: int) -> None:
    n = h.neighbour(d)
    assert Hexside.between(h, n) == Hexside.between(n, h)
    assert Hexside.between(h, n).other(h) == n


def test_hexside_needs_adjacent_hexes() -> None:
    import pytest
    with pytest.raises(ValueError):
        Hexside.between(Hex(0, 0), Hex(2, 0))
