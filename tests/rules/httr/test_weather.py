"""HTTR weather rolls (ScR 13.2) on the synthetic game: its ``[special.weather] clear_dates`` fix the weather of
17 Sep (GTs 1-6); GT 8 is the 0601 GT of 18 Sep, with a Weather Phase."""
from __future__ import annotations

from hexforge.rules.verdict import Legal
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken, unsure


def roll(turn: int) -> list:
    return last(Log({"A-INF1": "B0101"}).phase(turn, "weather").roll("Weather", 3, 4).check())


def test_no_weather_roll_while_the_weather_is_fixed():  # OFF-7, ScR 13.2 (L1478)
    assert rules_broken(roll(1)) == ["HTTR ScR 13.2"]
    assert not rules_broken(roll(8)) and isinstance(roll(8)[0], Legal)  # then OFF-8 reads the table


def test_the_bundled_game_fixes_the_weather_of_17_and_18_sep():  # OFF-7 on the bundled data (ScR 13.2, L1478)
    from hexforge.games import load_game
    httr = load_game("highway-to-the-reich")

    def bundled(turn: int) -> list:  # GT 6 is the 0601 GT of 18 Sep, GT 13 that of 19 Sep (its turn_calendar)
        return last(Log({"506/101": "C2812"}, httr).phase(turn, "weather").roll("Weather", 3, 4).check())
    assert rules_broken(bundled(6)) == ["HTTR ScR 13.2"]
    assert not rules_broken(bundled(13)) and isinstance(bundled(13)[0], Legal)


def routine(*rolls: tuple[int, int], **readings: str) -> list:
    """The verdicts of the last of ``rolls`` in the bundled game's Weather Phase of GT 13 (0601, 19 Sep)."""
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    log = Log({}, BUNDLED).phase(13, "weather")
    for r in rolls:
        log.roll("Weather", *r)
    return last(log.check(**readings))


def test_a_routine_rates_both_routes_on_the_table():  # OFF-8 legal, ScR 6.4.1 (L1188-L1189): the table's row 9
    v = routine((4, 5))
    assert all_legal(v) and "north P, south 6" in v[-1].detail


def test_a_routine_rolls_once():  # OFF-8 illegal: a second roll in the phase (reading weather_rolls = one)
    assert rules_broken(routine((4, 5), (3, 3))) == ["HTTR ScR 6.4.1"]
    assert not rules_broken(routine((4, 5), (4, 5), weather_rolls="two"))  # north, then south
    assert rules_broken(routine((4, 5), (4, 5), (4, 5), weather_rolls="two")) == ["HTTR ScR 6.4.1"]


def test_the_untranscribed_rows_are_not_checkable():  # OFF-8 on the bundled data: one row of the table is known
    v = routine((3, 4))
    assert not rules_broken(v) and any("row for a 2d6 of 7" in n.needs for n in unsure(v))
