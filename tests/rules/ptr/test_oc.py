"""The Operations Cycle (PtR 9): Initiative rolls, the +DRM marker, Sudden End, Act/Transfer/Pass, the end of
the OC; each rule with a legal and an illegal case on the synthetic game, and the 9.2.2 worked example."""
from __future__ import annotations

from hexforge.rules.ptr.oc import DrmMarker, die_value, modified, next_marker, sudden_end, winner
from dataclasses import replace

from hexforge.rules.ptr.memory import memory, remember
from hexforge.rules.ptr.referee import PtrReferee
from hexforge.rules import rules_for
from hexforge.rules.verdict import Legal
from tests.rules.ptr.helpers import PtrLog, illegal, verdicts


def test_worked_example_9_2_2_marker_over_five_segments():
    """PTR9-3 / 9.2.2 example (L725-732): winners G, G, G, US, G -> Star 2, Star 4, Star 6, Cross 2, Star 2."""
    m = DrmMarker()
    got = []
    for win in ("german", "german", "german", "us", "german"):
        m = next_marker(m, "us" if win == "german" else "german")
        got.append((m.side, m.box))
    assert got == [("us", 2), ("us", 4), ("us", 6), ("german", 2), ("us", 2)]


def test_initiative_totals_ties_and_interdiction():
    """PTR9-2 / 9.2.1A-C: the marker's box goes to the side it shows; the US adds the Interdiction Level; ties: US."""
    m = DrmMarker("german", 4)
    assert modified("german", 3, m, "us") == 7 and modified("us", 3, m, "us", 2) == 5
    assert winner({"us": 7, "german": 3}, m, "us") == "us"  # 7 vs 3 + 4: a tie goes to the US
    assert winner({"us": 6, "german": 3}, m, "us") == "german"
    assert winner({"us": 6, "german": 3}, m, "us", interdiction=1) == "us"


def test_sudden_end_only_from_segment_11_on_unmodified_tens():
    """PTR9-5 / 9.3B-C (L738-742)."""
    assert not sudden_end({"us": 10, "german": 10}, 10)
    assert sudden_end({"us": 10, "german": 10}, 11)
    assert not sudden_end({"us": 10, "german": 9}, 12)


def test_zero_counts_ten():
    """PTR3-1 / 3.1 (L428)."""
    assert die_value(0, True) == 10 and die_value(7, True) == 7


def oc(syn) -> PtrLog:
    """Turn 1's OC: the US holds the first segment's Initiative without a roll (21.0C); it passes."""
    return PtrLog(syn).phase(1, "operations").say("us", "pass")


def test_first_segment_of_the_first_turn_needs_no_roll(syn):
    """PTR9-13 / 21.0C: outside S1 the US holds segment 1 of Turn 1 without a roll and may act; a German activation
    there is not the holder's."""
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").check()
    assert isinstance(verdicts(r, 1)[0], Legal)
    r = PtrLog(syn).phase(1, "operations").say("german", "act 116pz").check()
    assert illegal(r) == [(1, "PTR 9.4")]


def test_initiative_rolls_and_the_winner_acts(syn):
    """PTR9-11 / 9.4: the US's pass in segment 1 does not end the OC (one pass, 9.4.3E); the German wins segment 2
    (7 > 3) and acts; a US activation there is not the holder's."""
    log = oc(syn).initiative(3, 7).say("german", "act 116pz")  # German 7 > US 3
    r = log.check()
    assert illegal(r) == []
    assert "german wins the Initiative of segment 2" in verdicts(r, 3)[0].detail
    log = oc(syn).initiative(3, 7).say("us", "act 1inf")
    assert illegal(log.check()) == [(4, "PTR 9.4")]


def test_a_side_rolls_once_per_segment(syn):
    r = oc(syn).roll("us", 3).roll("us", 5).check()
    assert illegal(r) == [(3, "PTR 9.2.1A")]


def test_marker_state_after_segments(syn):
    """PTR9-3: The referee moves the +DRM marker by 9.2.2 (the German wins twice: star in box 2, then box 4)."""
    log = oc(syn).initiative(1, 9).say("german", "pass").initiative(2, 9)
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    ref.run()
    m = memory(ref.state)
    assert (m.marker.side, m.marker.box) == ("us", 2)  # German passed, then won again: adjusted normally (9.4.3C)
    assert m.holder is None  # 9.4.3D: the passer won: nothing happens this segment


def acted(syn) -> PtrLog:
    """Turn 1's first segment: the US activates 1inf and concludes; then segment 2's rolls (German wins)."""
    return PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5).say("us", "done").initiative(2, 8)


def test_transfer_rules(syn):
    """PTR9-7 / 9.4.2A-B: the German transfers to the US, who acts; the receiver may not transfer back; no transfer to a
    side that has passed."""
    r = acted(syn).say("german", "transfer").say("us", "act 1inf").check()
    assert illegal(r) == []
    r = acted(syn).say("german", "transfer").say("us", "transfer").check()
    assert illegal(r) == [(7, "PTR 9.4.2B")]
    # the US passed in segment 1: the Germans may not transfer to it (9.4.2A)
    r = oc(syn).initiative(2, 8).say("german", "transfer").check()
    assert illegal(r) == [(4, "PTR 9.4.2A")]


def test_transfer_leaves_the_marker(syn):
    """PTR9-8 / 9.4.2C: the receiver still counts as the loser: the marker stays as the roll left it."""
    log = acted(syn).say("german", "transfer")
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    ref.run()
    m = memory(ref.state)
    assert (m.marker.side, m.marker.box, m.holder) == ("us", 2, "us")


def test_second_pass_ends_the_oc(syn):
    """PTR9-11 / 9.4.3E / 9.5A1: the German passed, then the US passes: the OC ends, and an activation after it is not
    allowed."""
    r = acted(syn).say("german", "pass").initiative(5, 5).say("us", "pass").say("german", "act 116pz").check()
    assert "OC ends" in verdicts(r, 9)[0].detail
    assert illegal(r) == [(10, "PTR 9.5")]


def test_passed_side_wins_and_nothing_happens(syn):
    """PTR9-10 / 9.4.3D: the passer wins: no operation; the non-passer does not act in that segment."""
    r = oc(syn).initiative(9, 2).say("us", "act 1inf").check()
    assert illegal(r) == [(4, "PTR 9.4")]


def test_declaration_outside_the_oc(syn):
    r = PtrLog(syn).phase(1, "organization").say("us", "act 1inf").check()
    assert illegal(r) == [(1, "PTR 5.1F")]


def test_phase_order(syn):
    """PTR5-1: phases in the 5.1 order; a phase out of order is illegal."""
    r = PtrLog(syn).phase(1, "operations").phase(1, "recovery").check()
    assert illegal(r) == [(1, "PTR 5.1")]
    r = PtrLog(syn).phase(1, "operations").phase(1, "end-turn").phase(2, "recovery").check()
    assert illegal(r) == []


def test_fam_in_the_zero_box_cannot_activate(syn):
    """PTR10-2 / 10.1.1B: the synthetic 9pz starts in the 0-box; 116pz at 5 may act."""
    r = oc(syn).initiative(2, 8).say("german", "act 9pz").check()
    assert illegal(r) == [(4, "PTR 10.1.1B")]


def test_fam_drops_one_box_per_activation(syn):
    """PTR10-2 / 10.1.1B: 1inf's activation drops its FAM one box, 4 -> 3."""
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8)
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    ref.run()
    assert memory(ref.state).fam["1inf"] == 3


def at_segment(syn, log: PtrLog, segment: int) -> PtrReferee:
    """A referee over ``log`` whose OC (turn 2) has played ``segment`` segments, both sides in play."""
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    ops = [p.id for p in syn.info.sequence].index("operations")
    ref.state = remember(replace(ref.state, turn=2, phase=ops), segment=segment, expect="initiative")
    return ref


def test_sudden_end_in_the_referee(syn):
    """PTR9-5 / 9.3: two unmodified 10s end the OC from segment 11 on; in segment 10 they are ignored."""
    log = PtrLog(syn).initiative(10, 10).say("us", "act 1inf")
    r = at_segment(syn, log, 10).run()
    assert "Sudden End" in verdicts(r, 1)[0].detail
    assert illegal(r) == [(2, "PTR 9.5")]
    r = at_segment(syn, log, 9).run()
    assert "us wins the Initiative of segment 10" in verdicts(r, 1)[0].detail and illegal(r) == []


def test_rolls_before_the_winner_announces(syn):
    """PtR 9.2.1A / 9.4: a roll before the winner announces Act, Transfer or Pass is a re-roll (each side rolls
    once per segment); when the other side rolls too, the winner announced nothing and the next segment begins."""
    r = acted(syn).initiative(4, 4).check()
    assert illegal(r) == [(6, "PTR 9.2.1A"), (7, "PTR 9.4")]


def test_oc_ends_when_no_formation_can_activate(syn):
    """PTR9-12 / 9.5A3: the last FAM above box 0 drops to 0: the OC ends; no further declaration."""
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5).say("us", "done") \
        .initiative(1, 1)
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    ref.state = remember(ref.state, fam=memory(ref.state).fam | {"1inf": 1, "3arm": 0, "116pz": 0, "9pz": 0})
    r = ref.run()
    assert "the OC ends: no formation of either side can activate" in verdicts(r, 3)[0].detail
    assert illegal(r) == [] and memory(ref.state).over is not None
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    ref.state = remember(ref.state, fam=memory(ref.state).fam | {"1inf": 2, "3arm": 0, "116pz": 0, "9pz": 0})
    ref.run()
    assert memory(ref.state).over is None


def test_unused_aps_are_lost(syn):
    """PTR11-2 / 11.1D: after 'done' no Action is taken on the APs left; activated again (and its APs rolled again),
    1inf's 1-A moves."""
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "done") \
        .move("1-A", "1311", "1312").check()
    assert illegal(r) == [(4, "PTR 11.1D")]
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "done").initiative(9, 1) \
        .say("us", "act 1inf").roll("us", 8).move("1-A", "1311", "1312").check()
    assert illegal(r) == [] and verdicts(r, 8)[0].detail.startswith("route")


def test_recovery_phase(syn):
    """PTR10-23 / PTR10-24 / PTR10-25 / PTR19-1 / 5.2.1 / 10.3: turn 2's Recovery: the supplied US FAMs advance
    by their ratings (1inf 4 - 1 + 5 -> 7, its maximum; 3arm 6 + 4 -> 7); the US rolls 6 for Interdiction Level 1
    (synthetic table); the German 116pz (rating 3, chart: 3 - 1 = 2) goes 5 -> 6 (its maximum); 9pz 0 + 3 -> 3. Then the
    US adds the level."""
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5).say("us", "done") \
        .phase(1, "end-turn").phase(2, "recovery").roll("us", 6).phase(2, "operations")
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    r = ref.run()
    assert illegal(r) == []
    assert verdicts(r, 6)[0].detail == "Interdiction Level 1 for turn 2 (die 6)"
    assert dict(memory(ref.state).fam) == {"1inf": 7, "3arm": 7, "116pz": 6, "9pz": 3}
    r = PtrLog(syn).phase(1, "recovery").roll("us", 6).check()
    assert illegal(r) == [(1, "PTR 5.2.1D")]


def test_recovery_needs_supply(syn):
    """PTR10-22 / PTR17-1 / 10.3B: an OOS HQ's formation does not advance: German units around US1-HQ in 1311 cut every
    path."""
    setup = {"US1-HQ": "1311", "1-A": "1311", "116-PG": "1211", "116-TK": "1210", "116-IN": "1212",
             "9-IN": "1312", "9-TK": "1310", "G116-HQ": "1614", "G9-HQ": "1710", "US3-HQ": "1010"}
    log = PtrLog(syn, setup).phase(2, "recovery").roll("us", 6)
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    ref.run()
    assert memory(ref.state).fam["1inf"] == 4 and memory(ref.state).fam["3arm"] == 7


def test_scenario_one_limits_on_the_bundled_data(ptr):
    """PTR21-1 / 21.1.1 (L1903-1905), from the bundled S1 data (max_activations 5, german_static): the sixth activation
    of 1st Inf is one too many; a German activation or reaction is not allowed."""
    log = PtrLog(ptr, {"VII-1 Inf": "1107"}).phase(1, "operations")
    for _ in range(5):
        log.say("us", "act 1inf").roll("us", 5).say("us", "done").initiative(9, 1)
    r = log.say("us", "act 1inf").check("s1")
    assert illegal(r) == [(len(log.events) - 1, "PTR 21.1.1A")]
    r = PtrLog(ptr, {"VII-1 Inf": "1107"}).phase(1, "operations").say("us", "pass").initiative(1, 9) \
        .say("german", "act 526inf").check("s1")
    assert illegal(r) == [(4, "PTR 21.1.1B")]


def test_reserve_mode_only_in_the_organization_phase(syn):
    """PTR22-12 / 22.8.1A (L2477): a FAM turns to In Reserve in the Organization Phase, not in the Operations Cycle;
    turning back outside it needs a successful reaction or an HQ displacement (22.8.1B; test_reserve.py)."""
    r = PtrLog(syn).phase(1, "organization").layer("1st Infantry FAM", None, "Reserve", "1", " In Reserve").check()
    assert illegal(r) == [] and "enters Reserve Mode" in verdicts(r, 1)[0].detail
    r = PtrLog(syn).phase(1, "operations").layer("1st Infantry FAM", None, "Reserve", "1", " In Reserve").check()
    assert illegal(r) == [(1, "PTR 22.8.1A")]
    r = PtrLog(syn).phase(1, "operations").layer("1st Infantry FAM", None, "Reserve", " In Reserve", "1").check()
    assert illegal(r) == [(1, "PTR 22.8.1A")]
