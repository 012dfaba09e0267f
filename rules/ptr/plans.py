"""Plan chits (PtR 5.2.3, 21.4.4.3): only in the scenarios that use them (``[special_rules]
plan_chits_from_turn``: Scenario 4), from that turn, in the Plan Phase; the US draws one chit a Plan Phase (a
piece of the ``plan-chit`` marker leaving its deck), refuses at most one per game (``refuse plan``; no redraw that
turn); the Germans make one intelligence roll a Plan Phase, after the US draw. A mixin of the PtR referee."""
from __future__ import annotations

from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

PLAN_PHASE = "plan"  # the sequence's phase id (PtR 5.1C)
PLAN_MARKER = "plan-chit"  # the marker id of the Plan chits (docs/log-channel.md)


class PlansMixin:
    """Plan chit draws, refusals and the German intelligence roll; see the module docstring."""

    def is_plan_chit(self, name: str) -> bool:
        return any(m.id == PLAN_MARKER and m.name.resolved == name for m in self.game.info.markers)

    def plan_time(self, what: str) -> Verdict | None:
        """PtR 5.2.3A-B: the Plan Phase of a scenario that uses Plan chits, from its first Plan turn."""
        if self.rules.scenario not in self.game.scenarios:
            return NotCheckable("which scenario is played (whether it uses Plan chits, 5.2.3A)")
        if (self.game.scenarios[self.rules.scenario].special_rules or {}).get("plan_chits_from_turn") is None:
            return Illegal("PTR 5.2.3A", f"{what}: this scenario uses no Plan chits")
        start = self.special("plan_chits_from_turn")
        if not isinstance(start, int):
            return NotCheckable("the first turn of Plan chit draws (scenario [special_rules] plan_chits_from_turn)")
        if self.phase_id() != PLAN_PHASE:
            return Illegal("PTR 5.2.3", f"{what} outside the Plan Phase")
        if self.state.turn is None or self.state.turn < start:
            return Illegal("PTR 5.2.3B", f"{what} on turn {self.state.turn}: Plan chits start with Turn {start}")
        return None

    @rule("PTR 5.2.3A-B / 21.4.4.3A", "PTR5-5", "Plan chits only in the scenario that uses them, from Turn 2, one "
          "draw per Plan Phase (none after a refusal that turn)")
    def plan_draw(self, j: Judged) -> None:
        if self.no_phase(j):
            return
        turn = self.state.turn
        bad = self.plan_time("a Plan chit is drawn")
        drawn = self.mem.plans.get(turn, 0) if turn is not None else 0
        if bad is None and self.mem.refused == turn:
            bad = Illegal("PTR 21.4.4.3A", "a Plan chit drawn after a refusal: the US draws no other that turn")
        if bad is None and drawn >= 1:
            bad = Illegal("PTR 5.2.3B", f"a second Plan chit drawn on turn {turn}: one a Plan Phase")
        if turn is not None:
            self.set(plans=frozen_map({**self.mem.plans, turn: drawn + 1}))
        self.say(j.index, bad or Legal(detail=f"the US draws its Plan chit of turn {turn}"))

    @rule("PTR 21.4.4.3A", "PTR21-5", "the US refuses at most one drawn Plan chit per game, and draws no other that "
          "turn")
    def refuse_plan(self) -> Verdict:
        turn = self.state.turn
        bad = self.plan_time("a Plan chit is refused")
        if bad is not None:
            return bad
        if self.mem.refused is not None:
            return Illegal("PTR 21.4.4.3A", f"a second Plan chit refusal (the first on turn {self.mem.refused}): "
                           "once per game")
        if self.mem.plans.get(turn, 0) < 1:
            return Illegal("PTR 21.4.4.3A", "a refusal, but no Plan chit was drawn this turn")
        self.set(refused=turn)
        return Legal(detail="the US puts its drawn Plan chit back (its one refusal)")

    @rule("PTR 21.4.4.3B / 5.2.3C", "PTR21-6", "one German intelligence roll per Plan Phase from Turn 2, after the "
          "US draw")
    def intelligence_roll(self, j: Judged) -> None:
        turn, side = self.state.turn, self.roll_side(j.event)
        bad = self.plan_time("an intelligence roll")
        if bad is None and side is None:
            bad = NotCheckable("who made this Plan Phase roll (a player with a side)")
        if bad is None and side == self.data.us_side:
            bad = Illegal("PTR 5.2.3C", "a US roll in the Plan Phase: only the Germans roll (intelligence)")
        if bad is None and turn in self.mem.intelligence:
            bad = Illegal("PTR 21.4.4.3B", f"a second German intelligence roll on turn {turn}")
        if bad is None and self.mem.plans.get(turn, 0) < 1 and self.chits_left() != 0:
            bad = Illegal("PTR 21.4.4.3B", "the German intelligence roll comes before the US draw of the turn")
        if isinstance(self.data.us_side, Unknown):
            bad = bad or NotCheckable(self.data.us_side.needs)
        if turn is not None and not isinstance(bad, Illegal):
            self.set(intelligence=self.mem.intelligence | {turn})
        die = self.die(j.event)
        self.say(j.index, bad or Legal(detail=f"German intelligence roll {die}: " + (
            "the Germans may inspect one drawn Plan chit" if die >= 9 else "no effect")))

    def chits_left(self) -> int | None:
        """Plan chits still in the container (``None``: the count is not known)."""
        count = next((m.count for m in self.game.info.markers if m.id == PLAN_MARKER), None)
        count = getattr(count, "resolved", count)
        if not isinstance(count, int):
            return None
        return count - sum(self.mem.plans.values()) + (1 if self.mem.refused is not None else 0)
