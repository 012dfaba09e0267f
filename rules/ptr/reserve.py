"""Formation Reserve Mode (optional PtR 22.8), when the game's ``[special] optional_rules`` turns ``reserve_mode``
on: which formations are in Reserve (the FAMs' Reserve layer, docs/log-channel.md, from the set-up on), who may
enter it (22.8.2), when it must end (22.8.1B), its Reaction Check DRM (22.8.3A) and the AP Table column it uses
(22.8.3B-C). Off, it answers nothing.
A mixin of :class:`hexforge.rules.ptr.referee.PtrReferee`."""
from __future__ import annotations

from hexforge.builder.timeline import StepChange
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.command import commanded, hq_supplied
from hexforge.rules.ptr.data import number
from hexforge.rules.ptr.memory import Activation
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

RESERVE_LAYER, RESERVE_OPTION = "reserve", "reserve_mode"  # the channel's layer id; the optional rule's key
ORGANIZATION = "organization"  # the phase id of the Organization Phase


class ReserveMixin:
    """Reserve Mode; see the module docstring."""

    def in_reserve(self) -> frozenset[str]:
        """The formations in Reserve now (before the first flip: as the set-up shows the FAMs)."""
        if self.mem.reserve is not None:
            return self.mem.reserve
        out = set()
        for p in self.t.setup:
            mk = self.ch.marker(p.piece.name)
            if mk is not None and mk.formation in self.data.formations and any(
                    (lay := self.ch.layer(t)) is not None and lay.id == RESERVE_LAYER and self.ch.level(t, v)
                    for t, v in p.layers.items()):
                out.add(mk.formation)
        return frozenset(out)

    def watch_reserve(self, j: Judged) -> bool:
        """A FAM turned to or from its In Reserve side while the rule is played (True: judged here)."""
        e = j.event
        if not isinstance(e, StepChange) or not self.optional(RESERVE_OPTION):
            return False
        mk, lay = self.ch.marker(e.piece.name), self.ch.layer(e.trait)
        if mk is None or lay is None or lay.id != RESERVE_LAYER or mk.formation not in self.data.formations:
            return False
        level = self.ch.level(e.trait, e.new)
        if level is None:
            return False
        fid, now = mk.formation, self.in_reserve()
        first = self.reserve_first_turn(e, fid)
        v = first or (self.enter_reserve(fid, e, mk) if level else self.leave_reserve(fid))
        self.set(reserve=now | {fid} if level else now - {fid}, must_leave=self.mem.must_leave - {fid})
        self.say(j.index, v)
        return True

    @rule("PTR 22.8.2", "PTR22-14/PTR22-15", "a formation enters Reserve Mode only with its HQ in supply and every "
          "combat unit of it undisrupted and in its HQ's CR")
    def enter_reserve(self, fid: str, e: StepChange, mk) -> Verdict:
        phase = self.reserve_verdict(e, mk)  # 22.8.1A: only in the Organization Phase
        if isinstance(phase, Illegal):
            return phase
        units = sorted(u for u in self.state.positions if self.data.formation_of(u) == fid and not self.data.is_hq(u))
        bad = [u for u in units if u in self.state.reduced]
        if bad:
            return Illegal("PTR 22.8.2B", f"{fid} enters Reserve Mode with {', '.join(bad)} disrupted")
        supplied = hq_supplied(self.data, self.state, fid)
        if supplied is False:
            return Illegal("PTR 22.8.2A", f"{fid} enters Reserve Mode with its HQ out of supply")
        answers = {u: commanded(self.data, self.state, u) for u in units}
        out = [u for u, a in answers.items() if a is False]
        if out:
            return Illegal("PTR 22.8.2B", f"{fid} enters Reserve Mode with {', '.join(out)} out of its HQ's CR")
        unknown = [a for a in [supplied, *answers.values()] if isinstance(a, Unknown)]
        return NotCheckable(unknown[0].needs) if unknown else phase

    @rule("PTR 22.8.1", "PTR22-13", "a formation leaves Reserve Mode in the Organization Phase, or at once after a "
          "successful Formation Reaction or its HQ's displacement; it then acts out of Reserve")
    def leave_reserve(self, fid: str) -> Verdict:
        if self.phase_id() == ORGANIZATION:
            return Legal(detail=f"{fid} leaves Reserve Mode in the Organization Phase (22.8.1A)")
        if fid in self.mem.must_leave:
            return Legal(detail=f"{fid} leaves Reserve Mode after its reaction or its HQ's displacement (22.8.1B)")
        return Illegal("PTR 22.8.1A", f"{fid} leaves Reserve Mode outside the Organization Phase, with no successful "
                       "reaction or HQ displacement to end it")

    def reserve_ends(self, fid: str | None) -> None:
        """PtR 22.8.1B: a successful reaction or an HQ displacement ends ``fid``'s Reserve Mode."""
        if fid is not None and self.optional(RESERVE_OPTION) and fid in self.in_reserve():
            self.set(must_leave=self.mem.must_leave | {fid})

    @rule("PTR 22.8.3B-C", "PTR22-16", "a formation in Reserve Mode takes the bold AP Table number for a reaction "
          "and the non-bold one for an activation")
    def ap_bold(self, index: int, a: Activation) -> bool:
        """Which AP Table number ``a``'s AP roll reads (True: bold; 10.1.2B / 10.2.3B without Reserve)."""
        if not self.optional(RESERVE_OPTION) or a.formation not in self.in_reserve():
            return not a.reaction
        if a.formation in self.mem.must_leave:
            self.say(index, Illegal("PTR 22.8.1B", f"{a.formation} acts still in Reserve Mode: its reaction or its "
                                    "HQ's displacement ended it"))
            return not a.reaction
        return a.reaction

    def reaction_drm(self, fid: str) -> int | Unknown:
        """PtR 22.8.3A / 22.8 (L2473): the DRM on the In Reserve side of ``fid``'s FAM (0, -1 or -2), added to its
        Reaction Check's die (game.toml ``[special.formations] reserve_drm``); 0 out of Reserve or with the rule
        off. Reading: the check passes iff d10 + DRM <= the Reaction Rating (10.2.3A), so a -1 helps; 'may
        receive' is read as always taken, since a DRM of at most 0 can only help the reacting player."""
        if not self.optional(RESERVE_OPTION) or fid not in self.in_reserve():
            return 0
        raw = (self.data.special.get("formations") or {}).get(fid, {}).get("reserve_drm")
        return number(raw, f"the Reserve DRM of formation {fid}'s FAM (game.toml [special.formations] reserve_drm, "
                      "PTR 22.8.3A)")
