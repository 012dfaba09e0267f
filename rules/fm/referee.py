"""Replay a timeline (setup + events) and judge each event against the game's rules system.

The log does not say which phase it is or which attack a die roll resolves: the checker
reads the turn tracker, and where it has none infers from event order and says so (``guess``).
Attacks are read from chat declarations (``attack 0605 from 0504 0604 sfm 2 2 vs 6``,
``bombard 0605 sfm 3``) or inferred from the units the roll's results touch.
"""
from __future__ import annotations

from dataclasses import replace

from hexforge.builder.timeline import (ChatLine, DiceRoll, Eliminated, Entered, Event, Move, StepChange, Timeline,
                                       TurnChange, UnknownCommand)
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.stacking import overstacked, stacked_with
from hexforge.rules.fm.arrival import Arrivals
from hexforge.rules.fm.combat import Attack, resolve, taken_off
from hexforge.rules.fm.judge import Attempt
from hexforge.rules.fm.setup import as_set_up, has_fixed, identify_scenario, judge_setup, setup_events
from hexforge.rules.fm.declaration import Declaration, parse_declaration
from hexforge.rules.fm.sfm import SfmPool, parse_marks
from hexforge.rules.fm.system import FireAndMovement, MoveRecord
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged, Outcome, Referee, Report
from hexforge.rules.state import STEP_TRAIT, GameState, phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict, with_guess

MOVING = ("movement", "mobile-movement")
FIGHTING = ("bombardment", "combat", "mobile-combat")


class FmReferee(Referee):
    """The Fire & Movement referee: judges the events of one timeline in order (F&M 4.0-8.0)."""

    rules: FireAndMovement

    def __init__(self, rules: FireAndMovement, timeline: Timeline) -> None:
        super().__init__(rules, timeline)
        game = self.game
        self.setup_end = setup_events(self.rules, timeline.opening)  # events before it are the set-up being made
        if self.rules.scenario is None and len(game.scenarios) > 1:
            sid = identify_scenario(self.rules, as_set_up(timeline.opening, self.setup_end))
            if sid is not None:
                self.rules = type(self.rules)(game, sid)
                how = ", recognised from the set-up" if has_fixed(game.scenarios[sid]) else \
                    " (free deployment), as the set-up matches no fixed scenario set-up"
                self.notes.append(f"scenario {sid}{how} (name another with --scenario)")
        self.book = self.rules.book
        self.phase_guess: str | None = None
        self.mover: MoveRecord | None = None
        self.finished: set[str] = set()   # moved and done this phase
        self.moved_turn: set[str] = set()  # moved in this player turn's Movement Phase
        self.attacked_phase: set[str] = set()
        self.attacked_turn: set[str] = set()
        self.defended_phase: set[Hex] = set()
        self.advanced: set[str] = set()
        self.displaced: set[str] = set()  # displaced this player turn (F&M 8.3.1: no further attack)
        self.attack: Attack | None = None
        self.bombarded: dict[Hex, int] = {}
        self.sfm = SfmPool(self.rules)
        self.action = None  # an exclusive-rule action (e.g. ARN 10.6.3) waiting for its roll and results
        self.over: Illegal | None = None  # set once the game has ended (AAC 14.1)
        self.moved_phase: set[str] = set()  # units that moved this phase
        self.frozen: dict[str, Illegal] = {}  # units that may not move this phase, and why
        self.start_spent: dict[str, float | Unknown] = {}  # MP spent before moving (ARN 11.4 b)
        self.phase_start: GameState = self.state
        self.attempts: set[Attempt] = set()  # actions done once per GT
        self.victory = self.rules.victory_tracker()
        self.lost_turn: dict[str, int | None] = {}  # the GT each unit was eliminated in (ARN 10.6.6)
        self.arrivals = Arrivals(self.rules)
        self.phase_began = 0  # the index of the last phase change: every check of earlier events is closed
        self.read_as: dict[int, Event] = {}  # events read as another (a unit taken off by hand: eliminated)

    # -- driver -----------------------------------------------------------------------------

    def begin(self) -> None:
        if self.victory is not None:
            self.victory.observe(self)

    def advance(self, j: Judged) -> None:
        e = j.event
        if self.attack is not None and self.attack.roll is not None and j.index in self.attack.events:
            e = taken_off(self, e, self.attack.before)  # an elimination made by hand after the roll (F&M 8.2.4)
            if e is not j.event:
                self.read_as[j.index] = e
        if isinstance(e, Eliminated) and self.unit(e) is not None:
            self.lost_turn[self.unit(e)] = self.state.turn
        super().advance(j if e is j.event else Judged(j.index, e, j.verdicts))
        if isinstance(e, TurnChange):
            self.phase_began = j.index
        if isinstance(e, Eliminated) and self.over is None:
            self.check_game_end()
        if self.victory is not None:
            self.victory.observe(self)

    def finish(self) -> Report:
        self.end_move()
        self.close_attack()
        self.close_action()
        self.arrivals.phase_ended(self)
        outcome = self.victory.final(self) if self.victory is not None else Outcome(
            None, "", f"the victory conditions of {self.game.id} as rules code (its scenario [[victory]] text)")
        return Report(self.game.id, self.judged, list(self.t.warnings) + self.notes, outcome,
                      judge_setup(self.rules, self.t.opening))

    def settled(self) -> int:
        """A phase change closes the move, attack and action under way (F&M 4.1): earlier events are final."""
        return self.phase_began

    def unjudged(self, j: Judged) -> Verdict:
        """Every event gets a verdict: one no F&M check reads is legal when no rule governs it (chat that
        declares nothing, a piece that is not a unit, the set-up being made, a roll or change no rule reads),
        not checkable when the referee cannot tell what it does."""
        e = self.read_as.get(j.index, j.event)
        if isinstance(e, UnknownCommand):
            return NotCheckable(f"what this logged command does (hexforge does not read it: {e.reason})")
        if j.index < self.setup_end and self.unit(e) is not None:
            return Legal(detail="a set-up placement, judged with the set-up")
        if isinstance(e, ChatLine):
            return Legal(detail="chat that declares nothing")
        if isinstance(e, DiceRoll):
            return Legal(detail="a roll no rule of this phase reads")
        if self.unit(e) is None and not isinstance(e, TurnChange):
            return Legal(detail="not a unit of the game: no rule governs it")
        if isinstance(e, StepChange):
            return Legal(detail=f"{e.trait} changed: no rule reads it")
        return NotCheckable("what this event does under the rules (no F&M check follows it)")

    def say(self, index: int, v: Verdict) -> None:
        self.judged[index].verdicts.append(with_guess(v, self.phase_guess) if not isinstance(v, Legal) or
                                           self.phase_guess else v)

    def judge(self, j: Judged) -> None:
        e = j.event
        if self.over is not None and (isinstance(e, (TurnChange, DiceRoll)) or self.unit(e) is not None or (
                isinstance(e, ChatLine) and self.declaration(e.text))):
            self.say(j.index, self.over)
            return
        if isinstance(e, TurnChange):
            self.on_turn(j)
        elif isinstance(e, ChatLine):
            m = self.declaration(e.text)
            if m:
                self.on_declare(j, m)
            elif self.action is not None and self.action.takes(self, j):
                return
            else:
                self.rules.on_chat(self, j.index, e.text)
        elif isinstance(e, DiceRoll):
            if self.action is not None and self.action.roll is None:
                self.action.on_roll(self, j.index, e.total if e.total is not None else sum(e.values or (0,)))
            else:
                self.on_dice(j)
        elif self.unit(e) is None or j.index < self.setup_end:
            return  # a marker or other non-unit piece, or a unit being set up (judged with the set-up)
        elif self.action is not None and self.action.takes(self, j):
            return
        elif isinstance(e, Move):
            self.on_move(j)
        elif isinstance(e, Entered):
            self.on_enter(j)
        elif isinstance(e, (Eliminated, StepChange)):
            self.on_loss(j)

    # -- phases -----------------------------------------------------------------------------

    @rule("F&M 4.1", "SEQ-1", "phases follow the sequence of play, turn by turn")
    def on_turn(self, j: Judged) -> None:
        self.end_move()
        self.close_attack()
        self.close_action()
        self.arrivals.phase_ended(self)
        turn, phase = phase_of(self.game, j.event)
        self.check_phase_end(j.index)
        if self.state.phase is not None:
            self.state = self.rules.phase_ended(self.state, self.state.phase, turn, phase)
        last = self.rules.last_turn(self.state)
        if turn is not None and isinstance(last, int) and turn > last:
            self.say(j.index, Illegal(self.rules.game_length_rule, f"turn {turn} is played, but the game ended "
                                      f"after GT {last}"))
            return
        old_t, old_p = self.state.turn, self.state.phase
        if phase is None:
            self.say(j.index, NotCheckable("a turn tracker phase this game's sequence names"))
            return
        self.phase_guess = None
        if old_p is not None and (turn, phase) != (old_t, old_p):
            # F&M 4.1: forward within the turn (an empty phase may be skipped), or the next turn
            back = turn is not None and old_t is not None and (turn < old_t or (turn == old_t and phase < old_p))
            if back or (turn is not None and old_t is not None and turn > old_t + 1):
                names = self.game.info.sequence
                self.say(j.index, Illegal(f"{self.book} 4.1", f"turn {turn} {names[phase].name.resolved} "
                                          f"({names[phase].player}) follows turn {old_t} "
                                          f"{names[old_p].name.resolved} ({names[old_p].player}) out of order"))
                return
        self.say(j.index, Legal())
        if old_p is None or self.rules.phase_side(phase) != self.rules.phase_side(old_p) or turn != old_t:
            self.moved_turn.clear()
            self.attacked_turn.clear()
            self.advanced.clear()
            self.displaced.clear()
            self.bombarded.clear()
        self.finished.clear()
        self.attacked_phase.clear()
        self.defended_phase.clear()
        self.moved_phase.clear()
        self.frozen.clear()
        self.start_spent.clear()
        self.phase_start = self.state
        self.arrivals.phase_started(self, j.index, turn, phase)
        if self.rules.phase_kind(phase) == "sfm":
            self.sfm.begin_phase(turn, self.state)  # ARN 10.7.2: reductions at the beginning of the phase

    @rule("F&M 5.3", "STK-1", "only one unit in a hex at the end of any phase")
    def check_phase_end(self, index: int) -> None:
        for h, units in overstacked(self.rules, self.state):
            self.say(index, Illegal(f"{self.book} 5.3", f"{' and '.join(units)} are stacked in "
                                    f"{self.game.map.label(h)} at the end of the phase"))

    def infer_phase(self, kind: str, side: str) -> None:
        """No tracker yet: assume the phase from the event and say so."""
        if self.state.phase is None:
            for i, ph in enumerate(self.game.info.sequence):
                if self.rules.phase_kind(i) == kind and self.rules.phase_side(i) == side:
                    self.state = replace(self.state, turn=self.state.turn or 1, phase=i)
                    self.phase_guess = f"inferred phase '{ph.name.resolved}' ({side}) from the first event"
                    return

    # -- movement ---------------------------------------------------------------------------

    @rule("F&M 5.3", "STK-2", "no move ends in a hex holding another unit")
    def end_move(self) -> None:
        """The current mover is done: F&M 5.3, it may not end its move stacked."""
        rec = self.mover
        if rec is None:
            return
        self.mover = None
        self.finished.add(rec.uid)
        others = stacked_with(self.state, rec.uid)
        if others and rec.events:
            self.say(rec.events[-1], Illegal(f"{self.book} 5.3", f"{rec.uid} ended its move in "  # where it stands,
                                             f"{self.game.map.label(self.state.where(rec.uid))} stacked with "
                                             f"{others[0]}"))  # even where its move was cut short as illegal

    def on_move(self, j: Judged) -> None:
        e: Move = j.event
        uid = self.unit(e)
        side = self.state.side(uid)
        kind, phasing = self.phase()
        if kind == "unknown":
            self.infer_phase("movement", side)
            kind, phasing = self.phase()
        if kind in FIGHTING:
            self.on_combat_move(j, uid)
            return
        self.close_action()
        if self.mover is not None and self.mover.uid != uid:
            self.end_move()
        v = self.check_may_move(uid, side, kind, phasing)
        if isinstance(v, Illegal):
            self.say(j.index, v)
            self.mover = None
            return
        dest = self.hex(e.to_hex)
        if dest is None:
            self.say(j.index, Illegal(f"{self.book} 5.2", f"{uid} was taken off the map during a movement phase "
                                      "(no exit is allowed)"))
            return
        if self.mover is None:
            self.mover = self.rules.start_move(self.state, uid)
            if uid in self.start_spent:
                self.mover.spent = self.start_spent[uid]
        rec = self.mover
        rec.at = self.state.where(uid) or rec.at  # where the log has it, even after a step judged illegal
        self.moved_phase.add(uid)
        path = [self.hex(x) for x in (e.path[1:] if e.path else (e.to_hex,))]
        if any(h is None for h in path):
            self.say(j.index, Illegal(f"{self.book} 5.2", f"{uid} moved through a place that is not a map hex"))
            return
        rec.events.append(j.index)
        if kind == "movement":
            self.moved_turn.add(uid)
        self.say(j.index, self.rules.judge_drag(self.state, rec, path))

    @rule("F&M 5.2", "SEQ-3/5/6/9", "only the phasing player's units move, in its (Mobile) Movement Phase; "
          "leg units not in the Mobile Movement Phase; mobile units not in both; a finished move is not resumed")
    def check_may_move(self, uid: str, side: str, kind: str, phasing: str | None) -> Verdict:
        b = self.book
        if kind not in MOVING:
            return Illegal(f"{b} 5.2", f"{uid} moved outside a Movement Phase")
        if phasing is not None and side != phasing:
            if self.phase_guess and side == self.rules.first_side:
                return self.first_player_acted_late(uid, phasing)
            return Illegal(f"{b} 5.2", f"{uid} ({side}) moved in the {phasing} player's phase")
        if uid in self.finished:
            return Illegal(f"{b} 5.2", f"{uid} moved again after completing its move this phase")
        if uid in self.frozen:
            return self.frozen[uid]
        if uid in self.advanced:
            return Illegal(f"{b} 8.5", f"{uid} moved after advancing after combat this player turn")
        if kind == "mobile-movement":
            mob = self.rules.mobility(uid)
            if isinstance(mob, Unknown):
                return NotCheckable(mob.needs)
            if mob == "leg":
                return Illegal(f"{b} 5.5", f"leg unit {uid} moved in the Mobile Movement Phase")
            if uid in self.moved_turn:
                return Illegal(f"{b} 5.5", f"{uid} moved in the Mobile Movement Phase after moving in the "
                               "Movement Phase")
        return Legal()

    @rule("AAC 10.2 / ARN 10.4", "SEQ-2", "the Allied (first) player's turn comes first in every game turn: with no "
          "turn tracker, a first-player unit acting after the second player has acted is out of order")
    def first_player_acted_late(self, uid: str, phasing: str) -> Illegal:
        side = self.state.side(uid)
        return Illegal(self.rules.first_player_rule, f"{uid} ({side}) acted after the {phasing} player in GT "
                       f"{self.state.turn}, but {side} is the first player and acts first in every game turn")

    def on_enter(self, j: Judged) -> None:
        """A unit entering the map (rules/fm/arrival.py); the phase is inferred when the log has no tracker."""
        kind, _ = self.phase()
        if kind == "unknown":
            self.infer_phase("movement", self.state.side(self.unit(j.event)))
        if self.mover is not None:
            self.end_move()
        self.arrivals.judge(self, j)

    # -- combat -----------------------------------------------------------------------------

    def declaration(self, text: str) -> Declaration | None:
        """A chat line declaring an attack or bombardment (rules/fm/declaration.py), with map hexes as its
        target(s)."""
        d = parse_declaration(text)
        return d if d and all(t in self.game.map.index for t in d.targets) else None

    def on_declare(self, j: Judged, m: Declaration) -> None:
        self.end_move()
        self.check_one_at_a_time(j.index, m.target)
        self.close_attack()
        self.close_action()
        target = self.hex(m.targets[0])
        attackers = []
        for lab in m.attackers:
            h = self.hex(lab)
            if h is not None:
                attackers += [u for u in self.state.at(h)]
            elif lab in self.game.units:
                attackers.append(lab)
        kind = "bombardment" if m.kind == "bombard" else "combat"
        marks, dmarks = parse_marks(m.sfm), parse_marks(m.dsfm)
        self.attack = Attack(kind, target, attackers, [x.value for x in marks], [x.value for x in dmarks], j.index,
                             marks=marks, dmarks=dmarks)
        self.check_one_target(j.index, list(m.targets))
        self.check_declaration(j.index, self.attack)

    @rule("F&M 8.0", "CMB-2", "each attack targets exactly one hex")
    def check_one_target(self, index: int, hexes: list[str]) -> None:
        if len(hexes) > 1:
            self.say(index, Illegal(f"{self.book} 8.0", f"one attack targets one hex; this one names {len(hexes)} "
                                    f"({', '.join(hexes)}): declare an attack on each"))

    @rule("F&M 8.0", "CMB-3", "attacks are resolved one at a time: no declaration before the previous attack's roll")
    def check_one_at_a_time(self, index: int, target: str) -> None:
        """A new declaration while the declared attack awaits its roll is out of order (F&M 8.0); the earlier
        attack is then abandoned here, so it is not flagged again as unresolved (CMB-4)."""
        a = self.attack
        if a is not None and a.roll is None and a.declared_at is not None:
            self.say(index, Illegal(f"{self.book} 8.0", f"the attack on {target} was declared before the attack on "
                                    f"{self.game.map.labels.get(a.target, '?')} was resolved (attacks are resolved "
                                    "one at a time)"))
            self.attack = None

    @rule("F&M 8.0", "CMB-1/GC-1/GC-2/SEQ-4/SEQ-7/SEQ-8/BOM-1/BOM-2/GC-6/SFM-7", "attack declarations: phase, "
          "adjacency, one attack per defender and per attacker per phase, mobile combat limits, bombardment by one or "
          "two SFMs and no unit, at most two SFMs a side in a combat")
    def check_declaration(self, index: int, a: Attack) -> None:
        b = self.book
        kind, phasing = self.phase()
        if kind == "unknown":
            self.infer_phase(a.kind if a.kind == "bombardment" else "combat", self.rules.first_side)
            kind, phasing = self.phase()
        out: list[Verdict] = []
        if a.target is None or not self.state.at(a.target):
            out.append(Illegal(f"{b} 8.0", "the attack's target hex holds no unit"))
        defenders = self.state.at(a.target) if a.target else ()
        if a.kind == "bombardment":
            if kind != "bombardment":
                out.append(Illegal(f"{b} 8.1", "a bombardment outside the Bombardment Phase"))
            if a.attackers:  # F&M 8.1: support fire markers alone bombard
                out.append(Illegal(f"{b} 8.1", f"{a.attackers[0]} took part in a bombardment: only support fire "
                                   "markers bombard, no ground unit"))
            if not a.sfm:
                out.append(Illegal(f"{b} 8.1", "a bombardment names no support fire marker (one or two bombard)"))
            used = self.bombarded.get(a.target, 0) + len(a.sfm)
            if len(a.sfm) > 2 or used > 2:
                out.append(Illegal(f"{b} 8.1", f"{used} support fire markers bombard "
                                   f"{self.game.map.labels.get(a.target)} this player turn; the maximum is two"))
            self.bombarded[a.target] = used
            own = [u for u in defenders if phasing is not None and self.state.side(u) == phasing]
            if own:  # F&M 8.0: only the active player bombards, and only enemy units
                out.append(Illegal(f"{b} 8.0", f"{self.game.map.labels.get(a.target)} holds {own[0]}, a unit of the "
                                   f"active player ({phasing}): only the active player bombards, and only enemy units"))
            out += self.rules.check_bombardment_range(self.state, a) if hasattr(
                self.rules, "check_bombardment_range") else []
        else:
            if kind not in ("combat", "mobile-combat"):
                out.append(Illegal(f"{b} 8.2", "a ground attack outside a Combat Phase"))
            if len(a.sfm) > 2 or len(a.dsfm) > 2:
                out.append(Illegal(f"{b} 8.2.1", "more than two support fire markers on one side of one combat"))
            if not a.attackers:
                out.append(Illegal(f"{b} 8.2", "the declaration names no attacking unit"))
            for u in a.attackers:
                h = self.state.where(u)
                if phasing is not None and self.state.side(u) != phasing:
                    out.append(Illegal(f"{b} 8.0", f"{u} attacked in the other player's turn"))
                elif a.target is not None and (h is None or h.distance(a.target) != 1):
                    out.append(Illegal(f"{b} 8.2", f"{u} attacked {self.game.map.labels.get(a.target)} without "
                                       "being adjacent to it"))
                if u in self.attacked_phase:
                    out.append(Illegal(f"{b} 8.2", f"{u} attacked twice in one phase"))
                if u in self.advanced:
                    out.append(Illegal(f"{b} 8.5", f"{u} attacked after advancing after combat this player turn"))
                if u in self.displaced:
                    out.append(Illegal(f"{b} 8.3.1", f"{u} attacked after being displaced this player turn"))
                if kind == "mobile-combat":
                    mob = self.rules.mobility(u)
                    if isinstance(mob, Unknown):
                        out.append(NotCheckable(mob.needs))
                    elif mob == "leg":
                        out.append(Illegal(f"{b} 4.1", f"leg unit {u} attacked in the Mobile Combat Phase"))
                    elif u in self.attacked_turn:
                        out.append(Illegal(f"{b} 4.1", f"{u} attacked in the Mobile Combat Phase after attacking "
                                           "in the Combat Phase"))
            out += self.rules.check_attack_across(self.state, a)
            out += self.rules.check_support(self.state, a)
        attacking_side = phasing or (self.state.side(a.attackers[0]) if a.attackers else None)
        for side, used in ((attacking_side, a.sfm), (self.state.side(defenders[0]) if defenders else None, a.dsfm)):
            v = self.sfm.use(self.state.turn, side, used)
            if not isinstance(v, Legal):
                out.append(v)
        if a.target in self.defended_phase:
            out.append(Illegal(f"{b} 8.0", f"{self.game.map.labels.get(a.target)} was attacked twice in one phase"))
        if a.target is not None:
            self.defended_phase.add(a.target)
        self.attacked_phase.update(a.attackers)
        self.attacked_turn.update(a.attackers)
        a.defender = defenders[0] if defenders else None
        for v in out or [Legal()]:
            self.say(index, v)

    def on_dice(self, j: Judged) -> None:
        e: DiceRoll = j.event
        kind, _ = self.phase()
        die = e.total if e.total is not None else (sum(e.values) if e.values else None)
        if kind == "unknown" and (self.attack is None):
            self.say(j.index, NotCheckable("the phase (no turn tracker change yet) to know what this roll is for"))
            return
        if kind not in FIGHTING:
            return  # rolls outside combat (exclusive-rule tables) are judged by the game subclass
        if self.attack is None or self.attack.roll is not None:
            self.close_attack()
            self.attack = Attack("bombardment" if kind == "bombardment" else "combat", None, [], [], [], None,
                                 guess="no declaration in chat: attack inferred from the units the result touched")
        self.attack.roll, self.attack.roll_index, self.attack.before = die, j.index, self.state

    def on_combat_move(self, j: Judged, uid: str) -> None:
        a = self.attack
        if a is None or a.roll is None:
            phase = self.game.info.sequence[self.state.phase].name.resolved if self.state.phase is not None else "phase"
            self.say(j.index, Illegal(f"{self.book} 5.2", f"{uid} moved in the {phase} without a combat result "
                                      "to retreat or advance"))
            return
        if a.defender is None and uid not in a.attackers:
            self.infer_attack(uid)
        a.events.append(j.index)

    def on_loss(self, j: Judged) -> None:
        uid = self.unit(j.event)
        if isinstance(j.event, StepChange) and j.event.trait != STEP_TRAIT:
            return
        a = self.attack
        kind, _ = self.phase()
        if a is None or a.roll is None or kind not in FIGHTING:
            if isinstance(j.event, Eliminated) or kind not in FIGHTING:
                self.say(j.index, NotCheckable("the combat result that caused this loss (no attack resolved in "
                                               "this phase)"))
            return
        if a.defender is None and uid not in a.attackers:
            self.infer_attack(uid)
        a.events.append(j.index)

    def infer_attack(self, defender: str) -> None:
        a = self.attack
        h = self.state.where(defender)
        a.defender, a.target = defender, h
        side = self.state.side(defender)
        if a.kind == "combat" and h is not None:
            a.attackers = [u for n in h.neighbours() for u in self.state.at(n) if self.state.side(u) != side]

    def close_action(self) -> None:
        """Finish a pending exclusive-rule action (its results must have been applied)."""
        a, self.action = self.action, None
        if a is not None:
            a.close(self)

    @rule("AAC 14.1", "SEQ-10/RES-7/AAC-5", "the game ends at once when eliminations make the current GT the last; "
          "no turn after the last is played")
    def check_game_end(self) -> None:
        """After an elimination: has the game just ended (e.g. AAC 14.1)? Later events are then illegal."""
        why = self.rules.ended_now(self.state)
        if why is not None:
            self.over = why

    @rule("F&M 8.2.1", "CMB-4", "a declared attack is always resolved (its die roll follows)")
    def close_attack(self) -> None:
        a, self.attack = self.attack, None
        if a is None:
            return
        if a.roll is None:
            if a.declared_at is not None:
                self.say(a.declared_at, Illegal(f"{self.book} 8.2.1", "a declared attack was not resolved (no die "
                                                "roll followed)"))
            return
        if a.defender is None:
            self.say(a.roll_index, NotCheckable("which unit this roll attacks (declare 'attack <hex> from <hexes>' "
                                                "in chat at an occupied hex, or a result touching a unit)"))
            return
        resolve(self.rules, self, a)
