"""The bundled HTTR data's side of the pairs tested in test_pairs_play/test_pairs_more (issue #15): where the
bundled data lacks what a check needs (units.csv mobility, strength and effectiveness, the unsurveyed map), the
check says not checkable naming the datum, never legal or illegal. A 101st Airborne company in C2808 faces a
German battalion in C2909, both Concentrated."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log

INF, GER = "2/506 5-3 no.1", "II/159/59"
FACING = {INF: ("C2808", {"Mode": "Concentrated"}), GER: ("C2909", {"Mode": "Concentrated"})}


@pytest.fixture(scope="module")
def httr():
    return load_game("highway-to-the-reich")


def needs(log: Log) -> list[str]:
    """What the verdicts after the opening phase change need; each of them is NotCheckable."""
    vs = [v for j in log.check().judged[1:] for v in j.verdicts]
    assert vs and all(isinstance(v, NotCheckable) for v in vs), vs
    return [v.needs for v in vs]


def test_a_move_out_of_an_ezoc_needs_the_units_mobility(httr):  # ZOC-1, ZOC-2, MOV-2, MOV-12
    """ZOC-1/ZOC-2/MOV-2/MOV-12 on the bundled data: the company leaving the German's ZOC for C2707 is not
    checkable: units.csv does not say whether it is leg, vehicular or towed (the TEC column its MP come from)."""
    got = needs(Log(FACING, httr).phase(1, "allied_movement").move(INF, "C2807", "C2707"))
    assert any("units.csv mobility" in n for n in got)


def test_a_close_action_needs_the_units_values(httr):  # CA-19, CA-20, CA-21, DIS-1
    """CA-19/CA-20/CA-21/DIS-1 on the bundled data: who may attack needs units.csv type, the CA value and
    odds the units' effectiveness and strength; none of it is transcribed."""
    got = needs(Log(FACING, httr).phase(1, "allied_movement").say("ca C2909 from C2808").roll("Close Action", 4))
    assert any("units.csv type" in n for n in got) and any("effectiveness of unit" in n for n in got)


def test_direct_fire_needs_strength_and_the_target_hexs_terrain(httr):  # DF-12, DF-13
    """DF-12/DF-13 on the bundled data: the packet's value needs the firer's strength (units.csv), the result
    the target hex's terrain (the map is unsurveyed)."""
    got = needs(Log(FACING, httr).phase(1, "allied_fire").say("df C2909 from C2808").roll("Direct Fire", 3, 4))
    assert any("strength of unit" in n for n in got) and any("terrain of the target hex C2909" in n for n in got)
