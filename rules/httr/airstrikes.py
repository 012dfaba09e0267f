"""HTTR airstrikes (ScR 7): designated with an Airstrike marker on the target's hex as the first action of the
phasing side's Fire Phase (7.1.5, 7.2.9), resolved at its end after all DF and IF (7.1.5, 7.2.10): for each
attack an Airstrike Check 1d6 (6: no strike), then the Airstrike roll on the ABT. Limits: at most three
airstrikes on a hex in a GT (7.2.2); two per attack at night or in P weather, three when both (7.2.4); one AM and
one PM GT a day per side, the German PM one only after a 1d6 of 1-4 (7.1.2-7.1.3, 7.2.3); no German strike
before the data's first GT (7.2.12); never at a hex without an enemy combat unit or HQ (7.2.5), nor at a leader
alone (7.2.1b), nor at units in Defilade in city or forest out of reach of the striker's units (7.2.1a); the
target is observed by a unit of a non-airborne division (7.2.7).

The game's ``[special.airstrikes]``: ``am_times`` (the calendar times of the AM GTs), ``german_from_turn``,
``german_pm_roll`` (the 1d6 results that allow the German PM strike).

Reading: each Airstrike marker is one airstrike of the allotment; an attack at night or in P weather is two (or
three) markers on the hex. ScR 7.1.2 does not list the AM turns: the data's ``am_times`` says which they are.
The German PM 1d6 is the data's button of purpose ``airstrike-pm``, rolled that day before the strike.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import ChatLine, DiceRoll, Entered, Event, TurnChange
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr import airstrike_results as results
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.airstrike_range import in_range
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.indirect import AIRBORNE, formations_of
from hexforge.rules.httr.los import Observation, turn_weather
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "airstrikes"  # game.toml [special.airstrikes]
FIRE_KINDS = ("df", "at", "if", "of", "return")
SHELTER = frozenset({"city", "forest"})  # ScR 7.2.1a (L1269)


class Position(Board, Protocol):
    obs: Observation
    readings: dict[str, str]

    def calendar(self) -> dict[int, dict]: ...
    def hex(self, label: str | None): ...


@dataclass
class Airstrikes:
    """This Fire Phase's markers (event index, hex label), whether fire was declared and strikes rolled in it,
    the check roll awaiting its ABT roll; each hex's markers this GT; the GTs each side struck in by (date, half);
    each date's German PM roll."""

    placed: list[tuple[int, str]] = field(default_factory=list)
    fired: bool = False
    checks: int = 0
    check_due: int | None = None  # the last Airstrike Check's result, until its ABT roll
    per_hex: dict[tuple[int, str], int] = field(default_factory=dict)
    halves: dict[tuple[str | None, str, str], int] = field(default_factory=dict)
    pm_roll: dict[str, int] = field(default_factory=dict)
    spent: dict[tuple[str | None, str, str], int] = field(default_factory=dict)  # markers by (side, date, half)
    routes: dict[str, object] = field(default_factory=dict)  # the last Weather routine's rating of each zone
    routine: tuple[int, int] | None = None  # the Weather Phase (GT, phase index) whose rolls are counted
    routine_rolls: int = 0  # the Weather rolls made in it
    struck: list[results.Strike] = field(default_factory=list)  # this Fire Phase's ABT results (ScR 7.3.2)


def settings(game: Game) -> dict:
    return game.special(DATA) or {}


def is_marker(game: Game, name: str) -> bool:
    return any(m.id == "airstrike" and m.name.resolved == name for m in game.info.markers or ())


def on_event(p: Position, log: Airstrikes, e: Event) -> list[Verdict]:
    """The verdicts of ScR 7 on one event (before the referee's other checks)."""
    if isinstance(e, Entered) and p.game.units.get(e.piece.unit or "") is None and is_marker(p.game, e.piece.name):
        return judge_designation(p, log, e.hex)
    if isinstance(e, ChatLine):
        d = parse(e.text)
        if d is not None and d.kind in FIRE_KINDS and p.phase()[0] == "fire":
            log.fired = True
            return [after_strikes(log)] if log.checks else []
        return []
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        purpose = button.purpose if button is not None else None
        total = e.total if e.total is not None else sum(e.values)
        if purpose == "airstrike-pm":
            turn = p.state.turn
            date = p.calendar().get(turn, {}).get("date") if turn is not None else None
            if date is not None:
                log.pm_roll.setdefault(date, total)
            return []
        if purpose == "weather":
            rate_routes(p, log, total)
            return []
        if purpose in ("airstrike-check", "airstrike"):
            v = judge_roll(p, log, purpose, total)
            if purpose == "airstrike-check" or isinstance(v, Illegal):
                return [v]
            s, result = results.resolve(p, {lab for _, lab in log.placed}, total)
            log.struck += [s] if s is not None else []
            return [v, result]
        return []
    if isinstance(e, TurnChange):
        out = phase_end(p, log) if p.phase()[0] == "fire" else []
        log.placed, log.fired, log.checks, log.check_due, log.struck = [], False, 0, None, []
        return out
    return []


@rule("HTTR ScR 7.1.5 / 7.2.10", "AS-3", "airstrikes are resolved at the end of the Fire Phase, after all DF and IF")
def after_strikes(log: Airstrikes) -> Verdict:
    return Illegal("HTTR ScR 7.1.5", "fire declared after this Fire Phase's airstrikes were rolled: the strikes "
                   "wait until IF and DF are completed")


def judge_designation(p: Position, log: Airstrikes, label: str | None) -> list[Verdict]:
    """ScR 7.1.1-7.1.5, 7.2.1-7.2.5, 7.2.9, 7.2.12: an Airstrike marker placed."""
    kind, side = p.phase()
    turn = p.state.turn
    if turn is None or kind == "unknown":
        return [NotCheckable("the phase (no turn tracker change yet)")]
    h = p.hex(label)
    if h is None:
        return [NotCheckable(f"the hex of the Airstrike marker ({label or 'off the map'})")]
    why = timing(p, log, kind, side, turn)
    if why is not None:
        return [why]
    log.placed.append((len(log.placed), label))
    count = log.per_hex[(turn, label)] = log.per_hex.get((turn, label), 0) + 1
    wrong = target(p, h, label, side, count)
    return [wrong] if wrong is not None else [segment(p, log, side, turn), allotment(p, log, side, turn),
                                              observed(p, h, label, side), shelter(p, h, label, side),
                                              in_range(p, h, label, side)]


@rule("HTTR ScR 7.1.5 / 7.2.9 / 7.2.12", "AS-3/AS-9", "airstrikes are designated as the first action of the "
      "owner's Fire Phase; no German airstrike before the data's first GT")
def timing(p: Position, log: Airstrikes, kind: str, side: str | None, turn: int) -> Verdict | None:
    if kind != "fire":
        return Illegal("HTTR ScR 7.2.9", "an Airstrike marker placed outside a Fire Phase: airstrikes are "
                       "designated at the beginning of the owner's Fire Phase")
    if log.fired or log.checks:
        return Illegal("HTTR ScR 7.1.5", "an Airstrike marker placed after fire or strikes of this Fire Phase: "
                       "airstrikes are designated as its first action")
    first = plain(settings(p.game).get("german_from_turn"))
    if side == "german" and first is None:
        return NotCheckable(f"the first GT of German airstrikes (game.toml [special.{DATA}] german_from_turn)")
    if side == "german" and turn < int(first):
        return Illegal("HTTR ScR 7.2.12", f"a German airstrike in GT {turn}: none before GT {first}")
    return None


@rule("HTTR ScR 7.2.1b / 7.2.2 / 7.2.5", "AS-4/AS-6", "an airstrike targets an enemy combat unit or HQ, never a "
      "leader alone; at most three airstrikes on a hex in a GT")
def target(p: Position, h, label: str, side: str | None, count: int) -> Verdict | None:
    enemy = [u for u in p.state.at(h) if p.state.side(u) not in (side, None)]
    if not enemy:
        return Illegal("HTTR ScR 7.2.5", f"an airstrike on {label}, which holds no enemy unit: airstrikes target "
                       "combat units and HQs")
    leaders = [is_kind(p.game, u, "leader") for u in enemy]
    if all(leaders):
        return Illegal("HTTR ScR 7.2.1", f"an airstrike on {label}, where an enemy leader is alone")
    if count > 3:
        return Illegal("HTTR ScR 7.2.2", f"airstrike {count} on {label} this GT: no more than three on a hex")
    if None in leaders:
        return NotCheckable(f"whether the units in {label} are leaders (units.csv type)")
    return None


@rule("HTTR ScR 7.2.1a", "AS-5", "no airstrike at units in Defilade in a city or forest hex that no unit of the "
      "striking side is adjacent to")
def shelter(p: Position, h, label: str, side: str | None) -> Verdict:
    """Reading: 'a friendly unit' is one of the striking side's; leaders count with the sheltered (7.2.1b)."""
    types = p.game.map.terrain.of(h)
    if types is None:
        return NotCheckable(f"the terrain of {label} (unsurveyed), ScR 7.2.1a")
    near = any(p.state.side(u) == side for n in h.neighbours() for u in p.state.at(n))
    enemy = [u for u in p.state.at(h) if p.state.side(u) not in (side, None)]
    hidden = [mem.mode(p.state, u) == "defilade" or is_kind(p.game, u, "leader") for u in enemy]
    if set(types) & SHELTER and not near and all(hidden):
        return Illegal("HTTR ScR 7.2.1", f"an airstrike on {label}: its units are in Defilade in a "
                       f"{'/'.join(sorted(set(types) & SHELTER))} hex with no unit of the striking side adjacent")
    return Legal()


@rule("HTTR ScR 7.2.7", "AS-7", "an airstrike's target is observed by a unit of a non-airborne division")
def observed(p: Position, h, label: str, side: str | None) -> Verdict:
    """Reading: any unit of the striking side of no airborne formation ([special.airborne] formations) may observe
    (a unit the data does not place in an airborne formation counts as non-airborne), but not a disrupted one (SR
    7.1.5: it 'may not observe for another unit') nor one in Travel Mode (SR 6.5.1.12); one of unknown mode may."""
    airborne = set((p.game.special(AIRBORNE) or {}).get("formations", ()))
    if not airborne:
        return NotCheckable(f"which units are airborne (game.toml [special.{AIRBORNE}] formations, ScR 7.2.7)")
    eyes: dict = {}  # hex -> a unit there of unknown mode, or None when one there surely may observe
    for u, at in p.state.positions.items():
        if p.state.side(u) != side or at is None or airborne & {u, *formations_of(p.game, u)} \
                or mem.has(p.state, u, "disrupted") or (m := mem.mode(p.state, u)) == "travel":
            continue
        eyes[at] = None if m is not None or eyes.get(at, u) is None else u
    unsure = None
    for eye in sorted(eyes, key=h.distance):
        seen = p.obs.observe(eye, h)
        if seen.visible and eyes[eye] is None:
            return Legal(detail=f"{label} is observed from {p.game.map.labels[eye]} (ScR 7.2.7)")
        why = f"the mode of {eyes[eye]} (its Mode layer), SR 6.5.1.12" if seen.visible else \
            seen.reason if seen.visible is None else None
        unsure = unsure or why
    if unsure is not None:
        return NotCheckable(f"whether a non-airborne unit observes {label}: {unsure}")
    return Illegal("HTTR ScR 7.2.7", f"an airstrike on {label}, which no unit of a non-airborne division observes "
                   "(disrupted units and units in Travel Mode do not observe, SR 7.1.5, 6.5.1.12)")


@rule("HTTR ScR 7.1.2-7.1.3 / 7.2.3", "AS-2", "a side's airstrikes of a day fall in one AM and one PM GT; the "
      "German PM strikes only after a 1d6 of 1-4")
def segment(p: Position, log: Airstrikes, side: str | None, turn: int) -> Verdict:
    row = p.calendar().get(turn, {})
    am = settings(p.game).get("am_times")
    if not row.get("date") or am is None:
        return NotCheckable(f"the date and AM/PM half of GT {turn} (game.toml [special.turn_calendar], "
                            f"[special.{DATA}] am_times)")
    half = "AM" if row.get("time") in am else "PM"
    used = log.halves.setdefault((side, row["date"], half), turn)
    log.spent[(side, row["date"], half)] = log.spent.get((side, row["date"], half), 0) + 1
    if used != turn:
        return Illegal("HTTR ScR 7.1.2", f"{side} airstrikes in GT {turn} after those of GT {used}: one {half} GT "
                       f"of {row['date']} only (ScR 7.2.3: no carrying over)")
    allowed = settings(p.game).get("german_pm_roll")
    if side == "german" and half == "PM":
        roll = log.pm_roll.get(row["date"])
        if allowed is None:
            return NotCheckable(f"the 1d6 results allowing German PM strikes ([special.{DATA}] german_pm_roll)")
        if roll is None or roll not in allowed:
            return Illegal("HTTR ScR 7.1.3", f"a German PM airstrike on {row['date']} without a PM roll of "
                           f"{allowed[0]}-{allowed[-1]} (rolled: {roll if roll is not None else 'none'})")
    return Legal(detail=f"an airstrike designated in the {half} GT {turn} (ScR 7.1.5)")


@rule("HTTR ScR 7.1.1-7.1.2", "AS-1", "a side's airstrikes in each half of a day are at most its daily allotment "
      "on the Turn Record Chart")
def allotment(p: Position, log: Airstrikes, side: str | None, turn: int) -> Verdict:
    row = p.calendar().get(turn, {})
    date, am = row.get("date"), settings(p.game).get("am_times")
    if date is None or am is None:
        return NotCheckable(f"the date and AM/PM half of GT {turn}")
    spent = log.spent.get((side, date, "AM" if row.get("time") in am else "PM"), 0)
    cells = Cells.of(p.game, "turn_record")
    column = f"{side}_airstrikes"
    allowed = next((v for k in cells.rows if cells.get(k, "date") == date
                    and isinstance(v := cells.get(k, column), int)), None)
    if allowed is None:
        return NotCheckable(f"the {side} airstrike allotment of {date} (Turn Record Chart: tables/turn_record.toml "
                            f"{column})")
    if spent > allowed:
        return Illegal("HTTR ScR 7.1.1", f"{side} airstrike {spent} of a half-day on {date}: the Turn Record Chart "
                       f"allots {allowed}")
    return Legal(detail=f"{side} airstrike {spent} of {allowed} allotted on {date} (ScR 7.1.1)")


@rule("HTTR ScR 7.1.5 / 7.2.10", "AS-3", "each strike first rolls 1d6 (6: no strike), then the ABT roll, in the "
      "Fire Phase its marker was placed")
def judge_roll(p: Position, log: Airstrikes, purpose: str, total: int) -> Verdict:
    if p.phase()[0] != "fire" or not log.placed:
        return Illegal("HTTR ScR 7.2.10", "an airstrike roll without an airstrike designated in this Fire Phase")
    if purpose == "airstrike-check":
        log.checks += 1
        log.check_due = total
        return Legal(detail="1-5: the strike proceeds to the ABT" if total <= 5 else "6: no strike (ScR 7.1.5)")
    due, log.check_due = log.check_due, None
    if due is None:
        return Illegal("HTTR ScR 7.1.5", "an Airstrike Bombardment roll without its 1d6 Airstrike Check first")
    if due == 6:
        return Illegal("HTTR ScR 7.1.5", "an Airstrike Bombardment roll after a check of 6: that strike does not "
                       "happen")
    return Legal(detail="the strike proceeds to the ABT")


def route_weather(game: Game, roll: int) -> dict[str, object]:
    """ScR 6.4.1 (L1188-L1189): the Weather Conditions Table's ratings of the northern and southern routes for a
    2d6 roll ("unknown" where the table has no cell)."""
    cells = Cells.of(game, "weather")
    return {zone: cells.get(str(roll), zone) for zone in ("north", "south")}


def rate_routes(p: Position, log: Airstrikes, roll: int) -> None:
    """ScR 6.4.1 (L1188), 13.1: a Weather roll rates the routes only as the Weather Phase's routine: under the
    reading ``weather_rolls`` "one" its first roll rates both routes; under "two" its first roll rates the north
    (the south then unknown until its roll) and its second the south, each from its own column. Other rolls (a
    routine's extra roll, a roll outside a Weather Phase: flagged by OFF-8 and SR 4.1) rate nothing."""
    if p.phase()[0] != "weather":
        return
    key = (p.state.turn or 0, p.state.phase or 0)
    if log.routine != key:
        log.routine, log.routine_rolls = key, 0
    log.routine_rolls += 1
    rated = route_weather(p.game, roll)
    if p.readings.get("weather_rolls", "one") == "one":
        log.routes = rated if log.routine_rolls == 1 else log.routes
    elif log.routine_rolls == 1:
        log.routes = {"north": rated["north"]}
    elif log.routine_rolls == 2:
        log.routes = {**log.routes, "south": rated["south"]}


def hex_weather(p: Position, log: Airstrikes, label: str) -> str:
    """ScR 7.2.4: clear, P or unknown over the hex: the calendar's weather of the GT, else the last Weather roll's
    rating of the hex's weather zone (the data's ``[special.weather_zones]``: map sheets by zone)."""
    turn = p.state.turn
    w = turn_weather(p.game, p.calendar().get(turn) if turn is not None else None)
    if w != "unknown":
        return w
    zones = p.game.special("weather_zones") or {}
    zone = next((z for z in ("north", "south") if any(label.startswith(str(m)) for m in zones.get(z, ()))), None)
    rating = log.routes.get(zone) if zone is not None else None
    return "unknown" if rating in (None, "unknown") else "P" if rating == "P" else "clear"


@rule("HTTR ScR 7.2.4 / 7.2.10", "AS-6/AS-3", "at night or in P weather each attack takes two airstrikes, three "
      "when both; every designated attack is resolved in its Fire Phase")
def phase_end(p: Position, log: Airstrikes) -> list[Verdict]:
    if not log.placed:
        return []
    turn = p.state.turn
    night = (p.calendar().get(turn, {}) if turn is not None else {}).get("kind") == "night"
    out: list[Verdict] = []
    attacks = 0
    for label in sorted({lab for _, lab in log.placed}):
        n = sum(1 for _, lab in log.placed if lab == label)
        weather = hex_weather(p, log, label)
        if weather == "unknown":
            out.append(NotCheckable(f"the weather over {label} in GT {turn} (game.toml [special.turn_calendar] "
                                    "weather, or a Weather roll on tables/weather.toml, ScR 6.4.1, 7.2.4)"))
            continue
        per = 1 + night + (weather == "P")
        attacks += n // per
        if n % per:
            out.append(Illegal("HTTR ScR 7.2.4", f"{n} airstrike(s) on {label}: each attack takes {per} in this "
                               f"GT ({'night' if night else ''}{' and ' if night and per == 3 else ''}"
                               f"{'P weather' if weather == 'P' else ''})"))
    if log.checks < attacks:
        out.append(Illegal("HTTR ScR 7.2.10", f"{attacks} airstrike attack(s) designated and {log.checks} "
                           "resolved: all are resolved at the end of the Fire Phase"))
    out += results.judge_strikes(p, log.struck)
    return out or [Legal(detail="the Fire Phase's airstrikes are resolved (ScR 7.2.10)")]
