"""The scenario-rule checks on the bundled HTTR data where it lacks a datum: each says not checkable, naming it,
and never legal (AIR-3, AIR-17, AS-6)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED


def needs(verdicts: list, text: str) -> bool:
    return not illegal(verdicts) and any(text in v.needs for v in unsure(verdicts)) and \
        not [v for v in verdicts if text in (getattr(v, "detail", None) or "")]


def test_the_other_route_after_the_first_day_needs_the_maas():  # AIR-3
    log = Log({}, BUNDLED).phase(13, "allied_movement").say("drop B1010 south")
    assert needs(last(log.check()), "Maas")


def test_a_landed_units_hexes_need_its_mobility():  # AIR-17
    log = Log({"501/101": (None, {"Mode": "Defilade"})}, BUNDLED).phase(6, "allied_movement") \
        .enter("501/101", "C1010").move("501/101", "C1011")
    assert any("leg or vehicular" in v.needs for v in unsure(last(log.check())))


def test_p_weather_after_the_first_days_needs_the_weather_table():  # AS-6: no Weather roll, no calendar weather
    log = Log({"107PzB": "C1010", "GA HQ": "C1011"}, BUNDLED).phase(13, "allied_fire").place("a", "Airstrike", "C1010")
    log.roll("Airstrike Check", 2).roll("Airstrike", 3, 4).phase(13, "allied_movement")
    assert needs(last(log.check()), "the weather over C1010")
