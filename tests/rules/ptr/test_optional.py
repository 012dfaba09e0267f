"""Optional rules (PtR 22.1, 22.3-22.5, 22.7) on the synthetic game, which plays them all: G-RG a railroad gun
(Turns 1-2, once a turn), G-SCH sharpshooters (Turn 1, once, after a US move into a German ZOC), G-FP a Funkpanzer
(Turn 2, once), US-OSS placed with a 1inf unit on Turn 2. The bundled data leaves them off: nothing is judged there."""
from __future__ import annotations

from hexforge.rules.verdict import Illegal
from tests.rules.ptr.helpers import PtrLog, illegal
from tests.rules.ptr.test_actions import SETUP, german


def rules_of(r) -> list[str]:
    return [rule for _, rule in illegal(r)]


def test_infiltration_attack_by_german_infantry_only(syn):
    """PTR22-1 (22.1.1A, 22.1.2D): 116-IN and 116-TK infiltrate 1-B's hex; a tank alone may not; a lone US HQ is
    no target; the US never infiltrates."""
    assert rules_of(german(syn).say("german", "attack 1512 from 1612 infiltration").check()) == []
    r = german(syn, dict(SETUP, **{"116-IN": "1613"})).say("german", "attack 1512 from 1612 infiltration").check()
    assert rules_of(r) == ["PTR 22.1.1A"]
    r = german(syn, dict(SETUP, **{"US1-HQ": "1511"})).say("german", "attack 1511 from 1612 infiltration").check()
    assert rules_of(r) == ["PTR 22.1.2D"]
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8) \
        .say("us", "attack 1612 from 1512 infiltration").check()
    assert rules_of(r) == ["PTR 22.1.1A"]


def prepared(syn, kind: str = "prepared") -> PtrLog:
    """116-PG moves to 1314 and declares an attack on 1214 (Turn 1)."""
    return german(syn).move("116-PG", "1513", "1414", "1314").say("german", f"attack 1214 from 1314 {kind}")


def test_railroad_gun_supports_one_prepared_attack_a_turn(syn):
    """PTR22-5 (22.3A, C): G-RG supports the Prepared attack; not twice a turn, not a Regular attack."""
    assert rules_of(prepared(syn).say("german", "use g-rg").check()) == []
    assert rules_of(prepared(syn).say("german", "use g-rg").say("german", "use g-rg").check()) == ["PTR 22.3C"]
    assert rules_of(prepared(syn, "regular").say("german", "use g-rg").check()) == ["PTR 22.3A"]


def test_sharpshooters_once_on_their_turn(syn):
    """PTR22-6 (22.4C): G-SCH is used once, on Turn 1 only (after 1-A ends its move in 116-PG's ZOC, 1413)."""
    base = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8) \
        .move("1-A", "1311", "1312", "1413").say("german", "use g-sch")
    assert rules_of(base.check()) == []
    assert rules_of(base.say("german", "use g-sch").check()) == ["PTR 22.4C"]
    r = PtrLog(syn).phase(2, "operations").say("german", "use g-sch").check()
    assert rules_of(r) == ["PTR 22.4C"]


def test_sharpshooters_after_an_enemy_move_into_a_zoc(syn):
    """PTR22-7 (22.4A): not without a US Movement Action, nor after one that ends in no German ZOC (1312)."""
    r = PtrLog(syn).phase(1, "operations").say("german", "use g-sch").check()
    assert rules_of(r) == ["PTR 22.4A"]
    r = PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 8).move("1-A", "1311", "1312") \
        .say("german", "use g-sch").check()
    assert rules_of(r) == ["PTR 22.4A"]


def turn2_prepared(syn) -> PtrLog:
    """Turn 2: as :func:`prepared` (1-B disrupted, so its ZOC does not cut 116-PG from its HQ)."""
    return (PtrLog(syn).disrupt("1-B", "1512").phase(2, "operations").initiative(1, 9).say("german", "act 116pz")
            .roll("german", 8)
            .move("116-PG", "1513", "1414", "1314").say("german", "attack 1214 from 1314 prepared"))


def test_funkpanzer_once_in_its_turns(syn):
    """PTR22-11 (22.7A, C): G-FP supports a Prepared attack on Turn 2, once; not on Turn 1."""
    assert rules_of(turn2_prepared(syn).say("german", "use g-fp").check()) == []
    assert rules_of(turn2_prepared(syn).say("german", "use g-fp").say("german", "use g-fp").check()) == \
        ["PTR 22.7C"]
    assert rules_of(prepared(syn).say("german", "use g-fp").check()) == ["PTR 22.7C"]


def test_oss_placed_with_its_host_on_its_turn(syn):
    """PTR22-9 (22.5A): US-OSS joins 1-A (1inf, in CR) in Turn 2's Organization Phase; not on Turn 1, not with a
    3arm unit."""
    assert rules_of(PtrLog(syn).phase(2, "organization").enter("US-OSS", "1311").check()) == []
    assert rules_of(PtrLog(syn).phase(1, "organization").enter("US-OSS", "1311").check()) == ["PTR 22.5A"]
    assert rules_of(PtrLog(syn).phase(2, "organization").enter("US-OSS", "1214").check()) == ["PTR 22.5A"]


def test_oss_used_only_in_its_turns(syn):
    """PTR22-8 (22.5C): US-OSS moving on Turn 1 is illegal; on Turn 2 whether it moves with its host is not
    followed (not checkable)."""
    setup = dict(SETUP, **{"US-OSS": "1311"})
    r = PtrLog(syn, setup).phase(1, "operations").say("us", "act 1inf").roll("us", 8) \
        .move("1-A", "1311", "1312").move("US-OSS", "1311", "1312").check()
    assert rules_of(r) == ["PTR 22.5C"]
    r = PtrLog(syn, setup).phase(2, "operations").initiative(9, 1).say("us", "act 1inf").roll("us", 8) \
        .move("1-A", "1311", "1312").move("US-OSS", "1311", "1312").check()
    assert "PTR 22.5C" not in rules_of(r)


def test_optional_rules_off_answer_nothing(ptr):
    """PTR22-5 on the bundled data (railroad_guns off): 'use LXXXI-723' on Turn 1 is not judged, never illegal."""
    r = PtrLog(ptr, {"LXXXI-116 Pz": "2514"}).phase(1, "operations").say("german", "use lxxxi-723").check("s2")
    assert not any(isinstance(v, Illegal) for v in r.judged[1].verdicts)
