"""Reinforcements (PtR 5.2.5, 8.0-8.1): placed only from Turn 2 and only in the Reinforcement Phase, the Germans
before the US, never adjacent to an enemy unit nor overstacked. A mixin of the PtR referee."""
from __future__ import annotations

from hexforge.maps.terrain import Unknown
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

REINFORCEMENT_PHASE = "reinforcement"  # the sequence's phase id (PtR 5.1E)
FIRST_TURN = 2  # PtR 8.0A: 'Beginning with Turn 2'


class ArrivalMixin:
    """Reinforcement placement; see the module docstring."""

    @rule("PTR 8.0-8.1A / 5.2.5A", "PTR5-7/PTR6-14/PTR6-15",
          "reinforcements only from Turn 2 and only in the Reinforcement Phase, the Germans before the US; an "
          "entry hex not adjacent to an enemy unit and not overstacked")
    def on_enter(self, j: Judged, uid: str) -> None:
        e = j.event
        h = self.game.map.index.get(e.hex) if e.hex else None
        if h is None:
            self.say(j.index, NotCheckable(f"where {uid} enters ({e.hex or 'off the map'} is not a map hex)"))
            return
        self.say(j.index, self.entry_verdict(uid, h))

    def entry_verdict(self, uid: str, h) -> Verdict:
        side, turn = self.state.side(uid), self.state.turn
        if self.phase_id() != REINFORCEMENT_PHASE:
            return Illegal("PTR 5.2.5A", f"{uid} enters outside the Reinforcement Phase")
        if turn is not None and turn < FIRST_TURN:
            return Illegal("PTR 8.0A", f"{uid} enters on turn {turn}: reinforcements begin with Turn 2")
        placed = self.mem.placed
        us = self.data.us_side
        if not isinstance(us, Unknown) and side != us and us in placed:
            return Illegal("PTR 8.0D", f"{uid} enters after US reinforcements: the Germans place theirs first")
        self.set(placed=placed | {side})
        near = sorted(u for n in h.neighbours() for u in self.state.at(n) if self.state.side(u) != side)
        if near:
            return Illegal("PTR 8.1A1", f"{uid} enters {self.game.map.label(h)}, next to enemy {', '.join(near)}")
        over = self.overstack(h, side, extra=uid)
        if isinstance(over, Illegal):
            return Illegal("PTR 8.1A4", over.reason.replace("at the end of the Movement Action", "as it enters"))
        if over is not None:
            return over
        if isinstance(us, Unknown):
            return NotCheckable(us.needs + ": the Germans place their reinforcements before the US (8.0D)")
        return Legal(detail=f"{uid} enters {self.game.map.label(h)} (command range and supply of the entry, 8.1A2-3, "
                            "are not checked yet)")
