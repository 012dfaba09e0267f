"""Battle Victory and its bonus AP (PtR 15.6) on the synthetic game.

``won``: 116pz rolls 3 APs (level 5, die 1), moves 116-IN (1 AP), then 116-PG and 116-TK (CS 4, ER 6, 12 TPs)
make a Regular attack (2 APs: none left) from 1314 on 3-AI and 1-A in 1214: CV 28 against 26, 1:1; DRM HQ +1,
armour 12 - 2 = +10; die 5 -> 16: '1/3'. The defenders lose one SP each and retreat to 1114 (their third CH);
116-TK takes the attacker's one (it attacked with TPs). The attackers win with fewer CHs: a bonus AP, as both are
of 116pz and in CR of G116-HQ. Events 0-15."""
from __future__ import annotations

from tests.rules.ptr.helpers import PtrLog, illegal, verdicts
from tests.rules.ptr.test_actions import memory_after
from tests.rules.ptr.test_hits import BASE, both_lose_one, lose

STACK = dict(BASE, **{"116-PG": "1314", "116-TK": "1314"})


def won(syn, setup: dict[str, str] = STACK, die: int = 5) -> PtrLog:
    log = PtrLog(syn, setup).disrupt("1-B", "1512").phase(1, "operations").say("us", "pass").initiative(2, 8) \
        .say("german", "act 116pz").roll("german", 1).move("116-IN", "1612", "1613") \
        .say("german", "attack 1214 from 1314 regular").say("german", "chits 1 2").roll("german", die, "Combat")
    log = both_lose_one(log).move("3-AI", "1214", "1114").move("1-A", "1214", "1114")
    return lose(log, "116-TK", "1314", 0, 1)


def test_the_winners_spend_the_bonus_ap(syn):
    """PTR15-36 / PTR15-38: 116-PG's Movement Action (1 AP) is paid by the bonus AP with none left on the track
    (15.6B-C); the AP-Track still shows 0."""
    log = won(syn).move("116-PG", "1314", "1315")
    r = log.check()
    assert illegal(r) == []
    assert "Battle Victory to the attacker (1/3 CHs): a bonus AP" in verdicts(r, 16)[0].detail
    assert memory_after(syn, log).active.ap == 0


def test_no_one_else_spends_it(syn):
    """PTR15-38: 116-IN was not in the combat: its Movement Action needs the bonus AP, which is the winning
    stack's (15.6B)."""
    r = won(syn).move("116-IN", "1613", "1612").check()
    assert illegal(r) == [(16, "PTR 15.6B")]


def test_mixed_formations_earn_no_bonus(syn):
    """PTR15-37: 9-TK (9pz) also stands in 1314: the units in the winning hex are not all of one formation
    (15.6A1), so there is no bonus AP for 116-PG's move."""
    r = won(syn, dict(STACK, **{"9-TK": "1314"})).move("116-PG", "1314", "1315").check()
    assert illegal(r) == [(16, "PTR 15.6A")]
    assert "no bonus AP" in verdicts(r, 16)[0].detail


def test_the_loser_gets_none(syn):
    """PTR15-36: 116-PG's Hasty attack alone (chit left, ER 7: 1; CV 8 against 26, 1:4) is below the far-left
    column: '5/0' (15.1.4D). It loses 5 SPs; the defender, with fewer CHs, wins: the attacker's next Action beyond
    its APs has no bonus AP to pay it (15.6A)."""
    log = PtrLog(syn, BASE).disrupt("1-B", "1512").phase(1, "operations").say("us", "pass").initiative(2, 8) \
        .say("german", "act 116pz").roll("german", 1).move("116-IN", "1612", "1613") \
        .move("116-PG", "1513", "1414", "1314")
    log = log.say("german", "attack 1214 from 1314 hasty").say("german", "chits 1 2").roll("german", 4, "Combat")
    r = lose(log, "116-PG", "1314", 0, 5).say("german", "attack 1214 from 1314 hasty").check()
    assert "Battle Victory to the defender (5/0 CHs)" in verdicts(r, 13)[0].detail
    assert illegal(r) == [(13, "PTR 15.6A")]


def test_the_defenders_bonus_refit(syn):
    """PTR15-38 (15.6 Example 1): a disrupted 3-AI alone in 1214 (chit 2, left column, ER 3: 2; CV 16:14, 1:1,
    DRM +1; die 5 -> 6: '3/1') takes one CH, 116-PG three: the defender wins and refits 3-AI with the bonus AP.
    That Action is not followed (the US formation is not activated), but its check (2 <= ER 3) and the flip back
    are judged, with no violation."""
    setup = dict(BASE, **{"1-A": "1311"})
    log = PtrLog(syn, setup).disrupt("3-AI", "1214").disrupt("1-B", "1512").phase(1, "operations") \
        .say("us", "pass").initiative(2, 8).say("german", "act 116pz").roll("german", 8) \
        .move("116-PG", "1513", "1414", "1314").say("german", "attack 1214 from 1314 regular") \
        .say("german", "chits 1 2").roll("german", 5, "Combat")
    log = lose(lose(log, "3-AI", "1214", 0, 1), "116-PG", "1314", 0, 3).say("us", "refit 3-AI") \
        .roll("us", 2, "Effectiveness Check").front("3-AI", "1214")
    r = log.check()
    assert "Battle Victory to the defender (3/1 CHs): a bonus AP" in verdicts(r, 14)[0].detail
    assert illegal(r) == [] and "recovers by its Refit" in verdicts(r, 16)[0].detail
