"""Issue #15's "Done means" on the bundled HTTR data, for fire, observation, movement and close action checks: each
test plays a short log on the bundled game (its units, hexes and dice buttons) that reaches the check named in its
comment, asserts that nothing is flagged and that a NotCheckable names the datum the catalogue's fourth field gives
for that predicate (or, where the check stands behind an earlier missing datum, that datum: the docstring says so)."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.httr.helpers import Log

INF, INF2, GER, AT = "2/506 5-3 no.1", "2/506 5-3 no.2", "II/159/59", "81/101 2-2-8AT no.1"
CAR, HQ, PZJ, GUN, GUN2 = "HCav Troop A", "1036/59", "PzJgr/7FJ", "52/GA no.1", "52/GA no.2"
CONC, TRAVEL, DEF = {"Mode": "Concentrated"}, {"Mode": "Travel"}, {"Mode": "Defilade"}
TOWN = "C0715"  # one of the three hexes terrain.toml surveys (town, ScR 3.3); its neighbours are unsurveyed


@pytest.fixture(scope="module")
def httr():
    return load_game("highway-to-the-reich")


def needs(log: Log) -> list[str]:
    """What the verdicts after the opening phase change need; none of them is Illegal."""
    vs = [v for j in log.check().judged[1:] for v in j.verdicts]
    assert vs and not [v for v in vs if isinstance(v, Illegal)], vs
    return [v.needs for v in vs if isinstance(v, NotCheckable)]


def test_at_fire_needs_the_observers_observation_range(httr):  # DF-1
    """DF-1 (SR 6.2.2, 7.0): DF (here AT fire) only at an observed target; the in-battery AT company in the town
    hex C0715 fires at C0915, two hexes away, and whether it sees that far needs the TEC's observation range of
    town, which is not transcribed; from the unsurveyed C2808 it needs the map terrain of the observer's hex."""
    got = needs(Log({AT: (TOWN, DEF), GER: ("C0915", CONC)}, httr).phase(5, "allied_fire").say(f'at C0915 from "{AT}"'))
    assert any("TEC 'town' observation_range" in n for n in got)
    got = needs(Log({AT: ("C2808", DEF), GER: ("C3008", CONC)}, httr).phase(5, "allied_fire").say(f'at C3008 from "{AT}"'))
    assert any("terrain of observer's hex C2808" in n and "unsurveyed" in n for n in got)


def test_fire_two_hexes_away_needs_the_dike_hexsides(httr):  # DF-3
    """DF-3 (SR 6.2.3): DF through a dike hexside reaches one hex; the AT company's fire from C2808 at C3008 passes
    along hexsides the unsurveyed map does not give, so whether one is a dike hexside is not checkable."""
    got = needs(Log({AT: ("C2808", DEF), GER: ("C3008", CONC)}, httr).phase(5, "allied_fire").say(f'at C3008 from "{AT}"'))
    assert any(n.startswith("whether hexside ") and "is a dike hexside" in n and "unsurveyed" in n for n in got)


def test_opportunity_fire_beyond_the_adjacent_hex_needs_whether_it_is_if(httr):  # IF-2
    """IF-2 (SR 6.5.1.2): artillery and HW fire IF as OF at most once per enemy Movement Phase; an OF beyond the
    adjacent hex is IF only if its firer is artillery or HW, and the 506th company's units.csv type is unknown. Beyond
    the adjacent hex the question is asked once more than at the adjacent hex (where it is DF whatever the firer)."""
    def asked(hex_: str, start: str) -> int:
        log = Log({INF: ("C2808", CONC), GER: (start, CONC)}, httr).phase(5, "german_movement").move(GER, hex_) \
            .say(f'of {hex_} from "{INF}"')
        return needs(log).count(f"the type of unit {INF} (units.csv type)")
    assert asked("C3008", "C3009") == asked("C2908", "C2909") + 1


def test_an_if_packet_needs_its_firers_effectiveness(httr):  # IF-6
    """IF-6 (SR 6.5.1.10): the units of one IF packet have one ER; the two batteries of the 52nd (artillery by
    units.csv) fire together, but units.csv gives them no effectiveness."""
    log = Log({GUN: ("C2808", DEF), GUN2: ("C2808", DEF), GER: ("C3208", CONC)}, httr).phase(5, "allied_fire") \
        .say(f'if C3208 from "{GUN}" "{GUN2}"')
    assert f"effectiveness of unit {GUN} (units.csv)" in needs(log)


def zoc_needs(got: list[str], firer: str, into: str) -> list[str]:
    return [n for n in got if n.startswith(f"whether {firer} exerts a ZOC into {into}")]


def test_one_of_per_unit_moved_one_by_one_needs_the_zoc(httr):  # OF-4
    """OF-4 (SR 6.6.2.1, 8.2): leaving an EZOC draws one OF from each controlling unit, and units moved one by one
    draw it each: the 506th company fires at the German battery and then at the AT company as each leaves C2909.
    Neither OF is flagged, but whether the company controls a ZOC there needs the ZOC (terrain, range, observation),
    which the unsurveyed map does not give: each OF says so."""
    log = Log({INF: ("C2808", CONC), GER: ("C2909", CONC), PZJ: ("C2909", CONC)}, httr).phase(5, "german_movement") \
        .say(f'of C2909 from "{INF}" target "{GER}" trigger leave').move(GER, "C3009") \
        .say(f'of C2909 from "{INF}" target "{PZJ}" trigger leave').move(PZJ, "C3010")
    assert len(zoc_needs(needs(log), INF, "C2909")) == 2


def test_of_at_a_mode_change_needs_the_zoc(httr):  # OF-5
    """OF-5 (SR 6.6.2.2): a voluntary mode change in an EZOC triggers OF; the German battery in C2909 changes to
    Defilade after the 506th company's OF with trigger mode, but whether C2909 is in the company's ZOC needs the
    ZOC (map terrain), which the bundled data lacks."""
    log = Log({INF: ("C2808", CONC), GER: ("C2909", CONC)}, httr).phase(5, "german_movement") \
        .say(f'of C2909 from "{INF}" trigger mode').mode(GER, "Defilade", "Concentrated")
    assert zoc_needs(needs(log), INF, "C2909")


def test_direct_fire_by_an_untyped_unit_needs_whether_it_is_an_hq(httr):  # OF-10
    """OF-10 (SR 6.6.4.3): HQs fire only OF; the 506th company's DF in the Allied Fire Phase is not checkable on it,
    as units.csv gives the company no type (an HQ, 506/101, is flagged: test_pairs_*)."""
    log = Log({INF: ("C2808", CONC), GER: ("C2909", CONC)}, httr).phase(5, "allied_fire").say(f'df C2909 from "{INF}"')
    assert f"the type of unit {INF} (units.csv type)" in needs(log)


def test_if_as_of_needs_the_spotters_line_of_sight(httr):  # OF-12
    """OF-12 (SR 6.6.5.1): IF as OF only at a unit moved more than two contiguous hexes under one spotter's
    continuous observation; the German HQ moves four hexes, one at a time, past the 506th company, which spots for
    the 52nd's battery, but whether it saw each hex needs the LOS (the observer's hex C2808 is unsurveyed)."""
    log = Log({GUN: ("C2804", DEF), INF: ("C2808", CONC), HQ: ("C3008", DEF)}, httr).phase(5, "german_movement") \
        .move(HQ, "C2908").move(HQ, "C2909").move(HQ, "C2910").move(HQ, "C2911") \
        .say(f'of C2911 from "{GUN}" spotter "{INF}"')
    assert any("terrain of observer's hex C2808" in n and "unsurveyed" in n for n in needs(log))


def test_ambush_fire_needs_the_hexes_cover(httr):  # OF-14
    """OF-14 (SR 6.6.8.1-6.6.8.3): ambush fire only at a unit entering a hex without covering terrain, by an ambusher
    in covering terrain; neither C2909 (entered) nor C2808 (the ambusher's) is surveyed."""
    log = Log({INF: ("C2808", CONC), GER: ("C2910", CONC)}, httr).phase(5, "german_movement").move(GER, "C2909") \
        .say(f'of C2909 from "{INF}" trigger ambush')
    assert any(n.startswith("terrain of hexes C2909 and C2808") and "unsurveyed" in n for n in needs(log))


def test_a_spotters_view_past_a_dike_stops_at_its_range(httr):  # OBS-7
    """OBS-7 (SR 7.3.1): a dike, raised road or embankment hex blocks unless the observer is next to it or on a
    hilltop or city hex. The bundled map gives no dike, and the check is never reached: the observation first needs
    the observer's range, and the AT company (typed AT, so known to be no leader) spotting from the unsurveyed C2808
    for the 52nd's battery at C3008, two hexes away, is not checkable naming the map terrain of its hex (the datum
    the dikes are part of)."""
    log = Log({GUN: ("C2804", DEF), AT: ("C2808", DEF), GER: ("C3008", CONC)}, httr).phase(5, "allied_fire") \
        .say(f'if C3008 from "{GUN}" spotter "{AT}"')
    assert any("terrain of observer's hex C2808" in n and "unsurveyed" in n for n in needs(log))


def test_a_spotters_slope_bonus_stops_at_its_range(httr):  # OBS-9
    """OBS-9 (SR 7.3.5): +2 observation range through an adjacent slope hexside from its high side. The bundled map
    gives no slope hexside, and the bonus is added to a range it never has: the AT company spotting from the
    surveyed town hex C0715 at C0915 is not checkable, naming the TEC's town observation range (not transcribed)."""
    log = Log({GUN: ("C0711", DEF), AT: (TOWN, DEF), GER: ("C0915", CONC)}, httr).phase(5, "allied_fire") \
        .say(f'if C0915 from "{GUN}" spotter "{AT}"')
    assert any("TEC 'town' observation_range" in n for n in needs(log))


def ca(setup: dict, httr) -> Log:
    """The Allied close action from C2808 on C2909 in GT 10."""
    return Log(setup, httr).phase(10, "allied_movement").say("ca C2909 from C2808")


def test_a_close_action_across_an_unsurveyed_hexside_needs_the_map(httr):  # CA-8
    """CA-8 (SR 10.1.13): no CA into a hex the unit may not enter (across a river but by a bridge); the Household
    Cavalry troop (vehicular, MA 14 by units.csv) attacks the German HQ in C2909, but the map gives neither the
    hexside's rivers and bridges nor the hex's terrain: the entry is not checkable, naming the hex's terrain."""
    got = needs(ca({CAR: ("C2808", CONC), HQ: ("C2909", DEF)}, httr))
    assert "terrain of hex C2909 (unsurveyed)" in got


def test_a_close_action_under_an_untyped_top_unit_needs_its_type(httr):  # CA-10
    """CA-10 (SR 10.1.17, 18.2.6): artillery and AT never attack, and artillery on top stops the stack's CA; the AT
    company under the 506th company is left out, but whether the company on top is artillery units.csv does not
    say."""
    got = needs(ca({AT: ("C2808", DEF), INF: ("C2808", CONC), HQ: ("C2909", DEF)}, httr))
    assert [n for n in got if n.startswith(f"the type of unit {INF} (units.csv type: artillery on top")]


def test_a_close_action_over_a_disrupted_unit_needs_the_top_units_type(httr):  # CA-11
    """CA-11 (SR 10.4.4.1-10.4.4.2, 13.3.2.2): disrupted and depleted units never attack, and a depleted top unit
    stops the CA; the disrupted company below is left out and the company on top is not depleted, but which units may
    attack needs its units.csv type (a depleted top is flagged on bundled data too: its layer is logged)."""
    setup = {INF2: ("C2808", {"Mode": "Concentrated", "Disrupted": "Disrupted"}), INF: ("C2808", CONC),
             HQ: ("C2909", DEF)}
    assert any(n.startswith(f"the type of unit {INF} (units.csv type") for n in needs(ca(setup, httr)))
    depleted = {INF2: ("C2808", CONC), INF: ("C2808", {"Mode": "Concentrated", "Depleted": "Depleted"}),
                HQ: ("C2909", DEF)}
    verdicts = [v for j in ca(depleted, httr).check().judged for v in j.verdicts]
    assert "HTTR SR 13.3.2.2" in [v.rule for v in verdicts if isinstance(v, Illegal)]


def test_a_close_action_by_untyped_units_needs_whether_one_is_a_hw(httr):  # CA-12
    """CA-12 (SR 18.1.2.1-18.1.2.2): a HW unit never attacks alone or on top, and only with line infantry of its
    subordination; two 506th companies attack, and whether either is a HW (or line infantry) units.csv does not say."""
    got = needs(ca({INF2: ("C2808", CONC), INF: ("C2808", CONC), HQ: ("C2909", DEF)}, httr))
    assert [n for n in got if n.startswith(f"the type of unit {INF} (units.csv type: a HW unit")]


def test_a_close_action_in_travel_needs_the_units_movement_allowance(httr):  # MOV-6
    """MOV-6 (SR 9.3.1): the MA by unit type (12, recon 14, King Tiger II 9, static 0), unless units.csv prints it;
    the 506th company in Travel Mode (its TEC column known without its mobility) close-assaults, and the CA's MP
    (SR 10.1.11) need its MA, which units.csv gives neither as movement nor through a type."""
    got = needs(ca({INF: ("C2808", TRAVEL), HQ: ("C2909", DEF)}, httr))
    assert f"movement of unit {INF} (units.csv)" in got


NIJMEGEN_BRIDGE = "B3235"  # terrain.toml places: the Nijmegen bridge's hex (ScR 8.2.2.4); not its hexside


def test_a_leg_units_bridge_toll_stops_at_its_mobility(httr):  # MOV-14
    """MOV-14 (SR 9.4.2.4): a leg unit pays 1 MP more to cross a bridge only a raised road, trail or railroad crosses.
    The check is never reached on bundled data: the map gives no bridge hexside (only the Nijmegen bridge's hex) and
    the step stops at an earlier missing datum: the 506th company's step onto B3235 is not checkable naming its
    units.csv mobility (whether it is a leg unit at all)."""
    got = needs(Log({INF: ("B3135", CONC)}, httr).phase(10, "allied_movement").move(INF, NIJMEGEN_BRIDGE))
    assert f"whether unit {INF} is leg, vehicular or towed (units.csv mobility)" in got


def test_a_crossing_at_the_nijmegen_bridge_stops_at_the_hexs_terrain(httr):  # MOV-15
    """MOV-15 (ScR 9.0-9.1): no river or canal crossing except at a bridge or by a ferry. The map gives neither the
    Waal's hexsides nor the bridge's, and the check is never reached: the Household Cavalry troop's step (vehicular,
    MA 14 by units.csv) onto the bridge hex B3235 stops at the entered hex's terrain, unsurveyed."""
    got = needs(Log({CAR: ("B3135", CONC)}, httr).phase(10, "allied_movement").move(CAR, NIJMEGEN_BRIDGE))
    assert f"terrain of hex {NIJMEGEN_BRIDGE} (unsurveyed)" in got


def test_a_travel_step_into_maybe_marsh_stops_at_the_hexs_terrain(httr):  # MOV-16
    """MOV-16 (SR 9.4.6): an AFV or Travel unit enters marsh only along a road, trail or railroad. The map gives no
    marsh hex and the check is never reached: the Household Cavalry troop's step in Travel Mode into C2807, which may
    be marsh, stops at the entered hex's terrain (the map's marsh is part of it), unsurveyed."""
    got = needs(Log({CAR: ("C2808", TRAVEL)}, httr).phase(10, "allied_movement").move(CAR, "C2807"))
    assert "terrain of hex C2807 (unsurveyed)" in got


def test_a_reaction_move_on_a_low_roll_needs_the_hqs_cp(httr):  # MOV-25
    """MOV-25 (SR 14.6.2): in a Reaction Phase a CP-rolled MA under half the normal MA moves a leg unit one hex, a
    vehicular unit two. Whether the 506th company moves on a rolled MA at all needs the CP its HQ 506/101 holds (the
    CP state), which this log does not show (no 0601/1501 CP/Logistic Phase; 506/101's division HQ, '101', is no unit
    of units.csv, so no record track is tied to it): the roll of 2 for 506/101 and the company's move in the Allied
    Reaction Phase are not checkable, naming it."""
    log = Log({INF: ("C2808", CONC), "506/101": ("C2812", DEF)}, httr).phase(10, "allied_reaction") \
        .say("ma 506/101").roll("Movement Allowance 2d6", 1, 1).move(INF, "C2809").phase(11, "weather")
    assert sum(n.startswith("the CP held by 506/101") for n in needs(log)) >= 2  # the roll and the move
