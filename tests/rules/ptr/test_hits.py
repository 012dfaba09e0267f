"""Applying a combat result (PtR 15.5, 16.1-16.2) on the synthetic game: each side's hits as SP losses (the
Losses layer), eliminations, Effectiveness Checks and disruption flips, each case legal and illegal.

The combat (``rolled``): 116-PG (CS 8, ER 7, no TPs) attacks 3-AI (CS 7, ER 5, ATP 2) and 1-A (CS 6, ER 5, ATP 1)
in 1214 from 1314 (the synthetic tables' arithmetic is in test_battle.py): chits 1 and 2, centre column: 16 against
7 x 2 + 6 x 2 = 26, 1:2; DRM +1 (HQ support); die 10 -> 11: '2/2', die 9 -> 10: '2*/2*' (boldface), die 5 -> 6:
'3/1'. Events 0-10; the result's events follow."""
from __future__ import annotations

from hexforge.builder.locations import OFF_MAP
from hexforge.builder.timeline import Eliminated
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal, ref, verdicts
from tests.rules.ptr.test_actions import SETUP, german

BASE = dict(SETUP, **{"3-TK": "1212", "1-A": "1214", "1-TD": "1012"})


def rolled(syn, die: int, setup: dict[str, str] | None = None, first: PtrLog | None = None) -> PtrLog:
    log = german(syn, setup or BASE) if first is None else first
    return log.move("116-PG", "1513", "1414", "1314").say("german", "attack 1214 from 1314 regular") \
        .say("german", "chits 1 2").roll("german", die, "Combat")


def lose(log: PtrLog, u: str, h: str, old: int, new: int) -> PtrLog:
    """The unit's Losses layer from ``old`` to ``new`` SPs lost (the set-up level is '1', the others named)."""
    return log.layer(u, h, "Losses", "1" if old == 0 else f" {old} SP lost", f" {new} SP lost")


def check(log: PtrLog, side: str, die: int) -> PtrLog:
    return log.roll(side, die, "Effectiveness Check")


def eliminate(log: PtrLog, u: str, h: str) -> PtrLog:
    log.events.append(Eliminated(log._n(), ref(u), OFF_MAP, h))
    return log


def both_lose_one(log: PtrLog) -> PtrLog:
    return lose(lose(log, "3-AI", "1214", 0, 1), "1-A", "1214", 0, 1)


def test_the_result_is_applied_as_the_crt_says(syn):
    """PTR15-10 / PTR15-24: '2/2': one SP from each defender, then the attacker's two. Illegal: three defender
    losses for two hits (15.5.1)."""
    r = lose(both_lose_one(rolled(syn, 10)), "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == []
    assert "3-AI loses 1 SP" in verdicts(r, 11)[0].detail
    log = lose(both_lose_one(rolled(syn, 10)), "3-AI", "1214", 1, 2)
    r = lose(log, "116-PG", "1314", 0, 2).say("german", "done").check()
    assert (15, "PTR 15.5.1") in illegal(r)


def test_an_unfinished_result_at_the_log_end_is_not_checkable(syn):
    """PTR15-10: a log ending before the hits are absorbed says so (the next log may show them), never illegal."""
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).check()
    assert illegal(r) == [] and any("the log ends first" in v.needs for v in verdicts(r, 11)
                                    if isinstance(v, NotCheckable))


def test_defender_first(syn):
    """PTR15-20: the attacker's SP loss before the defender absorbed its hits is against 15.5C."""
    r = lose(rolled(syn, 10), "116-PG", "1314", 0, 1).check()
    assert illegal(r) == [(11, "PTR 15.5C")]


def test_second_loss_waits_for_every_unit(syn):
    """PTR15-24: 3-AI's second SP loss before 1-A took one (15.5.2D)."""
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 2).check()
    assert illegal(r) == [(11, "PTR 15.5.2D")]


def test_first_loss_from_a_unit_with_tps(syn):
    """PTR15-19 / PTR15-23 / PTR15-24: 116-PG and 116-TK (CS 4, ER 6, 12 TPs) attack from 1314: the first SP loss is
    116-TK's (15.5.2C), the second 116-PG's (15.5.2D). CV 8 x 2 + 4 x 3 = 28 against 26: 1:1; DRM HQ +1, armour 12 - 2 =
    +10; die 1 -> 12: '2/2'."""
    setup = dict(BASE, **{"116-PG": "1314", "116-TK": "1314"})
    log = german(syn, setup).say("german", "attack 1214 from 1314 regular").say("german", "chits 1 2") \
        .roll("german", 1, "Combat")
    assert verdicts(log.check(), 9)[0].detail.endswith("roll 1 -> 12: 2/2")
    both_lose_one(log)
    good = lose(lose(log, "116-TK", "1314", 0, 1), "116-PG", "1314", 0, 1)
    assert illegal(good.say("german", "done").check()) == []
    log = german(syn, setup).say("german", "attack 1214 from 1314 regular").say("german", "chits 1 2") \
        .roll("german", 1, "Combat")
    r = lose(both_lose_one(log), "116-PG", "1314", 0, 1).check()
    assert illegal(r) == [(12, "PTR 15.5.2C")]


def test_supporting_units_take_no_hits(syn):
    """PTR15-15 / PTR15-16: 1-TD in 1415, next to the attacking hex, supports the defence (-1: DRM 0; die 5: '3/1'); an
    SP loss of 1-TD is against 15.5.2A; 3-AI's is legal."""
    setup = dict(BASE, **{"1-TD": "1415"})
    r = lose(rolled(syn, 5, setup), "1-TD", "1415", 0, 1).check()
    assert illegal(r) == [(11, "PTR 15.5.2A")]
    r = lose(rolled(syn, 5, setup), "3-AI", "1214", 0, 1).check()
    assert illegal(r) == []


def test_a_unit_at_one_is_eliminated(syn):
    """PTR15-26: 1-A has lost 5 SPs (CS 1): a sixth shown as a marker is against 15.5.4A2; its elimination is its
    one SP loss."""
    first = lose(PtrLog(syn, BASE), "1-A", "1214", 0, 5).disrupt("1-B", "1512").phase(1, "operations") \
        .say("us", "pass").initiative(2, 8).say("german", "act 116pz").roll("german", 8)
    r = lose(lose(rolled(syn, 10, first=first), "3-AI", "1214", 0, 1), "1-A", "1214", 5, 6).check()
    assert (13, "PTR 15.5.4A2") in illegal(r)
    first = lose(PtrLog(syn, BASE), "1-A", "1214", 0, 5).disrupt("1-B", "1512").phase(1, "operations") \
        .say("us", "pass").initiative(2, 8).say("german", "act 116pz").roll("german", 8)
    log = eliminate(lose(rolled(syn, 10, first=first), "3-AI", "1214", 0, 1), "1-A", "1214")
    r = lose(log, "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == []


def test_hqs_take_no_hits_and_go_with_their_formation(syn):
    """PTR15-28 / PTR15-29: an HQ never absorbs CHs; it is removed only once its formation's last unit is."""
    log = PtrLog(syn, BASE).phase(1, "operations")
    r = eliminate(log, "US1-HQ", "1311").check()
    assert illegal(r) == [(1, "PTR 15.5.4D")]
    log = PtrLog(syn, BASE).phase(1, "operations")
    for u, h in (("1-A", "1214"), ("1-B", "1512"), ("1-TD", "1012")):
        eliminate(log, u, h)
    r = eliminate(log, "US1-HQ", "1311").check()
    assert illegal(r) == [] and "formation's last unit" in verdicts(r, 4)[0].detail


def test_an_hq_goes_with_the_last_unit_in_combat(syn):
    """PTR15-29: 1-B and 1-TD are gone and 1-A, 1inf's last unit, is at CS 1 (5 SPs lost) alone in 1214 ('3/1'):
    its elimination is the defender's one CH, and US1-HQ is removed at once; left on the map, it is against
    15.5.4D."""
    def eliminated() -> PtrLog:
        first = PtrLog(syn, dict(BASE, **{"3-AI": "1211"})).disrupt("1-B", "1512")
        eliminate(eliminate(first, "1-B", "1512"), "1-TD", "1012")
        first = lose(first, "1-A", "1214", 0, 5).phase(1, "operations").say("us", "pass").initiative(2, 8) \
            .say("german", "act 116pz").roll("german", 8)
        return lose(eliminate(rolled(syn, 5, first=first), "1-A", "1214"), "116-PG", "1314", 0, 3)
    r = eliminate(eliminated(), "US1-HQ", "1311").say("german", "done").check()
    assert illegal(r) == []
    r = eliminated().say("german", "done").check()
    assert illegal(r) == [(16, "PTR 15.5.4D")]


def test_boldface_hits_check_every_unit_first(syn):
    """PTR15-21: '2*/2*': both defenders check (3 and 4, at most ER 5: both pass) before their SP losses, then the
    attacker (2, ER 7). Illegal: a loss before the checks (15.5.3A)."""
    log = check(check(rolled(syn, 9), "us", 3), "us", 4)
    log = lose(check(both_lose_one(log), "german", 2), "116-PG", "1314", 0, 2).say("german", "done")
    assert illegal(log.check()) == []
    r = lose(rolled(syn, 9), "3-AI", "1214", 0, 1).check()
    assert illegal(r) == [(11, "PTR 15.5.3A")]
    r = check(rolled(syn, 10), "us", 3).check()
    assert illegal(r) == [(11, "PTR 16.0")]  # '2/2' is not boldface: no check


def test_a_failed_check_disrupts(syn):
    """PTR15-22 / PTR16-2 / PTR15-35: checks 8 and 3 against ER 5: one defender fails. 3-AI is disrupted, takes the
    first CH as an SP loss and withdraws (two CHs, 15.5.6A); 1-A absorbs the second (15.5.6B). Illegal: no unit
    disrupted (16.2), or the failed unit staying (15.5.6A)."""
    log = check(check(rolled(syn, 9), "us", 8), "us", 3).disrupt("3-AI", "1214")
    log = lose(log, "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114")
    log = lose(check(lose(log, "1-A", "1214", 0, 1), "german", 2), "116-PG", "1314", 0, 2).say("german", "done")
    assert illegal(log.check()) == []
    log = check(check(rolled(syn, 9), "us", 8), "us", 3)
    r = lose(check(both_lose_one(log), "german", 2), "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == [(17, "PTR 16.2")]
    log = check(check(rolled(syn, 9), "us", 8), "us", 3).disrupt("3-AI", "1214")
    r = lose(check(both_lose_one(log), "german", 2), "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == [(18, "PTR 15.5.6A")]


def test_hqs_never_check(syn):
    """PTR16-2: one Effectiveness Check per combat unit; a third for the two defenders (an HQ's, say) is one too
    many (16.1: HQs never check, 16.2)."""
    log = check(check(check(rolled(syn, 9), "us", 3), "us", 4), "us", 2)
    r = lose(check(both_lose_one(log), "german", 2), "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == [(13, "PTR 16.1")]


def test_a_disrupted_unit_failing_again_loses_one_more(syn):
    """PTR16-3 (the synthetic game's reading of 16.2A: 'mandatory'): 3-AI is disrupted (ER 3); checks 4 and 4: 3-AI
    fails again, 1-A passes. Two CHs: 3-AI's SP loss, its Withdrawal, 1-A's loss; and 3-AI's extra SP loss. Without
    the extra loss: too few (15.5.1)."""
    first = PtrLog(syn, BASE).disrupt("3-AI", "1214").disrupt("1-B", "1512").phase(1, "operations") \
        .say("us", "pass").initiative(2, 8).say("german", "act 116pz").roll("german", 8)
    log = check(check(rolled(syn, 9, first=first), "us", 4), "us", 4)
    log = lose(lose(log, "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114"), "1-A", "1214", 0, 1)
    done = lose(check(lose(log, "3-AI", "1114", 1, 2), "german", 2), "116-PG", "1315", 0, 2).say("german", "done")
    r = done.check()
    assert illegal(r) == [], illegal(r)
    first = PtrLog(syn, BASE).disrupt("3-AI", "1214").disrupt("1-B", "1512").phase(1, "operations") \
        .say("us", "pass").initiative(2, 8).say("german", "act 116pz").roll("german", 8)
    log = check(check(rolled(syn, 9, first=first), "us", 4), "us", 4)
    log = lose(lose(log, "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114"), "1-A", "1214", 0, 1)
    r = lose(check(log, "german", 2), "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == [(19, "PTR 15.5.1")]


def test_a_failed_refit_costs_no_sp(syn):
    """PTR16-4: 1-B (disrupted, ER 2) fails its Refit (die 5): an SP loss after it is against the 16.2 Play Note;
    a loss with no cause the referee follows is not checkable."""
    log = PtrLog(syn, BASE).disrupt("1-B", "1512").phase(1, "operations").say("us", "act 1inf").roll("us", 5) \
        .say("us", "refit 1-B").roll("us", 5, "Effectiveness Check")
    r = lose(log, "1-B", "1512", 0, 1).check()
    assert illegal(r) == [(6, "PTR 16.2")]
    r = lose(PtrLog(syn, BASE).phase(1, "operations"), "1-B", "1512", 0, 1).check()
    assert illegal(r) == [] and isinstance(verdicts(r, 1)[0], NotCheckable)


def test_bundled_combat_results_are_not_checkable(ptr):
    """PTR15-10 on the bundled data: the CRT has no cell, so the combat roll and the losses after it are not
    checkable, naming the CRT (or the unit values read first), never legal."""
    from tests.rules.ptr.test_bundled import S2
    log = PtrLog(ptr, dict(S2, **{"116-II/16": "2114"})).phase(1, "operations").say("us", "pass") \
        .initiative(1, 9).say("german", "act 116pz").roll("german", 6).say("german", "attack 2215 from 2114 hasty") \
        .say("german", "chits 3 4").roll("german", 5, "Combat")
    r = lose(log, "116-II/16", "2114", 0, 1).check("s2")
    assert isinstance(verdicts(r, 8)[0], NotCheckable)
    assert isinstance(verdicts(r, 9)[0], NotCheckable) and "crt" in verdicts(r, 9)[0].needs.lower()
    assert not [v for v in verdicts(r, 9) if isinstance(v, Illegal)]


def test_current_cs_markers_leave_the_losses_unchecked(syn):
    """PTR15-10: SP losses shown with the printed Current CS markers (a marker dropped in 1214: whose is it?) make
    the result not checkable, never illegal."""
    from hexforge.builder.timeline import Entered, PieceRef
    log = rolled(syn, 10)
    log.events.append(Entered(log._n(), PieceRef("cs1", "Current CS", None), OFF_MAP, "1214"))
    r = lose(log, "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == [] and "Current CS markers" in verdicts(r, 11)[0].needs


def test_chat_that_declares_nothing_leaves_the_result_open(syn):
    """PTR15-10: VASSAL echoes every dice button's roll in the chat ('*** Combat = 10 *** <German>') in the roll's
    own log step; that line, like any talk, does not end the combat, so the losses after it are the result's."""
    log = rolled(syn, 10).say("german", "*** Combat = 10 *** &lt;German&gt;").say("us", "ouch")
    r = lose(both_lose_one(log), "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == []
    log = rolled(syn, 10).say("german", "*** Combat = 10 *** &lt;German&gt;")
    r = lose(lose(log, "3-AI", "1214", 0, 1), "116-PG", "1314", 0, 2).say("german", "done").check()
    assert any(rule == "PTR 15.5.1" for _, rule in illegal(r))  # 1-A's loss is still owed
