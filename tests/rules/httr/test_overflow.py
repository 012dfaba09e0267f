"""DF-6 (HTTR SR 6.3.1.6 L189, 6.3.2.2 L205): a conventional DF loss beyond its eliminated target goes to 'either of
the two new uppermost conventional target units'. On the synthetic game A-INF1 (5 SP, ER 5: fire value 5) in B0303
fires at G-INF1, on top of B0304; 2d6 11 takes 2 SP. The German stack, top first: G-INF1, G-INF2, G-INF3, G-3SS, so
once G-INF1 is gone the new top two are G-INF2 and G-INF3."""
from __future__ import annotations

from hexforge.games import load_game
from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken, unsure

STACK = {"G-3SS": "B0304", "G-INF3": "B0304", "G-INF2": "B0304", "G-INF1": "B0304", "A-INF1": "B0303"}


def hit(setup: dict = STACK) -> Log:
    """A-INF1's DF at G-INF1 taking 2 SP (the Direct Fire roll is event 3)."""
    return Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1 target G-INF1").roll("Direct Fire", 5, 6)


def test_a_spill_goes_to_the_new_top_two():  # DF-6: legal, G-INF2 is one of the new top two
    assert all_legal(last(hit().kill("G-INF1", "B0304").say("spill B0304 G-INF2").check()))


def test_a_spill_below_the_new_top_two_is_illegal():  # DF-6: illegal, G-3SS is third of the new stack
    got = last(hit().kill("G-INF1", "B0304").say("spill B0304 G-3SS").check())
    assert rules_broken(got) == ["HTTR SR 6.3.1.6"] and "new top two" in got[0].reason


def test_no_overflow_while_the_target_stands():  # DF-6: illegal, G-INF1 was not eliminated
    assert rules_broken(last(hit().say("spill B0304 G-INF2").check())) == ["HTTR SR 6.3.1.6"]


def test_a_leg_units_overflow_never_reaches_an_afv():  # DF-6 with DF-11: SR 6.3.2.2, AFVs are no conventional target
    setup = {"G-INF2": "B0304", "G-AFV": "B0304", "G-INF1": "B0304", "A-INF1": "B0303"}  # G-INF1, G-AFV, G-INF2
    got = last(hit(setup).kill("G-INF1", "B0304").say("spill B0304 G-AFV").check())
    assert rules_broken(got) == ["HTTR SR 6.3.1.6"] and "an AFV" in got[0].reason
    assert all_legal(last(hit(setup).kill("G-INF1", "B0304").say("spill B0304 G-INF2").check()))


def eliminated(*units: str) -> list:
    """The verdicts on the DF's roll once the phase is over, after ``units`` were eliminated."""
    log = hit()
    for u in units:
        log.kill(u, "B0304")
    return log.phase(1, "allied_movement").check().judged[2].verdicts


def test_an_elimination_only_an_overflow_explains_is_of_the_new_top_two():  # DF-6: legal and illegal, at the end
    assert not illegal(eliminated("G-INF1", "G-INF2"))  # G-INF2: one of the new top two
    got = eliminated("G-INF1", "G-3SS")  # G-3SS: no fire aimed at it, and not of the new top two
    assert rules_broken(got) == ["HTTR SR 6.3.1.6"] and "G-3SS" in illegal(got)[0].reason


def test_an_overflow_past_an_eliminated_new_top_unit_goes_on():  # DF-6: G-INF2 gone, G-INF3 and G-3SS are next
    assert not illegal(eliminated("G-INF1", "G-INF2", "G-3SS"))


def test_bundled_overflow_needs_the_fire_result():  # DF-6 on the bundled data: the result of the DF
    """The 506th company's DF at the German battalion II/159/59 in C2909 (unsurveyed): its result needs the target
    hex's terrain, so whether a loss overflowed, and so a spill after it, is not checkable (never legal)."""
    httr = load_game("highway-to-the-reich")
    inf, ger, other = "2/506 5-3 no.1", "II/159/59", "1036/59"
    log = Log({other: ("C2909", {"Mode": "Defilade"}), ger: ("C2909", {"Mode": "Concentrated"}),
               inf: ("C2808", {"Mode": "Concentrated"})}, httr).phase(5, "allied_fire") \
        .say(f'df C2909 from "{inf}" target "{ger}"').roll("Direct Fire", 6, 6).kill(ger, "C2909") \
        .say(f'spill C2909 "{other}"')
    got = last(log.check())
    assert not rules_broken(got) and any("the result of the last fire at C2909" in v.needs for v in unsure(got)), got
