"""The Fire & Movement system (Aachen: First to Fall, Arnhem: The Farthest Bridge): F&M 1.0-9.0."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from hexforge.games.game import Game
from hexforge.games.schema import ScenarioFile
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.overlay import Overlay
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.path import NoRoute, route
from hexforge.rules.core.movement import Cost, hex_cost, label, terrain_cost
from hexforge.rules.core.tables import row
from hexforge.rules.reach import reach_overlay
from hexforge.rules.fm.catalogue import FM_CATALOGUE
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.registry import note, rule
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


LEGAL = Legal()  # a verdict is immutable: one instance serves every step a route search judges


class Blocked(NamedTuple):
    """Why a retreat step is forbidden: the rule that forbids it and the words after "retreated"."""

    rule: str
    why: str


@dataclass(slots=True)
class MoveRecord:
    """One unit's move in progress within a phase (a log may split it over several drags)."""

    uid: str
    start: Hex
    at: Hex
    started_in_ezoc: bool
    spent: float | Unknown = 0.0
    steps: int = 0
    halted: Hex | None = None
    events: list[int] = field(default_factory=list)

    def copy(self) -> MoveRecord:
        """A shallow copy (``dataclasses.replace`` without its cost: a route search copies one per step tried)."""
        return MoveRecord(self.uid, self.start, self.at, self.started_in_ezoc, self.spent, self.steps, self.halted,
                          self.events)

# The core mechanics F&M reads as its own rules (rules/core holds no book numbers).
note("F&M 5.4", "MOV-2", "step cost: the most costly hex terrain plus hexside costs; road 1/2 MP (5.4.1), trail 1 MP "
     "(5.4.2) regardless of other terrain", "core.movement.terrain_cost")
note("F&M 6.0", "ZOC-8", "a friendly ZOC or friendly unit never cancels an EZOC, for movement or retreat",
     "core.zoc.in_ezoc")


class FireAndMovement(RulesSystem):
    """F&M: no stacking, EZOC stops leg units and taxes mobile units, differential CRT with SFMs."""

    system_id = "fm"
    book = "F&M"
    stack_limit = 1  # F&M 5.3: one unit per hex
    catalogue = FM_CATALOGUE
    overlays = ("reach",)

    def prohibited_by(self, a: Hex, b: Hex, mobility: str) -> tuple[str, str] | None:
        """The exclusive rule that prohibits the step ``a`` -> ``b`` and why, when one does (games: ARN 10.5);
        ``None``: the TEC's prohibited terrain or hexside (F&M 5.2)."""
        return None

    def judge_free_deployment(self, sc: ScenarioFile, start: object) -> list[Verdict]:
        """A free-deployment scenario's limits on the set-up (``start``: rules/fm/setup.Start); the system has
        none (ARN 12.0 has)."""
        return []

    def __init__(self, game: Game, scenario: str | None = None) -> None:
        super().__init__(game, scenario)
        self._zoc_of: tuple[GameState | None, dict[tuple[Hex, str, str], bool]] = (None, {})
        self._around: dict[Hex, tuple[Hex, ...]] = {}  # the map's hexes next to a hex: one entry per hex asked
        self._printed: dict[tuple[int, int, int, int, str], Cost] = {}  # one entry per hexside and mobility asked
        self._phase_kinds: dict[int, str] = {}  # phase_kind per phase of the sequence
        self._unit_now: tuple = (None, None, None, None, None)  # (state, uid, side, mobility, MA) last judged

    def reach_overlay(self, state: GameState, uid: str) -> Overlay:
        """Where ``uid`` can move this phase, with the cost (F&M 5.0, 6.1)."""
        return self.noting_survey(reach_overlay(self, state, uid))

    # -- sequence of play, support fire, arrivals (F&M 4.0, 5.2, 7.0) -----------------------

    def phase_kind(self, index: int) -> str:
        """F&M 4.1: movement | mobile-movement | bombardment | combat | mobile-combat | sfm | end | other (found
        once per phase of the sequence, which never changes; the referee asks at every event)."""
        got = self._phase_kinds.get(index)
        if got is None:
            got = self._phase_kinds[index] = self._phase_kind(index)
        return got

    def _phase_kind(self, index: int) -> str:
        pid = self.game.info.sequence[index].id.replace("_", "-")
        for kind in ("mobile-movement", "mobile-combat", "bombardment", "movement", "combat", "sfm", "end"):
            if pid == kind or pid.endswith("-" + kind):
                return kind
        return "other"

    def sfm_allotment(self, turn: int, side: str) -> int | Unknown:
        """F&M 7.1: the support fire markers a side receives in a game turn (the GTRT, read from the
        scenario's ``turn_record`` ``sfm`` table)."""
        what = f"the SFM allotment of {side} for GT {turn} (scenario turn_record sfm, printed on the GTRT)"

        def get(sc):
            for tr in sc.turn_record:
                if tr.turn == turn:
                    sfm = (tr.model_extra or {}).get("sfm")
                    return sfm.get(side) if isinstance(sfm, dict) else None
            return None
        v = self.scenario_value(get, what)
        return v if isinstance(v, (int, Unknown)) and not isinstance(v, bool) else Unknown(what)

    def sfm_pool_rows(self, side: str) -> list[str]:
        """The rows of ``tables/sfm_pools.toml`` that make up a side's SFM pool (one row, the side's id)."""
        return [side]

    def sfm_removals(self, state: GameState | None) -> list[tuple[dict[str, list[int]], str | None]]:
        """Markers removed from the pool rows at the beginning of a Support Fire Marker Phase (``state``;
        ``None``: the log shows no such phase), one case per reading still open, each with what would decide
        it (``None`` for the case that is certain). F&M removes none."""
        return [({}, None)]

    def judge_return(self, checker, uid: str, h: Hex | None):
        """The verdict on an eliminated unit entering the map again, or ``None`` when no game rule returns
        units to play (then it is judged as any entry)."""
        return None

    sfm_removal_rule = "F&M 7.1"  # the rule removing markers from a pool (ARN 10.7.2)

    def sfm_pool(self, side: str, removed: dict[str, list[int]] | None = None) -> list[int] | Unknown:
        """F&M 7.1: the values of every support fire marker in a side's pool (``tables/sfm_pools.toml``
        column ``values``, one value per marker), less the ``removed`` values of each row."""
        what = f"the SFM counter mix of {side} (tables/sfm_pools.toml column values)"
        t = self.game.tables.get("sfm_pools")
        if t is None or "values" not in t.columns:
            return Unknown(what)
        out: list[int] = []
        for key in self.sfm_pool_rows(side):
            cells = row(self.game, "sfm_pools", key)
            vals = cells[t.columns.index("values")] if not isinstance(cells, Unknown) else None
            if not isinstance(vals, list) or not all(isinstance(v, int) for v in vals):
                return Unknown(f"the SFM counter mix of {side}: row {key!r} of tables/sfm_pools.toml, column values")
            vals = list(vals)
            for v in (removed or {}).get(key, []):
                if v in vals:
                    vals.remove(v)
            out += vals
        return sorted(out)

    game_length_rule = "F&M 4.1"
    first_player_rule = "F&M 4.1"  # the rule naming the first player (the scenario's first_player)
    arrival_rule = "F&M 5.2"  # the rule on reinforcements arriving (where, when, not onto enemy units)
    arrivals_first = False  # reinforcements are placed before units on the map move (AAC 15.0)
    edge_shift = False  # a delayed reinforcement may shift its arrival hex along the map edge (ARN 11.1)
    returns_rule = "no rule of this game returns an eliminated unit to play"

    def conditional_arrival(self):
        """Reinforcements arriving on a condition instead of a GT (``rules/arrival.ConditionalArrival``), or
        ``None``."""
        return None

    def lands_by_air(self, uid: str) -> bool:
        """Whether the unit arrives by an airborne landing, whose hex another rule judges (ARN 11.4)."""
        return False

    def arrival_cost(self, state: GameState, uid: str, h: Hex, mobility: str):
        """The MP an arriving unit pays for its arrival hex (AAC 15.0: 'the number of movement points
        required to enter the hex of arrival'): its terrain cost, F&M 5.4."""
        return hex_cost(self, h, mobility)

    def ended_now(self, state: GameState):
        """An ``Illegal`` for every later event when the game has just ended mid-turn (AAC 14.1), else ``None``."""
        return None

    def on_chat(self, checker, index: int, text: str) -> bool:
        """A chat line declaring an exclusive-rule action; ``True`` when this game handled it."""
        return False

    def victory_tracker(self):
        """The game's victory conditions as a tracker (``observe``/``final``, rules/fm/victory.py); ``None``
        when this rules class has none."""
        return None

    def friendly_edge(self, side: str) -> list[Hex] | Unknown:
        """F&M 8.3: the hexes of a side's friendly map edge (game.toml ``[special] friendly_edges``)."""
        edges = self.game.special("friendly_edges") or {}
        eid = edges.get(side) if isinstance(edges, dict) else None
        hexes = self.terrain.edges.get(eid) if eid else None
        if not hexes:
            return Unknown(f"the friendly map edge of {side} (game.toml [special] friendly_edges, terrain.toml edges)")
        return sorted(hexes)



    # -- ZOC (F&M 6.0) ----------------------------------------------------------------------

    def exerts_zoc(self, uid: str) -> bool:
        """F&M 6.0: every unit without a black hexagon exerts a ZOC (units.csv column ``zoc = none``)."""
        return self.game.units[uid].values.get("zoc") != "none"

    def projects_zoc(self, uid: str, into: Hex, state: GameState) -> bool:
        """F&M 6.0: into all terrain and across all hexsides (games add exceptions)."""
        return True

    def in_range(self, state: GameState, uid: str, hexes: tuple[Hex, ...]) -> bool | Unknown:
        """AAC 11.1 / ARN 10.6.3: a hex is in a unit's movement range when the hexes counted to it (not the unit's
        own) are no more than its printed MA; terrain, units and ZOC do not matter."""
        ma = self.value(uid, "movement", state)
        h = state.where(uid)
        if isinstance(ma, Unknown):
            return ma
        return h is not None and min(h.distance(x) for x in hexes) <= ma

    def is_kind(self, uid: str, words: tuple[str, ...], what: str) -> bool | Unknown:
        """Whether the unit's type (units.csv ``type``) names one of ``words``; :class:`Unknown` naming the
        datum when the type is not given."""
        t = str(self.game.units[uid].type or "").lower()
        if t in ("", "unknown"):
            return Unknown(f"whether unit {uid} is {what} (units.csv type)")
        return any(w in t for w in words)

    def in_ezoc(self, state: GameState, h: Hex, side: str, mover: str) -> bool:
        """F&M 6.0: whether ``h`` is in an enemy ZOC for ``mover`` of ``side``, remembered for the position
        (a route search asks about the same hexes again and again; a position never changes)."""
        seen, known = self._zoc_of
        if state is not seen:
            known = {}
            self._zoc_of = (state, known)
        k = (h, side, mover)
        got = known.get(k)
        if got is None:
            got = known[k] = in_ezoc(self, state, h, side, ignore=mover)
        return got

    def around(self, h: Hex) -> tuple[Hex, ...]:
        """The hexes of the map next to ``h`` (the map never changes, so each is found once)."""
        got = self._around.get(h)
        if got is None:
            got = self._around[h] = tuple(n for n in h.neighbours() if self.on_map(n))
        return got

    def is_commando(self, uid: str) -> bool | Unknown:
        """F&M 6.1: whether the unit is a commando."""
        return self.is_kind(uid, ("commando",), "a commando")

    def is_engineer(self, uid: str) -> bool | Unknown:
        """Whether the unit is an engineer (AAC 11.2, ARN 10.6.4-6)."""
        return self.is_kind(uid, ("engineer",), "an engineer")

    def is_airborne(self, uid: str) -> bool | Unknown:
        """Whether the unit is airborne: a parachute, glider or airborne type (ARN 10.7.1, 11.5)."""
        return self.is_kind(uid, ("airborne", "parachute", "glider"), "airborne")

    def is_fortification(self, h: Hex) -> bool | Unknown:
        """F&M 8.2.3: a printed fortification (terrain ``fortified`` or a fortified place)."""
        for p in self.terrain.places:
            if p.kind == "fortified" and p.hexes is not None and h in p.hexes:
                return True
        types = self.terrain.of(h)
        if types is None:
            return Unknown(f"terrain of hex {label(self, h)} (unsurveyed; is it fortified?)")
        return "fortified" in types

    # -- movement (F&M 5.0, 6.1) ------------------------------------------------------------

    @rule("F&M 6.1", "ZOC-5", "a mobile unit pays half its printed MA (rounded down) on top of the terrain to "
          "enter an EZOC hex")
    def step_cost(self, state: GameState, uid: str, a: Hex, b: Hex) -> Cost:
        """Terrain cost (F&M 5.4), plus half the printed MA (rounded down) for a mobile unit
        entering an EZOC (F&M 6.1). A leg unit's EZOC-to-EZOC step is charged its whole MA by
        the move judge, which knows where the move started."""
        mob = self.mobility(uid)
        if isinstance(mob, Unknown):
            return mob
        c = self.terrain_cost(state, uid, a, b, mob)
        if c is None or isinstance(c, Unknown):
            return c
        if mob == "mobile" and in_ezoc(self, state, b, state.side(uid), ignore=uid):
            commando = self.is_commando(uid)
            if commando is not False:
                return commando if isinstance(commando, Unknown) else c
            ma = self.value(uid, "movement", state)
            return ma if isinstance(ma, Unknown) else c + ma // 2
        return c

    def terrain_cost(self, state: GameState, uid: str, a: Hex, b: Hex, mobility: str) -> Cost:
        """F&M 5.4: the printed terrain's cost (games first judge what the players changed, e.g. AAC 11.2). The
        printed map never changes, so each hexside and mobility is costed once (core.movement.terrain_cost
        remembers it too; this saves the look-up of this system's table there on every step tried)."""
        k = (a.q, a.r, b.q, b.r, mobility)
        got = self._printed.get(k, self)  # self: not costed yet (None is a cost: prohibited)
        if got is self:
            got = self._printed[k] = terrain_cost(self, a, b, mobility)
        return got

    def must_stop(self, state: GameState, uid: str, a: Hex, b: Hex) -> bool | Unknown:
        """F&M 6.1: a leg unit entering an EZOC hex stops; mobile units never have to."""
        mob = self.mobility(uid)
        if isinstance(mob, Unknown):
            return mob
        return mob == "leg" and in_ezoc(self, state, b, state.side(uid), ignore=uid)

    @rule("F&M 5.2", "MOV-6", "each unit starts each phase's move with its own full MA: unused MP are not carried "
          "over to a later phase or turn, nor transferred to another unit")
    def start_move(self, state: GameState, uid: str) -> MoveRecord:
        """A fresh move record for ``uid``: nothing spent (F&M 5.2b), whatever it or others left unused."""
        h = state.where(uid)
        return MoveRecord(uid, h, h, in_ezoc(self, state, h, state.side(uid), ignore=uid))

    @rule("F&M 5.1", "MOV-1", "every step of a move enters an adjacent hex")
    def check_adjacent(self, rec: MoveRecord, a: Hex, b: Hex) -> Verdict:
        dq, dr = a.q - b.q, a.r - b.r
        if max(abs(dq), abs(dr), abs(dq + dr)) != 1:  # Hex.distance, inlined (judged for every step tried)
            return Illegal("F&M 5.1", f"{rec.uid} moved from {label(self, a)} to {label(self, b)}, which are not adjacent")
        return LEGAL

    @rule("F&M 5.2", "MOV-5", "a move stays on the map (no exit unless the exclusive rules allow it)")
    def check_on_map(self, rec: MoveRecord, b: Hex) -> Verdict:
        if not self.on_map(b):
            return Illegal("F&M 5.2", f"{rec.uid} moved off the map")
        return LEGAL

    @rule("F&M 5.2", "MOV-4", "no unit enters a hex containing an enemy unit")
    def check_enemy_hex(self, state: GameState, rec: MoveRecord, b: Hex) -> Verdict:
        here = state.occupants.get(b, ())  # GameState.at without its call (judged for every step tried)
        if not here:
            return LEGAL
        side = state.side(rec.uid)
        enemy = [u for u in here if state.side(u) != side]
        if enemy:
            return Illegal("F&M 5.2", f"{rec.uid} entered {label(self, b)}, which holds enemy unit {enemy[0]}")
        return LEGAL

    @rule("F&M 5.1", "MOV-1", "a move dragged between drop points that are not adjacent is legal when some route "
          "through them, in order, is legal")
    def judge_drag(self, state: GameState, rec: MoveRecord, drops: list[Hex]) -> Verdict:
        """F&M 5.1: a unit moves hex by hex, but a log shows only where it was dropped. Drops next to each other
        are judged step by step; otherwise the move is legal when some route through the drops is (naming it),
        not checkable when the only routes found need data the game lacks, illegal when there is none (citing
        what blocked the route that came closest). ``rec`` is updated along the route chosen."""
        hops = [rec.at]
        for d in drops:  # a drop where the unit already stands is no step
            if d != hops[-1]:
                hops.append(d)
        drops = hops[1:]
        if not drops:
            return LEGAL
        if all(a.distance(b) == 1 for a, b in zip(hops, hops[1:])):
            before = rec.steps
            v = self.judge_steps(state, rec, drops)
            return self.cite_survey(v, hops if isinstance(v, Legal) else hops[:rec.steps - before + 2])
        ma = self.value(rec.uid, "movement", state)
        known = not isinstance(ma, Unknown)
        most = int(2 * ma) if known else sum(a.distance(b) for a, b in zip(hops, hops[1:])) + 2  # F&M 5.4.1: 1/2 MP

        def step(r: MoveRecord, a: Hex, b: Hex) -> tuple[Verdict, MoveRecord]:
            after = r.copy()
            return self.judge_steps(state, after, (b,)), after

        found = route(rec.at, rec, drops, step, lambda r: r.spent if not isinstance(r.spent, Unknown) else r.steps,
                      lambda r: (r.halted is not None, r.steps > 0), self.around, most,
                      floor=0.5 if known else 1.0)  # F&M 5.4.1: no hex costs less than the road's 1/2 MP
        names = lambda hexes: "-".join(label(self, h) for h in hexes)  # noqa: E731
        if isinstance(found, NoRoute):
            return self.cite_survey(Illegal(found.blocked.rule, f"{rec.uid} has no legal route from "
                                            f"{label(self, rec.at)} through {names(drops)} (closest tried: "
                                            f"{names(found.at)}; {found.blocked.reason})"), found.at)
        if found is None:
            return Illegal("F&M 5.1", f"{rec.uid} has no route from {label(self, rec.at)} to {names(drops)}")
        r = found.record
        rec.at, rec.spent, rec.steps, rec.halted = r.at, r.spent, r.steps, r.halted
        if found.needs is not None:
            return NotCheckable(found.needs)
        return self.cite_survey(Legal(detail=f"via {names(found.hexes)}, {r.spent:g} of {ma:g} MP"), found.hexes)

    def cite_survey(self, v: Verdict, hexes: tuple[Hex, ...] | list[Hex]) -> Verdict:
        """``v`` saying it rests on unreviewed surveyed terrain when the route ``hexes`` (its start first)
        enters any, or crosses a hexside or road a survey gave (issue #17); a not-checkable verdict as it is."""
        note = self.unreviewed(hexes[1:], (Hexside.between(a, b) for a, b in zip(hexes, hexes[1:])
                                                  if a.distance(b) == 1))  # made only when a survey is unreviewed
        if note is None or isinstance(v, NotCheckable):
            return v
        if isinstance(v, Legal):
            return Legal(v.guess, f"{v.detail} ({note})" if v.detail else note)
        return Illegal(v.rule, f"{v.reason} ({note})", v.guess)

    def judge_steps(self, state: GameState, rec: MoveRecord, steps: Sequence[Hex]) -> Verdict:
        """Judge the next steps of a move (F&M 5.1-5.4, 6.1), updating ``rec``."""
        uid = rec.uid
        unit = self._unit_now
        if unit[0] is not state or unit[1] != uid:  # a route search judges its steps one call each
            unit = self._unit_now = (state, uid, state.side(uid), self.mobility(uid), self.value(uid, "movement", state))
        _, _, side, mob, ma = unit
        unknown: Unknown | None = None
        for b in steps:
            a = rec.at
            v = self.barred(state, rec, a, b)
            if v is not None:
                return v
            ez_a = self.in_ezoc(state, a, side, uid)
            ez_b = self.in_ezoc(state, b, side, uid)
            emob = self.ezoc_mobility(state, uid, a, b, mob)
            v = self.check_ezoc(state, rec, a, b, ez_a, ez_b, emob)
            if not isinstance(v, Legal):
                if isinstance(v, Illegal):
                    return v
                unknown = unknown or Unknown(v.needs)
            if isinstance(mob, Unknown) or isinstance(ma, Unknown):
                unknown = unknown or (mob if isinstance(mob, Unknown) else ma)
                rec.spent = unknown
            else:
                v = self.check_cost(state, rec, a, b, ez_a, ez_b, mob, ma, emob)
                if isinstance(v, Illegal):
                    return v
                if isinstance(v, NotCheckable):
                    unknown = unknown or Unknown(v.needs)
            if ez_b and emob == "leg":
                rec.halted = b
            rec.at, rec.steps = b, rec.steps + 1
        return NotCheckable(unknown.needs) if unknown else LEGAL

    def barred(self, state: GameState, rec: MoveRecord, a: Hex, b: Hex) -> Illegal | None:
        """The first of the step's checks that forbids it (F&M 5.1 adjacent, 5.2 on the map and not into an enemy,
        the games' crossing limits), else ``None``; the later checks are not asked (each is pure)."""
        v = self.check_adjacent(rec, a, b)
        if v is LEGAL or not isinstance(v, Illegal):
            v = self.check_on_map(rec, b)
            if v is LEGAL or not isinstance(v, Illegal):
                v = self.check_enemy_hex(state, rec, b)
                if v is LEGAL or not isinstance(v, Illegal):
                    v = self.check_crossing(state, rec.uid, a, b)
                    if v is LEGAL or not isinstance(v, Illegal):
                        return None
        return v

    def ezoc_mobility(self, state: GameState, uid: str, a: Hex, b: Hex, mob: str | Unknown) -> str | Unknown:
        """The mobility the EZOC rules (F&M 6.1) apply to the step ``a -> b``; games change it (ARN 10.6.2)."""
        return mob

    def check_crossing(self, state: GameState, uid: str, a: Hex, b: Hex) -> Verdict:
        """Exclusive-rule limits on crossing a hexside (AAC 11.2 temporary bridges, ARN 10.6.3 demolished
        bridges); the system has none."""
        return LEGAL

    @rule("F&M 6.1", "ZOC-2/3/4/6", "EZOC: leg units stop on entering; EZOC to EZOC only as a whole-MA first "
          "step; never EZOC to EZOC into a fortification hex or across a minefield hexside, except commandos")
    def check_ezoc(self, state: GameState, rec: MoveRecord, a: Hex, b: Hex, ez_a: bool, ez_b: bool,
                   mob: str | Unknown) -> Verdict:
        uid = rec.uid
        if ez_a and ez_b:
            barred = self.ezoc_barrier(a, b)
            if barred is not None:
                commando = self.is_commando(uid)
                if commando is False:
                    return Illegal("F&M 6.1", f"{uid} moved from {label(self, a)} (EZOC) to {label(self, b)} (EZOC) "
                                   f"{barred}")
                if isinstance(commando, Unknown):
                    return NotCheckable(commando.needs)
        if mob == "leg" and ez_a and ez_b and rec.steps > 0:
            return Illegal("F&M 6.1", f"{uid} entered {label(self, b)} (EZOC) from {label(self, a)} (EZOC) "
                           "without starting there")
        if rec.halted is not None:  # set by a leg step into an EZOC (or a ferry crossing, ARN 10.6.2)
            return Illegal("F&M 6.1", f"{uid} moved on from {label(self, rec.halted)} after entering an "
                           "enemy ZOC there")
        if isinstance(mob, Unknown):
            return NotCheckable(mob.needs)
        if ez_a and ez_b:
            fort = self.is_fortification(b)
            if isinstance(fort, Unknown):
                return NotCheckable(fort.needs)
        return LEGAL

    def ezoc_barrier(self, a: Hex, b: Hex) -> str | None:
        """F&M 6.1 Exception: why no unit but a commando goes from EZOC ``a`` to EZOC ``b``, or ``None``."""
        if self.is_fortification(b) is True:
            return f"into fortification hex {label(self, b)}"
        if "minefield" in {f.kind for f in self.terrain.features(a, b)}:
            return "across a minefield hexside"
        return None

    @rule("F&M 5.2", "MOV-3", "MP spent never exceed the MA; each hex entered is paid for in full "
          "(terrain 5.4, road 5.4.1, trail 5.4.2, EZOC costs 6.1, which commandos never pay)")
    def check_cost(self, state: GameState, rec: MoveRecord, a: Hex, b: Hex, ez_a: bool, ez_b: bool,
                   mob: str, ma: float, ezoc_mob: str | Unknown | None = None) -> Verdict:
        """``ezoc_mob``: the mobility the EZOC rules treat the step with (default ``mob``; ARN 10.6.2)."""
        uid = rec.uid
        emob = mob if ezoc_mob is None else ezoc_mob
        tc = self.terrain_cost(state, uid, a, b, mob)
        if tc is None:
            rule, why = self.prohibited_by(a, b, mob) or ("F&M 5.2", "prohibited terrain or hexside")
            return Illegal(rule, f"{uid} entered {label(self, b)} from {label(self, a)}: {why}")
        if isinstance(tc, Unknown) or isinstance(rec.spent, Unknown):
            rec.spent = tc if isinstance(tc, Unknown) else rec.spent
            return NotCheckable(rec.spent.needs)
        taxed = (emob == "leg" and ez_a and ez_b) or (emob == "mobile" and ez_b)
        commando = self.is_commando(uid) if taxed else False  # F&M 6.1: commandos never pay EZOC costs
        if isinstance(commando, Unknown):
            rec.spent = commando
            return NotCheckable(commando.needs)
        if emob == "leg" and ez_a and ez_b and not commando:
            if tc > ma:
                return Illegal("F&M 6.1", f"{uid} cannot go from EZOC {label(self, a)} to EZOC {label(self, b)}: "
                               f"the terrain costs {tc:g} MP, more than its MA {ma:g}")
            rec.spent = ma
            return LEGAL
        cost = tc + (ma // 2 if emob == "mobile" and ez_b and not commando else 0)
        if rec.spent + cost > ma:
            extra = f" (incl. {ma // 2:g} for entering an EZOC, F&M 6.1)" if emob == "mobile" and ez_b else ""
            return Illegal("F&M 5.2", f"{uid} needs {cost:g} MP{extra} to enter {label(self, b)} but has "
                           f"{ma - rec.spent:g} of {ma:g} left")
        rec.spent += cost
        return LEGAL

    # -- retreat (F&M 8.3) ------------------------------------------------------------------

    def retreat_blocked(self, state: GameState, uid: str, a: Hex, b: Hex) -> Blocked | Unknown | None:
        """F&M 8.3: no retreat into or through prohibited terrain."""
        mob = self.mobility(uid)
        c = self.terrain_cost(state, uid, a, b, mob if isinstance(mob, str) else "leg")
        if c is None:
            return Blocked(f"{self.book} 8.3", f"into prohibited terrain at {label(self, b)}")
        return None

    def retreat_exempt(self, state: GameState, uid: str) -> bool:
        """Whether the unit may take a retreat result as no effect (games add this, e.g. AAC 13.0)."""
        return False

    def advance_blocked(self, state: GameState, uid: str, a: Hex, b: Hex) -> tuple[str, str] | None:
        """Exclusive-rule limits on an advance step (Arnhem 10.6, 10.5)."""
        return None

    # -- combat (F&M 8.0-8.5) ---------------------------------------------------------------

    def has_crt_line(self, line: str) -> bool:
        return self.crt is not None and any(str(r.key) == line for r in self.crt.rows)

    @rule("F&M 8.2", "GC-3", "no attack across a prohibited hexside or into a hex prohibited to the attacker")
    def check_attack_across(self, state: GameState, a) -> list[Verdict]:
        """F&M 8.2: no attack across a prohibited hexside or into a hex prohibited to the attacker."""
        out: list[Verdict] = []
        for u in a.attackers:
            h = state.where(u)
            if h is None or a.target is None or h.distance(a.target) != 1:
                continue
            mob = self.mobility(u)
            c = self.terrain_cost(state, u, h, a.target, mob if isinstance(mob, str) else "leg")
            if c is None and not self.may_attack_across(h, a.target):
                out.append(Illegal("F&M 8.2", f"{u} attacked across a prohibited hexside or into prohibited terrain"))
        return out

    def crossing(self, state: GameState, uid: str, a: Hex, b: Hex) -> frozenset[str]:
        """The hexside features ``uid`` meets between ``a`` and ``b`` as they stand now (F&M 8.2.2 reads the
        river/bridge line from them); games change them (ARN 10.6.3 demolitions, AAC 11.0-11.2)."""
        return frozenset(f.kind for f in self.terrain.features(a, b))

    def check_support(self, state: GameState, a) -> list[Verdict]:
        """Game limits on which units a ground combat's support fire markers may support (ARN 10.7.1)."""
        return []

    def may_attack_across(self, a: Hex, b: Hex) -> bool:
        return False
