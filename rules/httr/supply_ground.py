"""The ground a Highway to the Reich supply path crosses (SR 13.2.2.3-13.2.2.4, 13.2.2.7, 8.3-8.6, 19.2.2; ScR 5.1.3.5,
5.1.8.2): which hexes it may enter (no enemy unit but a lone leader; no EZOC a friendly unit does not cancel; a
friendly ZOC countering one on a supply head) and what each step costs (the TEC, roads, hexside features, ferries).

:class:`SupplyGround` is the part of :class:`rules.httr.supply.HttrSupply` that knows the map and the units' ZOCs,
not the chain of HQs: the chain's position, sources and unit states are its attributes. Every answer is
three-valued; what is not known is recorded in ``needs`` (data) and ``unsurveyed`` (hexes).
"""
from __future__ import annotations

from functools import cached_property
from typing import Collection

import numpy as np

from hexforge.games.game import Game
from hexforge.maps.graph import coordinates_of
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.maps.trace import CLOSED, OPEN, UNSURE, Cost, Tri
from hexforge.rules.core.tables import Cells
from hexforge.rules.core.zoc import zoc_in
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.los import Observation
from hexforge.rules.httr.movement_class import moves_as
from hexforge.rules.httr.sources import Source, number
from hexforge.rules.httr.supply_codes import (ADJACENT_ZOC_ONLY, CORPS_ROADS, NO_ZOC_INTO, PENDING, Passability,
                                             _Pairs, unit_facts)
from hexforge.rules.httr.thoroughfares import links
from hexforge.rules.state import GameState
from hexforge.rules.verdict import tri_and, tri_not

ROADS = CORPS_ROADS | {"trail", "raised_road", "raised_trail"}  # 9.4.1.1, 9.4.2.1
FERRIED = frozenset({"river", "canal"})  # ScR 5.1.8.2 (L1130): "across a river or canal by engineers"


class SupplyGround:
    """Where a supply path of one position may go and what its steps cost (the chain's attributes below)."""

    game: Game
    state: GameState
    sources: list[Source]
    travel: Collection[str]
    disrupted: Collection[str]
    depleted: Collection[str]
    unsure: Collection[str]
    ferries: Collection[frozenset[Hex]]
    needs: set[str]
    unsurveyed: set[Hex]
    _codes: dict[str, Passability]

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
            roads = sorted(links(self.game, a, b) & ROADS)  # drawn, and a trail between city hexes (SR 9.4.1.3)
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

    def unit_column(self, uid: str) -> str | Unknown:
        """The TEC column of the unit's movement: Travel, else its Defilade column by how it moves now
        (``movement_class``: a dismounted unit and an HQ out of Travel, which is in Defilade, move as leg units,
        SR 9.3.3, 9.3.9)."""
        if uid in self.travel:
            return "move_travel"
        how = moves_as(self.game, uid, "defilade", mem.has(self.state, uid, "dismounted"))
        return how if isinstance(how, Unknown) else f"move_defilade_{how}"

    def allowed(self, uid: str, side: str, ferry: bool = False):
        """13.2.2.4: a unit's hex-count path enters no terrain prohibited to it (and no blocked
        hex); with ``ferry`` it may cross a ferried river (ScR 5.1.8.2)."""
        column = self.unit_column(uid)
        if isinstance(column, Unknown):
            self.needs.add(column.needs)

        def through(h: Hex) -> Tri:
            ok = self.passable(h, side)
            if ok is False or isinstance(column, Unknown):
                return False if ok is False else None
            e = self._enter(h, column)
            return tri_and(ok, False if e is None else None if isinstance(e, Unknown) else True)

        def cross(a: Hex, b: Hex) -> Tri:
            if isinstance(column, Unknown):
                return None
            e = self._hexside(a, b, column, ferry and self.ferried(a, b, side))
            return False if e is None else None if isinstance(e, Unknown) else True
        return through, cross
