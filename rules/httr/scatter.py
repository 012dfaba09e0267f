"""HTTR air landing results and scatter (ScR 6.5.1-6.5.10): each serial placed in its drop hex gets an Air Landing
roll (2d6) read on the Air Landing Table in the column of its flight conditions (its route's weather rating, the
flak counted on its flight path, +5 at night, 6.5.3), shifted by the weather zones for the southern route (6.5.6-
6.5.8); then each unit of an S1, S2 or L1 serial scatters: 1d6 for the direction (Figure 2), 1d6 for the distance
(S1 1-2 one hex, 3-4 two, 5-6 three; S2 one more; L1 1-2 no scatter and a step lost, 3-5 one hex, 6 one hex and a
step lost), into the hex that far in that direction, or the last map hex on the way (6.5.10, 6.7.6).

The log channel: a serial's units enter its drop hex in one log step (``drop HEX north|south [flak N]`` before it,
rules/httr/flight.py); the Air Landing roll (button purpose ``air-landing``) is the serial's named by the last
``land HEX`` line, else the earliest of the phase not yet rolled; then, unit by unit, two Scatter rolls (purpose
``scatter``: direction, then distance or the L1 die) and the unit's move from the drop hex to where it lands; a
unit of the serial then leaving an overstacked hex is displaced (rules/httr/landing_stacks.py).

Data: the game's ``tables/air_landing_grid.toml`` (rows: the 2d6 total; columns: named by the lowest flight
conditions of each band, ascending; cells A, S1, S2, L1); ``[special.scatter]``: ``reference`` (a hex) and
``directions`` (die face -> the neighbour of ``reference`` that face points to: Figure 2).

Readings: a weather rating is the GT's calendar weather ("clear" is 0, ScR 10.2.7) or the last Weather routine's
rating of the route (rules/httr/airstrikes.py); a zone's weather is its route's; an L1 unit rolls its direction
too (read only on 3-6); a result raised past L1 stays L1; 6.5.7's "SWZ P and NWZ three or less: two levels worse"
cannot meet a legal flight, since a southern-route serial under P does not fly (6.4.1, AIR-3): its result is not
judged; an A raised by the weather destroys a company (6.5.9)
and stays A; the step losses are not in the log (a strength marker), so only the moves are judged.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from hexforge.builder.timeline import ChatLine, DiceRoll, Entered, Event, Move, TurnChange
from hexforge.maps.hexes import DIRECTIONS, Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.flight import judge_flak
from hexforge.rules.httr.landing_stacks import displacing, judge_displaced
from hexforge.rules.httr.los import turn_weather
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict, with_guess

GRID = "air_landing_grid"
GRID_DATA = (f"the Air Landing Table grid (tables/{GRID}.toml: 2d6 rows x flight-condition columns, ScR 6.5.3, "
             "6.5.5)")
DATA = "scatter"  # game.toml [special.scatter]
FIGURE_DATA = f"the scatter directions of Figure 2 (game.toml [special.{DATA}] reference and directions, ScR 6.5.4)"
LEVELS = ("A", "S1", "S2", "L1")  # ScR 6.5.8 (L1213): 'an L1 becomes an S2, an S2 becomes an S1, an S1 ... no effect'
NIGHT = 5  # ScR 6.5.3 (L1201): 'add five if it is a night turn'
GAP = 4  # ScR 6.5.6-6.5.7 (L1211-L1212): 'four or more better/worse'
S1_HEXES = (1, 1, 2, 2, 3, 3)  # ScR 6.5.4 (L1207): 1-2 one hex, 3-4 two, 5-6 three; S2 one more (L1208)
L1_HEXES = (0, 0, 1, 1, 1, 1)  # ScR 6.5.4 (L1209): 1-2 a step lost, 3-5 one hex, 6 one hex and a step lost


class Position(Board, Protocol):
    airstrikes: Any  # rules.httr.airstrikes.Airstrikes: the routes' weather ratings

    def calendar(self) -> dict[int, dict]: ...


@dataclass
class Serial:
    """One serial placed this phase: its drop hex, route, flak count (None: unknown), units and landing result
    (a level of LEVELS, None before its roll, "?" when the table cannot say)."""

    hex: Hex
    route: str | None
    flak: int | None
    units: list[str] = field(default_factory=list)
    result: str | None = None
    company_lost: bool = False
    scattered: set[str] = field(default_factory=set)
    displaced: dict[Hex, list[str]] = field(default_factory=dict)  # units moved off an overstacked landing hex


@dataclass
class Scatter:
    """The drop line awaiting its serial, the ``land`` line awaiting its roll, this phase's serials by log step,
    the serial whose units scatter now and the Scatter rolls awaiting a unit's move."""

    declared: tuple[str, str, int | None] | None = None  # (hex label, route, flak)
    naming: str | None = None
    serials: dict[int, Serial] = field(default_factory=dict)
    current: int | None = None
    dice: list[int] = field(default_factory=list)
    moves: set[tuple[int, str]] = field(default_factory=set)  # (log step, unit) of this phase's scatter moves


def scattered(log: Scatter, step: int, uid: str) -> bool:
    """Was the unit's move in this log step its scatter or its displacement (not movement: the referee leaves it to
    this module)?"""
    return (step, uid) in log.moves


def displaced_now(p: Position, log: Scatter, uid: str) -> bool:
    """Is the unit's next move a displacement (ScR 6.6.3): of the serial being landed, leaving an overstacked hex?"""
    s = log.serials.get(log.current) if log.current is not None else None
    return s is not None and uid in s.units and not scattering(log, uid) and displacing(p, p.state.where(uid))


def settle(p: Position, log: Scatter) -> list[Verdict]:
    """The landing of the serial being landed is over: its displacements (AIR-13)."""
    s = log.serials.get(log.current) if log.current is not None else None
    return [v for h, moved in (s.displaced.items() if s is not None else ()) for v in judge_displaced(p, h, moved)]


def scattering(log: Scatter, uid: str) -> bool:
    """Is the unit's next move its scatter (its serial rolled, Scatter rolls pending, not yet scattered)?"""
    s = log.serials.get(log.current) if log.current is not None else None
    return s is not None and uid in s.units and uid not in s.scattered and bool(log.dice)


def follow(p: Position, log: Scatter, serials: dict[int, list[str]], e: Event) -> list[Verdict]:
    """ScR 6.5's verdicts on one event: called by rules/httr/landings.py's ``on_event`` once it has seen it (its
    memory is the landings' ``scatter``; ``serials``: the units of each log step's serial so far)."""
    if isinstance(e, TurnChange):
        out = settle(p, log) + [v for s in log.serials.values() for v in unresolved(p, s)]
        log.declared, log.naming, log.serials, log.current, log.dice, log.moves = None, None, {}, None, [], set()
        return out
    if isinstance(e, ChatLine):
        d = parse(e.text)
        if d is not None and d.kind == "drop":
            log.declared = (d.target, d.firers[0], d.points)
        elif d is not None and d.kind == "land":
            log.naming = d.target
        return []
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        purpose = button.purpose if button is not None else None
        if purpose == "air-landing":
            return landing_roll(p, log, e.total if e.total is not None else sum(e.values))
        if purpose == "scatter":
            return scatter_roll(log, e.values[0] if e.values else 0)
        return []
    uid = p.unit(e)
    if isinstance(e, Entered) and uid is not None and uid in serials.get(e.step, ()):
        return placed(p, log, e, uid)
    if isinstance(e, Move) and uid is not None and scattering(log, uid):
        return scatter_move(p, log, e, uid)
    if isinstance(e, Move) and uid is not None and displaced_now(p, log, uid):
        log.serials[log.current].displaced.setdefault(p.state.where(uid), []).append(uid)
        log.moves.add((e.step, uid))
    return []


def placed(p: Position, log: Scatter, e: Entered, uid: str) -> list[Verdict]:
    """A unit of a serial put on its drop hex; the serial's first unit counts its flak (AIR-4)."""
    s = log.serials.get(e.step)
    if s is not None:
        s.units.append(uid)
        return []
    h = p.hex(e.hex)
    if h is None:
        return []
    label, route, flak = log.declared or (None, None, None)
    log.declared = None
    s = log.serials[e.step] = Serial(h, route, None, [uid])
    if route is None:
        return [NotCheckable(f"the route of the serial dropped on {e.hex} (a 'drop {e.hex} north|south' line, ScR "
                             "6.5.1)")]
    out: list[Verdict] = []
    if label is not None and p.hex(label) != h:
        out.append(Illegal("HTTR ScR 6.5.1", f"the serial declared for {label} is placed on {e.hex}: a serial is "
                           "placed in its intended landing hex before its Air Landing roll"))
    v, s.flak = judge_flak(p, h, route, p.state.side(uid), flak)
    return out + [v]


def landing_roll(p: Position, log: Scatter, roll: int) -> list[Verdict]:
    """An Air Landing roll: the serial it is for, its result (AIR-5)."""
    named, log.naming = log.naming, None
    steps = [k for k, s in log.serials.items() if (named is None and s.result is None)
             or (named is not None and p.hex(named) == s.hex)]
    if not steps:
        return [Illegal("HTTR ScR 6.5.3", "an Air Landing roll with no serial "
                        + (f"placed on {named}" if named else "awaiting its roll") + " this phase")]
    s = log.serials[steps[0]]
    if s.result is not None:
        return [Illegal("HTTR ScR 6.5.3", f"a second Air Landing roll for the serial on "
                        f"{p.game.map.labels[s.hex]}: one roll a serial")]
    out = settle(p, log)
    log.current, log.dice = steps[0], []
    v = judge_result(p, s, roll)
    return out + [v if named else with_guess(v, "the roll is the earliest unrolled serial's (no 'land HEX' line)")]


def rating(p: Position, route: str) -> int | str | Unknown:
    """A route's weather rating in this GT: a number, or "P"."""
    turn = p.state.turn
    w = turn_weather(p.game, p.calendar().get(turn) if turn is not None else None)
    if w in ("clear", "P"):
        return 0 if w == "clear" else "P"
    r = p.airstrikes.routes.get(route)
    if r == "P" or isinstance(r, int) and not isinstance(r, bool):
        return r
    return Unknown(f"the {route}ern route's weather rating in GT {turn} (a Weather roll on tables/weather.toml, "
                   "or game.toml [special.turn_calendar] weather)")


def zone_shift(p: Position, route: str) -> int | Unknown:
    """ScR 6.5.6-6.5.7: levels to add for a southern-route serial (negative: better)."""
    if route != "south":
        return 0
    south, north = rating(p, "south"), rating(p, "north")
    for r in (south, north):
        if isinstance(r, Unknown):
            return r
    if "P" in (south, north):
        return 0  # a P south is no flight (ScR 6.4.1); a P north is no number to compare
    return -1 if south <= north - GAP else 1 if south >= north + GAP else 0


def grid_cell(p: Position, roll: int, conditions: int) -> str | Unknown:
    cells = Cells.of(p.game, GRID)
    bands = [(int(c), c) for c in cells.columns if c.isdigit()]
    column = max((b for b in bands if b[0] <= conditions), default=None)
    cell = cells.get(str(roll), column[1]) if column is not None else "unknown"
    return cell if cell in LEVELS else Unknown(GRID_DATA)


@rule("HTTR ScR 6.5.3 / 6.5.5-6.5.9", "AIR-5", "a serial's landing result is its 2d6 on the Air Landing Table at its "
      "flight conditions, shifted for the southern route by the weather zones")
def judge_result(p: Position, s: Serial, roll: int) -> Verdict:
    label = p.game.map.labels[s.hex]
    weather = rating(p, s.route) if s.route else Unknown(f"the route of the serial on {label}")
    shift = zone_shift(p, s.route or "")
    turn = p.state.turn
    night = (p.calendar().get(turn, {}) if turn is not None else {}).get("kind") == "night"
    needs = [x.needs for x in (weather, shift) if isinstance(x, Unknown)]
    needs += [f"the flak on the flight path to {label} (ScR 6.5.3)"] if s.flak is None else []
    needs += ["a landing result on a route of P weather (ScR 6.4.1: no air operation; AIR-3)"] if weather == "P" else []
    needs += [GRID_DATA] if GRID not in p.game.tables else []
    conditions = 0 if needs else weather + s.flak + NIGHT * night
    cell = grid_cell(p, roll, conditions) if not needs else Unknown("; ".join(dict.fromkeys(needs)))
    if isinstance(cell, Unknown):
        s.result = "?"
        return NotCheckable(cell.needs)
    level = LEVELS.index(cell) + shift
    s.company_lost = cell == "A" and shift > 0
    s.result = "A" if s.company_lost else LEVELS[max(0, min(level, len(LEVELS) - 1))]
    return Legal(detail=f"the serial on {label}: {roll} at flight conditions {conditions} is "
                 f"{cell}" + (f", shifted {shift:+d} to {s.result}" if shift else "") + " (ScR 6.5.5-6.5.8)")


def scatter_roll(log: Scatter, die: int) -> list[Verdict]:
    s = log.serials.get(log.current) if log.current is not None else None
    if s is None:
        return [Illegal("HTTR ScR 6.5.4", "a Scatter roll with no serial's Air Landing roll before it")]
    if s.result == "A":
        return [Illegal("HTTR ScR 6.5.4", f"a Scatter roll for a serial whose result is A: all its units land in "
                        "the drop hex")]
    log.dice.append(die)
    return []


def scatter_move(p: Position, log: Scatter, e: Move, uid: str) -> list[Verdict]:
    """A unit's move out of its drop hex after its Scatter rolls: AIR-6 and AIR-7."""
    s = log.serials[log.current]
    s.scattered.add(uid)
    log.moves.add((e.step, uid))
    dice, log.dice = log.dice, []
    to = p.hex(e.to_hex)
    if len(dice) < 2 or to is None:
        return [Illegal("HTTR ScR 6.5.4", f"{uid} scatters after {len(dice)} Scatter roll(s): a direction and a "
                        "distance roll each")] if to is not None else []
    face, die = dice[-2], dice[-1]
    return [judge_distance(p, s, uid, to, face, die), judge_direction(p, s, uid, to, face, die)]


def distances(result: str | None, die: int) -> set[int]:
    """ScR 6.5.4: the hexes a unit scatters on the distance (or L1) die, for a result ("?": any result's)."""
    i = min(max(die, 1), 6) - 1
    table = {"S1": {S1_HEXES[i]}, "S2": {S1_HEXES[i] + 1}, "L1": {L1_HEXES[i]}, "A": {0}}
    return set().union(*(table[r] for r in LEVELS)) if result == "?" else table.get(result or "?", set())


def direction(p: Position, face: int) -> Hex | None | Unknown:
    """Figure 2: the step a die face points to (None: the data names no such face)."""
    cfg = p.game.special(DATA) or {}
    ref, to = p.hex(cfg.get("reference")), p.hex((cfg.get("directions") or {}).get(str(face)))
    if ref is None or to is None:
        return Unknown(FIGURE_DATA)
    step = to - ref
    return step if step in DIRECTIONS else Unknown(f"{FIGURE_DATA}: face {face} names no neighbour of the reference")


def landing_hex(p: Position, start: Hex, step: Hex, hexes: int) -> Hex:
    """ScR 6.5.10 / 6.7.6: ``hexes`` along ``step``, or the last map hex on the way."""
    at = start
    for _ in range(hexes):
        if at + step not in p.game.map:
            break
        at = at + step
    return at


@rule("HTTR ScR 6.5.4 / 6.5.10", "AIR-6", "a scattering unit lands as far as its distance die says (S1 1/2/3 hexes, "
      "S2 one more, L1 one on 3-6), or at the map's edge on the way")
def judge_distance(p: Position, s: Serial, uid: str, to: Hex, face: int, die: int) -> Verdict:
    got, want = s.hex.distance(to), distances(s.result, die)
    step = direction(p, face)
    if isinstance(step, Hex):
        want = {s.hex.distance(landing_hex(p, s.hex, step, k)) for k in want}
    elif any(h not in p.game.map for k in want for h in ring_of(s.hex, k)) and got < max(want, default=0):
        return NotCheckable(f"whether {uid}'s scatter ran off the map ({step.needs})")
    if got not in want:
        return Illegal("HTTR ScR 6.5.4", f"{uid} scatters {got} hex(es) on a distance roll of {die} "
                       f"({s.result if s.result != '?' else 'any result'}): "
                       f"{' or '.join(str(k) for k in sorted(want))}")
    if s.result == "?" and len({k for k in distances('?', die)}) > 1:
        return NotCheckable(f"{uid}'s landing result ({GRID_DATA})")
    return Legal(detail=f"{uid} scatters {got} hex(es) on a {die} ({s.result}, ScR 6.5.4)")


def ring_of(center: Hex, k: int) -> list[Hex]:
    return [center + d.scale(k) for d in DIRECTIONS]


@rule("HTTR ScR 6.5.4", "AIR-7", "a scattering unit lands in the direction its 1d6 gives on Figure 2")
def judge_direction(p: Position, s: Serial, uid: str, to: Hex, face: int, die: int) -> Verdict:
    step = direction(p, face)
    if isinstance(step, Unknown):
        return NotCheckable(step.needs)
    far = s.hex.distance(to)
    if far and to != s.hex + step.scale(far):
        return Illegal("HTTR ScR 6.5.4", f"{uid} scatters to {p.game.map.labels[to]}: a direction roll of {face} "
                       f"points to {p.game.map.labels.get(s.hex + step, 'off the map')} from "
                       f"{p.game.map.labels[s.hex]}")
    return Legal(detail=f"{uid} scatters in direction {face} (ScR 6.5.4, Figure 2)")


def unresolved(p: Position, s: Serial) -> list[Verdict]:
    """AIR-5/AIR-6 (``judge_result``'s rules) when the serial's landing is over: an S1 or S2 serial's units all
    scattered; one an A result raised by the weather lost a company (6.5.9)."""
    label = p.game.map.labels[s.hex]
    out: list[Verdict] = []
    stayed = [u for u in s.units if u not in s.scattered and p.state.where(u) == s.hex]
    if s.result in ("S1", "S2") and stayed:
        out.append(Illegal("HTTR ScR 6.5.4", f"{', '.join(stayed)} of the serial on {label} never scattered: an "
                           f"{s.result} result scatters every unit of the serial"))
    if s.company_lost and all(p.state.where(u) is not None for u in s.units):
        out.append(Illegal("HTTR ScR 6.5.9", f"the serial on {label} rolled A with the weather raising it: one of "
                           "its companies is destroyed"))
    return out
