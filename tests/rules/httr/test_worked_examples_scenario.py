"""Worked examples of the HTTR scenario rules (ScR 6-7, 12) as tests, on the bundled game where it holds what they
need."""
from __future__ import annotations

from hexforge.games import load_game
from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure
from pathlib import Path

BUNDLED = load_game(Path(__file__).resolve().parents[3] / "games" / "highway-to-the-reich")


def test_h30_a_weather_roll_of_nine_is_p_north_and_six_south():  # H30, ScR 6.4.1 example (L1189); AS-6
    """'Assume it is 0601/0901 on 19th September. The Allied player rolls a nine ... the weather rating for the
    southern route is six, and for the northern route is P.' Judged through ScR 7.2.4: one airstrike on a hex of
    Map A (northern zone, P) is not an attack; on Map C (southern, rating six) it is."""
    def strike_on(h: str) -> list:
        log = Log({"107PzB": h, "501/101": "C2020"}, BUNDLED).phase(13, "weather").roll("Weather", 4, 5)
        log.phase(13, "allied_fire").place("as1", "Airstrike", h).roll("Airstrike Check", 2).roll("Airstrike", 3, 3)
        return last(log.phase(13, "allied_movement").check())
    assert "HTTR ScR 7.2.4" in rules_broken(strike_on("A1010"))
    south = strike_on("C1010")
    assert not illegal(south) and not [v for v in unsure(south) if "weather" in v.needs]


def test_h30_under_the_two_rolls_reading():  # H30 with readings weather_rolls=two (ScR 6.4.1 L1188)
    """Read as two rolls, a nine first rates the north (P) and the next roll the south (a twelve: unknown)."""
    def strike_on(h: str) -> list:
        log = Log({"107PzB": h, "501/101": "C2020"}, BUNDLED).phase(13, "weather").roll("Weather", 4, 5) \
            .roll("Weather", 6, 6)
        log.phase(13, "allied_fire").place("as1", "Airstrike", h).roll("Airstrike Check", 2).roll("Airstrike", 3, 3)
        return last(log.phase(13, "allied_movement").check(weather_rolls="two"))
    assert "HTTR ScR 7.2.4" in rules_broken(strike_on("A1010"))
    south = strike_on("C1010")
    assert not illegal(south) and any("weather over C1010" in v.needs for v in unsure(south))
