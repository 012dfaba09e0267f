"""The Piercing the Reich referee: judges a log's events in order against PtR 5, 8-18 (the chat grammar is in
``rules/ptr/declaration.py``, the Operations Cycle's arithmetic in ``rules/ptr/oc.py``; the mixins hold the
rest: ``actions`` (APs, Movement Actions, reactions, stacking), ``activation`` (supply at activation, Emergency
Supply), ``arrival`` (reinforcements), ``battle`` (chits to the CRT cell, retreats), ``steps`` and ``misread`` (the
CVs, column and DRM the players declare; the step a wrong number or result names), ``dice`` (what a roll is
for), ``recovery`` (the Recovery Phase), ``refit`` (recovery from disruption), ``tracks`` (FAM, AP and +DRM
markers), ``displacement`` and ``support_points`` (HQ and overstack displacement, ASPs), ``isolation`` (isolated
units, attrition), ``reserve``, ``optional``, ``optional_combat`` and ``infiltration`` (optional rules 22, when the
game plays them), ``drm_cap`` (the Initiative Track's last box); movement costs from the map are ``costs``).

What it reads, through the game's log channel (``docs/log-channel.md``, ``games.channel.Channel``): the turn
tracker's phases; chat declarations; rolls, by their dice button's purpose and side (else the roll the cycle
expects next, with the side of the player who rolled); unit moves, as Movement Actions of the formation acting
(drags: some legal route through the drop points), HQ relocations and displacements, retreats; the Disrupted and
Emergency Supply layers (or the Step flip) as the units' back sides; track markers against their boxes. Its memory
lives in ``GameState.memory`` (``rules/ptr/memory.py``). The set-up's layer levels (units starting disrupted) and
Improved Defense markers (21.0H) are read too; a log showing no turn tracker phase (Scenario 1) is not checkable
where the checks need the Operations Cycle. A combat's result is followed event by event once its CRT cell is
read (``hits``, ``retreats``, ``victory``); a combat whose cell or values are not in the data is not checkable.
"""
from __future__ import annotations

from dataclasses import replace

from hexforge.builder.timeline import (ChatLine, DiceRoll, Eliminated, Entered, Event, Move, StepChange, Timeline,
                                       TurnChange, UnknownCommand)
from hexforge.games.channel import Channel
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.actions import ActionsMixin
from hexforge.rules.ptr.activation import ActivationMixin
from hexforge.rules.ptr.arrival import REINFORCEMENT_PHASE, ArrivalMixin
from hexforge.rules.ptr.battle import BattleMixin
from hexforge.rules.ptr.steps import StepsMixin
from hexforge.rules.ptr.control import ControlMixin
from hexforge.rules.ptr import rounding  # noqa: F401 - registers PtR 3.2 where the arithmetic lives
from hexforge.rules.ptr.organization import ORGANIZATION_VERBS, OrganizationMixin
from hexforge.rules.ptr.plans import PLAN_PHASE, PlansMixin
from hexforge.rules.ptr.replacements import REPLACEMENT_PHASE, ReplacementsMixin, known_cs
from hexforge.rules.ptr.scenario import ScenarioMixin
from hexforge.rules.ptr.withdrawal import WithdrawalMixin
from hexforge.rules.ptr.dice import OC_PHASE, RECOVERY_PHASE, DiceMixin
from hexforge.rules.ptr.displacement import DisplacementMixin
from hexforge.rules.ptr.drm_cap import DrmCapMixin
from hexforge.rules.ptr.isolation import IsolationMixin
from hexforge.rules.ptr.optional import OptionalMixin
from hexforge.rules.ptr.optional_combat import OptionalCombatMixin
from hexforge.rules.ptr.support_points import SupportPointsMixin
from hexforge.rules.ptr.reserve import ReserveMixin
from hexforge.rules.ptr.hits import HitsMixin
from hexforge.rules.ptr.infiltration import InfiltrationMixin
from hexforge.rules.ptr.recovery import RecoveryMixin
from hexforge.rules.ptr.refit import RefitMixin
from hexforge.rules.ptr.retreats import RetreatsMixin
from hexforge.rules.ptr.tracks import TracksMixin
from hexforge.rules.ptr.victory import VictoryMixin
from hexforge.rules.ptr.data import PtrData, resolved
from hexforge.rules.ptr.declaration import Declared, parse
from hexforge.rules.ptr.memory import Activation, PtrMemory, frozen_map, memory, remember
from hexforge.rules.ptr.oc import DrmMarker, die_value, next_marker, sudden_end, winner
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged, Referee, Report
from hexforge.rules.state import STEP_TRAIT, phase_of
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict



BACK_LAYERS = ("disrupted", "emergency-supply")  # the log channel's layer ids (docs/log-channel.md): PtR 16.3A, 17.6B
IMPROVED_MARKER = "improved-defense"  # the log channel's marker id (docs/log-channel.md): PtR 11.4.4


class PtrReferee(OptionalCombatMixin, SupportPointsMixin, ActionsMixin, ActivationMixin, ArrivalMixin, StepsMixin,
                 BattleMixin,
                 DiceMixin, RecoveryMixin, RefitMixin,
                 TracksMixin, OrganizationMixin, ReplacementsMixin, WithdrawalMixin, ScenarioMixin, PlansMixin,
                 ControlMixin,
                 HitsMixin, RetreatsMixin, VictoryMixin, DisplacementMixin, IsolationMixin, ReserveMixin,
                 OptionalMixin, InfiltrationMixin, DrmCapMixin, Referee):
    """Judges one PtR timeline: phases (5.1), the Operations Cycle (9), activations and reactions (10), Actions
    and their APs (11), movement (12), ZOC (13) and stacking (14)."""

    def __init__(self, rules: RulesSystem, timeline: Timeline) -> None:
        super().__init__(rules, timeline)
        self.data = PtrData(self.game, rules.scenario)
        self.ch = Channel(self.game)
        self.zero_is_ten = bool(self.game.info.dice.zero_is_ten)
        self.players = {name: side for name, side in getattr(timeline, "players", ())}
        self.state = self.state.remember(PtrMemory(fam=frozen_map(self.data.fam_start()),
                                                   cs=frozen_map(known_cs(self.game, timeline))))
        self.state = replace(self.state, reduced=self.state.reduced | self.setup_backs(timeline))
        self.pending_note: Verdict | None = None  # what starting the Movement Action under way left unsure
        self.move_step: int | None = None  # the log step of the last move (a stack dragged moves in one step)

    # -- driver ---------------------------------------------------------------------------------

    @property
    def mem(self) -> PtrMemory:
        return memory(self.state)

    def set(self, **changes: object) -> None:
        self.state = remember(self.state, **changes)

    def judge(self, j: Judged) -> None:
        e = j.event
        if self.watch_ended(j):
            return
        self.watch_improved(e)
        self.watch_return(j)  # 6.1D: at the end of an Organization Phase
        if self.watch_owed(j):
            return
        if self.watch_hq_crowd(j) or self.watch_crowded(j) or self.displaced_fam(j) or self.watch_reserve(j) \
                or self.watch_special(j) or self.watch_attrition(j) or self.watch_scare(j):
            return
        if self.watch_infiltration(j) or self.watch_combat(j) or self.watch_bonus(j):
            return
        if isinstance(e, TurnChange):
            self.check_withdrawals(j)
            self.on_phase(j)
        elif isinstance(e, ChatLine):
            d = parse(e.text)
            if d is not None and d.verb in ORGANIZATION_VERBS:
                self.on_organization(j, d)
            elif d is not None:
                self.on_declared(j, d)
        elif isinstance(e, DiceRoll) and self.phase_id() == PLAN_PHASE:
            self.intelligence_roll(j)
        elif isinstance(e, DiceRoll):
            self.on_roll(j)
        elif isinstance(e, Entered) and self.unit(e) is None and self.is_plan_chit(e.piece.name):
            self.plan_draw(j)
        elif self.unit(e) is None and self.ch.marker(getattr(getattr(e, "piece", None), "name", "") or "") is not None:
            self.on_any_marker(j, self.ch.marker(e.piece.name))
        elif isinstance(e, Eliminated) and self.unit(e) is not None \
                and self.phase_id() in (REPLACEMENT_PHASE, REINFORCEMENT_PHASE):
            self.on_removed(j, self.unit(e))
        elif isinstance(e, Move) and self.unit(e) is not None:
            self.on_move(j)
        elif isinstance(e, Entered) and self.unit(e) is not None:
            self.on_enter(j, self.unit(e))
        elif isinstance(e, StepChange) and self.unit(e) is not None and self.data.is_hq(self.unit(e)) \
                and self.back_level(e) is not None:
            self.on_hq_flip(j, self.unit(e))
        elif isinstance(e, StepChange) and self.unit(e) is not None and self.back_level(e) == 0 \
                and self.unit(e) in self.state.reduced:
            self.on_recovery_flip(j, self.unit(e))
        elif isinstance(e, StepChange) and self.unit(e) is not None and self.phase_id() == REPLACEMENT_PHASE \
                and self.is_losses(e):
            self.on_losses_layer(j, self.unit(e))
        elif isinstance(e, StepChange) and self.unit(e) is not None and self.loss_level(e) is not None:
            self.losses_outside(j, self.unit(e))
        elif isinstance(e, Eliminated) and self.unit(e) is not None and self.data.is_hq(self.unit(e)):
            self.hq_eliminated(j, self.unit(e))
        self.watch_area(j)

    def on_any_marker(self, j: Judged, mk) -> None:
        """A track marker: an arriving formation's FAM (21.0G), a FAM's Reserve side on Turn 1 (22.8.4), then the
        track's own checks."""
        e = j.event
        loc = e.to if isinstance(e, Move) else e.location if isinstance(e, Entered) else None
        got = self.ch.box(loc.board, loc.label) if loc is not None else None
        if got is not None and got[1].lstrip("-").isdigit() and mk.formation in self.mem.arriving:
            self.say(j.index, self.arriving_fam(mk.formation, int(got[1])))
            return
        first = self.reserve_first_turn(e, mk.formation) if isinstance(e, StepChange) else None
        if first is not None:
            self.say(j.index, first)
        self.on_marker(j, mk)

    @rule("PTR 11.4.4C-D", "PTR11-19", "the Improved Defense marker goes at once when a unit in the hex is "
          "disrupted, eliminated, leaves or acts, or another unit ends a Movement Action there")
    def watch_improved(self, e: Event) -> None:
        """Removes the Improved Defense of a hex a unit leaves, is disrupted or eliminated in (11.4.4C1-3)."""
        uid = self.unit(e)
        h = self.state.where(uid) if uid is not None else None
        if h is None or h not in self.mem.improved:
            return
        gone = (isinstance(e, (Move, Eliminated)) or (isinstance(e, StepChange) and self.back_level(e) == 1))
        if gone:
            self.drop_improved(h)

    @rule("PTR 14.2A", "PTR14-5", "every combat unit in a hex overstacked at the end of a Movement Action is "
          "disrupted at once, before play goes on")
    def watch_owed(self, j: Judged) -> bool:
        """Follows the disruptions an overstack owes (``PtrMemory.owed``): a unit's flip to Disrupted pays its
        debt (True: the event is judged); any other play (a move of another unit, a roll, a declaration, a phase)
        while one is owed is a violation, and the debt is dropped."""
        owed, e = self.mem.owed, j.event
        if not owed:
            return False
        uid = self.unit(e)
        if isinstance(e, StepChange) and uid in owed and self.back_level(e) == 1:
            self.set(owed=owed - {uid})
            self.say(j.index, Legal(detail=f"{uid} is disrupted by the overstack (14.2A)"))
            return True
        declares = isinstance(e, ChatLine) and parse(e.text) is not None
        if declares or isinstance(e, (TurnChange, DiceRoll, Entered)) or (isinstance(e, Move) and uid is not None
                                                                             and uid not in owed):
            self.set(owed=frozenset())
            self.say(j.index, Illegal("PTR 14.2A", f"{', '.join(sorted(owed))} not disrupted after the overstack "
                                      "at the end of the Movement Action: every combat unit there is"))
        return False

    def drop_improved(self, h) -> None:
        if h in self.mem.improved:
            self.set(improved=self.mem.improved - {h})

    def advance(self, j: Judged) -> None:
        """The position after the event; a unit flipped by a channel layer (Disrupted, Emergency Supply) is on its
        back side, as the Step layer's flip leaves it (``GameState.reduced``)."""
        super().advance(j)
        e = j.event
        self.watch_victory(j)
        self.watch_control(j)
        uid = self.unit(e) if isinstance(e, StepChange) and e.trait != STEP_TRAIT else None
        level = self.back_level(e) if uid is not None else None
        if level is not None:
            reduced = self.state.reduced | {uid} if level else self.state.reduced - {uid}
            self.state = replace(self.state, reduced=reduced)

    def back_level(self, e: StepChange) -> int | None:
        """1 when a flip puts the unit on its back side (disrupted; an HQ on Emergency Supply), 0 when back on its
        front, ``None`` when the change is no such flip: the Step layer, or the channel's back-face layers."""
        return self.level_back(e.trait, e.new)

    def level_back(self, trait: str, level_text: str) -> int | None:
        """:meth:`back_level` of one layer (``trait``) at one level as the timeline names it."""
        if trait == STEP_TRAIT:
            return 0 if level_text in ("1", "") else 1
        lay = self.ch.layer(trait)
        if lay is None or lay.id not in BACK_LAYERS:
            return None
        level = self.ch.level(trait, level_text)
        return None if level is None else min(level, 1)

    def setup_backs(self, timeline: Timeline) -> frozenset[str]:
        """The units the set-up shows on their back side (a unit that starts disrupted, an HQ already on
        Emergency Supply, PtR 16.3A / 17.6B): each placement's layer levels, trait name -> level as a
        ``StepChange`` names it."""
        out = set()
        for p in timeline.setup:
            uid = p.piece.unit
            if uid in self.game.units and any(self.level_back(t, v) for t, v in p.layers.items()):
                out.add(uid)
        return frozenset(out)

    def finish(self) -> Report:
        if self.judged:
            self.close_combat(len(self.judged) - 1, at_end=True)
        report = super().finish()
        report.setup.extend(self.judge_setup())
        report.setup.extend(self.scenario_setup())
        return report

    @rule("PTR 21.0H", "PTR11-20", "no unit starts a scenario in Improved Defense")
    def judge_setup(self) -> list[Verdict]:
        """The set-up, when the log begins with the scenario's first turn: no Improved Defense marker on the map."""
        names = {m.name.resolved for m in self.game.info.markers if m.id == IMPROVED_MARKER}
        if not names:
            return [NotCheckable(f"the Improved Defense marker ([[markers]] id {IMPROVED_MARKER}, docs/log-channel.md)")]
        first = self.rules.scenario_value(lambda sc: sc.first_turn, "the scenario's first turn")
        turns = [phase_of(self.game, j.event)[0] for j in self.judged if isinstance(j.event, TurnChange)]
        if not turns or turns[0] != first:
            return [NotCheckable("whether the log's set-up is the scenario's start (its first turn tracker phase is "
                                 "not the scenario's first turn)")]
        bad = sorted(self.game.map.label(self.game.map.hex(p.hex)) for p in self.t.setup
                     if p.piece.name in names and p.hex in self.game.map.index)
        if bad:
            return [Illegal("PTR 21.0H", f"an Improved Defense marker starts the scenario in hex {', '.join(bad)}: no "
                            "unit starts in an Improved Defense")]
        return [Legal(detail="no Improved Defense marker at the start (21.0H)")]

    def unjudged(self, j: Judged) -> Verdict:
        e = j.event
        if isinstance(e, UnknownCommand):
            return NotCheckable(f"what this logged command does (hexforge does not read it: {e.reason})")
        if isinstance(e, ChatLine):
            return Legal(detail="chat that declares nothing")
        if self.unit(e) is None and not isinstance(e, (TurnChange, DiceRoll)):
            return Legal(detail="not a unit of the game: no rule governs it")
        return NotCheckable("what this event does under the PtR rules (no PtR check follows it yet)")

    def phase_id(self) -> str | None:
        p = self.state.phase
        return self.game.info.sequence[p].id if p is not None else None

    def side_of_player(self, who: str | None) -> str | None:
        """The game side a player (or a side name) is: the log's player list, then the sides' ids and names."""
        if who is None:
            return None
        name = self.players.get(who, who).strip().lower()
        for s in self.game.info.sides:
            if name in (s.id.lower(), s.name.resolved.lower()):
                return s.id
        return None

    @rule("PTR 3.1", "PTR3-1", "a d10's 0 counts 10 in every table lookup")
    def die(self, e: DiceRoll) -> int:
        raw = e.total if e.total is not None else (e.values[0] if e.values else 0)
        return die_value(raw, self.zero_is_ten)  # PtR 3.1

    # -- phases (PtR 5.1) ------------------------------------------------------------------------

    @rule("PTR 5.1", "PTR5-1", "phases in the order of the sequence of play, every turn")
    def on_phase(self, j: Judged) -> None:
        turn, phase = phase_of(self.game, j.event)
        old_t, old_p = self.state.turn, self.state.phase
        if phase is None:
            self.say(j.index, NotCheckable("a turn tracker phase this game's sequence names"))
            return
        self.close_activation(j.index)
        if old_p is not None and turn is not None and old_t is not None:
            back = turn < old_t or (turn == old_t and phase < old_p)
            if back or turn > old_t + 1:
                names = self.game.phase_names()
                self.say(j.index, Illegal("PTR 5.1", f"turn {turn} {names[phase]} follows turn {old_t} "
                                          f"{names[old_p]} out of order"))
        new_id = self.game.info.sequence[phase].id
        if (new_id, turn) != (self.phase_id(), old_t):
            self.set(placed=frozenset())
        if self.phase_id() == RECOVERY_PHASE and (new_id, turn) != (RECOVERY_PHASE, old_t):
            self.end_recovery()
        if new_id == OC_PHASE:
            self.begin_oc(turn)
        elif self.phase_id() == OC_PHASE:
            self.set(expect="none", active=None, suspended=None)
        if new_id == RECOVERY_PHASE and (old_p != phase or old_t != turn):
            self.state = replace(self.state, turn=turn)
            self.begin_recovery(turn)
        if not self.judged[j.index].verdicts:
            self.say(j.index, Legal())

    @rule("PTR 9.0 / 5.2.1A / 21.0C", "PTR5-2/PTR9-13", "an OC starts with the +DRM marker in the 0-box; the "
          "first segment of a scenario's first turn goes to its first player without a roll")
    def begin_oc(self, turn: int | None) -> None:
        first = self.rules.scenario_value(lambda sc: sc.first_turn, "the scenario's first turn")
        fp = self.rules.scenario_value(lambda sc: sc.first_player, "the scenario's first player")
        free = turn is not None and turn == first and fp in self.game.sides
        self.set(segment=1 if free else 0, marker=DrmMarker(), rolls=frozen_map({}), passed=frozenset(),
                 holder=fp if free else None, transferred=False, expect="option" if free else "initiative",
                 active=None, suspended=None, over=None)

    # -- the Operations Cycle (PtR 9) -------------------------------------------------------------

    @rule("PTR 9.2.1 / 9.3", "PTR9-1/PTR9-3/PTR9-5/PTR9-10",
          "one d10 a side per segment, the +DRM marker's box to the side it shows, ties to the US; the marker "
          "moves by 9.2.2; Sudden End on two unmodified 10s from segment 11; a passer winning does nothing")
    def initiative_roll(self, j: Judged) -> None:
        e, m = j.event, self.mem
        side = self.roll_side(e)
        if side is None:
            self.say(j.index, NotCheckable("which side made this Initiative roll (its dice button's side, "
                                           "docs/log-channel.md, or a player with a side)"))
            return
        if side in m.rolls:
            self.say(j.index, Illegal("PTR 9.2.1A", f"the {side} side rolls a second time for the Initiative of "
                                      f"segment {m.segment + 1}: each side rolls one die"))
            return
        rolls = dict(m.rolls, **{side: self.die(e)})
        if len(rolls) < len(self.game.sides):
            self.set(rolls=frozen_map(rolls))
            self.say(j.index, Legal(detail=f"Initiative roll {rolls[side]} for {side}"))
            return
        self.resolve_initiative(j.index, rolls)

    def resolve_initiative(self, index: int, rolls: dict[str, int]) -> None:
        m = self.mem
        segment = m.segment + 1
        if sudden_end(rolls, segment, self.data.sudden_end_from):
            self.set(segment=segment, rolls=frozen_map({}), expect="none", over="Sudden End (9.3)")
            self.say(index, Legal(detail=f"Sudden End in segment {segment}: both unmodified rolls are 10; the OC "
                                  "ends (PtR 9.3B, 9.5A2)"))
            return
        level = self.interdiction()
        us = self.data.us_side
        wins = {winner(rolls, m.marker, side, lv) for lv in
                (range(0, 3) if isinstance(level, Unknown) else (level,))  # 19.0A: levels 0-2
                for side in (self.game.sides if isinstance(us, Unknown) else (us,))}
        if len(wins) != 1 or None in wins:
            needs = "; ".join(v.needs for v in (level, us) if isinstance(v, Unknown))
            self.set(segment=segment, rolls=frozen_map({}), expect="option", holder=None, transferred=False)
            self.say(index, NotCheckable(needs + ": the winner depends on it; the next declaration says who won"))
            return
        win = wins.pop()
        reaction = next(s for s in self.game.sides if s != win)
        marker = self.capped(index, next_marker(m.marker, reaction))  # 9.2.2C: not past the last box
        passed = win in m.passed
        plain = winner(rolls, m.marker, us, 0) if isinstance(level, int) and isinstance(us, str) else win
        decided = None if plain == win else f"the US adds the Interdiction Level {level} to its roll (9.2.1B): {win} wins"
        self.set(segment=segment, rolls=frozen_map({}), marker=marker, holder=None if passed else win,
                 transferred=False, expect="initiative" if passed else "option", decided=decided)
        what = (f"{win} wins the Initiative of segment {segment} (rolls {rolls}, marker {m.marker.text()} -> "
                f"{marker.text()})")
        self.say(index, Legal(detail=what + (": it has passed, so nothing happens (9.4.3D)" if passed else "")))

    def interdiction(self) -> int | Unknown:
        """PtR 9.2.1B / 19.0A: the turn's Interdiction Level: a scenario's first turn gives it (``[special_rules]
        interdiction_level_first_turn``); later turns need the Interdiction Table roll (not followed yet)."""
        rolled = self.mem.interdiction
        if rolled is not None and rolled[0] == self.state.turn:
            return rolled[1]
        first = self.rules.scenario_value(lambda sc: sc.first_turn, "the scenario's first turn")
        if self.state.turn is not None and self.state.turn == first:
            v = self.rules.scenario_value(lambda sc: (sc.special_rules or {}).get("interdiction_level_first_turn"),
                                          "the first turn's Interdiction Level (scenario [special_rules] "
                                          "interdiction_level_first_turn)")
            if isinstance(v, int) or isinstance(v, Unknown):
                return v
        return Unknown(f"the Interdiction Level of turn {self.state.turn} (PtR 19.0: the US Interdiction roll on "
                       "the Interdiction Table)")

    def no_phase(self, j: Judged) -> bool:
        """True (and the event is *not checkable*) while the log has shown no turn tracker phase: Scenario 1 has
        no sequence of play (21.1.1A, L1903), so its log may never name the Operations Cycle the checks need."""
        if self.state.phase is not None:
            return False
        self.say(j.index, NotCheckable("the Operations Cycle phase on the turn tracker (the log names no phase "
                                       "yet; Scenario 1 has no sequence of play, PtR 21.1.1A)"))
        return True

    def on_declared(self, j: Judged, d: Declared) -> None:
        if self.no_phase(j):
            return
        if self.phase_id() != OC_PHASE:
            self.say(j.index, Illegal("PTR 5.1F", f"'{d.verb}' is an Operations Cycle declaration, made outside "
                                      "the Operations Cycle"))
            return
        if d.verb in ("act", "transfer", "pass"):
            self.option(j, d)
        elif d.verb == "react":
            self.react(j, d)
        elif d.verb == "done":
            self.close_activation(j.index, said=True)
        else:
            self.declare_action(j, d)

    @rule("PTR 9.4", "PTR9-6/PTR9-7/PTR9-8/PTR9-9/PTR9-11/PTR10-1",
          "the Initiative side announces one of Act, Transfer, Pass; no transfer to a passed side nor back; a "
          "passed side activates no more; the OC ends at the second Pass; one activation per Act")
    def option(self, j: Judged, d: Declared) -> None:
        m = self.mem
        if m.over:
            self.say(j.index, Illegal("PTR 9.5", f"'{d.verb}' after the Operations Cycle ended ({m.over})"))
            return
        if m.expect != "option":
            why = ("an activation is under way" if m.active else "no side holds the Initiative: both sides roll "
                   "first (9.2.1)")
            self.say(j.index, Illegal("PTR 9.4", f"'{d.verb}' now: {why}"))
            return
        said = self.side_of_player(j.event.speaker)
        if m.holder is None:  # the rolls did not tell who won: the declarer did
            fid = self.data.find_formation(d.args[0]) if d.verb == "act" else None
            holder = self.data.formations[fid].side if fid else said
            if holder is None:
                self.say(j.index, NotCheckable("who holds the Initiative (the Interdiction Level decides it)"))
                return
            self.set(holder=holder, marker=next_marker(m.marker, next(s for s in self.game.sides if s != holder)))
            m = self.mem
        if d.verb == "act":
            self.act(j, d)
            return
        if said is not None and said != m.holder:
            self.say(j.index, Illegal("PTR 9.4", f"{said} announces '{d.verb}', but {m.holder} holds the "
                                      "Initiative"))
            return
        other = next(s for s in self.game.sides if s != m.holder)
        if d.verb == "transfer":
            if m.transferred:
                self.say(j.index, Illegal("PTR 9.4.2B", f"{m.holder} received the Initiative by a transfer: it "
                                          "must Act or Pass, never transfer it back"))
            elif other in m.passed:
                self.say(j.index, Illegal("PTR 9.4.2A", f"{other} has passed: the Initiative is not transferred "
                                          "to a side that passed"))
            else:
                self.set(holder=other, transferred=True)  # 9.4.2C: the +DRM marker stays
                self.say(j.index, Legal(detail=f"{other} now holds the Initiative (the +DRM marker stays, "
                                        "9.4.2C)"))
            return
        passed = m.passed | {m.holder}
        over = "both sides passed (9.4.3E)" if len(passed) == len(self.game.sides) else None
        self.set(passed=passed, holder=None, expect="none" if over else "initiative", over=over)
        self.say(j.index, Legal(detail=f"{m.holder} passes" + (f"; the OC ends: {over}" if over else "")))

    @rule("PTR 10.1.1B / 9.4.3A / 9.2.1B", "PTR10-2/PTR9-2", "a formation activates only with its FAM above box 0 "
          "and only for the side holding the Initiative (the US's Interdiction Level counted); its FAM drops one box")
    def act(self, j: Judged, d: Declared) -> None:
        m = self.mem
        fid = self.data.find_formation(d.args[0])
        if fid is None:
            self.say(j.index, NotCheckable(f"which formation '{d.args[0]}' names (game.toml [special.formations])"))
            return
        side = self.data.formations[fid].side
        if side != m.holder:
            self.say(j.index, Illegal("PTR 9.2.1B" if m.decided else "PTR 9.4", f"{fid} is a {side} formation, but "
                                      f"{m.holder} holds the Initiative" + (f": {m.decided}" if m.decided else "")))
            return
        barred = self.scenario_bars(fid, "activate")
        if barred is not None:
            self.say(j.index, barred)
            return
        level = m.fam.get(fid, Unknown(f"the FAM box of formation {fid}"))
        if isinstance(level, Unknown):
            self.start_activation(fid, side, level, reaction=False)
            self.say(j.index, NotCheckable(level.needs))
            return
        if level <= 0:
            self.say(j.index, Illegal("PTR 10.1.1B", f"{fid}'s FAM is in the 0-box: it cannot activate until it "
                                      "recovers (10.3)"))
            return
        self.start_activation(fid, side, level, reaction=False)
        self.say(j.index, self.supply_at_activation(fid) or
                 Legal(detail=f"{fid} activates at level {level}; its FAM drops to {level - 1}"))

    @rule("PTR 21.1.1", "PTR21-1", "a scenario's limits on activations: static sides never activate or react; at "
          "most its number of Formation Activations")
    def scenario_bars(self, fid: str, what: str) -> Illegal | None:
        """The scenario's ``[special_rules]``: ``<side>_static`` (21.1.1B) and ``max_activations`` (21.1.1A)."""
        side = self.data.formations[fid].side
        rules = [sc.special_rules or {} for sc in self.rules.scenarios()] if self.rules.scenario else []
        if rules and resolved(rules[0].get(f"{side}_static")) is True:
            return Illegal("PTR 21.1.1B", f"{fid} may not {what}: the scenario's {side} forces are static")
        limit = resolved(rules[0].get("max_activations")) if rules else None
        if what == "activate" and isinstance(limit, int) and sum(self.mem.activations.values()) >= limit:
            return Illegal("PTR 21.1.1A", f"the scenario allows {limit} Formation Activations; this is one more")
        return None

    def start_activation(self, fid: str, side: str, level: int | Unknown, reaction: bool) -> None:
        m = self.mem
        fam = dict(m.fam)
        if isinstance(level, int):
            fam[fid] = level - 1  # PtR 10.1.1B / 10.2.3C
        counts = dict(m.activations)
        counts[fid] = counts.get(fid, 0) + 1
        act = Activation(fid, side, level, reaction=reaction, stage="reaction-check" if reaction else "ap-roll")
        if reaction:
            self.set(suspended=m.active, active=act, activations=frozen_map(counts), concluded=None)
        else:
            self.set(fam=frozen_map(fam), active=act, expect="activation", activations=frozen_map(counts),
                     concluded=None)

    @rule("PTR 10.1.2B / 10.2.3 / 10.2.4", "PTR10-3/PTR10-14/PTR10-15/PTR10-16/PTR10-18/PTR10-20",
          "APs from the AP Table (bold for an activation, non-bold for a reaction); a Reaction Check passes "
          "iff the die is at most the HQ's Reaction Rating, and the FAM then drops one box; the mover's Action "
          "then ends (a new one costs APs and may be reacted to again)")
    def activation_roll(self, j: Judged) -> None:
        a = self.mem.active
        die = self.die(j.event)
        if a.stage == "reaction-check":
            self.reaction_check(j.index, a, die)
            return
        self.flip_missed(j.index)
        a = self.mem.active
        bold = self.ap_bold(j.index, a)  # 22.8.3B-C: Reserve swaps the columns
        ap = self.data.ap_cell(a.level, die, bold=bold) if isinstance(a.level, int) else a.level
        other = self.data.ap_cell(a.level, die, bold=not bold) if isinstance(a.level, int) else None
        self.set(active=replace(a, stage="actions", ap=ap, other_ap=other if isinstance(other, int) else None))
        if isinstance(ap, Unknown):
            self.say(j.index, NotCheckable(ap.needs))
        else:
            self.say(j.index, Legal(detail=f"{a.formation}: {ap} APs (AP Table level {a.level}, die {die}, "
                                    f"{'bold' if bold else 'non-bold'})"))

    def close_activation(self, index: int, said: bool = False) -> None:
        """PtR 11.1D: the activation ends (unused APs are lost); a reaction's end resumes the mover (10.2.4C)."""
        m = self.mem
        if m.active is None:
            if said:
                self.say(index, Illegal("PTR 11.1D", "'done', but no formation is activated"))
            return
        self.end_movement(index)
        if m.active.reaction:
            self.reserve_ends(m.active.formation)  # 22.8.1B1
            self.set(active=self.mem.suspended, suspended=None)
        else:
            self.set(active=None, expect="initiative", concluded=m.active.formation)
            self.none_can_activate()
        if said:
            self.say(index, Legal(detail=f"{m.active.formation} concludes its activation"
                                  + (f"; the OC ends: {self.mem.over}" if self.mem.over else "")))

    @rule("PTR 9.5A3", "PTR9-12", "the OC ends when no formation of either side can activate (every FAM in box 0)")
    def none_can_activate(self) -> None:
        fams = list(self.mem.fam.values())
        if fams and all(isinstance(f, int) and f <= 0 for f in fams):
            self.set(expect="none", over="no formation of either side can activate (9.5A3)")
