"""Tracing paths on the map graph: reach of any length, bounded length, and least cost.

Every predicate is three-valued: ``True``, ``False`` or ``None`` for unknown (unsurveyed terrain,
an unknown table value). A hex is reached (``True``) when a path of surely-allowed steps gets
there, ``None`` when only paths through something unknown could, and is absent otherwise. This
is monotone reasoning, so it is exact: two passes, one with unknowns as allowed, one without.

The searches run on the map's cached :class:`~hexforge.maps.graph.Adjacency` (no networkx
iteration). Tests are called lazily, as a path meets a hex or hexside, and each at most once per
call for both passes, so a predicate that records what data it missed records the same things
as a plain breadth-first search would; a bounded search (``max_steps``) stops at its bound.

The array path (:func:`reach_arrays`, :func:`reach_fast`) gives :func:`reach`'s answers from
tests given as int8 arrays (open / closed / unknown per hex and per directed hexside), with two
scipy.sparse.csgraph searches; :func:`reach_fast` asks a Python hex test only where it may
close a hex and a path could get, and keeps what the test records for the hexes :func:`reach`
would have asked about (tests/test_trace_fast.py compares both on random maps with unknowns).
"""
from __future__ import annotations

import heapq
from collections.abc import ItemsView, Iterator, Mapping
from dataclasses import dataclass
from typing import Callable, Iterable

import networkx as nx
import numpy as np
from scipy.sparse import csr_array
from scipy.sparse.csgraph import breadth_first_order, dijkstra

from hexforge.maps.graph import Adjacency, adjacency_of
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown

Tri = bool | None
HexTest = Callable[[Hex], Tri]
SideTest = Callable[[Hex, Hex], Tri]
Cost = float | Unknown | None

_UNSET = object()


def _always(*_: Hex) -> Tri:
    return True


class _Tests:
    """``through`` and ``cross`` evaluated once each per hex / directed hexside."""

    __slots__ = ("adj", "through", "cross", "hex_value", "side_value")

    def __init__(self, adj: Adjacency, through: HexTest, cross: SideTest) -> None:
        self.adj = adj
        self.through = None if through is _always else through
        self.cross = None if cross is _always else cross
        self.hex_value: list = [_UNSET] * len(adj)
        self.side_value: dict[int, Tri] = {}


def _search(t: _Tests, starts: list[int], sure: bool, limit: int | None) -> tuple[list[int], list[int]]:
    """One breadth-first pass (``sure``: unknowns closed; else open): the nodes reached in the
    order found, and the distance of every node (-1: not reached), up to ``limit`` steps."""
    hexes, rows, n = t.adj.hexes, t.adj.rows, len(t.adj)
    through, cross, hv, sv = t.through, t.cross, t.hex_value, t.side_value
    dist = [-1] * n
    for s in starts:
        dist[s] = 0
    found = list(dict.fromkeys(starts))
    frontier, d = sorted(found), 0
    while frontier and (limit is None or d < limit):
        d += 1
        nxt: list[int] = []
        for u in frontier:
            if through is not None and dist[u]:
                v = hv[u]
                if v is _UNSET:
                    v = hv[u] = through(hexes[u])
                if (v is not True) if sure else (v is False):
                    continue
            for w in rows[u]:
                if dist[w] >= 0:
                    continue
                if cross is not None:
                    key = u * n + w
                    c = sv.get(key, _UNSET)
                    if c is _UNSET:
                        c = sv[key] = cross(hexes[u], hexes[w])
                    if (c is not True) if sure else (c is False):
                        continue
                dist[w] = d
                nxt.append(w)
        found.extend(nxt)
        frontier = nxt
    return found, dist


def _passes(g: nx.Graph, starts: dict[Hex, Tri], through: HexTest, cross: SideTest,
            limit: int | None) -> tuple[Adjacency, tuple[list[int], list[int]], tuple[list[int], list[int]]]:
    adj = adjacency_of(g)
    t = _Tests(adj, through, cross)
    index = adj.index
    maybe = _search(t, [index[s] for s, v in starts.items() if v is not False], False, limit)
    sure = _search(t, [index[s] for s, v in starts.items() if v is True], True, limit)
    return adj, maybe, sure


def reach(g: nx.Graph, starts: dict[Hex, Tri] | Iterable[Hex], through: HexTest = _always,
          cross: SideTest = _always, max_steps: int | None = None) -> dict[Hex, Tri]:
    """Hexes a path from a start can end in: every hex between start and end must let the path
    through (``through``), every hexside crossed must let it cross (``cross``); the end hex
    itself is not tested (callers test it: for a supply path traced backwards from the sources
    the end is the HQ). ``starts`` may map a start to whether it counts (unknown allowed).
    ``max_steps`` bounds the number of hexsides crossed (a command range)."""
    if not isinstance(starts, dict):
        starts = {s: True for s in starts}
    adj, (maybe, _), (sure, _) = _passes(g, starts, through, cross, max_steps)
    hexes = adj.hexes
    out: dict[Hex, Tri] = {hexes[i]: None for i in maybe}
    out.update({hexes[i]: True for i in sure})
    return out


# -- the array path: passability as arrays, two scipy searches ---------------------------------

OPEN, CLOSED, UNSURE = 1, 0, -1  #: int8 codes of a hex or directed hexside (or a start: yes / no / maybe)
_AS_TRI: dict[int, Tri] = {OPEN: True, CLOSED: False, UNSURE: None}


@dataclass(frozen=True, eq=False)
class Reached:
    """The answers of :func:`reach` as arrays over ``adj.hexes``: ``value`` is ``OPEN`` (reached
    surely), ``UNSURE`` (only through something unknown) or ``CLOSED`` (not reached); ``asked``
    marks the hexes whose ``through`` test :func:`reach` would call."""

    adj: Adjacency
    value: np.ndarray
    asked: np.ndarray

    def get(self, h: Hex, default: Tri = False) -> Tri:
        i = self.adj.index.get(h)
        return default if i is None or self.value[i] == CLOSED else _AS_TRI[int(self.value[i])]

    def by_hex(self) -> dict[Hex, Tri]:
        """Every map hex (in the adjacency's order) -> ``True`` / ``None`` / ``False``."""
        return dict(zip(self.adj.hexes, map(_AS_TRI.__getitem__, self.value.tolist())))


class HexValues(Mapping[Hex, Tri]):
    """Every map hex -> ``True`` / ``None`` / ``False`` read from an int8 code array on demand, in
    the adjacency's order (making a dict of every hex costs more than the search that found them)."""

    __slots__ = ("adj", "value")

    def __init__(self, adj: Adjacency, value: np.ndarray) -> None:
        self.adj, self.value = adj, value

    def __getitem__(self, h: Hex) -> Tri:
        return _AS_TRI[int(self.value[self.adj.index[h]])]

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.adj.hexes)

    def __len__(self) -> int:
        return len(self.adj)

    def items(self) -> ItemsView[Hex, Tri]:
        return _Items(self)

    def __repr__(self) -> str:
        return f"HexValues({dict(self.items())!r})"


class _Items(ItemsView):
    """The items of a :class:`HexValues`, iterated without a look-up per hex."""

    def __iter__(self) -> Iterator[tuple[Hex, Tri]]:
        m = self._mapping
        return zip(m.adj.hexes, map(_AS_TRI.__getitem__, m.value.tolist()))


def reach_arrays(adj: Adjacency, starts: np.ndarray, through: np.ndarray, cross: np.ndarray | None = None,
                 max_steps: int | None = None) -> Reached:
    """:func:`reach` with its tests given as int8 arrays of ``OPEN`` / ``CLOSED`` / ``UNSURE``:
    ``starts`` and ``through`` per hex, ``cross`` per CSR position (directed hexside; ``None``: all
    open). Two breadth-first searches in scipy.sparse.csgraph, unknowns open then closed (one when
    nothing is unknown)."""
    unsure = (starts == UNSURE).any() or (through == UNSURE).any() or (cross is not None and (cross == UNSURE).any())
    open_cross = None if cross is None else cross != CLOSED
    maybe = _csgraph_pass(adj, starts != CLOSED, through != CLOSED, open_cross, max_steps)
    if not unsure:
        return Reached(adj, np.where(maybe >= 0, OPEN, CLOSED).astype(np.int8), _asked(maybe, max_steps))
    sure = _csgraph_pass(adj, starts == OPEN, through == OPEN, None if cross is None else cross == OPEN, max_steps)
    value = np.where(sure >= 0, OPEN, np.where(maybe >= 0, UNSURE, CLOSED)).astype(np.int8)
    return Reached(adj, value, _asked(maybe, max_steps) | _asked(sure, max_steps))


def _asked(dist: np.ndarray, limit: int | None) -> np.ndarray:
    """The hexes one pass of :func:`reach` tests: reached, not a start, short of the bound."""
    return (dist > 0) if limit is None else (dist > 0) & (dist < limit)


def _csgraph_pass(adj: Adjacency, start: np.ndarray, leaves: np.ndarray, cross: np.ndarray | None,
                  limit: int | None) -> np.ndarray:
    """Steps from each start (-1: not reached; with ``limit`` counted, else 0 for a start and 1
    for any other reached hex): the edges out of a hex are kept when it lets a path through or is
    a start, and their hexside is open; a super-source ``n`` is joined to the starts."""
    n = len(adj)
    out = leaves | start
    keep = np.repeat(out, adj.degrees)  # per CSR position: its hex lets paths out
    if cross is None:  # whole rows kept or dropped: their lengths are the nodes' degrees or 0
        counts = np.where(out, adj.degrees, 0)
    else:
        keep &= cross
        counts = np.bincount(adj.edge_rows[keep], minlength=n).astype(np.int32)
    src = np.flatnonzero(start).astype(np.int32)
    ptr = np.zeros(n + 2, dtype=np.int32)
    np.cumsum(counts, out=ptr[1:n + 1])
    ptr[n + 1] = ptr[n] + len(src)
    cols = np.concatenate([adj.indices[keep], src])
    mat = csr_array((np.ones(len(cols)), cols, ptr), shape=(n + 1, n + 1))
    dist = np.full(n, -1, dtype=np.int64)
    if limit is None:
        found = breadth_first_order(mat, n, directed=True, return_predecessors=False)
        dist[found[found < n]] = 1
        dist[src] = 0
        return dist
    d = dijkstra(mat, indices=n, limit=limit + 1, unweighted=True)[:n]
    ok = np.isfinite(d)
    dist[ok] = d[ok].astype(np.int64) - 1
    return dist


def hexside_codes(adj: Adjacency, sides: dict[tuple[Hex, Hex], Tri], default: Tri = True) -> np.ndarray:
    """A per-CSR-position ``cross`` array: each listed hexside's value in both directions,
    ``default`` on every other hexside of the map."""
    out = np.full(len(adj.indices), _code(default), dtype=np.int8)
    for value in (True, False, None):
        pairs = [s for s, v in sides.items() if _code(v) == _code(value) != _code(default)]
        if pairs:
            out[adj.edge_positions(pairs)] = _code(value)
    return out


def start_codes(adj: Adjacency, starts: dict[Hex, Tri] | Iterable[Hex]) -> np.ndarray:
    """:func:`reach`'s ``starts`` (a start -> whether it counts, or plain hexes) as the int8 array of
    :func:`reach_arrays`; starts off the map are left out."""
    if not isinstance(starts, dict):
        starts = {s: True for s in starts}
    index = adj.index
    start = np.zeros(len(adj), dtype=np.int8)
    for h, v in starts.items():
        if h in index:
            start[index[h]] = _code(v)
    return start


def reach_fast(adj: Adjacency, starts: dict[Hex, Tri] | Iterable[Hex], through: HexTest,
               may_close: np.ndarray, cross: np.ndarray | None = None, max_steps: int | None = None,
               records: tuple[object, tuple[str, ...]] | None = None) -> Reached:
    """:func:`reach` on the array path, for a ``through`` test that is ``True`` on every hex but
    those of ``may_close`` (node indices, e.g. :meth:`Adjacency.near` the units): ``through``
    is called only on the hexes of ``may_close`` that some
    path could reach (a first search with them unknown), ``cross`` is per CSR position as in
    :func:`reach_arrays`. ``records`` names an object and its set attributes that ``through``
    adds to (what data is missing): those additions are kept only for the hexes :func:`reach`
    would have asked about, so reports stay the same."""
    n = len(adj)
    start = start_codes(adj, starts)
    hexes = np.zeros(n, dtype=bool)
    hexes[may_close] = True
    codes = np.where(hexes, UNSURE, OPEN).astype(np.int8)
    first = _csgraph_pass(adj, start != CLOSED, codes != CLOSED, None if cross is None else cross != CLOSED, max_steps)
    ask = np.flatnonzero(hexes & (first >= 0))
    notes: dict[int, list[set]] = {}
    if records is None:
        codes[ask] = [_code(through(adj.hexes[i])) for i in ask.tolist()]
    else:
        for i in ask.tolist():
            codes[i], notes[i] = _noted(through, adj.hexes[i], records)
    codes[hexes & (first < 0)] = CLOSED  # no path gets there: its test does not matter
    got = reach_arrays(adj, start, codes, cross, max_steps)
    if records is not None:
        owner, attrs = records
        for i in np.flatnonzero(got.asked).tolist():
            for attr, added in zip(attrs, notes.get(i, ())):
                getattr(owner, attr).update(added)
    return got


def _code(v: object) -> int:
    """A test's value as :func:`reach` reads it: only ``True`` is sure, only ``False`` closes."""
    return OPEN if v is True else CLOSED if v is False else UNSURE


def _noted(test: HexTest, h: Hex, records: tuple[object, tuple[str, ...]]) -> tuple[int, list[set]]:
    """``test(h)`` as a code, with what it added to the record sets kept aside (not added)."""
    owner, attrs = records
    saved = [getattr(owner, a) for a in attrs]
    for a in attrs:
        setattr(owner, a, set())
    try:
        v = test(h)
        return _code(v), [getattr(owner, a) for a in attrs]
    finally:
        for a, s in zip(attrs, saved):
            setattr(owner, a, s)


def within_steps(g: nx.Graph, start: Hex, max_steps: int, through: HexTest = _always,
                 cross: SideTest = _always) -> dict[Hex, tuple[Tri, int]]:
    """Bounded paths (a command range): hex -> (reached, fewest hexsides crossed) within
    ``max_steps`` of ``start``; the distance is that of the surest path found."""
    adj, (maybe, dm), (sure, ds) = _passes(g, {start: True}, through, cross, max_steps)
    hexes = adj.hexes
    out = {hexes[i]: (None, dm[i]) for i in maybe}
    out.update({hexes[i]: (True, ds[i]) for i in sure})
    return out


@dataclass(frozen=True, slots=True)
class Reach:
    """Least-cost reach: ``cost`` for hexes surely reachable (cost of the cheapest known path),
    ``unknown`` for hexes that only unknown costs might bring within the budget."""

    cost: dict[Hex, float]
    unknown: frozenset[Hex]
    stops: frozenset[Hex]


def least_cost(g: nx.Graph, start: Hex, budget: float, step_cost: Callable[[Hex, Hex], Cost],
               must_stop: Callable[[Hex, Hex], bool | Unknown] = lambda a, b: False) -> Reach:
    """Dijkstra from ``start`` within ``budget``: ``step_cost`` gives a float, ``Unknown`` or
    ``None`` (prohibited); a step into a hex where ``must_stop`` holds ends the path there.

    Sure costs come from known steps only. A hex is unknown when a path could get there if
    each unknown step cost nothing and each unknown stop did not stop (the most the data
    allows), and no known path does. Each test is called once per hexside for both runs."""
    adj = adjacency_of(g)
    hexes, index = adj.hexes, adj.index
    sorted_rows = adj.sorted_rows
    steps: dict[tuple[Hex, Hex], Cost] = {}
    stops_at: dict[tuple[Hex, Hex], bool | Unknown] = {}

    def run(optimistic: bool) -> tuple[dict[Hex, float], set[Hex]]:
        best = {start: 0.0}
        stopped: set[Hex] = set()
        heap = [(0.0, start)]
        while heap:
            c, u = heapq.heappop(heap)
            if c > best.get(u, float("inf")) or u in stopped:
                continue
            for j in sorted_rows[index[u]]:
                v = hexes[j]
                step = steps.get((u, v), _UNSET)
                if step is _UNSET:
                    step = steps[(u, v)] = step_cost(u, v)
                if step is None:
                    continue
                if isinstance(step, Unknown):
                    if not optimistic:
                        continue
                    step = 0.0
                nc = c + step
                if nc > budget + 1e-9 or nc >= best.get(v, float("inf")):
                    continue
                stop = stops_at.get((u, v), _UNSET)
                if stop is _UNSET:
                    stop = stops_at[(u, v)] = must_stop(u, v)
                if isinstance(stop, Unknown):
                    if not optimistic:
                        continue
                    stop = False
                best[v] = nc
                if stop:
                    stopped.add(v)
                else:
                    stopped.discard(v)
                heapq.heappush(heap, (nc, v))
        return best, stopped

    sure, stops = run(False)
    maybe, _ = run(True)
    return Reach(sure, frozenset(set(maybe) - set(sure)), frozenset(stops))
