"""The Infiltration Attack's result (optional PtR 22.1.2A-C) on the synthetic game, whose Infiltration Results
Chart and Terrain DRM Chart are defined in tests/games/ptr-synthetic/tables: 116-IN (ER 5) in 1612 infiltrates
1512 (clear: modifiers 0/0), held by 1-B, disrupted (ER 2 on its back). Events 0-7; the German die is event 8,
the US die event 9."""
from __future__ import annotations

import copy

from hexforge.rules.verdict import NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal, verdicts
from tests.rules.ptr.test_actions import german
from tests.rules.ptr.test_hits import lose


def infiltrated(syn, g: int, u: int) -> PtrLog:
    return german(syn).say("german", "attack 1512 from 1612 infiltration").roll("german", g).roll("us", u)


def test_the_result_is_read_from_the_chart(syn):
    """PTR22-2 (22.1.2A-C): German 7 + 5 + 0 = 12, US 7 + 2 - 0 = 9: +3, row '3..4': '-/1': 1-B loses one SP."""
    r = lose(infiltrated(syn, 7, 7), "1-B", "1512", 0, 1).say("german", "done").check()
    assert illegal(r) == []
    assert verdicts(r, 9)[0].detail == "Infiltration Attack: German 7+5+0 = 12, US 7+2-0 = 9: +3 -> -/1"


def test_a_result_not_applied_or_exceeded_is_illegal(syn):
    """PTR22-2 (22.1.2C): '-/1' with no SP loss shown before play goes on; '-/-' (6 + 5 against 9 + 2: +0) with
    an SP loss; '-/1' with two."""
    r = infiltrated(syn, 7, 7).say("german", "done").check()
    assert illegal(r) == [(10, "PTR 22.1.2C")]
    r = lose(infiltrated(syn, 6, 9), "1-B", "1512", 0, 1).check()
    assert illegal(r) == [(10, "PTR 22.1.2C")]
    r = lose(infiltrated(syn, 7, 7), "1-B", "1512", 0, 2).check()
    assert illegal(r) == [(10, "PTR 22.1.2C")]


def test_a_failed_infiltration_disrupts_the_attacker(syn):
    """PTR22-2: 2 + 5 against 9 + 2: -4, row '..-3': 'D/-': 116-IN is disrupted; flipping 1-B instead is not
    the result (and 116-IN stays unflipped)."""
    r = infiltrated(syn, 2, 9).disrupt("116-IN", "1612").say("german", "done").check()
    assert illegal(r) == []
    r = infiltrated(syn, 2, 9).say("german", "done").check()
    assert illegal(r) == [(10, "PTR 22.1.2C")]


def test_terrain_modifiers_come_from_the_chart(syn):
    """PTR22-2 (22.1.2A-B): against 1314 (town: German +0, US -2) held by 3-AI (ER 5) from 1414 by 116-IN:
    German 7 + 5 + 0 = 12, US 7 + 5 - 2 = 10: +2 -> '-/D'."""
    from tests.rules.ptr.test_actions import SETUP
    setup = dict(SETUP, **{"116-IN": "1414", "3-AI": "1314", "116-PG": "1513"})
    r = german(syn, setup).say("german", "attack 1314 from 1414 infiltration").roll("german", 7).roll("us", 7).check()
    assert verdicts(r, 9)[0].detail == "Infiltration Attack: German 7+5+0 = 12, US 7+5-2 = 10: +2 -> -/D"


def test_bundled_chart_is_not_transcribed(ptr):
    """PTR22-2: with the rule turned on, the bundled Infiltration Results Chart (not transcribed) makes the result
    not checkable, naming the chart, never legal."""
    from tests.rules.ptr.test_bundled import S2
    game = copy.deepcopy(ptr)
    game.info.special["optional_rules"]["infiltration_attack"] = {"value": True}
    log = PtrLog(game, dict(S2, **{"116-II/16": "2114"})).phase(1, "operations").say("us", "pass") \
        .initiative(1, 9).say("german", "act 116pz").roll("german", 6) \
        .say("german", "attack 2215 from 2114 infiltration").roll("german", 5).roll("us", 5)
    v = verdicts(log.check("s2"), 8)[0]
    assert isinstance(v, NotCheckable) and "Infiltration Results Chart" in v.needs


def test_the_germans_roll_first_then_the_us(syn):
    """PTR22-2 (22.1.2A-B): the first infiltration die is the German's; a US roll there is flagged."""
    r = german(syn).say("german", "attack 1512 from 1612 infiltration").roll("us", 7).check()
    assert illegal(r) == [(8, "PTR 22.1.2A")]
