"""Optional rules that change a combat (PtR 22.2A, 22.6) on the synthetic game, which plays them: G-TIGER (CS 8) is
its Tiger, G-BRUMM its Brummbaer. The result must then be applied as the shifted column or the added DRM says (the
hits are test_hits.py's: defenders first, one SP each before a second)."""
from __future__ import annotations

from tests.rules.ptr.helpers import PtrLog, illegal, verdicts
from tests.rules.ptr.test_actions import SETUP, german
from tests.rules.ptr.test_hits import lose

BASE = dict(SETUP, **{"3-TK": "1212", "1-A": "1214", "1-TD": "1012"})


def combat(syn, setup: dict[str, str], target: str, die: int) -> PtrLog:
    """The Germans attack ``target`` from 1314 (regular, chits 1 and 2) and roll ``die`` (event 9)."""
    return german(syn, setup).say("german", f"attack {target} from 1314 regular").say("german", "chits 1 2") \
        .roll("german", die, "Combat")


def tiger(syn) -> PtrLog:
    """G-TIGER attacks 1214 (3-AI, 1-A): CV 16:26 is 1:2, one column right: 1:1; roll 5 + 9 = 14: '1/3' (1:2 would
    read '2/2')."""
    return combat(syn, dict(BASE, **{"G-TIGER": "1314"}), "1214", 5)


def test_the_tiger_shifts_the_column(syn):
    """PTR22-3 (22.2A): the result is the shifted column's 1/3, not 1:2's 2/2."""
    assert "column 1:1" in verdicts(tiger(syn).check(), 9)[0].detail
    log = lose(lose(lose(tiger(syn), "3-AI", "1214", 0, 1), "1-A", "1214", 0, 1), "3-AI", "1214", 1, 2)
    assert illegal(lose(log, "G-TIGER", "1314", 0, 1).say("german", "done").check()) == []
    log = lose(lose(tiger(syn), "3-AI", "1214", 0, 1), "1-A", "1214", 0, 1)
    assert "PTR 15.5.1" in [rule for _, rule in illegal(lose(log, "G-TIGER", "1314", 0, 2).say("german", "done")
                                                       .check())]


def brummbar(syn) -> PtrLog:
    """G-BRUMM attacks the town 1313 (3-AI, 1-A): DRM +6 with its +2; roll 5 -> 11: '2/2' (without it, 9: '3/1')."""
    return combat(syn, dict(BASE, **{"3-AI": "1313", "1-A": "1313", "G-BRUMM": "1314"}), "1313", 5)


def test_the_brummbar_adds_two_against_a_town(syn):
    """PTR22-10 (22.6): +2 against the town 1313, so '2/2'; applied as '3/1' it is illegal; against the clear 1214
    no +2."""
    assert "G-BRUMM +2 (22.6)" in verdicts(brummbar(syn).check(), 9)[0].detail
    log = lose(lose(brummbar(syn), "3-AI", "1313", 0, 1), "1-A", "1313", 0, 1)
    assert illegal(lose(log, "G-BRUMM", "1314", 0, 2).say("german", "done").check()) == []
    log = lose(brummbar(syn), "3-AI", "1313", 0, 1)
    assert "PTR 15.5.1" in [rule for _, rule in illegal(lose(log, "G-BRUMM", "1314", 0, 3).say("german", "done")
                                                       .check())]
    r = combat(syn, dict(BASE, **{"G-BRUMM": "1314"}), "1214", 5).check()
    assert "22.6" not in verdicts(r, 9)[0].detail


def test_the_railroad_gun_adds_its_drm(syn):
    """PTR22-5 (22.3A): G-RG's +2 (its counter's, [special] special_units drm) counts in the Prepared attack it
    supports: roll 7 - 4 + 2 = 5: '3/1' (without it, 3: '4/0'); applied as '4/0' it is illegal."""
    from tests.rules.ptr.test_optional import prepared
    log = prepared(syn).say("german", "use g-rg").say("german", "chits 1 2").roll("german", 5, "Air Support") \
        .roll("german", 7, "Combat")
    detail = verdicts(log.check(), len(log.events) - 1)[0].detail
    assert "G-RG +2 (22.3A)" in detail and detail.endswith("3/1")
    assert "PTR 15.5.1" in [rule for _, rule in illegal(lose(log, "116-PG", "1314", 0, 4).say("german", "done")
                                                       .check())]


def test_the_funkpanzer_roll_shifts_the_column(syn):
    """PTR22-11 (22.7A): after G-FP's use its roll 9 gives 2R: 1:2 becomes 2:1; roll 7 - 4 = 3: '3/1' (1:2 would
    read '4/0'); applied as '4/0' it is illegal."""
    from tests.rules.ptr.test_optional import turn2_prepared
    log = turn2_prepared(syn).say("german", "use g-fp").roll("german", 9).say("german", "chits 1 2") \
        .roll("german", 5, "Air Support").roll("german", 7, "Combat")
    detail = verdicts(log.check(), len(log.events) - 1)[0].detail
    assert "column 2:1" in detail and detail.endswith("3/1")
    assert "PTR 15.5.1" in [rule for _, rule in illegal(lose(log, "116-PG", "1314", 0, 4).say("german", "done")
                                                       .check())]


def scare(syn, us_die: int) -> PtrLog:
    """116-TK (support-type, 12 TPs) and 116-PG attack 1214 (3-AI ATP 2, 3-TK 6 TPs, ER 5): the US rolls the
    Tiger Tank Scare (event 8; the synthetic chart's number is 8), then chits and the German roll 6 (event 10)."""
    return german(syn, dict(SETUP, **{"116-TK": "1314", "116-PG": "1314"})) \
        .say("german", "attack 1214 from 1314 regular").roll("us", us_die).say("german", "chits 1 2") \
        .roll("german", 6, "Combat")


def test_the_tiger_tank_scare(syn):
    """PTR22-4 (22.2B): 3 + ER 5 = 8 <= 8: scared, the Germans shift 1:1 to 2:1 ('1/3'); 4 + 5 = 9: no shift
    ('2/2'). Applied as '2/2' after the scare, the result is illegal."""
    assert "column 2:1" in verdicts(scare(syn, 3).check(), 10)[0].detail
    assert "column 1:1" in verdicts(scare(syn, 4).check(), 10)[0].detail
    log = lose(lose(lose(scare(syn, 3), "3-AI", "1214", 0, 1), "3-TK", "1214", 0, 1), "3-AI", "1214", 1, 2)
    assert illegal(lose(log, "116-TK", "1314", 0, 1).say("german", "done").check()) == []  # 15.5.2C: armour first
    log = lose(lose(scare(syn, 3), "3-AI", "1214", 0, 1), "3-TK", "1214", 0, 1)
    assert "PTR 15.5.1" in [rule for _, rule in illegal(lose(log, "116-TK", "1314", 0, 2).say("german", "done")
                                                       .check())]


def test_bundled_scare_needs_its_chart(ptr):
    """PTR22-4 on the bundled data: the chart's number is unknown; with the rule off nothing is judged."""
    from hexforge.games.values import plain
    specs = plain(ptr.info.special["special_units"])
    assert [s.get("at_most") for s in specs if s.get("use") == "scare"] == ["unknown"]


def test_declared_columns_and_drms_name_the_optional_rule(syn):
    """PTR22-3 / PTR22-10 (22.2A, 22.6): the column or DRM the players declare (rules/ptr/steps.py) counts the
    optional rule's shift or DRM: G-TIGER's attack reads 1:1 ('column 1:2', the shift left out, names 22.2A);
    G-BRUMM's attack on the town 1313 has DRM +6 ('drm +4' names 22.6). (After a Tiger Tank Scare, 22.2B, the
    column without its shift is also other misreadings' column here, so that verdict stays the generic 15.1.4.)"""
    def tiger_said(col: str) -> PtrLog:
        return combat(syn, dict(BASE, **{"G-TIGER": "1314"}), "1214", 5).say("german", f"column {col}")
    assert illegal(tiger_said("1:1").check()) == []
    assert illegal(tiger_said("1:2").check()) == [(10, "PTR 22.2A")]
    assert illegal(scare(syn, 3).say("german", "column 2:1").check()) == []
    assert illegal(scare(syn, 3).say("german", "column 1:1").check()) == [(11, "PTR 15.1.4")]

    def brumm_said(drm: str) -> PtrLog:
        return combat(syn, dict(BASE, **{"3-AI": "1313", "1-A": "1313", "G-BRUMM": "1314"}), "1313", 5) \
            .say("german", f"drm {drm}")
    assert illegal(brumm_said("+6").check()) == []
    assert illegal(brumm_said("+4").check()) == [(10, "PTR 22.6")]
