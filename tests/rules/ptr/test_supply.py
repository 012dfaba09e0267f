"""Supply at the instant of activation and Emergency Supply (PtR 10.1.3, 17.5-17.6, 10.3D) on the synthetic
game: German units around US1-HQ in 1311 cut every supply path to the US south edge (row 10)."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.ptr.memory import memory
from hexforge.rules.ptr.referee import PtrReferee
from tests.rules.ptr.helpers import PtrLog, illegal, verdicts

CUT = {"US1-HQ": "1311", "1-A": "1311", "116-PG": "1211", "116-TK": "1210", "116-IN": "1212",
       "9-IN": "1312", "9-TK": "1310", "G116-HQ": "1614", "G9-HQ": "1710", "US3-HQ": "1010", "3-AI": "1014"}


def after(syn, log: PtrLog):
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    return ref.run(), memory(ref.state)


def test_oos_hq_must_flip_before_the_ap_roll(syn):
    """PTR10-4 / PTR10-5 / PTR17-1 / 10.1.3A-C / 17.2-17.3: US1-HQ, cut off from the south edge at the instant of
    activation, must flip (Emergency Supply) before the AP roll; flipped, the roll is legal and the FAM drops one
    box."""
    r, _ = after(syn, PtrLog(syn, CUT).phase(1, "operations").say("us", "act 1inf").roll("us", 5))
    assert illegal(r) == [(2, "PTR 10.1.3C")]
    r, m = after(syn, PtrLog(syn, CUT).phase(1, "operations").say("us", "act 1inf").disrupt("US1-HQ", "1311")
                 .roll("us", 5))
    assert illegal(r) == [] and "expends Emergency Supply" in verdicts(r, 2)[0].detail and m.fam["1inf"] == 3


def test_oos_hq_already_flipped_sends_the_fam_to_zero(syn):
    """PTR10-6 / 10.1.3D / 17.5B: US1-HQ, cut off and already on its back, activates but its FAM goes to the 0-box."""
    r, m = after(syn, PtrLog(syn, CUT).disrupt("US1-HQ", "1311").phase(1, "operations").say("us", "act 1inf")
                 .roll("us", 5))
    assert "0-box" in verdicts(r, 2)[0].detail and m.fam["1inf"] == 0
    assert illegal(r) == [(0, "PTR 17.6A")]  # the flip itself, outside an activation, is not Emergency Supply


def test_a_supplied_hq_does_not_flip(syn):
    """PTR10-4 / 10.1.3A / 17.6A: US3-HQ traces its supply path at activation, so flipping it to Emergency Supply is not
    allowed."""
    r, _ = after(syn, PtrLog(syn).phase(1, "operations").say("us", "act 3arm").disrupt("US3-HQ", "1010"))
    assert illegal(r) == [(2, "PTR 17.6A")]


def test_flipping_back_only_in_a_recovery_phase_in_supply(syn):
    """PTR10-22 / PTR17-5 / 17.6B-C / 10.3D: a flipped HQ turns back only in a Recovery Phase and only in supply: in the
    OC, or cut off, it may not."""
    r, _ = after(syn, PtrLog(syn).disrupt("US3-HQ", "1010").phase(1, "operations").front("US3-HQ", "1010"))
    assert (2, "PTR 17.6C") in illegal(r)
    r, _ = after(syn, PtrLog(syn).phase(1, "end-turn").phase(2, "recovery").front("US3-HQ", "1010"))
    assert illegal(r) == [] and "flips back" in verdicts(r, 2)[0].detail
    r, _ = after(syn, PtrLog(syn, CUT).phase(1, "end-turn").phase(2, "recovery").front("US1-HQ", "1311"))
    assert illegal(r) == [(2, "PTR 10.3D")]


def test_a_feature_with_unknown_hexsides_is_unknown_not_absent(ptr):
    """The loader keeps a hexside feature given as pairs = "unknown" (the Wurm stream, PTR 1.1B / 21.3): on a
    hexside whose two hexes are known (Rott, 1922|2022, PTR 2.2A) no stream is listed, yet whether it is the Wurm
    is unknown; the named stream 3806|3705 (15.4.5A) is known; and the Wurm leaves other kinds (a ditch) alone."""
    from hexforge.maps.hexes import Hexside
    t, L = ptr.map.terrain, ptr.map.hex
    assert t.unplaced == {"stream": "Wurm"}
    assert "Wurm" in t.unknown_features(Hexside.between(L("1922"), L("2022")), ["stream"])
    assert t.unknown_features(Hexside.between(L("3806"), L("3705")), ["stream"]) is None
    assert t.unknown_features(Hexside.between(L("1922"), L("2022")), ["anti_tank_ditch"]) is None
