"""The supply searches on the array path (maps.trace.reach_arrays) give what the reference search
(maps.trace.reach with the rules' own per-hex and per-hexside tests) gives, and record the same
missing data, on random positions of the real Piercing the Reich map (mostly unsurveyed, so EZOCs
are unknown) and of the synthetic HTTR game (roads, rivers, an unknown TEC row, ferries)."""
from __future__ import annotations

import copy
import random
from dataclasses import replace
from types import MappingProxyType, SimpleNamespace

import numpy as np
import pytest

from hexforge.games.loader import load_game
from hexforge.maps.graph import adjacency_of
from hexforge.maps.trace import CLOSED, OPEN, UNSURE, reach
from hexforge.rules.httr.sources import sources as httr_sources
from hexforge.rules.httr.supply import CORPS_ROADS, HttrSupply
from hexforge.rules.ptr.supply import PtrPaths, ditch_codes, source_edges, sources, supply
from hexforge.rules.state import GameState
from hexforge.rules.verdict import tri_and, tri_or
from tests.overlays.conftest import DATA


def random_state(game, rnd: random.Random, count: int) -> GameState:
    hexes = sorted(game.map)
    units = rnd.sample(sorted(game.units), min(count, len(game.units)))
    pos = {u: rnd.choice(hexes) for u in units}
    return GameState(MappingProxyType(pos), MappingProxyType({u: x.side for u, x in game.units.items()}), turn=1)


def reference_ptr_hexes(paths: PtrPaths, side: str) -> dict:
    """PtR 17 supply per hex as the product computed it on the reference search."""
    turn = paths.state.turn or 1
    src = sources(paths, side, turn)
    g = paths.game.map.graph()
    starts = {h: tri_and(v, paths.enterable(h, side)) for h, v in src.items()}
    reached = reach(g, starts, through=lambda h: paths.through(h, side), cross=paths.crossable_for_supply)
    hexes = {h: reached.get(h, False) for h in g.nodes}
    for h in starts:
        hexes[h] = tri_or(hexes[h], src[h])
    if any(paths.game.map.terrain.edges.get(e, ()) is None for e, t in source_edges(paths.game, side) if turn >= t):
        hexes = {h: (True if v is True else None) for h, v in hexes.items()}
    return hexes


@pytest.fixture(scope="module")
def ptr():
    return load_game("piercing-the-reich")


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("side", ["us", "german"])
def test_ptr_supply_equals_the_reference_search(ptr, seed, side):
    state = random_state(ptr, random.Random(seed), 10 + 15 * seed)
    want_paths, got_paths = PtrPaths(ptr, state), PtrPaths(ptr, state)
    want = reference_ptr_hexes(want_paths, side)
    got = supply(got_paths, side)
    assert list(got.hexes.items()) == list(want.items())
    assert got_paths.needs == want_paths.needs
    assert set(want.values()) >= {True, None}  # not vacuous: unknown EZOCs on the unsurveyed map


def surveyed_variant(game, rnd: random.Random, support: bool = True):
    """The PtR game with most hexes surveyed at random: ZOC Chart rows (yes, no and unknown
    cells), a terrain type the chart lacks, pairs of types in one hex; a third left unsurveyed.
    Without ``support`` the game does not say which unit types are support-type."""
    terrain = copy.deepcopy(game.map.terrain)
    rows = [r.key for r in game.tables["zoc"].rows] + ["marsh"]
    for h in sorted(game.map):
        if rnd.random() < 0.66:
            terrain.hexes[h] = frozenset(rnd.sample(rows, rnd.choice((1, 1, 1, 2))))
        else:
            terrain.hexes.pop(h, None)
    special = dict(game.info.special or {})
    if not support:
        special.pop("support_type_unit_types", None)
    return replace(game, map=replace(game.map, terrain=terrain), info=game.info.model_copy(update={"special": special}))


def ptr_cases(ptr, seed: int):
    """A random game variant, position, disrupted units and reading (seeded)."""
    rnd = random.Random(seed)
    game = surveyed_variant(ptr, rnd, support=seed % 4 != 3) if seed % 3 else ptr
    state = random_state(game, rnd, 20 + 12 * seed)
    disrupted = set(rnd.sample(sorted(state.positions), len(state.positions) // 4))
    return game, state, disrupted, ("17.3", "13.5")[seed % 2]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("side", ["us", "german"])
def test_ptr_path_codes_are_the_hex_tests(ptr, seed, side):
    """PtrPaths.path_codes gives through() and enterable() on every hex, and records what they
    record for a hex when told that hex was asked (ZOC Chart cells, unsurveyed hexes, unit types)."""
    game, state, disrupted, reading = ptr_cases(ptr, seed)
    codes = PtrPaths(game, state, disrupted, reading).path_codes(side)
    adj = game.map.adjacency()
    code = lambda v: {True: 1, False: 0, None: -1}[v]  # noqa: E731
    seen = set()
    for i, h in enumerate(adj.hexes):
        want = PtrPaths(game, state, disrupted, reading)
        assert (codes.through[i], codes.enterable[i]) == (code(want.through(h, side)), code(want.enterable(h, side)))
        if i % 7 == 0:
            got = PtrPaths(game, state, disrupted, reading)
            one = np.zeros(len(adj), dtype=bool)
            one[i] = True
            replace(codes, paths=got).note(one)
            assert got.needs == want.needs, game.map.label(h)
            seen |= got.needs
    assert set(codes.through.tolist()) >= {0, 1}
    assert seen or seed % 3 == 0 or not state.positions


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("side", ["us", "german"])
def test_ptr_supply_equals_the_reference_on_surveyed_variants(ptr, seed, side):
    """Both EZOC readings, disrupted units, surveyed terrain, support types known or not."""
    game, state, disrupted, reading = ptr_cases(ptr, seed)
    want_paths, got_paths = (PtrPaths(game, state, disrupted, reading) for _ in range(2))
    want = reference_ptr_hexes(want_paths, side)
    got = supply(got_paths, side)
    assert list(got.hexes.items()) == list(want.items())
    assert got.hexes == want and got_paths.needs == want_paths.needs
    assert got.hqs == {u: want.get(h, False) for u, h in sorted(state.positions.items())
                       if state.side(u) == side and game.units[u].type == "headquarters"}


def test_ptr_supply_sees_an_anti_tank_ditch_on_the_array_path(ptr):
    """PtR 17.3B: the array the search gets holds the per-hexside test's answer on every hexside: closed across a
    ditch, unknown where the data may hide one (most of the bundled map is unsurveyed), open elsewhere."""
    paths = PtrPaths(ptr, random_state(ptr, random.Random(0), 0))
    adj = adjacency_of(ptr.map.graph())
    codes = ditch_codes(ptr)
    want = {True: OPEN, False: CLOSED, None: UNSURE}
    for k, (i, j) in enumerate(zip(adj.edge_rows.tolist(), adj.indices.tolist())):
        assert codes[k] == want[paths.crossable_for_supply(adj.hexes[i], adj.hexes[j])]
    assert (codes == UNSURE).any() and (codes == OPEN).any()


# -- HTTR corps HQs (SR 13.2.3.1, ScR 5.1.8.2) ------------------------------------------------

def reference_road_search(self, side, start, cross, steps):
    """The corps HQ's search as it was before the array path: the reference ``reach`` asking
    ``passable`` of every hex it meets (recording straight into the rules object), the start and
    hexside arrays read hex by hex and edge by edge."""
    g = self.game.map.graph()
    adj = adjacency_of(g)
    tri = {1: True, 0: False, -1: None}
    pos = {(adj.hexes[i], adj.hexes[j]): int(c) for i, j, c in
           zip(adj.edge_rows.tolist(), adj.indices.tolist(), cross.tolist())}
    got = reach(g, {h: tri[c] for h, c in zip(adj.hexes, start.tolist())}, lambda h: self.passable(h, side),
                lambda a, b: tri[pos[(a, b)]], steps)
    return SimpleNamespace(get=got.get)


@pytest.fixture(scope="module")
def httr():
    return load_game(DATA / "overlay-httr")


def corps_hqs(game, state: GameState) -> list[str]:
    return [u for u in sorted(state.positions) if game.units[u].type.lower() in ("hq", "headquarters")
            and game.units[u].size.lower() == "corps"]


@pytest.mark.parametrize("seed", range(16))
def test_httr_corps_road_path_equals_the_reference_search(httr, seed, monkeypatch):
    rnd = random.Random(seed)
    state = random_state(httr, rnd, 5 + seed)
    road = [httr.map.hex(f"12{r:02d}") for r in range(1, 10)]  # the primary road, and units near it
    near = sorted({m for h in road for m in h.neighbours() + [h] if m in httr.map})
    pos = {u: rnd.choice(road if u == "US-CORPS" else near) if rnd.random() < 0.7 else h
           for u, h in {**state.positions, "US-CORPS": road[0], "GE-HQ": road[0]}.items()}  # effectiveness unknown
    state = replace(state, positions=MappingProxyType(pos), occupants=None)  # occupants: derived from positions
    ferries = [frozenset({h, rnd.choice(h.neighbours())}) for h in rnd.sample(sorted(httr.map), 4)]
    kw = dict(ferries=ferries, unsure=set(rnd.sample(sorted(state.positions), 2)))
    for uid in corps_hqs(httr, state):
        side = state.side(uid)
        got_s = HttrSupply(httr, state, httr_sources(httr, side), **kw)
        got = got_s.corps(uid)
        with monkeypatch.context() as m:
            m.setattr(HttrSupply, "_road_search", reference_road_search)
            want_s = HttrSupply(httr, state, httr_sources(httr, side), **kw)
            want = want_s.corps(uid)
        assert (got, got_s.needs, got_s.unsurveyed) == (want, want_s.needs, want_s.unsurveyed)


def test_httr_corps_hexside_arrays_are_the_road_and_ferry_tests(httr):
    """The arrays the corps search gets: open exactly where SR 13.2.3.1's primary/secondary road
    runs, or (ScR 5.1.8.2) an engineer ferry joins two road hexes (here the island 0810, given
    a road of its own, to 0809 across the river)."""
    terrain = copy.deepcopy(httr.map.terrain)
    L = httr.map.hex
    terrain.add_thoroughfare([L("0809"), L("0808")], "primary_road")
    terrain.add_thoroughfare([L("0810"), L("0710")], "secondary_road")
    game = replace(httr, map=replace(httr.map, terrain=terrain))
    adj = adjacency_of(game.map.graph())
    state = GameState(MappingProxyType({"US-CORPS": L("1105")}), MappingProxyType({"US-CORPS": "us"}), turn=1)
    s = HttrSupply(game, state, httr_sources(game, "us"), ferries=[frozenset({L("0810"), L("0809")})])
    road = lambda a, b: bool(terrain.connections(a, b) & CORPS_ROADS)  # noqa: E731
    on_road = lambda h: any(terrain.connections(h, n) & CORPS_ROADS for n in h.neighbours())  # noqa: E731
    ferry = lambda a, b: road(a, b) or (s.ferried(a, b, "us") and on_road(a) and on_road(b))  # noqa: E731
    calls = []
    real = HttrSupply._road_search

    def spy(self, side, starts, cross, steps):
        calls.append(cross)
        return real(self, side, starts, cross, steps)
    HttrSupply._road_search = spy
    try:
        assert s.corps("US-CORPS").supplied is False  # 1105 is on a trail only
    finally:
        HttrSupply._road_search = real
    edges = list(zip(adj.edge_rows.tolist(), adj.indices.tolist()))
    assert len(calls) == 2  # off the road: the ferry search runs too
    for codes, test in zip(calls, (road, ferry)):
        assert codes.tolist() == [1 if test(adj.hexes[i], adj.hexes[j]) else 0 for i, j in edges]
    assert sum(calls[1].tolist()) == sum(calls[0].tolist()) + 2  # the ferry, both ways


# -- HTTR passability as arrays (SR 8.0, 8.4.1, 8.6, 13.2.2.3, ScR 5.1.3.5) --------------------

HTTR_KINDS = ["clear", "woods", "forest", "town", "city", "rough", "hilltop", "mystery"]


def httr_case(httr, seed: int):
    """A random HTTR variant (hexes re-surveyed at random, some left unsurveyed, on even seeds; a
    range unknown on some),
    a crowded position, units in Travel Mode / disrupted / depleted / of unsure mode, some
    eliminated; the US side has the airborne supply head 0410 (ScR 5.1.3.1)."""
    rnd = random.Random(seed)
    game = httr
    if seed % 2 == 0:
        terrain = copy.deepcopy(httr.map.terrain)
        for h in sorted(httr.map):
            if rnd.random() < 0.8:
                terrain.hexes[h] = frozenset(rnd.sample(HTTR_KINDS, rnd.choice((1, 1, 2))))
            else:
                terrain.hexes.pop(h, None)
        game = replace(httr, map=replace(httr.map, terrain=terrain))
    if seed % 3 == 1:  # a unit with an effectiveness rating but no printed range known
        inf = game.units["GE-INF3"]
        game = replace(game, units={**game.units, "GE-INF3": replace(inf, values={**inf.values, "range": "unknown"})})
    hexes = sorted(game.map)
    centre = rnd.choice(hexes)
    close = [h for h in hexes if h.distance(centre) <= 4]
    pos = {u: rnd.choice(close if rnd.random() < 0.7 else hexes) for u in sorted(game.units)}
    if rnd.random() < 0.5:
        pos["GE-HW"] = rnd.choice([h for h in hexes if h.distance(game.map.hex("0410")) == 2])
    far = rnd.choice([h for h in hexes if h.distance(pos["GE-HW"]) == 2])
    pos["GE-INF"] = rnd.choice([h for h in far.neighbours() if h in game.map])  # GE-HW's ZOC there is moot
    units = sorted(pos)
    pick = lambda k: set(rnd.sample(units, k))  # noqa: E731
    state = GameState(MappingProxyType(pos), MappingProxyType({u: x.side for u, x in game.units.items()}),
                      eliminated=frozenset(pick(2)), turn=1)
    kw = dict(travel=pick(2), disrupted=pick(2), depleted=pick(1), unsure=pick(4) | ({"GE-HW"} if seed % 3 else set()))
    return game, state, kw


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("side", ["us", "german"])
def test_httr_passable_codes_are_the_hex_test(httr, seed, side):
    """HttrSupply.passable_codes gives passable() on every hex, and records what passable()
    records for a hex (needs, unsurveyed hexes) when told that hex was asked."""
    game, state, kw = httr_case(httr, seed)
    src = httr_sources(game, side)
    codes = HttrSupply(game, state, src, **kw).passable_codes(side)
    code = lambda v: {True: 1, False: 0, None: -1}[v]  # noqa: E731
    for i, h in enumerate(codes.adj.hexes):
        want = HttrSupply(game, state, src, **kw)
        assert codes.code[i] == code(want.passable(h, side)), game.map.label(h)
        got = HttrSupply(game, state, src, **kw)
        one = np.zeros(len(codes.adj), dtype=bool)
        one[i] = True
        replace(codes, supply=got).note(one)
        assert (got.needs, got.unsurveyed) == (want.needs, want.unsurveyed), game.map.label(h)
    assert set(codes.code.tolist()) >= {0, 1}


def test_httr_passable_codes_cover_what_they_must(httr):
    """Across the random cases the arrays meet every answer kind the rules give: unknown hexes,
    unsurveyed hexes, supply head hexes, two-hex ZOCs decided by observation, each missing datum."""
    needs, unknown, heads, unsurveyed, seen = set(), 0, 0, 0, 0
    for seed in range(12):
        game, state, kw = httr_case(httr, seed)
        s = HttrSupply(game, state, httr_sources(game, "us"), **kw)
        codes = s.passable_codes("us")
        codes.note(np.ones(len(codes.adj), dtype=bool))
        seen += int((codes.pairs.far & (codes.pairs.value == 1)).sum())  # a two-hex ZOC: observed
        needs |= {n.split(" (")[0].split(" ")[0] + " " + n.split(" (")[0].split(" ")[-1] for n in s.needs}
        unknown += int((codes.code == -1).sum())
        heads += len(codes.heads)
        unsurveyed += len(s.unsurveyed)
    assert unknown and heads and unsurveyed and seen
    assert needs >= {"effectiveness GE-HQ", "range GE-INF3", "whether disrupted", "whether 0410"}, needs


@pytest.mark.parametrize("seed", range(12))
def test_httr_corps_equals_the_reference_on_random_variants(httr, seed, monkeypatch):
    """corps() with a position of every unit, on re-surveyed maps, against the reference search."""
    game, state, kw = httr_case(httr, seed)
    rnd = random.Random(seed)
    road = [game.map.hex(f"12{r:02d}") for r in range(1, 10)]
    pos = {**state.positions, "US-CORPS": rnd.choice(road), "GE-CORPS": rnd.choice(road)}
    state = replace(state, positions=MappingProxyType(pos), occupants=None)
    kw["ferries"] = [frozenset({h, rnd.choice(h.neighbours())}) for h in rnd.sample(sorted(game.map), 4)]
    for uid in corps_hqs(game, state):
        side = state.side(uid)
        got_s = HttrSupply(game, state, httr_sources(game, side), **kw)
        got = got_s.corps(uid)
        with monkeypatch.context() as m:
            m.setattr(HttrSupply, "_road_search", reference_road_search)
            want_s = HttrSupply(game, state, httr_sources(game, side), **kw)
            want = want_s.corps(uid)
        assert (got, got_s.needs, got_s.unsurveyed) == (want, want_s.needs, want_s.unsurveyed)
