"""Issue #15's "Done means" on the bundled HTTR data, for fire, observation, movement and close action checks: each
test plays a short log on the bundled game (its units, hexes and dice buttons) that reaches the check named in its
comment, asserts that nothing is flagged and that a NotCheckable names the datum the catalogue's fourth field gives
for that predicate (or, where the check stands behind an earlier missing datum, that datum: the docstring says so)."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import Illegal
from tests.rules.httr.helpers import Log
from tests.rules.httr.test_bundled_needs import needs

INF, INF2, GER, AT = "2/506 5-3 no.1", "2/506 5-3 no.2", "II/159/59", "81/101 2-2-8AT no.1"
CAR, HQ, PZJ, GUN, GUN2 = "HCav Troop A", "1036/59", "PzJgr/7FJ", "52/GA no.1", "52/GA no.2"
CONC, TRAVEL, DEF = {"Mode": "Concentrated"}, {"Mode": "Travel"}, {"Mode": "Defilade"}
TOWN = "C0715"  # one of the three hexes terrain.toml surveys (town, ScR 3.3); its neighbours are unsurveyed


@pytest.fixture(scope="module")
def httr():
    return load_game("highway-to-the-reich")


def at_fire(httr, at: str, target: str) -> Log:
    """The in-battery AT company in ``at`` fires AT at the German battery in ``target`` in GT 5."""
    return Log({AT: (at, DEF), GER: (target, CONC)}, httr).phase(5, "allied_fire").say(f'at {target} from "{AT}"')


def test_at_fire_needs_the_observers_observation_range(httr):  # DF-1
    """DF-1 (SR 6.2.2, 7.0): DF (here AT fire) only at an observed target; the in-battery AT company in the town
    hex C0715 fires at C0915, two hexes away, and whether it sees that far needs the TEC's observation range of
    town, which is not transcribed; from the unsurveyed C2808 it needs the map terrain of the observer's hex."""
    got = needs(at_fire(httr, TOWN, "C0915"))
    assert any("TEC 'town' observation_range" in n for n in got)
    got = needs(at_fire(httr, "C2808", "C3008"))
    assert any("terrain of observer's hex C2808" in n and "unsurveyed" in n for n in got)


def test_fire_two_hexes_away_needs_the_dike_hexsides(httr):  # DF-3
    """DF-3 (SR 6.2.3): DF through a dike hexside reaches one hex; the AT company's fire from C2808 at C3008 passes
    along hexsides the unsurveyed map does not give, so whether one is a dike hexside is not checkable."""
    got = needs(at_fire(httr, "C2808", "C3008"))
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


CAR2 = "HCav Troop B"


def step_needs(setup: dict, httr, turn: int = 10) -> list[str]:
    """What the Household Cavalry troop's step from C2808 into C2807 in the Allied Movement Phase needs."""
    return needs(Log(setup, httr).phase(turn, "allied_movement").move(CAR, "C2807"))


def test_a_travel_column_of_three_stops_at_the_entered_hexs_terrain(httr):  # MOV-17
    """MOV-17 (SR 9.6.5, 11.3.5): at most two Travel units in a stack moving on a thoroughfare. The check is never
    reached on bundled data: the map gives no road, and each unit's step of the three-unit Travel drag (the two
    Household Cavalry troops and a 52nd battery) into C2807 stops at the entered hex's terrain, unsurveyed."""
    setup = {CAR: ("C2808", TRAVEL), CAR2: ("C2808", TRAVEL), GUN: ("C2808", TRAVEL)}
    got = needs(Log(setup, httr).phase(10, "allied_movement").drag((CAR, CAR2, GUN), "C2807"))
    assert got.count("terrain of hex C2807 (unsurveyed)") == 3


def test_travel_sp_in_a_hex_stop_at_the_entered_hexs_terrain(httr):  # MOV-18
    """MOV-18 (SR 9.6.5, 11.3.6): never more than 8 SP in Travel Mode in a hex. The check is never reached on bundled
    data: units.csv gives the troops no strength, and the step into C2807, where the other troop stands in Travel,
    stops first at the entered hex's terrain (its stacking limit and MP), unsurveyed."""
    assert "terrain of hex C2807 (unsurveyed)" in step_needs({CAR: ("C2808", TRAVEL), CAR2: ("C2807", TRAVEL)}, httr)


def test_passing_through_a_travel_unit_stops_at_the_entered_hexs_terrain(httr):  # MOV-19
    """MOV-19 (SR 9.6.6): a Travel unit never passes through other Travel units along a thoroughfare, it stops on
    entering their hex. The check is never reached on bundled data: the map gives no thoroughfare, and the troop's
    move in Travel through C2807 (the other troop there in Travel) to C2806 stops at C2807's terrain, unsurveyed."""
    log = Log({CAR: ("C2808", TRAVEL), CAR2: ("C2807", TRAVEL)}, httr).phase(10, "allied_movement") \
        .move(CAR, "C2807", "C2806")
    assert "terrain of hex C2807 (unsurveyed)" in needs(log)


def test_joining_a_stack_on_top_needs_the_zoc(httr):  # MOV-21
    """MOV-21 (SR 9.6.3, 11.3.4): a unit joining a stack in an EZOC goes to its bottom; the 506th company joins the
    other in C2809 on top (the logged order), and whether C2809 is in the German HQ's ZOC needs the ZOC (C2809's
    terrain), which the unsurveyed map does not give."""
    log = Log({INF2: ("C2809", CONC), INF: ("C2808", CONC), HQ: ("C2910", DEF)}, httr).phase(10, "allied_movement") \
        .move(INF, "C2809", stack=(INF2, INF))  # bottom first: INF on top
    assert "whether C2809 is in an enemy ZOC (SR 8.0)" in needs(log)


def test_a_leaders_mp_for_his_hqs_units_stop_at_the_units_ma(httr):  # MOV-26
    """MOV-26 (SR 19.2.3, 19.6.2): a leader stacked with his HQ adds 1 MP to the MA of each of its units. Frost
    stands with 506/101; the bonus is never reached on bundled data, since the MA it adds to is unknown: the 506th
    company's close action in Travel (its MP, SR 10.1.11) stops at its units.csv movement."""
    setup = {INF: ("C2808", TRAVEL), "506/101": ("C2812", DEF), "Frost": ("C2812", CONC), HQ: ("C2909", DEF)}
    assert f"movement of unit {INF} (units.csv)" in needs(ca(setup, httr))


def test_a_night_step_stops_at_the_entered_hexs_terrain(httr):  # MOV-27
    """MOV-27 (SR 20.3): at night +1 MP per hex off road and road rates doubled. In night GT 4 (game.toml calendar;
    30 Corps may move then, ScR 8.2.4) the troop's step into C2807 stops at the hex's terrain (TEC cost, and whether
    a road runs there), unsurveyed: the night's extra is added to a cost that is not known."""
    assert "terrain of hex C2807 (unsurveyed)" in step_needs({CAR: ("C2808", CONC)}, httr, turn=4)


def test_the_stacking_limit_stops_at_the_entered_hexs_terrain(httr):  # STK-1
    """STK-1 (SR 11.2.1-11.2.5, 11.2.8, 9.2.5): the SP in a hex never exceed its terrain's limit, at any moment. The
    troop steps into C2807 where the 506th company stands; the limit needs C2807's terrain (unsurveyed) before the
    units' strength (units.csv): the step is not checkable, naming the terrain."""
    assert "terrain of hex C2807 (unsurveyed)" in step_needs({CAR: ("C2808", CONC), INF: ("C2807", CONC)}, httr)


def test_leaders_in_the_stacking_count_stop_at_the_entered_hexs_terrain(httr):  # STK-2
    """STK-2 (SR 11.2.6, 18.5.2, 18.10): leaders, markers, static units and static flak never count for stacking.
    Frost (a leader by units.csv) and the untyped 506th company stand in C2807; whether each counts is never asked on
    bundled data, as the troop's step into C2807 stops at the hex's terrain (its stacking limit), unsurveyed."""
    setup = {CAR: ("C2808", CONC), "Frost": ("C2807", CONC), INF: ("C2807", CONC)}
    assert "terrain of hex C2807 (unsurveyed)" in step_needs(setup, httr)


def test_travel_to_concentrated_after_a_move_needs_its_mp(httr):  # MOD-4
    """MOD-4 (SR 5.2.1 exc. 2, 9.5.1.4): Travel to Concentrated at the end of a move costs 2 MP within the MA. The
    Household Cavalry troop (MA 14 by units.csv) moves in Travel between the surveyed town hexes C0814 and C0715
    (so the raised-road question, MOD-8, is answered) and changes to Concentrated; the MP its move spent need the
    TEC's Travel cost of town, which is not transcribed, so the 2 MP are not checkable (they were legal, counting the
    unknown cost 0)."""
    log = Log({CAR: ("C0814", TRAVEL)}, httr).phase(10, "allied_movement").move(CAR, TOWN) \
        .mode(CAR, "Concentrated", "Travel")
    got = needs(log)
    assert sum("TEC 'town' move_travel" in n for n in got) == 2  # the move, then the mode change


def test_travel_to_defilade_needs_the_units_type(httr):  # MOD-5
    """MOD-5 (SR 5.2.2-5.2.3): only units without a concentrated mode (HQ, artillery, towed) and SPA go between
    Travel and Defilade directly; the 506th company does so in the town hex C0715 (surveyed: MOD-8 answered) in the
    Allied Organization Phase, and units.csv gives it neither type nor mobility (it was flagged SR 5.2.3, reading
    the unknown as 'none of them')."""
    log = Log({INF: (TOWN, TRAVEL)}, httr).phase(10, "allied_organization").mode(INF, "Defilade", "Travel")
    assert f"the type of unit {INF} (units.csv type)" in needs(log)
