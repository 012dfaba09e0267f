"""Resolving a declared attack (PtR 15.1-15.4) on the synthetic game. The expected numbers are worked out here
by hand from the synthetic tables: chit cells left = 1 + (ER + chit) % 2, centre = 1 + (ER + chit) % 3 % 2 +
(ER >= 6), right = min(3, 2 + (ER >= 5)); CRT cell at roll r, column c (0-3) = (4 - (r + c) // 5) / ((r + c) // 5)."""
from __future__ import annotations

from hexforge.builder.timeline import StepChange
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal, ref, verdicts
from tests.rules.ptr.test_actions import SETUP, german


def attack(syn, kind: str = "regular", setup=None) -> PtrLog:
    """116-PG (CS 8, ER 7, no TPs) moves to 1314 and attacks 3-AI (7, ER 5) and 3-TK (6, ER 5, 6 TPs) in 1214."""
    return german(syn, setup).move("116-PG", "1513", "1414", "1314").say("german", f"attack 1214 from 1314 {kind}")


def test_regular_attack_reads_the_crt(syn):
    """PTR15-2 / PTR15-3 / PTR15-4 / PTR15-5 / PTR15-18: Attacker chit 1, centre, ER 7: 2 -> 8 x 2 = 16. Defender chit
    2, centre, ER 5: 2 -> 7 x 2 + 6 x 2 = 26. 1:ceil(26/16) = 1:2 (15.1.4A): column 1:2. DRMs: no support either side;
    HQ support ceil(2/2) = +1 (116-PG in CR of G116-HQ, 15.4.3C); armour: the defender alone has TPs: -6 (15.4.4.4A).
    Roll 9 - 5 = 4: '4/0'."""
    r = attack(syn).say("german", "chits 1 2").roll("german", 9).check()
    assert illegal(r) == []
    assert verdicts(r, 10)[0].detail.startswith(
        "CV 16:26, column 1:2; DRM -5 (support +0/+0, HQ +1, armour -6); roll 9 -> 4: 4/0")


def test_roll_clamped_and_below_the_far_left_column(syn):
    """PTR15-5 / PTR15-6 / PTR15-9 / 15.1.4F: a roll of 2 with DRM -5 is read as 1 ('4/0'). 15.1.4A: with 3-TK2 added
    (CS 5, ER 4: centre 1 + 0 + 0 = 1; CV 31), 31/16 rounds up: 1:2. (Below the far-left column: the Hasty test.)"""
    r = attack(syn).say("german", "chits 1 2").roll("german", 2).check()
    assert "roll 2 -> 1: 4/0" in verdicts(r, 10)[0].detail
    setup = dict(SETUP, **{"3-TK2": "1214"})
    r = attack(syn, setup=setup).say("german", "chits 1 2").roll("german", 2).check()
    assert verdicts(r, 10)[0].detail.startswith("CV 16:31, column 1:2;")


def test_prepared_attack_rolls_air_support_first(syn):
    """PTR15-7 / PTR15-18 / 15.3: a Prepared attack's first roll is Air Support (German column: 1 -> 1R); chit right
    column ER 7: 3 -> 24 vs 26: 1:2 shifted one right: 1:1. HQ support: all 2 ASPs (15.4.3D). Roll 9 - 6 + 2 = 5: column
    1 -> (4 - 6 // 5) / (6 // 5) = 3/1."""
    r = attack(syn, "prepared").say("german", "chits 1 2").roll("german", 1).roll("german", 9).check()
    assert verdicts(r, 10)[0].detail == "Air Support 1R (die 1)"
    assert verdicts(r, 11)[0].detail.startswith("CV 24:26, column 1:1; DRM -4 (support +0/+0, HQ +2, armour -6); "
                                                "roll 9 -> 5: 3/1")


def test_hasty_attack_has_no_hq_support(syn):
    """PTR15-3 / PTR15-6 / PTR15-17 / 15.4.3A: no HQ support for a Hasty attack (chit left, ER 7: 1 + 8 % 2 = 1: CV 8 vs
    26: 1:4: 5/0)."""
    r = attack(syn, "hasty").say("german", "chits 1 2").roll("german", 9).check()
    assert "CV 8:26 is below the far-left column" in verdicts(r, 10)[0].detail


def test_lone_hq_defends_at_one(syn):
    """PTR15-6 / PTR19-4 / 20.1B: an HQ alone defends at Battle Strength 1, draws no chit ('chits 1': the attacker's
    alone), no ATPs: 16:1, the far-right 3:1 column."""
    setup = dict(SETUP, **{"US3-HQ": "1214", "3-AI": "1011", "3-TK": "1012"})
    r = attack(syn, setup=setup).say("german", "chits 1").roll("german", 3).check()
    assert "CV 16:1, column 3:1; DRM +1 (support +0/+0, HQ +1, armour +0); roll 3 -> 4: 3/1" in \
        verdicts(r, 10)[0].detail


def test_chits_once_per_combat_and_before_the_roll(syn):
    """PTR15-2 / 15.2.1B: a second pair of chits in one combat, or chits with no attack declared, is not allowed; a roll
    before the chits is not checkable."""
    r = attack(syn).say("german", "chits 1 2").say("german", "chits 2 3").check()
    assert illegal(r) == [(10, "PTR 15.2.1B")]
    r = attack(syn).roll("german", 9).check()
    assert isinstance(verdicts(r, 9)[0], NotCheckable) and "Combat Chits" in verdicts(r, 9)[0].needs
    r = german(syn).say("german", "chits 1 2").check()
    assert isinstance(verdicts(r, 7)[0], Illegal)


def test_bundled_combat_is_not_checkable(ptr):
    from tests.rules.ptr.test_bundled import S2
    log = PtrLog(ptr, dict(S2, **{"116-II/16": "2114"})).phase(1, "operations").say("us", "pass") \
        .initiative(1, 9).say("german", "act 116pz").roll("german", 6).say("german", "attack 2215 from 2114 hasty") \
        .say("german", "chits 3 4").roll("german", 5)
    r = log.check("s2")
    assert isinstance(verdicts(r, 8)[0], NotCheckable) and "units.csv" in verdicts(r, 8)[0].needs


def improved(syn) -> PtrLog:
    """1-B disrupted (as in test_actions.german); 3arm (level 6, roll 5: (6 + 5 + 3) // 3 = 4 APs) puts 1214
    under Improved Defense (events 0-5); the Germans then win segment 2 (6-7)."""
    return PtrLog(syn).disrupt("1-B", "1512").phase(1, "operations").say("us", "act 3arm").roll("us", 5).say("us", "id 1214") \
        .say("us", "done")


def test_improved_defense_uses_the_right_chit_column(syn):
    """PTR11-18 / PTR15-3 / 11.4.4A / 15.2.1D: defenders under Improved Defense read the right column: chit 2, ER 5: 3
    -> 7 x 3 + 6 x 3 = 39 against 16: 1:3, below the far-left column."""
    log = improved(syn).initiative(2, 8).say("german", "act 116pz").roll("german", 8) \
        .move("116-PG", "1513", "1414", "1314").say("german", "attack 1214 from 1314 regular") \
        .say("german", "chits 1 2").roll("german", 9)
    r = log.check()
    assert illegal(r) == [] and "CV 16:39 is below the far-left column" in verdicts(r, 13)[0].detail


def test_improved_defense_ends_when_a_unit_leaves_or_acts(syn):
    """PTR11-19 / 11.4.4C-D: a unit of the hex leaving ends it; so does another unit ending its move there."""
    from tests.rules.ptr.test_actions import memory_after
    assert memory_after(syn, improved(syn)).improved
    log = PtrLog(syn).phase(1, "operations").say("us", "act 3arm").roll("us", 5).say("us", "id 1214") \
        .move("3-TK", "1214", "1114")
    assert not memory_after(syn, log).improved
    log = PtrLog(syn).phase(1, "operations").say("us", "act 3arm").roll("us", 5).say("us", "id 1214") \
        .move("3-TK2", "1211", "1212", "1213", "1214").say("us", "done")
    assert not memory_after(syn, log).improved


def test_retreats_after_the_roll(syn):
    """PTR15-22 / PTR15-25 / PTR15-30 / PTR15-32 / 15.5.5: one hex, the stack together, never into an enemy unit: 3-AI
    and 1-A retreat from 1214 after the first of their two CHs is an SP loss ('2/2', test_hits.rolled; events 0-10, the
    loss 11)."""
    from tests.rules.ptr.test_hits import lose, rolled
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114").move("1-A", "1214", "1114").check()
    assert illegal(r) == [] and "3-AI retreats to 1114" in verdicts(r, 12)[0].detail
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114").move("1-A", "1214", "1113").check()
    assert illegal(r) == [(13, "PTR 15.5.5C")]
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1014").check()
    assert illegal(r) == [(12, "PTR 15.5.5A")]
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1314").check()
    assert (12, "PTR 15.5.5E1") in illegal(r)


def test_after_the_roll_the_attacker_may_move_on(syn):
    """A two-hex move of the attacker once its hits are absorbed (four SP losses of '4/0') is a new Movement
    Action (an AP), not a retreat."""
    from tests.rules.ptr.test_actions import memory_after
    from tests.rules.ptr.test_hits import lose
    log = lose(attack(syn).say("german", "chits 1 2").roll("german", 9), "116-PG", "1314", 0, 4)
    log = log.move("116-PG", "1314", "1315", "1316")
    assert memory_after(syn, log).active.ap == 1  # 5 - 1 (move) - 2 (regular) - 1 (move)



REGULAR = "CV 16:26, column 1:2; DRM -5 (support +0/+0, HQ +1, armour -6); roll 9 -> 4: 4/0"  # as read above


def test_an_hq_in_the_attacking_hex_takes_no_part(syn):
    """PTR 20.1A: G116-HQ stacked with 116-PG in 1314 is ignored: the combat reads as without it (counting it, as
    the HQ has no CS, made the combat not checkable)."""
    r = attack(syn, setup=dict(SETUP, **{"G116-HQ": "1314"})).say("german", "chits 1 2").roll("german", 9).check()
    assert illegal(r) == []
    assert verdicts(r, 10)[0].detail.startswith(REGULAR)


def test_an_hq_among_the_defenders_takes_no_part(syn):
    """PTR15-15: PTR 20.1A: US3-HQ in 1214 with 3-AI and 3-TK is ignored even on its back (Emergency Supply): it is no
    disrupted defender, so 3-TK2 in 1313 (3arm, ZOC into 1314, in CR) still gives its -1 support (15.4.2.2B)."""
    setup = dict(SETUP, **{"US3-HQ": "1214", "3-TK2": "1313"})
    log = attack(syn, setup=setup).say("german", "chits 1 2").roll("german", 9)
    log.events.insert(0, StepChange(0, ref("US3-HQ"), "1214", "Step", "1", "2"))
    r = log.check()
    assert illegal(r) == [(0, "PTR 17.6A")]  # the flip itself, out of its phase: this test is about the combat
    assert verdicts(r, 11)[0].detail.startswith("CV 16:26, column 1:2; DRM -6 (support +0/-1, HQ +1, armour -6)")


def test_a_move_after_an_unread_combat_names_what_is_missing(ptr):
    """15.5: on the bundled data the combat roll is not checkable (no CS in units.csv); the attacker's one-hex move
    after it says the result is unknown and why, and no longer that results 'are not followed yet'; before the
    roll such a move is no retreat (15.5.5 comes after the roll)."""
    from tests.rules.ptr.test_bundled import S2
    log = PtrLog(ptr, dict(S2, **{"116-II/16": "2114"})).phase(1, "operations").say("us", "pass") \
        .initiative(1, 9).say("german", "act 116pz").roll("german", 6).say("german", "attack 2215 from 2114 hasty") \
        .say("german", "chits 3 4")
    after = verdicts(PtrLog.check(log.roll("german", 5).move("116-II/16", "2114", "2014"), "s2"), 9)[0]
    assert isinstance(after, NotCheckable) and "cs of unit 116-II/16 (units.csv)" in after.needs
    assert "not followed yet" not in after.needs
    log.events[-2:] = log.events[-1:]  # the move before the roll
    before = verdicts(log.check("s2"), 8)[0]
    assert isinstance(before, NotCheckable) and "not followed yet" not in before.needs
