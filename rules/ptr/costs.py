"""What one step of a PtR Movement Action costs, and the hexsides and hexes it may not cross or enter, from the
map's terrain data (PtR 12.3-12.6): the road rate (12.3A-C), the leg +2 MA (12.4), streams (12.6A-B), the Roer
(12.6C) and the German Turn 1-3 restriction (12.5). Roads are ``thoroughfare`` terrain with a TEC row; streams
and the Roer are hexside features; the Roer crossings and the restricted area are ``game.toml [special]``
entries (``roer_crossings``, ``movement_restriction``), so no hex of a game is written here."""
from __future__ import annotations

from dataclasses import dataclass

from hexforge.games.values import plain
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.ptr.data import PtrData
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal

NOT_ROAD = frozenset({"town", "city", "industrial"})  # PtR 12.3A: these are not road hexes
STREAM_FREE = frozenset({"town", "industrial"})  # PtR 12.6B: a motorized crossing from or into them pays nothing
US_LEG_ROAD_MP = 0.5  # PtR 12.3C
STREAM_LEG_MP = 1.0  # PtR 12.6A
LEG_BONUS_MA = 2  # PtR 12.4
ROER = "roer"  # the Roer's hexside feature id (PtR 12.6C)


@dataclass(frozen=True, slots=True)
class StepCost:
    """One step's MP for the stack (``None``: prohibited terrain), whether it ends the Movement Action (a
    motorized stream crossing, 12.6B: the reason), and a rule it breaks."""

    mp: float | Unknown | None
    stop: str | None = None
    illegal: Illegal | None = None


def is_stream(kind: str) -> bool:
    """PtR 12.6: a stream hexside, also where it is combined with another feature (embankment/stream,
    dragonteeth/stream). Reading: a combined hexside is a stream for movement."""
    return kind == "stream" or kind.endswith("_stream")


class StepCosts:
    """The terrain rules of one Movement Action's steps for a stack of ``side`` over a position."""

    def __init__(self, data: PtrData, state: GameState, side: str) -> None:
        self.data, self.state, self.side, self.game = data, state, side, data.game
        self.terrain = self.game.map.terrain
        self.tec = Cells.of(self.game, "tec") if "tec" in self.game.tables else None
        us = data.us_side
        self.us: bool | Unknown = us if isinstance(us, Unknown) else side == us
        self.roads = frozenset(t for t, ty in self.terrain.types.items() if ty.kind == "thoroughfare")

    def label(self, h: Hex) -> str:
        return self.game.map.label(h)

    def leg(self, uid: str) -> bool:
        return self.game.units[uid].mobility != "motorized"

    def side_known(self, a: Hex, b: Hex) -> bool:
        """Whether the data tells what is on the hexside a|b (a feature or road given, or both hexes known)."""
        return self.terrain.provenance(Hexside.between(a, b)) is not None

    # -- where a step may not go ----------------------------------------------------------------

    @rule("PTR 12.6C", "PTR12-12", "US units never cross the Roer; German units only at the crossings the rule "
          "lists ([special] roer_crossings)")
    def roer(self, a: Hex, b: Hex) -> Illegal | Unknown | None:
        """The Roer hexside a|b: the US side never crosses it; the other side only where ``[special]
        roer_crossings`` lists the pair."""
        if not any(f.kind == ROER for f in self.terrain.features(a, b)):
            return None if self.side_known(a, b) else Unknown(
                f"the hexside {self.label(a)}|{self.label(b)} (unsurveyed: is it the Roer?)")
        if isinstance(self.us, Unknown):
            return self.us
        where = f"{self.label(a)}|{self.label(b)}"
        if self.us:
            return Illegal("PTR 12.6C", f"{where} is a Roer hexside: US units never cross the Roer")
        crossings = self.roer_crossings()
        if isinstance(crossings, Unknown):
            return crossings
        if Hexside.between(a, b) not in crossings:
            return Illegal("PTR 12.6C", f"{where} is a Roer hexside that is not one of the crossings the rule allows")
        return None

    def roer_crossings(self) -> frozenset[Hexside] | Unknown:
        raw = plain((self.data.special or {}).get("roer_crossings"))
        if not isinstance(raw, list):
            return Unknown("the Roer hexsides German units may cross ([special] roer_crossings, PtR 12.6C)")
        idx = self.game.map.index
        return frozenset(Hexside.between(idx[p], idx[q]) for p, q in raw if p in idx and q in idx
                         and idx[p].distance(idx[q]) == 1)

    @rule("PTR 12.5", "PTR12-10", "in the turns the restriction names, its side's units never enter the barred "
          "area (west of the pillbox line), its excepted hexes (the Bulge of Kerkrade) apart")
    def restricted(self, b: Hex) -> Illegal | Unknown | None:
        """``[special] movement_restriction``: each entry's ``side``, ``last_turn``, ``barred`` and ``except``
        (terrain.toml place names)."""
        turn = self.state.turn
        for r in plain((self.data.special or {}).get("movement_restriction")) or []:
            if r.get("side") != self.side or turn is None or turn > int(r.get("last_turn", 0)):
                continue
            barred, spared = self.place(r.get("barred")), self.place(r.get("except"))
            if isinstance(spared, frozenset) and b in spared:
                continue
            if isinstance(barred, Unknown):
                return barred
            if b in barred:
                return Illegal("PTR 12.5", f"{self.label(b)} is in the area {r.get('barred')}: {self.side} units "
                               f"may not enter it before Turn {int(r['last_turn']) + 1}")
        return None

    def place(self, name: str | None) -> frozenset[Hex] | Unknown:
        for p in self.terrain.places:
            if p.name == name:
                return p.hexes if p.hexes is not None else Unknown(
                    f"the hexes of {name} (terrain.toml places; only its end points are known)")
        return Unknown(f"the place {name!r} (terrain.toml places)")

    # -- what a step costs ------------------------------------------------------------------------

    @rule("PTR 12.3A-B", "PTR12-6/PTR12-7", "the road rate only from a road hex into a road hex across a road "
          "hexside (towns, cities and industrial hexes are not road hexes), never entering or leaving an EZOC")
    def road(self, a: Hex, b: Hex, ezoc: bool | None) -> str | Unknown | None:
        """The thoroughfare whose rate the step a -> b uses (``None``: no road rate; ``ezoc``: whether a or b is an
        enemy ZOC, ``None`` when unknown)."""
        kinds = sorted(self.terrain.connections(a, b) & self.roads)
        if not kinds:
            return None
        ta, tb = self.terrain.of(a), self.terrain.of(b)
        if ta is None or tb is None:
            return Unknown(f"terrain of hex {self.label(a if ta is None else b)} (unsurveyed: a road hex?)")
        if (ta | tb) & NOT_ROAD:
            return None
        if ezoc is None:
            return Unknown(f"whether {self.label(a)} or {self.label(b)} is in an enemy ZOC (12.3B: no road rate)")
        return None if ezoc else kinds[0]

    @rule("PTR 12.3C / 12.6A-B", "PTR12-8/PTR12-11", "US leg units pay 1/2 MP a road hex; leg units pay +1 MP "
          "across a stream; a motorized unit crosses a stream only as its Movement Action's first step and stops "
          "(not along a road, nor from or into a town or industrial hex)")
    def step(self, units: frozenset[str], a: Hex, b: Hex, ezoc: bool | None, first: bool) -> StepCost:
        """The stack's cost of a -> b: the most any of its units pays."""
        if self.terrain.of(b) is None:
            return StepCost(Unknown(f"terrain of hex {self.label(b)} (unsurveyed)"))
        road = self.road(a, b, ezoc)
        if isinstance(road, Unknown):
            return StepCost(road)
        stream = road is None and any(is_stream(f.kind) for f in self.terrain.features(a, b))
        why = None if road is not None or stream else self.terrain.unknown_features(
            Hexside.between(a, b), [k for k in self.terrain.types if is_stream(k)])
        if why:
            return StepCost(Unknown(f"the hexside {self.label(a)}|{self.label(b)} ({why}: a stream?)"))
        worst: float = 0.0
        for u in sorted(units):
            c = self.unit_cost(u, b, road, stream)
            if c is None or isinstance(c, Unknown):
                return StepCost(c)
            worst = max(worst, c)
        if stream and not all(self.leg(u) for u in units) \
                and not ((self.terrain.of(a) or frozenset()) | (self.terrain.of(b) or frozenset())) & STREAM_FREE:
            where = f"{self.label(a)}|{self.label(b)}"
            if not first:
                return StepCost(worst, illegal=Illegal("PTR 12.6B", f"a motorized unit crosses the stream {where} "
                                                       "after its first step: it must begin the Movement Action "
                                                       "next to the stream"))
            return StepCost(worst, stop=f"PTR 12.6B: crossing the stream {where} spent the motorized unit's whole MA")
        return StepCost(worst)

    def unit_cost(self, uid: str, b: Hex, road: str | None, stream: bool) -> float | Unknown | None:
        col = "movement_leg" if self.leg(uid) else "movement_motorized"
        if road is not None:
            if self.leg(uid) and self.us is True:
                return US_LEG_ROAD_MP
            if self.leg(uid) and isinstance(self.us, Unknown):
                return self.us
            return self.tec_cost(road, col)  # 12.3A: other terrain in the hex and on the hexside is ignored
        kinds = self.terrain.of(b)
        if kinds is None:
            return Unknown(f"terrain of hex {self.label(b)} (unsurveyed)")
        worst: float = 0.0
        for t in sorted(kinds):
            if t in self.terrain.types and self.terrain.types[t].kind != "hex":
                continue
            v = self.tec_cost(t, col)
            if v is None or isinstance(v, Unknown):
                return v
            worst = max(worst, v)
        return worst + (STREAM_LEG_MP if stream and self.leg(uid) else 0.0)

    def tec_cost(self, terrain: str, column: str) -> float | Unknown | None:
        if self.tec is None:
            return Unknown("the TEC (tables/tec.toml)")
        v = self.tec.get(terrain, column)
        if v == "prohibited":
            return None
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else Unknown(
            f"TEC {terrain!r} {column} (tables/tec.toml)")

    @rule("PTR 12.4", "PTR12-9", "leg combat units have MA +2 when they come next to no enemy unit during the whole "
          "Movement Action, its first and last hexes included")
    def allowance(self, units: frozenset[str], near_enemy: bool) -> float | Unknown:
        """The stack's MA (11.4.1A: the slowest unit's), each leg unit's +2 counted while no enemy was adjacent."""
        mas = []
        for u in sorted(units):
            ma = self.data.value(u, "ma", False)
            if isinstance(ma, Unknown):
                return ma
            mas.append(ma + (LEG_BONUS_MA if self.leg(u) and not near_enemy else 0))
        return float(min(mas))

    def next_to_enemy(self, h: Hex) -> bool:
        """Whether an enemy unit (any, HQs included) stands next to ``h`` (PtR 12.4)."""
        return any(self.state.side(u) not in (None, self.side) for n in h.neighbours() for u in self.state.at(n))
