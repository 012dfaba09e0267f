"""maps/trace.py on the cached adjacency gives the answers of a plain networkx search.

The reference below is the breadth-first search and Dijkstra the product used before it moved to
arrays (two passes over ``g.neighbors``: unknowns as closed, unknowns as open). Random maps carry
unknown hexes and hexsides; the product must give the same hex -> verdict (and distance) and call
its tests on the same hexes and hexsides, so "what data is missing" reports do not change.
"""
from __future__ import annotations

import heapq
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from hexforge.maps.convention import Convention
from hexforge.maps.graph import Adjacency, adjacency_of, map_graph
from hexforge.maps.hexes import Hex
from hexforge.maps.hexmap import HexMap
from hexforge.maps.terrain import Unknown
from hexforge.maps.trace import least_cost, reach, reach_arrays, reach_fast, within_steps


# -- the reference: networkx, as maps/trace.py searched before the arrays ---------------------

def ref_pass(g, starts, through, cross, ok):
    dist = {s: 0 for s in starts}
    frontier = sorted(dist)
    while frontier:
        nxt = []
        for u in frontier:
            if dist[u] and not ok(through(u)):
                continue
            for v in g.neighbors(u):
                if v not in dist and ok(cross(u, v)):
                    dist[v] = dist[u] + 1
                    nxt.append(v)
        frontier = nxt
    return dist


def sure(v):
    return v is True


def maybe(v):
    return v is not False


def ref_reach(g, starts, through, cross, max_steps=None):
    s = ref_pass(g, [h for h, v in starts.items() if v is True], through, cross, sure)
    m = ref_pass(g, [h for h, v in starts.items() if v is not False], through, cross, maybe)
    if max_steps is not None:
        s = {h: d for h, d in s.items() if d <= max_steps}
        m = {h: d for h, d in m.items() if d <= max_steps}
    out = {h: None for h in m}
    out.update({h: True for h in s})
    return out


def ref_within(g, start, max_steps, through, cross):
    s = ref_pass(g, [start], through, cross, sure)
    m = ref_pass(g, [start], through, cross, maybe)
    out = {h: (None, d) for h, d in m.items() if d <= max_steps}
    out.update({h: (True, d) for h, d in s.items() if d <= max_steps})
    return out


def ref_least_cost(g, start, budget, step_cost, must_stop):
    def run(optimistic):
        best, stopped, heap = {start: 0.0}, set(), [(0.0, start)]
        while heap:
            c, u = heapq.heappop(heap)
            if c > best.get(u, float("inf")) or u in stopped:
                continue
            for v in sorted(g.neighbors(u)):
                step = step_cost(u, v)
                if step is None or (isinstance(step, Unknown) and not optimistic):
                    continue
                nc = c + (0.0 if isinstance(step, Unknown) else step)
                if nc > budget + 1e-9 or nc >= best.get(v, float("inf")):
                    continue
                stop = must_stop(u, v)
                if isinstance(stop, Unknown):
                    if not optimistic:
                        continue
                    stop = False
                best[v] = nc
                (stopped.add if stop else stopped.discard)(v)
                heapq.heappush(heap, (nc, v))
        return best, stopped
    s, stops = run(False)
    m, _ = run(True)
    return s, frozenset(set(m) - set(s)), frozenset(stops)


# -- random maps with unknowns -------------------------------------------------------------

def random_map(seed: int, columns: int, rows: int):
    rnd = random.Random(seed)
    conv = Convention.from_pattern("CCRR", "columns", (1, columns, "right"), (1, rows, "down"), "even")
    m = HexMap.single(conv)
    hex_value = {h: rnd.choices([True, False, None], [6, 2, 1])[0] for h in m}
    side_value = {}
    for h in m:
        for n in h.neighbours():
            side_value[(h, n)] = rnd.choices([True, False, None], [8, 1, 1])[0]
    return rnd, m, hex_value, side_value


class Recorder:
    """Tests that remember what they were asked (as a rule records its missing data)."""

    def __init__(self, hex_value, side_value):
        self.hex_value, self.side_value = hex_value, side_value
        self.hexes, self.sides = set(), set()

    def through(self, h):
        self.hexes.add(h)
        return self.hex_value[h]

    def cross(self, a, b):
        self.sides.add((a, b))
        return self.side_value[(a, b)]


maps = st.tuples(st.integers(0, 10 ** 6), st.integers(1, 14), st.integers(1, 14))


@settings(max_examples=60, deadline=None)
@given(spec=maps, bounded=st.booleans(), with_cross=st.booleans())
def test_reach_equals_the_networkx_search(spec, bounded, with_cross):
    rnd, m, hv, sv = random_map(*spec)
    g = m.graph()
    hexes = sorted(m)
    starts = {h: rnd.choice([True, True, None, False]) for h in rnd.sample(hexes, min(len(hexes), 4))}
    max_steps = rnd.randint(0, 6) if bounded else None
    ref, fast = Recorder(hv, sv), Recorder(hv, sv)
    if with_cross:
        want = ref_reach(g, starts, ref.through, ref.cross, max_steps)
        got = reach(g, starts, fast.through, fast.cross, max_steps=max_steps)
    else:  # the default hexside test (always crossable) is skipped by the product
        want = ref_reach(g, starts, ref.through, lambda a, b: True, max_steps)
        got = reach(g, starts, fast.through, max_steps=max_steps)
    assert got == want
    assert list(got) == list(want)  # same order, so outputs built from it stay deterministic
    if max_steps is None:  # a bounded search stops at its bound: it asks about fewer hexes
        assert fast.hexes == ref.hexes and fast.sides == ref.sides
    else:
        assert fast.hexes <= ref.hexes and fast.sides <= ref.sides


@settings(max_examples=60, deadline=None)
@given(spec=maps, limit=st.integers(0, 8))
def test_within_steps_equals_the_networkx_search(spec, limit):
    rnd, m, hv, sv = random_map(*spec)
    g = m.graph()
    start = rnd.choice(sorted(m))
    ref, fast = Recorder(hv, sv), Recorder(hv, sv)
    want = ref_within(g, start, limit, ref.through, ref.cross)
    got = within_steps(g, start, limit, fast.through, fast.cross)
    assert got == want and list(got) == list(want)
    # The bounded search asks only about hexes within the range (the reference asked the map).
    assert fast.hexes <= {h for h in ref.hexes if h.distance(start) < limit}
    assert fast.sides <= ref.sides


@settings(max_examples=40, deadline=None)
@given(spec=maps, budget=st.integers(0, 8))
def test_least_cost_equals_the_networkx_dijkstra(spec, budget):
    rnd, m, _, _ = random_map(*spec)
    g = m.graph()
    start = rnd.choice(sorted(m))
    cost = {(h, n): rnd.choice([1.0, 2.0, 0.5, None, Unknown("TEC")]) for h in m for n in h.neighbours()}
    stop = {(h, n): rnd.choice([False, False, False, True, Unknown("ZOC")]) for h in m for n in h.neighbours()}
    step, stops_here = (lambda a, b: cost[(a, b)]), (lambda a, b: stop[(a, b)])
    s, unknown, stops = ref_least_cost(g, start, budget, step, stops_here)
    got = least_cost(g, start, budget, step, stops_here)
    assert got.cost == s and got.unknown == unknown and got.stops == stops


def test_random_maps_exercise_all_three_answers():
    """The comparisons above are not vacuous: the reference yields yes, unknown and absent."""
    rnd, m, hv, sv = random_map(5, 12, 12)
    r = Recorder(hv, sv)
    got = ref_within(m.graph(), m.hex("0606"), 4, r.through, r.cross)
    assert {v for v, _ in got.values()} == {True, None}
    assert {h for h in m if h.distance(m.hex("0606")) <= 4} - set(got)  # some hex out of reach


# -- the adjacency -----------------------------------------------------------------------------

@pytest.mark.parametrize("columns,rows", [(1, 1), (3, 2), (9, 7), (20, 31)])
def test_adjacency_is_the_graph_in_networkx_neighbour_order(columns, rows):
    conv = Convention.from_pattern("CCRR", "columns", (1, columns, "right"), (1, rows, "down"), "odd")
    m = HexMap.single(conv)
    adj = m.adjacency()
    plain = nx.Graph()
    plain.add_nodes_from(sorted(m))
    plain.add_edges_from((h, n) for h in sorted(m) for n in h.neighbours() if n in m and h < n)
    want = Adjacency.of_graph(plain)
    assert adj.hexes == want.hexes
    assert np.array_equal(adj.indptr, want.indptr) and np.array_equal(adj.indices, want.indices)
    assert adj.sorted_rows == [sorted(r) for r in want.rows]
    if len(m) > 1:
        assert adj.matrix().sum() == 2 * plain.number_of_edges()


def test_the_map_builds_its_graph_once_and_tracing_reuses_its_adjacency():
    conv = Convention.from_pattern("CCRR", "columns", (1, 6, "right"), (1, 5, "down"), "even")
    m = HexMap.single(conv)
    g = m.graph()
    assert m.graph() is g and adjacency_of(g) is m.adjacency()
    with pytest.raises(nx.NetworkXError):  # frozen: the kept adjacency cannot go stale
        g.remove_edge(*next(iter(g.edges)))
    other = nx.Graph(map_graph(m, m.label))  # a graph made some other way: its own adjacency
    other.remove_edge(*next(iter(other.edges)))
    assert adjacency_of(other).edge_count() == other.number_of_edges() == g.number_of_edges() - 1


# -- the array path (reach_arrays, reach_fast) against reach, the reference ------------------

def _codes(values) -> np.ndarray:
    return np.array([1 if v is True else 0 if v is False else -1 for v in values], dtype=np.int8)


class Noting:
    """A hex test that records each hex it is asked about in ``needs`` (as rules record missing data)."""

    def __init__(self, hex_value):
        self.hex_value, self.needs = hex_value, set()

    def through(self, h):
        self.needs.add(h)
        return self.hex_value[h]


@settings(max_examples=80, deadline=None)
@given(spec=maps, bounded=st.booleans(), with_cross=st.booleans(), extra=st.integers(0, 10))
def test_the_array_path_gives_the_answers_and_asks_what_reach_asks(spec, bounded, with_cross, extra):
    rnd, m, hv, sv = random_map(*spec)
    g, adj = m.graph(), m.adjacency()
    hexes = sorted(m)
    starts = {h: rnd.choice([True, True, None, False]) for h in rnd.sample(hexes, min(len(hexes), 4))}
    max_steps = rnd.randint(0, 6) if bounded else None
    cross_fn = (lambda a, b: sv[(a, b)]) if with_cross else (lambda a, b: True)
    cross = _codes(sv[(adj.hexes[i], adj.hexes[j])] for i, j in zip(adj.edge_rows.tolist(), adj.indices.tolist())) \
        if with_cross else None
    ref = Noting(hv)
    want = reach(g, starts, ref.through, cross_fn, max_steps=max_steps)
    by_hex = {h: want.get(h, False) for h in adj.hexes}
    start = _codes(starts.get(h, False) for h in adj.hexes)
    got = reach_arrays(adj, start, _codes(hv[h] for h in adj.hexes), cross, max_steps)
    assert got.by_hex() == by_hex
    assert {adj.hexes[i] for i in np.flatnonzero(got.asked)} == ref.needs
    # The lazy path: ``through`` is True off ``may_close`` (plus some hexes where it is True anyway).
    may_close = {h for h in hexes if hv[h] is not True} | set(rnd.sample(hexes, min(len(hexes), extra)))
    fast = Noting(hv)
    lazy = reach_fast(adj, starts, fast.through, np.array(sorted(adj.index[h] for h in may_close), dtype=np.int64),
                      cross, max_steps, records=(fast, ("needs",)))
    plain = Noting(hv)  # without records: same answers, the test called only where a path could get
    assert reach_fast(adj, starts, plain.through, adj.near(may_close, 0), cross, max_steps).by_hex() == by_hex
    assert ref.needs & may_close <= plain.needs <= may_close
    assert lazy.by_hex() == by_hex and all(lazy.get(h) == v for h, v in by_hex.items())
    assert fast.needs == ref.needs & may_close


def test_the_array_path_covers_all_three_answers_and_unknown_hexsides():
    """The comparison above is not vacuous: a map where some hexes are reached surely, some only
    through an unknown hex or hexside, some not at all."""
    rnd, m, hv, sv = random_map(0, 12, 12)
    adj = m.adjacency()
    starts = {m.hex("0101"): True}
    cross = _codes(sv[(adj.hexes[i], adj.hexes[j])] for i, j in zip(adj.edge_rows.tolist(), adj.indices.tolist()))
    got = reach_arrays(adj, _codes(starts.get(h, False) for h in adj.hexes), _codes(hv[h] for h in adj.hexes), cross)
    assert set(got.by_hex().values()) == {True, None, False}
    assert got.by_hex() == {h: reach(m.graph(), starts, hv.__getitem__, lambda a, b: sv[(a, b)]).get(h, False)
                            for h in adj.hexes}


def test_edge_positions_name_both_directions_of_a_hexside_and_skip_pairs_off_the_map():
    conv = Convention.from_pattern("CCRR", "columns", (1, 4, "right"), (1, 4, "down"), "even")
    m = HexMap.single(conv)
    adj = m.adjacency()
    a, b = m.hex("0202"), m.hex("0203")
    pos = adj.edge_positions([(a, b), (a, Hex(100, 100)), (a, m.hex("0404"))])
    got = {(adj.hexes[adj.edge_rows[k]], adj.hexes[adj.indices[k]]) for k in pos.tolist()}
    assert got == {(a, b), (b, a)}  # 0202-0404 are not adjacent: no hexside


@pytest.mark.parametrize("radius", [0, 1, 2, 3])
def test_near_is_every_map_hex_within_the_radius_of_the_given_hexes(radius):
    conv = Convention.from_pattern("CCRR", "columns", (1, 7, "right"), (1, 6, "down"), "even")
    m = HexMap.single(conv)
    adj = m.adjacency()
    given = [m.hex("0101"), m.hex("0404"), Hex(-3, 0), m.hex("0706")]  # one off the map
    want = {h for h in m if any(h.distance(g) <= radius for g in given)}
    got = adj.near(given, radius)
    assert [adj.hexes[i] for i in got.tolist()] == sorted(want)
    assert len(adj.near([], radius)) == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 3), st.integers(0, 2))
def test_near_and_nodes_of_are_the_lattice_distances(seed, radius, inner):
    """Adjacency.near (the neighbour table for radius 1, the lattice otherwise) and nodes_of, for
    hexes on and off a random map, against hex distances counted one by one."""
    rnd = random.Random(seed)
    hexes = {Hex(rnd.randrange(8), rnd.randrange(8)) for _ in range(40)}
    adj = Adjacency.of_hexes(hexes)
    centres = [Hex(rnd.randrange(-2, 10), rnd.randrange(-2, 10)) for _ in range(rnd.randrange(1, 6))]
    want = [i for i, h in enumerate(adj.hexes) if any(inner <= h.distance(c) <= radius for c in centres)]
    assert adj.near(centres, radius, inner).tolist() == want
    assert adj.near(np.array([(c.q, c.r) for c in centres]), radius, inner).tolist() == want
    assert adj.nodes_of(centres).tolist() == [adj.index.get(c, -1) for c in centres]
