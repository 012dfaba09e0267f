"""HTTR movement (SR 8, 9, 11.2-11.3): a move is judged as one route through the log's drop points
(``rules.core.path.route``) with HTTR's step judge: MP by mode and movement class from the TEC, road
rates only in Concentrated or Travel Mode, +3 MP to leave an EZOC, never into an enemy-occupied hex,
the MA (a single-hex move always allowed), a disrupted unit at most one hex, the Reaction Phase's hex
limits, and the stacking limit at every moment of the move.

Readings where the rules are silent: a hex of several terrain types costs its most costly type (SR 12.0);
along a road the hexside's cheapest road type is paid and the hex terrain and hexside features are
ignored (9.4.1.1); a unit whose mode the log never showed is judged in each mode and the verdict is not
checkable when they disagree.
"""
from __future__ import annotations

from dataclasses import dataclass

from hexforge.maps.hexes import Hex, ring
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.path import NoRoute, route
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.los import Observation
from hexforge.rules.httr.units import is_kind, mobility, number, printed_range
from hexforge.rules.httr.supply_codes import NO_ZOC_INTO  # SR 8.4.1 (L439)
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Tri, Verdict, tri_or

ROADS = ("primary_road", "secondary_road", "trail", "raised_road", "raised_trail", "railroad")  # 9.4.1
EZOC_EXIT = 3.0  # SR 8.1 (L433)
CA_COST = 3.0  # SR 10.1.11 (L540): 'a further 3MPs for the CA'
ADJACENT_ZOC_ONLY = frozenset({"woods", "town"})  # SR 8.4.1 (L439)
REACTION_HEXES = {"leg": 2, "other": 4}  # SR 9.1.4 (L454)


@dataclass(frozen=True, slots=True)
class Step:
    """A move so far: MP spent, hexes entered, whether the first hex already took more than the MA."""

    mp: float
    hexes: int
    over: bool = False


class Movement:
    """The step judge of one unit's move in one position."""

    def __init__(self, game, state: GameState, uid: str, reaction: bool = False,
                 obs: Observation | None = None) -> None:
        self.game, self.state, self.uid, self.reaction = game, state, uid, reaction
        self.side = state.side(uid)
        self.tec = Cells.of(game, "tec")
        self.obs = obs or Observation(game)
        self.label = lambda h: game.map.labels.get(h, repr(h))

    # -- data --------------------------------------------------------------------------------

    def column(self) -> str | Unknown:
        """SR 9.3.2: the TEC movement column of the unit's mode and movement class."""
        m = mem.mode(self.state, self.uid)
        mob = mobility(self.game, self.uid)
        if m is None:
            return Unknown(f"the mode of unit {self.uid} (its Mode layer: the log never showed it)")
        if m == "travel":
            return "move_travel"
        if isinstance(mob, Unknown):
            return mob
        return f"move_{m}_{'leg' if mob == 'leg' else 'vehicular'}"

    def cell(self, key: str, column: str) -> float | str | Unknown:
        v = self.tec.get(key, column)
        if v == "prohibited" or isinstance(v, (int, float)) and not isinstance(v, bool):
            return v
        return Unknown(f"TEC {key!r} {column}")

    def ma(self) -> float | Unknown:
        """SR 9.3.1 MA, +1 for each leader stacked with the unit's HQ (19.2.3, 19.6.2)."""
        base = number(self.game, self.uid, "movement")
        if isinstance(base, Unknown):
            return base
        hq = self.game.units[self.uid].formation
        at = self.state.where(hq) if hq in self.game.units else None
        here = self.state.at(at) if at is not None else ()
        unsure = [u for u in here if is_kind(self.game, u, "leader") is None]
        if unsure:
            return Unknown(f"the type of unit {unsure[0]} (units.csv type: a leader with the HQ adds 1 MP, SR 19.2.3)")
        return base + len([u for u in here if is_kind(self.game, u, "leader")])

    # -- ZOC ---------------------------------------------------------------------------------

    def exerts(self, u: str, into: Hex) -> Tri:
        """SR 8.0, 8.4.1, 8.6: does enemy unit ``u`` project a ZOC into ``into``?"""
        if any(mem.has(self.state, u, s) for s in ("disrupted", "depleted")) or mem.mode(self.state, u) == "travel":
            return False
        k = is_kind(self.game, u, "leader", "bridging_engineer", "static")
        if k is None:
            return None  # SR 8.6: whether it exerts one depends on its type
        if k:
            return False
        kinds = self.game.map.terrain.of(into)
        if kinds is None:
            return None
        if kinds & NO_ZOC_INTO:
            return False
        at = self.state.where(u)
        d = at.distance(into) if at is not None else 99
        if d == 1:
            return True
        rng = printed_range(self.game, u)
        if isinstance(rng, Unknown):
            return None
        if d > 2 or rng < 2 or kinds & ADJACENT_ZOC_ONLY:
            return False
        return self.obs.observe(at, into).visible

    def in_ezoc(self, h: Hex) -> Tri:
        near = [u for r in (1, 2) for m in ring(h, r) for u in self.state.at(m)
                if self.state.side(u) not in (None, self.side)]
        return tri_or(*[self.exerts(u, h) for u in sorted(near)]) if near else False

    # -- one step ----------------------------------------------------------------------------

    def strength_at(self, h: Hex) -> float | Unknown:
        total = 0.0
        for u in self.state.at(h):
            if u == self.uid or is_kind(self.game, u, "leader", "static"):
                continue  # SR 11.2.6: leaders and static units never count
            s = number(self.game, u, "strength")
            if isinstance(s, Unknown):
                return s
            total += s
        return total

    def enter_cost(self, a: Hex, b: Hex, column: str) -> float | str | Unknown:
        """MP into ``b`` from ``a``: a road's rate, else the worst terrain plus hexside features."""
        m = mem.mode(self.state, self.uid)
        roads = sorted(self.game.map.terrain.connections(a, b) & set(ROADS))
        if roads and m in ("concentrated", "travel"):  # SR 9.4.1.2: no road rate in Defilade
            got = [self.cell(r, column) for r in roads]
            known = [v for v in got if isinstance(v, (int, float))]
            if known:
                return float(min(known))
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
        bridged = any(f.kind == "bridge" for f in feats)
        for f in sorted(feats, key=lambda f: f.kind):
            if f.kind == "bridge":
                continue
            v = self.cell(f.kind, column)
            if v == "prohibited" and not bridged:
                return "prohibited"
            if isinstance(v, Unknown):
                return v
            cost += float(v) if isinstance(v, (int, float)) else 0.0
        return cost

    @rule("HTTR SR 9.2-9.3", "MOV-2/MOV-4/MOV-5/MOV-11/MOV-12/MOV-26/SOP-4/ZOC-1/ZOC-2/ZOC-4/STK-1/STK-2/MOR-4",
          "a step: MP by mode and class, +3 MP out of an EZOC, no enemy hex, MA, one hex disrupted, Reaction "
          "Phase hex limits, stacking at every moment")
    def step(self, rec: Step, a: Hex, b: Hex) -> tuple[Verdict, Step]:
        enemy = [u for u in self.state.at(b) if self.state.side(u) not in (None, self.side)
                 and is_kind(self.game, u, "leader") is not True]
        if enemy and all(is_kind(self.game, u, "leader") is None for u in enemy):
            return NotCheckable(f"the type of unit {enemy[0]} (units.csv type: a lone leader does not bar the hex, "
                                "SR 19.3.1)"), rec
        if enemy:
            return Illegal("HTTR SR 9.2.2", f"{self.uid} entered {self.label(b)}, which holds enemy unit {enemy[0]}"), rec
        if is_kind(self.game, self.uid, "leader") and any(
                is_kind(self.game, u, "leader") for u in self.state.at(b) if self.state.side(u) not in (None, self.side)):
            return Illegal("HTTR SR 19.3.2", f"{self.uid} enters {self.label(b)}, where an enemy leader stands: "
                           "opposing leaders never share a hex"), rec
        if mem.has(self.state, self.uid, "disrupted") and rec.hexes >= 1:
            return Illegal("HTTR SR 9.5.3", f"{self.uid} is disrupted and moves at most one hex"), rec
        if self.reaction:
            mob = mobility(self.game, self.uid)
            if isinstance(mob, Unknown):
                return NotCheckable(mob.needs), rec
            limit = REACTION_HEXES["leg" if mob == "leg" else "other"]
            if rec.hexes >= limit:
                return Illegal("HTTR SR 9.1.4", f"{self.uid} moved more than {limit} hexes in a Reaction Phase "
                               f"({'leg' if limit == 2 else 'non-leg'} unit)"), rec
        column = self.column()
        if isinstance(column, Unknown):
            return NotCheckable(column.needs), Step(rec.mp, rec.hexes + 1)
        cost = self.enter_cost(a, b, column)
        if cost == "prohibited":
            return Illegal("HTTR SR 9.2.3", f"{self.uid} may not enter {self.label(b)} from {self.label(a)} "
                           f"({column}: prohibited on the TEC)"), rec
        ez = self.in_ezoc(a)
        unknown = cost.needs if isinstance(cost, Unknown) else None
        if ez is None:
            unknown = unknown or f"whether {self.label(a)} is in an enemy ZOC (SR 8.0)"
        mp = rec.mp + (0.0 if isinstance(cost, Unknown) else float(cost)) + (EZOC_EXIT if ez else 0.0)
        after = Step(mp, rec.hexes + 1)
        v = self.check_ma(rec, after)
        if isinstance(v, Illegal):
            return v, rec
        after = Step(mp, rec.hexes + 1, over=isinstance(v, Legal) and v.detail == "first")
        room = self.check_stacking(b)
        if isinstance(room, Illegal):
            return room, rec
        unknown = unknown or (v.needs if isinstance(v, NotCheckable) else None) or (
            room.needs if isinstance(room, NotCheckable) else None)
        return (NotCheckable(unknown) if unknown else Legal()), after

    def check_ma(self, before: Step, after: Step) -> Verdict:
        """SR 9.2.3-9.2.4: MP within the MA, or a single-hex move."""
        ma = self.ma()
        if isinstance(ma, Unknown):
            return NotCheckable(ma.needs)
        if before.over or (after.mp > ma and before.hexes >= 1):
            return Illegal("HTTR SR 9.2.3", f"{self.uid} needs more than its MA of {ma:g} MP "
                           f"({after.mp:g} MP after {after.hexes} hexes)")
        return Legal(detail="first") if after.mp > ma else Legal()

    def check_stacking(self, b: Hex) -> Verdict:
        """SR 11.2.1 / 9.2.5: the SP in a hex never exceed its TEC stacking limit, at any moment."""
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
        return Legal()

    # -- a whole move ------------------------------------------------------------------------

    def judge(self, start: Hex, drops: list[Hex], spent: Step) -> tuple[Verdict, Step]:
        """The move from ``start`` through ``drops``: legal naming the route and its MP, not checkable naming
        what the only routes found need, illegal citing what blocked the closest try."""
        hops = [start] + [d for d in drops]
        drops = [b for a, b in zip(hops, hops[1:]) if a != b]
        if not drops:
            return Legal(), spent
        most = sum(a.distance(b) for a, b in zip(hops, hops[1:])) + 6
        found = route(start, spent, drops, self.step, lambda r: r.mp, lambda r: (r.hexes, r.over),
                      lambda h: [n for n in h.neighbours() if n in self.game.map.labels], most, floor=0.0)
        names = lambda hs: "-".join(self.label(h) for h in hs)  # noqa: E731
        if isinstance(found, NoRoute):
            return Illegal(found.blocked.rule, f"{self.uid} has no legal route from {self.label(start)} through "
                           f"{names(drops)} (closest tried: {names(found.at)}; {found.blocked.reason})"), spent
        if found is None:
            return Illegal("HTTR SR 9.1", f"{self.uid} has no route from {self.label(start)} to {names(drops)}"), spent
        if found.needs is not None:
            return NotCheckable(found.needs), found.record
        ma = self.ma()
        return Legal(detail=f"via {names(found.hexes)}, {found.record.mp:g} of {ma:g} MP"), found.record
