"""The record tracks as the log shows them (docs/log-channel.md): a FAM moved on the Formation Activation Track,
an AP marker on its side's AP-Track, the Initiative +DRM marker on the Initiative Track and its Symbol, a FAM's Reserve side (22.8.1), each
compared with the box the rules put it in (PtR 9.2.2, 10.1.1B, 10.1.4A, 10.2.3C, 10.3). A mixin of the referee."""
from __future__ import annotations

from dataclasses import replace

from hexforge.builder.timeline import Entered, Move, StepChange
from hexforge.games.schema import Marker
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

FAT, AP_TRACKS, INITIATIVE = "fat", ("ap-us", "ap-german"), "initiative"  # the channel's track ids
SYMBOL = "initiative-symbol"  # the channel's layer id of the +DRM marker's face
RESERVE, ORGANIZATION_PHASE = "reserve", "organization"  # the FAMs' Reserve layer id (optional 22.8); a phase id


class TracksMixin:
    """Track marker moves against the referee's bookkeeping; see the module docstring."""

    @rule("PTR 22.8.1A-B", "PTR22-12", "a FAM turns to its In Reserve side only in the Organization Phase; it "
          "turns back then, or when a successful reaction or an HQ displacement ends the Reserve")
    def reserve_verdict(self, e: StepChange, mk: Marker) -> Verdict:
        level = self.ch.level(e.trait, e.new)
        if level is None:
            return NotCheckable(f"which level of the Reserve layer '{e.new.strip()}' is (game.toml [[layers]])")
        if self.phase_id() == ORGANIZATION_PHASE:
            return Legal(detail=f"{mk.name.resolved} {'enters' if level else 'leaves'} Reserve Mode in the "
                         "Organization Phase (22.8.1A)")
        if level:
            return Illegal("PTR 22.8.1A", f"{mk.name.resolved} turns to In Reserve outside the Organization Phase")
        return NotCheckable("whether a successful reaction or an HQ displacement ended this Reserve (22.8.1B; not "
                            "followed yet)")

    def on_marker(self, j: Judged, mk: Marker) -> None:
        e = j.event
        if isinstance(e, StepChange):
            lay = self.ch.layer(e.trait)
            if lay is not None and lay.id == SYMBOL:
                self.say(j.index, self.symbol_verdict(e))
            elif lay is not None and lay.id == RESERVE:
                self.say(j.index, self.reserve_verdict(e, mk))
            return
        loc = e.to if isinstance(e, Move) else e.location if isinstance(e, Entered) else None
        got = self.ch.box(loc.board, loc.label) if loc is not None else None
        if got is None or not got[1].lstrip("-").isdigit():
            return
        box = int(got[1])
        if mk.track == FAT and mk.formation in self.data.formations:
            self.say(j.index, self.fam_verdict(mk.formation, box))
        elif mk.track in AP_TRACKS:
            self.say(j.index, self.ap_verdict(mk.side, box))
        elif mk.track == INITIATIVE and mk.id == "initiative-drm":
            want = self.mem.marker.box
            self.say(j.index, Legal(detail=f"+DRM marker in box {box}") if box == want else Illegal(
                "PTR 9.2.2", f"the Initiative +DRM marker goes to box {box}; 9.2.2 puts it in box {want}"))

    @rule("PTR 10.1.1B / 10.2.3C / 10.3", "PTR10-2/PTR10-16/PTR10-23/PTR10-24/PTR10-25",
          "a FAM moves one box down per activation or successful reaction, up by recovery, never above its maximum")
    def fam_verdict(self, fid: str, box: int) -> Verdict:
        want = self.mem.fam.get(fid, Unknown(f"the FAM box of formation {fid}"))
        if isinstance(want, Unknown):  # the marker is the log's word for it from here on
            self.set(fam=frozen_map(dict(self.mem.fam, **{fid: box})))
            return NotCheckable(want.needs)
        if box == want:
            return Legal(detail=f"{fid}'s FAM in box {box}")
        if box == want - 1 and self.mem.expect == "option":
            return Legal(detail=f"{fid}'s FAM in box {box}", guess="moved down before the activation is declared")
        top = self.data.formations[fid].fam_max
        if isinstance(top, int) and box > top:
            return Illegal("PTR 10.3C", f"{fid}'s FAM goes to box {box}, above its Maximum Activation Level {top}")
        if self.phase_id() == "recovery":  # 10.3.1 (US: its rating) / 10.3.2B (German: the HQ Recovery Chart)
            us = self.data.formations[fid].side == self.data.us_side
            return Illegal("PTR 10.3.1" if us else "PTR 10.3.2B", f"{fid}'s FAM goes to box {box}; its recovery "
                           f"({'its Recovery Rating' if us else 'the HQ Recovery Chart at the Interdiction Level'}) "
                           f"puts it in box {want}")
        return Illegal("PTR 10.1.1B", f"{fid}'s FAM goes to box {box}; the rules put it in box {want}")

    @rule("PTR 10.1.2B / 10.1.4A / 11.1C", "PTR10-7", "the AP marker shows the APs rolled, then drops by each "
          "Action's cost")
    def ap_verdict(self, side: str | None, box: int) -> Verdict:
        a = self.mem.active
        if a is None or a.side != side or a.ap is None:
            return Illegal("PTR 10.1.2B", f"the {side} AP marker moves to {box}, but no {side} formation has rolled "
                           "its APs")
        if isinstance(a.ap, Unknown):
            self.set(active=replace(a, ap=box))
            return NotCheckable(a.ap.needs)
        if box == a.ap:
            return Legal(detail=f"{a.formation}: {box} APs left")
        if box == a.ap - 1:
            return Legal(detail=f"{a.formation}: {box} APs left", guess="moved before the Movement Action it pays")
        return Illegal("PTR 10.1.4A", f"the {side} AP marker goes to {box}; {a.formation} has {a.ap} APs left")

    def symbol_verdict(self, e: StepChange) -> Verdict:
        """PtR 9.2.2B-C: the marker shows the Reaction side of the last Initiative Determination."""
        name = self.ch.level_name(e.trait, e.new)
        side = next((s.id for s in self.game.info.sides if name and s.name.resolved.lower() == name.lower()), None)
        want = self.mem.marker.side
        if side is None or want is None:
            return NotCheckable("which side the +DRM marker's face names (Symbol layer levels as side names)")
        return Legal(detail=f"the +DRM marker shows {side}") if side == want else Illegal(
            "PTR 9.2.2B", f"the +DRM marker is turned to {side}; the Reaction side, {want}, shows on it")
