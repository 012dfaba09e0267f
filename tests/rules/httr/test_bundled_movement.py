"""On the bundled HTTR data (the map unsurveyed, the Formation Displays not transcribed) the movement family's
checks say not checkable naming what they need; none says legal or illegal."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log

HQ = "501/101"  # an HQ: it has a Travel Mode (SR 9.5.1.2), MA 12 in units.csv (SR 9.3.1)


@pytest.fixture(scope="module")
def httr():
    return load_game("highway-to-the-reich")


def only_needs(log: Log) -> str:
    vs = log.check().judged[-1].verdicts
    assert vs and all(isinstance(v, NotCheckable) for v in vs), vs
    return " | ".join(v.needs for v in vs)


def test_leaving_travel_needs_the_hexs_thoroughfares(httr):  # MOD-8, SR 9.4.2.2
    log = Log({HQ: ("C2808", {"Mode": "Travel"})}, httr).phase(1, "allied_organization").mode(HQ, "Defilade", "Travel")
    assert "thoroughfares of hex C2808" in only_needs(log)


@pytest.mark.parametrize("turn", [1, 6])  # by day and at night (MOV-27)
def test_a_travel_move_needs_the_terrain(httr, turn):  # MOV-13..MOV-20, ZOC-3: raised roads, marsh, water, roads
    log = Log({HQ: ("C2808", {"Mode": "Travel"})}, httr).phase(turn, "allied_movement").move(HQ, "C2708")
    assert "terrain of hex C2708" in only_needs(log)


def test_a_towed_unit_into_an_ezoc_needs_its_mobility(httr):  # MOV-10, SR 9.5.2.2
    at = "81/101 2-2-8AT no.1"
    log = Log({at: ("C2807", {"Mode": "Defilade"}), "II/159/59": "C2908"}, httr).phase(1, "allied_movement") \
        .move(at, "C2808")
    assert "units.csv mobility" in only_needs(log)


def test_an_entrenchment_built_needs_the_units_types(httr):  # ENT-4, SR 18.4.3.1
    log = Log({"2/506 5-3 no.1": "C2808"}, httr)
    for t in range(1, 5):
        log.phase(t, "allied_command")
    assert "units.csv type" in only_needs(log.place("e1", "Entrenchment", "C2808"))
