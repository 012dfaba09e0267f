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


def test_one_of_from_each_controlling_unit_per_trigger():  # OF-4, SR 6.6.2.1 (L343)
    log = Log(SETUP).phase(1, "allied_movement").say("of B0303 from G-INF1 trigger leave") \
        .say("of B0303 from G-INF1 trigger leave").move("A-INF1", "B0203").check()
    assert all_legal(log.judged[1].verdicts)  # the first declaration
    assert rules_broken(log.judged[2].verdicts) == ["HTTR SR 6.6.2.1"]
    one_by_one = {**SETUP, "A-INF2": "B0303"}  # two units leave separately: each is a trigger
    log = Log(one_by_one).phase(1, "allied_movement").say("of B0303 from G-INF1 target A-INF1 trigger leave") \
        .move("A-INF1", "B0203").say("of B0303 from G-INF1 target A-INF2 trigger leave").move("A-INF2", "B0203").check()
    assert all_legal(log.judged[1].verdicts) and all_legal(log.judged[3].verdicts)


def test_mode_order_and_mount_changes_in_an_ezoc_trigger_of():  # OF-5, SR 6.6.2.2 (L344)
    mode = of(lambda l: l.say("of B0303 from G-INF1 trigger mode"),
              lambda l: l.mode("A-INF1", "Defilade", "Concentrated"))
    assert all_legal(mode)
    mount = of(lambda l: l.say("of B0303 from G-INF1 trigger mount"), lambda l: l.layer("A-INF1", "Dismounted", "Mounted",
                                                                                          "Dismounted"))
    assert all_legal(mount)
    far = {**SETUP, "A-INF1": "B0302"}  # out of G-INF1's ZOC: its mode change triggers nothing
    v = of(lambda l: l.say("of B0302 from G-INF1 trigger mode"), lambda l: l.mode("A-INF1", "Defilade", "Concentrated"),
           setup=far)
    assert "HTTR SR 6.6.4.1" in rules_broken(v)


def test_involuntary_changes_trigger_no_of():  # OF-6, SR 6.6.2.3 (L345), 6.7.2.3 (L389), 10.1.16 (L547)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "G-ART": ("B0101", {"Mode": "Defilade"})}
    log = Log(setup).phase(1, "allied_movement").say("of B0303 from G-INF1 target A-INF1 trigger mode") \
        .mode("A-INF1", "Defilade", "Concentrated").check()
    assert all_legal(log.judged[1].verdicts)  # a voluntary change
    ca = {"G-INF1": "B0304", "A-INF1": "B0303", "G-INF2": "B0402"}
    log = Log(ca).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 6) \
        .say("of B0303 from G-INF2 target A-INF1 trigger leave").move("A-INF1", "B0304").check()
    assert rules_broken(log.judged[3].verdicts) == ["HTTR SR 6.6.2.3"]  # A-INF1 advances after its close action


def test_ambush_fire():  # OF-14, SR 6.6.8.1-6.6.8.3 (L377-L379): A-INF1 in the woods of B0405; B0404 is clear
    setup = {"A-INF1": "B0405", "G-INF1": "B0504"}
    ok = Log(setup).phase(1, "german_movement").move("G-INF1", "B0404").say("of B0404 from A-INF1 trigger ambush")
    assert all_legal(ok.check().judged[2].verdicts)
    near = Log({**setup, "G-INF2": "B0406"}).phase(1, "german_movement").move("G-INF1", "B0404") \
        .say("of B0404 from A-INF1 trigger ambush")  # H15, Fig 9: a German unit already adjacent to the ambusher
    assert rules_broken(near.check().judged[2].verdicts) == ["HTTR SR 6.6.8.3"]
    hidden = Log({**setup, "G-INF1": ("B0504", {"Mode": "Defilade"})}).phase(1, "german_movement") \
        .move("G-INF1", "B0404").say("of B0404 from A-INF1 trigger ambush")
    assert rules_broken(hidden.check().judged[2].verdicts) == ["HTTR SR 6.6.8.1"]
    open_ = Log({"A-INF1": "B0403", "G-INF1": "B0503"}).phase(1, "german_movement").move("G-INF1", "B0404") \
        .say("of B0404 from A-INF1 trigger ambush")  # the ambusher in clear terrain
    assert rules_broken(open_.check().judged[2].verdicts) == ["HTTR SR 6.6.8.2"]


def watched(path: list[str], mover: str = "A-INF1", spotter: str = "B0205") -> list:
    """G-ART (B0110, controlled by G-DIV next to it) fires IF as OF, through G-INF1, at ``mover`` after ``path``."""
    setup = {mover: path[0], "G-ART": ("B0110", {"Mode": "Defilade"}), "G-DIV": ("B0109", {"Mode": "Defilade"}),
             "G-INF1": spotter}
    log = Log(setup).phase(1, "allied_movement")
    for h in path[1:]:
        log.move(mover, h)
    return log.say(f"of {path[-1]} from G-ART spotter G-INF1 hq G-DIV").check().judged[-1].verdicts


def test_if_as_of_after_moves_a_spotter_watched():  # OF-12, SR 6.6.5.1 (L363)
    assert all_legal(watched(["B0301", "B0302", "B0303", "B0304"]))  # three hexes, each in G-INF1's sight
    assert rules_broken(watched(["B0301", "B0302", "B0303"])) == ["HTTR SR 6.6.5.1"]  # two: not more than two
    hidden = watched(["B0403", "B0404", "B0405", "B0406"], spotter="B0401")  # the woods of B0405 hide it
    assert rules_broken(hidden) == ["HTTR SR 6.6.5.1"]
    tank = watched(["B0301", "B0302", "B0303", "B0304"], mover="A-TANK")  # vehicular: more than four
    assert rules_broken(tank) == ["HTTR SR 6.6.5.1"]


def test_a_whole_stack_changing_mode_and_order_exposes_only_its_top_two():  # OF-7, SR 6.6.2.5 (L347)
    # B0303, top first: A-INF3, A-INF2, A-INF1; G-INF1 next to it fires at A-INF1 as it changes mode
    stack = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0303", "A-INF3": "B0303"}

    def run(*others: str) -> list:
        log = Log(stack).phase(1, "allied_movement").say("of B0303 from G-INF1 target A-INF1 trigger mode") \
            .mode("A-INF1", "Defilade", "Concentrated")
        for u in others:
            log.mode(u, "Defilade", "Concentrated")
        log.move("A-INF1", "B0303", stack=("A-INF2", "A-INF3", "A-INF1"))  # A-INF1 to the top
        return log.phase(1, "allied_organization").check().judged[1].verdicts
    assert all_legal(run())  # only A-INF1 changed mode: it alone triggered
    assert rules_broken(run("A-INF2", "A-INF3")) == ["HTTR SR 6.6.2.5"]
