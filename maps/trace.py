"""Tracing paths on the map graph: reach of any length, bounded length, and least cost.

Every predicate is three-valued: ``True``, ``False`` or ``None`` for unknown (unsurveyed terrain,
an unknown table value). A hex is reached (``True``) when a path of surely-allowed steps gets
there, ``None`` when only paths through something unknown could, and is absent otherwise. This
is monotone reasoning, so it is exact: two passes, one with unknowns as allowed, one without.

The searches run on the map's cached :class:`~hexforge.maps.graph.Adjacency` (no networkx
iteration). Tests are called lazily, as a path meets a hex or hexside, and each at most once per
call for both passes, so a predicate that records what data it missed records the same things
as a plain breadth-first search would; a bounded search (``max_steps``) stops at its bound.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable, Iterable

import networkx as nx

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
