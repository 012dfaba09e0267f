"""The Recovery Phase (PtR 5.2.1, 10.3, 19.0): FAMs advance for supplied formations (the US by its rating, the
Germans by the HQ Recovery Chart at the turn's Interdiction Level, which the US rolls for), never above the
Maximum Activation Level, and not on a scenario's first turn. A mixin of the PtR referee."""
from __future__ import annotations

from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.ptr.command import hq_supplied
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable


def recovered(fam: int, advance: int, fam_max: int, supplied: bool) -> int:
    """PtR 10.3A-C / 10.3.1 / 10.3.2B: a supplied formation's FAM moves up ``advance`` boxes (the US rating; the
    German HQ Recovery Chart cell), never above its Maximum Activation Level; an OOS formation's stays."""
    return min(fam_max, fam + advance) if supplied else fam


class RecoveryMixin:
    """FAM recovery and the Interdiction roll; see the module docstring."""

    def first_turn(self) -> int | Unknown:
        return self.rules.scenario_value(lambda sc: sc.first_turn, "the scenario's first turn")

    @rule("PTR 5.2.1C / 10.3 / 10.3.1", "PTR5-4/PTR10-22/PTR10-23/PTR10-24",
          "in the Recovery Phase of every turn but a scenario's first, supplied US formations' FAMs advance by "
          "their rating, never above their maximum; an OOS HQ's formation does not advance")
    def begin_recovery(self, turn: int | None) -> None:
        if turn is None or turn == self.first_turn():
            self.set(recovering=False)  # 5.2.1 Play Note (L492)
            return
        fam, us = dict(self.mem.fam), self.data.us_side
        for fid, f in self.data.formations.items():
            if isinstance(us, Unknown):
                fam[fid] = Unknown(f"the FAM of {fid} after recovery: {us.needs}")
            elif f.side == us:
                fam[fid] = self.fam_after(fid, f.recovery)
        self.set(fam=frozen_map(fam), recovering=True)

    def fam_after(self, fid: str, amount: int | Unknown) -> int | Unknown:
        """One formation's FAM after recovery (Unknown naming every missing datum)."""
        f, now = self.data.formations[fid], self.mem.fam.get(fid, Unknown(f"the FAM box of formation {fid}"))
        supplied = hq_supplied(self.data, self.state, fid)
        head = f"the FAM of {fid} after recovery: "
        unknown = [v.needs.removeprefix(head) for v in (now, amount, f.fam_max, supplied) if isinstance(v, Unknown)]
        if unknown:  # an FAM unknown last turn names its own needs once, however many turns follow
            return Unknown(head + "; ".join(dict.fromkeys(n for u in unknown for n in u.split("; "))))
        return recovered(now, amount, f.fam_max, supplied)

    @rule("PTR 5.2.1D-E / 19.0A / 10.3.2B", "PTR5-3/PTR19-1/PTR10-25/PTR9-2",
          "a US Interdiction roll in every Recovery Phase but a scenario's first turn's gives the turn's level "
          "(added to the US Initiative rolls); the German FAMs then advance by the HQ Recovery Chart at it")
    def interdiction_roll(self, j: Judged) -> None:
        turn = self.state.turn
        if not self.mem.recovering:
            done = self.mem.interdiction is not None and self.mem.interdiction[0] == turn
            why = (f"the Interdiction roll of turn {turn} is already made: one US roll per Recovery Phase" if done
                   else "no Interdiction roll on a scenario's first turn")
            self.say(j.index, Illegal("PTR 5.2.1D", why,
                                      guess="the US's first roll of the Recovery Phase is its Interdiction roll"))
            return
        die = self.die(j.event)
        cell = Cells.of(self.game, "interdiction").get(str(die), "interdiction level")
        level = cell if isinstance(cell, int) else Unknown(f"Interdiction Table row {die} (tables/interdiction.toml)")
        self.recover_germans(level)
        self.set(interdiction=(turn, level))
        self.say(j.index, NotCheckable(level.needs) if isinstance(level, Unknown) else
                 Legal(detail=f"Interdiction Level {level} for turn {turn} (die {die})"))

    def recover_germans(self, level: int | Unknown) -> None:
        fam = dict(self.mem.fam)
        chart = Cells.of(self.game, "hq-recovery")
        for fid, f in self.data.formations.items():
            if f.side == self.data.us_side or isinstance(self.data.us_side, Unknown):
                continue  # an unknown US side left every FAM unknown in begin_recovery
            cell = chart.get(str(f.recovery), f"interdiction level {level}") if not isinstance(level, Unknown) \
                and not isinstance(f.recovery, Unknown) else "unknown"
            amount = cell if isinstance(cell, int) else Unknown(
                (level.needs if isinstance(level, Unknown) else f"HQ Recovery Chart: rating {f.recovery}, "
                 f"Interdiction Level {level} (tables/hq-recovery.toml)"))
            fam[fid] = self.fam_after(fid, amount)
        self.set(fam=frozen_map(fam), recovering=False)

    def end_recovery(self) -> None:
        """The Recovery Phase ended without the US roll: the German FAMs are not known."""
        if self.mem.recovering:
            self.recover_germans(Unknown(f"the Interdiction Level of turn {self.state.turn} (the US roll in its "
                                         "Recovery Phase, PtR 5.2.1D)"))
