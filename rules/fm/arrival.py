"""Units arriving on the map during play: scheduled reinforcements (AAC 15.0, ARN 11.1) and eliminated
units coming back (ARN 10.6.6). A log shows an arrival as an ``Entered`` event; the checker hands it here.

Airborne arrivals are not judged here: their landing hex answers to the landing procedure (ARN 11.4,
``rules/fm/arnhem/actions.py``), which ``RulesSystem.lands_by_air`` names.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.movement import label
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.registry import rule
from hexforge.rules.fm.system import MoveRecord
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict
from hexforge.rules.fm.judge import Judge
from hexforge.rules.replay import Judged
from hexforge.rules.system import RulesSystem



class ConditionalArrival(Protocol):
    """Reinforcements that arrive when a condition is met, not on a set GT (AAC 15.3)."""

    def gt_started(self, turn: int, state: GameState) -> None: ...

    def judge_entry(self, uid: str, turn: int | None) -> Verdict | None: ...

    def missing(self, state: GameState, ended: int) -> Illegal | None: ...

SHIFT = 3  # ARN 11.1 (L474): hexes along the map edge per GT of delay


@dataclass(frozen=True, slots=True)
class Schedule:
    """A unit's arrival in the scenario: due turn, arrival hexes as listed and as hexes, the row's source."""

    turn: int | Unknown
    listed: str
    hexes: frozenset[Hex] | Unknown
    source: str


def schedule(rules: RulesSystem, uid: str) -> Schedule | None:
    """The unit's reinforcement row in the scenario(s) that may be played; ``None`` when no scenario
    schedules it."""
    def row(sc):
        return next((r for r in sc.reinforcements if isinstance(r.units, list) and uid in r.units), None)

    rows = [(sc, r) for sc in rules.scenarios() if (r := row(sc)) is not None]
    if not rows:
        return None
    turn = rules.scenario_value(lambda sc: getattr(row(sc), "turn", None),
                                f"the arrival GT of {uid} (scenario [[reinforcements]] turn)")
    entry = rules.scenario_value(lambda sc: getattr(row(sc), "entry", None),
                                 f"the arrival hexes of {uid} (scenario [[reinforcements]] entry)")
    source = rows[0][1].source or rows[0][0].source or f"{rules.book} 3.0"
    if isinstance(turn, bool) or not isinstance(turn, (int, Unknown)):
        turn = Unknown(f"a numeric arrival GT of {uid} (scenario [[reinforcements]] turn)")
    return Schedule(turn, *_hexes(rules, uid, entry), source)


def _hexes(rules: RulesSystem, uid: str, entry) -> tuple[str, frozenset[Hex] | Unknown]:
    if isinstance(entry, Unknown):
        return "?", entry
    if isinstance(entry, str) and entry in rules.terrain.edges:
        edge = rules.terrain.edges[entry]
        return f"the {entry} map edge", frozenset(edge) if edge else Unknown(
            f"the hexes of the {entry} map edge (terrain.toml edges)")
    items = [entry] if isinstance(entry, str) else list(entry)
    return ", ".join(items), frozenset(h for item in items for h in rules.map.hexes(item))


def along_edge(rules: RulesSystem, hexes: frozenset[Hex], gts: int) -> frozenset[Hex] | Unknown:
    """ARN 11.1 (L474): the hexes ``SHIFT`` x k (k = 1..gts) hexes left or right of an arrival hex along the
    map edge holding the arrival hexes (counted along the edge, which ends where the map does)."""
    edge = next((e for e in rules.terrain.edges.values() if e and hexes <= e), None)
    if edge is None:
        return Unknown("the map edge the arrival hexes lie on (terrain.toml edges)")
    order = sorted(edge, key=lambda h: rules.map.numbers(rules.map.label(h))[1:])
    at = {h: i for i, h in enumerate(order)}
    out = {order[i] for h in hexes for k in range(1, gts + 1) for i in (at[h] - SHIFT * k, at[h] + SHIFT * k)
           if 0 <= i < len(order)}
    return frozenset(out)


@dataclass(slots=True)
class Arrivals:
    """What the checker remembers about arrivals: the GTs an enemy unit held a pending reinforcement's
    arrival hexes (ARN 11.1 delay), and the units that entered this phase."""

    rules: RulesSystem
    blocked: dict[str, int] = field(default_factory=dict)  # unit -> the first GT from its due one an enemy held its hexes
    entered: set[str] = field(default_factory=set)
    turn: int | None = None
    conditional: ConditionalArrival | None = None
    _schedules: dict[str, Schedule | None] = field(default_factory=dict)

    timed: list[tuple[str, Schedule]] = field(default_factory=list)  # reinforcements with known GT and hexes
    unlanded: dict[str, int] = field(default_factory=dict)  # airborne units entered this phase, not yet landed

    def __post_init__(self) -> None:
        self.conditional = self.rules.conditional_arrival()
        self.timed = [(uid, s) for uid in self.rules.game.units if (s := self.schedule(uid)) is not None
                      and isinstance(s.turn, int) and not isinstance(s.hexes, Unknown)]

    def schedule(self, uid: str) -> Schedule | None:
        if uid not in self._schedules:
            self._schedules[uid] = schedule(self.rules, uid)
        return self._schedules[uid]

    def phase_started(self, ch: Judge, index: int, turn: int | None, phase: int) -> None:
        """At the start of each phase (the tracker event ``index``): at a new GT, the conditional arrivals'
        reckoning (AAC 15.3); in a Movement Phase, which due reinforcements of the phasing side find an enemy
        unit on an arrival hex (ARN 11.1: 'may not arrive during the current GT')."""
        self.entered.clear()
        if turn is not None and turn != self.turn:
            if self.conditional is not None and self.turn is not None:
                late = self.conditional.missing(ch.state, self.turn)
                if late is not None:
                    ch.say(index, late)
            self.turn = turn
            if self.conditional is not None:
                self.conditional.gt_started(turn, ch.state)
        side = self.rules.phase_side(phase)
        if self.rules.phase_kind(phase) != "movement" or side is None or turn is None:
            return
        for uid, s in self.timed:
            if ch.state.side(uid) != side or ch.state.where(uid) is not None or uid in ch.state.eliminated:
                continue
            if s.turn > turn:
                continue
            if any(ch.state.side(u) != side for h in s.hexes for u in ch.state.at(h)):
                self.blocked.setdefault(uid, turn)  # only the first matters: every later GT is after it

    def judge(self, ch: Judge, j: Judged) -> None:
        """One unit entering the map: its verdicts, and the move it starts (F&M 5.2: the arrival hex is its
        first hex entered)."""
        uid = ch.unit(j.event)
        h = ch.hex(j.event.hex)
        if uid in ch.state.eliminated:
            ch.say(j.index, self.judge_return(ch, uid, h))
            ch.mover = MoveRecord(uid, h, h, False, events=[j.index]) if h is not None else None
            return
        self.entered.add(uid)
        if self.rules.lands_by_air(uid):
            self.unlanded[uid] = j.index
        verdicts = [v for v in (self.check_phase(ch, uid), self.check_schedule(ch, uid, h)) if v is not None]
        if h is None:
            verdicts.append(Illegal(self.rules.arrival_rule, f"{uid} entered a place that is not a map hex"))
        if any(isinstance(v, Illegal) for v in verdicts) or h is None:
            for v in verdicts:
                if not isinstance(v, Legal):
                    ch.say(j.index, v)
            return
        rec = MoveRecord(uid, h, h, False, events=[j.index])
        verdicts.append(self.pay_arrival(ch, rec, h))
        ch.mover = rec
        for v in [v for v in verdicts if not isinstance(v, Legal)] or [Legal()]:
            ch.say(j.index, v)

    def landed(self, uid: str) -> None:
        """The unit's landing was declared (ARN 11.4)."""
        self.unlanded.pop(uid, None)

    @rule("ARN 11.4", "ARN-7", "each arriving airborne unit goes through the landing procedure (a roll on the drop "
          "table, declared 'land <unit>')")
    def phase_ended(self, ch: Judge) -> None:
        """At the end of a phase: airborne units that entered without landing."""
        for uid, index in sorted(self.unlanded.items(), key=lambda x: x[1]):
            ch.say(index, Illegal("ARN 11.4", f"{uid} arrived by air without the landing procedure: no roll on the "
                                  f"Airborne Drop Result Table was declared ('land {uid}')"))
        self.unlanded.clear()

    @rule("AAC 15.0 / ARN 11.1 / ARN 10.6.6", "REI-6", "an eliminated unit enters again only where a game rule "
          "returns it (the Arnhem engineer, ARN 10.6.6); otherwise elimination is final")
    def judge_return(self, ch: Judge, uid: str, h: Hex | None) -> Verdict:
        back = self.rules.judge_return(ch, uid, h)
        if back is not None:
            return back
        lost = ch.lost_turn.get(uid)
        when = f" in GT {lost}" if lost is not None else ""
        return Illegal(self.rules.arrival_rule, f"{uid} was eliminated{when} and entered the map again: units enter "
                       f"only as scheduled reinforcements, and {self.rules.returns_rule}")

    @rule("AAC 15.0 / ARN 11.1", "REI-2", "reinforcements enter in their side's Movement Phase (mobile units also "
          "in the Mobile Movement Phase); Aachen: at the beginning of the phase, before units on the map move")
    def check_phase(self, ch: Judge, uid: str) -> Verdict | None:
        kind, phasing = ch.phase()
        side = ch.state.side(uid)
        rule_ = self.rules.arrival_rule
        if kind not in ("movement", "mobile-movement") or (phasing is not None and phasing != side):
            return Illegal(rule_, f"{uid} entered the map outside its side's Movement or Mobile Movement Phase")
        if kind == "mobile-movement":
            mob = self.rules.mobility(uid)
            if isinstance(mob, Unknown):
                return NotCheckable(mob.needs)
            if mob == "leg":
                return Illegal(rule_, f"leg unit {uid} entered the map in the Mobile Movement Phase (leg "
                               "reinforcements arrive in the Movement Phase)")
        if self.rules.arrivals_first:
            moved = sorted(ch.moved_phase - self.entered)
            if moved:
                return Illegal(rule_, f"{uid} entered the map after {moved[0]} had moved this phase: reinforcements "
                               "are placed at the beginning of the phase")
        return None

    @rule("AAC 15.0 / ARN 11.1", "REI-1/REI-3/ARN-8", "a reinforcement enters on its GT or later, in a listed hex or "
          "a hex of the listed range, never onto an enemy unit; Arnhem: after an enemy-held arrival hex delayed it, "
          "three hexes along the map edge per GT of delay")
    def check_schedule(self, ch: Judge, uid: str, h: Hex | None) -> Verdict | None:
        rules, turn = self.rules, ch.state.turn
        when = self.conditional.judge_entry(uid, turn) if self.conditional is not None else None
        if isinstance(when, Illegal):
            return when
        s = self.schedule(uid)
        if s is None and any(isinstance(e.units, list) and uid in e.units
                             for sc in rules.scenarios() for e in sc.setup):
            return Illegal(rules.arrival_rule, f"{uid} is set up at the start of the scenario; it does not arrive "
                           "as a reinforcement")
        if s is None:
            vague = [r for sc in rules.scenarios() for r in sc.reinforcements if not isinstance(r.units, list)]
            if vague:
                return NotCheckable(f"whether {uid} is among the reinforcements the scenario does not list by unit "
                                    f"({vague[0].what or 'units unknown'})")
            return Illegal(rules.arrival_rule, f"{uid} entered the map, but no scenario schedules it as a "
                           "reinforcement")
        if when is None and isinstance(s.turn, int) and turn is not None and turn < s.turn:
            return Illegal(s.source, f"{uid} entered on GT {turn}; it is due on GT {s.turn}")
        enemy = [u for u in ch.state.at(h) if ch.state.side(u) != ch.state.side(uid)] if h else []
        if enemy:
            return Illegal(rules.arrival_rule, f"{uid} entered onto {label(rules, h)}, held by enemy {enemy[0]}")
        if h is None or rules.lands_by_air(uid):
            return when
        if isinstance(s.hexes, Unknown):
            return NotCheckable(s.hexes.needs)
        if h not in s.hexes:
            return self.check_shift(ch, uid, h, s)
        if when is None and isinstance(s.turn, Unknown):
            return NotCheckable(s.turn.needs)
        return when

    def check_shift(self, ch: Judge, uid: str, h: Hex, s: Schedule) -> Verdict:
        rules, turn = self.rules, ch.state.turn
        off = Illegal(rules.arrival_rule, f"{uid} entered at {label(rules, h)}; it arrives at {s.listed} "
                      f"({s.source})")
        if not rules.edge_shift:
            return off
        if isinstance(s.turn, Unknown) or turn is None:
            return NotCheckable(s.turn.needs if isinstance(s.turn, Unknown) else "the game turn (turn tracker)")
        if turn <= s.turn:
            return off
        shifted = along_edge(rules, s.hexes, turn - s.turn)
        if isinstance(shifted, Unknown):
            return NotCheckable(shifted.needs)
        if h not in shifted:
            return Illegal(rules.arrival_rule, f"{uid} entered at {label(rules, h)}, {turn - s.turn} GT after it was "
                           f"due: it arrives at {s.listed}, or {SHIFT} hexes along the map edge from there per GT "
                           "delayed")
        if self.blocked.get(uid, turn) >= turn:  # held on no GT from its due GT up to this one
            return Illegal(rules.arrival_rule, f"{uid} entered at {label(rules, h)}, shifted along the map edge from "
                           f"{s.listed}, but no enemy unit held its arrival hexes while it was delayed")
        return Legal()

    @rule("AAC 15.0 / ARN 11.1", "REI-4", "an arriving unit pays the cost of its arrival hex (Arnhem: the road or "
          "trail rate where one leaves the map there), and entering an EZOC obeys F&M 6.1")
    def pay_arrival(self, ch: Judge, rec: MoveRecord, h: Hex) -> Verdict:
        """The arrival is the first hex of the unit's move: its cost is charged, a leg unit placed in an
        EZOC stops there and a mobile one pays half its MA extra (F&M 6.1)."""
        rules, uid = self.rules, rec.uid
        mob = rules.mobility(uid)
        if isinstance(mob, Unknown):
            rec.spent = mob
            return NotCheckable(mob.needs)
        cost = rules.arrival_cost(ch.state, uid, h, mob)
        if cost is None:
            return Illegal(rules.arrival_rule, f"{uid} entered {label(rules, h)}, terrain it may not enter")
        ezoc = in_ezoc(rules, ch.state, h, ch.state.side(uid), ignore=uid)
        if ezoc and mob == "leg":
            rec.halted = h
        ma = rules.value(uid, "movement", ch.state)
        if isinstance(cost, Unknown) or isinstance(ma, Unknown):
            rec.spent = cost if isinstance(cost, Unknown) else ma
            return NotCheckable(rec.spent.needs)
        commando = rules.is_commando(uid) if ezoc and mob == "mobile" else False
        if isinstance(commando, Unknown):
            rec.spent = commando
            return NotCheckable(commando.needs)
        rec.spent = cost + (ma // 2 if ezoc and mob == "mobile" and not commando else 0)
        if rec.spent > ma:
            return Illegal(rules.arrival_rule, f"{uid} needs {rec.spent:g} MP to enter {label(rules, h)} but has "
                           f"an MA of {ma:g}")
        return Legal()

