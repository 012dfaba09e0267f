"""Overlay benchmark: each product figure beside its anchor, measured in one run (ratios, since
the machines are shared and noisy).

Supply and command range on a 100 x 100 single-sheet map (10,000 hexes) with 300 enemy units and
their ZOC closed; LOS on the full Highway to the Reich map (four sheets) with 20% blocking hexes.
Anchors: scipy.sparse.csgraph on a CSR matrix built before the timer (BFS from a super-source
joined to the sources on the west edge; Dijkstra with ``limit``), and the naive shapely sight line.

Run: python bench/bench_overlays.py            (a plain report)
     python bench/bench_overlays.py --markdown      its section of bench/README.md (python bench/table.py writes it)
"""
from __future__ import annotations

import argparse
from dataclasses import replace
from types import MappingProxyType
import random
import time
from typing import Callable

import numpy as np
from scipy.sparse import csr_array
from scipy.sparse.csgraph import breadth_first_order, dijkstra

from hexforge.games.loader import load_game
from hexforge.maps import los
from hexforge.maps.convention import Convention
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.hexmap import HexMap
from hexforge.maps.terrain import Terrain
from hexforge.maps.trace import CLOSED, OPEN, reach, reach_arrays, reach_fast, within_steps
from hexforge.rules.httr.sources import Source
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.ptr.supply import PtrPaths, forget, supply
from hexforge.rules.state import GameState

Row = tuple[str, float, str, float, str]  # figure, seconds, anchor, seconds, note


def best(f: Callable[[], object], repeat: int = 7) -> float:
    out = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        out = min(out, time.perf_counter() - t)
    return out


def square_map(side: int, terrain: Terrain | None = None) -> HexMap:
    return HexMap.single(Convention.from_pattern("CCCRRR", "columns", (1, side, "right"), (1, side, "down"), "even"),
                         terrain)


def graph_rows() -> list[Row]:
    m = square_map(100)
    t = time.perf_counter()
    g = m.graph()
    first = time.perf_counter() - t
    again = best(m.graph)
    return [("`HexMap.graph()` with its CSR adjacency, 10k hexes: first call, built once per map", first,
             "later calls (cached)", again, f"{len(g)} hexes, {g.number_of_edges()} hexsides")]


def trace_rows() -> list[Row]:
    m = square_map(100)
    g, adj = m.graph(), m.adjacency()
    rnd = random.Random(1)
    hexes = sorted(m)
    enemy = set(rnd.sample(hexes, 300))
    closed = enemy | {n for h in enemy for n in h.neighbours()}
    through = lambda h: h not in closed  # noqa: E731
    sources = {h: True for h in hexes if h.q == 0 and h not in closed}  # the west edge
    n = len(adj)
    # Anchor matrix, built before the timer: the map plus a super-source n joined to the sources.
    src = np.array([adj.index[h] for h in sources])
    rows = np.concatenate([np.repeat(np.arange(n), np.diff(adj.indptr)), np.full(len(src), n)])
    cols = np.concatenate([adj.indices, src])
    order = np.lexsort((cols, rows))
    rows, cols = rows[order], cols[order]
    indptr = np.searchsorted(rows, np.arange(n + 2))
    passable = np.array([through(h) for h in hexes] + [True])

    def scipy_reach(mask: np.ndarray) -> np.ndarray:
        mat = _masked(indptr, cols, mask[rows], n + 1)
        got = np.zeros(n + 1, dtype=bool)
        got[breadth_first_order(mat, n, directed=True, return_predecessors=False)] = True
        return got[:n]

    def scipy_with_predicate() -> np.ndarray:
        return scipy_reach(np.array([through(h) for h in hexes] + [True]))

    ours = reach(g, sources, through)
    want = scipy_reach(passable)
    same = {hexes[i] for i in np.flatnonzero(want)} == {h for h, v in ours.items() if v is True}
    closed_idx = np.array(sorted(adj.index[h] for h in closed if h in adj.index))  # the enemy + ZOC hexes
    start = np.zeros(n, dtype=np.int8)
    start[src] = OPEN

    def arrays() -> np.ndarray:  # the array path: passability from the index array, two searches at most
        codes = np.full(n, OPEN, dtype=np.int8)
        codes[closed_idx] = CLOSED
        return reach_arrays(adj, start, codes).value

    near = adj.near(enemy, 1)
    fast_same = np.array_equal(arrays() == OPEN, want) and \
        reach_fast(adj, sources, through, near).by_hex() == {h: ours.get(h, False) for h in adj.hexes}
    t_ours = best(lambda: reach(g, sources, through))
    t_arr = best(arrays, 21)
    t_fast = best(lambda: reach_fast(adj, sources, through, near), 11)
    t_sp = best(lambda: scipy_reach(passable), 21)
    t_sp_pred = best(scipy_with_predicate)
    centre = m.hex("050050")
    c = adj.index[centre]
    leaves = passable[:n].copy()
    leaves[c] = True  # the start always lets the path leave it
    cmd = _masked(adj.indptr, adj.indices, leaves.repeat(np.diff(adj.indptr)), n)
    t_cr = best(lambda: within_steps(g, centre, 10, through), 21)
    t_cr_sp = best(lambda: dijkstra(cmd, indices=c, limit=10, unweighted=True), 21)
    cr_same = {hexes[i] for i in np.flatnonzero(np.isfinite(dijkstra(cmd, indices=c, limit=10, unweighted=True)))} \
        == set(within_steps(g, centre, 10, through))
    anchor = "scipy BFS, prebuilt CSR, given the passable mask"
    ptr_s, ptr_same = ptr_supply(sorted(enemy), sources, want)
    httr_s, httr_same = httr_supply(sorted(enemy), sources, want)
    return [
        ("supply as `PtrPaths` runs it (`rules.ptr.supply.supply` on the bench map: PtR's own ZOC Chart, "
         "the 300 enemy units support-type in clear terrain, the west edge its supply source)", ptr_s, anchor, t_sp,
         f"same hexes as scipy: {ptr_same}"),
        ("supply, one side, array path: `trace.reach_arrays` (west-edge sources; 300 enemy units + ZOC "
         "as an index array of closed hexes)", t_arr, anchor, t_sp, f"same hexes as reach and scipy: {fast_same}"),
        ("supply as `HttrSupply.corps` runs it (SR 13.2.3.1 on the bench map: every hexside a primary road, "
         "the 300 enemy units German companies of range 1 in clear terrain, the west edge the corps source)",
         httr_s, anchor, t_sp, f"same hexes as scipy: {httr_same}"),
        ("  `trace.reach_fast` (the Python hex test asked only on the 2,000 hexes near units that a path could "
         "reach; what the HTTR corps search ran before its passability arrays)", t_fast, anchor, t_sp, ""),
        ("  the reference `trace.reach` (the Python test on every hex reached)", t_ours, anchor, t_sp,
         f"same hexes: {same}"),
        ("  the same reference", t_ours, "scipy BFS + the same Python predicate evaluated on every hex", t_sp_pred, ""),
        ("command range 10 from the centre: `trace.within_steps`", t_cr,
         "scipy dijkstra `limit=10`, prebuilt CSR", t_cr_sp, f"same hexes: {cr_same}"),
    ]


def ptr_supply(enemy: list[Hex], sources: dict[Hex, bool], want: np.ndarray) -> tuple[float, bool]:
    """The product's PtR supply search (a new ``PtrPaths`` per call, as the referee makes one per
    position) on the bench map, whose terrain is all clear, with its west edge the US source and
    300 German tanks (support-type: the ZOC Chart's clear cell is yes) at the enemy hexes."""
    ptr = load_game("piercing-the-reich")
    hexes = sorted(square_map(100))
    west = frozenset(h for h in hexes if h.q == 0)
    terrain = Terrain(types=dict(ptr.map.terrain.types), hexes={h: frozenset({"clear"}) for h in hexes},
                      edges={"west": west})
    tank = next(u for u in ptr.units.values() if u.side == "german" and u.type == "tank")
    units = {f"tank{i}": replace(tank, id=f"tank{i}") for i in range(len(enemy))}
    hq = next(u for u in ptr.units.values() if u.side == "us" and u.type == "headquarters")
    units[hq.id] = hq
    special = {**(ptr.info.special or {}), "supply_edges": {"value": [{"side": "us", "edge": "west"}]}}
    game = replace(ptr, map=square_map(100, terrain), units=units, info=ptr.info.model_copy(update={"special": special}))
    pos = {**{f"tank{i}": h for i, h in enumerate(enemy)}, hq.id: hexes[len(hexes) // 2]}
    state = GameState(MappingProxyType(pos), MappingProxyType({u: x.side for u, x in units.items()}), turn=1)
    got = supply(PtrPaths(game, state), "us")
    adj = game.map.adjacency()
    same = all((got.hexes[h] is True) == bool(want[i]) for i, h in enumerate(adj.hexes) if h not in west) \
        and all(got.hexes[h] is True for h in sources) and not got.needs
    return best(lambda: (forget(), supply(PtrPaths(game, state), "us")), 21), same  # the search, not its memo


def httr_supply(enemy: list[Hex], sources: dict[Hex, bool], want: np.ndarray) -> tuple[float, bool]:
    """The product's HTTR corps HQ search (a new ``HttrSupply`` per call, as the referee makes one per
    position) on the bench map with every hexside a primary road and all terrain clear, the west edge
    the Allied corps source, 300 German companies at the enemy hexes. Their counters' effectiveness
    and range are not transcribed, so the bench gives them 5 and 1 (a ZOC into the six hexes around:
    the anchor's mask)."""
    httr = load_game("highway-to-the-reich")
    hexes = sorted(square_map(100))
    adj = square_map(100).adjacency()
    roads = {Hexside(adj.hexes[i], adj.hexes[j]): frozenset({"primary_road"})
             for i, row in enumerate(adj.rows) for j in row if j > i}
    terrain = Terrain(types=dict(httr.map.terrain.types), hexes={h: frozenset({"clear"}) for h in hexes},
                      thoroughfares=roads)
    company = next(u for u in httr.units.values() if u.side == "german" and u.type.lower() not in ("hq", "leader"))
    units = {f"ge{i}": replace(company, id=f"ge{i}", values={**company.values, "effectiveness": 5, "range": 1})
             for i in range(len(enemy))}
    hq = next(u for u in httr.units.values() if u.size.lower() == "corps" and u.side != "german")
    units[hq.id] = hq
    game = replace(httr, map=square_map(100, terrain), units=units)
    centre = hexes[len(hexes) // 2]
    pos = {**{f"ge{i}": h for i, h in enumerate(enemy)}, hq.id: centre}
    state = GameState(MappingProxyType(pos), MappingProxyType({u: x.side for u, x in units.items()}), turn=1)
    src = [Source("west edge", hq.side, frozenset(h for h in hexes if h.q == 0), "corps", "bench")]
    s = HttrSupply(game, state, src)
    start = np.full(len(adj), CLOSED, dtype=np.int8)
    start[[adj.index[h] for h in sources]] = OPEN
    got = s._road_search(hq.side, start, np.full(len(adj.indices), OPEN, dtype=np.int8), None)
    same = np.array_equal(got.value == OPEN, want) and s.corps(hq.id).supplied is bool(want[adj.index[centre]]) \
        and not s.needs and not s.unsurveyed
    return best(lambda: HttrSupply(game, state, src).corps(hq.id), 21), same


def _masked(indptr: np.ndarray, cols: np.ndarray, keep: np.ndarray, size: int) -> csr_array:
    """The prebuilt matrix with the edges out of closed hexes dropped (one vectorised pass)."""
    counts = np.add.reduceat(keep.astype(np.int64), indptr[:-1]) * (np.diff(indptr) > 0)
    ptr = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(counts, out=ptr[1:])
    return csr_array((np.ones(int(ptr[-1]), dtype=np.int8), cols[keep], ptr), shape=(size, size))


def los_rows() -> list[Row]:
    hexmap = load_game("highway-to-the-reich").map
    hexes = sorted(hexmap)
    rnd = random.Random(1)
    blocking = {h for h in hexes if rnd.random() < 0.2}
    blocks = lambda h: h in blocking  # noqa: E731
    for cache in (los.touched_offsets, los.clauses_offsets, los._plan, los._flat_plan, los._offset_table):
        cache.cache_clear()
    t = time.perf_counter()
    field = los.LosField({h: blocks(h) for h in hexes}, 12)
    field.sight_lines(hexes[0], hexes[:5])[hexes[4]]
    los.sight_from(hexes[0], hexes[:5], blocks)
    setup = time.perf_counter() - t
    exact = BoardGrid(HexGrid(dx=48, dy=32), GridNumbering(), 10 ** 5, 10 ** 5)
    naive = los.NaiveSight(exact, blocking)
    observers = [hexes[i] for i in rnd.sample(range(len(hexes)), 10)]
    t = dict.fromkeys(("naive", "lines", "read", "from", "pair", "codes"), 0.0)
    mismatches = 0
    for o in observers:
        targets = [h for h in hexes if 0 < h.distance(o) <= 12]
        t["naive"] += best(lambda: [naive.blocked(o, h) for h in targets], 1)
        t["lines"] += best(lambda: field.sight_lines(o, targets).codes, 5)
        t["read"] += best(lambda: dict(field.sight_lines(o, targets)), 5)
        t["from"] += best(lambda: los.sight_from(o, targets, blocks), 5)
        t["pair"] += best(lambda: [los.sight(o, h, blocks) for h in targets], 3)
        t["codes"] += best(lambda: field.sight_codes(o), 5)
        got = field.sight_lines(o, targets)
        mismatches += sum((s == 1) != naive.blocked(o, h) for h, s in zip(got, got.codes.tolist()))
        mismatches += dict(got) != dict(los.sight_from(o, targets, blocks))
    k = len(observers)
    anchor = "naive shapely sight line per target"
    return [
        ("LOS one observer, radius 12, array path: `LosField.sight_lines` (a state per target; the blocking "
         "hexes looked up when read)", t["lines"] / k, anchor, t["naive"] / k,
         f"mismatches vs naive and vs sight_from: {mismatches}"),
        ("  the same, every target's `Sight` read with its blocking hexes", t["read"] / k, anchor, t["naive"] / k, ""),
        ("  `los.sight_from` with a Python predicate (what the observation overlay calls today)", t["from"] / k,
         anchor, t["naive"] / k, ""),
        ("  per-pair `los.sight()` (one line at a time)", t["pair"] / k, anchor, t["naive"] / k, ""),
        ("  `LosField.sight_codes` (state codes only, every offset)", t["codes"] / k, anchor, t["naive"] / k, ""),
        ("LOS one-off set-up (geometry of 468 offsets, field of 7,224 hexes)", setup,
         "goal: 0.3 s", 0.3, ""),
    ]


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3g} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print its section of bench/README.md (bench/table.py)")
    args = parser.parse_args()
    rows = graph_rows() + trace_rows() + los_rows()
    if not args.markdown:
        for fig, t, anchor, ta, note in rows:
            print(f"{fig}: {ms(t)} | {anchor}: {ms(ta)} | ratio {t / ta:.3g}x {note}")
        return
    print("## Supply, command range and line of sight\n")
    print(__doc__.split("\n\n")[1].replace("\n", " ") + "\n")
    print("| figure | time | anchor | time | ratio | note |\n|---|---|---|---|---|---|")
    for fig, t, anchor, ta, note in rows:
        print(f"| {fig} | {ms(t)} | {anchor} | {ms(ta)} | {t / ta:.3g}x | {note} |")


if __name__ == "__main__":
    main()
