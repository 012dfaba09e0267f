"""Aachen: First to Fall exclusive rules (AAC 10.0-16.0) over the F&M system."""
from __future__ import annotations

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.fm.aachen.bridges import (PRINTED_BRIDGES, REPAIR, TEMPORARY_BRIDGE, bridged_cost, bridges_after_event,
                                           bridges_after_phase, check_enemy_crossing, declare_bridge, declare_repair,
                                           lost_bridge, river_kinds, standing, unbridged_cost)
from hexforge.rules.core.movement import Cost
from hexforge.rules.registry import rule
from hexforge.rules.fm.system import FireAndMovement, MoveRecord
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Verdict
from hexforge.rules.fm.aachen.armor import SecondArmored
from hexforge.rules.fm.victory import AachenVictory


class Aachen(FireAndMovement):
    """River crossing and temporary bridges (11.0-11.2), SFM bombardment ranges (12.1), fortified hexes (13.0),
    excessive casualties (14.1)."""

    @rule("AAC 13.0", "AAC-1/ZOC-1", "ZOC does not extend into an enemy-occupied fortified hex, except from "
          "US units printed with '30'")
    def projects_zoc(self, uid: str, into: Hex, state: GameState) -> bool:
        occupants = state.at(into)
        if not occupants or all(state.side(u) == state.side(uid) for u in occupants):
            return True
        if self.is_thirtieth(uid):
            return True
        # unknown fortification: the ZOC is taken to extend (the checker reports movement
        # through it as not checkable via is_fortification where it matters)
        return self.is_fortification(into) is not True

    def is_thirtieth(self, uid: str) -> bool:
        u = self.game.units[uid]
        return u.side == "us" and (u.formation == "30" or u.formation.startswith("30"))

    @rule("AAC 13.0", "RET-9", "a unit in a fortified hex may ignore retreat results")
    def retreat_exempt(self, state: GameState, uid: str) -> bool:
        h = state.where(uid)
        return h is not None and self.is_fortification(h) is True

    @rule("AAC 12.1", "SFM-8", "+3 SFMs bombard only hexes adjacent to a friendly ground unit; +4/+5 up to "
          "four hexes from one")
    def check_bombardment_range(self, state: GameState, a) -> list[Verdict]:
        if a.target is None:
            return []
        side = self.enemy_of(state.side(state.at(a.target)[0])) if state.at(a.target) else None
        friendly = [h for u, h in state.positions.items() if state.side(u) == side]
        if not friendly:
            return [Illegal("AAC 12.1", "no friendly ground unit on the map to measure the SFM range from")]
        d = min(h.distance(a.target) for h in friendly)
        out: list[Verdict] = []
        for s in a.sfm:
            limit = {3: 1, 4: 4, 5: 4}.get(s)
            if limit is not None and d > limit:
                out.append(Illegal("AAC 12.1", f"a +{s} support fire marker bombarded "
                                   f"{self.map.labels.get(a.target)}, {d} hexes from the nearest friendly unit "
                                   f"(range {limit})"))
        return out

    game_length_rule = "AAC 14.1"
    first_player_rule = "AAC 10.2"
    arrival_rule = "AAC 15.0"
    arrivals_first = True  # AAC 15.0 (L719): "at the beginning of each respective player's Movement Phase"

    def conditional_arrival(self) -> SecondArmored:
        """AAC 15.3: the 2nd Armored Division."""
        return SecondArmored(self)

    def last_turn(self, state: GameState) -> int | Unknown:
        """AAC 14.1: the scenario length (GT 20) less one GT for each US unit (the first player's, AAC 10.2)
        eliminated."""
        base = super().last_turn(state)
        if isinstance(base, Unknown):
            return base
        return base - sum(1 for u in state.eliminated if state.side(u) == self.first_side)

    def ended_now(self, state: GameState) -> Illegal | None:
        """AAC 14.1: an elimination that makes the current GT the last ends the game at once."""
        last = self.last_turn(state)
        if state.turn is None or isinstance(last, Unknown) or last > state.turn:
            return None
        return Illegal("AAC 14.1", f"the game ended in GT {state.turn}: US eliminations had cut its length to "
                       f"GT {last}, so no further phases are played")

    def victory_tracker(self) -> AachenVictory:
        return AachenVictory(self)

    def on_chat(self, checker, index: int, text: str) -> bool:
        """AAC 11.2 temporary bridge and AAC 11.0 (forbidden) repair declarations."""
        if m := REPAIR.match(text):
            declare_repair(self, checker, index, m.group(1), m.group(2), m.group(3))
        elif m := TEMPORARY_BRIDGE.search(text):
            declare_bridge(self, checker, index, m.group(1), m.group(2), m.group(3))
        else:
            return False
        return True

    def after_event(self, state: GameState) -> GameState:
        """AAC 11.2: a temporary bridge whose engineer is out of range is removed."""
        return bridges_after_event(self, state)

    def phase_ended(self, state: GameState, old_phase: int, turn: int | None, phase: int | None) -> GameState:
        return bridges_after_phase(self, state, old_phase, turn, phase)

    def crossing(self, state: GameState, uid: str, a: Hex, b: Hex) -> frozenset[str]:
        """AAC 11.0: no printed bridge is intact; AAC 11.2: a friendly temporary bridge may be used to attack."""
        kinds = super().crossing(state, uid, a, b) - PRINTED_BRIDGES
        tb = standing(state, a, b)
        return kinds | {"temporary-bridge"} if tb and tb.side == state.side(uid) else kinds

    def check_crossing(self, state: GameState, uid: str, a: Hex, b: Hex) -> Verdict:
        """AAC 11.2: enemy units never move across a temporary bridged hexside."""
        return check_enemy_crossing(self, state, uid, a, b)

    def terrain_cost(self, state: GameState, uid: str, a: Hex, b: Hex, mobility: str) -> Cost:
        """AAC 11.2: a friendly temporary bridge is a bridge for movement; AAC 11.0: any other river hexside is
        crossed as a river (no intact bridges)."""
        tb = standing(state, a, b)
        if tb and tb.side == state.side(uid):
            return bridged_cost(self, state, tb, a, b, mobility)
        if river_kinds(self, a, b) is not None:
            return unbridged_cost(self, a, b, mobility)
        return super().terrain_cost(state, uid, a, b, mobility)

    def judge_steps(self, state: GameState, rec: MoveRecord, steps: list[Hex]) -> Verdict:
        """F&M 5.1-6.1; a move that runs out of MP after crossing, in the same logged move, a river hexside whose
        bridge did not carry it is judged against the rule that took the bridge away (AAC 11.0 or 11.2)."""
        start, done = rec.at, rec.steps
        v = super().judge_steps(state, rec, steps)
        if not isinstance(v, Illegal) or v.rule != "F&M 5.2":
            return v
        path = [start, *steps[:rec.steps - done + 1]]
        a, b = path[-2], path[-1]
        side, mob = state.side(rec.uid), self.mobility(rec.uid)
        if (isinstance(mob, Unknown) or not self.on_map(b) or any(state.side(u) != side for u in state.at(b))
                or self.terrain_cost(state, rec.uid, a, b, mob) is None):
            return v  # not the MP count: off the map, into an enemy, or prohibited terrain
        for x, y in zip(path, path[1:]):
            lost = lost_bridge(self, state, rec.uid, x, y)
            if lost:
                return Illegal(lost[0], f"{v.reason}: {lost[1]}", v.guess)
        return v
