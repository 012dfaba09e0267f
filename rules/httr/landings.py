"""HTTR air landings (ScR 6): Pathfinder markers, once placed, never move (6.3.1); a serial lands only in its side's
Movement Phase (6.7.3), within three hexes of its regiment's Pathfinder marker (division assets: one of their
division's, 6.2.3-6.2.4), never in Travel Mode and, for artillery, AT and motorized units, in Defilade (6.8), and
on the GTs a scenario's own rule names (the campaign's GT 1, ScR 24.1.1.3) its leg units in that rule's mode; in
its landing GT a unit moves at most two hexes (leg) or four (vehicular) (6.6.5.1); a day's serials are at most its
lift points (6.7.1, 6.7.8); units landing on enemy units close-assault them and, unless the enemy is driven out,
are eliminated, and artillery and AT units landing there are eliminated (6.6.4.2-6.6.4.4), judged at the end of
the phase.

The log channel: a Pathfinder marker is a ``[[markers]]`` entry of id ``pathfinder`` (or ``pathfinder-...``)
whose ``formation`` names the regiment (or division) HQ it belongs to; a unit is airborne when such a marker
belongs to its regiment or division, or when it is of a formation the data's ``[special.airborne]`` names (then,
without its regiment's marker in the data, its distance to it is not checkable). Its drop is its entry onto the
map (``Entered``) on its designated drop hex (ScR 6.5.1), unless its scenario row enters it by a map hex or edge
(a ground reinforcement, ScR 12.4.3: rules/httr/drop_rows.py; not checkable when it may be of such a row whose units
the data does not give) or it comes back from the off-map areas it left into (ScR 10.1.4, rules/httr/arrivals.py); the units put on the map in one log step (one drag of a stack) are one serial, each costing a lift point; its landing roll and each unit's scatter move after it are
rules/httr/scatter.py's, and a unit lands where its scatter ends (on enemy units: 6.6.4; in rough ground or water:
6.7.4-6.7.5), its scatter being no landing-turn move. Lift points are the Turn Record Chart's
(``tables/turn_record.toml`` column ``lift_points``, on the rows of the day's GTs).

Reading: the mode a unit lands in is its Mode layer when it enters (the Formation Display piece's layer, changed
before the drag); the landing GT's 2d6 MA (6.6.5.1) is not matched to a roll here, so only its hex limits are
judged (a towed unit, moved by its vehicles, is read as vehicular). Lift points carried over after a day without
flights (6.7.7) make an excess of up to three not checkable. ScR 24.1.1.3 ('All leg units land in concentrated
mode', the campaign's GT 1) against 6.8 ('Infantry units may land in concentrated or Defilade Mode, at the owning
player's discretion') is the reading ``campaign_leg_landing`` (catalogue.READINGS): by default the scenario's own
rule governs its GT, the scenario's ``[special_rules] leg_landing_mode`` naming the GTs and the mode.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from hexforge.builder.timeline import ChatLine, DiceRoll, Entered, Event, Move, Placement, TurnChange
from hexforge.games.channel import Channel
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr import drop_zones as zones
from hexforge.rules.httr import landing_ma
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.drop_rows import (airborne_listed, drop_formations, ground_row, marker_owner, pathfinder_needs,
                                           pathfinders, unlisted_ground_rows)
from hexforge.rules.httr.entry_modes import setup_modes
from hexforge.rules.httr.optional import GLIDERS
from hexforge.rules.httr.scatter import Scatter, displaced_now, follow, scattering
from hexforge.rules.httr.units import is_kind, mobility
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

REACH = 3  # ScR 6.2.3-6.2.4 (L1179-L1180): 'within three hexes of the regimental Pathfinder marker'
LANDING_HEXES = {"leg": 2, "vehicular": 4, "towed": 4}  # ScR 6.6.5.1 (L1243): two hexes leg, four vehicular
CARRY = 3  # ScR 6.7.7 (L1253): 'a maximum of three lift points' carried after a day without flights
LEG_LANDING = "leg_landing_mode"  # a scenario's [special_rules]: the GTs its leg units land in one mode (ScR 24.1.1.3)
LEG_READING = "campaign_leg_landing"  # catalogue.READINGS: ScR 24.1.1.3 vs ScR 6.8


class Position(Board, Protocol):
    rules: Any  # rules.system.RulesSystem: its ``scenario`` (rules/httr/drop_rows.py)
    arrivals: Any  # rules.httr.arrivals.Arrivals: ``left``, the units gone off the map (ScR 10.1.2)
    airstrikes: Any  # rules.httr.airstrikes.Airstrikes: the routes' weather (rules/httr/scatter.py)
    readings: dict[str, str]  # the rulebook's conflicts as settings (catalogue.READINGS)

    def calendar(self) -> dict[int, dict]: ...


@dataclass
class Landings:
    """Where each placed Pathfinder marker is (by piece id); the GT each unit landed in and the hexes it has moved
    since; each date's serials (log steps that dropped units)."""

    pathfinders: dict[str, tuple[str, Hex]] = field(default_factory=dict)  # piece id -> (formation, hex)
    landed: dict[str, int] = field(default_factory=dict)
    moved: dict[str, int] = field(default_factory=dict)
    serials: dict[str, set[int]] = field(default_factory=dict)
    waiting: dict[str, str] = field(default_factory=dict)  # the set-up mode of each unit off the map
    contested: dict[Hex, tuple[int, list[str]]] = field(default_factory=dict)  # landed on enemies this phase
    assaulted: set[Hex] = field(default_factory=set)  # hexes a CA was declared on this phase
    rough: dict[str, Hex] = field(default_factory=dict)  # units landed this phase where they are disrupted
    serial_units: dict[int, list[str]] = field(default_factory=dict)  # each serial's (log step's) units
    drowned: dict[str, Hex] = field(default_factory=dict)  # units scattered into an all-water hex this phase
    dropped: dict[str, int] = field(default_factory=dict)  # every unit dropped: its serial's log step
    scatter: Scatter = field(default_factory=Scatter)  # the landing routine of this phase's serials (ScR 6.5)
    ma: landing_ma.LandingMa = field(default_factory=landing_ma.LandingMa)  # landing-GT MA rolls (ScR 6.6.5)
    ma_for: str | None = None  # the unit an ``ma`` line named for the next Movement Allowance roll
    landing_hex: dict[str, Hex] = field(default_factory=dict)  # where each unit dropped this phase landed
    maybe: dict[str, set[int]] = field(default_factory=dict)  # each date's log steps entering units that may be
    # airborne (their drops unsure: ScR 6.7.1 counts them as serials or not)

    @classmethod
    def set_up(cls, setup: tuple[Placement, ...], channel: Channel) -> Landings:
        """The modes the set-up's off-map pieces (the Formation Display's) show (their layers, else markers)."""
        return cls(waiting=setup_modes(setup, channel))


def marker_formation(game: Game, name: str) -> tuple[bool, str | None]:
    """(is the piece a Pathfinder marker, the HQ unit it belongs to: its formation resolved, drop_rows.marker_owner)."""
    for m in pathfinders(game):
        if m.name.resolved == name:
            return True, marker_owner(game, m.formation)
    return False, None


def on_event(p: Position, log: Landings, e: Event) -> list[Verdict]:
    """ScR 6's verdicts on one event (before the referee's other checks): the drops', then the landing routine's
    (rules/httr/scatter.py)."""
    return landing(p, log, e) + follow(p, log.scatter, log.serial_units, e)


def landing(p: Position, log: Landings, e: Event) -> list[Verdict]:
    """The drops' verdicts on one event."""
    if isinstance(e, TurnChange):
        out = landed_on_enemy(p, log) + zones.judge_rough(p, log.rough) + zones.judge_water(p, log.drowned)
        log.contested, log.assaulted, log.rough, log.serial_units, log.drowned = {}, set(), {}, {}, {}
        log.landing_hex = {}
        return out + landing_ma.phase_end(p, log.ma)
    if isinstance(e, ChatLine):
        d = parse(e.text)
        if d is not None and d.kind == "ca" and p.hex(d.target) is not None:
            log.assaulted.add(p.hex(d.target))
        log.ma_for = d.target if d is not None and d.kind == "ma" and d.target in p.game.units else log.ma_for
        return []
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        if button is not None and button.purpose == landing_ma.PURPOSE:
            whose, log.ma_for = log.ma_for, None  # an ma line's roll for another unit is not a landing MA
            if whose is None or log.landed.get(whose) == p.state.turn:
                log.ma.pending = (len(e.values), e.total if e.total is not None else sum(e.values))
        return []
    uid = p.unit(e)
    if uid is None and isinstance(e, (Move, Entered)):
        pathfinder, owner = marker_formation(p.game, e.piece.name)
        return [judge_pathfinder(p, log, e, owner)] if pathfinder else []
    if uid is None:
        return []
    if isinstance(e, Entered) and p.state.where(uid) is None:
        return judge_drop(p, log, e, uid)
    if isinstance(e, Move) and uid in log.landed and scattering(log.scatter, uid):
        return scattered_to(p, log, e, uid)
    if isinstance(e, Move) and uid in log.landed and displaced_now(p, log.scatter, uid):
        return []  # a displacement (ScR 6.6.3): rules/httr/landing_stacks.py, no landing-turn move
    if isinstance(e, Move) and uid in log.landed:
        return judge_landed_move(p, log, e, uid)
    return []


def scattered_to(p: Position, log: Landings, e: Move, uid: str) -> list[Verdict]:
    """A unit's scatter (ScR 6.5.4, rules/httr/scatter.py): where it lands is judged as its landing (6.6.4, 6.7.4-
    6.7.5); it is no landing-turn movement (6.6.5.1)."""
    h = p.hex(e.to_hex)
    if h is None:
        return []
    for at, (_, units) in list(log.contested.items()):  # placed on enemy units, it did not land there
        if uid in units:
            units.remove(uid)
            if not units:
                del log.contested[at]
    log.landing_hex[uid] = h
    if any(p.state.side(u) not in (p.state.side(uid), None) for u in p.state.at(h)):
        log.contested.setdefault(h, (e.step, []))[1].append(uid)
    where = zones.scatter_ground(p, h)
    if where is None:
        return [NotCheckable(f"the terrain of {e.to_hex} (unsurveyed), ScR 6.7.4-6.7.5")]
    if where:
        (log.drowned if where == "water" else log.rough)[uid] = h
    return []


@rule("HTTR ScR 6.3.1", "AIR-2", "a Pathfinder marker, once placed, is never moved")
def judge_pathfinder(p: Position, log: Landings, e: Move | Entered, owner: str | None) -> Verdict:
    label = e.to_hex if isinstance(e, Move) else e.hex
    h = p.hex(label)
    placed = log.pathfinders.get(e.piece.id)
    if placed is not None:
        return Illegal("HTTR ScR 6.3.1", f"the Pathfinder marker {e.piece.name} is moved from "
                       f"{p.game.map.labels[placed[1]]}: once placed, it may not be moved")
    if h is None:
        return NotCheckable(f"the hex the Pathfinder marker {e.piece.name} is placed in")
    log.pathfinders[e.piece.id] = (owner or "", h)
    return Legal(detail=f"the Pathfinder marker {e.piece.name} is placed in {label} (ScR 6.3.1)")


def judge_drop(p: Position, log: Landings, e: Entered, uid: str) -> list[Verdict]:
    """A unit of an airborne formation (by its Pathfinder marker, else the data's airborne formations) put on the
    map: its drop, unless its scenario row enters it on the ground (ScR 12.4.3; rules/httr/drop_rows.py): that entry
    is the arrival rules' (rules/httr/arrivals.py, schedule.py), in any mode (12.01), with no lift point."""
    owners = drop_formations(p.game, uid)
    listed = airborne_listed(p.game, uid)
    unsure = isinstance(listed, Unknown) and not owners
    if not owners and not listed:
        return [NotCheckable(pathfinder_needs(p.game))] if owners is None and listed is None else []
    h = p.hex(e.hex)
    if h is None:
        return [NotCheckable(f"the hex {uid} lands in")]
    if ground_row(p, uid) is not None or uid in p.arrivals.left:
        return []  # a ground reinforcement (ScR 12.4.3) or a unit back from off the map (10.1.4): no drop
    maybe = unlisted_ground_rows(p, uid, h)
    if maybe:
        rows = " or ".join(repr(r.what or "a ground reinforcement row") for r in maybe)
        return [NotCheckable(f"whether {uid} is of {rows} (their units: scenario [[reinforcements]] units), "
                             f"entering on the ground at {e.hex} (ScR 12.4.3), or lands (ScR 6)")]
    if unsure:  # it may be airborne: whether its entry is a drop, and each drop check, needs its HQ
        date = p.calendar().get(p.state.turn, {}).get("date") if p.state.turn is not None else None
        log.maybe.setdefault(date or "", set()).add(e.step)
        return [NotCheckable(f"whether {uid}'s entry at {e.hex} is an air drop (ScR 6): {listed.needs}"
                             + (f"; {pathfinder_needs(p.game)}" if owners is None else ""))]
    turn = p.state.turn
    if turn is not None:
        log.landed[uid], log.moved[uid] = turn, 0
    if mem.mode(p.state, uid) is None and uid in log.waiting:  # the mode it lands in (ScR 6.8) is its mode now
        p.state = mem.with_mode(p.state, uid, log.waiting[uid])
    if any(p.state.side(u) not in (p.state.side(uid), None) for u in p.state.at(h)):
        log.contested.setdefault(h, (e.step, []))[1].append(uid)
    log.serial_units.setdefault(e.step, []).append(uid)
    log.dropped[uid] = e.step
    log.landing_hex[uid] = h
    return [drop_phase(p, uid), near_pathfinder(p, log, uid, h, owners), landing_mode(p, log, uid),
            lift_points(p, log, e.step), zones.judge_serial(p, log.serial_units[e.step]), zones.judge_drop_hex(p, h),
            zones.judge_display(p, log.dropped)]


@rule("HTTR ScR 6.7.3", "AIR-11", "serials drop only in their side's Movement Phase, never in a Reaction Phase")
def drop_phase(p: Position, uid: str) -> Verdict:
    kind, side = p.phase()
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind != "movement" or side != p.state.side(uid):
        return Illegal("HTTR ScR 6.7.3", f"{uid} lands in the {kind} phase of the {side or 'no'} side: air drops "
                       "happen only in a friendly Movement Phase")
    return Legal(detail=f"{uid} lands in a friendly Movement Phase (ScR 6.7.3)")


@rule("HTTR ScR 6.2.3-6.2.4", "AIR-1", "a serial's drop hex is within three hexes of its regiment's Pathfinder "
      "marker (division assets: their division's)")
def near_pathfinder(p: Position, log: Landings, uid: str, h: Hex, owners: set[str] | None) -> Verdict:
    if not owners:
        return NotCheckable(pathfinder_needs(p.game) if owners is None else f"the Pathfinder marker of {uid}'s "
                            "regiment (game.toml [[markers]] formation), ScR 6.2.3")
    marks = [at for owner, at in log.pathfinders.values() if owner in owners]
    if not marks:
        return Illegal("HTTR ScR 6.2.3", f"{uid} lands with no Pathfinder marker of {', '.join(sorted(owners))} "
                       "on the map: its drop hex is designated near one")
    near = min(h.distance(m) for m in marks)
    if near > REACH:
        return Illegal("HTTR ScR 6.2.3", f"{uid} lands in {p.game.map.labels[h]}, {near} hexes from the nearest "
                       f"Pathfinder marker of {', '.join(sorted(owners))}: at most {REACH}")
    return Legal(detail=f"{uid} lands {near} hex(es) from its Pathfinder marker (ScR 6.2.3)")


@rule("HTTR ScR 6.8 / 24.1.1.3", "AIR-14", "no unit lands in Travel Mode; artillery, AT and motorized units land in "
      "Defilade")
def landing_mode(p: Position, log: Landings, uid: str) -> Verdict:
    """ScR 6.8 (L1258); on the GTs the scenario's ``leg_landing_mode`` names, ScR 24.1.1.3 (L1773): its leg units
    land in its mode (the campaign's GT 1: 'All leg units land in concentrated mode'), unless the reading
    ``campaign_leg_landing`` is ``either`` (6.8's choice; catalogue.READINGS)."""
    m = mem.mode(p.state, uid) or log.waiting.get(uid)
    if m is None:
        return NotCheckable(f"the mode {uid} lands in (its Mode layer)")
    if m == "travel":
        return Illegal("HTTR ScR 6.8", f"{uid} lands in Travel Mode: a unit may never land in Travel Mode")
    gun, how = is_kind(p.game, uid, "artillery", "at"), mobility(p.game, uid)
    heavy = gun or how in ("vehicular", "towed")
    leg = leg_mode(p)
    if not heavy and (m != "defilade" or leg is not None) and (gun is None or not isinstance(how, str)):
        return NotCheckable(f"whether {uid} is artillery, AT or motorized (units.csv type and mobility), ScR 6.8"
                            + (", 24.1.1.3" if leg is not None else ""))
    if heavy and m != "defilade":
        return Illegal("HTTR ScR 6.8", f"{uid} lands in {m.title()} Mode: artillery, AT and motorized units land "
                       "in Defilade Mode")
    if not heavy and leg is not None and m != leg:
        return Illegal("HTTR ScR 24.1.1.3", f"{uid} lands in {m.title()} Mode in GT {p.state.turn}: all leg units "
                       f"land in {leg.title()} Mode then")
    return Legal(detail=f"{uid} lands in {m.title()} Mode (ScR 6.8{', 24.1.1.3' if leg is not None else ''})")


def leg_mode(p: Position) -> str | None:
    """The mode the scenario's own rule lands leg units in on this GT (its ``[special_rules] leg_landing_mode``:
    ``turns`` and ``mode``, ScR 24.1.1.3), None when 6.8's choice holds."""
    sc = p.game.scenarios.get(p.rules.scenario or "")
    got = plain((sc.special_rules or {}).get(LEG_LANDING)) if sc is not None else None
    if not isinstance(got, dict) or p.readings.get(LEG_READING) == "either":
        return None
    mode = str(got.get("mode", "")).strip().lower()
    return mode if p.state.turn in (got.get("turns") or ()) and mode in ("concentrated", "defilade") else None


@rule("HTTR ScR 6.7.1 / 6.7.7-6.7.8 / 23.1.2", "AIR-9/AIR-10/AIR-12", "a day's serials, whole or partial, are at "
      "most its lift points (up to three more after a day without flights)")
def lift_points(p: Position, log: Landings, step: int) -> Verdict:
    turn = p.state.turn
    date = p.calendar().get(turn, {}).get("date") if turn is not None else None
    if date is None:
        return NotCheckable(f"the date of GT {turn} (game.toml [special.turn_calendar])")
    steps = log.serials.setdefault(date, set())
    steps.add(step)
    cells = Cells.of(p.game, "turn_record")
    days = [cells.get(k, "lift_points") for k in cells.rows if cells.get(k, "date") == date]
    points = next((v for v in days if isinstance(v, int)), None)
    if points is None:
        return NotCheckable(f"the lift points of {date} (Turn Record Chart: tables/turn_record.toml lift_points)")
    if len(steps) > points + CARRY:
        return Illegal("HTTR ScR 6.7.1", f"serial {len(steps)} of {date}: the day has {points} lift points")
    if len(steps) > points:
        return NotCheckable(f"whether the day before {date} had no flight on either route (ScR 6.7.7: up to "
                            f"{CARRY} lift points carried over)")
    unsure = log.maybe.get(date, set()) - steps
    if len(steps | unsure) > points:
        return NotCheckable(f"whether the entries of {date} at log step(s) {', '.join(map(str, sorted(unsure)))} "
                            f"were serials (units that may be airborne), beyond the day's {points} lift points (ScR "
                            "6.7.1)")
    return Legal(detail=f"serial {len(steps)} of {points} on {date} (ScR 6.7.1)")


@rule("HTTR ScR 6.6.5.1 / 8.3.1", "AIR-17", "in its landing GT a unit moves at most two hexes (leg) or four "
      "(vehicular)")
def judge_landed_move(p: Position, log: Landings, e: Move, uid: str) -> list[Verdict]:
    if log.landed[uid] != p.state.turn:
        del log.landed[uid]
        return []
    start = p.state.where(uid)
    hexes = [p.hex(x) for x in (e.path or (e.to_hex,))]
    if start is None or any(h is None for h in hexes):
        return []
    steps, at = 0, start
    for h in hexes:
        steps, at = steps + at.distance(h), h
    first = [landing_ma.judge_first_move(p, log.ma, uid)] if log.moved[uid] == 0 and uid not in log.ma.given \
        and p.phase() == ("movement", p.state.side(uid)) else []
    log.moved[uid] += steps
    how = mobility(p.game, uid)
    cap = LANDING_HEXES.get(how) if isinstance(how, str) else None
    if cap is None:
        return first + [NotCheckable(f"whether {uid} is leg or vehicular (units.csv mobility)")]
    if log.moved[uid] > cap:
        return first + [Illegal("HTTR ScR 6.6.5.1", f"{uid} landed this GT and has moved {log.moved[uid]} hexes: at "
                                f"most {cap} ({how}) in its landing turn")]
    return first + [Legal(detail=f"{uid} has moved {log.moved[uid]} of its {cap} hexes in its landing GT (ScR "
                          "6.6.5.1)")]


@rule("HTTR ScR 6.6.4.2-6.6.4.4", "AIR-15", "units landing on Germans make a close action on them, which must drive "
      "them out or the landed units are eliminated; artillery and AT landing on them are eliminated")
def landed_on_enemy(p: Position, log: Landings) -> list[Verdict]:
    """At the end of the phase of the landing: judged on the hexes serials landed on enemy units."""
    out: list[Verdict] = []
    for h, (_, units) in sorted(log.contested.items(), key=lambda kv: kv[1][0]):
        label = p.game.map.labels[h]
        here = [u for u in units if p.state.where(u) == h]
        guns = [u for u in here if is_kind(p.game, u, "artillery", "at")]
        if guns:
            out.append(Illegal("HTTR ScR 6.6.4.4", f"{', '.join(guns)} landed on enemy units in {label} and are "
                               "still there: artillery and AT units landing on an enemy hex are eliminated"))
        dense = zones.judge_dense(p, h, here)
        if dense is not None:
            out.append(dense)
            if not isinstance(dense, NotCheckable):
                continue
        enemy = [u for u in p.state.at(h) if p.state.side(u) not in (p.state.side(units[0]), None)]
        if h not in log.assaulted:
            out.append(Illegal("HTTR ScR 6.6.4.2", f"{', '.join(units)} landed on enemy units in {label} and made no "
                               "close action on them: it is mandatory"))
        elif enemy and here:
            out.append(Illegal("HTTR ScR 6.6.4.2", f"the close action in {label} left enemy units there, but "
                               f"{', '.join(here)} are not eliminated: it must succeed or all the landed units are"))
        else:
            out.append(Legal(detail=f"the landing on enemy units in {label} is resolved (ScR 6.6.4.2)"))
    return out


class Landed(Protocol):
    """What a landing's disruption is read from: the landings' memory, the phase's overstacked hexes
    (rules/httr/overstack.py) and the optional gliders' (rules/httr/optional.py)."""

    game: Game
    landings: Landings
    overstacks: Any  # rules.httr.overstack.Overstacks: ``seen``, hex -> (event, units)
    patrols: Any  # rules.httr.optional.Patrols: ``gliders``, unit -> hex landed off clear terrain
    readings: dict[str, str]


def landing_disruption(p: Landed, uid: str) -> str | None:
    """Why the unit's landing this phase disrupts it, else None: scattered into forest, rough, city, town or a
    river or canal hex (ScR 6.7.4); landed in a hex the phase overstacked, displaced from it or not (6.6.3.2-
    6.6.3.3, 6.6.4.2, 6.6.6.4); optional gliders, landed off clear terrain (15.2.1-15.2.2)."""
    log = p.landings
    h = log.landing_hex.get(uid)
    label = p.game.map.labels.get(h, "") if h is not None else ""
    if uid in log.rough:
        return f"{uid} landed by scatter in {label}, rough ground: disrupted at once (ScR 6.7.4)"
    if h is not None and h in p.overstacks.seen:
        return (f"{uid} landed in {label}, overstacked by the landing: the units landed there are disrupted (ScR "
                "6.6.3.2, 6.6.4.2, 6.6.6.4)")
    if p.readings.get(GLIDERS) == "on" and uid in p.patrols.gliders:
        return f"{uid}, a glider unit, landed off clear terrain: disrupted (ScR 15.2.1)"
    return None
