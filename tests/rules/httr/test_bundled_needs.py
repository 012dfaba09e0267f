"""Issue #15's "Done means" on the bundled HTTR data: a check that needs a datum the transcription lacks says *not
checkable* naming it, never legal or illegal on a guess. Each test plays a short log on the bundled game (its
units, hexes and dice buttons) that reaches the check named in its comment, asserts that nothing is flagged and
that a NotCheckable names the datum the catalogue's fourth field gives for that predicate."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.httr.helpers import Log

INF, INF2, GER, AT = "2/506 5-3 no.1", "2/506 5-3 no.2", "II/159/59", "81/101 2-2-8AT no.1"
CAR, FROST = "HCav Troop A", "Frost"
CONC, TRAVEL = {"Mode": "Concentrated"}, {"Mode": "Travel"}


@pytest.fixture(scope="module")
def httr():
    return load_game("highway-to-the-reich")


def needs(log: Log) -> list[str]:
    """What the verdicts after the opening phase change need; none of them is Illegal."""
    vs = [v for j in log.check().judged[1:] for v in j.verdicts]
    assert vs and not [v for v in vs if isinstance(v, Illegal)], vs
    return [v.needs for v in vs if isinstance(v, NotCheckable)]


def test_a_move_needs_the_ferry_hexsides_and_the_tether_hexes(httr):  # RES-11, RES-12
    """RES-12 (ScR 8.3.3): whether a move crosses a ferry hexside other than Pannerden's needs the map's ferry
    hexsides; RES-11 (ScR 8.3.2): the drop-zone tether needs the drop zones' and Club Route's hexes. Neither is
    transcribed, so the company's move from C2808 to C2707 is not checkable on either."""
    got = needs(Log({INF: ("C2808", CONC), GER: ("C2909", CONC)}, httr).phase(1, "allied_movement")
                .move(INF, "C2807", "C2707"))
    assert any("ferry hexsides other than Pannerden's" in n for n in got)
    assert any("the drop zones' hexes, the bridges on Club Route and Club Route's hexes" in n for n in got)


def test_a_german_move_needs_the_polder_hexes(httr):  # RES-1
    """RES-1 (ScR 8.0 L1292): German units never enter the polder's mixed hexes east of the highway; the map is not
    transcribed, so a German move in GT 5 is not checkable on it."""
    got = needs(Log({GER: ("C2909", TRAVEL)}, httr).phase(5, "german_movement").move(GER, "C2908", "C2907"))
    assert any("the polder's mixed hexes" in n for n in got)


def test_a_close_action_needs_the_protected_battalions_units(httr):  # RES-13
    """RES-13 (ScR 8.3.4): the 16th SS battalion's protection from CA initiation needs its units, which only the
    Formation Displays list (not in units.csv)."""
    got = needs(Log({INF: ("C2808", CONC), GER: ("C2909", CONC)}, httr).phase(1, "allied_movement")
                .say("ca C2909 from C2808").roll("Close Action", 4))
    assert any("the units of the 16th SS battalion" in n for n in got)


def test_direct_fire_in_travel_needs_the_firers_type(httr):  # DF-9, DF-10
    """DF-9/DF-10 (SR 6.3.1.11): a unit in Travel Mode may fire only with an AFV silhouette or as armored recon, so
    whether it may depends on units.csv type: the 506th company's row gives none (not checkable), while the
    Household Cavalry troop's 'armored car' (recon + AFV, SR 18.9.7) may fire in Travel, its type needed no more."""
    def df_in_travel(firer: str) -> list[str]:
        return needs(Log({firer: ("C2808", TRAVEL), GER: ("C2909", CONC)}, httr).phase(5, "allied_fire")
                     .say(f'df C2909 from "{firer}"').roll("Direct Fire", 3, 4))
    assert any(f"the type of unit {INF} (units.csv type: who fires in Travel Mode)" in n for n in df_in_travel(INF))
    assert not any("who fires in Travel Mode" in n for n in df_in_travel(CAR))


def test_at_fire_from_below_the_top_two_needs_the_stacks_types(httr):  # AT-2, DF-8
    """AT-2/DF-8 (SR 6.3.1.4, 6.4.1.4): only the top two fire, but an AT unit under an infantry unit of the top two
    fires AT too; the in-battery (Defilade, SR 18.2.2) AT company under two 506th companies in C2808 may or may not
    be such a case, since units.csv gives the companies no type."""
    setup = {AT: ("C2808", {"Mode": "Defilade"}), INF2: ("C2808", CONC), INF: ("C2808", CONC), GER: ("C2909", CONC)}
    got = needs(Log(setup, httr).phase(5, "allied_fire").say(f'at C2909 from "{AT}"'))
    assert any("the types of the units in C2808 (units.csv type: an AT unit under infantry" in n for n in got)


def test_opportunity_fire_needs_the_firers_zoc(httr):  # OF-11
    """OF-11 (SR 6.6.2): OF at a unit moving in the firer's ZOC needs that ZOC (SR 8.0: terrain, range,
    observation), which the unsurveyed map does not give."""
    got = needs(Log({INF: ("C2808", CONC), GER: ("C2909", CONC)}, httr).phase(5, "german_movement")
                .move(GER, "C2908").say(f'of C2908 from "{INF}"').roll("Direct Fire", 3, 4))
    assert any(f"whether {INF} exerts a ZOC into C2908 (SR 8.0" in n for n in got)


def test_ambush_fire_needs_the_target_hexs_cover(httr):  # OF-15
    """OF-15 (SR 6.6.8): ambush fire at a unit entering a hex needs whether that hex is covering terrain (forest or
    city); C2909's terrain is unsurveyed."""
    got = needs(Log({INF: ("C2808", CONC), GER: ("C2910", CONC)}, httr).phase(5, "german_movement")
                .move(GER, "C2909").say(f'of C2909 from "{INF}" trigger move').roll("Direct Fire", 3, 4))
    assert "terrain of hex C2909 (unsurveyed)" in got


def test_fire_at_an_untyped_unit_needs_whether_it_is_a_leader(httr):  # DF-6, MOR-5
    """DF-6/MOR-5 (SR 19.3.3): leaders are never fired at; the German AT company's DF at the 506th company, whose
    units.csv type is unknown, is not checkable on it (a known leader, Frost, is flagged: test_pairs_*)."""
    setup = {INF: ("C2808", CONC), "1036/59": ("C2909", CONC), "PzJgr/7FJ": ("C2909", {"Mode": "Defilade"})}
    got = needs(Log(setup, httr).phase(10, "german_fire").say(f'df C2808 from "PzJgr/7FJ" target "{INF}"')
                .roll("Direct Fire", 3, 4))
    assert f"the type of unit {INF} (units.csv type: leaders are never fired at)" in got


def test_a_close_actions_cp_needs_the_controlling_hq(httr):  # CA-13, CA-6
    """CA-13 (SR 10.1.14, 14.6.1): a CA costs its controlling HQ a CP; the Household Cavalry troop's formation
    'Guards Armored' is GA HQ (game.toml [special.formation_hqs]), whose CP the log has not shown; CA-6 (SR
    10.1.6-10.1.7): the CA's MP cost needs the TEC cost of the target hex C2909, whose terrain is unsurveyed."""
    got = needs(Log({CAR: ("C2808", CONC), GER: ("C2909", CONC)}, httr).phase(10, "allied_movement")
                .say("ca C2909 from C2808").roll("Close Action", 4))
    assert any(n.startswith("the CP held by GA HQ (SR 14.3.8") for n in got), got
    assert "terrain of hex C2909 (unsurveyed)" in got


def test_a_vehicular_step_needs_the_entered_hexs_terrain(httr):  # MOV-5
    """MOV-5 (SR 9.2-9.3): the Household Cavalry troop is vehicular (units.csv), so its step's MP come from the TEC's
    vehicular column for C2807's terrain, which is unsurveyed: not checkable naming the hex."""
    got = needs(Log({CAR: ("C2808", CONC)}, httr).phase(10, "allied_movement").move(CAR, "C2807", "C2806"))
    assert "terrain of hex C2807 (unsurveyed)" in got


def test_entering_an_untyped_enemy_needs_whether_it_is_a_lone_leader(httr):  # MOV-4
    """MOV-4 (SR 9.2.2, 19.3.1): no unit enters an enemy-held hex, but a lone leader does not bar it; the 506th
    company's units.csv type is unknown, so the German HQ's move into its hex is not checkable, not illegal."""
    got = needs(Log({INF: ("C2807", CONC), "1036/59": ("C2808", {"Mode": "Defilade"})}, httr)
                .phase(10, "german_movement").move("1036/59", "C2807"))
    assert f"the type of unit {INF} (units.csv type: a lone leader does not bar the hex, SR 19.3.1)" in got


def test_an_airstrike_needs_the_targets_terrain_and_an_observers_los(httr):  # AS-5, AS-7
    """AS-5 (ScR 7.2.1a): no strike at units in Defilade in a city or forest hex out of reach, and C2909's terrain is
    unsurveyed; AS-7 (ScR 7.2.7): the target is observed by a unit of a non-airborne division, and the Household
    Cavalry troop (Guards Armored) two hexes away observes only through terrain the map does not give."""
    setup = {"1036/59": ("C2909", {"Mode": "Defilade"}), CAR: ("C2709", CONC)}
    got = needs(Log(setup, httr).phase(6, "allied_fire").place("a", "Airstrike", "C2909"))
    assert "the terrain of C2909 (unsurveyed), ScR 7.2.1a" in got
    assert any(n.startswith("whether a non-airborne unit observes C2909") and "unsurveyed" in n for n in got)


PF = "Pathfinder Drop Zone (DZ)"


def test_a_drop_needs_the_drop_hexs_terrain_and_the_serials_strength(httr):  # AIR-8, AIR-13
    """AIR-8 (ScR 6.7.4): no drop hex in forest, rough, city or town ground, and C2808 is unsurveyed; AIR-13 (ScR
    6.7.10): a serial holds at most 28 SP, and units.csv gives the 506th company no strength."""
    got = needs(Log({INF: (None, CONC)}, httr).phase(6, "allied_movement").place("pf1", PF, "C2808")
                .enter(INF, "C2808"))
    assert "the terrain of C2808 (unsurveyed), ScR 6.7.4" in got
    assert f"strength of unit {INF} (units.csv)" in got


def test_landing_on_enemies_needs_the_hexs_terrain(httr):  # AIR-16
    """AIR-16 (ScR 6.6.4.5): units landing on enemy units in a forest or city hex are eliminated; the company lands
    on the German HQ in C2808, close-assaults it and the HQ is eliminated, but whether C2808 is forest or city the
    unsurveyed map does not say."""
    log = Log({INF: (None, CONC), "1036/59": ("C2808", CONC)}, httr).phase(6, "allied_movement") \
        .place("pf1", PF, "C2807").enter(INF, "C2808").say("ca C2808 from C2808").roll("Close Action", 4) \
        .kill("1036/59", "C2808").phase(6, "allied_organization")
    assert "the terrain of C2808 (unsurveyed), ScR 6.6.4.5" in needs(log)


UNNAMED = "the HQ whose record track marker '{}' is (game.toml [[markers]] formation names no unit of units.csv)"


def test_a_cp_delivery_needs_the_hq_its_track_marker_names(httr):  # SUP-3, CP-12
    """SUP-3 (SR 14.1.2, 14.1.4-14.1.5): a division HQ receives CP only in Defilade, undisrupted and in supply, but
    the 101st Airborne CP marker's formation ('101st Airborne') names no HQ of units.csv; CP-12 (SR 14.5.1-14.5.2):
    the CP carried over at the phase's first Logistics roll need the tracks' boxes of named HQs, and there are none."""
    log = Log({}, httr).on_track("101st Airborne CP", 3).phase(6, "cp_logistic").roll("Logistics", 3, 4) \
        .track("101st Airborne CP", 5)
    got = needs(log)
    assert "the CP Record Tracks' boxes (no track marker naming its HQ unit is placed)" in got
    assert UNNAMED.format("101st Airborne CP") in got


def test_a_command_phases_track_moves_need_the_hq(httr):  # CP-13, CP-16
    """CP-13/CP-16 (SR 14.5.3, 15.2.3-15.2.5, 15.3, ScR 5.2.3.2): a track's limits and the AmP spent clearing
    depletion are judged per HQ; the 101st Airborne AmP marker names no HQ unit, so its Command Phase move is not
    checkable, naming the missing link."""
    log = Log({}, httr).on_track("101st Airborne AmP", 6).phase(6, "allied_command").track("101st Airborne AmP", 5) \
        .phase(6, "allied_fire")
    assert UNNAMED.format("101st Airborne AmP") in needs(log)


def test_a_barrage_needs_whether_the_firers_observe(httr):  # IF-3, IF-4
    """IF-3/IF-4 (SR 6.5.1.4, 6.5.5): IF with no spotter is a barrage, limited when unobserved; whether the off-map
    battery's HQ 501/101 or anyone observes C3008 needs the map's terrain and the TEC's LOS values."""
    setup = {"offmap battery no.1": ("C2708", {"Mode": "Defilade"}), "501/101": ("C2707", {"Mode": "Defilade"}),
             GER: ("C3008", CONC)}
    got = needs(Log(setup, httr).phase(10, "allied_fire").say('if C3008 from "offmap battery no.1" hq "501/101"')
                .roll("Indirect Fire", 3, 4))
    assert "whether the firers observe C3008 (an unobserved barrage is limited, SR 6.5.1.4)" in got


def test_a_spotter_needs_whether_it_is_a_leader(httr):  # IF-5
    """IF-5 (SR 6.5.1.5, 19.3): leaders never spot; the 506th company spotting C3008 has no units.csv type."""
    setup = {"offmap battery no.1": ("C2708", {"Mode": "Defilade"}), "501/101": ("C2707", {"Mode": "Defilade"}),
             INF: ("C2908", CONC), GER: ("C3008", CONC)}
    got = needs(Log(setup, httr).phase(10, "allied_fire")
                .say(f'if C3008 from "offmap battery no.1" spotter "{INF}" hq "501/101"').roll("Indirect Fire", 3, 4))
    assert f"the type of unit {INF} (units.csv type: leaders never spot)" in got


def test_of_at_a_close_action_from_below_the_top_two_needs_the_firers_type(httr):  # OF-9
    """OF-9 (SR 6.6.3.1, 6.6.3.3): every unit of a close-assaulted stack may fire OF at the attackers, artillery
    only from the top two; the third 506th company in C2808 has no units.csv type. (The engineer attacking alone
    is flagged, SR 10.1.6: its type is known.)"""
    setup = {INF: ("C2808", CONC), INF2: ("C2808", CONC), "2/506 5-3 no.3": ("C2808", CONC),
             "Brandt 1/10SS Pio": ("C2909", CONC)}
    log = Log(setup, httr).phase(10, "german_movement").say("ca C2808 from C2909") \
        .say(f'of C2909 from "{INF}" trigger ca').roll("Direct Fire", 3, 4)
    vs = [v for j in log.check().judged[1:] for v in j.verdicts]
    assert [v.rule for v in vs if isinstance(v, Illegal)] == ["HTTR SR 10.1.6"]
    assert any(isinstance(v, NotCheckable) and v.needs == f"the type of unit {INF} (units.csv type: artillery fire OF "
               "at a CA only from the top two)" for v in vs)


# -- defects found by these tests and fixed: checks that answered on bundled data lacking their datum --

def test_a_leader_attacking_with_another_divisions_unit_needs_their_divisions(httr):  # CA-4
    """CA-4 (SR 10.1.6, 19.1.3): leaders, HQs and engineers attack only with units of their organisation; units.csv
    links no bundled unit to a division HQ, so Frost (2/1P) attacking with the Household Cavalry troop (Guards
    Armored) is not checkable, never legal."""
    log = Log({FROST: ("C2808", {}), CAR: ("C2808", CONC), GER: ("C2909", CONC)}, httr) \
        .phase(10, "allied_movement").say("ca C2909 from C2808").roll("Close Action", 4)
    assert any("division" in n or "organisation" in n for n in needs(log))


def test_a_spill_after_an_unresolved_if_needs_the_ifs_result(httr):  # IF-13, DF-7
    """IF-13/DF-7 (SR 6.5.3.2, 6.7.9): IF losses beyond an eliminated target pass to the hex's other units; the
    barrage's result at C3008 needs the target hex's terrain (unsurveyed), so a spill after it is not checkable."""
    setup = {"offmap battery no.1": ("C2708", {"Mode": "Defilade"}), "501/101": ("C2707", {"Mode": "Defilade"}),
             INF: ("C2908", CONC), "PzJgr/7FJ": ("C3008", CONC), GER: ("C3008", CONC)}
    log = Log(setup, httr).phase(10, "allied_fire") \
        .say(f'if C3008 from "offmap battery no.1" spotter "{INF}" hq "501/101" target "{GER}"') \
        .roll("Indirect Fire", 6, 6).kill(GER, "C3008").say('spill C3008 "PzJgr/7FJ"')
    assert needs(log)


def test_a_reorder_in_defilade_needs_whether_the_unit_is_in_battery(httr):  # MOV-22
    """MOV-22 (SR 11.1.2): in-battery artillery and flak never change their stack position themselves; the 506th
    company in Defilade moving to the top of C2808 in its Movement Phase may be either, for all units.csv says."""
    log = Log({INF: ("C2808", {"Mode": "Defilade"}), INF2: ("C2808", CONC)}, httr).phase(10, "allied_movement") \
        .move(INF, "C2808", stack=(INF2, INF))  # the logged stack, bottom first
    assert (f"the type of unit {INF} (units.csv type: in-battery artillery and flak never reorder themselves, "
            "SR 11.1.2)") in needs(log)


def test_a_logged_stack_of_untyped_units_needs_their_types(httr):  # MOV-23
    """MOV-23 (SR 11.1.3): static units are at the bottom of a stack; whether either 506th company in C2808 is
    static units.csv does not say, so the logged order is not checkable (and not illegal)."""
    log = Log({INF: ("C2808", CONC), INF2: ("C2808", CONC)}, httr).phase(10, "allied_movement") \
        .move(INF2, "C2808", stack=(INF2, INF))
    assert ("the types of the units in C2808 (units.csv type: static units are at the bottom of a stack, "
            "SR 11.1.3)") in needs(log)
    known_top = Log({INF: ("C2808", CONC), AT: ("C2808", CONC)}, httr).phase(10, "allied_movement") \
        .move(AT, "C2808", stack=(INF, AT))  # bottom first: the AT company on top is not static, so legal
    assert not [n for n in needs(known_top) if "static units" in n]


def test_a_return_from_off_the_map_needs_the_areas_edges(httr):  # OFF-3
    """OFF-3 (ScR 10.1.3, 10.3): a unit comes back through the edge of an active off-map area; which area C2910's
    edge belongs to needs the Off-Map Movement Display (only area 5W is transcribed)."""
    log = Log({"1036/59": ("C2909", {"Mode": "Defilade"})}, httr).phase(6, "german_movement").leave("1036/59") \
        .phase(7, "german_movement").phase(8, "german_movement").enter("1036/59", "C2910")
    assert any(n.startswith("which off-map area's edge hex C2910 is (the Off-Map Movement Display") for n in needs(log))


def test_an_attachment_needs_the_units_own_hq(httr):  # SUP-9, SUP-11
    """SUP-9 (SR 13.4.3-13.4.4: an HQ's battalions and independent companies) and SUP-11 (SR 17.4.3: units change
    HQ only when theirs is destroyed) both need the unit's own HQ; Brandt's units.csv formation '10SS' names no unit,
    so attaching him to 1036/59 is not checkable, naming it."""
    log = Log({"1036/59": ("C2909", {"Mode": "Defilade"}), "Brandt 1/10SS Pio": ("C2909", CONC)}, httr) \
        .phase(10, "german_command").say('attach "Brandt 1/10SS Pio" to 1036/59')
    assert "the HQ '10SS' of Brandt 1/10SS Pio (units.csv formation names no unit: is it independent?)" in needs(log)


def test_a_change_of_hq_by_an_untyped_unit_needs_whether_it_is_flak(httr):  # SUP-13
    """SUP-13 (SR 18.5.3, ScR 4.3): a flak unit may join any HQ; the 506th company's units.csv type is unknown, so
    its attachment to 501/101 while 506/101 stands is not checkable, never illegal."""
    setup = {"501/101": ("C2808", {"Mode": "Defilade"}), "506/101": ("C2708", {"Mode": "Defilade"}),
             INF: ("C2807", CONC)}
    log = Log(setup, httr).phase(10, "allied_command").say(f'attach "{INF}" to 501/101')
    assert any("units.csv type" in n for n in needs(log))


def test_a_cp_allocation_needs_the_path_and_the_mp_to_the_giver(httr):  # CP-9, CP-10
    """CP-9 (SR 14.3.2): the receiving HQ 1036/59 traces a supply path to 85xx, its giver; CP-10 (SR 14.3.3-14.3.4):
    over four MP the allocation is attenuated. Both need the map and the TEC's Travel Mode MP, which the bundled data
    lacks."""
    log = Log({"85xx": ("C2910", {"Mode": "Defilade"}), "1036/59": ("C2909", {"Mode": "Defilade"})}, httr) \
        .phase(10, "german_command").say("cp 1036/59 2 from 85xx").phase(10, "german_fire")
    got = needs(log)
    assert any("path to 85xx needs missing data" in n for n in got)
    assert "the Travel Mode MP from 85xx to 1036/59 (TEC; SR 14.3.3 attenuation)" in got


def test_fire_out_of_battery_needs_whether_the_firer_is_towed(httr):  # MOV-9, SPC-2
    """MOV-9/SPC-2 (SR 9.3.10, 18.2.2): towed and AT units fire only in battery (Defilade); the concentrated 506th
    company's units.csv mobility and type are unknown, so its DF is not checkable on it; in Defilade it is in
    battery whatever it is, and the question goes."""
    def fired(mode: str) -> list[str]:
        return needs(Log({INF: ("C2808", {"Mode": mode}), GER: ("C2909", CONC)}, httr).phase(10, "allied_fire")
                     .say(f'df C2909 from "{INF}"').roll("Direct Fire", 3, 4))
    towed = f"whether unit {INF} is towed or AT (units.csv mobility and type"
    assert any(n.startswith(towed) for n in fired("Concentrated"))
    assert not [n for n in fired("Defilade") if "towed or AT" in n]


def test_at_fire_needs_whether_the_firer_is_an_engineer(httr):  # AT-6
    """AT-6 (SR 6.4.1.9): engineers fire AT only in close action; the 506th company has no units.csv type (Brandt,
    an engineer by units.csv, is flagged: test_pairs_*)."""
    log = Log({INF: ("C2808", CONC), "PzJgr/7FJ": ("C2909", CONC)}, httr).phase(10, "allied_fire") \
        .say(f'at C2909 from "{INF}"').roll("AT Fire", 3, 4)
    assert f"the type of unit {INF} (units.csv type: engineers fire AT only in close action, SR 6.4.1.9)" in needs(log)
