"""HTTR movement (SR 8, 9, 11.2-11.3): a move is judged as one route through the log's drop points
(``rules.core.path.route``) with HTTR's step judge: MP by mode and movement class from the TEC, road
rates only in Concentrated or Travel Mode, +3 MP to leave an EZOC, never into an enemy-occupied hex,
the MA (a single-hex move always allowed), a disrupted unit at most one hex, the Reaction Phase's hex
limits, and the stacking limit at every moment of the move.

Readings where the rules are silent: a hex of several terrain types costs its most costly type (SR 12.0);
along a road the hexside's cheapest road type is paid and the hex terrain and hexside features are
ignored (9.4.1.1); a unit whose mode the log never showed is judged in each mode and the verdict is not
checkable when they disagree. What the terrain adds (raised roads, marsh, rivers: ``thoroughfares.py``) and
what a moving stack may do on a road (``columns.py``) are their own modules, as are how the unit moves now, leg or
vehicular (``movement_class.py``), and the MP leaders add (``leader_ma.py``).

A :class:`Movement` judges one position: the hexes in enemy ZOC, the MA, the column, each step's MP and each
hex's stacking verdict are worked out once and reused by every candidate step of the route search.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from hexforge.maps.hexes import Hex, ring
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.path import NoRoute, Route, route
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr import columns, thoroughfares
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.ferries import FERRY_MP, FerryLog
from hexforge.rules.httr.leader_ma import leader_bonus
from hexforge.rules.httr.los import Observation
from hexforge.rules.httr.morale import CHECK, for_check
from hexforge.rules.httr.movement_class import in_battery, moves_now, printed_ma
from hexforge.rules.httr.supply_codes import NO_ZOC_INTO  # SR 8.4.1 (L439)
from hexforge.rules.httr.units import is_kind, mobility, number, printed_range
from hexforge.rules.httr.vehicle_stacking import over_vehicle_limit
from hexforge.rules.registry import note, rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Tri, Verdict, tri_or

EZOC_EXIT = 3.0  # SR 8.1 (L433)
CA_COST = 3.0  # SR 10.1.11 (L540): 'a further 3MPs for the CA'
ADJACENT_ZOC_ONLY = frozenset({"woods", "town"})  # SR 8.4.1 (L439)
REACTION_HEXES = {"leg": 2, "other": 4}  # SR 9.1.4 (L454)
BRIDGED_WATER = frozenset({"stream", "canal", "river"})  # SR 9.4.3 (L489)
PERMANENT_FERRY_MP = 6.0  # ScR 9.2.11 (L1372): 'over and above terrain costs'
NIGHT_OFF_ROAD = 1.0  # SR 20.3 (L991): +1 MP per hex off road; road rates doubled
ANY_COLUMN = "move_*"  # a leader's column: the cheapest of them all (SR 19.5, ``cheapest``)
_UNSET = object()
_FLOORS: dict[int, tuple[object, dict[str, float]]] = {}  # id(game) -> (game, least step MP per TEC column)


note("HTTR SR 9.2.1 / 9.6.4", "MOV-3", "continuous movement; a moving stack picks up and drops off units, and a "
     "dropped unit's move is over", "httr.movement.Movement.judge, httr.referee.HttrReferee.on_move")


@dataclass(frozen=True, slots=True)
class Edge:
    """A step's part that does not depend on the move so far: an Illegal before the MA is counted, the MP it
    adds, what it needs when unknown, an Illegal after the MA (stacking), and whether the move stops there."""

    before: Illegal | None
    mp: float = 0.0
    needs: str | None = None
    after: Illegal | None = None
    stop: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    """A move so far: MP spent, hexes entered, whether the first hex already took more than the MA."""

    mp: float
    hexes: int
    over: bool = False
    stop: bool = False  # SR 9.6.6: a Travel unit entered other Travel units' hex by a thoroughfare and stops
    unsure: str | None = None  # what a step of unknown MP needs: ``mp`` (unknowns counted 0) is then a lower bound


class Movement:
    """The step judge of one unit's move in one position."""

    def __init__(self, game, state: GameState, uid: str, reaction: bool = False, obs: Observation | None = None,
                 night: bool = False, companions: tuple[str, ...] = (), morale_roll: int | None = None,
                 ferries: FerryLog | None = None, cramped: bool = False, morale_from: Any = None) -> None:
        """``companions``: the units that moved before this one in the same drag (a moving stack, SR 9.6.4);
        ``morale_roll``: the phase's last Morale Check roll (SR 9.5.2.2); ``ferries``: the Movement Phase's
        ferrying by bridge engineers (ScR 9.1), None when it is not followed; ``cramped``: the unit began the
        phase in an overstacked hex (SR 11.4.3: one hex); ``morale_from``: the position of ``state`` whose
        settings and Fatigue and Ferocity logs that check's morale reads (the referee: SR 21.5.4, ScR 15.5;
        None: the printed morale, the check's modifiers only)."""
        self.game, self.state, self.uid, self.reaction = game, state, uid, reaction
        self.night, self.companions, self.morale_roll, self.ferries = night, companions, morale_roll, ferries
        self.morale_from = morale_from
        self.crossed: list[tuple[Hex, Hex]] = []  # the judged route's ferry crossings (``judge``)
        self.cramped = cramped
        self.side = state.side(uid)
        self.tec = Cells.of(game, "tec")
        self.obs = obs or Observation(game)
        self.label = lambda h: game.map.labels.get(h, repr(h))
        self.lenient = False  # the second search: as if no column limit barred a road rate or a stop (``judge``)
        self.denied: Illegal | None = None  # the first column limit that denied this unit a road rate or stopped it
        self._zone: dict[Hex, Tri] | None = None
        self._why: dict[Hex, str] = {}  # what an unknown ZOC into a hex needs (``zoc_needs``)
        self._ma: object = _UNSET
        self.ma_unsure: str | None = None  # what would tell whether leaders add more MP (``leader_bonus``)
        self._column: object = _UNSET
        self._costs: dict[tuple, float | str | Unknown] = {}
        self.edges: dict[tuple[Hex, Hex, bool], Edge] = {}
        self._rooms: dict[Hex, Verdict] = {}

    # -- data --------------------------------------------------------------------------------

    def column(self) -> str | Unknown:
        """SR 9.3.2: the TEC movement column of the unit's mode and movement class."""
        if self._column is _UNSET:
            self._column = self._find_column()
        return self._column  # type: ignore[return-value]

    def _find_column(self) -> str | Unknown:
        if is_kind(self.game, self.uid, "leader"):
            return ANY_COLUMN  # SR 19.5 (L982): a leader moves as any variety of unit in any mode
        m = mem.mode(self.state, self.uid)
        if m is None:
            return Unknown(f"the mode of unit {self.uid} (its Mode layer: the log never showed it)")
        if m == "travel":
            return "move_travel"
        how = moves_now(self.game, self.state, self.uid)  # SR 9.3.3, 9.3.9: dismounted / HQ in Defilade: leg
        return how if isinstance(how, Unknown) else f"move_{m}_{how}"

    def cell(self, key: str, column: str) -> float | str | Unknown:
        """The TEC cell of row ``key``: a number, "prohibited", or Unknown; in a leader's column the least of the
        movement columns' (SR 19.5: prohibited only when all are, unknown when one is)."""
        if column == ANY_COLUMN:
            return least([self.cell(key, c) for c in self.tec.columns
                          if c.startswith("move_") and self.tec.get(key, c) != "none"])  # "none": no rate there
        v = self.tec.get(key, column)
        if v == "prohibited" or isinstance(v, (int, float)) and not isinstance(v, bool):
            return v
        return Unknown(f"TEC {key!r} {column}")

    def ma(self) -> float | Unknown:
        """SR 9.3.1 MA, +1 for each leader stacked with his own HQ above the unit (19.2.3, 19.6.2: ``leader_ma``); a
        lower bound when ``ma_unsure`` names what would tell whether a leader adds more."""
        if self._ma is _UNSET:
            self._ma = self._find_ma()
        return self._ma  # type: ignore[return-value]

    def ma_known(self) -> float | Unknown:
        """:meth:`ma`, or Unknown naming what would tell whether a leader adds more (for checks that compare MP spent
        with the MA outside the route search, which weighs the lower bound itself)."""
        ma = self.ma()
        return Unknown(self.ma_unsure) if self.ma_unsure is not None and not isinstance(ma, Unknown) else ma

    @rule("HTTR SR 9.3.1", "MOV-6", "MA 12; reconnaissance units 14; King Tiger II 9; static units 0 and never move")
    def printed_ma(self) -> float | Unknown:
        """The unit's MA by ``movement_class.printed_ma``."""
        return printed_ma(self.game, self.uid)

    def _find_ma(self) -> float | Unknown:
        base = self.printed_ma()
        if isinstance(base, Unknown):
            return base
        bonus = leader_bonus(self.game, self.state, self.uid)  # SR 19.2.3, 19.6.2
        self.ma_unsure = bonus.unsure
        return base + bonus.mp

    # -- ZOC ---------------------------------------------------------------------------------

    def exerts(self, u: str, into: Hex) -> Tri:
        """SR 8.0, 8.4.1, 8.6: does enemy unit ``u`` project a ZOC into ``into``? None when unknown;
        :meth:`zoc_needs` then names the datum."""
        got = self._exerts(u, into)
        if isinstance(got, Unknown):
            self._why.setdefault(into, got.needs)
            return None
        return got

    def _exerts(self, u: str, into: Hex) -> bool | Unknown:
        """8.6.2: no ZOC disrupted, depleted or in Travel; 8.6: none from leaders and bridging engineers; static
        units exert one as other units do (18.10 L958: they "function in all other ways as other units do"; their
        back is the disrupted "D" side, so they have no Travel side: reading)."""
        m = mem.mode(self.state, u)
        if any(mem.has(self.state, u, s) for s in ("disrupted", "depleted")) or m == "travel":
            return False
        k = is_kind(self.game, u, "leader", "bridging_engineer")
        if k is None:
            return Unknown(f"the type of unit {u} (units.csv type: leaders and bridging engineers exert no ZOC, "
                           "SR 8.6)")
        if k:
            return False
        kinds = self.game.map.terrain.of(into)
        if kinds is None:
            return Unknown(f"terrain of hex {self.label(into)} (unsurveyed)")
        if kinds & NO_ZOC_INTO:
            return False
        at = self.state.where(u)
        d = at.distance(into) if at is not None else 99
        if d > 2:
            return False
        if d == 2:
            rng = printed_range(self.game, u)
            if isinstance(rng, Unknown):
                return rng
            if rng < 2 or kinds & ADJACENT_ZOC_ONLY:
                return False
            through = self.past_dikes(at, into)
            seen = through if through is not True else self.obs.observe(at, into).visible
            if seen is None:
                return Unknown(f"whether {u} observes {self.label(into)} past the hexes between (SR 7.0, 8.4.2)")
            if not seen:
                return False
        if m is None and is_kind(self.game, u, "static") is not True:
            return Unknown(f"the mode of unit {u} (its Mode layer: a unit in Travel Mode exerts no ZOC, SR 8.6.2)")
        return True

    def zoc_needs(self, h: Hex) -> str:
        """What would tell whether ``h`` is in an enemy ZOC when :meth:`in_ezoc` answers None."""
        self.zone()
        why = self._why.get(h)
        what = f"whether {self.label(h)} is in an enemy ZOC (SR 8.0)"
        return f"{why}, for {what}" if why else what

    @rule("HTTR SR 8.4.2", "ZOC-3", "a ZOC extends through a dike hexside only from a unit adjacent to it")
    def past_dikes(self, at: Hex, into: Hex) -> Tri:
        """A two-hex ZOC from ``at`` reaches ``into`` through a hex between them; the hexside from that hex into
        ``into`` is not adjacent to the unit, so a dike there stops it (a dike next to the unit does not)."""
        ways: list[Tri] = []
        for m in at.neighbours():
            if m.distance(into) != 1:
                continue
            dike = any(f.kind == "dike" for f in self.game.map.terrain.features(m, into))
            ways.append(False if dike else True if self.game.map.terrain.of(m) is not None else None)
        return tri_or(*ways)

    def zone(self) -> dict[Hex, Tri]:
        """SR 8.0: every hex an enemy unit may project a ZOC into (True, or None when unknown), worked out once
        per position; a hex not in it is in no enemy ZOC."""
        if self._zone is None:
            zone: dict[Hex, Tri] = {}
            for u, at in sorted(self.state.positions.items()):
                if self.state.side(u) in (None, self.side):
                    continue
                for r in (1, 2):
                    for h in ring(at, r):
                        if zone.get(h) is not True:
                            zone[h] = tri_or(zone.get(h, False), self.exerts(u, h))
            self._zone = zone
        return self._zone

    def in_ezoc(self, h: Hex) -> Tri:
        return self.zone().get(h, False)

    # -- one step ----------------------------------------------------------------------------

    def strength_at(self, h: Hex, travel: bool = False) -> float | Unknown:
        """The SP of the other units in ``h`` (``travel``: only those in Travel Mode, SR 9.6.5)."""
        total = 0.0
        for u in self.state.at(h):
            if u == self.uid or is_kind(self.game, u, "leader", "static"):
                continue  # SR 11.2.6: leaders and static units never count
            if travel and mem.mode(self.state, u) != "travel":
                continue
            s = number(self.game, u, "strength")
            if isinstance(s, Unknown):
                return s
            total += s
        return total

    def enter_cost(self, a: Hex, b: Hex, column: str) -> float | str | Unknown:
        """MP into ``b`` from ``a``: a road's rate (doubled at night, SR 20.3), else the worst terrain plus
        hexside features (+1 MP at night); +1 MP over a raised-road-only bridge for leg units (SR 9.4.2.4)."""
        key = (a, b, column, self.lenient)
        if key not in self._costs:
            if column == ANY_COLUMN:
                cost = self.cheapest(a, b)
            else:
                cost = self._cost(a, b, column)
                if isinstance(cost, float):
                    cost += thoroughfares.bridge_extra(self, a, b)
            self._costs[key] = cost
        return self._costs[key]

    @rule("HTTR SR 19.5", "MOV-2", "a leader's MP into each hex are the cheapest of any variety of unit in any mode")
    def cheapest(self, a: Hex, b: Hex) -> float | str | Unknown:
        """SR 19.5 (L982): "the owning player may treat them as any variety of unit he wishes in any deployment mode
        ... whatever is most beneficial", hex by hex: the least MP over the TEC's movement columns (prohibited only
        when every column is; not known when a column's cost is not, since it might be the least)."""
        costs = [self.enter_cost(a, b, c) for c in self.tec.columns if c.startswith("move_")]
        return least(costs)

    @rule("HTTR SR 20.3", "MOV-27", "at night +1 MP per hex off road; road rates doubled")
    def _cost(self, a: Hex, b: Hex, column: str) -> float | str | Unknown:
        m = "travel" if column == "move_travel" else column.split("_")[1]  # the column's mode (``_find_column``)
        roads = thoroughfares.usable_roads(self, a, b, column)
        if roads and m in ("concentrated", "travel"):  # SR 9.4.1.2: no road rate in Defilade
            barred = None if self.lenient else columns.road_barred(self, b)
            known = [v for v in (self.cell(r, column) for r in roads) if isinstance(v, (int, float))]
            if barred is not None and known:
                self.denied = self.denied or barred
            elif known:
                return float(min(known)) * (2.0 if self.night else 1.0)
        kinds = self.game.map.terrain.of(b)
        if kinds is None:
            return Unknown(f"terrain of hex {self.label(b)} (unsurveyed)")
        cost = 0.0
        for k in sorted(kinds):
            v = self.cell(k, column)
            if v == "prohibited" or isinstance(v, Unknown):
                return v
            cost = max(cost, float(v))
        feats = self.game.map.terrain.features(a, b)
        bridged = thoroughfares.bridged(self.game, a, b)
        for f in sorted(feats, key=lambda f: f.kind):
            if f.kind in ("bridge", "ferry") or (f.kind in thoroughfares.CROSSINGS and self.ferries is not None
                                                 and not bridged):
                continue  # a ferry crossing costs FERRY_MP instead (ScR 9.1.1, 9.2.11: ``ferry_mp``)
            v = self.cell(f.kind, column)
            if v == "prohibited" and not bridged:
                return "prohibited"
            if isinstance(v, Unknown):
                return v
            if not (bridged and f.kind in BRIDGED_WATER):  # SR 9.4.3: bridges negate the water's cost
                cost += float(v) if isinstance(v, (int, float)) else 0.0
        return cost + (NIGHT_OFF_ROAD if self.night else 0.0)

    @rule("HTTR SR 9.2-9.3", "MOV-2/MOV-4/MOV-5/MOV-11/MOV-12/MOV-26/SOP-4/ZOC-1/ZOC-2/ZOC-4/STK-1/STK-2/MOR-4",
          "a step: MP by mode and class, +3 MP out of an EZOC, no enemy hex, MA, one hex disrupted, Reaction "
          "Phase hex limits, stacking at every moment")
    def step(self, rec: Step, a: Hex, b: Hex) -> tuple[Verdict, Step]:
        barred = self.barred(rec, b)
        if barred is not None:
            return barred, rec
        column = self.column()
        if isinstance(column, Unknown):
            return NotCheckable(column.needs), Step(rec.mp, rec.hexes + 1)
        e = self.edges.get((a, b, self.lenient)) or self.edge(a, b, column)
        if e.before is not None:
            return e.before, rec
        mp = rec.mp + e.mp
        v = self.check_ma(rec, Step(mp, rec.hexes + 1))
        if isinstance(v, Illegal):
            return v, rec
        if e.after is not None:
            return e.after, rec
        unknown = e.needs or (v.needs if isinstance(v, NotCheckable) else None)
        after = Step(mp, rec.hexes + 1, isinstance(v, Legal) and v.detail == "first", e.stop)
        return (NotCheckable(unknown) if unknown else Legal()), after

    def edge(self, a: Hex, b: Hex, column: str) -> Edge:
        """What the step from ``a`` into ``b`` costs and meets whatever the move did before (kept per position)."""
        cost = self.enter_cost(a, b, column)
        ground = thoroughfares.judge_ground(self, a, b)  # before the TEC: a ferry may cross a prohibited hexside
        if isinstance(ground, NotCheckable) and cost == "prohibited":
            cost = Unknown(ground.needs)
        if isinstance(ground, Illegal):
            e = Edge(ground)
        elif cost == "prohibited":
            e = Edge(Illegal("HTTR SR 9.2.3", f"{self.uid} may not enter {self.label(b)} from {self.label(a)} "
                             f"({column}: prohibited on the TEC)"))
        else:
            ez = self.in_ezoc(a)
            unknown = cost.needs if isinstance(cost, Unknown) else ground.needs if ground is not None else None
            if ez is None:
                unknown = unknown or self.zoc_needs(a)
            mp = (0.0 if isinstance(cost, Unknown) else float(cost)) + (EZOC_EXIT if ez else 0.0) + self.ferry_mp(a, b)
            after = None
            for check in (self.check_stacking(b), self.check_into_ezoc(b)):
                if isinstance(check, Illegal):
                    after = after or check
                unknown = unknown or (check.needs if isinstance(check, NotCheckable) else None)
            e = Edge(None, mp, unknown, after,
                     columns.must_stop(self, a, b))
        self.edges[(a, b, self.lenient)] = e
        return e

    @rule("HTTR ScR 9.1.1 / 9.2.11", "FRY-2/FRY-3", "a ferried unit pays 6 MP (bridge engineers); a unit crossing "
          "the permanent ferry pays 6 MP over the terrain costs")
    def ferry_mp(self, a: Hex, b: Hex) -> float:
        """ScR 9.1.1: 6 MP to be ferried by bridge engineers across unbridged water; ScR 9.2.11: 6 MP "over and above
        terrain costs" to use a permanent ferry (the game.toml ``[special.permanent_ferry]`` hexes' pair, or a ferry
        hexside: reading, the map's ferry triangles are permanent ferry locations, ScR 9.2.17; their TEC row is
        this cost, so it is not paid as a hexside too)."""
        if self.ferries is not None and thoroughfares.unbridged_water(self.game, a, b):
            return FERRY_MP
        cfg = self.game.special("permanent_ferry")
        ends = {str(h) for h in cfg.get("hexes") or ()} if isinstance(cfg, dict) else set()
        pair = len(ends) == 2 and {self.label(a), self.label(b)} == ends
        if pair or any(f.kind == "ferry" for f in self.game.map.terrain.features(a, b)):
            return PERMANENT_FERRY_MP
        return 0.0

    def barred(self, rec: Step, b: Hex) -> Verdict | None:
        """What forbids any step into ``b`` now: an enemy unit or leader there, the one hex of a disrupted unit,
        the Reaction Phase's hex limit, a Travel column's stop (SR 9.2.2, 19.3.2, 9.5.3, 9.1.4, 9.6.6)."""
        enemy = [u for u in self.state.at(b) if self.state.side(u) not in (None, self.side)
                 and is_kind(self.game, u, "leader") is not True]
        if enemy and all(is_kind(self.game, u, "leader") is None for u in enemy):
            return NotCheckable(f"the type of unit {enemy[0]} (units.csv type: a lone leader does not bar the hex, "
                                "SR 19.3.1)")
        if enemy:
            return Illegal("HTTR SR 9.2.2", f"{self.uid} entered {self.label(b)}, which holds enemy unit {enemy[0]}")
        leaders = [u for u in self.state.at(b) if self.state.side(u) not in (None, self.side)
                   and is_kind(self.game, u, "leader")]
        leads = is_kind(self.game, self.uid, "leader") if leaders else False
        if leads is None:
            return NotCheckable(f"the type of unit {self.uid} (units.csv type: if it is a leader it may not enter "
                                f"{self.label(b)}, where enemy leader {leaders[0]} stands, SR 19.3.2)")
        if leads:
            return Illegal("HTTR SR 19.3.2", f"{self.uid} enters {self.label(b)}, where an enemy leader stands: "
                           "opposing leaders never share a hex")
        if mem.has(self.state, self.uid, "disrupted") and rec.hexes >= 1:
            return Illegal("HTTR SR 9.5.3", f"{self.uid} is disrupted and moves at most one hex")
        if self.cramped and rec.hexes >= 1:
            return Illegal("HTTR SR 11.4.3", f"{self.uid} began the phase overstacked: its MA is one hex")
        if self.ferries is not None and self.uid in self.ferries.carried:
            return Illegal("HTTR ScR 9.1.3", f"{self.uid} ferried units across the water this phase: it may not move "
                           "(nor ferry itself, ScR 9.1.5)")
        if self.ferries is not None and self.uid in self.ferries.itself:
            return Illegal("HTTR ScR 9.1.4", f"{self.uid} ferried itself this phase and moves no further")
        if rec.stop and not self.lenient:
            self.denied = self.denied or Illegal("HTTR SR 9.6.6", f"{self.uid} is in Travel Mode and entered a hex "
                                                 "of other units in Travel Mode along a thoroughfare: it stops there")
            return self.denied
        if rec.hexes >= 1 and in_battery(self.game, self.state, self.uid):
            return Illegal("HTTR SR 9.5.2.1", f"{self.uid} is a towed unit in battery: it moves at most one hex "
                           "(SR 9.3.10: further only in Travel Mode)")
        if self.reaction:
            how = moves_now(self.game, self.state, self.uid)  # SR 9.3.3, 9.3.9
            if isinstance(how, Unknown):
                return NotCheckable(how.needs)
            limit = REACTION_HEXES["leg" if how == "leg" else "other"]
            if rec.hexes >= limit:
                return Illegal("HTTR SR 9.1.4", f"{self.uid} moved more than {limit} hexes in a Reaction Phase "
                               f"({'leg' if limit == 2 else 'non-leg'} unit)")
        return None

    def check_ma(self, before: Step, after: Step) -> Verdict:
        """SR 9.2.3-9.2.4: MP within the MA, or a single-hex move."""
        ma = self.ma()
        if isinstance(ma, Unknown):
            return NotCheckable(ma.needs)
        if before.over or (after.mp > ma and before.hexes >= 1):
            if self.ma_unsure is not None:  # a leader may add more MP (SR 19.2.3)
                return NotCheckable(self.ma_unsure)
            return Illegal("HTTR SR 9.2.3", f"{self.uid} needs more than its MA of {ma:g} MP "
                           f"({after.mp:g} MP after {after.hexes} hexes)")
        return Legal(detail="first") if after.mp > ma else Legal()

    def check_stacking(self, b: Hex) -> Verdict:
        """SR 11.2.1 / 9.2.5: the SP in a hex never exceed its TEC stacking limit, at any moment; SR 9.6.5: never
        more than 8 SP in Travel Mode."""
        if b not in self._rooms:
            self._rooms[b] = self._room(b)
        return self._rooms[b]

    def _room(self, b: Hex) -> Verdict:
        v = self.over_limit(b)
        if not isinstance(v, Legal):
            return v
        mine = number(self.game, self.uid, "strength")
        return columns.travel_room(self, b, mine) if not isinstance(mine, Unknown) else Legal()

    def over_limit(self, b: Hex) -> Verdict:
        """SR 11.2.1: Illegal when the unit and the others in ``b`` exceed the hex's TEC stacking limit."""
        if is_kind(self.game, self.uid, "leader", "static"):
            return Legal()
        kinds = self.game.map.terrain.of(b)
        if kinds is None:
            return NotCheckable(f"terrain of hex {self.label(b)} (unsurveyed)")
        limits = [self.cell(k, "stacking_limit") for k in sorted(kinds)]
        bad = next((x for x in limits if isinstance(x, Unknown)), None)
        if bad is not None:
            return NotCheckable(bad.needs)
        limit = min(float(x) for x in limits if isinstance(x, (int, float))) if limits else None
        here, mine = self.strength_at(b), number(self.game, self.uid, "strength")
        for x in (here, mine):
            if isinstance(x, Unknown):
                return NotCheckable(x.needs)
        if limit is not None and here + mine > limit:
            return Illegal("HTTR SR 11.2.1", f"{self.uid} would make {here + mine:g} SP in {self.label(b)}, over "
                           f"its stacking limit of {limit:g}")
        return over_vehicle_limit(self, b, kinds)

    @rule("HTTR SR 9.5.2.2 / 16.2", "MOV-10", "a towed AT or flak unit in battery moves one hex into an EZOC only "
          "after a passed morale check (its own morale or an accompanying leg unit's)")
    def check_into_ezoc(self, b: Hex) -> Verdict:
        """The phase's last Morale Check roll must not exceed the best morale of the unit and the leg units
        stacked with it (16.2: a check fails when the roll exceeds the morale)."""
        if not (is_kind(self.game, self.uid, "at", "flak") and mobility(self.game, self.uid) == "towed"
                and mem.mode(self.state, self.uid) == "defilade"):
            return Legal()
        ez = self.in_ezoc(b)
        if ez is not True:
            return Legal() if ez is False else NotCheckable(self.zoc_needs(b))
        if self.morale_roll is None:
            return Illegal("HTTR SR 9.5.2.2", f"{self.uid} is a towed unit in battery and moves into an enemy ZOC "
                           "without a morale check first")
        at = self.state.where(self.uid)
        others = [u for u in (self.state.at(at) if at else ()) if u != self.uid and not is_kind(self.game, u, "leader")]
        moving = {u: moves_now(self.game, self.state, u) for u in others}  # a dismounted unit moves as leg (9.3.3)
        crew = [self.uid] + [u for u in others if moving[u] == "leg"]
        src = self if self.morale_from is None else self.morale_from  # fatigue, Ferocity (SR 21.5.4, ScR 15.5)
        morale = [for_check(src, u, CHECK, self.morale_roll) for u in crew]  # -4, +1 (10.6.2, 16.5): morale.py
        known = [m for m in morale if not isinstance(m, Unknown)]
        if known and self.morale_roll <= max(known):
            return Legal()
        if len(known) < len(morale):
            return NotCheckable(next(m for m in morale if isinstance(m, Unknown)).needs)
        maybe = next((u for u in others if isinstance(moving[u], Unknown)), None)
        if maybe is not None:  # it may be a leg unit whose morale the AT unit may use
            return NotCheckable(f"{moving[maybe].needs} (whether {maybe} is a leg unit accompanying {self.uid}, "
                                "SR 9.5.2.2)")
        return Illegal("HTTR SR 9.5.2.2", f"{self.uid} moves into an enemy ZOC in battery, but its morale check "
                       f"failed ({self.morale_roll} > {max(known):g})")

    # -- a whole move ------------------------------------------------------------------------

    def search(self, start: Hex, drops: list[Hex], spent: Step) -> Route[Step] | NoRoute | None:
        most = sum(a.distance(b) for a, b in zip([start] + drops, drops)) + 6
        return route(start, spent, drops, self.step, lambda r: r.mp, lambda r: (r.hexes, r.over, r.stop),
                     lambda h: [n for n in h.neighbours() if n in self.game.map.labels], most, floor=self.floor())

    def floor(self) -> float:
        """The least MP any step of this unit can cost (so the search looks first where a route can still be
        cheapest), 0 when a step may cost an unknown (counted 0 MP)."""
        column = self.column()
        if isinstance(column, Unknown) or column not in self.tec.columns:
            return 0.0
        key = id(self.game)
        if key not in _FLOORS or _FLOORS[key][0] is not self.game:
            _FLOORS[key] = (self.game, {})
        known = _FLOORS[key][1]
        if column not in known:
            known[column] = least_step(self.game, self.tec, column)
        return known[column]

    def judge(self, start: Hex, drops: list[Hex], spent: Step) -> tuple[Verdict, Step]:
        """The move from ``start`` through ``drops``: legal naming the route and its MP, not checkable naming
        what the only routes found need, illegal citing what blocked the closest try (or the column limit that
        denied the road rate or stopped a Travel unit when only that makes the move, SR 9.6.5-9.6.7 / 11.3.7)."""
        hops = [start] + [d for d in drops]
        drops = [b for a, b in zip(hops, hops[1:]) if a != b]
        if not drops:
            return Legal(), spent
        if is_kind(self.game, self.uid, "static"):
            return Illegal("HTTR SR 9.3.1", f"{self.uid} is a static unit: static units may not move"), spent
        found = self.search(start, drops, spent)
        names = lambda hs: "-".join(self.label(h) for h in hs)  # noqa: E731
        if isinstance(found, NoRoute) and self.denied is not None:
            self.lenient = True
            again = self.search(start, drops, spent)
            self.lenient = False
            if isinstance(again, Route) and again.needs is None:
                return Illegal(self.denied.rule, f"{self.uid} reaches {names(drops)} only by a way the moving "
                               f"stacks' limits bar (via {names(again.hexes)}): {self.denied.reason}"), spent
        if isinstance(found, NoRoute):
            return Illegal(found.blocked.rule, f"{self.uid} has no legal route from {self.label(start)} through "
                           f"{names(drops)} (closest tried: {names(found.at)}; {found.blocked.reason})"), spent
        if found is None:
            return Illegal("HTTR SR 9.1", f"{self.uid} has no route from {self.label(start)} to {names(drops)}"), spent
        self.crossed = [(a, b) for a, b in zip(found.hexes, found.hexes[1:])
                        if thoroughfares.unbridged_water(self.game, a, b)]
        unsure = found.needs or spent.unsure
        if unsure is not None:  # the MP spent are a lower bound: later checks on them say so
            return NotCheckable(unsure), replace(found.record, unsure=unsure)
        ma = self.ma()
        return Legal(detail=f"via {names(found.hexes)}, {found.record.mp:g} of {ma:g} MP"), found.record


def least(costs: list[float | str | Unknown]) -> float | str | Unknown:
    """The least of several columns' MP (SR 19.5): the first unknown if one is, prohibited when all are."""
    unknown = next((c for c in costs if isinstance(c, Unknown)), None)
    known = [float(c) for c in costs if isinstance(c, (int, float))]
    return unknown if unknown is not None else min(known) if known else "prohibited"


def least_step(game, tec: Cells, column: str) -> float:
    """The least number in a TEC column among the rows the map uses (its hex types, hexside features and
    thoroughfares); 0 when the map has an unsurveyed hex or a used row's cell is not a number (such a step
    costs an unknown, counted 0 MP). Roads' cells that are no number are never paid (the terrain is)."""
    t = game.map.terrain
    if any(h not in t.hexes for h in game.map.labels):
        return 0.0
    hexes = {k for kinds in t.hexes.values() for k in kinds}
    sides = {f.kind for fs in t.hexsides.values() for f in fs}
    roads = {k for ks in t.thoroughfares.values() for k in ks}
    if thoroughfares.CITY in hexes:
        roads |= thoroughfares.CITY_TRAIL  # SR 9.4.1.3: a trail between city hexes
    got: list[float] = []
    for key in sorted(hexes | sides | roads):
        c = tec.get(key, column)
        if isinstance(c, (int, float)) and not isinstance(c, bool):
            got.append(float(c))
        elif c != "prohibited" and key in hexes | sides and key != "bridge":
            return 0.0
    return min(got, default=0.0)
