"""The referee over the module's log channel (docs/log-channel.md) on the synthetic game: rolls named by their
dice buttons, disruption and Emergency Supply as layers, the FAM, AP and +DRM markers on their tracks."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.ptr.memory import memory
from hexforge.rules.ptr.referee import PtrReferee
from tests.rules.ptr.helpers import PtrLog, illegal, verdicts

FAT, AP_US = "Formation Activation Track", "US AP-Track"


def test_rolls_by_button(syn):
    """The button names the roll's purpose and side: the German button is the German's roll whoever clicks."""
    log = PtrLog(syn).phase(1, "operations").say("us", "pass").roll("us", 3, "Initiative US") \
        .roll("us", 9, "Initiative German").say("german", "act 116pz").roll("german", 8, "Action Points")
    r = log.check()
    assert illegal(r) == [] and "german wins" in verdicts(r, 3)[0].detail
    assert verdicts(r, 5)[0].detail.startswith("116pz: 5 APs")


def test_rolls_out_of_turn(syn):
    """PTR15-7 / 9.2.1A / 10.1.2B / 10.2.3A / 5.2.1D / 15.3B: each button's roll only when its rule calls for it."""
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 4, "Initiative US").check()
    assert illegal(r) == [(2, "PTR 9.2.1A")]
    r = PtrLog(syn).phase(1, "operations").roll("us", 4, "Action Points").check()
    assert illegal(r) == [(1, "PTR 10.1.2B")]
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8, "Action Points") \
        .roll("us", 3, "Reaction Check").check()
    assert illegal(r) == [(3, "PTR 10.2.3A")]
    r = PtrLog(syn).phase(1, "operations").roll("us", 4, "Interdiction").check()
    assert illegal(r) == [(1, "PTR 5.2.1D")]
    log = PtrLog(syn).disrupt("1-B", "1512").phase(1, "operations").say("us", "pass").initiative(2, 8) \
        .say("german", "act 116pz").roll("german", 8).move("116-PG", "1513", "1414", "1314") \
        .say("german", "attack 1214 from 1314 regular").say("german", "chits 1 2")
    r = log.roll("german", 1, "Air Support").check()
    assert illegal(r) == [(10, "PTR 15.3B")]


def test_disrupted_layer_is_the_back_side(syn):
    """PTR16-5 / 16.3B1: a unit the Disrupted layer put on its back makes no Movement Action; back to Normal it may."""
    log = PtrLog(syn).layer("1-A", "1311", "Disrupted", "1", " Disrupted").phase(1, "operations") \
        .say("us", "act 1inf").roll("us", 8).move("1-A", "1311", "1312")
    assert illegal(log.check()) == [(4, "PTR 16.3B1")]
    log = PtrLog(syn).layer("1-A", "1311", "Disrupted", "1", " Disrupted").phase(1, "recovery") \
        .layer("1-A", "1311", "Disrupted", " Disrupted", "1") \
        .phase(1, "operations").say("us", "act 1inf").roll("us", 8).move("1-A", "1311", "1312")
    assert illegal(log.check()) == []  # 16.4A: it recovered in the Recovery Phase, in CR of US1-HQ


def test_emergency_supply_layer(syn):
    """PTR10-5 / 10.1.3B-C through the Emergency Supply layer (as the Step flip in test_supply.py)."""
    from tests.rules.ptr.test_supply import CUT
    log = PtrLog(syn, CUT).phase(1, "operations").say("us", "act 1inf") \
        .layer("US1-HQ", "1311", "Emergency Supply", "1", " Emergency Supply").roll("us", 5)
    r = log.check()
    assert illegal(r) == [] and "expends Emergency Supply" in verdicts(r, 2)[0].detail


def test_fam_and_ap_markers(syn):
    """PTR10-2 / PTR10-3 / PTR10-7 / 10.1.1B: 1inf's FAM from 4 to 3 on activation; 10.1.4A: the AP marker to 5 after
    the roll, 4 after a Movement Action; a wrong box is illegal."""
    base = PtrLog(syn).phase(1, "operations").say("us", "act 1inf")
    r = base.marker("1st Infantry FAM", FAT, 3).roll("us", 8).marker("US AP", AP_US, 5) \
        .move("1-A", "1311", "1312").marker("US AP", AP_US, 4).check()
    assert illegal(r) == []
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").marker("1st Infantry FAM", FAT, 4).check()
    assert illegal(r) == [(2, "PTR 10.1.1B")]
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).marker("US AP", AP_US, 7).check()
    assert illegal(r) == [(3, "PTR 10.1.4A")]
    r = PtrLog(syn).phase(1, "operations").marker("US AP", AP_US, 3).check()
    assert illegal(r) == [(1, "PTR 10.1.2B")]


def test_initiative_marker_and_symbol(syn):
    """PTR9-3 / 9.2.2B: after the Germans win from the 0-box, the +DRM marker goes to box 2 showing the US star."""
    base = PtrLog(syn).phase(1, "operations").say("us", "pass").initiative(2, 8)
    r = base.marker("Initiative +DRM", "Initiative Track", 2).layer("Initiative +DRM", None, "Symbol", "1", " US") \
        .check()
    assert illegal(r) == []
    r = PtrLog(syn).phase(1, "operations").say("us", "pass").initiative(2, 8) \
        .marker("Initiative +DRM", "Initiative Track", 4).layer("Initiative +DRM", None, "Symbol", " US", "1").check()
    assert illegal(r) == [(4, "PTR 9.2.2"), (5, "PTR 9.2.2B")]


def test_fam_marker_fills_an_unknown_fam(ptr):
    """On the bundled data a FAM the scenario does not place (S3 has no 1inf FAM) is read from its marker."""
    log = PtrLog(ptr, {"VII-1 Inf": "1107"}).phase(1, "organization").marker("1st Infantry Division FAM",
                                                                             "Formation Activation Track", 5)
    ref = PtrReferee(rules_for(ptr, "s3"), log.timeline())
    ref.run()
    assert memory(ref.state).fam["1inf"] == 5


def test_a_second_interdiction_roll_in_a_turn_says_the_turns_roll_is_made(syn):
    """PTR5-3 (5.2.1D, L488): one US Interdiction roll in every Recovery Phase after the first turn; a second one
    in Turn 2's is flagged as the turn's roll already made (not as a first-turn roll)."""
    r = PtrLog(syn).phase(2, "recovery").roll("us", 5, "Interdiction").check()
    assert illegal(r) == []
    r = PtrLog(syn).phase(2, "recovery").roll("us", 5, "Interdiction").roll("us", 7, "Interdiction").check()
    assert illegal(r) == [(2, "PTR 5.2.1D")]
    assert "turn 2 is already made" in verdicts(r, 2)[0].reason
