"""Withdrawals and returns (PtR 8.2, 21.2.12, 21.4.12, 21.5.9): in the Reinforcement Phase of the turn the
scenario's ``[[withdrawals]]`` name, the listed units leave play (picked up: removed from the map), and no other
unit does; a withdrawn unit comes back only as a scheduled reinforcement (the 116th Panzer, 8.2.1D), at full
strength; a withdrawn unit not in CR, not in supply or disrupted counts as eliminated for VPs (8.2.2). A mixin of
the PtR referee."""
from __future__ import annotations

from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.arrival import REINFORCEMENT_PHASE
from hexforge.rules.ptr.command import hq_supplied
from hexforge.games.values import plain
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.ptr.command import brief
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class WithdrawalMixin:
    """Scheduled withdrawals and returns; see the module docstring."""

    def schedule(self, kind: str) -> list | Unknown:
        """The scenario's ``withdrawals`` or ``reinforcements`` rows (Unknown when the scenario is not known)."""
        if self.rules.scenario not in self.game.scenarios:
            return Unknown("which scenario is played (its withdrawal and reinforcement schedule; name it with "
                           "--scenario)")
        return list(getattr(self.game.scenarios[self.rules.scenario], kind) or [])

    def due(self, turn: int | None) -> tuple[set[str], bool] | Unknown:
        """The units the schedule withdraws on ``turn``, and whether a row of that turn names no units."""
        rows = self.schedule("withdrawals")
        if isinstance(rows, Unknown):
            return rows
        mine = [w for w in rows if plain(w.turn) == turn]
        return ({u for w in mine if w.units != "unknown" for u in w.units}, any(w.units == "unknown" for w in mine))

    @rule("PTR 8.2.1A-C / 21.2.12 / 21.5.9", "PTR6-20", "in the Reinforcement Phase of the turn the schedule names, "
          "its formations' units are picked up, and no other unit leaves play then")
    def on_removed(self, j: Judged, uid: str) -> None:
        """A unit removed in the Reinforcement Phase (a withdrawal) or the Replacement Phase (a cannibalization)."""
        if self.phase_id() != REINFORCEMENT_PHASE:
            gone = self.mem.rp.get(f"cannibalized:{uid}") == self.state.turn
            self.say(j.index, Legal(detail=f"{uid} is removed: cannibalized (7.2B)") if gone else Illegal(
                "PTR 7.2B", f"{uid} is removed in the Replacement Phase without being cannibalized"))
            return
        due = self.due(self.state.turn)
        if isinstance(due, Unknown):
            self.say(j.index, NotCheckable(due.needs))
            return
        if uid not in due[0] and due[1]:
            self.say(j.index, NotCheckable(f"the units withdrawn on turn {self.state.turn} (a [[withdrawals]] row of "
                                           "the scenario names none)"))
            return
        if uid not in due[0]:
            self.say(j.index, Illegal("PTR 8.2.1", f"{uid} leaves play in the Reinforcement Phase, but the schedule "
                                      f"withdraws no such unit on turn {self.state.turn}"))
            return
        self.set(withdrawn=self.mem.withdrawn | {uid})
        self.say(j.index, self.withdrawal_vp(uid))

    def check_withdrawals(self, j: Judged) -> None:
        """At the end of a Reinforcement Phase, every unit due to withdraw has left the map (8.2.1C)."""
        if self.phase_id() != REINFORCEMENT_PHASE:
            return
        due = self.due(self.state.turn)
        if isinstance(due, Unknown):
            return
        stay = sorted(u for u in due[0] if self.state.where(u) is not None)
        if stay:
            self.say(j.index, Illegal("PTR 8.2.1C", f"{', '.join(stay)} still on the map after the Reinforcement "
                                      f"Phase of turn {self.state.turn}: the schedule withdraws them"))

    @rule("PTR 8.2.2", "PTR6-22", "a withdrawn unit not in CR of its HQ, not in supply or disrupted counts as "
          "eliminated for VPs")
    def withdrawal_vp(self, uid: str) -> Verdict:
        """The verdict on a withdrawal, saying how its SPs count for victory (21.5, 21.6)."""
        fid = self.formation_now(uid)
        if uid in self.state.reduced:
            return Legal(detail=f"{uid} withdraws disrupted: it counts as eliminated for VPs (8.2.2B)")
        if fid is None or self.data.is_hq(uid):
            return Legal(detail=f"{uid} withdraws")
        cr, sup = self.in_cr_of(uid, fid), hq_supplied(self.data, self.state, fid)
        if cr is False or sup is False:
            why = "out of its HQ's command range" if cr is False else "out of supply"
            return Legal(detail=f"{uid} withdraws {why}: it counts as eliminated for VPs (8.2.2B)")
        needs = [brief(tuple(v.needs.split("; "))) for v in (cr, sup) if isinstance(v, Unknown)]
        if needs:
            return NotCheckable("whether the withdrawn unit counts as eliminated for VPs (8.2.2): " + "; ".join(needs))
        return Legal(detail=f"{uid} withdraws in CR, in supply and undisrupted: its SP losses count as usual "
                     "(8.2.2A)")

    @rule("PTR 8.2.1D", "PTR6-21", "a withdrawn unit returns only as a scheduled reinforcement (the 116th Panzer), at "
          "full strength; the others are removed permanently")
    def returning(self, uid: str) -> Verdict | None:
        """The entry of a unit withdrawn before: ``None`` when it was never withdrawn."""
        if uid not in self.mem.withdrawn:
            return None
        rows = self.schedule("reinforcements")
        if isinstance(rows, Unknown):
            return NotCheckable(rows.needs)
        turns = [plain(r.turn) for r in rows if r.units != "unknown" and uid in r.units]
        if not any(isinstance(t, int) and t <= (self.state.turn or 0) for t in turns):
            if any(r.units == "unknown" for r in rows):
                return NotCheckable(f"whether {uid} returns this turn (the scenario's reinforcement rows whose units "
                                    "are unknown: the return schedule, 8.2.1D)")
            return Illegal("PTR 8.2.1D", f"{uid} was withdrawn and comes back on turn {self.state.turn}: the "
                           "schedule brings it back " + (f"on turn {min(turns)}" if turns else "never"))
        printed = self.data.value(uid, "cs", False)
        cs = {**self.mem.cs}
        if isinstance(printed, int):
            cs[uid] = printed  # 8.2.1D: at full strength, whatever it lost before
        self.set(withdrawn=self.mem.withdrawn - {uid}, cs=frozen_map(cs))
        return None
