"""HTTR air routes (ScR 6.4.1-6.4.4) on the synthetic game: its [special.air_routes] binds sheet A to the northern
route and sheet B to the southern on the first day, 17 Sep (GT 1-6); GT 8 is on 18 Sep."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure

START = {"A-INF3": "B0101"}


def route(text: str, turn: int = 1, *weather: int, g=None) -> list:
    log = Log(START, g) if g is not None else Log(START)
    if weather:
        log.phase(turn, "weather").roll("Weather", *weather)
    return last(log.phase(turn, "allied_movement").say(text).check())


def test_first_day_routes_by_map():  # AIR-3, ScR 6.4.2 (L1190)
    assert not illegal(route("drop B0305 south"))
    assert rules_broken(route("drop B0305 north")) == ["HTTR ScR 6.4.2"]
    assert not illegal(route("drop A0305 north"))


def test_later_days_other_route_needs_the_maas():  # AIR-3, ScR 6.4.3-6.4.4 (L1191-L1192): not checkable
    later = route("drop B0305 north", 8)
    assert not illegal(later) and any("Maas" in v.needs for v in unsure(later))
    assert not illegal(route("drop B0305 south", 8))


def test_no_flight_on_a_p_route():  # AIR-3, ScR 6.4.1 (L1188-L1189), H30's cell on the bundled table
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    north = last(Log({}, BUNDLED).phase(13, "weather").roll("Weather", 4, 5).phase(13, "allied_movement")
                 .say("drop A1010 north").check())
    assert rules_broken(north) == ["HTTR ScR 6.4.1"]
    south = last(Log({}, BUNDLED).phase(13, "weather").roll("Weather", 4, 5).phase(13, "allied_movement")
                 .say("drop C1010 south").check())
    assert not illegal(south)
