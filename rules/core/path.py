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
    last = len(waypoints)
    after_wp = [sum(a.distance(b) for a, b in zip(waypoints[i:], waypoints[i + 1:])) for i in range(last)]
    goals = [(w.q, w.r, after_wp[i]) for i, w in enumerate(waypoints)]

    def ahead(h: Hex, wp: int) -> float:
        if wp == last:
            return 0.0
        q, r, rest = goals[wp]
        dq, dr = h.q - q, h.r - r
        return floor * (max(abs(dq), abs(dr), abs(dq + dr)) + rest)  # Hex.distance, inlined: called per step

    # Lazy A*: a step is judged only when it is the most promising thing left. Entries are states already
    # judged (``pending`` None) or steps still to judge (``pending`` the hex stepped into, the estimate
    # optimistic); (maybe?, estimate, -cost, steps, tie, hex, waypoint, record, hexes, needs, pending). Of equal
    # estimates the costlier (the nearer the goal) comes first: fewer steps are judged on the way.
    push, pop = heapq.heappush, heapq.heappop
    queue = [(False, cost(record) + ahead(start, 0), -cost(record), 0, next(tie), start, 0, record, (start,), None,
              None)]
    best: set[Hashable] = set()
    blocked: tuple[int, int, Illegal, tuple[Hex, ...]] | None = None  # (waypoints reached, -distance, ...)
    while queue:
        maybe, _, c, n, _, h, wp, rec, hexes, needs, b = pop(queue)
        c = -c
        if b is not None:  # judge the step h -> b now
            v, after = step(rec, h, b)
            path = hexes + (b,)
            gq, gr, _ = goals[wp]
            if isinstance(v, Illegal):
                score = (wp, -b.distance(waypoints[wp]))
                if blocked is None or score > blocked[:2]:
                    blocked = (*score, v, path)
                continue
            unsure = isinstance(v, NotCheckable)
            nwp = wp + 1 if b.q == gq and b.r == gr else wp
            c2 = cost(after)
            if nwp == last:
                guess = c2 + 0.0
            else:  # c2 + ahead(b, nwp), inlined (a step judged: once per candidate)
                gq, gr, rest = goals[nwp]
                dq, dr = b.q - gq, b.r - gr
                guess = c2 + floor * (max(abs(dq), abs(dr), abs(dq + dr)) + rest)
            push(queue, (maybe or unsure, guess, -c2, n + 1, next(tie), b, nwp, after, path,
                         needs or (v.needs if unsure else None), None))
            continue
        if wp == last:
            return Route(hexes, rec, needs)
        k = (h, wp, maybe, key(rec))
        if k in best:
            continue
        best.add(k)
        if n == max_steps:
            continue
        gq, gr, rest = goals[wp]
        for nb in neighbours(h):
            if nb.q == gq and nb.r == gr:
                guess = c + floor + ahead(nb, wp + 1)
            else:  # c + floor + ahead(nb, wp), inlined (the sums in the same order: the same floats)
                dq, dr = nb.q - gq, nb.r - gr
                guess = c + floor + floor * (max(abs(dq), abs(dr), abs(dq + dr)) + rest)
            push(queue, (maybe, guess, -c, n, next(tie), h, wp, rec, hexes, needs, nb))
    return NoRoute(blocked[2], blocked[3]) if blocked is not None else None
