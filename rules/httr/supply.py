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

Where a path may go and what it costs is :mod:`rules.httr.supply_ground`; this module is the chain.
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
from typing import Collection

import numpy as np

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.maps.trace import CLOSED, OPEN, Reached, Tri, least_cost, reach_arrays, within_steps
from hexforge.rules.httr.movement_class import moves_now
from hexforge.rules.httr.sources import NOT_IN_PLAY, WEST_ROADS, Source, map_edge, number, road_exits, supply_rule
from hexforge.rules.httr.supply_codes import CORPS_ROADS, Passability, _road_codes
from hexforge.rules.httr.supply_ground import ROADS, SupplyGround
from hexforge.rules.httr.thoroughfares import links
from hexforge.rules.httr.units import controlling_hq, formation_chain, formation_hq, formation_names
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import tri_and, tri_or

HQ_LEVELS = {"corps": "corps", "division": "division", "regiment": "regiment", "brigade": "regiment",
             "kg": "regiment", "independent": "regiment"}
LIMITS = {"division": (18.0, "SR 13.2.4.1 (L715): division HQ -> corps HQ, up to 18 MP"),
          "regiment": (12.0, "SR 13.2.5.1-2 (L719-L720): regiment/brigade/KG HQ -> division HQ, up to 12 MP")}
UNIT_HEXES = 12  # 13.2.6.1 (L722)
TWIN_MP = 12.0  # SR 18.7.3 (L944): twin division HQs "have a supply path to each other (up to 12MP)"
FERRY_CORPS_HEXES = 50  # ScR 5.1.8.2 (L1130): "An unlimited length from a Corps HQ is reduced to 50 hexes"


@dataclass(frozen=True)
class Status:
    """One link's answer: supplied (True/False/None), the rule or reason, the HQ traced to."""

    supplied: Tri
    reason: str
    via: str | None = None


@dataclass
class HttrSupply(SupplyGround):
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

    def level(self, uid: str) -> str:
        u = self.game.units.get(uid)
        if u is None or u.type.lower() not in ("hq", "headquarters"):
            return "unit"
        return HQ_LEVELS.get(u.size.lower(), "regiment")

    def parent(self, uid: str) -> str | None:
        """The controlling HQ: ``parents``, else the HQ unit of the units.csv formation (:func:`controlling_hq`);
        a formation whose HQ unit is not known (or is ``uid`` itself: the HQ above it is not given) is kept as its
        name, which :meth:`where` does not know. Reading: a corps HQ whose formation is its own has none above it
        (it traces to its source, SR 13.2.3.1)."""
        if uid in self.parents:
            return self.parents[uid]
        u = self.game.units.get(uid)
        if u is None or not u.formation:
            return None
        hq = controlling_hq(self.game, uid)
        if hq is None and self.level(uid) == "corps" and formation_hq(self.game, u.formation) == uid:
            return None
        return hq or u.formation

    def where(self, hq: str) -> frozenset[Hex] | None:
        """The hexes of an HQ: a unit on the map, or a source standing in for it; None when unknown: a source
        without hexes, or an HQ that units.csv formations name, no unit id carries and no supply head stands in
        for (its counter is on the Formation Displays, not transcribed)."""
        at = self.state.where(hq)
        if at is not None:
            return frozenset({at})
        hexes = [s.hexes for s in self.sources if s.feeds == hq]
        if any(h is None for h in hexes) or not hexes and self.untranscribed(hq):
            return None
        return frozenset().union(*hexes) if hexes else frozenset()

    def off_map_german(self, uid: str) -> bool:
        """ScR 5.1.8.3: a German unit of the game neither on the map nor eliminated (in an off-map area, or held
        off the map as a reinforcement, ScR 12.3.3)."""
        return uid in self.game.units and self.game.units[uid].side == "german" and self.state.where(uid) is None \
            and uid not in self.state.eliminated

    def untranscribed(self, hq: str) -> bool:
        """Is ``hq`` a formation no unit id carries, and no airborne corps whose supply head stands in for it (the
        formation of a division HQ unit with a head, ScR 5.1.3.1)? Then where it is is unknown, not off the map."""
        if hq in self.game.units:
            return False
        head = any(s.feeds == f"corps-of:{hq}" for s in self.sources)
        return not (head and any(u.formation == hq and self.level(i) == "division" for i, u in self.game.units.items()))

    def unknown_hq(self, hq: str) -> str:
        """What an HQ whose hexes :meth:`where` does not know needs, recorded in :meth:`missing`."""
        own = formation_hq(self.game, hq) if hq not in self.game.units else None
        need = (f"the HQ above {own} (units.csv gives {own} its own formation {hq!r}, game.toml "
                "[special.formation_hqs]: the HQ it answers to is not transcribed)" if own is not None else
                f"the HQ unit {hq!r} (units.csv formations name it, no unit id carries it and game.toml "
                "[special.formation_hqs] maps it to none: the Formation Displays are not transcribed)"
                if self.untranscribed(hq) else f"hexes of the source standing in for {hq}")
        self.needs.add(need)
        return f"not checkable: {need}"

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
            return Status(None, self.unknown_hq(target), target)
        if not hexes:
            return Status(False, f"{rule}: HQ {target} is not on the map", target)
        path, note = self._mp_path(uid, hexes, budget, target)
        rule += note
        up = self.status(target, mode)
        v = tri_and(path, up.supplied)
        why = (f"{rule}: traces to {target}" if path else f"{rule}: no path to {target} within {budget:g} MP"
               if path is False else f"not checkable ({rule}): path to {target} needs missing data")
        if path is True and up.supplied is not True:
            why += f", but {target} is " + ("out of supply" if up.supplied is False else
                                           f"not checkable ({up.reason.removeprefix('not checkable: ')})") + " (SR 13.2.2.2)"
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
        """The units.csv formation chain of ``uid`` (attachments ignored): its HQs and their formation names."""
        if uid not in self.game.units:
            return []
        return [*formation_chain(self.game, uid), *formation_names(self.game, uid)]

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
            got = (Status(None, self.unknown_hq(uid)) if hexes is None else
                   Status(True, f"a supply source stands in for {uid}") if hexes else
                   Status(True, f"ScR 5.1.8.3 (L1131): {uid} is off the map, and off-map German units are always "
                          "in supply") if self.off_map_german(uid) else
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
        edge = self._not_in_play(uid, level)
        if edge is not None:
            return edge
        targets = self._ancestors(uid)
        if not targets:
            return Status(False, f"{rule}: no controlling HQ known (units.csv formation)")
        return _best([self._via(uid, t, of, limit, rule, mode) for t, of in targets])

    def _corps_in_play(self, uid: str) -> bool:
        """Is the corps HQ above ``uid`` in play: on the map, eliminated, stood in for by a source, or an HQ that is
        no corps? Reading: a corps HQ no unit id carries has no counter on the map, so it is not in play."""
        p = self.parent(uid)
        if p is None or p not in self.game.units:
            return any(s.feeds == p for s in self.sources) if p is not None else False
        return self.state.where(p) is not None or p in self.state.eliminated or self.level(p) != "corps"

    @rule("HTTR ScR 5.1.5.1-5.1.5.2", "SUP-1", "a German division HQ (and KG Walther) whose corps HQ is not in play "
          "traces to the nearest map edge as though the corps HQ were 10 primary road hexes beyond it; von Tettau "
          "via a primary/secondary road off the west edge north of the Rhine")
    def _not_in_play(self, uid: str, level: str) -> Status | None:
        """ScR 5.1.5.2 (L1117): a division HQ (and the HQs ``also`` names: KG Walther) whose corps HQ is not in play
        traces from the nearest map edge as though the corps HQ were 10 primary road hexes beyond it; von Tettau's
        HQ (``west_roads``) may also trace via a road off the west edge north of the Rhine (ScR 5.1.5.1 L1116). None
        when neither applies. Readings: the link is the division's 18 MP of SR 13.2.4.1 (for KG Walther too) less
        the Travel Mode MP of the 10 road hexes (TEC move_travel), the rest traced as any HQ path to a hex of the
        map's edge (the nearest edge is the one the path reaches); the imagined corps HQ is in supply and not in
        Travel Mode; it applies to the ``sides`` named (German: the Allied non-airborne division traces via the XXX
        Corps HQ or a city, 5.1.5.1, an airborne one to its supply head, 5.1.3.1); a corps HQ no unit id carries is
        not in play (no counter of it is on the map)."""
        cfg, west = supply_rule(self.game, NOT_IN_PLAY), supply_rule(self.game, WEST_ROADS)
        tettau = west is not None and uid in west.get("hqs", ())
        if cfg is None or self.state.side(uid) not in cfg.get("sides", ()) or self._corps_in_play(uid) \
                or (level != "division" and uid not in cfg.get("also", ()) and not tettau):
            return None
        rule = f"{cfg.get('source', 'ScR 5.1.5.2')}: the corps HQ above {uid} is not in play"
        road, far = self.tec(str(cfg.get("road", "primary_road")), "move_travel"), number(cfg.get("road_hexes"))
        if far is None or road == "prohibited":
            need = "game.toml [special.supply_rules] corps_not_in_play road_hexes, and the TEC's road move_travel"
            self.needs.add(need)
            return Status(None, f"not checkable ({rule}): {need}")
        spend = far * road if isinstance(road, float) else None  # unknown: trace the 18 MP, sure only of a 'no'
        budget = LIMITS["division"][0] - (spend or 0.0)
        rule += f", traced as though it were {far:g} road hexes ({spend:g} MP) off the map edge: {budget:g} MP left" \
            if spend is not None else f", traced as though it were {far:g} road hexes off the map edge"
        got = self._edge_path(uid, map_edge(self.game), budget, rule, "the map edge")
        if spend is None and got.supplied is not False:
            got = Status(None, f"not checkable ({rule}): {road.needs} (the MP of the corps HQ's {far:g} road hexes)"
                         + ("" if got.supplied else ", and the path to the edge needs missing data"))
        return _best([self._west_roads(uid, west), got]) if tettau else got

    def _west_roads(self, uid: str, west: dict) -> Status:
        """ScR 5.1.5.1 (L1116): von Tettau's HQ traces via a primary/secondary road leading off the west edge north
        of the Rhine (``west``: its data). Reading: the road stands in for the corps HQ no counter represents: the HQ
        traces its 18 MP (SR 13.2.4.1) to a hex of such a road, which reaches the edge along primary/secondary
        roads, any length, through no enemy unit or un-negated EZOC (as a corps HQ's road, SR 13.2.3.1)."""
        rule = f"{west.get('source', 'ScR 5.1.5.1')}: via a road off the west edge north of the Rhine"
        exits = road_exits(self.game, str(west.get("edge")), frozenset(west.get("roads", sorted(CORPS_ROADS))))
        if exits is None:
            need = f"hexes of terrain.toml edge {west.get('edge')!r} ({west.get('source', 'ScR 5.1.5.1')})"
            self.needs.add(need)
            return Status(None, f"not checkable ({rule}): {need}")
        side, codes, road = self.state.side(uid), self.passable_codes(self.state.side(uid)), _road_codes(self._g)
        reach = [self._road_search(side, self._starts([Source(rule, side, e, "corps", rule)], side, codes), road, None)
                 .by_hex() for e in (exits[0], exits[0] | exits[1])]
        sure = frozenset(h for h, v in reach[0].items() if v is True)
        maybe = frozenset(h for h, v in reach[1].items() if v is not False) - sure
        limit = LIMITS["division"][0]
        got = [self._edge_path(uid, sure, limit, rule, "such a road")] if sure else []
        if maybe:
            got.append(self._edge_path(uid, maybe, limit, rule, ""))
        return _best(got) if got else Status(False, f"{rule}: no such road (terrain.toml edge {west.get('edge')!r})")

    def _edge_path(self, uid: str, hexes: frozenset[Hex], budget: float, rule: str, name: str) -> Status:
        """A Travel Mode path of ``budget`` MP into ``hexes`` (``name``: what they are; blank: hexes only missing
        data may put on the way, so reaching them is unknown)."""
        if budget < 0:
            return Status(False, f"{rule}: no MP left")
        side, at = self.state.side(uid), self.state.where(uid)
        got = least_cost(self._g, at, budget, self.travel_step(side))
        path: Tri = True if at in hexes or hexes & got.cost.keys() else None if hexes & got.unknown else False
        if not name:
            return Status(None if path is not False else False, f"not checkable ({rule}): it needs missing data")
        return Status(path, {True: f"{rule}: reaches {name}", False: f"{rule}: no path to {name} within {budget:g} MP",
                             None: f"not checkable ({rule}): the path to {name} needs missing data"}[path])

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

    def beside_source(self, uid: str) -> Status | None:
        """SR 13.2.6.5 (L727), ScR 5.1.8.1 (L1129): a non-airborne unit on or adjacent to an on-map supply source of
        its side (no airborne supply head) is in supply; None when it stands by no such source or is airborne."""
        side, at = self.state.side(uid), self.state.where(uid)
        own = [s for s in self.sources if s.side == side and s.hexes and not s.feeds.startswith("corps-of:")
               and at is not None and any(at == h or at.distance(h) == 1 for h in s.hexes)]
        air = self.airborne(uid) if own else True
        if air is True:
            return None
        return Status(True if air is False else None, f"SR 13.2.6.5 (L727), ScR 5.1.8.1 (L1129): a non-airborne unit "
                      f"on or adjacent to its supply source {own[0].name}" + ("" if air is False else ": not checkable"))

    def _unit(self, uid: str) -> Status:
        """13.2.6: up to 12 hexes to the controlling HQ (unit's hex not counted, HQ's counted);
        or a vehicular unit's road path under 12 MP (13.2.6.3); on/next to its own source
        (13.2.6.5; non-airborne only, ScR 5.1.8.1); or to its HQ's twin (13.2.4.2)."""
        air = self.airborne(uid)
        near = self.beside_source(uid)
        answers: list[Status] = [near] if near is not None else []
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
            return Status(None, self.unknown_hq(hq), hq)
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
        moves = moves_now(self.game, self.state, uid)  # SR 9.3.3, 9.3.9: a dismounted unit moves as leg
        if path is not True and moves != "leg":
            by_road = self._by_road(at, hexes, side, half)
            if isinstance(moves, Unknown) and by_road is True:
                by_road = None  # it may be a leg unit, which has no road alternative
            if by_road is not False:
                path, rule = tri_or(path, by_road), "SR 13.2.6.3 (L725): under 12 MP by road to the HQ" + (
                    ", halved to 6 (SR 13.2.2.6)" if half else "")
        up = self.status(hq, mode)
        v = tri_and(path, up.supplied)
        why = (f"{rule}: traces to {hq}" if path else f"{rule}: no path to {hq}" if path is False
               else f"not checkable ({rule}): path to {hq} needs missing data")
        if path is True and up.supplied is not True:
            why += f", but {hq} is " + ("out of supply" if up.supplied is False else
                                           f"not checkable ({up.reason.removeprefix('not checkable: ')})") + " (SR 13.2.6.4)"
        return Status(v, why, hq)

    def _by_road(self, at: Hex, hexes: frozenset[Hex], side: str, half: bool | None) -> Tri:
        """SR 13.2.6.3 with 13.2.2.6: a road path to one of ``hexes`` under 12 MP at the Travel Mode road rate, or
        under 6 when the HQ is in Travel Mode or disrupted (``half``; None: not known)."""
        def under(mp: float) -> Tri:
            road = least_cost(self._g, at, mp - 1e-6, self.travel_step(side, roads_only=True))
            return True if hexes & road.cost.keys() else None if hexes & road.unknown else False

        got = under(UNIT_HEXES / 2 if half else UNIT_HEXES)
        return tri_or(under(UNIT_HEXES / 2), None) if half is None and got is True else got

    def road_line(self, uid: str, hq: str) -> Status:
        """SR 9.3.8 (L472): a supply line from ``uid`` to ``hq`` along roads or trails only: the unit's path of
        13.2.6.1 (up to 12 hexes, halved by 13.2.2.6, through no enemy unit or un-negated EZOC, 13.2.2.3), every
        hexside it crosses on a road or trail. Reading: the line is the unit's own link; its HQ's onward supply
        is not asked (the rule says 'back to its controlling HQ'); a hexside nobody surveyed may hold a road."""
        side, at = self.state.side(uid), self.state.where(uid)
        hexes = self.where(hq)
        rule = "SR 9.3.8 (L472): a supply line along roads or trails, up to 12 hexes to the HQ (SR 13.2.6.1)"
        if at is None:
            return Status(None, f"not checkable: where {uid} is", hq)
        if hexes is None:
            return Status(None, self.unknown_hq(hq), hq)
        if not hexes:
            return Status(False, f"{rule}: HQ {hq} is not on the map", hq)
        if at in hexes:
            return Status(True, f"{rule}: {uid} is with {hq}", hq)
        terrain = self.game.map.terrain

        def cross(a: Hex, b: Hex) -> Tri:
            if links(self.game, a, b) & ROADS:  # a city hex's trails included (SR 9.4.1.3)
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
