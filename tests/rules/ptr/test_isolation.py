"""Isolation (PtR 18.4-18.5.2) and Refit in command range (11.4.3A) on the synthetic game. 1-A in the corner hex
1617 has the German 116-TK (1616) and 116-IN (1517) next to it, their ZOCs in 1516 and 1716 and the lake in 1717:
no CR path of any length reaches US1-HQ, so it is isolated (and out of command)."""
from __future__ import annotations

import copy

from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal
from tests.rules.ptr.test_actions import SETUP

CUT = dict(SETUP, **{"1-A": "1617", "116-TK": "1616", "116-IN": "1517"})


def us(syn, setup: dict[str, str]) -> PtrLog:
    """The US activates 1inf (level 4, die 8: 5 APs)."""
    return PtrLog(syn, setup).phase(1, "operations").say("us", "act 1inf").roll("us", 8)


def test_an_isolated_unit_acts_after_passing_an_effectiveness_check(syn):
    """PTR11-7 / PTR18-2: 1-A (ER 5) attacks 1616 (a Hasty attack, out of command: 2 APs) after passing its check
    (3); without one, or after failing it (8), it may not."""
    r = us(syn, CUT).roll("us", 3, "Effectiveness Check").say("us", "attack 1616 from 1617 hasty").check()
    assert illegal(r) == []
    r = us(syn, CUT).say("us", "attack 1616 from 1617 hasty").check()
    assert illegal(r) == [(3, "PTR 18.5.2A")]
    r = us(syn, CUT).roll("us", 8, "Effectiveness Check").say("us", "attack 1616 from 1617 hasty").check()
    assert illegal(r) == [(4, "PTR 18.5.2B")]


def test_a_unit_in_reach_of_its_hq_needs_no_check(syn):
    """PTR18-2: 1-A in 1515 next to 116-TK (1616) still traces a path to US1-HQ: not isolated."""
    setup = dict(SETUP, **{"1-A": "1515", "116-TK": "1616", "116-IN": "1517"})
    r = us(syn, setup).say("us", "attack 1616 from 1515 hasty").check()
    assert illegal(r) == []


def test_refit_only_in_command_range(syn):
    """PTR11-16 (11.4.3A): the disrupted 1-B refits in 1512 (in US1-HQ's CR); cut off in 1617, it may not."""
    r = PtrLog(syn).disrupt("1-B", "1512").phase(1, "operations").say("us", "act 1inf").roll("us", 8) \
        .say("us", "refit 1-b").check()
    assert illegal(r) == []
    setup = dict(SETUP, **{"1-B": "1617", "116-TK": "1616", "116-IN": "1517"})
    r = PtrLog(syn, setup).disrupt("1-B", "1617").phase(1, "operations").say("us", "act 1inf").roll("us", 8) \
        .say("us", "refit 1-b").check()
    assert illegal(r) == [(4, "PTR 11.4.3A")]


def recovery(syn, setup: dict[str, str]) -> PtrLog:
    """1-A disrupted; the Recovery Phase of Turn 1; an Attrition Check of 7 (event 2)."""
    return PtrLog(syn, setup).disrupt("1-A", setup["1-A"]).phase(1, "recovery").roll("us", 7, "Attrition Check")


def test_attrition_check_of_an_isolated_disrupted_unit(syn):
    """PTR18-3 (18.6A): the isolated, disrupted 1-A (ER 3 disrupted) rolls 7: it loses 4 SPs, not 2."""
    r = recovery(syn, CUT).layer("1-A", "1617", "Losses", "1", " 4 SP lost").check()
    assert illegal(r) == []
    r = recovery(syn, CUT).layer("1-A", "1617", "Losses", "1", " 2 SP lost").check()
    assert illegal(r) == [(3, "PTR 18.6A")]


def test_no_attrition_check_without_an_isolated_unit(syn):
    """PTR18-3 (18.6): with 1-A disrupted but in reach of its HQ, no Attrition Check is due."""
    r = recovery(syn, SETUP).check()
    assert illegal(r) == [(2, "PTR 18.6")]


def test_without_a_chosen_reading_a_passed_check_is_not_checkable(syn):
    """PTR11-7: where [special] isolated_units_act chooses no reading (as in the bundled data), an isolated unit
    acting after passing its check is not checkable, never legal; under the 11.3 reading it is illegal."""
    for reading, expect in ((None, "not checkable"), ("may not carry out Actions", "PTR 11.3")):
        game = copy.deepcopy(syn)
        if reading is None:
            game.info.special.pop("isolated_units_act")
        else:
            game.info.special["isolated_units_act"] = {"value": reading}
        log = us(game, CUT).roll("us", 3, "Effectiveness Check").say("us", "attack 1616 from 1617 hasty")
        r = log.check()
        if reading is None:
            assert illegal(r) == [] and any(isinstance(v, NotCheckable) and "isolated_units_act" in v.needs
                                            for v in r.judged[4].verdicts)
            assert not any(isinstance(v, Legal) for v in r.judged[4].verdicts)
        else:
            assert illegal(r) == [(4, expect)]


def cut_off_and_freed(syn, own_hq: str = "1313") -> PtrLog:
    """Turn 1: 116-IN, cut off with G9-HQ in the corner 1010 by 3-TK2 (1011) and 1-B (1110) from G116-HQ (1313),
    joins 9pz (6.1D's exception, event 1); in the Operations Cycle both US units move away (events 3-11); Turn 2's Organization Phase
    (event 12)."""
    setup = dict(SETUP, **{"116-IN": "1010", "G9-HQ": "1010", "3-TK2": "1011", "1-B": "1110", "US3-HQ": "1017",
                           "G116-HQ": own_hq, "US1-HQ": "1016", "1-A": "1016"})
    log = PtrLog(syn, setup).phase(1, "organization").say("german", "assign 116-in to 9pz").phase(1, "operations")
    log.say("us", "act 3arm").roll("us", 5).move("3-TK2", "1011", "1012", "1013", "1014").say("us", "done")
    log.initiative(9, 1).say("us", "act 1inf").roll("us", 5).move("1-B", "1110", "1111", "1112", "1113")
    return log.say("us", "done").phase(2, "organization")


def test_an_isolated_german_unit_returns_once_it_can(syn):
    """PTR18-4 (6.1D): still isolated at the end of Turn 1's Organization Phase, 116-IN stays with 9pz; freed, it
    returns to 116pz in Turn 2's (detached), or the phase's end is flagged."""
    r = cut_off_and_freed(syn).say("german", "detach 116-in").phase(2, "plan").check()
    assert illegal(r) == []
    log = cut_off_and_freed(syn).phase(2, "plan")
    assert illegal(log.check()) == [(len(log.events) - 1, "PTR 6.1D")]


def test_the_return_needs_a_command_path_not_the_command_range(syn):
    """PTR18-4 (6.1D: 'a Command Path (18.2) of any length'): with G116-HQ in 1414, freed 116-IN in 1010 is out
    of its CR but can trace a path to it: the return is due, and 'detach' may make it (no 6.2.1A CR condition,
    which binds independents); not making it is still flagged at the phase's end."""
    r = cut_off_and_freed(syn, "1414").say("german", "detach 116-in").phase(2, "plan").check()
    assert illegal(r) == [] and "returns to 116pz (6.1D)" in r.judged[14].verdicts[0].detail
    log = cut_off_and_freed(syn, "1414").phase(2, "plan")
    assert illegal(log.check()) == [(len(log.events) - 1, "PTR 6.1D")]
