"""Supply at the instant of activation and Emergency Supply (PtR 10.1.3, 17.5-17.6, 10.3D): an OOS HQ showing
its front must flip before its formation acts; one already flipped activates with its FAM to the 0-box; the HQ
flips back only in a Recovery Phase, and only in supply; and the Reaction Check (10.2.3A, 22.8.3A). A mixin of the PtR
referee."""
from __future__ import annotations

from dataclasses import replace

from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.command import hq_supplied
from hexforge.rules.ptr.memory import Activation, frozen_map
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class ActivationMixin:
    """Supply at activation and the HQ's Emergency Supply flip; see the module docstring."""

    @rule("PTR 10.1.3 / 17.5 / 17.6A", "PTR10-4/PTR10-5/PTR10-6/PTR10-17",
          "supply is judged at the instant of activation (or reaction): an OOS HQ showing its front must expend "
          "Emergency Supply; one already flipped activates with its FAM to the 0-box")
    def supply_at_activation(self, fid: str) -> Verdict | None:
        """After the activation is recorded: its supply consequences; the verdict when supply is unknown."""
        hq = self.data.formations[fid].hq
        supplied = hq_supplied(self.data, self.state, fid)
        flipped = hq is not None and hq in self.state.reduced
        a = self.mem.active
        if supplied is True:
            return None
        if isinstance(supplied, Unknown):
            if flipped:  # 10.1.3D or normal: the FAM box after it depends on the path
                self.set(fam=frozen_map(dict(self.mem.fam, **{fid: Unknown(supplied.needs)})))
            return NotCheckable(supplied.needs)
        if flipped:  # 10.1.3D / 17.5B
            self.set(fam=frozen_map(dict(self.mem.fam, **{fid: 0})))
            return Legal(detail=f"{hq} is out of supply and has expended Emergency Supply: {fid}'s FAM goes to "
                                "the 0-box (10.1.3D)")
        self.set(active=replace(a, flip=hq))  # 10.1.3B-C: mandatory
        return None

    @rule("PTR 17.6 / 10.3D / 5.2.1B", "PTR17-5",
          "Emergency Supply is one flip of an OOS HQ, not repeated until the HQ flips back in a Recovery Phase, "
          "which it does only in supply")
    def on_hq_flip(self, j: Judged, uid: str) -> None:
        e, a = j.event, self.mem.active
        to_front = self.back_level(e) == 0
        fid = self.data.formation_of(uid)
        if not to_front:
            if a is not None and a.flip == uid:
                self.set(active=replace(a, flip=None))
                self.say(j.index, Legal(detail=f"{uid} expends Emergency Supply (17.6B)"))
                return
            supplied = hq_supplied(self.data, self.state, fid) if fid else Unknown(f"the formation of {uid}")
            self.say(j.index, NotCheckable(supplied.needs) if isinstance(supplied, Unknown) else Illegal(
                "PTR 17.6A", f"{uid} flips to Emergency Supply, but it "
                + ("traces a supply path" if supplied else "is not its formation's activating HQ now")))
            return
        if self.phase_id() != "recovery":
            self.say(j.index, Illegal("PTR 17.6C", f"{uid} flips back to its front outside a Recovery Phase"))
            return
        supplied = hq_supplied(self.data, self.state, fid) if fid else Unknown(f"the formation of {uid}")
        self.say(j.index, NotCheckable(supplied.needs) if isinstance(supplied, Unknown) else
                 Legal(detail=f"{uid} is in supply: it flips back (10.3D)") if supplied else
                 Illegal("PTR 10.3D", f"{uid} flips back to its front, but it is out of supply"))

    def flip_missed(self, index: int) -> None:
        """At the AP roll: an OOS HQ that had to flip and did not (10.1.3C; for a reacting HQ too, 10.2.3D)."""
        a = self.mem.active
        if a is not None and a.flip is not None:
            self.say(index, Illegal("PTR 10.2.3D / 10.1.3C" if a.reaction else "PTR 10.1.3C", f"{a.flip} is out of "
                                    f"supply at {a.formation}'s {'reaction' if a.reaction else 'activation'}: it must "
                                    "expend Emergency Supply (flip) first"))
            self.set(active=replace(a, flip=None))

    def reaction_check(self, index: int, a: Activation, die: int) -> None:
        """PtR 10.2.3A / 22.8.3A: the check passes iff the die plus the Reserve DRM is at most the HQ's Reaction
        Rating (an unknown Reserve DRM, at most 0, matters only when the die alone fails by 2 or less)."""
        f = self.data.formations[a.formation]
        rr = self.data.value(f.hq, "reaction_rating", False) if f.hq else Unknown(
            f"the HQ of formation {a.formation} (game.toml [special.formations] hq)")
        drm = self.reaction_drm(a.formation)
        if isinstance(drm, Unknown) and isinstance(rr, int) and not (die <= rr or die - 2 > rr):
            rr = drm  # 22.8 (L2473): the DRM is 0, -1 or -2
        if isinstance(rr, Unknown):
            self.set(active=replace(a, stage="ap-roll"))
            self.say(index, NotCheckable(rr.needs))
            return
        drm = drm if isinstance(drm, int) else 0
        roll = f"{die}{drm:+d} (Reserve)" if drm else f"{die}"
        if die + drm > rr:  # 10.2.3E: the FAM stays; the moving formation resumes
            self.set(active=self.mem.suspended, suspended=None)
            self.say(index, Legal(detail=f"Reaction Check {roll} > rating {rr}: {a.formation} fails; its FAM stays"))
            return
        fam = dict(self.mem.fam)
        if isinstance(a.level, int):
            fam[a.formation] = a.level - 1
        mover = self.mem.suspended
        if mover is not None:  # 10.2.4A: the mover stops; its Action has ended and cannot be resumed
            if mover.movement is not None:  # 10.2.4B: an overstack where the mover stopped
                self.interrupted(mover.movement.at, mover.side)
            self.set(suspended=replace(mover, movement=None))
        self.set(active=replace(a, stage="ap-roll"), fam=frozen_map(fam))
        unsure = self.supply_at_activation(a.formation)  # 10.2.3D
        if unsure is not None and not isinstance(unsure, Legal):
            self.say(index, unsure)
        self.say(index, Legal(detail=f"Reaction Check {roll} <= rating {rr}: {a.formation} reacts; its FAM drops "
                              f"to {a.level - 1 if isinstance(a.level, int) else '?'}"))
