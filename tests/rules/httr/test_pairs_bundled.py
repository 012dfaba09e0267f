"""The bundled HTTR data's side of the pairs tested in test_pairs_play/test_pairs_more (issue #15): where the
bundled data lacks what a check needs (units.csv mobility, strength and effectiveness, the unsurveyed map), the
check says not checkable naming the datum, never legal or illegal. A 101st Airborne company in C2808 faces a
German battalion in C2909, both Concentrated."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import Illegal, NotCheckable
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


def test_a_reaction_move_needs_whether_the_unit_is_leg(httr):  # SOP-4, SR 9.1.4 (L454)
    """SOP-4 on the bundled data: a Reaction Phase move's hex limit (2 hexes for leg units, 4 for others) needs
    units.csv mobility."""
    got = needs(Log(FACING, httr).phase(1, "allied_reaction").move(INF, "C2807"))
    assert any("units.csv mobility" in n for n in got)


def test_entering_travel_needs_the_units_mobility(httr):  # MOD-7, SR 9.5.1.1 (L503)
    """MOD-7 on the bundled data: only vehicular-capable units enter Travel Mode; units.csv does not say whether the
    company is one."""
    log = Log({INF: ("C2808", {"Mode": "Concentrated"})}, httr).phase(1, "allied_organization") \
        .mode(INF, "Travel", "Concentrated")
    assert any("units.csv mobility" in n for n in needs(log))


def range_verdicts(httr, line: str) -> list:
    return [v for j in Log(FACING, httr).phase(1, "allied_fire").say(line).check().judged[1:] for v in j.verdicts]


def test_at_and_indirect_fire_need_the_firers_printed_range(httr):  # FIR-4, AT-3, IF-1
    """FIR-4/AT-3/IF-1 on the bundled data: AT fire's range and whether a unit may fire IF at all come from its
    printed range, which units.csv does not give: the range check is not checkable (the declaration's other checks,
    e.g. adjacency's observation, may still be legal) and nothing is flagged."""
    for line in ("at C2909 from C2808", "if C2909 from C2808"):
        got = range_verdicts(httr, line)
        assert not [v for v in got if isinstance(v, Illegal)]
        assert any(isinstance(v, NotCheckable) and "range of unit 2/506 5-3 no.1 (units.csv)" in v.needs for v in got)


def test_a_recovery_needs_the_units_morale(httr):  # DIS-2, MOR-1, SR 10.6.4 (L638), 16.1-16.2
    """DIS-2/MOR-1 on the bundled data: recovering from disruption is a morale check against the unit's morale,
    which units.csv does not give."""
    log = Log({INF: ("C2808", {"Disrupted": "Disrupted", "Mode": "Concentrated"})}, httr).phase(1, "allied_command") \
        .roll("Morale Check", 4, 4).layer(INF, "Disrupted", "Disrupted", "Normal")
    recovery = log.check().judged[-1].verdicts
    assert recovery and all(isinstance(v, NotCheckable) for v in recovery)
    assert "morale of unit 2/506 5-3 no.1 (units.csv)" in recovery[0].needs


def test_at_fire_two_hexes_away_needs_the_map(httr):  # AT-1, AT-4, OBS-3
    """AT-1/AT-4/OBS-3 on the bundled data: AT fire at a unit two hexes away needs a LOS and the target outside
    covering terrain; the map is unsurveyed, so the observation is not checkable, and nothing is flagged."""
    two = {INF: ("C2808", {"Mode": "Concentrated"}), GER: ("C3008", {"Mode": "Concentrated"})}
    got = [v for j in Log(two, httr).phase(1, "allied_fire").say("at C3008 from C2808").check().judged[1:]
           for v in j.verdicts]
    assert got and not [v for v in got if isinstance(v, Illegal)]
    assert any(isinstance(v, NotCheckable) and "terrain of observer's hex C2808 is unsurveyed" in v.needs for v in got)


def test_a_barrages_result_needs_the_target_hexs_terrain(httr):  # IF-12, SR 6.5.3-6.5.6 (L310-334)
    """IF-12 on the bundled data: the off-map battery's barrage at C3008, spotted from C2908, rolls 7; its result
    needs the Fire Results line of the target hex's terrain, and the map is unsurveyed: not checkable, nothing
    flagged."""
    art, hq = "offmap battery no.1", "501/101"
    setup = {art: ("C2808", {"Mode": "Defilade"}), hq: ("C2807", {"Mode": "Defilade"}),
             INF: ("C2908", {"Mode": "Concentrated"}), GER: ("C3008", {"Mode": "Concentrated"})}
    log = Log(setup, httr).phase(1, "allied_fire").say(f'if C3008 from "{art}" spotter "{INF}" hq "{hq}"') \
        .roll("Indirect Fire", 3, 4)
    assert any("terrain of the target hex C3008 (unsurveyed)" in n for n in needs(log))
