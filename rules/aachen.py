"""Aachen: First to Fall exclusive rules (AAC 10.0-16.0) over the F&M system."""
from __future__ import annotations

from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.aachen_bridges import TEMPORARY_BRIDGE, bridges_after_phase, declare_bridge
from hexforge.rules.core.movement import Cost, hex_cost
from hexforge.rules.coverage import rule
from hexforge.rules.fm import FireAndMovement
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Verdict
from hexforge.rules.victory import AachenVictory


class Aachen(FireAndMovement):
    """Fortified hexes (13.0), SFM bombardment ranges (12.1), excessive casualties (14.1)."""

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

    @rule("AAC 12.1", "SFM-range", "+3 SFMs bombard only hexes adjacent to a friendly ground unit; +4/+5 up to "
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
    arrival_rule = "AAC 15.0"  # reinforcements never arrive on an enemy-occupied hex

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
        m = TEMPORARY_BRIDGE.search(text)
        if not m:
            return False
        declare_bridge(self, checker, index, m.group(1), m.group(2), m.group(3))
        return True

    def phase_ended(self, state: GameState, old_phase: int, turn: int | None, phase: int | None) -> GameState:
        return bridges_after_phase(self, state, old_phase, turn, phase)

    def terrain_cost(self, state: GameState, uid: str, a: Hex, b: Hex, mobility: str) -> Cost:
        """AAC 11.2: a friendly temporary bridge makes the river hexside a bridge for movement."""
        tb = state.bridges.get(Hexside.between(a, b)) if a.distance(b) == 1 else None
        if tb and tb[0] == "temporary" and tb[1] == state.side(uid):
            return hex_cost(self, b, mobility)
        return super().terrain_cost(state, uid, a, b, mobility)
