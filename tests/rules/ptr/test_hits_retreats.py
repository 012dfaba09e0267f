"""Retreats and Withdrawals after a combat roll (PtR 15.5.4C, 15.5.5, 15.5.6) and the terrain DRM (15.4.1) on the
synthetic game; the combat ``rolled`` and its helpers are test_hits.py's ('2/2' on die 10, '2*/2*' on die 9; events
0-10). The US friendly map edge on Turn 1 is column 10 (synthetic terrain.toml ``us-south``)."""
from __future__ import annotations

from tests.rules.ptr.helpers import PtrLog, illegal, verdicts
from tests.rules.ptr.test_hits import BASE, both_lose_one, check, lose, rolled


def test_retreat_toward_the_friendly_edge(syn):
    """PTR15-31: from 1214, 1114 is one hex from the US edge; 1213 is two: retreating there when 1114 is open is
    against 15.5.5D."""
    log = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114").move("1-A", "1214", "1114")
    r = lose(log, "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == []
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1213").check()
    assert illegal(r) == [(12, "PTR 15.5.5D")]


def test_retreat_never_into_an_ezoc(syn):
    """PTR15-33: 1215 is next to 116-PG in 1314 (clear: its ZOC reaches in): no retreat there (15.5.5E2)."""
    r = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1215").check()
    assert (12, "PTR 15.5.5E2") in illegal(r)


def test_retreat_never_across_the_roer(syn):
    """PTR15-33: 3-AI alone in 1216 attacked from 1316 ('2/2'): retreating across the Roer hexside 1216/1217 is
    against 15.5.5E3; to 1116 (no Roer, next to no enemy, nearer the edge) it is legal."""
    setup = dict(BASE, **{"3-AI": "1216", "1-A": "1311", "116-PG": "1316", "G116-HQ": "1415"})

    def log():
        from tests.rules.ptr.test_actions import german
        return german(syn, setup).say("german", "attack 1216 from 1316 regular").say("german", "chits 1 2") \
            .roll("german", 10, "Combat")
    r = lose(log(), "3-AI", "1216", 0, 1).move("3-AI", "1216", "1217").check()
    assert (11, "PTR 15.5.5E3") in illegal(r)
    r = lose(log(), "3-AI", "1216", 0, 1).move("3-AI", "1216", "1116").check()
    assert illegal(r) == [] and "retreats to 1116" in verdicts(r, 11)[0].detail


def test_withdrawal_into_an_ezoc_only_when_nothing_else_is_open(syn):
    """PTR15-34: 3-AI fails its check (8 > ER 5) and withdraws after its SP loss: into 1215 (an EZOC) while 1114 is
    open is against 15.5.5F."""
    log = check(check(rolled(syn, 9), "us", 8), "us", 3).disrupt("3-AI", "1214")
    r = lose(log, "3-AI", "1214", 0, 1).move("3-AI", "1214", "1215").check()
    assert (15, "PTR 15.5.5F") in illegal(r)


def cornered(syn) -> PtrLog:
    """1-A alone in the corner hex 1010, its two neighbours held by 116-PG (attacking, Hasty: chit left, ER 7: 1;
    CV 8 against 12, 1:2, DRM 0) and 116-IN; 116-PG is isolated there and passes its Effectiveness Check (18.5.2)
    first. Die 10: '2*/2*'; 1-A fails (9 > ER 5), is disrupted, and cannot withdraw. Events 0-12."""
    from tests.rules.ptr.test_actions import german
    setup = dict(BASE, **{"1-A": "1010", "116-PG": "1011", "116-IN": "1110", "1-TD": "1311"})
    log = check(german(syn, setup), "german", 1).say("german", "attack 1010 from 1011 hasty") \
        .say("german", "chits 1 2").roll("german", 10, "Combat")
    return check(log, "us", 9).disrupt("1-A", "1010")


def test_withdrawal_with_no_hex_costs_two_sps_more(syn):
    """PTR15-34 / PTR15-35: the cornered 1-A takes its two hits as SP losses and two more for the Withdrawal it
    cannot make (15.5.5G): four in all; two are too few (15.5.1)."""
    log = lose(check(lose(cornered(syn), "1-A", "1010", 0, 4), "german", 1), "116-PG", "1011", 0, 2)
    assert illegal(log.say("german", "done").check()) == []
    log = lose(check(lose(cornered(syn), "1-A", "1010", 0, 2), "german", 1), "116-PG", "1011", 0, 2)
    r = log.say("german", "done").check()
    assert illegal(r) == [(16, "PTR 15.5.1")]


def test_hqs_never_retreat_and_go_when_left_alone(syn):
    """PTR15-28: US3-HQ stacked in 1214: its move while 3-AI and 1-A still hold the hex is against 15.5.4C; left
    alone in 1214 after their retreat and not displaced, too."""
    setup = dict(BASE, **{"US3-HQ": "1214"})
    log = both_lose_one(rolled(syn, 10, setup))
    r = log.move("US3-HQ", "1214", "1114").check()
    assert (13, "PTR 15.5.4C") in illegal(r)
    log = lose(rolled(syn, 10, setup), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114") \
        .move("1-A", "1214", "1114")
    r = lose(log, "116-PG", "1314", 0, 2).say("german", "done").check()
    assert (15, "PTR 15.5.4C") in illegal(r)
    log = lose(rolled(syn, 10, setup), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114") \
        .move("1-A", "1214", "1114").move("US3-HQ", "1214", "1113")
    r = lose(log, "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == []


def across_the_stream(syn) -> PtrLog:
    """1-A (CS 6, ER 5) in 1014 attacks 116-IN (CS 5, ER 5) in 1114 across the stream hexside (synthetic TEC
    combat_drm -1): 6 against 10, 1:2; DRM +1 (HQ) - 1 (terrain) = 0: die 10 reads row 10, '2*/2*' (row 11 would be
    '2/2'). Events 0-5."""
    setup = dict(BASE, **{"1-A": "1014", "116-IN": "1114"})
    return PtrLog(syn, setup).phase(1, "operations").say("us", "act 1inf").roll("us", 5) \
        .say("us", "attack 1114 from 1014 regular").say("us", "chits 1 2").roll("us", 10, "Combat")


def test_terrain_drm_from_the_hexside_attacked_across(syn):
    """PTR15-11: the stream's -1 makes the result boldface: checks before the losses are legal; the losses of the
    unmodified '2/2' without checks are against 15.5.3A."""
    r = across_the_stream(syn).check()
    assert "terrain -1); roll 10 -> 10: 2*/2*" in verdicts(r, 5)[0].detail
    log = lose(check(across_the_stream(syn), "german", 2), "116-IN", "1114", 0, 2)
    log = lose(check(log, "us", 1), "1-A", "1014", 0, 2).say("us", "done")
    assert illegal(log.check()) == []
    r = lose(across_the_stream(syn), "116-IN", "1114", 0, 2).check()
    assert illegal(r) == [(6, "PTR 15.5.3A")]


def test_an_overstack_after_a_retreat_disrupts_without_a_check(syn):
    """PTR16-2 / PTR14-5 (14.2A: 'at the end of a Movement Action or retreat'): '2/2' is no boldface result, but
    3-AI and 1-A (two infantry-type units) retreating together into 1114 overstack it: their flips are the 14.2A
    disruption, not a failed check. Without the overstack (no retreat, both losing an SP in 1214) 3-AI's flip is
    still against 16.2."""
    log = lose(rolled(syn, 10), "3-AI", "1214", 0, 1).move("3-AI", "1214", "1114").move("1-A", "1214", "1114")
    r = lose(log.disrupt("3-AI", "1114").disrupt("1-A", "1114"), "116-PG", "1314", 0, 2).say("german", "done").check()
    assert illegal(r) == [] and "overstack in 1114 after its retreat (14.2A)" in verdicts(r, 14)[0].detail
    r = both_lose_one(rolled(syn, 10)).disrupt("3-AI", "1214").check()
    assert illegal(r) == [(13, "PTR 16.2")]
