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
          max_steps: int, floor: float = 0.0) -> Route[R] | NoRoute | None:
    """The cheapest surely legal route from ``start`` through ``waypoints`` in order, else the cheapest maybe
    legal one, else why none is (``None`` when no step was even tried). At most ``max_steps`` steps.
    ``floor``: the least a step can cost, so the search looks first where a route can still be cheapest
    (A*: the hexes still to go, times ``floor``, never overestimate what the route still costs)."""
    tie = itertools.count()
    after_wp = [sum(a.distance(b) for a, b in zip(waypoints[i:], waypoints[i + 1:])) for i in range(len(waypoints))]

    def ahead(h: Hex, wp: int) -> float:
        return floor * (h.distance(waypoints[wp]) + after_wp[wp]) if wp < len(waypoints) else 0.0

    # Lazy A*: a step is judged only when it is the most promising thing left. Entries are states already
    # judged (``pending`` None) or steps still to judge (``pending`` the hex stepped into, the estimate
    # optimistic); (maybe?, estimate, cost, steps, tie, hex, waypoint, record, hexes, needs, pending).
    queue = [(False, cost(record) + ahead(start, 0), cost(record), 0, next(tie), start, 0, record, (start,), None,
              None)]
    best: set[Hashable] = set()
    blocked: tuple[int, int, Illegal, tuple[Hex, ...]] | None = None  # (waypoints reached, -distance, ...)
    while queue:
        maybe, _, c, n, _, h, wp, rec, hexes, needs, b = heapq.heappop(queue)
        if b is not None:  # judge the step h -> b now
            v, after = step(rec, h, b)
            path = hexes + (b,)
            if isinstance(v, Illegal):
                score = (wp, -b.distance(waypoints[wp]))
                if blocked is None or score > blocked[:2]:
                    blocked = (*score, v, path)
                continue
            unsure = isinstance(v, NotCheckable)
            nwp = wp + 1 if b == waypoints[wp] else wp
            c2 = cost(after)
            heapq.heappush(queue, (maybe or unsure, c2 + ahead(b, nwp), c2, n + 1, next(tie), b, nwp, after, path,
                                   needs or (v.needs if unsure else None), None))
            continue
        if wp == len(waypoints):
            return Route(hexes, rec, needs)
        k = (h, wp, maybe, key(rec))
        if k in best:
            continue
        best.add(k)
        if n == max_steps:
            continue
        for nb in neighbours(h):
            heapq.heappush(queue, (maybe, c + floor + ahead(nb, wp + (nb == waypoints[wp])), c, n, next(tie), h, wp,
                                   rec, hexes, needs, nb))
    return NoRoute(blocked[2], blocked[3]) if blocked is not None else None
