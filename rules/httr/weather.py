"""HTTR weather rolls (ScR 13.2, 6.4.1, 13.1): the weather of the first days is fixed ("0"), so a roll of the Weather
button on one of those dates (the data's ``[special.weather] clear_dates``, read by the observation rules too) is
illegal; from then on each Weather Phase's routine gives each route (north, south) its rating on the Weather
Conditions Table (``tables/weather.toml``), which holds until the next routine.
Reading: the rule is judged on rolls in the Weather Phase (the weather determination); a roll in a GT that has no
Weather Phase is SR 4.1's (the referee's passed phases). How many rolls a routine takes is the reading
``weather_rolls`` (catalogue.READINGS): one 2d6 for both routes, as 6.4.1's example reads the table, or one per
route, north first, as its text and 13.1 say."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.rules.core.tables import Cells
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.los import WEATHER_DATA
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


ROUTES = ("north", "south")  # ScR 6.4.1 (L1188): 'rolls first for the Northern ... then for the Southern'


class Position(Board, Protocol):
    readings: dict[str, str]

    def calendar(self) -> dict[int, dict]: ...


@rule("HTTR ScR 13.2", "OFF-7", "the weather of the first two days is 0: no weather roll before the 0600 GT of the "
      "third day")
def judge_weather_roll(p: Position) -> Verdict:
    fixed = (p.game.special(WEATHER_DATA) or {}).get("clear_dates")
    turn = p.state.turn
    if turn is None:
        return NotCheckable("the GT (no turn tracker change yet)")
    if not fixed:
        return NotCheckable(f"the dates whose weather is fixed (game.toml [special.{WEATHER_DATA}] clear_dates, "
                            "ScR 13.2)")
    date = p.calendar().get(turn, {}).get("date")
    if date is None:
        return NotCheckable(f"the date of GT {turn} (game.toml [special.turn_calendar])")
    if date in fixed:
        return Illegal("HTTR ScR 13.2", f"a weather roll in GT {turn} ({date}): the weather of that day is fixed "
                       "at 0, and rolling starts later")
    return Legal(detail=f"GT {turn} ({date}) is past the days of fixed weather (ScR 13.2)")


@dataclass
class Routine:
    """The Weather Phase whose rolls are counted (GT, phase index) and how many it has had."""

    phase: tuple[int, int] | None = None
    rolls: int = 0


def on_weather_roll(p: Position, log: Routine, total: int) -> list[Verdict]:
    """A Weather roll in a Weather Phase: OFF-7, then (past the fixed days) OFF-8."""
    fixed = judge_weather_roll(p)
    return [fixed] + ([judge_ratings(p, log, total)] if isinstance(fixed, Legal) else [])


@rule("HTTR ScR 6.4.1 / 13.1", "OFF-8", "from 19 Sep each Weather Phase's routine rates both routes on the Weather "
      "Conditions Table (2d6), a rating that holds until the next routine")
def judge_ratings(p: Position, log: Routine, total: int) -> Verdict:
    key = (p.state.turn or 0, p.state.phase or 0)
    if log.phase != key:
        log.phase, log.rolls = key, 0
    log.rolls += 1
    one = p.readings.get("weather_rolls", "one") == "one"
    if log.rolls > (1 if one else len(ROUTES)):
        return Illegal("HTTR ScR 6.4.1", f"Weather roll {log.rolls} in this Weather Phase: the routine rolls "
                       + ("once, for both routes" if one else "once per route, north then south")
                       + ", and its ratings hold until the next routine")
    routes = ROUTES if one else (ROUTES[log.rolls - 1],)
    cells = Cells.of(p.game, "weather")
    rated = {r: cells.get(str(total), r) for r in routes}
    if any(v in ("unknown", None) for v in rated.values()):
        return NotCheckable(f"the Weather Conditions Table's row for a 2d6 of {total} (tables/weather.toml, ScR "
                            "6.4.1)")
    return Legal(detail="weather " + ", ".join(f"{r} {v}" for r, v in rated.items()) + " until the next routine "
                 "(ScR 6.4.1)")
