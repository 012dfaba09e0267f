"""Highway to the Reich supply chain (HTTR SR 13.2, SR 8.3-8.6, ScR 5.1).

unit -> controlling HQ: up to 12 hexes, the unit's hex not counted, the HQ's counted (13.2.6.1,
13.2.2.8), or a vehicular unit's road path under 12 MP (13.2.6.3); regiment/brigade/KG or
independent HQ -> division HQ: up to 12 MP (13.2.5.1-2); division HQ -> corps HQ: up to 18 MP
(13.2.4.1), both traced as a vehicle in Travel Mode (13.2.2.7); corps HQ -> its source: any
length, only along primary and secondary roads (13.2.3.1). A length is halved when the HQ traced
*to* is in Travel Mode or disrupted (13.2.2.6). No path enters a hex with an enemy unit (a lone
enemy leader excepted, 19.2.2) or an un-negated EZOC (13.2.2.3, 8.3), nor terrain prohibited to
the tracer (13.2.2.4). A broken link cuts everything below it (13.2.2.2, 13.2.6.4); an HQ may
skip a broken level and trace to a higher HQ of its chain (13.2.7.2, 13.4.5); a unit on or next
to an on-map source of its side is supplied (13.2.6.5).

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
  :mod:`rules.httr_los`); an Allied ZOC countering a German one on a supply head (ScR 5.1.3.5)
  is not modelled.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection

from hexforge.games.game import Game
from hexforge.games.values import Datum
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.maps.trace import Cost, Tri, least_cost, reach, within_steps
from hexforge.rules.state import GameState

CORPS_ROADS = frozenset({"primary_road", "secondary_road"})  # 13.2.3.1
ROADS = CORPS_ROADS | {"trail", "raised_road", "raised_trail"}  # 9.4.1.1, 9.4.2.1
NO_ZOC_INTO = frozenset({"forest", "city"})  # 8.4.1
ADJACENT_ZOC_ONLY = frozenset({"woods", "town"})  # 8.4.1
HQ_LEVELS = {"corps": "corps", "division": "division", "regiment": "regiment", "brigade": "regiment",
             "kg": "regiment", "independent": "regiment"}
LIMITS = {"division": (18.0, "SR 13.2.4.1 (L715): division HQ -> corps HQ, up to 18 MP"),
          "regiment": (12.0, "SR 13.2.5.1-2 (L719-L720): regiment/brigade/KG HQ -> division HQ, up to 12 MP")}
UNIT_HEXES = 12  # 13.2.6.1 (L722)


@dataclass(frozen=True)
class Source:
    """A supply source: corps HQs of ``side`` reach it along roads (``feeds == "corps"``), or it
    stands in for the HQ ``feeds`` (always supplied, never in Travel Mode)."""

    name: str
    side: str
    hexes: frozenset[Hex] | None  # None: not known
    feeds: str
    rule: str


#: Place names (terrain.toml ``supply-source`` places) -> (side, feeds, rule).
PLACE_SOURCES = {
    "30th Corps supply source": ("allied", "corps", "ScR 5.1.2 (L1096)"),
    "LZ N Supply (82nd Airborne supply head)": ("allied", "corps-of:82", "ScR 5.1.3.2 (L1100)"),
    "LZ W Supply (101st Airborne supply head)": ("allied", "corps-of:101", "ScR 5.1.3.2 (L1100)"),
    "DZ L Supply (1st Airborne supply head)": ("allied", "corps-of:1", "ScR 5.1.3.3 (L1101)"),
}
#: Scenario sources: (game id, scenario) -> (hex, side, HQ ids it stands in for, rule).
SCENARIO_SOURCES = {
    ("highway-to-the-reich", "s17"): (("C2411", "allied", ("101", "5/GA"), "ScR 17.4 (L1571)"),),
}


def sources(game: Game, side: str, scenario: str | None = None) -> list[Source]:
    """The supply sources of ``side``: the map's named sources, the scenario's (ScR 5.1, 17.4),
    and German roads off the N, E or W edges (ScR 5.1.1.1) as the map's edge road places."""
    out: list[Source] = []
    for p in game.map.terrain.places:
        if p.kind != "supply-source":
            continue
        got = PLACE_SOURCES.get(p.name)
        if got is None and p.name.endswith(f"({side})"):
            got = (side, "corps", p.source or p.name)
        if got is not None and got[0] == side:
            out.append(Source(p.name, side, p.hexes, got[1], got[2]))
    if game.info.id == "highway-to-the-reich" and side == "german":
        out.append(Source("roads leading off the N, E or W map edges", side, None, "corps", "ScR 5.1.1.1 (L1091)"))
    for label, s, feeds, rule in SCENARIO_SOURCES.get((game.info.id, scenario or ""), ()):
        if s == side:
            out.extend(Source(f"hex {label} (scenario {scenario})", side, frozenset({game.map.hex(label)}), f, rule)
                       for f in feeds)
    return out


def _and(*vs: Tri) -> Tri:
    if any(v is False for v in vs):
        return False
    return None if any(v is None for v in vs) else True


def _or(*vs: Tri) -> Tri:
    if any(v is True for v in vs):
        return True
    return None if any(v is None for v in vs) else False


def _num(v) -> float | None:
    v = v.resolved if isinstance(v, Datum) else v
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


@dataclass(frozen=True)
class Status:
    """One link's answer: supplied (True/False/None), the rule or reason, the HQ traced to."""

    supplied: Tri
    reason: str
    via: str | None = None


@dataclass
class HttrSupply:
    """The supply chain of one position. ``travel``/``disrupted``/``depleted``: unit ids in that
    state; ``parents``: controlling HQ by unit id (default: the unit's ``formation``)."""

    game: Game
    state: GameState
    sources: list[Source]
    travel: Collection[str] = ()
    disrupted: Collection[str] = ()
    depleted: Collection[str] = ()
    parents: dict[str, str] = field(default_factory=dict)
    needs: set[str] = field(default_factory=set)
    unsurveyed: set[Hex] = field(default_factory=set)

    def __post_init__(self) -> None:
        tec = self.game.tables.get("tec")
        self._cols = list(tec.columns) if tec else []
        self._rows = {str(r.key): [c.resolved if isinstance(c, Datum) else c for c in r.cells]
                      for r in tec.rows} if tec else {}
        self._memo: dict[str, Status] = {}
        self._g = self.game.map.graph()

    # -- data ----------------------------------------------------------------------------------

    def tec(self, kind: str, column: str) -> float | str | Unknown:
        """A TEC cell: MP, ``"prohibited"``, or :class:`Unknown` naming the cell."""
        row = self._rows.get(kind)
        cell = row[self._cols.index(column)] if row is not None and column in self._cols else "unknown"
        if cell == "prohibited" or _num(cell) is not None:
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
        at = self.state.where(uid)
        d = at.distance(h) if at is not None else 0
        if d not in (1, 2) or uid in self.travel or uid in self.disrupted or uid in self.depleted:
            return False  # 8.6.2
        u = self.game.units[uid]
        er = u.values.get("effectiveness")
        if er in (None, "", "-", "none"):
            return False  # 8.6.1: no effectiveness rating
        if _num(er) is None:
            self.needs.add(f"effectiveness of unit {uid} (units.csv; 8.6.1)")
            return None
        kinds = self.kinds(h)
        if kinds is None:
            return None
        if kinds & NO_ZOC_INTO:
            return False
        if d == 1:
            return True
        rng = _num(u.values.get("range"))
        if rng is None:
            self.needs.add(f"range of unit {uid} (units.csv; 8.0)")
            return None
        if rng < 2 or kinds & ADJACENT_ZOC_ONLY:
            return False
        from hexforge.rules.httr_los import Observation
        seen = Observation(self.game).observe(at, h).visible
        if seen is None:
            self.needs.add(f"whether {uid} observes {self.game.map.label(h)} (7.0)")
        return seen

    def ezoc(self, h: Hex, side: str) -> Tri:
        near = {u for n in h.neighbours() for m in (n, *n.neighbours()) for u in self.enemies_at(m, side)}
        return _or(*(self.exerts_zoc(u, h) for u in sorted(near)))

    def passable(self, h: Hex, side: str) -> Tri:
        """May a path of ``side`` enter ``h``? Not with enemy units (a lone leader excepted),
        not in an EZOC unless a friendly unit is there (13.2.2.3, 8.3, 8.5, 19.2.2)."""
        if any(self.game.units[u].type.lower() != "leader" for u in self.enemies_at(h, side) if u in self.game.units):
            return False
        if any(self.state.side(u) == side for u in self.state.at(h)):
            return True
        z = self.ezoc(h, side)
        return None if z is None else not z

    # -- costs (13.2.2.4, 13.2.2.7) --------------------------------------------------------------

    def _hexside(self, a: Hex, b: Hex, column: str) -> float | None | Unknown:
        """Extra MP for the hexside features between a and b (``None``: prohibited)."""
        extra = 0.0
        feats = self.game.map.terrain.features(a, b)
        bridged = any(f.kind == "bridge" for f in feats)
        for f in sorted(feats, key=lambda f: f.kind):
            if f.kind == "bridge":
                continue
            v = self.tec(f.kind, column)
            if v == "prohibited":
                if not bridged:
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

    def travel_step(self, side: str, roads_only: bool = False):
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
                side_cost = self._hexside(a, b, "move_travel") if c is not None else None
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

    def allowed(self, uid: str, side: str):
        """13.2.2.4: a unit's hex-count path enters no terrain prohibited to it (and no blocked hex)."""
        column = self.unit_column(uid)

        def through(h: Hex) -> Tri:
            ok = self.passable(h, side)
            if ok is False:
                return False
            e = self._enter(h, column)
            return _and(ok, False if e is None else None if isinstance(e, Unknown) else True)

        def cross(a: Hex, b: Hex) -> Tri:
            e = self._hexside(a, b, column)
            return False if e is None else None if isinstance(e, Unknown) else True
        return through, cross

    # -- the chain --------------------------------------------------------------------------------

    def halved(self, hq: str) -> bool:
        """13.2.2.6 (L708): the length is halved when the HQ traced to is in Travel Mode or disrupted."""
        return hq in self.travel or hq in self.disrupted

    def corps(self, uid: str) -> Status:
        """13.2.3.1 (L713): a corps HQ traces any length along primary and secondary roads."""
        side, at = self.state.side(uid), self.state.where(uid)
        mine = [s for s in self.sources if s.side == side and s.feeds == "corps"]
        if not mine:
            return Status(False, f"SR 13.2.3.1: no supply source for {side} corps HQs")
        starts: dict[Hex, Tri] = {}
        for s in mine:
            if s.hexes is None:
                self.needs.add(f"hexes of supply source {s.name!r} ({s.rule})")
            for h in s.hexes or ():
                starts[h] = _or(starts.get(h, False), self.passable(h, side))
        road = lambda a, b: bool(self.game.map.terrain.connections(a, b) & CORPS_ROADS)  # noqa: E731
        got = reach(self._g, starts, through=lambda h: self.passable(h, side), cross=road)
        v = _or(got.get(at, False), starts.get(at, False))
        if v is not True and any(s.hexes is None for s in mine):
            v = None
        return Status(v, {True: "SR 13.2.3.1: a road path reaches a supply source",
                          False: "SR 13.2.3.1: no unbroken primary/secondary road path to a supply source",
                          None: "not checkable"}[v])

    def _link(self, uid: str, target: str, budget: float, rule: str) -> Status:
        side, at = self.state.side(uid), self.state.where(uid)
        hexes = self.where(target)
        if hexes is None:
            self.needs.add(f"hexes of the source standing in for {target}")
            return Status(None, f"not checkable: where {target} is", target)
        if not hexes:
            return Status(False, f"{rule}: HQ {target} is not on the map", target)
        if self.halved(target):
            budget, rule = budget / 2, rule + f", halved to {budget / 2:g} ({target} in Travel Mode or disrupted, SR 13.2.2.6)"
        got = least_cost(self._g, at, budget, self.travel_step(side))
        path: Tri = True if hexes & got.cost.keys() or at in hexes else None if hexes & got.unknown else False
        up = self.status(target)
        v = _and(path, up.supplied)
        why = (f"{rule}: traces to {target}" if path else f"{rule}: no path to {target} within {budget:g} MP"
               if path is False else f"not checkable ({rule}): path to {target} needs missing data")
        if path is True and up.supplied is not True:
            why += f", but {target} is {'out of supply' if up.supplied is False else 'not checkable'} (SR 13.2.2.2)"
        return Status(v, why, target)

    def _ancestors(self, uid: str) -> list[str]:
        out, p = [], self.parent(uid)
        while p is not None and p not in out:
            out.append(p)
            p = None if self.game.units.get(p) is None else self.parent(p)
        return out

    def status(self, uid: str) -> Status:
        """Is ``uid`` (an HQ, a combat unit, or a source-held HQ id) in supply? (SR 13.2)"""
        if uid in self._memo:
            return self._memo[uid]
        self._memo[uid] = Status(False, "SR 13.2.2.1: the chain of command loops")
        if uid not in self.game.units or self.state.where(uid) is None:
            hexes = self.where(uid)
            got = (Status(None, f"not checkable: where the source for {uid} is") if hexes is None else
                   Status(True, f"a supply source stands in for {uid}") if hexes else
                   Status(False, f"{uid} is not on the map"))
        else:
            level = self.level(uid)
            got = self.corps(uid) if level == "corps" else self._hq(uid, level) if level != "unit" else self._unit(uid)
        self._memo[uid] = got
        return got

    def _hq(self, uid: str, level: str) -> Status:
        """13.2.4.1, 13.2.5.1-2; 13.2.7.2 / 13.4.5: a broken level may be skipped."""
        limit, rule = LIMITS[level]
        side = self.state.side(uid)
        heads = [s for s in self.sources if s.side == side and s.feeds.startswith("corps-of:")
                 and s.feeds.removeprefix("corps-of:") == self.game.units[uid].formation.split("/")[-1]]
        if level == "division" and heads:  # the supply head is the division's corps (ScR 5.1.3.1)
            return self._link(uid, heads[0].feeds, limit, rule.replace("corps HQ", "supply head"))
        targets = self._ancestors(uid)
        if not targets:
            return Status(False, f"{rule}: no controlling HQ known (units.csv formation)")
        answers = [self._link(uid, t, limit, rule) for t in targets]
        for want in (True, None, False):
            for a in answers:
                if a.supplied is want:
                    return a
        return answers[0]

    def _unit(self, uid: str) -> Status:
        """13.2.6: up to 12 hexes to the controlling HQ (unit's hex not counted, HQ's counted);
        or a vehicular unit's road path under 12 MP (13.2.6.3); on/next to a source (13.2.6.5)."""
        side, at = self.state.side(uid), self.state.where(uid)
        for s in self.sources:
            if s.side == side and s.hexes and any(at == h or at.distance(h) == 1 for h in s.hexes):
                return Status(True, f"SR 13.2.6.5 (L727): on or adjacent to supply source {s.name}")
        hq = self.parent(uid)
        if hq is None:
            return Status(False, "SR 13.2.6.2 (L723): no controlling HQ known")
        hexes = self.where(hq)
        if hexes is None:
            return Status(None, f"not checkable: where {hq} is", hq)
        if not hexes:
            return Status(False, f"SR 13.2.6.2: HQ {hq} is not on the map", hq)
        limit, rule = UNIT_HEXES, "SR 13.2.6.1 (L722): up to 12 hexes to the HQ"
        if self.halved(hq):
            limit, rule = limit // 2, rule + f", halved to 6 ({hq} in Travel Mode or disrupted, SR 13.2.2.6)"
        through, cross = self.allowed(uid, side)
        got = within_steps(self._g, at, limit, through, cross)
        path: Tri = _or(*(got[h][0] for h in hexes if h in got)) if at not in hexes else True
        if path is not True and self.game.units[uid].mobility.lower() in ("vehicular", "motorized", "afv"):
            road = least_cost(self._g, at, UNIT_HEXES - 1e-6, self.travel_step(side, roads_only=True))
            by_road: Tri = True if hexes & road.cost.keys() else None if hexes & road.unknown else False
            if by_road is not False:
                path, rule = _or(path, by_road), "SR 13.2.6.3 (L725): under 12 MP by road to the HQ"
        up = self.status(hq)
        v = _and(path, up.supplied)
        why = (f"{rule}: traces to {hq}" if path else f"{rule}: no path to {hq}" if path is False
               else f"not checkable ({rule}): path to {hq} needs missing data")
        if path is True and up.supplied is not True:
            why += f", but {hq} is {'out of supply' if up.supplied is False else 'not checkable'} (SR 13.2.6.4)"
        return Status(v, why, hq)

    def missing(self) -> list[str]:
        """What the unknown answers needed, unsurveyed hexes counted."""
        out = sorted(self.needs)
        if self.unsurveyed:
            first = sorted(self.game.map.label(h) for h in self.unsurveyed)[:3]
            out.append(f"terrain of {len(self.unsurveyed)} unsurveyed hexes (e.g. {', '.join(first)})")
        return out


def chain(sup: HttrSupply, side: str) -> dict[str, Status]:
    """The status of every unit of ``side`` on the map."""
    return {uid: sup.status(uid) for uid in sorted(sup.state.positions)
            if sup.state.side(uid) == side and uid not in sup.state.eliminated and uid in sup.game.units}


def chain_overlay(sup: HttrSupply, side: str):
    """Each unit of ``side`` in supply, out of supply or unknown, with the link that decided it."""
    from hexforge.maps.overlay import OKABE_ITO, UNKNOWN, UNKNOWN_COLOUR, Overlay
    got = chain(sup, side)
    ov = Overlay(f"HTTR 13.2 supply chain for {side}",
                 {"supplied": (OKABE_ITO["blue"], "in supply: every link up to a source holds"),
                  "oos": (OKABE_ITO["vermillion"], "out of supply: a link is blocked or too long"),
                  "source": (OKABE_ITO["green"], "supply source"),
                  UNKNOWN: (UNKNOWN_COLOUR, "unknown: needs TEC movement costs or terrain")})
    for s in sup.sources:
        if s.side == side:
            for h in s.hexes or ():
                ov.values[h] = "source"
                ov.detail[h] = f"{s.name} ({s.rule})"
    for uid, st in got.items():
        h = sup.state.where(uid)
        cat = "supplied" if st.supplied else "oos" if st.supplied is False else UNKNOWN
        if ov.values.get(h) in (None, "supplied") or cat != "supplied":
            ov.values[h] = cat
        ov.marks[h] = uid if h not in ov.marks else ov.marks[h] + "," + uid
        ov.detail[h] = "; ".join(x for x in (ov.detail.get(h), f"{uid}: {st.reason}") if x)
        ov.notes.append(f"{uid}: {'in supply' if st.supplied else 'OUT of supply' if st.supplied is False else 'not checkable'}"
                        + (f" via {st.via}" if st.via else ""))
    missing = sup.missing()
    if missing:
        ov.notes.append("missing: " + "; ".join(missing[:5]) + (" ..." if len(missing) > 5 else ""))
    return ov
