"""HTTR recovery from disruption (SR 10.6.4-10.6.5): in the owner's Command Phase, a passed morale check (2d6,
the Morale Check roll made in that phase before the change): -2 stacked with or next to a leader or HQ, +1
next to an undisrupted enemy unit, +1 out of supply; the modified roll at most the current morale. Without a
roll, the automatic recovery after two quiet night GTs (10.6.5, 20.2): :class:`NightWatch` follows who moved or
stood next to an enemy unit in each night GT the log shows from its start.

Reading (10.6.5): the two consecutive night GTs are the two just before the daylight GT whose friendly Command
Phase it is; a unit qualifies when it neither moved nor was adjacent to an enemy unit in either and is disrupted
then.

Reading: a unit's current morale is its printed morale less losses (16.1); SP losses are not read, so a pass is
judged on the printed morale and says so, and a failure on it is a failure on any lower morale too.

Reading (10.6.4 L638, L642): a Morale Check serves the disrupted unit or stack whose recovery first takes it; a unit
of another hex recovering on it rolled none of its own. 'Out of supply' is the reading ``recovery_supply``
(catalogue.READINGS).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.attachment import Attachments
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.command_points import CpLedger
from hexforge.rules.httr.morale import RECOVERY, for_check
from hexforge.rules.httr.recovery_modes import Recoveries
from hexforge.rules.httr.supply_rules import before_supply_rules, supplied
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

SUPPLY = "recovery_supply"  # catalogue.READINGS: SR 10.6.4's 'out of supply' (L641) vs 13.5 (L759), 15.4.3 (L820)


@dataclass(slots=True)
class NightWatch:
    """Per night GT seen from its start: the units that moved or stood next to an enemy unit in it."""

    noisy: dict[int, set[str]] = field(default_factory=dict)
    turn: int | None = None
    night: bool = False

    def begin(self, state: GameState, turn: int | None, night: bool) -> None:
        """A new GT begins (its first phase change)."""
        self.turn, self.night = turn, night
        if night and turn is not None:
            self.noisy[turn] = set()
            for u in list(state.positions):
                self.placed(state, u)

    def placed(self, state: GameState, uid: str) -> None:
        """After ``uid`` moved (or at the GT's start): it and the enemies next to it are not quiet."""
        if not self.night or self.turn not in self.noisy:
            return
        at = state.where(uid)
        if at is None:
            return
        near = [x for h in at.neighbours() for x in state.at(h) if state.side(x) != state.side(uid)]
        if near:
            self.noisy[self.turn].update([uid, *near])

    def moved(self, state: GameState, uid: str) -> None:
        if self.night and self.turn in self.noisy:
            self.noisy[self.turn].add(uid)
            self.placed(state, uid)

    def quiet(self, uid: str, nights: tuple[int, int]) -> bool | None:
        """Quiet in both night GTs; ``None`` when the log does not show both from their start."""
        if any(n not in self.noisy for n in nights):
            return None
        return all(uid not in self.noisy[n] for n in nights)


class Position(Board, Protocol):
    rules: RulesSystem
    morale_roll: int | None
    watch: NightWatch
    recoveries: Recoveries
    readings: dict[str, str]
    cp: CpLedger
    attach: Attachments

    def turn_kind(self, turn: int) -> str | None: ...


def last_nights(p: Position) -> tuple[int, int] | None:
    """The two night GTs just before this daylight GT, if it follows two (10.6.5)."""
    t = p.state.turn
    if t is None or p.turn_kind(t) != "day" or any(p.turn_kind(t - k) != "night" for k in (1, 2)):
        return None
    return t - 2, t - 1


@rule("HTTR SR 10.6.5 / 20.2", "DIS-3", "a disrupted unit that neither moved nor stood next to an enemy unit in "
      "two consecutive night GTs recovers at the first friendly daylight Command Phase, without a roll")
def judge_quiet_recovery(p: Position, uid: str) -> Verdict:
    """A recovery in the owner's Command Phase without a morale check."""
    nights = last_nights(p)
    if nights is None:
        return Illegal("HTTR SR 10.6.4", f"{uid} recovers from disruption without a morale check, and this is not "
                       "the first daylight Command Phase after two night GTs (SR 10.6.5)")
    quiet = p.watch.quiet(uid, nights)
    if quiet is None:
        return NotCheckable(f"whether {uid} moved or stood next to an enemy unit in night GTs {nights[0]} and "
                            f"{nights[1]} (the log does not show them from their start)")
    if not quiet:
        return Illegal("HTTR SR 10.6.5", f"{uid} recovers without a morale check, but it moved or stood next to an "
                       f"enemy unit in night GT {nights[0]} or {nights[1]}")
    return Legal(detail=f"two quiet night GTs ({nights[0]}, {nights[1]}): automatic recovery (SR 10.6.5)")


def quiet_still_disrupted(p: Position) -> list[Verdict]:
    """At the end of a daylight Command Phase after two night GTs: qualifying units of its side still disrupted."""
    kind, side = p.phase()
    nights = last_nights(p)
    if kind != "command" or nights is None:
        return []
    return [Illegal("HTTR SR 10.6.5", f"{u} stayed quiet for night GTs {nights[0]} and {nights[1]} but is still "
                    "disrupted: it recovers automatically in this Command Phase")
            for u in sorted(p.state.positions) if p.state.side(u) == side and mem.has(p.state, u, "disrupted")
            and p.watch.quiet(u, nights)]


@rule("HTTR SR 10.6.4", "DIS-2", "recovery in the owner's Command Phase on 2d6 <= morale, -2 with a leader or HQ "
      "stacked or adjacent, +1 next to an undisrupted enemy, +1 out of supply; one roll for a unit or a stack")
def judge_recovery(p: Position, uid: str) -> Verdict:
    kind, side = p.phase()
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind != "command" or p.state.side(uid) != side:
        return Illegal("HTTR SR 10.6.4", f"{uid} recovers from disruption outside its side's Command Phase")
    nights = last_nights(p)
    at = p.state.where(uid)
    if p.morale_roll is None and p.recoveries.roll is None or nights is not None and p.watch.quiet(uid, nights):
        return judge_quiet_recovery(p, uid)  # a roll for other units does not take away a quiet unit's recovery
    rolled = take_roll(p, uid, at)
    if not isinstance(rolled, int):
        return rolled
    morale = for_check(p, uid, RECOVERY)  # no -4 nor leader bonus: 10.6.4's own modifiers (morale.py)
    if isinstance(morale, Unknown):
        return NotCheckable(morale.needs)
    near = [u for u in p.state.at(at) + tuple(x for h in at.neighbours() for x in p.state.at(h))] if at else []
    friends = [u for u in near if p.state.side(u) == side and u != uid]
    helped = any(is_kind(p.game, u, "leader", "hq") for u in friends)
    enemy = any(p.state.side(u) != side and not mem.has(p.state, u, "disrupted") and p.state.where(u) != at
                for u in near)
    roll = rolled - (2 if helped else 0) + (1 if enemy else 0)
    if roll > morale:
        return Illegal("HTTR SR 10.6.4", f"{uid} recovers, but its morale check fails: {rolled}"
                       f"{' - 2' if helped else ''}{' + 1' if enemy else ''} > morale {morale:g}")
    if roll + 1 > morale and (early := before_supply_rules(p.game, p.state.turn)) is not True:  # the +1 out of
        # supply decides, once the supply rules begin (ScR 5.2, 5.1.3.7)
        if isinstance(early, Unknown):
            return NotCheckable(f"whether {uid} is in supply (SR 10.6.4: +1 out of supply): {early.needs}")
        out = out_of_supply(p, uid)
        if isinstance(out, Unknown):
            return NotCheckable(f"whether {uid} is in supply (SR 10.6.4: +1 out of supply): {out.needs}")
        if out:
            return Illegal("HTTR SR 10.6.4", f"{uid} recovers, but out of supply ({out}) its check fails: {roll} + 1 "
                           f"> morale {morale:g}")
    return Legal(detail=f"morale check {roll} <= {morale:g}", guess="its morale is the printed one (SP losses are "
                 "not read)")


def take_roll(p: Position, uid: str, at: Hex | None) -> int | Verdict:
    """The Morale Check ``uid`` recovers on: a new roll is taken by its stack's hex; a roll already taken serves
    only that hex (SR 10.6.4 L638: 'Roll a 2d6 for each disrupted unit'; L642: a disrupted stack rolls once)."""
    if p.morale_roll is not None:
        p.recoveries.roll, p.morale_roll = (p.morale_roll, at), None
        return p.recoveries.roll[0]
    total, where = p.recoveries.roll or (0, None)
    if where != at:
        label = p.game.map.labels.get(where, "another hex") if where is not None else "another hex"
        return Illegal("HTTR SR 10.6.4", f"{uid} recovers on the Morale Check of the stack in {label}: each disrupted "
                       "unit, or stack, rolls its own 2d6")
    return total


def out_of_supply(p: Position, uid: str) -> str | Unknown:
    """Why ``uid`` is out of supply for 10.6.4's +1 ('' when it is not), by the reading :data:`SUPPLY`: SR 13.5's
    summary (no supply path to its controlling HQ, or that HQ under 2 CP), 15.4.3's zero CP, or the path alone."""
    how = p.readings.get(SUPPLY, "summary")
    if how == "path":
        got = p.rules.supplied(p.state, uid)
        return Unknown(got.reason) if got.supplied is None else "" if got.supplied else got.reason or "no supply path"
    state = supplied(p, uid)
    if how == "zero_cp":
        if state.path is False or state.cp is not None and state.cp <= 0:
            return state.why
        return "" if state.path is True and state.cp is not None else Unknown(state.why)
    return Unknown(state.why) if state.full is None else "" if state.full else state.why
