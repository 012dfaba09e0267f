"""The map as a graph: one node per hex, one edge per hexside between map hexes.

:class:`Adjacency` is the graph as arrays (CSR: ``indptr``/``indices``), built once per map with
numpy from the hex coordinates; path tracing (:mod:`hexforge.maps.trace`) runs on it.
:func:`map_graph` is the same graph in networkx, carrying ``label`` and ``terrain`` (a frozenset,
or ``None`` when unsurveyed) on nodes and ``features`` (hexside features) and ``thoroughfares``
(roads and the like crossing the side) on edges; it is frozen (networkx refuses changes) and
keeps its :class:`Adjacency` in ``g.graph["adjacency"]``, so tracing on it needs no rebuilding.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter
from typing import Callable, Iterable

import networkx as nx
import numpy as np

from hexforge.maps.hexes import DIRECTIONS, Hex, Hexside, ring
from hexforge.maps.terrain import Terrain

ADJACENCY = "adjacency"
TERRAIN_CODES = "terrain_codes"
THOROUGHFARE_CODES = "thoroughfare_codes"


@dataclass(frozen=True, eq=False)
class Adjacency:
    """Hexes ``hexes`` (sorted) as nodes ``0..n-1``; the neighbours of node ``i`` are
    ``indices[indptr[i]:indptr[i + 1]]``, lower-numbered ones first (ascending), then the
    others in :data:`DIRECTIONS` order (the order :func:`map_graph` gives networkx)."""

    hexes: tuple[Hex, ...]
    indptr: np.ndarray
    indices: np.ndarray
    index: dict[Hex, int] = field(init=False, repr=False)
    rows: list[list[int]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {h: i for i, h in enumerate(self.hexes)})
        flat = self.indices.tolist()
        bounds = self.indptr.tolist()
        object.__setattr__(self, "rows", [flat[a:b] for a, b in zip(bounds, bounds[1:])])

    def __len__(self) -> int:
        return len(self.hexes)

    @classmethod
    def of_hexes(cls, hexes: Iterable[Hex]) -> Adjacency:
        """The adjacency of a set of lattice hexes (vectorised: no Python loop over sides)."""
        nodes = tuple(sorted(set(hexes)))
        n = len(nodes)
        if not n:
            return cls((), np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int32))
        q = np.fromiter((h.q for h in nodes), dtype=np.int64, count=n)
        r = np.fromiter((h.r for h in nodes), dtype=np.int64, count=n)
        q0, r0 = q.min() - 1, r.min() - 1
        width = int(r.max() - r0) + 2
        keys = (q - q0) * width + (r - r0)  # ascending, since nodes are sorted by (q, r)
        steps = np.array([[d.q, d.r] for d in DIRECTIONS], dtype=np.int64)
        nkeys = (q[:, None] + steps[:, 0] - q0) * width + (r[:, None] + steps[:, 1] - r0)
        pos = np.minimum(np.searchsorted(keys, nkeys), n - 1)
        found = keys[pos] == nkeys
        nbr = np.where(found, pos, -1)
        me = np.arange(n)[:, None]
        order_key = np.where(~found, 3 * n, np.where(nbr < me, nbr, n + np.arange(6)[None, :]))
        order = np.argsort(order_key, axis=1, kind="stable")
        nbr = np.take_along_axis(nbr, order, axis=1)
        counts = found.sum(axis=1)
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(counts, out=indptr[1:])
        return cls(nodes, indptr, nbr[nbr >= 0].astype(np.int32))

    @classmethod
    def of_graph(cls, g: nx.Graph) -> Adjacency:
        """The adjacency of any graph of hexes, in its own neighbour order."""
        nodes = tuple(sorted(g.nodes))
        index = {h: i for i, h in enumerate(nodes)}
        rows = [[index[v] for v in g.neighbors(h)] for h in nodes]
        indptr = np.zeros(len(nodes) + 1, dtype=np.int64)
        np.cumsum([len(x) for x in rows], out=indptr[1:])
        return cls(nodes, indptr, np.array([v for x in rows for v in x], dtype=np.int32))

    @cached_property
    def sorted_rows(self) -> list[list[int]]:
        """Each node's neighbours in ascending order (hex order, since nodes are sorted)."""
        return [sorted(row) for row in self.rows]

    def edge_count(self) -> int:
        return len(self.indices) // 2

    @cached_property
    def degrees(self) -> np.ndarray:
        """The number of hexsides of each node to other map hexes (CSR row lengths)."""
        return np.diff(self.indptr).astype(np.int32)

    @cached_property
    def edge_rows(self) -> np.ndarray:
        """The node each CSR position (directed edge) leaves: ``edge_rows[k]`` for ``indices[k]``."""
        return np.repeat(np.arange(len(self.hexes), dtype=np.int32), self.degrees)

    @cached_property
    def _edge_keys(self) -> tuple[np.ndarray, np.ndarray]:
        keys = self.edge_rows.astype(np.int64) * max(len(self.hexes), 1) + self.indices
        order = np.argsort(keys, kind="stable")
        return keys[order], order

    @cached_property
    def coordinates(self) -> np.ndarray:
        """``(n, 2)`` axial ``q, r`` of the nodes (sorted, so ``q * big + r`` ascends)."""
        return np.array([(h.q, h.r) for h in self.hexes], dtype=np.int64).reshape(-1, 2)

    @cached_property
    def neighbour_table(self) -> np.ndarray:
        """``(n, 6)`` the neighbours of each node in CSR order, ``-1`` padding the edge hexes."""
        n = len(self.hexes)
        table = np.full((n, 6), -1, dtype=np.int64)
        cols = np.arange(len(self.indices)) - np.repeat(self.indptr[:-1], np.diff(self.indptr))
        table[self.edge_rows, cols] = self.indices
        return table

    @cached_property
    def _lattice_keys(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The coordinates' bounds and each node's key ``(q - q0) * span + (r - r0)`` (ascending)."""
        lo, hi = self.coordinates.min(axis=0), self.coordinates.max(axis=0)
        span = int(hi[1] - lo[1]) + 1
        return lo, hi, (self.coordinates[:, 0] - lo[0]) * span + (self.coordinates[:, 1] - lo[1])

    @cached_property
    def _ring_tables(self) -> dict[int, np.ndarray]:
        return {}

    def ring_table(self, radius: int) -> np.ndarray:
        """``(n, 6 * radius)``: the nodes exactly ``radius`` steps from each node, in the order of
        :func:`~hexforge.maps.hexes.ring` around the origin, ``-1`` off the map (built once per radius;
        read only)."""
        if radius not in self._ring_tables:
            steps = ring_offsets(radius)
            table = self._nodes_at((self.coordinates[:, None, :] + steps[None]).reshape(-1, 2))
            table = table.reshape(len(self.hexes), len(steps))
            table.flags.writeable = False
            self._ring_tables[radius] = table
        return self._ring_tables[radius]

    def rings(self, hexes: Iterable[Hex] | np.ndarray, radius: int) -> np.ndarray:
        """``(k, 3 * radius * (radius + 1))``: for each of ``hexes`` (on the map or off it) the nodes 1
        to ``radius`` steps away, ring by ring in :meth:`ring_table` order, ``-1`` off the map."""
        at = coordinates_of(hexes)
        node = self.nodes_of(at)
        on = node >= 0
        out = np.empty((len(at), 3 * radius * (radius + 1)), dtype=np.int64)
        out[on] = np.concatenate([self.ring_table(r)[node[on]] for r in range(1, radius + 1)], axis=1)
        if not on.all():
            steps = np.concatenate([ring_offsets(r) for r in range(1, radius + 1)])
            out[~on] = self._nodes_at((at[~on][:, None, :] + steps[None]).reshape(-1, 2)).reshape(-1, len(steps))
        return out

    def near(self, hexes: Iterable[Hex] | np.ndarray, radius: int, inner: int = 0) -> np.ndarray:
        """The nodes ``inner`` to ``radius`` lattice steps from any of ``hexes`` (which may lie
        off the map; or their ``(k, 2)`` axial coordinates), ascending; vectorised over the
        hexes and the offsets."""
        at = coordinates_of(hexes)
        if not len(at) or not len(self.hexes):
            return np.zeros(0, dtype=np.int64)
        hit = np.zeros(len(self.hexes), dtype=bool)
        if radius == 1 and inner <= 1:  # the centres on the map by their rows of the neighbour table
            node = self._nodes_at(at)
            on = node >= 0
            ring = self.neighbour_table[node[on]].ravel()
            hit[ring[ring >= 0]] = True
            hit[node[on]] |= inner == 0
            at = at[~on]
            if not len(at):
                return np.flatnonzero(hit)
        k = np.arange(-radius, radius + 1)
        dq, dr = np.meshgrid(k, k, indexing="ij")
        steps = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
        ok = (steps <= radius) & (steps >= inner)
        nodes = self._nodes_at((at[:, None, :] + np.stack([dq[ok], dr[ok]], axis=1)[None, :, :]).reshape(-1, 2))
        hit[nodes[nodes >= 0]] = True
        return np.flatnonzero(hit)

    def nodes_of(self, hexes: Iterable[Hex] | np.ndarray) -> np.ndarray:
        """The node of each of ``hexes`` (or of each row of ``(k, 2)`` axial coordinates), in
        order; ``-1`` for a hex off the map (no hashing)."""
        at = coordinates_of(hexes)
        return self._nodes_at(at) if len(self.hexes) else np.full(len(at), -1, dtype=np.int64)

    def _nodes_at(self, qr: np.ndarray) -> np.ndarray:
        lo, hi, keys = self._lattice_keys
        inside = ((qr >= lo) & (qr <= hi)).all(axis=1)
        want = (qr[:, 0] - lo[0]) * (int(hi[1] - lo[1]) + 1) + (qr[:, 1] - lo[1])
        pos = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
        return np.where(inside & (keys[pos] == want), pos, -1)

    def edge_positions(self, pairs: Iterable[tuple[Hex, Hex]]) -> np.ndarray:
        """The CSR positions of the directed edges ``a -> b`` and ``b -> a`` of each pair, for
        per-hexside arrays; pairs that are not a hexside of the map are left out."""
        index = self.index
        ij = [(index[a], index[b]) for a, b in pairs if a in index and b in index]
        if not ij:
            return np.zeros(0, dtype=np.int64)
        a, b = np.array(ij, dtype=np.int64).T
        n = max(len(self.hexes), 1)
        want = np.concatenate([a * n + b, b * n + a])
        keys, order = self._edge_keys
        pos = np.minimum(np.searchsorted(keys, want), max(len(keys) - 1, 0))
        hit = keys[pos] == want if len(keys) else np.zeros(len(want), dtype=bool)
        return np.unique(order[pos[hit]])

    def matrix(self):
        """The adjacency as a ``scipy.sparse.csr_array`` of ones (for scipy.sparse.csgraph)."""
        from scipy.sparse import csr_array
        n = len(self.hexes)
        return csr_array((np.ones(len(self.indices), dtype=np.int8), self.indices, self.indptr), shape=(n, n))


def ring_offsets(radius: int) -> np.ndarray:
    """``(6 * radius, 2)`` axial steps to the hexes exactly ``radius`` away, in :func:`ring` order."""
    return np.array([(h.q, h.r) for h in ring(Hex(0, 0), radius)], dtype=np.int64).reshape(-1, 2)


def coordinates_of(hexes: Iterable[Hex] | np.ndarray) -> np.ndarray:
    """``(k, 2)`` axial ``q, r`` of some hexes (given as hexes, or already as such an array)."""
    if isinstance(hexes, np.ndarray):
        return hexes.reshape(-1, 2)
    return np.array(list(map(_QR, hexes)), dtype=np.int64).reshape(-1, 2)


_QR = attrgetter("q", "r")


def adjacency_of(g: nx.Graph) -> Adjacency:
    """The adjacency kept by :func:`map_graph` (its graph is frozen, so it cannot go stale), or
    one built from ``g`` for a graph made some other way."""
    adj = g.graph.get(ADJACENCY)
    if isinstance(adj, Adjacency) and nx.is_frozen(g):
        return adj
    return Adjacency.of_graph(g)


def map_graph(hexes: Iterable[Hex], label: Callable[[Hex], str], terrain: Terrain | None = None,
              adjacency: Adjacency | None = None) -> nx.Graph:
    """The graph of the given map hexes; hexsides to hexes off the map are not edges.
    ``adjacency``, when given, must be that of the same hexes."""
    terrain = terrain or Terrain()
    adj = adjacency or Adjacency.of_hexes(hexes)
    g = nx.Graph()
    g.graph[ADJACENCY] = adj
    nodes = adj.hexes
    g.add_nodes_from((h, {"label": label(h), "terrain": terrain.of(h)}) for h in nodes)
    no_feature: frozenset = frozenset()
    sides, roads = terrain.hexsides, terrain.thoroughfares
    edges = []
    for i, row in enumerate(adj.rows):
        a = nodes[i]
        for j in row:
            if j > i:
                side = Hexside(a, nodes[j])  # canonical: nodes are sorted
                edges.append((a, nodes[j], {"features": sides.get(side, no_feature),
                                            "thoroughfares": roads.get(side, no_feature)}))
    g.add_edges_from(edges)
    return nx.freeze(g)


@dataclass(frozen=True, eq=False)
class TerrainCodes:
    """Each node's terrain as a small integer, for rules that answer per terrain type with arrays:
    ``code[i]`` indexes ``kinds`` (the distinct sets of terrain types on the map, sorted), ``-1``
    where the hex is unsurveyed."""

    kinds: tuple[frozenset[str], ...]
    code: np.ndarray


def terrain_codes(g: nx.Graph) -> TerrainCodes:
    """The terrain codes of the nodes of :func:`adjacency_of` ``(g)``, from the graph's ``terrain``
    node attributes: built once and kept in ``g.graph`` when the graph is frozen (a map's
    :meth:`HexMap.graph`, rebuilt for a new terrain object)."""
    got = g.graph.get(TERRAIN_CODES)
    if isinstance(got, TerrainCodes) and nx.is_frozen(g):
        return got
    hexes = adjacency_of(g).hexes
    of = [g.nodes[h].get("terrain") for h in hexes]
    kinds = tuple(sorted({k for k in of if k is not None}, key=sorted))
    number = {k: i for i, k in enumerate(kinds)}
    code = np.array([-1 if k is None else number[k] for k in of], dtype=np.int32)
    got = TerrainCodes(kinds, code)
    if nx.is_frozen(g):
        g.graph[TERRAIN_CODES] = got
    return got


def thoroughfare_codes(g: nx.Graph) -> TerrainCodes:
    """The thoroughfares (roads and the like) crossing each hexside as small integers per CSR
    position of :func:`adjacency_of` ``(g)`` (both directions): ``code[k]`` indexes ``kinds``, ``-1``
    where none crosses; from the graph's ``thoroughfares`` edge attributes, kept like
    :func:`terrain_codes`."""
    got = g.graph.get(THOROUGHFARE_CODES)
    if isinstance(got, TerrainCodes) and nx.is_frozen(g):
        return got
    adj = adjacency_of(g)
    by_kinds: dict[frozenset[str], list[tuple[Hex, Hex]]] = {}
    for a, b, kinds in g.edges(data="thoroughfares"):
        if kinds:
            by_kinds.setdefault(frozenset(kinds), []).append((a, b))
    kinds = tuple(sorted(by_kinds, key=sorted))
    code = np.full(len(adj.indices), -1, dtype=np.int32)
    for i, k in enumerate(kinds):
        code[adj.edge_positions(by_kinds[k])] = i
    got = TerrainCodes(kinds, code)
    if nx.is_frozen(g):
        g.graph[THOROUGHFARE_CODES] = got
    return got


def thoroughfare_mask(g: nx.Graph, kinds: frozenset[str]) -> np.ndarray:
    """Per CSR position: does a thoroughfare of one of ``kinds`` cross the hexside? (kept per kinds
    in ``g.graph`` when the graph is frozen; read only: the array is shared)"""
    cache = g.graph.setdefault(THOROUGHFARE_CODES + "_masks", {}) if nx.is_frozen(g) else {}
    if kinds not in cache:
        tc = thoroughfare_codes(g)
        mask = np.array([bool(k & kinds) for k in tc.kinds] + [False], dtype=bool)[tc.code]
        mask.flags.writeable = False
        cache[kinds] = mask
    return cache[kinds]


def edge_hexes(g: nx.Graph) -> set[Hex]:
    """Map hexes with fewer than six neighbours on the map: the hexes along the map's edges."""
    return {h for h in g.nodes if g.degree(h) < 6}
