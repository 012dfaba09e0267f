"""Recovering from disruption (PtR 11.4.3, 16.1, 16.4): a Refit's Effectiveness Check (die at most the unit's
ER) decides whether it flips back; otherwise a disrupted unit flips back only in the Recovery Phase, when in
CR of its parent HQ. A mixin of the PtR referee."""
from __future__ import annotations

from dataclasses import replace

from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.command import commanded
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class RefitMixin:
    """The Refit roll and every flip of a combat unit back to its front; see the module docstring."""

    @rule("PTR 11.4.3C / 16.1", "PTR11-17", "a Refit succeeds iff its Effectiveness Check die is at most the "
          "disrupted unit's ER")
    def refit_roll(self, j: Judged) -> None:
        a = self.mem.active
        uid, die = a.refit, self.die(j.event)
        er = self.data.value(uid, "er", True)
        passed = None if isinstance(er, Unknown) else die <= er
        self.set(active=replace(a, refit=None, refitted=(uid, passed)))
        self.say(j.index, NotCheckable(er.needs) if passed is None else Legal(
            detail=f"Refit of {uid}: {die} {'<=' if passed else '>'} ER {er}: "
                   + ("it recovers" if passed else "it stays disrupted (no SP lost, 16.2 Play Note)")))

    @rule("PTR 11.4.3C / 16.4A", "PTR16-7",
          "a disrupted unit flips back after a passed Refit, or in the Recovery Phase when in CR of its HQ")
    def on_recovery_flip(self, j: Judged, uid: str) -> None:
        self.say(j.index, self.recovery_verdict(uid))

    def recovery_verdict(self, uid: str) -> Verdict:
        a = self.mem.active
        if a is not None and a.refitted is not None and a.refitted[0] == uid:
            passed = a.refitted[1]
            self.set(active=replace(a, refitted=None))
            if passed is None:
                return NotCheckable(f"whether {uid}'s Refit passed (its disrupted-side ER, units.csv)")
            return Legal(detail=f"{uid} recovers by its Refit") if passed else Illegal(
                "PTR 11.4.3C", f"{uid} flips back to its front, but its Refit failed")
        if self.phase_id() == "recovery":
            c = commanded(self.data, self.state, uid)
            if isinstance(c, Unknown):
                return NotCheckable(c.needs)
            return Legal(detail=f"{uid} is in CR of its HQ: it recovers (16.4A)") if c else Illegal(
                "PTR 16.4A", f"{uid} recovers from disruption out of its HQ's command range")
        return Illegal("PTR 16.4", f"{uid} flips back to its front without a passed Refit (11.4.3) or the Recovery "
                       "Phase (16.4A)")
