"""Legal and illegal cases, on the synthetic game, for the PtR predicates no earlier test exercised by name
(issue #14): each test names the predicate id and the rule, asserts no Illegal in its legal case and the
Illegal's rule in its illegal one."""
from __future__ import annotations

from hexforge.builder.timeline import StepChange
from tests.rules.ptr.helpers import PtrLog, illegal, ref, verdicts
from tests.rules.ptr.test_actions import SETUP, german, reacting
from tests.rules.ptr.test_battle import attack
from tests.rules.ptr.test_hits import lose
from tests.rules.ptr.test_oc import acted

FAT, AP_US, DRM = "Formation Activation Track", "US AP-Track", ("Initiative +DRM", "Initiative Track")
ENEMY_IN_TOWN = dict(SETUP, **{"116-PG": "1314"})  # 116-PG (CS 8, ER 7) next to 3-AI and 3-TK in 1214


def turn_two_win(syn) -> PtrLog:
    """Turn 1: the German wins segment 2 (the marker to box 2), then both sides pass; in Turn 2's OC the German
    wins segment 1 with the same rolls (events 0-10)."""
    return (PtrLog(syn).phase(1, "operations").say("us", "pass").initiative(2, 8).say("german", "pass")
            .phase(1, "end-turn").phase(2, "recovery").roll("us", 6, "Interdiction").phase(2, "operations")
            .initiative(2, 8))


def test_the_drm_marker_starts_each_oc_in_the_zero_box(syn):
    """PTR5-2 (5.2.1A): Turn 1 left the +DRM marker in box 2; Turn 2's first win moves it from the 0-box to box 2,
    not on to box 4."""
    r = turn_two_win(syn).marker(*DRM, 2).check()
    assert illegal(r) == [] and "the 0-box -> box 2" in verdicts(r, 10)[0].detail
    r = turn_two_win(syn).marker(*DRM, 4).check()
    assert illegal(r) == [(11, "PTR 9.2.2")]


def test_no_fam_advance_on_the_first_turn(syn):
    """PTR5-4 (5.2.1 Play Note): the synthetic scenario starts on Turn 1, so its Recovery Phase advances no FAM:
    1inf (box 4, rating +5) activates from box 4 to 3; a marker in box 6 (as if it had recovered to its maximum 7)
    is wrong."""
    log = PtrLog(syn).phase(1, "recovery").phase(1, "operations").say("us", "act 1inf")
    assert illegal(log.marker("1st Infantry FAM", FAT, 3).check()) == []
    log = PtrLog(syn).phase(1, "recovery").phase(1, "operations").say("us", "act 1inf")
    assert illegal(log.marker("1st Infantry FAM", FAT, 6).check()) == [(3, "PTR 10.1.1B")]


def test_a_side_that_passed_activates_no_more(syn):
    """PTR9-9 (9.4.3A): the US passed in segment 1 and wins segment 2: it may not activate 1inf (its Reactions
    stay allowed: test_actions.test_reaction_example_10_4); the German, who has not passed, may act."""
    r = PtrLog(syn).phase(1, "operations").say("us", "pass").initiative(8, 2).say("us", "act 1inf").check()
    assert illegal(r) == [(4, "PTR 9.4")]
    r = PtrLog(syn).phase(1, "operations").say("us", "pass").initiative(2, 8).say("german", "act 116pz").check()
    assert illegal(r) == []


def test_one_formation_activation_per_act(syn):
    """PTR10-1 (10.0): the US acts with 1inf; a second activation (3arm) while 1inf's is under way is not
    allowed."""
    assert illegal(PtrLog(syn).phase(1, "operations").say("us", "act 1inf").check()) == []
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").say("us", "act 3arm").check()
    assert illegal(r) == [(2, "PTR 9.4")]


def test_an_action_no_unit_performs_still_costs_its_ap(syn):
    """PTR11-5 (11.2.3A): 3arm (4 APs) declares Improved Defense in the empty 1515: the Action is canceled but its
    AP spent, so the AP marker goes to 3; left on 4 it is wrong."""
    log = PtrLog(syn).phase(1, "operations").say("us", "act 3arm").roll("us", 5).say("us", "id 1515")
    r = log.marker("US AP", AP_US, 3).check()
    assert illegal(r) == [] and "its AP spent (11.2.3A)" in verdicts(r, 3)[0].detail
    log = PtrLog(syn).phase(1, "operations").say("us", "act 3arm").roll("us", 5).say("us", "id 1515")
    assert illegal(log.marker("US AP", AP_US, 4).check()) == [(4, "PTR 10.1.4A")]


def test_a_movement_action_moves_one_hexs_stack(syn):
    """PTR11-10 (11.4.1A / 12.1): 3-AI and 3-TK dragged off 1214 in one log step are one Movement Action (one
    AP: 4 -> 3); 3-AI from 1214 with 3-TK2 from 1211 are two (3 APs left is wrong: 2)."""
    base = PtrLog(syn).phase(1, "operations").say("us", "act 3arm").roll("us", 5)
    r = base.move("3-AI", "1214", "1114", step=50).move("3-TK", "1214", "1114", step=50) \
        .marker("US AP", AP_US, 3).check()
    assert illegal(r) == []
    base = PtrLog(syn).phase(1, "operations").say("us", "act 3arm").roll("us", 5)
    r = base.move("3-AI", "1214", "1114", step=50).move("3-TK2", "1211", "1111", step=50) \
        .marker("US AP", AP_US, 3).check()
    assert illegal(r) == [(5, "PTR 10.1.4A")]


def test_a_move_goes_from_hex_to_hex_of_the_map(syn):
    """PTR12-1 (12.0E): 1-A's route 1311-1312-1313 is a path of adjacent map hexes; a move to 9999, no hex of the
    map, is not."""
    base = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5)
    assert illegal(base.move("1-A", "1311", "1312", "1313").check()) == []
    base = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5)
    assert illegal(base.move("1-A", "1311", "1312", "9999").check()) == [(3, "PTR 12.0E")]


def test_only_one_formations_units_attack_together(syn):
    """PTR14-2 (14.1B): 3-AI and 3-TK in 1214 are 3arm's: they attack 116-PG in 1314 in 3arm's activation, not in
    1inf's."""
    log = PtrLog(syn, ENEMY_IN_TOWN).phase(1, "operations").say("us", "act 3arm").roll("us", 5)
    assert illegal(log.say("us", "attack 1314 from 1214 regular").check()) == []
    log = PtrLog(syn, ENEMY_IN_TOWN).phase(1, "operations").say("us", "act 1inf").roll("us", 5)
    assert illegal(log.say("us", "attack 1314 from 1214 regular").check()) == [(3, "PTR 14.1B")]


def test_stacking_binds_where_a_move_ends_not_where_it_passes(syn):
    """PTR14-3 (14.1C): 1-A (infantry-type) may pass through 1214, which holds the infantry-type 3-AI, and end in
    1114; ending in 1214 breaks the limit (14.1D)."""
    base = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5)
    assert illegal(base.move("1-A", "1311", "1312", "1313", "1214", "1114").say("us", "done").check()) == []
    base = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5)
    assert illegal(base.move("1-A", "1311", "1312", "1313", "1214").say("us", "done").check()) == [(3, "PTR 14.1D")]


def test_column_shifts_beyond_the_far_right_are_ignored(syn):
    """PTR15-8 (15.1.4E / 15.3E): 3arm's Prepared attack on 116-PG: chits right (ER 5: 3) 7 x 3 + 6 x 3 = 39
    against centre (ER 7, chit 2: 2) 8 x 2 = 16: 2:1; Air Support 3R (US die 3) would go three columns right: it
    stops at 3:1, the far-right column. (A column read wrong shows as illegal losses, PTR 15.5.1: test_hits.py.)"""
    log = PtrLog(syn, ENEMY_IN_TOWN).phase(1, "operations").say("us", "act 3arm").roll("us", 5) \
        .say("us", "attack 1314 from 1214 prepared").say("us", "chits 1 2").roll("us", 3).roll("us", 9)
    r = log.check()
    assert illegal(r) == [] and verdicts(r, 5)[0].detail == "Air Support 3R (die 3)"
    assert verdicts(r, 6)[0].detail.startswith("CV 39:16, column 3:1;")


def test_a_disrupted_defender_gets_no_combat_support(syn):
    """PTR15-14 (15.4.2.2A-B): 3-TK2 in 1313 (3arm, ZOC into 1314, in CR) supports 3-AI and 3-TK in 1214 by -1;
    with 3-TK disrupted no defender support counts (and its TPs are gone: armour -3): die 7 - 2 = 5, '3/1', where
    the -1 support would have made it 4, '4/0'. Applying '4/0' (four attacker losses, none for the defender) is
    illegal (15.5.1)."""
    setup = dict(SETUP, **{"3-TK2": "1313"})
    r = attack(syn, setup=setup).say("german", "chits 1 2").roll("german", 9).check()
    assert illegal(r) == [] and "DRM -6 (support +0/-1, HQ +1, armour -6)" in verdicts(r, 10)[0].detail

    def disrupted(die: int) -> PtrLog:
        log = attack(syn, setup=setup).say("german", "chits 1 2").roll("german", die)
        log.events.insert(0, StepChange(0, ref("3-TK"), "1214", "Step", "1", "2"))
        return log
    r = disrupted(9).check()
    assert illegal(r) == [] and "DRM -2 (support +0/+0, HQ +1, armour -3)" in verdicts(r, 11)[0].detail
    r = lose(lose(disrupted(7), "3-AI", "1214", 0, 1), "116-PG", "1314", 0, 3).say("german", "done").check()
    assert illegal(r) == [] and verdicts(r, 11)[0].detail.endswith("roll 7 -> 5: 3/1")
    r = lose(disrupted(7), "116-PG", "1314", 0, 4).say("german", "done").check()
    assert (13, "PTR 15.5.1") in illegal(r)


def test_attacker_support_from_a_hex_of_the_same_formation(syn):
    """PTR15-13 (15.4.2.1B-G): 116-PG's Regular attack on 1214 from 1314, supported from 1215 (next to 1214, in
    CR): 116-TK there, of 116pz, gives +1; 9-TK, of another formation, gives nothing in a Regular attack. With
    116-TK's +1 the die 9 reads '3/1'; applying the unsupported '4/0' instead is illegal (15.5.1)."""
    def supported(unit: str) -> PtrLog:
        return german(syn, dict(SETUP, **{unit: "1215"})).move("116-PG", "1513", "1414", "1314") \
            .say("german", "attack 1214 from 1314 1215 regular").say("german", "chits 1 2").roll("german", 9)
    r = supported("116-TK").check()
    assert illegal(r) == []
    assert "DRM -4 (support +1/+0, HQ +1, armour -6); roll 9 -> 5: 3/1" in verdicts(r, 10)[0].detail
    r = supported("9-TK").check()
    assert illegal(r) == []
    assert "DRM -5 (support +0/+0, HQ +1, armour -6); roll 9 -> 4: 4/0" in verdicts(r, 10)[0].detail
    r = lose(lose(supported("116-TK"), "3-AI", "1214", 0, 1), "116-PG", "1314", 0, 3).say("german", "done").check()
    assert illegal(r) == []
    r = lose(supported("116-TK"), "116-PG", "1314", 0, 4).say("german", "done").check()
    assert (12, "PTR 15.5.1") in illegal(r)


def test_a_transfer_leaves_the_drm_marker(syn):
    """PTR9-8 (9.4.2C): the German wins segment 2 (marker to box 2, US showing) and transfers: the US acts, the
    marker staying in box 2; moving it back to the 0-box is wrong."""
    assert illegal(acted(syn).say("german", "transfer").say("us", "act 3arm").check()) == []
    assert illegal(acted(syn).say("german", "transfer").marker(*DRM, 0).check()) == [(7, "PTR 9.2.2")]


def after_the_reaction(syn) -> PtrLog:
    """3arm's successful reaction to 116-PG entering 1314 (3 APs), concluded; then 116-PG moves back to 1414
    (events 0-12)."""
    return reacting(syn).roll("us", 2).roll("us", 9).say("us", "done").move("116-PG", "1314", "1414")


def test_after_a_reaction_the_mover_goes_on_by_a_new_action(syn):
    """PTR10-18 (10.2.4A): the interrupted Movement Action has ended: 116-PG's next move is a new one, 5 - 1 - 1 =
    3 APs left; the German AP marker on 4 (as if the move went on) is wrong."""
    assert illegal(after_the_reaction(syn).marker("German AP", "German AP-Track", 3).check()) == []
    r = after_the_reaction(syn).marker("German AP", "German AP-Track", 4).check()
    assert illegal(r) == [(13, "PTR 10.1.4A")]


def test_the_next_movement_action_may_be_reacted_to_again(syn):
    """PTR10-20 (10.2.4C): 116-PG's new Movement Action to 1414 may draw another 3arm reaction; with no new
    Movement Action after the first reaction there is nothing to react to (10.2.1A)."""
    assert illegal(after_the_reaction(syn).say("us", "react 3arm").check()) == []
    r = reacting(syn).roll("us", 2).roll("us", 9).say("us", "done").say("us", "react 3arm").check()
    assert illegal(r) == [(12, "PTR 10.2.1A")]


def test_a_zero_on_the_die_counts_ten(syn):
    """PTR3-1 (3.1): after 1inf's activation the US rolls 9 and the German 0 for segment 2: the 0 is 10, so the
    German wins and activates 116pz; a US activation then is not the holder's (with 0 as 0 the US would win)."""
    def rolled() -> PtrLog:
        return PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5) \
            .say("us", "done").roll("us", 9).roll("german", 0)
    r = rolled().say("german", "act 116pz").check()
    assert illegal(r) == [] and "'german': 10" in verdicts(r, 5)[0].detail
    assert illegal(rolled().say("us", "act 3arm").check()) == [(6, "PTR 9.4")]
