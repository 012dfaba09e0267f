"""Zones of control: which units stand near a hex and project a ZOC into it. What projects, how far
and into what terrain are each system's rules, given here as functions."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from hexforge.maps.hexes import Hex, ring
from hexforge.rules.core.board import Board
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Tri, tri_or

Exerts = Callable[[str, Hex], Tri]  # does unit u project a ZOC into hex h? (None: the data does not say)


def zoc_in(state: GameState, h: Hex, counts: Callable[[str], bool], exerts: Exerts, reach: int = 1) -> Tri:
    """Whether ``h`` is in the ZOC of a unit that ``counts`` (e.g. an enemy of the mover) standing 1 to
    ``reach`` hexes away: any of them exerting one into ``h``; every such unit is asked, so what an unknown
    answer needs is collected in full."""
    hexes = h.neighbours() if reach == 1 else [m for r in range(1, reach + 1) for m in ring(h, r)]
    near = [u for m in hexes for u in state.at(m) if counts(u)]
    return tri_or(*[exerts(u, h) for u in sorted(near)]) if near else False


def zoc(rules: Board, state: GameState, uid: str) -> list[Hex]:
    """The hexes ``uid`` projects a ZOC into: the six surrounding hexes on the map, less what the system's
    ``projects_zoc`` negates."""
    h = state.where(uid)
    if h is None or not rules.exerts_zoc(uid):
        return []
    return [n for n in h.neighbours() if rules.on_map(n) and rules.projects_zoc(uid, n, state)]


def in_ezoc(rules: Board, state: GameState, h: Hex, side: str, ignore: str | None = None) -> bool:
    """Whether ``h`` is in the ZOC of a unit enemy to ``side`` (friendly ZOC never negates it; ``ignore``
    leaves one unit out, the mover). :func:`zoc_in` with two-valued answers, stopping at the first unit that
    projects one (a route search asks this of every hex it tries)."""
    at, side_of = state.occupants.get, state.sides.get  # GameState.at and .side without their call
    for m in _around(h):
        for u in at(m, ()):
            if u != ignore and side_of(u) != side and (rules.exerts_zoc(u) and rules.projects_zoc(u, h, state)) is True:
                return True
    return False


@lru_cache(maxsize=1 << 16)
def _around(h: Hex) -> tuple[Hex, ...]:
    """``h.neighbours()``, made once per hex (a bounded cache: a map has fewer hexes than that)."""
    return tuple(h.neighbours())
