"""PtR ground movement as a step judge for ``core.path.route`` (PtR 12-13): contiguous steps (12.0E), never
into an enemy combat unit (12.2E), an EZOC entered ends the Movement Action (13.3A), no EZOC-to-EZOC step but
infiltration (13.3B, 13.4.1), MP within the slowest unit's MA with the one-hex minimum (12.0B, 12.2A)."""
from __future__ import annotations

from dataclasses import replace

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.path import NoRoute, Route, route
from hexforge.rules.core.tables import Cells
from hexforge.rules.ptr.costs import US_LEG_ROAD_MP, StepCosts
from hexforge.rules.ptr.data import PtrData
from hexforge.rules.ptr.memory import Movement
from hexforge.rules.ptr.supply import PtrPaths
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

MAX_STEPS = 40


class Mover:
    """One Movement Action's judge over a position: its units, their side and the slowest MA."""

    def __init__(self, data: PtrData, state: GameState, units: frozenset[str], side: str) -> None:
        self.data, self.state, self.units, self.side = data, state, units, side
        self.game = data.game
        disrupted = {u for u in state.reduced if not data.is_hq(u)}
        self.paths = PtrPaths(self.game, state, disrupted=disrupted)
        self.costs = StepCosts(data, state, side)
        self.tec = Cells.of(self.game, "tec") if "tec" in self.game.tables else None
        self._ezoc: dict[Hex, bool | None] = {}

    def label(self, h: Hex) -> str:
        return self.game.map.label(h)

    @rule("PTR 13.0A / 13.2A", "PTR13-2", "a ZOC reaches the six neighbours, negated per the ZOC Chart by the unit's "
          "type and the terrain it would extend into")
    def ezoc(self, h: Hex) -> bool | None:
        if h not in self._ezoc:  # a route search asks about the same hexes again and again
            self._ezoc[h] = self.paths.ezoc(h, self.side)
        return self._ezoc[h]

    def floor(self) -> float:
        """The least any step costs (A*'s estimate must never exceed it): the TEC's cheapest cell, at most 1."""
        if self.tec is None:
            return 0.0
        costs = [v for row in self.tec.rows.values() for col, v in zip(self.tec.columns, row)
                 if col.startswith("movement_") and isinstance(v, (int, float)) and not isinstance(v, bool)]
        costs += [US_LEG_ROAD_MP] if self.costs.roads else []  # PtR 12.3C: below any TEC cell, maybe
        return min(1.0, float(min(costs))) if costs and min(costs) > 0 else 0.0  # 1: a step, while MP are unknown

    @rule("PTR 12.2E / 13.3", "PTR12-1/PTR12-5/PTR13-3/PTR13-4/PTR12-2/PTR12-3",
          "a Movement Action's step: adjacent, never into an enemy combat unit, EZOC stops, MP within the MA")
    def step(self, rec: Movement, a: Hex, b: Hex) -> tuple[Verdict, Movement]:
        """One step a -> b of the Movement Action (the record after it; the record given is never changed)."""
        if a.distance(b) != 1:
            return Illegal("PTR 12.0E", f"{self.label(a)} to {self.label(b)} skips hexes"), rec
        if b not in self.game.map:
            return Illegal("PTR 12.0E", f"{self.label(b)} is off the map"), rec
        enemies = [u for u in self.state.at(b) if self.state.side(u) != self.side and not self.data.is_hq(u)]
        if enemies:
            return Illegal("PTR 12.2E", f"{self.label(b)} holds an enemy combat unit ({', '.join(enemies)})"), rec
        if rec.stopped:
            return Illegal(rec.stopped.split(":")[0], rec.stopped.split(":", 1)[1].strip()), rec
        barred = [self.costs.roer(a, b), self.costs.restricted(b)]
        for v in barred:
            if isinstance(v, Illegal):
                return v, rec
        za, zb = self.ezoc(a), self.ezoc(b)
        needs: list[str] = [v.needs for v in barred if isinstance(v, Unknown)]
        near = rec.near_enemy or self.costs.next_to_enemy(b) or (not rec.steps and self.costs.next_to_enemy(a))
        after = replace(rec, at=b, left=a, steps=rec.steps + 1, entered=rec.entered | {b}, near_enemy=near)
        if za and zb:
            if rec.steps:
                return Illegal("PTR 13.3B", f"from the EZOC at {self.label(a)} straight into the EZOC at "
                               f"{self.label(b)}: only infiltration (13.4.1), and only from where the Movement "
                               "Action began"), rec
            after = replace(after, stopped="PTR 13.4.1: an infiltration move spends the whole MA")
        elif zb:
            after = replace(after, stopped=f"PTR 13.3A: entering the EZOC at {self.label(b)} ended the Movement "
                                           "Action")
        elif za is None or zb is None:
            needs += sorted(self.paths.needs) or ["the ZOC Chart"]
        sc = self.costs.step(self.units, a, b, None if za is None or zb is None else bool(za or zb), not rec.steps)
        c = sc.mp
        if sc.illegal is not None:
            return sc.illegal, rec
        if c is None:
            return Illegal("PTR 12.2A", f"{self.label(b)} is prohibited terrain"), rec
        if isinstance(c, Unknown):  # even the one-hex minimum (12.2A) needs to know b is not prohibited
            needs.append(c.needs)
        if sc.stop and not after.stopped:
            after = replace(after, stopped=sc.stop)
        spent = rec.spent + c if not isinstance(rec.spent, Unknown) and not isinstance(c, Unknown) else (
            rec.spent if isinstance(rec.spent, Unknown) else c)
        after = replace(after, spent=spent)
        ma = self.costs.allowance(self.units, near)
        if rec.steps and not after.stopped == "PTR 13.4.1: an infiltration move spends the whole MA":
            if isinstance(spent, Unknown) or isinstance(ma, Unknown):
                needs.append((spent if isinstance(spent, Unknown) else ma).needs)
            elif spent > ma:
                return Illegal("PTR 12.0B", f"{spent:g} MP to {self.label(b)} exceed the MA {ma:g} (road rate 12.3, "
                               f"leg +2 MA 12.4, streams 12.6 counted)"), rec
        if needs:
            return NotCheckable("; ".join(dict.fromkeys(needs))), after
        return Legal(), after


def _cost(r: Movement) -> float:
    """What the route search minimises: MP spent (steps while the MP are unknown)."""
    return float(r.steps) if isinstance(r.spent, Unknown) else float(r.spent)


def judge_route(mover: Mover, rec: Movement, waypoints: list[Hex]) -> tuple[Verdict, Movement]:
    """A drag (PtR 12.0E: a log shows drop points): some legal route through them, else why none is."""
    got = route(rec.at, rec, waypoints, mover.step, cost=_cost, key=lambda r: (r.stopped, r.near_enemy),
                neighbours=lambda h: [n for n in h.neighbours() if n in mover.game.map], max_steps=MAX_STEPS,
                floor=mover.floor() if not isinstance(rec.spent, Unknown) else 0.0)
    if isinstance(got, Route):
        path = " ".join(mover.label(h) for h in got.hexes)
        if got.needs:
            return NotCheckable(got.needs), got.record
        return Legal(detail=f"route {path}"), got.record
    if isinstance(got, NoRoute):
        return got.blocked, rec
    return Illegal("PTR 12.0E", "no route"), rec
