"""The map as a networkx graph: one node per hex, one edge per hexside between map hexes.

Nodes carry ``label`` and ``terrain`` (a frozenset, or ``None`` when unsurveyed); edges carry
``features`` (hexside features) and ``thoroughfares`` (roads and the like crossing the side).
Movement, supply and line-of-sight code work on this graph and need no other map structure.
"""
from __future__ import annotations

from typing import Callable, Iterable

import networkx as nx

from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Terrain


def map_graph(hexes: Iterable[Hex], label: Callable[[Hex], str], terrain: Terrain | None = None) -> nx.Graph:
    """The graph of the given map hexes; hexsides to hexes off the map are not edges."""
    terrain = terrain or Terrain()
    g = nx.Graph()
    members = set(hexes)
    for h in sorted(members):
        g.add_node(h, label=label(h), terrain=terrain.of(h))
    for h in sorted(members):
        for n in h.neighbours():
            if n in members and h < n:
                side = Hexside.between(h, n)
                g.add_edge(h, n,
                           features=terrain.hexsides.get(side, frozenset()),
                           thoroughfares=terrain.thoroughfares.get(side, frozenset()))
    return g


def edge_hexes(g: nx.Graph) -> set[Hex]:
    """Map hexes with fewer than six neighbours on the map: the hexes along the map's edges."""
    return {h for h in g.nodes if g.degree(h) < 6}
