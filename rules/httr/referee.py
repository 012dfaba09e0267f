"""The Highway to the Reich log referee: judges each event of a timeline in order (SR 4-11, 19), reading
modes and states from the units' layers (``rules/httr/memory.py``) and fire, close action and CP
declarations from chat (``rules/httr/declaration.py``, whose docstring is the grammar).

Without a turn tracker change the phase is unknown and what depends on it is not checkable. The
rulebook's conflicts are settings (``readings``, defaults in ``catalogue.READINGS``).
"""
from __future__ import annotations

from hexforge.builder.timeline import (ChatLine, DiceRoll, Eliminated, Entered, Event, Move, StepChange, Timeline,
                                       TurnChange, UnknownCommand)
from hexforge.games.channel import Channel, layer_applies
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import ammunition as ammo
from hexforge.rules.httr.airstrike_results import struck_move
from hexforge.rules.httr import command_points as cpl
from hexforge.rules.httr import logistics as logi
from hexforge.rules.httr import supply_heads as heads
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr import watchers
from hexforge.rules.httr.catalogue import READINGS
from hexforge.rules.httr.command import judge_cp
from hexforge.rules.httr.attachment import Attachments, judge_attach, judge_return
from hexforge.rules.httr.attachment import seen as attach_seen
from hexforge.rules.httr.city_sources import CityLog
from hexforge.rules.httr.city_sources import seen as cities_seen
from hexforge.rules.httr.ca_special_at import judge_special_at
from hexforge.rules.httr.ca_retreat import judge_advance, judge_retreat, retreat_hexes
from hexforge.rules.httr.close_action import CaLog, judge_ca, unresolved
from hexforge.rules.httr.declaration import Declaration, parse
from hexforge.rules.httr.fire import firers, judge_fire, record
from hexforge.rules.httr.recovery import NightWatch, quiet_still_disrupted
from hexforge.rules.httr.effects import judge_effects, judge_spill
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.los import Observation, turn_weather
from hexforge.rules.httr.modes_rules import judge_layer
from hexforge.rules.httr.entry_modes import off_map_mode
from hexforge.rules.httr.rolls import on_roll
from hexforge.rules.httr.opportunity import Waiting, judge_of, judge_trigger, track, trigger_of, waiting
from hexforge.rules.httr.columns import Drag
from hexforge.rules.httr.entrench import Works, check_occupied, judge_marker, marker_event
from hexforge.rules.httr.ferries import FerryLog
from hexforge.rules.httr.fatigue import tired
from hexforge.rules.httr.weather import Routine
from hexforge.rules.httr.frost import boost, covers
from hexforge.rules.httr.scatter import scattered
from hexforge.rules.httr.scenario_start import before_start
from hexforge.rules.httr.arrivals import Arrivals, judge_entry, judge_exit
from hexforge.rules.httr.overstack import Overstacks, began_overstacked
from hexforge.rules.httr import demolition, of_fire, recovery_modes, victory
from hexforge.rules.httr.spa_fired import judge_half
from hexforge.rules.httr.movement import Movement, Step
from hexforge.rules.httr.stacking import check_join, check_order, judge_reorder
from hexforge.rules.httr.units import has_mode, is_kind
from hexforge.rules.registry import note, rule
from hexforge.rules.replay import Judged, Referee, Report
from hexforge.rules.state import GameState, phase_of
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

note("HTTR SR 2.4.1-2.4.2", "SOP-1", "round up by default (halved strengths), down for the CA ratio and extended "
     "range", "httr.values.odds, httr.close_action.sum_strength, httr.fire._firer, httr.fire.check_range")
note("HTTR SR 10.6.2", "DIS-1", "disrupted: no CA attack, no OF unless assaulted, no spotting or IF, no ZOC, at "
     "most one hex", "httr.close_action.attackers, httr.fire.check_kind, httr.fire.check_spotter, "
     "httr.movement.Movement.exerts, httr.movement.Movement.step")
WEATHER_TURNS = ("0601", "1501")  # SR 4.1 (L122-L123), ScR 6.4.1 (L1188): reading weather_timing of the data


class HttrReferee(Referee):
    """The HTTR referee (SR 4.1 sequence of play; modes SR 5; fire SR 6-7; movement SR 8-9, 11; CA SR 10)."""

    def __init__(self, rules: RulesSystem, timeline: Timeline, readings: dict[str, str] | None = None) -> None:
        super().__init__(rules, timeline)
        self.readings = {r.name: r.default for r in READINGS} | dict(readings or {})
        unknown = set(self.readings) - {r.name for r in READINGS}
        if unknown:
            raise ValueError(f"no HTTR reading {sorted(unknown)}; readings: {', '.join(r.name for r in READINGS)}")
        for r in READINGS:  # a value the reading does not offer
            if self.readings[r.name] not in {v for v, _ in r.options}:
                raise ValueError(f"HTTR reading {r.name}={self.readings[r.name]!r}: expected one of "
                                 f"{', '.join(v for v, _ in r.options)} ({r.rules})")
        self.channel = Channel(self.game)
        self.state = mem.from_setup(self.state, timeline.setup, self.channel, self._start_mode,
                                    lambda uid, m: has_mode(self.game, uid, m) is True)
        self.obs = Observation(self.game)
        self.phase_start: GameState = self.state
        self.fire = FireLog()
        self.ca = CaLog()
        self.fired_in: dict[str | None, set[str]] = {}  # side -> units that fired in its last Fire Phase
        self.hq_used: dict[str | None, set[str]] = {}  # side -> HQs that controlled IF then (SR 6.5.2.5)
        self.moves: dict[str, Step] = {}  # MP and hexes of each unit's move this phase
        self.finished: set[str] = set()  # moved, then another unit moved: its move is over (SR 9.1.2)
        self.last_move: tuple[str | None, str | None] = (None, None)  # (from, to) of the last move: a stack's
        self.mode_turn: set[str] = set()  # units that made their voluntary mode change this turn (SR 5.2.1)
        self.dismounts: set[str] = set()  # units that mounted or dismounted this phase (SR 9.3.7)
        self.night = False
        self.last_phase_change = 0  # the index of the last turn tracker change judged (see ``settled``)
        self.passed_phase: str | None = None  # a phase the tracker passes that this GT does not have (SR 4.1)
        self.piece_units = {p.piece.id: p.piece.unit for p in timeline.setup if p.piece.unit in self.game.units}
        self.morale_roll: int | None = None  # this phase's last Morale Check roll (SR 10.6.4)
        self.cp_given: dict[str, int] = {}  # CP allocated to each HQ this Command Phase (SR 14.3.1)
        self.leaders_due: list[tuple[int, str]] = []  # (move's event, enemy leader left alone there): SR 19.3.1
        self.of_wait: list[Waiting] = []  # OF declared, waiting for the activity that triggers it (SR 6.6.1.2)
        self.watch = NightWatch()  # who moved or stood next to an enemy in each night GT (SR 10.6.5)
        self.drag = Drag()  # the moving stack of the current drag (SR 9.6.4-9.6.7)
        self.works = Works()  # entrenchments and what disturbs their builders (SR 12.1, 18.4.3)
        self.works.set_up(self.game, timeline.setup, self.state)
        self.ferries = FerryLog(self.state, tired(self))  # bridge engineers' ferrying this Movement Phase (ScR 9.1)
        self.arrivals = Arrivals()  # units entering and leaving the map (ScR 10.2, 12.2)
        self.overstacks = Overstacks()  # hexes overstacked this phase (SR 11.2.3)
        self.recoveries = recovery_modes.Recoveries()  # recovered units due in Defilade (SR 10.6.6)
        self.demolitions = demolition.Demolitions()  # bridges the enemy's approach lets be blown (ScR 9.5)
        self.cp = cpl.CpLedger()  # the CP/AmP record tracks and what each HQ holds (SR 14-15)
        cpl.read_setup(self, timeline.setup)
        self.depletion = ammo.DepletionLog()  # the phase's Depletion Check roll awaiting its marker (SR 13.3.1)
        self.attach = Attachments()  # units put under other HQs (SR 13.4, 17.4)
        self.logistics = logi.LogisticsLog()  # the CP/Logistic Phase's declared deliveries (ScR 5.2)
        self.heads = heads.HeadLog()  # the airborne supply heads' divisions out of supply (ScR 5.1.4)
        self.cities = CityLog()  # the major cities 30th Corps units activated as sources (ScR 5.1.2)
        watchers.start(self, timeline)  # the scenario and optional topics' memories (ScR 6-23)
        self.weather_routine = Routine()  # the Weather Phase's rolls (ScR 6.4.1, 13.1)
        self.rules.learn_from(self)  # its supply answer reads attachments and activated cities (SR 13.4, ScR 5.1.2)

    def _start_mode(self, uid: str) -> str | None:
        """The mode a built module's piece starts in: its Mode layer's set-up level (``start``, else the first)."""
        unit = self.game.units.get(uid)
        lay = next((lay for lay in self.game.info.layers if lay.id == mem.MODE_TRAIT), None)
        if unit is None or lay is None or not layer_applies(lay, unit):
            return None
        level = next((s.level for s in lay.start if layer_applies(s, unit)), lay.levels[0])
        return mem.mode_named(level)

    # -- driver ------------------------------------------------------------------------------

    def phase(self) -> tuple[str, str | None]:
        """(phase kind: weather, cp_logistic, reaction, command, fire, movement, organization; its side)."""
        if self.state.phase is None:
            return "unknown", None
        pid = self.game.info.sequence[self.state.phase].id
        side = self.rules.phase_side(self.state.phase)
        kind = pid.removeprefix(f"{side}_") if side else pid
        return kind, side

    def judge(self, j: Judged) -> None:
        e = j.event
        self.match_triggers(e)
        self.check_ca_pending(j)
        returning = isinstance(e, Entered) and self.unit(e) in self.state.eliminated \
            and is_kind(self.game, self.unit(e), "hq")  # SR 17.4.4: a destroyed HQ brought back
        attach_seen(self, e)
        cities_seen(self, e)
        for i, v in watchers.watch(self, j.index, e):
            self.say(i, v)
        if self.leaders_due and self.leader_taken(j):
            return
        if isinstance(e, TurnChange):
            self.on_turn(j)
        elif self.passed_phase is not None and (isinstance(e, DiceRoll) or self.unit(e) is not None or (
                isinstance(e, ChatLine) and (d := parse(e.text)) is not None and d.kind not in ("victory", "offmap"))):
            # a claim (ScR 17.6-23.4) or a warning (ScR 10.2.11) is no act of the phase
            self.say(j.index, Illegal("HTTR SR 4.1", f"{self.passed_phase}: nothing is done in it"))
        elif (early := before_start(self, e)) is not None:
            self.say(j.index, early)
        elif isinstance(e, ChatLine):
            d = parse(e.text)
            if d is not None and (d.kind in ("cp", "attach", "logistics") and d.target in self.game.units
                                  or self.hex(d.target) is not None):
                self.on_declare(j, d)
        elif isinstance(e, DiceRoll):
            on_roll(self, j)
        elif isinstance(e, Move) and cpl.marker_hq(self.game, self.channel, e.piece.name) is not None:
            spent = ammo.check_spend(self, e) or logi.check_received(self, e)
            for v in ([spent] if spent is not None else []) + cpl.on_marker(self, j.index, e):
                self.say(j.index, v)
        elif isinstance(e, (Move, Entered)) and self.unit(e) is None and heads.head_of(self.game, e.piece.name):
            self.say(j.index, heads.judge_head(self, e, heads.head_of(self.game, e.piece.name)))
        elif demolition.marker_placed(self.game, e):
            self.say(j.index, demolition.judge_marker(self, self.demolitions, self.hex(e.hex),
                                                      isinstance(e, Eliminated)))
        elif marker_event(self.game, e):
            for v in judge_marker(self, self.works, e):
                self.say(j.index, v)
        elif self.unit(e) is None:
            return
        elif isinstance(e, Move):
            self.on_move(j)
        elif returning:
            self.say(j.index, judge_return(self, self.unit(e), self.hex(e.hex)))
        elif isinstance(e, Entered) and (arrived := judge_entry(self, self.arrivals, self.unit(e), self.hex(e.hex))):
            for v in arrived:  # a verdict for each factor (ScR 10.2, 12.2.1)
                self.say(j.index, v)
        elif isinstance(e, StepChange) and (chosen := off_map_mode(self, e)) is not None:
            self.say(j.index, chosen)  # a reinforcement's mode to enter in (ScR 12.01)
        elif isinstance(e, StepChange):
            for v in judge_layer(self, e, self.unit(e), j.index):  # a Depleted one: rules/httr/ammunition.py
                self.say(j.index, v)  # one verdict per layer change

    @rule("HTTR SR 19.3.1", "MOR-3", "a leader alone in a hex an enemy combat unit enters is eliminated")
    def leader_taken(self, j: Judged) -> bool:
        """The event after a move onto a lone enemy leader: the leader's elimination (judged here), else the
        move is illegal if the leader is still there."""
        e, due = j.event, self.leaders_due
        self.leaders_due = []
        taken = isinstance(e, Eliminated) and any(self.unit(e) == u for _, u in due)
        for index, u in due:
            if is_kind(self.game, u, "leader") is None and (self.state.where(u) is not None or self.unit(e) == u):
                self.say(index if self.unit(e) != u else j.index, NotCheckable(
                    f"whether {u}, alone in a hex an enemy combat unit entered, is a leader (SR 19.3.1: then it is "
                    f"eliminated): the type of unit {u} (units.csv type)"))
            elif taken and self.unit(e) == u:
                self.say(j.index, Legal(detail=f"{u}, a leader left alone with enemy units, is eliminated (SR 19.3.1)"))
            elif self.state.where(u) is not None:
                self.say(index, Illegal("HTTR SR 19.3.1", f"{u} is a leader alone in a hex an enemy combat unit "
                                        "entered: it is eliminated"))
        return taken

    def check_ca_pending(self, j: Judged) -> None:
        """A declared CA waits for its roll: a phase change, a move or another CA declaration first breaks it."""
        if self.ca.pending is None or self.ca.declared is None:
            return
        e = j.event
        d = parse(e.text) if isinstance(e, ChatLine) else None
        why = ("the phase ended" if isinstance(e, TurnChange) else "a unit moved" if isinstance(e, Move)
               and self.unit(e) is not None else "another close action was declared" if d is not None
               and d.kind == "ca" else None)
        if why is not None:
            self.say(self.ca.declared, unresolved(self, why))
            self.ca.declared = None

    def match_triggers(self, e: Event) -> None:
        """OF waits for the phasing side's next activity: it must be the trigger (SR 6.6.1.1-6.6.1.2)."""
        if not self.of_wait:
            return
        if isinstance(e, TurnChange):
            for w in self.of_wait:
                self.say(w.index, Illegal("HTTR SR 6.6.1.2", "opportunity fire that no activity of its target "
                                          "followed before the phase ended"))
            self.of_wait.clear()
            return
        uid = self.unit(e)
        if uid is not None and self.state.side(uid) != self.phase()[1]:
            return
        act = trigger_of(self, e, uid)
        if act is None:
            return
        for w in self.of_wait:
            self.say(w.index, judge_trigger(self, w, act))
        self.of_wait.clear()

    def advance(self, j: Judged) -> None:
        e, before = j.event, self.state
        super().advance(j)
        self.state = self.state.remember(before.memory)
        self.works.seen(self.state)
        self.arrivals.seen(self)
        uid = self.unit(e)
        if uid is None:
            return
        self.piece_units[e.piece.id] = uid
        self.works.after(self.game, self.state, j.index, e, uid, self.channel)
        demolition.approached(self, self.demolitions, e, uid)
        self.overstacks.after(self.game, self.state, j.index,
                              self.state.where(uid) if isinstance(e, (Move, Entered)) else None)
        if isinstance(e, (Move, Entered)):
            to = self.state.where(uid)
            logged = self.logged_order(e) if isinstance(e, Move) else ()
            self.state = mem.moved(before, self.state, uid, to, logged)
            self.watch.moved(self.state, uid)
            track(self.fire, uid, before.where(uid), to)
            if to is not None and not is_kind(self.game, uid, "leader"):
                enemy = [u for u in self.state.at(to) if self.state.side(u) != self.state.side(uid)]
                if enemy and all(is_kind(self.game, u, "leader") is not False for u in enemy):  # None: untyped
                    self.leaders_due += [(j.index, u) for u in enemy]
        elif isinstance(e, Eliminated):
            self.state = mem.moved(before, self.state, uid, None)
        if isinstance(e, Entered):
            cpl.arrived(self, uid, self.landings.landed.get(uid) == self.state.turn)  # ScR 5.1.3.9: supplied on
            # arrival, an HQ holds 2 CP until its next allocation; ScR 5.1.3.6: a dropped unit four GTs more
        elif isinstance(e, StepChange):
            said = mem.layer_change(e.trait, e.new, self.channel)
            if said is not None:
                self.state = mem.with_mode(self.state, uid, said[1]) if said[0] == "mode" else \
                    mem.with_state(self.state, uid, said[0], bool(said[1]))

    def logged_order(self, e: Move) -> tuple[str, ...]:
        """The destination stack's order from the log (top first), as unit ids; () when not logged."""
        if not e.stack:
            return ()
        if e.piece.unit in self.game.units:
            self.piece_units[e.piece.id] = e.piece.unit
        return tuple(self.piece_units[pid] for pid in reversed(e.stack) if pid in self.piece_units)

    def settled(self) -> int:
        """Events before the last phase change have their final verdicts: what a phase's checks add later (an OF
        waiting for its trigger, a DEF target's mode, a lone leader's fate) is said by the next phase change."""
        return self.last_phase_change

    def finish(self) -> Report:
        self.check_defilade_due()
        for i, v in judge_effects(self):
            self.say(i, v)
        return Report(self.game.id, self.judged, list(self.t.warnings) + self.notes,
                      victory.outcome(self, self.victory_log))  # ScR 17.6-23.4

    def unjudged(self, j: Judged) -> Verdict:
        e = j.event
        if isinstance(e, UnknownCommand):
            return NotCheckable(f"what this logged command does (hexforge does not read it: {e.reason})")
        if isinstance(e, ChatLine):
            return Legal(detail="chat that declares nothing")
        if isinstance(e, DiceRoll):
            return Legal(detail="a roll no rule of this phase reads")
        if self.unit(e) is None:
            return Legal(detail="not a unit of the game: no rule governs it")
        if isinstance(e, Eliminated):
            return NotCheckable(f"whether {self.unit(e)} had lost its last strength point (SR 2.6.3): the log shows "
                                "no strength losses; what a fire or CA result eliminates is judged with it (SR "
                                "6.3.2.2, 6.4.2.1, 10.5)")
        if isinstance(e, Entered):
            return NotCheckable("a rule for a placement made before play begins (before the log's first Movement "
                                "Phase it is taken as the set-up; arrivals after it are judged by ScR 6, 10 and 12)")
        if isinstance(e, StepChange):
            return Legal(detail=f"{e.trait} changed: no rule reads it")
        return NotCheckable("what this event does under the HTTR rules")

    # -- phases ------------------------------------------------------------------------------

    @rule("HTTR SR 4.1", "SOP-2/SOP-3", "the 12 phases in order each GT; Weather and CP/Logistic phases only in "
          "the 0601 and 1501 GTs")
    def on_turn(self, j: Judged) -> None:
        turn, phase = phase_of(self.game, j.event)
        if phase is None:
            self.say(j.index, NotCheckable("a turn tracker phase this game's sequence names"))
            return
        old_t, old_p = self.state.turn, self.state.phase
        v: Verdict = Legal()
        if old_p is not None and turn is not None and old_t is not None and (turn, phase) != (old_t, old_p):
            back = turn < old_t or (turn == old_t and phase < old_p)
            if back or turn > old_t + 1:
                v = Illegal("HTTR SR 4.1", f"turn {turn} {self.game.info.sequence[phase].name.resolved} follows turn "
                            f"{old_t} {self.game.info.sequence[old_p].name.resolved} out of order")
        self.passed_phase = None
        if isinstance(v, Legal) and self.game.info.sequence[phase].id in ("weather", "cp_logistic"):
            v = self.check_logistic_turn(turn, phase)
        self.say(j.index, v)
        if self.phase()[0] == "command":
            for index, said in cpl.command_over(self, j.index, self.phase()[1]):
                self.say(index, said)
        for q in quiet_still_disrupted(self):
            self.say(j.index, q)
        self.end_phase()
        cpl.phase_began(self, self.game.info.sequence[phase].id, self.calendar().get(turn, {}).get("time"))
        self.depletion = ammo.DepletionLog()
        self.logistics = logi.LogisticsLog()
        new_side = self.rules.phase_side(phase)
        heads.phase_began(self, self.game.info.sequence[phase].id.removeprefix(f"{new_side}_"), new_side, turn)
        self.last_phase_change = j.index
        if turn is not None and turn != old_t:
            self.mode_turn.clear()
            self.night = self.turn_kind(turn) == "night"
            self.obs.night, self.obs.weather = self.night, turn_weather(self.game, self.calendar().get(turn))
            self.watch.begin(self.state, turn, self.night)

    def calendar(self) -> dict[int, dict]:
        cal = self.game.special("turn_calendar") or {}
        return {int(t["turn"]): t for t in cal.get("turns", []) if isinstance(t, dict) and "turn" in t}

    def turn_kind(self, turn: int) -> str | None:
        return self.calendar().get(turn, {}).get("kind")

    def check_logistic_turn(self, turn: int | None, phase: int) -> Verdict:
        """SR 4.1 (L122-L123): the Weather and CP/Logistic Phases happen only in the 0601 and 1501 GTs. The
        module's tracker lists every phase each GT, so passing one in another GT is legal; doing anything in
        it is not (judged in ``judge`` while ``passed_phase`` is set)."""
        row = self.calendar().get(turn) if turn is not None else None
        if row is None:
            return NotCheckable(f"the time of GT {turn} (game.toml [special.turn_calendar])")
        if not str(row.get("time", "")).startswith(WEATHER_TURNS):
            self.passed_phase = (f"GT {turn} ({row.get('time')}) has no {self.game.info.sequence[phase].name.resolved}"
                                 " (only the 0601 and 1501 GTs have one)")
            return Legal(detail=f"the tracker passes it: {self.passed_phase}")
        return Legal()

    def end_phase(self) -> None:
        """A phase ends: the Fire Phase's firers are remembered for the Movement Phase (SR 6.1.9); the phase's
        fire, CA and movement records start afresh."""
        self.check_defilade_due()
        for i, v in judge_effects(self):
            self.say(i, v)
        kind, side = self.phase()
        for u in self.fire.method:
            self.works.disturb(self.state, u)  # SR 18.4.3.2: no fire while entrenching
        for i, v in check_occupied(self.works):
            self.say(i, v)
        for i, v in self.overstacks.end_phase(self):
            self.say(i, v)
        for i, v in recovery_modes.end_phase(self, self.recoveries):
            self.say(i, v)
        for i, v in demolition.end_phase(self.demolitions):
            self.say(i, v)
        if kind == "fire":
            self.fired_in[side] = {u for u, m in self.fire.method.items() if m in ("df", "at", "if")}
            self.hq_used[side] = set(self.fire.hqs)
        elif kind == "movement":
            self.fired_in.pop(side, None)
            self.hq_used.pop(side, None)
        self.fire, self.ca = FireLog(), CaLog()
        self.cp_given.clear()
        self.morale_roll = None
        self.moves.clear()
        self.finished.clear()
        self.dismounts.clear()
        self.last_move = (None, None)
        self.phase_start = self.state
        self.ferries = FerryLog(self.state, tired(self))

    @rule("HTTR SR 6.7.2", "EFF-2", "a DEF result puts the target in Defilade at once (nothing more when it is "
          "already defiladed or disrupted)")
    def check_defilade_due(self) -> None:
        """At the phase's end, every DEF target is in Defilade, disrupted or gone."""
        for index, u in self.fire.defilade_due:
            if self.state.where(u) is None or mem.has(self.state, u, "disrupted"):
                continue
            m = mem.mode(self.state, u)
            if m is None:
                self.say(index, NotCheckable(f"the mode of unit {u} after its DEF result (its Mode layer)"))
            elif m != "defilade":
                self.say(index, Illegal("HTTR SR 6.7.2", f"{u} took a DEF result but is still in {m.title()} Mode "
                                        "at the end of the phase: it is defiladed at once"))
        self.fire.defilade_due.clear()

    # -- declarations and rolls --------------------------------------------------------------

    def on_declare(self, j: Judged, d: Declaration) -> None:
        if d.kind in ("drop", "land"):
            return  # a serial's route and drop hex, its landing roll: judged by air_routes, scatter (ScR 6.4-6.5)
        if d.kind == "spill":
            self.say_all(j.index, [judge_spill(self, d)], d.kind)
            return
        if d.kind == "at" and self.ca.pending is not None and self.ca.declared is not None:
            self.say_all(j.index, judge_special_at(self, d), d.kind)  # SR 10.2.2: the CA's special AT fire
            return
        if d.kind in ("attach", "logistics"):
            self.say_all(j.index, (judge_attach if d.kind == "attach" else logi.judge_logistics)(self, d), d.kind)
            return
        if d.kind in ("cp", "ca"):
            self.say_all(j.index, judge_cp(self, d, j.index) if d.kind == "cp" else judge_ca(self, d), d.kind)
            if d.kind == "ca":
                self.ca.declared = j.index
            return
        verdicts = judge_fire(self, d)
        units = firers(self, d)
        if isinstance(units, list):
            if d.kind == "of":
                verdicts += judge_of(self, d, units)
                w = waiting(self, j.index, d, units)
                if w is not None:
                    self.of_wait.append(w)
            record(self, d, units)
            if d.kind == "of" and not any(isinstance(v, Illegal) for v in verdicts):
                of_fire.pend(self, d, units)  # SR 6.6.1.4: its roll resolves it as DF, IF or AT fire
        self.say_all(j.index, verdicts, d.kind)

    def say_all(self, index: int, verdicts: list[Verdict], kind: str) -> None:
        """A declaration's verdicts: those that say something (illegal, not checkable, or legal with a detail
        or a guess), else one legal verdict for all its checks."""
        told = [v for v in verdicts if not (isinstance(v, Legal) and v.detail is None and v.guess is None)]
        for v in told or [Legal(detail=f"the {kind} declaration passes every check")]:
            self.say(index, v)

    # -- movement ----------------------------------------------------------------------------

    @rule("HTTR SR 4.1 / 9.1.1 / 9.1.2 / 6.5.2.5", "MOV-1/FIR-5/IF-9", "units move in their side's Movement or "
          "Reaction Phase, one unit or stack at a time; a unit that fired, or an HQ that controlled IF, in the Fire "
          "Phase does not move")
    def fire_bars_move(self, uid: str, kind: str, side: str | None) -> Illegal | None:
        """A unit that fired in the Fire Phase (SR 6.1.9; SPA in Concentrated Mode excepted, 18.9.2) or an HQ that
        controlled IF then (6.5.2.5) does not move in the next Movement Phase."""
        if kind != "movement":
            return None
        spa = is_kind(self.game, uid, "spa") and mem.mode(self.state, uid) == "concentrated"  # SR 18.9.2
        if uid in self.fired_in.get(side, set()) and not spa:
            return Illegal("HTTR SR 6.1.9", f"{uid} fired in the Fire Phase and may not move in the next Movement "
                           "Phase")
        if uid in self.hq_used.get(side, set()):
            return Illegal("HTTR SR 6.5.2.5", f"{uid} controlled indirect fire in the Fire Phase and may not move in "
                           "the next Movement Phase")
        return None

    def on_move(self, j: Judged) -> None:
        e: Move = j.event
        uid = self.unit(e)
        start = self.state.where(uid)
        drops = [self.hex(x) for x in (e.path or (e.to_hex,))]
        if start is not None and e.to_hex is None:
            kind, side = self.phase()
            if kind != "unknown" and (bar := self.fire_bars_move(uid, kind, side)) is not None:
                self.say(j.index, bar)  # leaving the map is a move (ScR 10.0)
            for v in judge_exit(self, self.arrivals, uid):  # a verdict for each factor (ScR 10, SR 4.1)
                self.say(j.index, v)
            return
        if start is None or not drops or any(h is None for h in drops):
            self.say(j.index, NotCheckable(f"where {uid} moved from and to (a hex of the map)"))
            return
        kind, side = self.phase()
        if kind == "unknown":
            self.say(j.index, NotCheckable("the phase (no turn tracker change yet)"))
            return
        if e.stack:
            self.say(j.index, check_order(self, self.logged_order(e), e.to_hex or "", uid))
        if uid in self.ca.involved:
            self.say(j.index, self.retreat_or_advance(uid, start, drops))
            for v in judge_retreat(self, uid, start, drops) if start == self.ca.involved[uid] else \
                    judge_advance(self, uid, drops[-1]):
                self.say(j.index, v)
            return
        if (struck := struck_move(self.airstrikes.struck, uid)) is not None:
            self.say(j.index, struck)
            return
        if scattered(self.landings.scatter, e.step, uid):
            return  # an air landing's scatter (ScR 6.5.4): judged by rules/httr/scatter.py
        if all(d == start for d in drops):
            self.say(j.index, judge_reorder(self, uid, kind, side))
            return
        if kind not in ("movement", "reaction") or self.state.side(uid) != side:
            self.say(j.index, Illegal("HTTR SR 4.1", f"{uid} moves in the {self.phase_name()}: a unit moves only "
                                      "in its side's Movement or Reaction Phase"))
            return
        if (bar := self.fire_bars_move(uid, kind, side)) is not None:
            self.say(j.index, bar)
            return
        if uid in self.finished:
            self.say(j.index, Illegal("HTTR SR 9.1.2", f"{uid} moves again after another unit moved: one unit "
                                      "or stack moves at a time, and its move is then over"))
            return
        if (e.from_hex, e.to_hex) != self.last_move:
            self.finished.update(u for u in self.moves if u != uid)
        self.last_move = (e.from_hex, e.to_hex)
        judge = boost(self.frost_moves, uid)  # Movement, or with Frost its MA plus his bonus (ScR 8.3.5)
        mv = judge(self.game, self.state, uid, reaction=kind == "reaction", obs=self.obs, night=self.night,
                   companions=self.drag.join(e, uid), morale_roll=self.morale_roll, ferries=self.ferries,
                   cramped=began_overstacked(self.game, self.phase_start, uid), morale_from=self)
        v, spent = mv.judge(start, drops, self.moves.get(uid, Step(0.0, 0)))
        v = covers(self.frost_moves, uid, v)
        self.ferries.record(mv, mv.crossed)
        self.moves[uid] = spent
        self.say(j.index, v)
        for half in judge_half(self, mv, uid, spent):  # SR 18.9.2: an SPA that fired moves half its MA
            self.say(j.index, half)
        if e.stack:
            self.say(j.index, self.check_bottom(e, uid, mv, drops[-1]))

    def check_bottom(self, e: Move, uid: str, mv: Movement, to: Hex) -> Verdict:
        """MOV-21 (SR 9.6.3, 11.3.4 with 11.4.2): rules/httr/stacking.py's check_join; a reorder in place is not."""
        if self.state.where(uid) == to:
            return Legal()
        return check_join(self, self.logged_order(e), uid, self.game.map.labels[to], lambda: mv.in_ezoc(to))

    @rule("HTTR SR 10.5.1 / 10.5.4", "CA-22/CA-25", "after a CA a disrupted defender retreats exactly one hex; "
          "undisrupted attackers advance into the vacated hex")
    def retreat_or_advance(self, uid: str, start: Hex, drops: list[Hex]) -> Verdict:
        """A unit of a close action already resolved this phase moving: its retreat or advance (SR 10.5)."""
        target, to = self.ca.involved[uid], drops[-1]
        if start == target:  # a defender
            if not retreat_hexes(self.game, start, to, drops):
                return Illegal("HTTR SR 10.5.1", f"{uid} retreats {start.distance(to)} hexes after close action: "
                               "exactly one")
            return Legal(detail="a retreat of one hex after close action (SR 10.5.1)")
        if mem.has(self.state, uid, "disrupted"):
            return Illegal("HTTR SR 10.5.3", f"{uid} is a disrupted attacker and remains in place")
        if to != target:
            return Illegal("HTTR SR 10.5.4", f"{uid} attacked {self.game.map.labels[target]} and moves to "
                           f"{self.game.map.labels[to]}: an attacker may only advance into the vacated hex")
        return Legal(detail="an advance into the vacated hex (SR 10.5.4)")

    def phase_name(self) -> str:
        return self.game.info.sequence[self.state.phase].name.resolved if self.state.phase is not None else "unknown phase"
