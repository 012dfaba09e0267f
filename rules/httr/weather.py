"""HTTR weather rolls (ScR 13.2): the weather of the first days is fixed ("0"), so a roll of the Weather button on
one of those dates (the data's ``[special.weather] clear_dates``, read by the observation rules too) is illegal.
Reading: the rule is judged on rolls in the Weather Phase (the weather determination); a roll in a GT that has no
Weather Phase is SR 4.1's (the referee's passed phases)."""
from __future__ import annotations

from typing import Protocol

from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.rules.httr.los import WEATHER_DATA
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Protocol):
    game: Game
    state: GameState

    def calendar(self) -> dict[int, dict]: ...


@rule("HTTR ScR 13.2", "OFF-7", "the weather of the first two days is 0: no weather roll before the 0600 GT of the "
      "third day")
def judge_weather_roll(p: Position) -> Verdict:
    fixed = (plain((p.game.info.special or {}).get(WEATHER_DATA)) or {}).get("clear_dates")
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
