"""HQ Attack Support Points after a displacement (PtR 20.2B1, 14.2A) on the synthetic game: US1-HQ (2 ASPs) is
displaced within its CR (case 20.2B: one ASP lost); 1inf's Prepared attack then has HQ support +1, not +2."""
from __future__ import annotations

from tests.rules.ptr.helpers import PtrLog, illegal, verdicts
from tests.rules.ptr.test_actions import SETUP
from tests.rules.ptr.test_hits import lose


def prepared(syn, displaced: bool) -> PtrLog:
    """The US transfers; 116pz moves 116-PG to 1414, next to US1-HQ alone in 1313 when ``displaced`` (it then goes
    to 1311); the US wins segment 2; 1-A moves to 1313 and makes a Prepared attack on 1414: Air Support 5 (1R),
    combat die 2 (the last event)."""
    log = PtrLog(syn, dict(SETUP, **{"US1-HQ": "1313"}) if displaced else SETUP).disrupt("1-B", "1512") \
        .phase(1, "operations").say("us", "transfer").say("german", "act 116pz").roll("german", 8) \
        .move("116-PG", "1513", "1414")
    if displaced:
        log.move("US1-HQ", "1313", "1312", "1311")
    log.say("german", "done").initiative(9, 1).say("us", "act 1inf").roll("us", 8).move("1-A", "1311", "1312", "1313")
    return log.say("us", "attack 1414 from 1313 prepared").say("us", "chits 1 2").roll("us", 5, "Air Support") \
        .roll("us", 2, "Combat")


def test_a_displaced_hq_supports_with_what_it_has_left(syn):
    """PTR14-7 / PTR19-6 (20.2B1): HQ +1 after the displacement (roll 2 + 1 = 3: '4/0'); HQ +2 without it."""
    log = prepared(syn, displaced=False)
    assert "HQ +2" in verdicts(log.check(), len(log.events) - 1)[0].detail
    r = prepared(syn, displaced=True)
    combat = verdicts(r.check(), len(r.events) - 1)[0].detail
    assert "HQ +1" in combat and "4/0" in combat
    assert illegal(lose(r, "1-A", "1313", 0, 4).say("us", "done").check()) == []
    log = lose(lose(prepared(syn, displaced=True), "116-PG", "1414", 0, 1), "1-A", "1313", 0, 3)
    assert "PTR 15.5.1" in [rule for _, rule in illegal(log.say("us", "done").check())]


def test_each_hq_of_an_hq_overstack_loses_one(syn):
    """PTR14-7 (14.2A): US1-HQ relocates into US3-HQ's hex 1313: each loses one ASP (2 -> 1); US3-HQ, displaced
    within its CR (20.2B1), loses one more (0). Without the overstack both keep 2."""
    from tests.rules.ptr.test_actions import memory_after
    log = PtrLog(syn, dict(SETUP, **{"US3-HQ": "1313"})).phase(1, "operations").say("us", "act 1inf") \
        .roll("us", 8).say("us", "relocate 1infhq").move("US1-HQ", "1311", "1312", "1313") \
        .move("US3-HQ", "1313", "1312", "1311")
    assert dict(memory_after(syn, log).asp) == {"US1-HQ": 1, "US3-HQ": 0}
    log = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).say("us", "relocate 1infhq") \
        .move("US1-HQ", "1311", "1312", "1313")
    assert dict(memory_after(syn, log).asp) == {}
