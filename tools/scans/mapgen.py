"""The content of a synthetic map: its grid, the terrain of every hex, rivers along hexsides, roads.

Everything is drawn from one seeded ``random.Random``, so a (seed, size) gives the same map.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import networkx as nx

from hexforge.maps.convention import Convention, board_grid, sheet_hexes
from hexforge.maps.grid import BoardGrid
from hexforge.maps.hexes import Hex

HEX_TYPES = ("clear", "woods", "rough", "marsh", "town")
HEXSIDE_TYPES = ("river", "stream")
LINE_TYPES = ("road", "trail", "railway")


@dataclass
class MapContent:
    """A fully specified synthetic map in its clean (un-degraded) pixel frame."""

    conv: Convention
    board: BoardGrid
    hexes: dict[str, Hex]                       # label -> hex
    terrain: dict[str, str]                     # label -> hex terrain type
    hexsides: dict[frozenset[str], str] = field(default_factory=dict)
    rivers: list[tuple[str, list[tuple[float, float]]]] = field(default_factory=list)  # kind, vertex chain
    lines: dict[frozenset[str], str] = field(default_factory=dict)
    routes: list[tuple[str, list[str]]] = field(default_factory=list)                 # kind, hex labels


def make_content(rng: random.Random, hex_height: float, columns: int, rows: int, margin: int) -> MapContent:
    """A random map of ``columns`` x ``rows`` hexes of height ``hex_height`` (pixels)."""
    shifted = rng.choice(("even", "odd"))
    conv = Convention.from_pattern("CCRR", "columns", (1, columns, "right"), (1, rows, "down"), shifted)
    return sheet_content(rng, hex_height, conv, margin)


def sheet_content(rng: random.Random, hex_height: float, conv: Convention, margin: int,
                  prefix: str = "") -> MapContent:
    """A random map numbered by ``conv`` (any orientation), its labels printed with ``prefix`` (a sheet letter)."""
    board = board_grid(conv, hex_height=hex_height, margin=margin)
    hexes = {prefix + conv.label(s.column, s.row): s.hex for s in sheet_hexes(conv, board)}
    content = MapContent(conv, board, hexes, _terrain(rng, board, hexes))
    _rivers(rng, content)
    _routes(rng, content)
    return content


def _terrain(rng: random.Random, board: BoardGrid, hexes: dict[str, Hex]) -> dict[str, str]:
    """Smooth random fields (sums of sinusoids) over the hex centres, cut into terrain types."""
    waves = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.004, 0.012), rng.uniform(0, 2 * math.pi))
             for _ in range(8)]

    def field_at(x: float, y: float, k: int) -> float:
        return sum(math.sin(f * (x * math.cos(a) + y * math.sin(a)) + p)
                   for a, f, p in waves[4 * k:4 * k + 4]) / 4

    out: dict[str, str] = {}
    for label in sorted(hexes):
        x, y = board.centre(hexes[label])
        wet, high = field_at(x, y, 0), field_at(x, y, 1)
        noise = rng.random()
        if noise < 0.04:
            out[label] = "town"
        elif wet > 0.35:
            out[label] = "marsh"
        elif high > 0.3:
            out[label] = "rough"
        elif high < -0.2 or noise > 0.85:
            out[label] = "woods"
        else:
            out[label] = "clear"
    return out


def _edges(content: MapContent) -> dict[frozenset[tuple[int, int]], frozenset[str]]:
    """Every hexside of the map as its two corner vertices (rounded pixels) -> the hexes on it."""
    sides: dict[frozenset[tuple[int, int]], set[str]] = {}
    for label, h in content.hexes.items():
        corners = [(round(x * 4), round(y * 4)) for x, y in content.board.corners(h)]
        for i in range(6):
            sides.setdefault(frozenset((corners[i], corners[(i + 1) % 6])), set()).add(label)
    return {k: frozenset(v) for k, v in sides.items() if len(v) == 2}


def _rivers(rng: random.Random, content: MapContent) -> None:
    """Two or three rivers/streams wandering along hexsides from one map edge to another."""
    edges = _edges(content)
    graph = nx.Graph()
    for vs, pair in edges.items():
        a, b = tuple(vs)
        graph.add_edge(a, b, pair=pair, weight=rng.uniform(1, 3))
    x_lo, x_hi = min(v[0] for v in graph), max(v[0] for v in graph)
    y_lo, y_hi = min(v[1] for v in graph), max(v[1] for v in graph)
    for n in range(rng.randint(2, 3)):
        kind = HEXSIDE_TYPES[n % 2]
        if n % 2 == 0:
            middle = rng.uniform(x_lo, x_hi)
            starts = [v for v in graph if v[1] < y_lo + 200 and abs(v[0] - middle) < 400]
            ends = [v for v in graph if v[1] > y_hi - 200]
        else:
            starts = [v for v in graph if v[0] < x_lo + 200]
            ends = [v for v in graph if v[0] > x_hi - 200]
        src, dst = rng.choice(sorted(starts)), rng.choice(sorted(ends))
        path = nx.shortest_path(graph, src, dst, weight="weight")
        if any(content.hexsides.get(graph.edges[a, b]["pair"]) for a, b in zip(path, path[1:])):
            continue  # keep rivers apart: a hexside holds one feature
        for a, b in zip(path, path[1:]):
            content.hexsides[graph.edges[a, b]["pair"]] = kind
        content.rivers.append((kind, [(x / 4, y / 4) for x, y in path]))


def _routes(rng: random.Random, content: MapContent) -> None:
    """Roads, a trail and a railway from centre to centre between towns (or map edges)."""
    graph = nx.Graph()
    by_hex = {h: label for label, h in content.hexes.items()}
    for label, h in content.hexes.items():
        for nb in h.neighbours():
            if nb in by_hex:
                graph.add_edge(label, by_hex[nb], weight=rng.uniform(1, 2))
    towns = sorted(label for label, t in content.terrain.items() if t == "town")
    labels = sorted(content.hexes)
    while len(towns) < 4:
        towns.append(rng.choice(labels))
    for kind in ("road", "road", "trail", "railway"):
        a, b = rng.sample(towns, 2)
        path = nx.shortest_path(graph, a, b, weight="weight")
        if len(path) < 4 or any(frozenset(p) in content.lines for p in zip(path, path[1:])):
            continue
        for p in zip(path, path[1:]):
            content.lines[frozenset(p)] = kind
        content.routes.append((kind, path))
