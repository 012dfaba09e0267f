"""HTTR weather rolls (ScR 13.2) on the synthetic game: its ``[special.weather] clear_dates`` fix the weather of
17 Sep (GTs 1-6); GT 8 is the 0601 GT of 18 Sep, with a Weather Phase."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken


def roll(turn: int) -> list:
    return last(Log({"A-INF1": "B0101"}).phase(turn, "weather").roll("Weather", 3, 4).check())


def test_no_weather_roll_while_the_weather_is_fixed():  # OFF-7, ScR 13.2 (L1478)
    assert rules_broken(roll(1)) == ["HTTR ScR 13.2"]
    assert all_legal(roll(8))


def test_the_bundled_game_fixes_the_weather_of_17_and_18_sep():  # OFF-7 on the bundled data (ScR 13.2, L1478)
    from hexforge.games import load_game
    httr = load_game("highway-to-the-reich")

    def bundled(turn: int) -> list:  # GT 6 is the 0601 GT of 18 Sep, GT 13 that of 19 Sep (its turn_calendar)
        return last(Log({"506/101": "C2812"}, httr).phase(turn, "weather").roll("Weather", 3, 4).check())
    assert rules_broken(bundled(6)) == ["HTTR ScR 13.2"]
    assert all_legal(bundled(13))
