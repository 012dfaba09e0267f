"""HTTR opportunity fire (SR 6.6, 8.4.4) on the synthetic game: each predicate with a legal and an illegal case.
G-INF1 in B0304 watches A-INF1 in B0303 (adjacent: in its ZOC) in the Allied Movement Phase."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, rules_broken

SETUP = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0101"}


def of(*steps, setup=SETUP, **readings):
    log = Log(setup).phase(1, "allied_movement")
    for s in steps:
        s(log)
    return log.check(**readings).judged[1].verdicts  # the OF declaration's verdicts, its trigger's included


def test_of_at_the_unit_that_then_leaves():  # OF-1, OF-2, SR 6.6.1.1-6.6.1.2 (L338-L339)
    ok = of(lambda l: l.say("of B0303 from G-INF1 target A-INF1 trigger leave"), lambda l: l.move("A-INF1", "B0203"))
    assert all_legal(ok)
    other = of(lambda l: l.say("of B0303 from G-INF1 target A-INF1 trigger leave"), lambda l: l.move("A-INF2", "B0102"))
    assert rules_broken(other) == ["HTTR SR 6.6.1.1"]
    wrong = of(lambda l: l.say("of B0303 from G-INF1 target A-INF1 trigger mode"), lambda l: l.move("A-INF1", "B0203"))
    assert rules_broken(wrong) == ["HTTR SR 6.6.1.1"]
    never = of(lambda l: l.say("of B0303 from G-INF1 trigger leave"), lambda l: l.phase(1, "allied_organization"))
    assert rules_broken(never) == ["HTTR SR 6.6.1.2"]


def test_without_a_trigger_word_the_referee_guesses():  # OF-2
    v = of(lambda l: l.say("of B0303 from G-INF1"), lambda l: l.mode("A-INF1", "Defilade", "Concentrated"))
    assert all_legal(v) and any(x.guess for x in v)


def test_single_firers_only():  # OF-3, SR 6.6.1.3 (L340) vs the 21.1 example (reading of_combined)
    setup = {**SETUP, "G-INF2": "B0403"}
    line = lambda l: l.say("of B0303 from G-INF1 G-INF2 trigger leave")  # noqa: E731
    go = lambda l: l.move("A-INF1", "B0203")  # noqa: E731
    assert rules_broken(of(line, go, setup=setup)) == ["HTTR SR 6.6.1.3"]
    assert all_legal(of(line, go, setup=setup, of_combined="combined"))


def test_the_firer_exerts_a_zoc_into_the_trigger_hex():  # OF-11, SR 6.6.4.1 (L357)
    far = {**SETUP, "G-INF1": "B0306"}  # two hexes away, range 1: no ZOC there
    v = of(lambda l: l.say("of B0303 from G-INF1 trigger leave"), lambda l: l.move("A-INF1", "B0203"), setup=far)
    assert rules_broken(v) == ["HTTR SR 6.6.4.1"]


def test_no_of_at_units_leaving_forest_or_city():  # OF-15, SR 8.4.4 (L442): B0208 is forest
    setup = {"G-INF1": "B0309", "A-INF1": "B0208"}
    v = of(lambda l: l.say("of B0208 from G-INF1 trigger leave"), lambda l: l.move("A-INF1", "B0207"), setup=setup)
    assert "HTTR SR 8.4.4" in rules_broken(v)
    ca = of(lambda l: l.say("of B0208 from G-INF1 trigger ca"), lambda l: l.say("ca B0309 from B0208"), setup=setup)
    assert all_legal(ca)
