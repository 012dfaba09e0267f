"""Highway to the Reich supply chain (HTTR SR 13.2, SR 8.3-8.6, ScR 5.1).

unit -> controlling HQ: up to 12 hexes, the unit's hex not counted, the HQ's counted (13.2.6.1,
13.2.2.8), or a vehicular unit's road path under 12 MP (13.2.6.3); regiment/brigade/KG or
independent HQ -> division HQ: up to 12 MP (13.2.5.1-2); division HQ -> corps HQ: up to 18 MP
(13.2.4.1), both traced as a vehicle in Travel Mode (13.2.2.7); corps HQ -> its source: any
length, only along primary and secondary roads (13.2.3.1). A length is halved when the HQ traced
*to* is in Travel Mode or disrupted (13.2.2.6). No path enters a hex with an enemy unit (a lone
enemy leader excepted, 19.2.2) or an un-negated EZOC (13.2.2.3, 8.3; a two-hex ZOC stops at a dike,
8.4.2), nor terrain prohibited to the tracer (13.2.2.4). A broken link cuts everything below it
(13.2.2.2, 13.2.6.4); an HQ may skip a broken level and trace to a higher HQ of its chain (13.2.7.2,
13.4.5); a non-airborne unit on or next to an on-map source of its side is supplied (13.2.6.5, ScR 5.1.8.1).

Every answer is three-valued; an unknown answer names the missing TEC cells and the number of
unsurveyed hexes. Readings where the rules are silent:

- MP are the TEC ``move_travel`` column; along a road the cheapest road type of the hexside
  (9.4.1.1, terrain ignored); a hexside feature adds its cost, a prohibited one is crossed only
  where a bridge is (ScR 9.1); no +3 MP for leaving an EZOC and no night doubling (13.2 does not
  say a trace pays them);
- 13.2.6.3 prices the vehicular unit's road path at the Travel Mode road rate;
- a scenario source stands in for an HQ (ScR 17 L1571: "trace to hex 2411 ... The HQ and the
  supply sources are assumed to be along the road"), or for the corps HQ of an airborne
  division (its supply head, ScR 5.1.3.1), so the division traces to it as to a corps (18 MP);
- ZOC (8.0, 8.4.1, 8.6): adjacent hexes except forest/city; two hexes out for a printed range of
  two or more into observed hexes that are not woods/town/forest/city (observation is
  :mod:`rules.httr.los`); on an Allied supply head hex a German ZOC is also countered by an Allied
  ZOC (ScR 5.1.3.5);
- twin division HQs (SR 13.2.4.2, SR 18.7.3: "up to 12MP") are given by the caller (``twins``):
  the data names no forward/main pair; their path to each other is traced like any HQ path;
- ScR 5.1.8.1 limits the on/next-to-a-source exception to non-airborne units and their own
  source (not an airborne supply head); a unit is airborne when its units.csv formation chain
  reaches a division with a supply head;
- ScR 5.1.3.8 / 5.1.5.3: for a non-airborne unit under an airborne division HQ, that HQ traces
  to a corps HQ of its side (18 MP, 13.2.4.1), never to its supply head;
- ScR 5.1.8.2: an Allied path may cross a river/canal hexside where an engineer ferry is
  (``ferries``) at half the length (a corps HQ's road path at most 50 hexes); halvings compound;
  the ferry's +6 MP for movement (ScR 9.1) is not charged (13.2 does not say a trace pays it);
- ScR 5.1.1.2: German sources in an off-map area's map-edge hexes stop from the game turn the
  area is listed as captured (ScR 10.3 Table 3); where an area's hexes or the turn are not known
  the German edge sources are unknown, naming what is missing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Collection

import numpy as np

from hexforge.games.game import Game
from hexforge.maps.graph import coordinates_of
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.maps.trace import (CLOSED, OPEN, UNSURE, Cost, Reached, Tri, least_cost, reach_arrays,
                                 within_steps)
from hexforge.rules.httr.los import Observation
from hexforge.rules.httr.sources import Source, number
from hexforge.rules.httr.supply_codes import (ADJACENT_ZOC_ONLY, CORPS_ROADS, NO_ZOC_INTO, PENDING, Passability,
                                             _Pairs, _road_codes, unit_facts)
from hexforge.rules.core.tables import Cells
from hexforge.rules.core.zoc import zoc_in
from hexforge.rules.state import GameState
from hexforge.rules.verdict import tri_and, tri_not, tri_or

ROADS = CORPS_ROADS | {"trail", "raised_road", "raised_trail"}  # 9.4.1.1, 9.4.2.1
HQ_LEVELS = {"corps": "corps", "division": "division", "regiment": "regiment", "brigade": "regiment",
             "kg": "regiment", "independent": "regiment"}
LIMITS = {"division": (18.0, "SR 13.2.4.1 (L715): division HQ -> corps HQ, up to 18 MP"),
          "regiment": (12.0, "SR 13.2.5.1-2 (L719-L720): regiment/brigade/KG HQ -> division HQ, up to 12 MP")}
UNIT_HEXES = 12  # 13.2.6.1 (L722)
TWIN_MP = 12.0  # SR 18.7.3 (L944): twin division HQs "have a supply path to each other (up to 12MP)"
FERRIED = frozenset({"river", "canal"})  # ScR 5.1.8.2 (L1130): "across a river or canal by engineers"
FERRY_CORPS_HEXES = 50  # ScR 5.1.8.2 (L1130): "An unlimited length from a Corps HQ is reduced to 50 hexes"


@dataclass(frozen=True)
class Status:
    """One link's answer: supplied (True/False/None), the rule or reason, the HQ traced to."""

    supplied: Tri
    reason: str
    via: str | None = None


@dataclass
class HttrSupply:
    """The supply chain of one position. ``travel``/``disrupted``/``depleted``: unit ids in that
    state; ``unsure``: units whose Travel Mode / disrupted state is not known; ``parents``:
    controlling HQ by unit id (default: the unit's ``formation``); ``twins``: forward/main HQ
    pairs of a division (SR 13.2.4.2); ``ferries``: hexsides an Allied engineer ferries
    (ScR 5.1.8.2)."""

    game: Game
    state: GameState
    sources: list[Source]
    travel: Collection[str] = ()
    disrupted: Collection[str] = ()
    depleted: Collection[str] = ()
    parents: dict[str, str] = field(default_factory=dict)
    unsure: Collection[str] = ()
    twins: Collection[tuple[str, str]] = ()
    ferries: Collection[frozenset[Hex]] = ()
    needs: set[str] = field(default_factory=set)
    unsurveyed: set[Hex] = field(default_factory=set)

    def __post_init__(self) -> None:
        self._memo: dict[tuple[str, str], Status] = {}
        self._g = self.game.map.graph()
        self._codes: dict[str, Passability] = {}

    @cached_property
    def _tec(self) -> Cells:
        return Cells.of(self.game, "tec")

    @cached_property
    def _observation(self) -> Observation:
        """7.0 observation on this map (one for every pair: its caches depend on the map only)."""
        return Observation(self.game)

    # -- data ----------------------------------------------------------------------------------

    def tec(self, kind: str, column: str) -> float | str | Unknown:
        """A TEC cell: MP, ``"prohibited"``, or :class:`Unknown` naming the cell."""
        cell = self._tec.get(kind, column)
        if cell == "prohibited" or number(cell) is not None:
            return "prohibited" if cell == "prohibited" else float(cell)
        need = f"TEC {kind!r} {column}"
        self.needs.add(need)
        return Unknown(need)

    def kinds(self, h: Hex) -> frozenset[str] | None:
        kinds = self.game.map.terrain.of(h)
        if kinds is None:
            self.unsurveyed.add(h)
        return kinds

    def level(self, uid: str) -> str:
        u = self.game.units.get(uid)
        if u is None or u.type.lower() not in ("hq", "headquarters"):
            return "unit"
        return HQ_LEVELS.get(u.size.lower(), "regiment")

    def parent(self, uid: str) -> str | None:
        if uid in self.parents:
            return self.parents[uid]
        u = self.game.units.get(uid)
        return u.formation if u is not None and u.formation else None

    def where(self, hq: str) -> frozenset[Hex] | None:
        """The hexes of an HQ: a unit on the map, or a source standing in for it."""
        at = self.state.where(hq)
        if at is not None:
            return frozenset({at})
        hexes = [s.hexes for s in self.sources if s.feeds == hq]
        if any(h is None for h in hexes):
            return None
        return frozenset().union(*hexes) if hexes else frozenset()

    # -- blocking (13.2.2.3, 8.3-8.6, 19.2.2) ---------------------------------------------------

    def enemies_at(self, h: Hex, side: str) -> list[str]:
        return [u for u in self.state.at(h) if self.state.side(u) != side and u not in self.state.eliminated]

    def exerts_zoc(self, uid: str, h: Hex) -> Tri:
        """Does ``uid`` exert a ZOC into ``h``? (SR 8.0, 8.4.1, 8.6)"""
        got = self._exerts(uid, h)
        if got is True and uid in self.unsure:
            self.needs.add(f"whether {uid} is in Travel Mode or disrupted (8.6.2)")
            return None
        return got

    def _exerts(self, uid: str, h: Hex) -> Tri:
        at = self.state.where(uid)
        d = at.distance(h) if at is not None else 0
        if d not in (1, 2) or uid in self.travel or uid in self.disrupted or uid in self.depleted:
            return False  # 8.6.2
        u = self.game.units[uid]
        er = u.values.get("effectiveness")
        if er in (None, "", "-", "none"):
            return False  # 8.6.1: no effectiveness rating
        if number(er) is None:
            self.needs.add(f"effectiveness of unit {uid} (units.csv; 8.6.1)")
            return None
        kinds = self.kinds(h)
        if kinds is None:
            return None
        if kinds & NO_ZOC_INTO:
            return False
        if d == 1:
            return True
        rng = 1.0 if u.values.get("range") in (None, "") else number(u.values.get("range"))  # none printed: 1 (6.1.8)
        if rng is None:
            self.needs.add(f"range of unit {uid} (units.csv; 8.0)")
            return None
        if rng < 2 or kinds & ADJACENT_ZOC_ONLY or self.cut_by_dikes(at, h):
            return False
        seen = self._observation.observe(at, h).visible
        if seen is None:
            self.needs.add(f"whether {uid} observes {self.game.map.label(h)} (7.0)")
        return seen

    @cached_property
    def _dike_sides(self) -> frozenset[Hexside]:
        return frozenset(side for side, feats in self.game.map.terrain.hexsides.items()
                         if any(f.kind == "dike" for f in feats))

    def cut_by_dikes(self, at: Hex, into: Hex) -> bool:
        """SR 8.4.2 (L440): a ZOC crosses a dike hexside only from a unit adjacent to it, so a two-hex ZOC from
        ``at`` reaches ``into`` only through a hex between them whose hexside into ``into`` has no dike.
        Reading: only a dike the data gives cuts; past an unsurveyed hex between them the answer is observation's
        (7.0), which asks for that hex's terrain (movement's ``Movement.past_dikes`` says unknown there)."""
        dikes = self._dike_sides
        return bool(dikes) and all(Hexside.between(m, into) in dikes for m in at.neighbours() if m.distance(into) == 1)

    def _dikes_close(self, pairs: _Pairs) -> None:
        """The array path's :meth:`cut_by_dikes`: the two-hex pairs awaiting observation that a dike cuts."""
        if not self._dike_sides:
            return
        hexes = self.game.map.adjacency().hexes
        for p in np.flatnonzero(pairs.value == PENDING).tolist():
            if self.cut_by_dikes(pairs.at[pairs.unit[p]], hexes[pairs.node[p]]):
                pairs.value[p] = CLOSED

    def ezoc(self, h: Hex, side: str) -> Tri:
        st = self.state
        return zoc_in(st, h, lambda u: st.side(u) != side and u not in st.eliminated, self.exerts_zoc, reach=2)

    def heads(self, side: str) -> frozenset[Hex]:
        """The hexes of ``side``'s airborne supply heads (ScR 5.1.3.1)."""
        return frozenset(h for s in self.sources if s.side == side and s.feeds.startswith("corps-of:")
                         for h in s.hexes or ())

    def friendly_zoc(self, h: Hex, side: str) -> Tri:
        """Does a unit of ``side`` exert a ZOC into ``h``? (SR 8.0, 8.4.1, 8.6)"""
        st = self.state
        return zoc_in(st, h, lambda u: st.side(u) == side and u not in st.eliminated and u in self.game.units,
                      self.exerts_zoc, reach=2)

    def passable(self, h: Hex, side: str) -> Tri:
        """May a path of ``side`` enter ``h``? Not with enemy units (a lone leader excepted),
        not in an EZOC unless a friendly unit is there (13.2.2.3, 8.3, 8.5, 19.2.2), or, on a
        supply head hex, a friendly ZOC counters it (ScR 5.1.3.5 L1103)."""
        if any(self.game.units[u].type.lower() != "leader" for u in self.enemies_at(h, side) if u in self.game.units):
            return False
        if any(self.state.side(u) == side for u in self.state.at(h)):
            return True
        z = self.ezoc(h, side)
        if z is not False and h in self.heads(side):
            blocked = tri_and(z, tri_not(self.friendly_zoc(h, side)))
            return None if blocked is None else not blocked
        return None if z is None else not z

    # -- every hex at once: passable() as arrays -------------------------------------------------

    def passable_codes(self, side: str) -> Passability:
        """:meth:`passable` for every map hex as int8 (``OPEN`` / ``CLOSED`` / ``UNSURE``): units as
        index arrays, each pair (unit, hex 1-2 away) answered per terrain code, observation (7.0)
        asked only where the two-hex ZOC applies and no other pair already puts the hex in an EZOC;
        supply head hexes (ScR 5.1.3.5) by :meth:`passable` itself. Nothing is recorded until
        :meth:`Passability.note` is told which hexes were asked."""
        if side not in self._codes:
            self._codes[side] = self._build_codes(side)
        return self._codes[side]

    def _build_codes(self, side: str) -> Passability:
        st, units, adj = self.state, self.game.units, self.game.map.adjacency()
        n = len(adj)
        placed = [(u, h) for u, h in st.positions.items() if h is not None]
        sides, gone = st.sides, st.eliminated
        leaders = unit_facts(units).leaders
        facts = np.array([(sides.get(u) == side, u in units and u not in gone, u in leaders) for u, _ in placed],
                         dtype=bool).reshape(-1, 3)
        mine, leader = facts[:, 0], facts[:, 2]
        enemy = ~mine & facts[:, 1]
        at = coordinates_of(h for _, h in placed)
        node = adj.nodes_of(at)
        blocked, friend = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
        blocked[node[(node >= 0) & enemy & ~leader]] = True
        friend[node[(node >= 0) & mine]] = True
        zoc = [p for p, e in zip(placed, enemy.tolist()) if e]
        pairs = _Pairs.of(self, zoc, adj, at[enemy])
        self._dikes_close(pairs)  # SR 8.4.2
        asks = ~blocked & ~friend  # the hexes whose answer reads the EZOC
        pairs.observe(self, asks & ~pairs.hexes_with(OPEN, n))
        yes, maybe = pairs.hexes_with(OPEN, n), pairs.hexes_with(UNSURE, n)
        code = np.where(blocked, CLOSED, np.where(friend | ~(yes | maybe), OPEN,
                                                  np.where(yes, CLOSED, UNSURE))).astype(np.int8)
        heads: dict[int, tuple[set[str], set[Hex]]] = {}
        for h in sorted(self.heads(side)):
            i = adj.index.get(h)
            if i is not None and asks[i]:
                code[i], heads[i] = self._noted(h, side)
                asks[i] = False
        return Passability(self, adj, code, asks, pairs, heads)

    def _noted(self, h: Hex, side: str) -> tuple[int, tuple[set[str], set[Hex]]]:
        """:meth:`passable` as a code, with what it records kept aside (not recorded)."""
        saved, self.needs, self.unsurveyed = (self.needs, self.unsurveyed), set(), set()
        try:
            v = self.passable(h, side)
            return (OPEN if v is True else CLOSED if v is False else UNSURE), (self.needs, self.unsurveyed)
        finally:
            self.needs, self.unsurveyed = saved

    # -- costs (13.2.2.4, 13.2.2.7) --------------------------------------------------------------

    def ferried(self, a: Hex, b: Hex, side: str) -> bool:
        """ScR 5.1.8.2 (L1130): an Allied path may cross a river/canal where engineers ferry it."""
        return side != "german" and frozenset({a, b}) in self.ferries

    def _hexside(self, a: Hex, b: Hex, column: str, ferry: bool = False) -> float | None | Unknown:
        """Extra MP for the hexside features between a and b (``None``: prohibited); with
        ``ferry`` a ferried river/canal is crossed at no extra cost (ScR 5.1.8.2)."""
        extra = 0.0
        feats = self.game.map.terrain.features(a, b)
        bridged = any(f.kind == "bridge" for f in feats)
        for f in sorted(feats, key=lambda f: f.kind):
            if f.kind == "bridge":
                continue
            v = self.tec(f.kind, column)
            if v == "prohibited":
                if not bridged and not (ferry and f.kind in FERRIED):
                    return None
            elif isinstance(v, Unknown):
                return v
            else:
                extra += v
        return extra

    def _enter(self, b: Hex, column: str) -> float | None | Unknown:
        kinds = self.kinds(b)
        if kinds is None:
            return Unknown(f"terrain of hex {self.game.map.label(b)} (unsurveyed)")
        worst = 0.0
        for t in sorted(kinds):  # SR 12.0: the worst case governs movement
            v = self.tec(t, column)
            if v == "prohibited":
                return None
            if isinstance(v, Unknown):
                return v
            worst = max(worst, v)
        return worst

    def travel_step(self, side: str, roads_only: bool = False, ferry: bool = False):
        """MP for a vehicle in Travel Mode to step a -> b on a supply path of ``side``."""
        def cost(a: Hex, b: Hex) -> Cost:
            ok = self.passable(b, side)
            if ok is False:
                return None
            roads = sorted(self.game.map.terrain.connections(a, b) & ROADS)
            if roads:
                got = [self.tec(k, "move_travel") for k in roads]
                known = [v for v in got if isinstance(v, float)]
                c: Cost = min(known) if known else next((v for v in got if isinstance(v, Unknown)), None)
            elif roads_only:
                return None
            else:
                c = self._enter(b, "move_travel")
                side_cost = self._hexside(a, b, "move_travel", ferry and self.ferried(a, b, side)) \
                    if c is not None else None
                c = None if c is None or side_cost is None else c if isinstance(c, Unknown) else \
                    side_cost if isinstance(side_cost, Unknown) else c + side_cost
            if ok is None and c is not None:
                return Unknown(f"EZOC in hex {self.game.map.label(b)}")
            return c
        return cost

    def unit_column(self, uid: str) -> str:
        """The TEC column of the unit's movement (its mobility and mode)."""
        if uid in self.travel:
            return "move_travel"
        mob = self.game.units[uid].mobility.lower()
        return f"move_defilade_{'vehicular' if mob in ('vehicular', 'motorized', 'afv') else 'leg'}"

    def allowed(self, uid: str, side: str, ferry: bool = False):
        """13.2.2.4: a unit's hex-count path enters no terrain prohibited to it (and no blocked
        hex); with ``ferry`` it may cross a ferried river (ScR 5.1.8.2)."""
        column = self.unit_column(uid)

        def through(h: Hex) -> Tri:
            ok = self.passable(h, side)
            if ok is False:
                return False
            e = self._enter(h, column)
            return tri_and(ok, False if e is None else None if isinstance(e, Unknown) else True)

        def cross(a: Hex, b: Hex) -> Tri:
            e = self._hexside(a, b, column, ferry and self.ferried(a, b, side))
            return False if e is None else None if isinstance(e, Unknown) else True
        return through, cross

    # -- the chain --------------------------------------------------------------------------------

    def halved(self, hq: str) -> Tri:
        """13.2.2.6 (L708): the length is halved when the HQ traced to is in Travel Mode or disrupted."""
        if hq in self.travel or hq in self.disrupted:
            return True
        if hq in self.unsure:
            self.needs.add(f"whether {hq} is in Travel Mode or disrupted (SR 13.2.2.6)")
            return None
        return False

    def corps(self, uid: str) -> Status:
        """13.2.3.1 (L713): a corps HQ traces any length along primary and secondary roads; across
        an engineer ferry at most 50 hexes (ScR 5.1.8.2 L1130)."""
        side, at = self.state.side(uid), self.state.where(uid)
        mine = [s for s in self.sources if s.side == side and s.feeds == "corps"]
        if not mine:
            return Status(False, f"SR 13.2.3.1: no supply source for {side} corps HQs")
        codes = self.passable_codes(side)
        starts = self._starts(mine, side, codes)
        road = _road_codes(self._g)
        here = {OPEN: True, CLOSED: False}.get(int(starts[codes.adj.index[at]]))  # 13.2.3.1: on a source
        v = tri_or(self._road_search(side, starts, road, None).get(at, False), here)
        why = "SR 13.2.3.1: a road path reaches a supply source"
        if v is not True and side != "german" and self.ferries:
            on_road = lambda h: any(self.game.map.terrain.connections(h, n) & CORPS_ROADS  # noqa: E731
                                    for n in h.neighbours())
            ferry = road.copy()  # ScR 5.1.8.2: and a ferried hexside between two road hexes
            ferry[codes.adj.edge_positions([tuple(sorted(f)) for f in sorted(self.ferries, key=sorted) if len(f) == 2
                                            and self.ferried(*f, side) and all(map(on_road, f))])] = OPEN
            by_ferry = self._road_search(side, starts, ferry, FERRY_CORPS_HEXES).get(at, False)
            if by_ferry is not False:
                v, why = tri_or(v, by_ferry), "ScR 5.1.8.2 (L1130): a road path across an engineer ferry within 50 hexes"
        if v is not True and any(s.hexes is None for s in mine):
            v = None
        return Status(v, {True: why,
                          False: "SR 13.2.3.1: no unbroken primary/secondary road path to a supply source",
                          None: "not checkable"}[v])

    def _starts(self, mine: list[Source], side: str, codes: Passability) -> np.ndarray:
        """The corps sources' map hexes a path may start from, as an int8 array of :meth:`passable`
        read from ``codes`` (every source hex's records kept, off the map too)."""
        on: list[Hex] = []
        for s in mine:
            if s.hexes is None:
                self.needs.add(s.missing or f"hexes of supply source {s.name!r} ({s.rule})")
            on += s.hexes or ()
        node = codes.adj.nodes_of(on)
        for h in (h for h, i in zip(on, node.tolist()) if i < 0):
            self.passable(h, side)
        start, asked = np.full(len(codes.adj), CLOSED, dtype=np.int8), np.zeros(len(codes.adj), dtype=bool)
        start[node[node >= 0]], asked[node[node >= 0]] = codes.code[node[node >= 0]], True
        codes.note(asked)
        return start

    def _road_search(self, side: str, start: np.ndarray, cross: np.ndarray, steps: int | None) -> Reached:
        """The corps HQ's search on the array path: :meth:`passable_codes` through two scipy searches,
        with what :meth:`passable` records kept for the hexes the reference search would ask."""
        codes = self.passable_codes(side)
        got = reach_arrays(codes.adj, start, codes.code, cross, steps)
        codes.note(got.asked)
        return got

    def _mp_path(self, uid: str, hexes: frozenset[Hex], budget: float, target: str) -> tuple[Tri, str]:
        """Is there a Travel Mode path from ``uid`` into ``hexes`` within ``budget`` MP, halved when
        ``target`` is in Travel Mode or disrupted (13.2.2.6) and again across a ferry (ScR 5.1.8.2)?"""
        side, at = self.state.side(uid), self.state.where(uid)
        if at in hexes:
            return True, ""

        def within(limit: float, ferry: bool) -> Tri:
            got = least_cost(self._g, at, limit, self.travel_step(side, ferry=ferry))
            return True if hexes & got.cost.keys() else None if hexes & got.unknown else False

        half = self.halved(target)
        limit = budget / 2 if half else budget
        path = within(limit, False)
        if half is None and path is True:  # within the full length; within the half is what is sure
            path = tri_or(within(budget / 2, False), None)
        note = f", halved to {budget / 2:g} ({target} in Travel Mode or disrupted, SR 13.2.2.6)" if half else \
            f", halved to {budget / 2:g} if {target} is in Travel Mode or disrupted (SR 13.2.2.6; not known)" \
            if half is None else ""
        if path is not True and side != "german" and self.ferries:
            by_ferry = within(limit / 2, True)
            if half is None and by_ferry is True:
                by_ferry = tri_or(within(budget / 4, True), None)
            if by_ferry is not False:
                path, note = tri_or(path, by_ferry), note + f"; across an engineer ferry, halved to {limit / 2:g} (ScR 5.1.8.2)"
        return path, note

    def _link(self, uid: str, target: str, budget: float, rule: str, mode: str = "") -> Status:
        hexes = self.where(target)
        if hexes is None:
            self.needs.add(f"hexes of the source standing in for {target}")
            return Status(None, f"not checkable: where {target} is", target)
        if not hexes:
            return Status(False, f"{rule}: HQ {target} is not on the map", target)
        path, note = self._mp_path(uid, hexes, budget, target)
        rule += note
        up = self.status(target, mode)
        v = tri_and(path, up.supplied)
        why = (f"{rule}: traces to {target}" if path else f"{rule}: no path to {target} within {budget:g} MP"
               if path is False else f"not checkable ({rule}): path to {target} needs missing data")
        if path is True and up.supplied is not True:
            why += f", but {target} is {'out of supply' if up.supplied is False else 'not checkable'} (SR 13.2.2.2)"
        return Status(v, why, target)

    def twin(self, hq: str) -> str | None:
        """The other HQ counter of a division with a forward and a main HQ (SR 13.2.4.2 L716)."""
        return next((b if a == hq else a for a, b in sorted(self.twins) if hq in (a, b)), None)

    def twin_link(self, hq: str, other: str) -> Tri:
        """SR 13.2.4.2 (L716), SR 18.7.3 (L944): a supply path between the twin HQs, up to 12 MP."""
        a, b = self.state.where(hq), self.state.where(other)
        if a is None or b is None:
            return False
        return self._mp_path(hq, frozenset({b}), TWIN_MP, other)[0]

    def _ancestors(self, uid: str) -> list[tuple[str, str | None]]:
        """The HQs of the chain above ``uid``, each followed by its twin: (HQ, twin of)."""
        out: list[tuple[str, str | None]] = []
        p = self.parent(uid)
        while p is not None and p not in (x for x, _ in out):
            out.append((p, None))
            t = self.twin(p)
            if t is not None and t not in (x for x, _ in out):
                out.append((t, p))
            p = None if self.game.units.get(p) is None else self.parent(p)
        return out

    def _org(self, uid: str) -> list[str]:
        """The units.csv formation chain of ``uid`` (attachments ignored)."""
        out, p = [], self.game.units[uid].formation if uid in self.game.units else None
        while p and p not in out:
            out.append(p)
            p = self.game.units[p].formation if p in self.game.units else None
        return out

    def airborne(self, uid: str) -> Tri:
        """Is ``uid`` of an airborne division (one with a supply head, ScR 5.1.3.1)? Unknown when its
        formation chain is."""
        side = self.state.side(uid)
        keys = {s.feeds.removeprefix("corps-of:") for s in self.sources if s.side == side
                and s.feeds.startswith("corps-of:")}
        chain = [uid, *self._org(uid)]
        if any(c in keys or c.split("/")[-1] in keys for c in chain):
            return True
        if any(c.lower() in ("", "unknown") for c in chain):
            self.needs.add(f"formation of unit {chain[-2] if len(chain) > 1 else uid} (units.csv; ScR 5.1.8.1)")
            return None
        return False

    def status(self, uid: str, mode: str = "") -> Status:
        """Is ``uid`` (an HQ, a combat unit, or a source-held HQ id) in supply? (SR 13.2)
        ``mode == "ground"``: supplying an attached non-airborne unit (ScR 5.1.3.8)."""
        key = (uid, mode)
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = Status(False, "SR 13.2.2.1: the chain of command loops")
        if uid not in self.game.units or self.state.where(uid) is None:
            hexes = self.where(uid)
            got = (Status(None, f"not checkable: where the source for {uid} is") if hexes is None else
                   Status(True, f"a supply source stands in for {uid}") if hexes else
                   Status(False, f"{uid} is not on the map"))
        else:
            level = self.level(uid)
            got = self.corps(uid) if level == "corps" else self._hq(uid, level, mode) if level != "unit" \
                else self._unit(uid)
        self._memo[key] = got
        return got

    def _own(self, uid: str, level: str, mode: str) -> Status:
        """An HQ's own link: 13.2.4.1, 13.2.5.1-2; 13.2.7.2 / 13.4.5: a broken level may be skipped."""
        limit, rule = LIMITS[level]
        side = self.state.side(uid)
        heads = [s for s in self.sources if s.side == side and s.feeds.startswith("corps-of:")
                 and s.feeds.removeprefix("corps-of:") == self.game.units[uid].formation.split("/")[-1]]
        if level == "division" and heads and mode == "ground":
            corps = sorted(u for u in self.state.positions if self.state.side(u) == side
                           and u not in self.state.eliminated and self.level(u) == "corps")
            rule = "ScR 5.1.3.8 (L1106), 5.1.5.3 (L1118): for attached 30th Corps units, via a corps HQ"
            if not corps:
                return Status(False, f"{rule}: no corps HQ of {side} on the map")
            return _best([self._link(uid, c, limit, rule + ", up to 18 MP (SR 13.2.4.1)", mode) for c in corps])
        if level == "division" and heads:  # the supply head is the division's corps (ScR 5.1.3.1)
            return self._link(uid, heads[0].feeds, limit, rule.replace("corps HQ", "supply head"), mode)
        targets = self._ancestors(uid)
        if not targets:
            return Status(False, f"{rule}: no controlling HQ known (units.csv formation)")
        return _best([self._via(uid, t, of, limit, rule, mode) for t, of in targets])

    def _via(self, uid: str, target: str, twin_of: str | None, limit: float, rule: str, mode: str) -> Status:
        """A link to ``target``; to a twin HQ only while the twins link (SR 13.2.4.2 L716)."""
        got = self._link(uid, target, limit, rule, mode)
        if twin_of is None or got.supplied is False:
            return got
        tw = self.twin_link(twin_of, target)
        return Status(tri_and(got.supplied, tw), got.reason + f"; {target} is the twin HQ of {twin_of} and "
                      + {True: "they link within 12 MP", False: "they do not link within 12 MP",
                         None: "their link needs missing data"}[tw] + " (SR 13.2.4.2 L716, SR 18.7.3 L944)", target)

    def _hq(self, uid: str, level: str, mode: str = "") -> Status:
        """13.2.4.1-2, 13.2.5.1-2: the HQ's own link, or (a twin division HQ) its twin's when the
        two link within 12 MP and the twin is in supply (SR 13.2.4.2 L716, SR 18.7.3 L944)."""
        own = self._own(uid, level, mode)
        other = self.twin(uid) if level == "division" else None
        if own.supplied is True or other is None or self.state.where(other) is None:
            return own
        tw = self.twin_link(uid, other)
        theirs = self._own(other, self.level(other), mode)
        v = tri_and(tw, theirs.supplied)
        via = Status(v, f"SR 13.2.4.2 (L716), SR 18.7.3 (L944): twin HQ {other} "
                     + ("links within 12 MP and is in supply" if v else "is linked and supplied: not checkable"
                        if v is None else "does not both link within 12 MP and have supply"), other)
        return _best([own, via])

    def _unit(self, uid: str) -> Status:
        """13.2.6: up to 12 hexes to the controlling HQ (unit's hex not counted, HQ's counted);
        or a vehicular unit's road path under 12 MP (13.2.6.3); on/next to its own source
        (13.2.6.5; non-airborne only, ScR 5.1.8.1); or to its HQ's twin (13.2.4.2)."""
        side, at = self.state.side(uid), self.state.where(uid)
        air = self.airborne(uid)
        answers: list[Status] = []
        own = [s for s in self.sources if s.side == side and s.hexes and not s.feeds.startswith("corps-of:")
               and any(at == h or at.distance(h) == 1 for h in s.hexes)]
        if own and air is not True:
            answers.append(Status(True if air is False else None,
                                  f"SR 13.2.6.5 (L727), ScR 5.1.8.1 (L1129): a non-airborne unit on or adjacent to "
                                  f"its supply source {own[0].name}" + ("" if air is False else ": not checkable")))
        hq = self.parent(uid)
        if hq is None:
            answers.append(Status(False, "SR 13.2.6.2 (L723): no controlling HQ known"))
            return _best(answers)
        modes = {"ground"} if air is False else {""} if air else {"", "ground"}
        for mode in sorted(modes):
            answers.append(self._unit_to(uid, hq, mode))
            t = self.twin(hq)
            if t is not None:
                got = self._unit_to(uid, t, mode)
                tw = self.twin_link(hq, t) if got.supplied is not False else False
                answers.append(Status(tri_and(got.supplied, tw), got.reason + f"; {t} is the twin HQ of {hq} (SR 13.2.4.2)", t))
        if len(modes) > 1:
            by_mode = [a for a in answers if a.via is not None]
            if len({a.supplied for a in by_mode}) > 1:
                answers = [a for a in answers if a.via is None] + [
                    Status(None, "not checkable: whether the unit is airborne decides its HQ's source (ScR 5.1.3.8)", hq)]
        return _best(answers)

    def _unit_to(self, uid: str, hq: str, mode: str) -> Status:
        """13.2.6.1-4: the unit's path to ``hq`` and ``hq``'s supply."""
        side, at = self.state.side(uid), self.state.where(uid)
        hexes = self.where(hq)
        if hexes is None:
            return Status(None, f"not checkable: where {hq} is", hq)
        if not hexes:
            return Status(False, f"SR 13.2.6.2: HQ {hq} is not on the map", hq)
        rule = "SR 13.2.6.1 (L722): up to 12 hexes to the HQ"
        half = self.halved(hq)

        def within(limit: int, ferry: bool) -> Tri:
            if at in hexes:
                return True
            through, cross = self.allowed(uid, side, ferry)
            got = within_steps(self._g, at, limit, through, cross)
            return tri_or(*(got[h][0] for h in hexes if h in got))

        limit = UNIT_HEXES // 2 if half else UNIT_HEXES
        path = within(limit, False)
        if half is None and path is True:
            path = tri_or(within(UNIT_HEXES // 2, False), None)
        if half:
            rule += f", halved to 6 ({hq} in Travel Mode or disrupted, SR 13.2.2.6)"
        if path is not True and side != "german" and self.ferries:
            by_ferry = within(limit // 2, True)
            if by_ferry is not False:
                path, rule = tri_or(path, by_ferry), rule + f"; across an engineer ferry, halved to {limit // 2} (ScR 5.1.8.2)"
        if path is not True and self.game.units[uid].mobility.lower() in ("vehicular", "motorized", "afv"):
            road = least_cost(self._g, at, UNIT_HEXES - 1e-6, self.travel_step(side, roads_only=True))
            by_road: Tri = True if hexes & road.cost.keys() else None if hexes & road.unknown else False
            if by_road is not False:
                path, rule = tri_or(path, by_road), "SR 13.2.6.3 (L725): under 12 MP by road to the HQ"
        up = self.status(hq, mode)
        v = tri_and(path, up.supplied)
        why = (f"{rule}: traces to {hq}" if path else f"{rule}: no path to {hq}" if path is False
               else f"not checkable ({rule}): path to {hq} needs missing data")
        if path is True and up.supplied is not True:
            why += f", but {hq} is {'out of supply' if up.supplied is False else 'not checkable'} (SR 13.2.6.4)"
        return Status(v, why, hq)

    def road_line(self, uid: str, hq: str) -> Status:
        """SR 9.3.8 (L472): a supply line from ``uid`` to ``hq`` along roads or trails only: the unit's path of
        13.2.6.1 (up to 12 hexes, halved by 13.2.2.6, through no enemy unit or un-negated EZOC, 13.2.2.3), every
        hexside it crosses on a road or trail. Reading: the line is the unit's own link; its HQ's onward supply
        is not asked (the rule says 'back to its controlling HQ'); a hexside nobody surveyed may hold a road."""
        side, at = self.state.side(uid), self.state.where(uid)
        hexes = self.where(hq)
        rule = "SR 9.3.8 (L472): a supply line along roads or trails, up to 12 hexes to the HQ (SR 13.2.6.1)"
        if at is None or hexes is None:
            return Status(None, f"not checkable: where {uid if at is None else hq} is", hq)
        if not hexes:
            return Status(False, f"{rule}: HQ {hq} is not on the map", hq)
        if at in hexes:
            return Status(True, f"{rule}: {uid} is with {hq}", hq)
        terrain = self.game.map.terrain

        def cross(a: Hex, b: Hex) -> Tri:
            if terrain.connections(a, b) & ROADS:
                return True
            if terrain.provenance(Hexside.between(a, b)) is not None:
                return False
            self.unsurveyed.update(h for h in (a, b) if not terrain.surveyed(h))
            return None

        def within(limit: int) -> Tri:
            got = within_steps(self._g, at, limit, lambda h: self.passable(h, side), cross)
            return tri_or(*(got[h][0] for h in hexes if h in got))

        half = self.halved(hq)
        path = within(UNIT_HEXES // 2 if half else UNIT_HEXES)
        if half is None and path is True:
            path = tri_or(within(UNIT_HEXES // 2), None)
        if half:
            rule += f", halved to 6 ({hq} in Travel Mode or disrupted, SR 13.2.2.6)"
        why = {True: f"{rule}: traces to {hq}", False: f"{rule}: no such line to {hq}",
               None: f"not checkable ({rule}): the line to {hq} needs missing data"}[path]
        return Status(path, why, hq)

    def missing(self) -> list[str]:
        """What the unknown answers needed, unsurveyed hexes counted."""
        out = sorted(self.needs)
        if self.unsurveyed:
            first = sorted(self.game.map.label(h) for h in self.unsurveyed)[:3]
            out.append(f"terrain of {len(self.unsurveyed)} unsurveyed hexes (e.g. {', '.join(first)})")
        return out


def _best(answers: list[Status]) -> Status:
    """The first supplied answer, else the first unknown one, else the first."""
    for want in (True, None, False):
        for a in answers:
            if a.supplied is want:
                return a
    return answers[0]
