"""Isolation (PtR 18.4-18.6, 11.3): a unit that traces no CR path of any length to its formation's HQ acts only
after passing an Effectiveness Check, rolled before the Action (the activation's last ``effectiveness-check`` roll,
docs/log-channel.md); one that fails is disrupted and does not take part, the APs still spent (18.5.2B). In the
Recovery Phase each isolated disrupted unit rolls an Attrition Check (an ``attrition-check`` button) and loses
max(0, die - ER) SPs (its Losses layer, 18.6). A mixin of :class:`hexforge.rules.ptr.referee.PtrReferee`.

11.3 says isolated units "may not carry out Actions", 18.5.2A that they "must first pass an Effectiveness Check":
the game's ``[special] isolated_units_act`` records both readings; where it chooses neither, an isolated unit
acting after a passed check is not checkable (acting without one, or after failing it, is illegal either way)."""
from __future__ import annotations

from dataclasses import replace

from hexforge.builder.timeline import DiceRoll, StepChange, TurnChange
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.combat import attrition_loss
from hexforge.rules.ptr.command import paths
from hexforge.rules.ptr.data import resolved
from hexforge.rules.ptr.supply import isolated
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.state import phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

ATTRITION, RECOVERY = "attrition-check", "recovery"  # the channel's dice purpose; the Recovery Phase's id
ORGANIZATION = "organization"  # the Organization Phase's id
NO_ACTIONS, AFTER_CHECK = "may not carry out Actions", "may act after passing"  # isolated_units_act's readings


class IsolationMixin:
    """The Effectiveness Check isolated units pass before they act; see the module docstring."""

    @rule("PTR 18.4", "PTR18-2", "a unit is isolated when it can trace no CR path of any length to its formation HQ")
    def isolated_now(self, uid: str) -> bool | Unknown:
        fid = self.data.formation_of(uid)
        hq = self.data.formations[fid].hq if fid else None
        if hq is None or self.state.where(hq) is None or self.state.where(uid) is None:
            return Unknown(f"the formation HQ of {uid} on the map (units.csv formation; [special.formations] hq)")
        p = paths(self.data, self.state)
        got = isolated(p, uid, hq)
        return Unknown(f"whether {uid} is isolated: " + ("; ".join(sorted(p.needs)) or "unknown map data")) \
            if got is None else bool(got)

    @rule("PTR 18.5.2 / 11.3", "PTR11-7", "an isolated unit acts only after passing an Effectiveness Check (die at "
          "most its ER); one that fails is disrupted and takes no part, the APs still spent")
    def isolation_check(self, units: frozenset[str]) -> Verdict | None:
        """After an Action's APs are paid: its isolated units' Effectiveness Check (``None``: none is isolated, or
        all passed). The check is used up."""
        answers = {u: self.isolated_now(u) for u in sorted(units) if not self.data.is_hq(u)}
        cut = [u for u, v in answers.items() if v is True]
        unknown = [v for v in answers.values() if isinstance(v, Unknown)]
        if not cut:
            return NotCheckable(unknown[0].needs) if unknown and self.out_of_command(units) is True else None
        a = self.mem.active
        die, u = a.check, cut[0]
        self.set(active=replace(a, check=None))
        if die is None:
            return Illegal("PTR 18.5.2A", f"{u} is isolated: it must pass an Effectiveness Check before it acts")
        er = self.data.value(u, "er", u in self.state.reduced)
        if isinstance(er, Unknown):
            return NotCheckable(er.needs)
        if die > er:
            return Illegal("PTR 18.5.2B", f"{u} is isolated and failed its Effectiveness Check ({die} > ER {er}): it "
                           "is disrupted and takes no part in the Action (its APs are spent)")
        reading = resolved(self.data.special.get("isolated_units_act"))
        if reading == NO_ACTIONS:
            return Illegal("PTR 11.3", f"{u} is isolated: it carries out no Action (the data's reading of 11.3)")
        if not (isinstance(reading, str) and reading.startswith(AFTER_CHECK)):
            return NotCheckable(f"whether an isolated unit acts after passing its Effectiveness Check ({u}): 11.3 "
                                "and 18.5.2A disagree ([special] isolated_units_act chooses no reading)")
        return None

    # -- the Attrition Check (PtR 18.6) ----------------------------------------------------------------

    def watch_attrition(self, j: Judged) -> bool:
        """An Attrition Check roll, and the SP loss that follows it (True: judged here). Reading: a roll names no
        unit, so it is matched with the next unit whose Losses layer changes."""
        e = j.event
        b = self.ch.dice(e.name) if isinstance(e, DiceRoll) else None
        if b is not None and b.purpose == ATTRITION:
            self.say(j.index, self.attrition_roll(self.die(e)))
            return True
        uid = self.unit(e) if isinstance(e, StepChange) else None
        if self.mem.attrition is None or uid is None or self.loss_level(e) is None:
            return False
        self.say(j.index, self.attrition_paid(uid, e))
        self.set(attrition=None)
        return True

    @rule("PTR 18.6", "PTR18-3", "each isolated disrupted unit makes an Attrition Check in the Recovery Phase and "
          "loses max(0, die - ER) SPs")
    def attrition_roll(self, die: int) -> Verdict:
        if self.phase_id() != RECOVERY:
            return Illegal("PTR 18.6", "an Attrition Check outside the Recovery Phase")
        units = [u for u in sorted(self.state.reduced) if u in self.state.positions and not self.data.is_hq(u)]
        answers = [self.isolated_now(u) for u in units]
        self.set(attrition=die)
        if any(a is True for a in answers):
            return Legal(detail=f"Attrition Check {die}")
        unknown = [a for a in answers if isinstance(a, Unknown)]
        return NotCheckable(unknown[0].needs) if unknown else Illegal(
            "PTR 18.6", "an Attrition Check, but no unit is isolated and disrupted")

    def attrition_paid(self, uid: str, e: StepChange) -> Verdict:
        """The Losses layer change after an Attrition Check. Reading: the ER is the one the disrupted unit shows."""
        die, cut = self.mem.attrition, self.isolated_now(uid)
        if uid not in self.state.reduced or cut is False:
            return Illegal("PTR 18.6", f"{uid} loses SPs to an Attrition Check, but it is not isolated and disrupted")
        er = self.data.value(uid, "er", True)
        if isinstance(er, Unknown) or isinstance(cut, Unknown):
            return NotCheckable((er if isinstance(er, Unknown) else cut).needs)
        lost = (self.loss_level(e) or 0) - (self.ch.level(e.trait, e.old) or 0)
        want = attrition_loss(die, er)
        if lost != want:
            return Illegal("PTR 18.6A", f"{uid} loses {lost} SP to its Attrition Check ({die} - ER {er}): it loses "
                           f"{want}")
        return Legal(detail=f"{uid} loses {lost} SP to attrition (18.6A)")

    # -- an isolated German unit's return (PtR 6.1D exception) ----------------------------------------

    @rule("PTR 6.1D", "PTR18-4", "an isolated German unit assigned to another formation returns to its own in the "
          "first Organization Phase it can trace a command path of any length to its own HQ")
    def watch_return(self, j: Judged) -> None:
        """At the end of an Organization Phase: every German unit still assigned away from its own formation whose
        own HQ it can reach again. Reading: 'is able to' is judged with the position the phase ends with; the
        return ('detach UNIT', ``organization.detach``) needs only that Command Path, not the CR of either HQ
        (6.2.1A-6.2.2 bind independents), so a return this check demands is never refused there."""
        e, us = j.event, self.data.us_side
        if not isinstance(e, TurnChange) or self.phase_id() != ORGANIZATION or isinstance(us, Unknown):
            return
        turn, phase = phase_of(self.game, e)
        if phase is not None and self.game.info.sequence[phase].id == ORGANIZATION and turn == self.state.turn:
            return
        for uid, fid in sorted(self.mem.assigned.items()):
            own = self.data.formation_of(uid)
            if own in (None, fid) or self.game.units[uid].side == us or self.state.where(uid) is None:
                continue
            cut = self.isolated_now(uid)
            if cut is False:
                self.say(j.index, Illegal("PTR 6.1D", f"{uid} can trace a command path to its own HQ again: it "
                                          f"returns to {own} in this Organization Phase"))
            elif isinstance(cut, Unknown):
                self.say(j.index, NotCheckable(cut.needs))
