"""On the bundled HTTR data (no Formation Displays, TEC or map terrain transcribed), every check that needs a
missing datum says not checkable and names it; none says legal or illegal on a guess."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.httr.helpers import Log

COMPANY, AT, HQ, GERMAN = "2/506 5-3 no.1", "81/101 2-2-8AT no.1", "501/101", "II/159/59"
SETUP = {HQ: "C2808", COMPANY: "C2808", AT: "C2807", GERMAN: "C2908"}


@pytest.fixture(scope="module")
def httr():
    return load_game("highway-to-the-reich")


def verdicts(httr, phase: str, *steps) -> list:
    log = Log(SETUP, httr).phase(1, phase)
    for s in steps:
        s(log)
    return log.check().judged[-1].verdicts


def needs(vs: list) -> str:
    assert not [v for v in vs if isinstance(v, Illegal)]
    return " | ".join(v.needs for v in vs if isinstance(v, NotCheckable))


def test_a_move_needs_the_units_mode_or_movement_class(httr):
    """Its type unknown, the company may be a towed unit without the module's set-up Concentrated Mode."""
    got = needs(verdicts(httr, "allied_movement", lambda l: l.move(COMPANY, "C2708")))
    assert "mode of unit 2/506 5-3 no.1" in got or "units.csv mobility" in got
    shown = Log({**SETUP, COMPANY: ("C2808", {"Mode": "Concentrated"})}, httr).phase(1, "allied_movement") \
        .move(COMPANY, "C2708").check().judged[-1].verdicts
    assert "units.csv mobility" in needs(shown)


def test_fire_needs_unit_types_ranges_and_terrain(httr):
    assert "the type of unit 2/506 5-3 no.1 (units.csv type)" in needs(
        verdicts(httr, "allied_fire", lambda l: l.say(f'df C2908 from "{COMPANY}"')))
    at = needs(verdicts(httr, "allied_fire", lambda l: l.say(f'at C2908 from "{AT}"')))
    assert "range of unit 81/101 2-2-8AT no.1 (units.csv)" in at


def test_fire_results_need_the_tables(httr):
    vs = verdicts(httr, "allied_fire", lambda l: l.say(f'df C2908 from "{COMPANY}"'),
                  lambda l: l.roll("Direct Fire", 3, 4))
    assert needs(vs)  # strength, ER, terrain or the fire tables: never a result made up


def test_close_action_needs_unit_types_and_values(httr):
    assert "the type of unit 2/506 5-3 no.1" in needs(
        verdicts(httr, "allied_movement", lambda l: l.say("ca C2908 from C2808")))
    vs = verdicts(httr, "allied_movement", lambda l: l.say("ca C2908 from C2808"),
                  lambda l: l.roll("Close Action", 4))
    assert needs(vs)


def test_a_mode_change_needs_the_movement_class(httr):
    vs = verdicts(httr, "allied_organization", lambda l: l.mode(COMPANY, "Travel", "Concentrated"))
    assert "units.csv mobility" in needs(vs)
