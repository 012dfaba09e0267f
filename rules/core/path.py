"""Searching for a legal route through given drop points (a log shows where a piece was dropped, not
the route it took). Three-valued: a route is *surely legal* (every step legal), *maybe legal* (some step
needs data the game lacks) or there is none; the answer comes from the best class found.

The system gives the step judge (``step``: the verdict on one step and the record after it, never changing
the record it is given) and a ``key`` under which records are interchangeable but for their cost, so the
search keeps, per key, only the cheapest record (label-setting, as Dijkstra's algorithm).
"""
from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass
from typing import Callable, Generic, Hashable, TypeVar

from hexforge.maps.hexes import Hex
from hexforge.rules.verdict import Illegal, NotCheckable, Verdict

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Route(Generic[R]):
    """The best route found: its hexes (the start first), the record after it, and whether every step was
    legal (``needs`` names what the first unknown step needs otherwise)."""

    hexes: tuple[Hex, ...]
    record: R
    needs: str | None


@dataclass(frozen=True, slots=True)
class NoRoute:
    """No route through the drop points: the step that blocked the candidate that came closest."""

    blocked: Illegal
    at: tuple[Hex, ...]


def route(start: Hex, record: R, waypoints: list[Hex], step: Callable[[R, Hex, Hex], tuple[Verdict, R]],
          cost: Callable[[R], float], key: Callable[[R], Hashable], neighbours: Callable[[Hex], list[Hex]],
          max_steps: int) -> Route[R] | NoRoute | None:
    """The cheapest surely legal route from ``start`` through ``waypoints`` in order, else the cheapest maybe
    legal one, else why none is (``None`` when no step was even tried). At most ``max_steps`` steps."""
    tie = itertools.count()
    # queue entries: (maybe?, cost, steps, tie, hex, waypoint index, record, hexes so far, first needs)
    queue = [(False, cost(record), 0, next(tie), start, 0, record, (start,), None)]
    best: dict[Hashable, tuple[bool, float]] = {}
    blocked: tuple[int, int, Illegal, tuple[Hex, ...]] | None = None  # (waypoints reached, -distance, ...)
    while queue:
        maybe, c, n, _, h, wp, rec, hexes, needs = heapq.heappop(queue)
        if wp == len(waypoints):
            return Route(hexes, rec, needs)
        k = (h, wp, maybe, key(rec))
        if k in best:
            continue
        best[k] = (maybe, c)
        if n == max_steps:
            continue
        for b in neighbours(h):
            v, after = step(rec, h, b)
            path = hexes + (b,)
            if isinstance(v, Illegal):
                score = (wp, -b.distance(waypoints[wp]))
                if blocked is None or score > blocked[:2]:
                    blocked = (*score, v, path)
                continue
            unsure = isinstance(v, NotCheckable)
            first = needs or (v.needs if unsure else None)
            nwp = wp + 1 if b == waypoints[wp] else wp
            heapq.heappush(queue, (maybe or unsure, cost(after), n + 1, next(tie), b, nwp, after, path, first))
    return NoRoute(blocked[2], blocked[3]) if blocked is not None else None
