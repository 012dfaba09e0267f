"""PtR 9.2.1A (L711): "both sides roll a single die" at the Initiative Determination that begins each segment. A
roll made once the segment's Initiative is determined (a player re-rolling) is flagged and otherwise ignored: the
winner still announces its option and the next segment is not begun (PTR9-1)."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.ptr.memory import memory
from hexforge.rules.ptr.referee import PtrReferee
from hexforge.rules.verdict import Illegal, Legal
from tests.rules.ptr.helpers import PtrLog, illegal, verdicts


def oc(syn) -> PtrLog:
    """Turn 1's OC: the US holds the first segment's Initiative without a roll (21.0C); it passes."""
    return PtrLog(syn).phase(1, "operations").say("us", "pass")


def after(syn, log: PtrLog):
    ref = PtrReferee(rules_for(syn, "s1"), log.timeline())
    return ref.run(), memory(ref.state)


def test_legal_rolls_then_the_winner_acts(syn):
    """PTR9-1, legal: each side rolls once, the winner (German 7 > US 3) acts."""
    r, m = after(syn, oc(syn).initiative(3, 7).say("german", "act 116pz"))
    assert illegal(r) == []
    assert m.segment == 2 and m.active is not None and m.active.formation == "116pz"


def test_a_reroll_after_both_rolled_is_flagged_and_ignored(syn):
    """PTR9-1, illegal: the US rolls again after both sides rolled for segment 2; the re-roll is not segment 3's
    roll: the German winner still acts, legally, and the marker and segment are as the first rolls left them."""
    log = oc(syn).initiative(3, 7).roll("us", 9).say("german", "act 116pz")
    r, m = after(syn, log)
    assert illegal(r) == [(4, "PTR 9.2.1A")]
    assert "ignored" in verdicts(r, 4)[0].reason
    assert any(isinstance(v, Legal) for v in verdicts(r, 5))
    assert (m.segment, m.marker.side, m.marker.box) == (2, "us", 2)
    assert m.active is not None and m.active.formation == "116pz"


def test_the_same_side_rerolling_twice_is_two_rerolls(syn):
    """PTR9-1, illegal: the US rolls twice more; the German winner of the first rolls still holds the Initiative,
    so a US activation is not the holder's (9.4)."""
    log = oc(syn).initiative(3, 7).roll("us", 9).roll("us", 8).say("us", "act 1inf")
    assert illegal(log.check()) == [(4, "PTR 9.2.1A"), (5, "PTR 9.2.1A"), (6, "PTR 9.4")]


def test_both_sides_rolling_again_begin_the_next_segment(syn):
    """PTR9-1 / PTR9-6, illegal: after the first extra roll (ignored) the other side rolls too: both sides rolled
    again, so the German winner announced nothing (9.4) and the rolls are segment 3's (German 9 > US 1 + 2)."""
    log = oc(syn).initiative(3, 7).initiative(1, 9).say("german", "act 116pz")
    r, m = after(syn, log)
    assert illegal(r) == [(4, "PTR 9.2.1A"), (5, "PTR 9.4")]
    assert "german wins the Initiative of segment 3" in " ".join(str(v) for v in verdicts(r, 5))
    assert m.segment == 3 and m.active is not None and m.active.formation == "116pz"


def test_a_passer_winning_leaves_the_next_roll_due(syn):
    """PTR9-10 / PTR9-1, legal: the US passed and wins segment 2 (nothing happens, 9.4.3D); the next rolls are segment
    3's."""
    log = oc(syn).initiative(9, 2).initiative(1, 9).say("german", "act 116pz")
    r, m = after(syn, log)
    assert illegal(r) == [] and m.segment == 3


def test_a_roll_in_the_first_segment_of_the_first_turn(syn):
    """PTR9-13 / PTR9-1 with 21.0C: the US holds segment 1 without a roll; a roll then is none due, and is ignored."""
    r = PtrLog(syn).phase(1, "operations").roll("us", 5).say("us", "act 1inf").check()
    assert illegal(r) == [(1, "PTR 9.2.1A")]
    assert not any(isinstance(v, Illegal) for v in verdicts(r, 2))
