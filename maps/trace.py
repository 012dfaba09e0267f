"""Tracing paths on the map graph: reach of any length, bounded length, and least cost.

Every predicate is three-valued: ``True``, ``False`` or ``None`` for unknown (unsurveyed terrain,
an unknown table value). A hex is reached (``True``) when a path of surely-allowed steps gets
there, ``None`` when only paths through something unknown could, and is absent otherwise. This
is monotone reasoning, so it is exact: two passes, one with unknowns as allowed, one without.

The model is networkx (:func:`reach`, :func:`within_steps`, :func:`least_cost`). For whole-side
supply on big maps :class:`Lattice` holds the same graph as a neighbour array and runs the same
reach as a vectorised frontier sweep (numpy), which is what a player's overlay needs to be
instant; both give the same answers (tests compare them).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable, Hashable, Iterable

import networkx as nx
import numpy as np

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown

Tri = bool | None
HexTest = Callable[[Hex], Tri]
SideTest = Callable[[Hex, Hex], Tri]
Cost = float | Unknown | None


def _always(*_: Hex) -> Tri:
    return True


def _sure(v: Tri) -> bool:
    return v is True


def _maybe(v: Tri) -> bool:
    return v is not False


def _reach_pass(g: nx.Graph, starts: Iterable[Hex], through: HexTest, cross: SideTest,
                ok: Callable[[Tri], bool]) -> dict[Hex, int]:
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


def reach(g: nx.Graph, starts: dict[Hex, Tri] | Iterable[Hex], through: HexTest = _always,
          cross: SideTest = _always, max_steps: int | None = None) -> dict[Hex, Tri]:
    """Hexes a path from a start can end in: every hex between start and end must let the path
    through (``through``), every hexside crossed must let it cross (``cross``); the end hex
    itself is not tested (callers test it: for a supply path traced backwards from the sources
    the end is the HQ). ``starts`` may map a start to whether it counts (unknown allowed).
    ``max_steps`` bounds the number of hexsides crossed (a command range)."""
    if not isinstance(starts, dict):
        starts = {s: True for s in starts}
    sure = _reach_pass(g, [s for s, v in starts.items() if v is True], through, cross, _sure)
    maybe = _reach_pass(g, [s for s, v in starts.items() if v is not False], through, cross, _maybe)
    if max_steps is not None:
        sure = {h: d for h, d in sure.items() if d <= max_steps}
        maybe = {h: d for h, d in maybe.items() if d <= max_steps}
    out: dict[Hex, Tri] = {h: None for h in maybe}
    out.update({h: True for h in sure})
    return out


def within_steps(g: nx.Graph, start: Hex, max_steps: int, through: HexTest = _always,
                 cross: SideTest = _always) -> dict[Hex, tuple[Tri, int]]:
    """Bounded paths (a command range): hex -> (reached, fewest hexsides crossed) within
    ``max_steps`` of ``start``; the distance is that of the surest path found."""
    sure = _reach_pass(g, [start], through, cross, _sure)
    maybe = _reach_pass(g, [start], through, cross, _maybe)
    out = {h: (None, d) for h, d in maybe.items() if d <= max_steps}
    out.update({h: (True, d) for h, d in sure.items() if d <= max_steps})
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
    allows), and no known path does."""
    def run(optimistic: bool) -> tuple[dict[Hex, float], set[Hex]]:
        best = {start: 0.0}
        stopped: set[Hex] = set()
        heap = [(0.0, start)]
        while heap:
            c, u = heapq.heappop(heap)
            if c > best.get(u, float("inf")) or u in stopped:
                continue
            for v in sorted(g.neighbors(u)):
                step = step_cost(u, v)
                if step is None:
                    continue
                if isinstance(step, Unknown):
                    if not optimistic:
                        continue
                    step = 0.0
                nc = c + step
                if nc > budget + 1e-9 or nc >= best.get(v, float("inf")):
                    continue
                stop = must_stop(u, v)
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


class Lattice:
    """The map graph as arrays: node ``i`` is ``nodes[i]``, ``nbr[i]`` its neighbours (-1 for
    none) in a fixed order. Built once per map; predicates become boolean arrays."""

    def __init__(self, g: nx.Graph) -> None:
        self.nodes: tuple[Hashable, ...] = tuple(sorted(g.nodes))
        self.index = {h: i for i, h in enumerate(self.nodes)}
        width = max((d for _, d in g.degree), default=0)
        nbr = np.full((len(self.nodes), max(width, 1)), -1, dtype=np.int64)
        for i, h in enumerate(self.nodes):
            for j, v in enumerate(sorted(g.neighbors(h))):
                nbr[i, j] = self.index[v]
        self.nbr = nbr
        self._safe = np.where(nbr >= 0, nbr, len(self.nodes))  # -1 -> a sentinel column

    def mask(self, hexes: Iterable[Hex]) -> np.ndarray:
        m = np.zeros(len(self.nodes), dtype=bool)
        idx = [self.index[h] for h in hexes if h in self.index]
        m[idx] = True
        return m

    def side_mask(self, blocked: Iterable[tuple[Hex, Hex]]) -> np.ndarray:
        """(N, width) True where the hexside from node i to its j-th neighbour may be crossed."""
        ok = self.nbr >= 0
        for a, b in blocked:
            if a in self.index and b in self.index:
                ia, ib = self.index[a], self.index[b]
                ok[ia, self.nbr[ia] == ib] = False
                ok[ib, self.nbr[ib] == ia] = False
        return ok

    def sweep(self, starts: np.ndarray, through: np.ndarray, cross: np.ndarray | None = None) -> np.ndarray:
        """Boolean reach (as :func:`reach` with two-valued tests): frontier expansion in numpy."""
        n = len(self.nodes)
        cross = self.nbr >= 0 if cross is None else cross
        reached = np.zeros(n + 1, dtype=bool)
        reached[:n] = starts
        reached[n] = True  # the sentinel is never a candidate
        frontier = np.flatnonzero(starts)
        go = np.zeros(n + 1, dtype=bool)
        go[:n] = through
        go[frontier] = True  # a start always lets the path leave it
        while len(frontier):
            f = frontier[go[frontier]]
            cand = self._safe[f][cross[f]]
            cand = cand[~reached[cand]]
            cand = np.unique(cand)
            reached[cand] = True
            frontier = cand
        return reached[:n]

    def reach(self, starts: np.ndarray, through_sure: np.ndarray, through_maybe: np.ndarray,
              cross_sure: np.ndarray | None = None, cross_maybe: np.ndarray | None = None,
              starts_maybe: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(surely reached, possibly reached), as :func:`reach` does on the graph."""
        sure = self.sweep(starts, through_sure, cross_sure)
        maybe = self.sweep(starts if starts_maybe is None else starts_maybe, through_maybe,
                           cross_sure if cross_maybe is None else cross_maybe)
        return sure, maybe
