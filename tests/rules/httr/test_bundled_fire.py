"""The fire family on the bundled HTTR data (no unit values, TEC, fire tables or map terrain transcribed): each
check that needs a missing datum says not checkable and names it, and none says illegal on a guess."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.httr.helpers import Log

COMPANY, AT, GERMAN, HQ = "2/506 5-3 no.1", "81/101 2-2-8AT no.1", "II/159/59", "501/101"
SETUP = {COMPANY: "C2808", AT: ("C2807", {"Mode": "Defilade"}), GERMAN: "C2908", HQ: ("C2708", {"Mode": "Defilade"})}


@pytest.fixture(scope="module")
def httr():
    return load_game("highway-to-the-reich")


def needs(httr, *lines: str, index: int = -1) -> str:
    log = Log(SETUP, httr).phase(1, "allied_fire")
    for line in lines:
        log.say(line)
    vs = log.check().judged[index].verdicts
    assert not [v for v in vs if isinstance(v, Illegal)]
    return " | ".join(v.needs for v in vs if isinstance(v, NotCheckable))


def test_packets_need_the_firers_values(httr):  # DF-4, SR 6.3.1.2: packets are by ER
    assert "of unit 2/506 5-3 no.1 (units.csv" in needs(httr, f'df C2908 from "{COMPANY}"')


def test_at_fire_needs_the_classes(httr):  # AT-5, AT-12: the AT dots' class, the target's type
    got = needs(httr, f'at C2908 from "{AT}" target "{GERMAN}"')
    assert "at_class of unit 81/101 2-2-8AT no.1" in got and "AT target class of unit II/159/59" in got


def test_an_unobserved_target_needs_the_terrain(httr):  # OBS-1, OBS-2, IF-11: no map terrain transcribed
    far = {**SETUP, GERMAN: "C3208", "offmap battery no.1": ("C2708", {"Mode": "Defilade"})}
    log = Log(far, httr).phase(1, "allied_fire").say(f'if C3208 from "offmap battery no.1" spotter "{COMPANY}" '
                                                     f'hq "{HQ}"')
    vs = log.check().judged[-1].verdicts
    assert not [v for v in vs if isinstance(v, Illegal)]
    assert any("terrain" in v.needs for v in vs if isinstance(v, NotCheckable))
