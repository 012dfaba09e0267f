"""Isolation (PtR 18.4-18.5.2, 11.3): a unit that traces no CR path of any length to its formation's HQ acts only
after passing an Effectiveness Check, rolled before the Action (the activation's last ``effectiveness-check`` roll,
docs/log-channel.md); one that fails is disrupted and does not take part, the APs still spent (18.5.2B). A mixin of
:class:`hexforge.rules.ptr.referee.PtrReferee`.

Reading: 11.3 says isolated units "may not carry out Actions", 18.5.2A that they "must first pass an Effectiveness
Check"; the rule on isolation itself (18.5.2A) is read as the one that governs, 11.3 as its summary."""
from __future__ import annotations

from dataclasses import replace

from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.command import paths
from hexforge.rules.ptr.supply import isolated
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, NotCheckable, Verdict


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
        return None
