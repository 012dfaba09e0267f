"""Legal and illegal cases, judged as verdicts of a whole log, for PtR predicates whose earlier tests held only one
side of the pair or inspected the referee's memory (issue #14), on the synthetic game."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.ptr.memory import memory, remember
from hexforge.rules.ptr.referee import PtrReferee
from tests.rules.ptr.helpers import PtrLog, illegal, verdicts
from tests.rules.ptr.test_actions import SETUP, german, reacting
from tests.rules.ptr.test_hits import lose


def turn_two(syn, us: int, german_die: int) -> PtrLog:
    """Turn 1 ends; turn 2's Recovery Phase: the US rolls 6, Interdiction Level 1 (synthetic table); in the OC both
    sides roll for segment 1 (events 0-5)."""
    return PtrLog(syn).phase(1, "end-turn").phase(2, "recovery").roll("us", 6).phase(2, "operations") \
        .initiative(us, german_die)


def test_the_us_adds_the_interdiction_level(syn):
    """PTR9-2 (9.2.1B): US 6 + level 1 ties German 7: the US wins (ties to the US, 9.2.1C), so a German activation
    is against the rule that added the level; 3arm's is legal. With US 5 the Germans win."""
    r = turn_two(syn, 6, 7).say("us", "act 3arm").check()
    assert illegal(r) == [] and "3arm activates" in verdicts(r, 6)[0].detail
    r = turn_two(syn, 6, 7).say("german", "act 116pz").check()
    assert illegal(r) == [(6, "PTR 9.2.1B")] and "Interdiction Level 1" in verdicts(r, 6)[0].reason
    r = turn_two(syn, 5, 7).say("german", "act 116pz").check()
    assert illegal(r) == []


def test_no_activation_after_the_last_fam_reaches_zero(syn):
    """PTR9-12 (9.5A3): 1inf's activation takes the last FAM above box 0 to 0: its 'done' ends the OC (legal); a
    German activation afterwards is against 9.5."""
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5).say("us", "done") \
        .say("german", "act 116pz")
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    ref.state = remember(ref.state, fam=memory(ref.state).fam | {"1inf": 1, "3arm": 0, "116pz": 0, "9pz": 0})
    r = ref.run()
    assert "the OC ends: no formation of either side can activate" in verdicts(r, 3)[0].detail
    assert illegal(r) == [(4, "PTR 9.5")]


def test_a_reaction_spends_the_non_bold_aps(syn):
    """PTR10-15 (10.2.3B): 3arm reacts at level 6 and rolls 9: the non-bold cell's 3 APs (the bold one would give
    more). Three Movement Actions are legal; a fourth is paid only by the bold number: against 10.2.3B."""
    log = reacting(syn).roll("us", 2).roll("us", 9).move("3-TK2", "1211", "1212").move("3-AI", "1214", "1114") \
        .move("3-TK", "1214", "1114")
    r = log.check()
    assert illegal(r) == [] and "3 APs" in verdicts(r, 10)[0].detail
    r = log.move("3-TK2", "1212", "1213").check()
    assert illegal(r) == [(14, "PTR 10.2.3B")]


def test_improved_defense_ends_when_a_unit_leaves(syn):
    """PTR11-19 (11.4.4C1): 3arm puts 1214 under Improved Defense, then 3-TK leaves it: the marker goes. 116-PG's
    Regular attack on 3-AI alone then reads the centre column (chit 1, ER 5: 1): CV 16 against 7, 2:1; DRM +1 (HQ);
    die 8 -> 9 + 2: '2/2'. Applying the Improved Defense column's result instead (right, 3: 16:21, 1:2: 9 + 0:
    '3/1') is against the chit column rule (15.2.1D), the step where the marker's removal shows."""
    def attacked() -> PtrLog:
        log = PtrLog(syn).disrupt("1-B", "1512").phase(1, "operations").say("us", "act 3arm").roll("us", 5) \
            .say("us", "id 1214").move("3-TK", "1214", "1114").say("us", "done").initiative(2, 8) \
            .say("german", "act 116pz").roll("german", 8).move("116-PG", "1513", "1414", "1314")
        return log.say("german", "attack 1214 from 1314 regular").say("german", "chits 1 1").roll("german", 8)
    r = attacked().check()
    assert illegal(r) == [] and "CV 16:7, column 2:1" in verdicts(r, 14)[0].detail
    good = lose(lose(attacked(), "3-AI", "1214", 0, 2), "116-PG", "1314", 0, 2).say("german", "done")
    assert illegal(good.check()) == []
    bad = lose(lose(attacked(), "3-AI", "1214", 0, 1), "116-PG", "1314", 0, 3).say("german", "done")
    r = bad.check()
    # the attacker's losses come before the defender's correct second hit, so 15.5C flags them too
    assert illegal(r) == [(16, "PTR 15.5C"), (17, "PTR 15.2.1D")]
    assert any("right (Improved Defense)" in getattr(v, "reason", "") for v in verdicts(r, 17))


def test_a_one_hex_move_beyond_the_ma(syn):
    """PTR12-3 (12.2A exception): 116-AT (MA 1, motorized) may always move one hex, here across the stream into the
    forest 1016 (3 + 2 MP); a second hex is beyond its MA (12.0B)."""
    setup = dict(SETUP, **{"116-AT": "1116"})
    r = german(syn, setup).move("116-AT", "1116", "1016").check()
    assert illegal(r) == [] and verdicts(r, 7)[0].detail.startswith("route")
    r = german(syn, setup).move("116-AT", "1116", "1115", "1114").check()
    assert illegal(r) == [(7, "PTR 12.0B")]


def test_a_step_next_to_an_enemy_combat_unit(syn):
    """PTR12-5 (12.2E): 116-PG may step into 1413, next to 1-B in 1512, but not into 1512 (test_actions)."""
    r = german(syn).move("116-PG", "1513", "1413").check()
    assert illegal(r) == []
    assert illegal(german(syn).move("116-PG", "1513", "1512").check()) == [(7, "PTR 12.2E")]


def test_an_hq_moves_only_in_its_own_action(syn):
    """PTR19-2 (20.0C3 / 11.4.1B): US1-HQ moves by its own HQ Relocation Action ('relocate 1infhq', to the town
    1313); right after 1-A's Movement Action out of the same hex it may not move with it."""
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "relocate 1infhq") \
        .move("US1-HQ", "1311", "1312", "1313").check()
    assert illegal(r) == [] and "relocates to 1313" in verdicts(r, 4)[0].detail
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).move("1-A", "1311", "1312") \
        .move("US1-HQ", "1311", "1312").check()
    assert illegal(r) == [(4, "PTR 11.4.1B")]


def test_scenario_one_allows_five_activations(ptr):
    """PTR21-1 (21.1.1A), on the bundled S1 data (max_activations 5): five activations of 1st Inf are legal; the
    sixth, and any German activation, are test_oc.test_scenario_one_limits_on_the_bundled_data's illegal cases."""
    log = PtrLog(ptr, {"VII-1 Inf": "1107"}).phase(1, "operations")
    for n in range(5):
        log.say("us", "act 1inf").roll("us", 5).say("us", "done")
        if n < 4:
            log.initiative(9, 1)
    assert illegal(log.check("s1")) == []


def test_markers_never_count_for_stacking(syn):
    """PTR14-1 (14.1A): 1214 holds 3-AI and 3-TK under an Improved Defense marker and two Current CS markers (pieces
    in the hex, of no side); 3-TK2 joins them: one infantry-type and two support-type units is the limit, and the
    markers add nothing (legal): the position the count reads holds the units only. Combat units and HQs do count:
    a second infantry-type unit there is over the limit (test_actions, 14.1D), a second HQ too (test_displacement,
    14.2A)."""
    from hexforge.builder.locations import OFF_MAP
    from hexforge.builder.timeline import Move, PieceRef
    log = PtrLog(syn).phase(1, "operations")
    for name in ("Improved Defense", "Current CS", "Current CS"):
        log.events.append(Move(log._n(), PieceRef(name, name, None), OFF_MAP, OFF_MAP, None, "1214", ("1214",)))
    log.say("us", "act 3arm").roll("us", 5).move("3-TK2", "1211", "1212", "1213", "1214").say("us", "done")
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    r = ref.run()
    assert sorted(ref.state.at(ref.game.map.index["1214"])) == ["3-AI", "3-TK", "3-TK2"]
    assert illegal(r) == [] and verdicts(r, 6)[0].detail.startswith("route")


def test_a_second_initiative_roll_after_a_winner_declared(syn):
    """PTR9-6 (9.4): the Germans win segment 2 (US 3, German 7) and announce their Act: legal; rolling again
    instead is test_initiative_reroll's illegal case."""
    from tests.rules.ptr.test_oc import oc
    r = oc(syn).initiative(3, 7).say("german", "act 116pz").check()
    assert illegal(r) == [] and "116pz activates" in verdicts(r, 4)[0].detail


def test_an_overstack_displaced_next_door_is_legal(syn):
    """PTR14-8 (14.2B): 1-A's Movement Action ends in 1214 with 3-AI (14.1D, event 3, the planted overstack); the
    opponent's displacement of 1-A into the adjacent 1213 raises nothing more; two hexes away it does
    (test_displacement)."""
    from tests.rules.ptr.test_displacement import overstacked
    r = overstacked(syn).move("1-A", "1214", "1213").check()
    assert [x for x in illegal(r) if x[0] != 3] == []


def test_air_support_in_a_prepared_attack(syn):
    """PTR15-7 (15.3B-C): a Prepared attack's first roll is Air Support (German: 1 -> 1R), then the combat roll:
    legal (its result applied: '3/1', test_battle); an Air Support roll for a Regular attack is test_channel's
    illegal case."""
    from tests.rules.ptr.test_battle import attack
    log = attack(syn, "prepared").say("german", "chits 1 2").roll("german", 1, "Air Support").roll("german", 9)
    log = lose(lose(log, "3-AI", "1214", 0, 1), "116-PG", "1314", 0, 3).say("german", "done")
    assert illegal(log.check()) == []


def test_defender_first_then_the_attacker(syn):
    """PTR15-20 (15.5C): '2/2' (test_hits.rolled, die 10): both defenders lose one SP, then the attacker two:
    legal; the attacker's loss first is test_hits.test_defender_first."""
    from tests.rules.ptr.test_hits import both_lose_one, rolled
    log = lose(both_lose_one(rolled(syn, 10)), "116-PG", "1314", 0, 2).say("german", "done")
    assert illegal(log.check()) == []


def test_one_formation_wins_the_bonus(syn):
    """PTR15-37 (15.6A2): the winning hex holds 116pz units only: the bonus AP pays 116-PG's move (legal); with 9-TK
    there too there is none (test_hits_victory)."""
    from tests.rules.ptr.test_hits_victory import won
    r = won(syn).move("116-PG", "1314", "1315").check()
    assert illegal(r) == [] and "a bonus AP" in verdicts(r, 16)[0].detail


def test_set_up_on_the_right_sides_of_the_line(syn):
    """PTR21-8 (21.5.3A / 21.5.4A): s2's own set-up (the US south of row 14, not next to it; the Germans on it or
    north) is legal; a unit across the line is test_scenario's illegal case."""
    from tests.rules.ptr.test_scenario import setup_illegal, start
    r = start(syn).check("s2")
    assert setup_illegal(r) == [] and illegal(r) == []


def test_sharpshooters_after_a_move_into_their_zoc(syn):
    """PTR22-7 (22.4A): G-SCH used right after 1-A's Movement Action ends in 116-PG's ZOC (1413): legal; with no US
    move, or one ending outside a German ZOC, it is not (test_optional)."""
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).move("1-A", "1311", "1312", "1413") \
        .say("german", "use g-sch").check()
    assert illegal(r) == []


def test_entering_reserve_with_every_unit_in_command(syn):
    """PTR22-15 (22.8.2A-B): in the synthetic s1 every 1inf unit is in US1-HQ's CR and undisrupted: 1inf enters
    Reserve Mode in the Organization Phase (legal); with US1-HQ far off it may not (test_reserve)."""
    r = PtrLog(syn).phase(1, "organization").layer("1st Infantry FAM", None, "Reserve", "1", " In Reserve").check()
    assert illegal(r) == [] and "enters Reserve Mode" in verdicts(r, 1)[0].detail


def test_a_reacting_hq_out_of_supply_flips_first(syn):
    """PTR10-17 (10.2.3D): with US1-HQ cut off (test_supply.CUT), 116-IN leaves 1212, next to 1-A: 1inf reacts (2 <=
    5); its HQ must expend Emergency Supply before the AP roll, as at an activation: flipped first, the non-bold
    roll is legal; rolled without the flip it is against 10.2.3D."""
    from tests.rules.ptr.test_supply import CUT

    def react() -> PtrLog:
        return PtrLog(syn, CUT).phase(1, "operations").say("us", "pass").initiative(2, 8).say("german", "act 116pz") \
            .roll("german", 8).move("116-IN", "1212", "1213").say("us", "react 1inf").roll("us", 2)
    r = react().disrupt("US1-HQ", "1311").roll("us", 5).check()
    assert illegal(r) == [] and "expends Emergency Supply" in verdicts(r, 9)[0].detail
    assert illegal(react().roll("us", 5).check()) == [(9, "PTR 10.2.3D / 10.1.3C")]


FAT = "Formation Activation Track"


def recovered(syn) -> PtrLog:
    """Turn 2's Recovery Phase after 1inf's activation in turn 1 (test_oc.test_recovery_phase): the US rolls 6,
    Interdiction Level 1 (events 0-6); 1inf 4 - 1 + 5 -> 7 (its maximum), 3arm 6 + 4 -> 7, 116pz 5 -> 6 (its
    maximum), 9pz 0 + 3 -> 3."""
    return PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5).say("us", "done") \
        .phase(1, "end-turn").phase(2, "recovery").roll("us", 6)


def test_fam_markers_after_recovery(syn):
    """PTR10-23 / PTR10-24 / PTR10-25 / PTR19-1 (10.3C, 10.3.1, 10.3.2B, 19.0A): the FAM markers moved to the boxes
    recovery gives are legal; 116pz above its maximum (6) names 10.3C, 3arm short of its rating names 10.3.1, 9pz
    off the HQ Recovery Chart at the level rolled names 10.3.2B."""
    good = recovered(syn).marker("1st Infantry FAM", FAT, 7).marker("3rd Armored FAM", FAT, 7) \
        .marker("116th Panzer FAM", FAT, 6).marker("9th Panzer FAM", FAT, 3)
    assert illegal(good.check()) == []
    assert illegal(recovered(syn).marker("116th Panzer FAM", FAT, 7).check()) == [(7, "PTR 10.3C")]
    assert illegal(recovered(syn).marker("3rd Armored FAM", FAT, 6).check()) == [(7, "PTR 10.3.1")]
    assert illegal(recovered(syn).marker("9th Panzer FAM", FAT, 2).check()) == [(7, "PTR 10.3.2B")]


def test_an_oos_hq_already_flipped_sends_its_fam_to_zero(syn):
    """PTR10-6 (10.1.3D / 17.5B): US1-HQ, cut off (test_supply.CUT) and set up on its back, activates 1inf: legal,
    and its FAM goes to the 0-box, so 1inf activating again in the next segment is against 10.1.1B."""
    from hexforge.builder.timeline import Placement
    from tests.rules.ptr.test_supply import CUT

    def log() -> PtrLog:
        out = PtrLog(syn, CUT)
        out.setup = tuple(Placement(p.piece, p.location, p.hex, layers={"Step": "2"}) if p.piece.unit == "US1-HQ"
                          else p for p in out.setup)
        return out.phase(1, "operations").say("us", "act 1inf").roll("us", 5).say("us", "done")
    r = log().check()
    assert illegal(r) == [] and "0-box" in verdicts(r, 1)[0].detail
    assert illegal(log().initiative(9, 1).say("us", "act 1inf").check()) == [(6, "PTR 10.1.1B")]


def test_a_failed_reaction_check_leaves_the_mover_acting(syn):
    """PTR10-14 / PTR10-16 (10.2.3A, C, E): 3arm's check 2 <= 5 passes: its FAM drops to 5 (the marker there is
    legal) and 3-TK2 moves; 9 > 5 fails: the FAM stays in 6 (moving it to 5 is against 10.1.1B) and a 3arm unit
    moving is no Action of the formation acting (11.2.1)."""
    r = reacting(syn).roll("us", 2).marker("3rd Armored FAM", FAT, 5).roll("us", 9) \
        .move("3-TK2", "1211", "1212").check()
    assert illegal(r) == []
    assert illegal(reacting(syn).roll("us", 9).marker("3rd Armored FAM", FAT, 5).check()) == [(10, "PTR 10.1.1B")]
    assert illegal(reacting(syn).roll("us", 9).move("3-TK2", "1211", "1212").check()) == [(10, "PTR 11.2.1")]


def test_a_legal_relocation_costs_no_displacement(syn):
    """PTR11-14 (11.4.2D): US1-HQ's Relocation to the town 1313 is legal and its FAM stays where the activation put
    it; a Relocation against 20.0C5 pays the displacement penalty (test_displacement)."""
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "relocate 1infhq") \
        .move("US1-HQ", "1311", "1312", "1313").marker("1st Infantry FAM", FAT, 3)
    assert illegal(log.check()) == []


def test_movement_actions_while_aps_last(syn):
    """PTR12-4 (12.2D): five Movement Actions on 116pz's 5 APs are legal; a sixth is test_actions' illegal case."""
    log = german(syn)
    for u, a, b in [("116-IN", "1612", "1613"), ("116-TK", "1612", "1712"), ("116-PG", "1513", "1514"),
                    ("116-IN", "1613", "1614"), ("116-TK", "1712", "1713")]:
        log.move(u, a, b)
    assert illegal(log.check()) == []


def test_an_overstack_owes_its_disruptions_at_once(syn):
    """PTR14-5 (14.2A): 1-A's Movement Action ends overstacked in 1214 (14.1D, event 3): the disruption of every
    combat unit there pays it (test_displacement.overstacked, legal); the next Initiative roll without them is
    against 14.2A."""
    from tests.rules.ptr.test_displacement import overstacked
    assert [x for x in illegal(overstacked(syn).check()) if x[0] != 3] == []
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5) \
        .move("1-A", "1311", "1312", "1313", "1214").say("us", "done").initiative(1, 9)
    assert illegal(log.check()) == [(3, "PTR 14.1D"), (5, "PTR 14.2A")]


def test_a_retreat_waits_for_the_first_sp_loss(syn):
    """PTR15-22 (15.5.2B): '2/2' (test_hits.rolled, die 10): 3-AI's SP loss, then its stack's retreat, is legal
    (test_battle); the retreat before any SP loss is against 15.5.2B."""
    from tests.rules.ptr.test_hits import rolled
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114").move("1-A", "1214", "1114").check()
    assert illegal(r) == []
    r = rolled(syn, 10).move("3-AI", "1214", "1114").check()
    assert (11, "PTR 15.5.2B") in illegal(r)


def test_the_us_east_edge_feeds_from_turn_two(syn):
    """PTR17-2 (17.4B-C): with the south edge held (test_sources.SOUTH_HELD), on Turn 2 the east edge feeds US1-HQ:
    1inf's AP roll needs no flip (legal); on Turn 1 it does (10.1.3C, test_sources)."""
    from tests.rules.ptr.test_sources import SOUTH_HELD
    r = PtrLog(syn, SOUTH_HELD).phase(2, "operations").initiative(9, 1).say("us", "act 1inf").roll("us", 8).check()
    assert illegal(r) == []
    r = PtrLog(syn, SOUTH_HELD).phase(1, "operations").say("us", "act 1inf").roll("us", 8).check()
    assert illegal(r) == [(2, "PTR 10.1.3C")]


def test_the_german_north_edge(syn):
    """PTR17-3 (17.4D): G116-HQ traces to the north edge through 1716 (legal AP roll); with 1716 held by a US unit
    and the rest of the edge covered it has no German source left and must flip first (10.1.3C)."""
    from tests.rules.ptr.test_sources import north_held
    assert illegal(north_held(syn, on_source=False).roll("german", 8).check()) == []
    assert illegal(north_held(syn, on_source=True).roll("german", 8).check()) == [(7, "PTR 10.1.3C")]


def test_a_refit_needs_a_command_range_path(syn):
    """PTR18-1 (18.0B / 18.2): the disrupted 1-A in 1311, with US1-HQ (CR 5), refits; in 1317, six hexes away, no CR
    path reaches it, and its Refit is refused (11.4.3A)."""
    def refit(at: str) -> PtrLog:
        return PtrLog(syn, dict(SETUP, **{"1-A": at})).disrupt("1-A", at).phase(1, "operations") \
            .say("us", "act 1inf").roll("us", 8).say("us", "refit 1-a")
    assert illegal(refit("1311").check()) == []
    assert illegal(refit("1317").check()) == [(4, "PTR 11.4.3A")]


def test_at_most_one_retreat_hex_of_one_hex(syn):
    """PTR15-25 (15.5.2E-F / 15.5.5B): '2/2' on 3-AI and 1-A (test_hits.rolled, die 10): one SP loss, then the
    stack's one-hex retreat absorbs the second hit (legal, test_battle); once both hits are SP losses a retreat is
    against 15.5.5B (and its extra hex against 15.5.1); a retreating unit moving on is against 15.5.2F."""
    from tests.rules.ptr.test_hits import both_lose_one, rolled
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114").move("1-A", "1214", "1114").check()
    assert illegal(r) == []
    r = both_lose_one(rolled(syn, 10)).move("3-AI", "1214", "1114").check()
    assert illegal(r) == [(13, "PTR 15.5.5B"), (13, "PTR 15.5.1")]
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114").move("1-A", "1214", "1114") \
        .move("3-AI", "1114", "1014").check()
    assert illegal(r) == [(14, "PTR 15.5.2F")]
