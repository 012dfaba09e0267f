"""Plan chits (PtR 5.2.3, 21.4.4.3): synthetic scenario s2 uses them from turn 2 (as Scenario 4), s1 does not. A
draw is a ``Plan Chit`` piece leaving its deck (an ``Entered`` event); ``refuse plan`` puts it back."""
from __future__ import annotations

from hexforge.builder.locations import Location
from hexforge.builder.timeline import Entered, PieceRef
from tests.rules.ptr.helpers import PtrLog, illegal, unsure, verdicts


def draw(log: PtrLog) -> PtrLog:
    log.events.append(Entered(log._n(), PieceRef("Plan Chit", "Plan Chit", None), Location("Main", None, "US"), None))
    return log


def plan(syn, turn: int = 2) -> PtrLog:
    return PtrLog(syn).phase(turn, "plan")


def test_plan_chits_only_where_from_when_and_one_a_turn(syn):
    """PTR5-5 (5.2.3A-B, 21.4.4.3A): a draw on turn 2 in s2; none in s1, none on turn 1, not two in a turn."""
    r = draw(plan(syn)).check("s2")
    assert illegal(r) == [] and "Plan chit of turn 2" in verdicts(r, 1)[0].detail
    assert illegal(draw(plan(syn)).check("s1")) == [(1, "PTR 5.2.3A")]
    assert illegal(draw(plan(syn, turn=1)).check("s2")) == [(1, "PTR 5.2.3B")]
    assert illegal(draw(draw(plan(syn))).check("s2")) == [(2, "PTR 5.2.3B")]
    assert illegal(draw(PtrLog(syn).phase(2, "replacement")).check("s2")) == [(1, "PTR 5.2.3")]


def test_one_refusal_a_game_and_no_redraw(syn):
    """PTR21-5 (21.4.4.3A): the US may refuse one drawn chit, once a game, and then draws no other that turn."""
    r = draw(plan(syn)).say("us", "refuse plan").check("s2")
    assert illegal(r) == []
    r = draw(draw(plan(syn)).say("us", "refuse plan")).check("s2")
    assert illegal(r) == [(3, "PTR 21.4.4.3A")]
    r = draw(draw(plan(syn)).say("us", "refuse plan").phase(3, "plan")).say("us", "refuse plan").check("s2")
    assert illegal(r) == [(5, "PTR 21.4.4.3A")]
    assert illegal(plan(syn).say("us", "refuse plan").check("s2")) == [(1, "PTR 21.4.4.3A")]


def test_one_german_intelligence_roll_after_the_draw(syn):
    """PTR21-6 (21.4.4.3B, 5.2.3C): the German roll follows the US draw, once a Plan Phase; the US does not roll."""
    r = draw(plan(syn)).roll("german", 9).check("s2")
    assert illegal(r) == [] and "may inspect" in verdicts(r, 2)[0].detail
    assert illegal(plan(syn).roll("german", 9).check("s2")) == [(1, "PTR 21.4.4.3B")]
    assert illegal(draw(plan(syn)).roll("german", 3).roll("german", 4).check("s2")) == [(3, "PTR 21.4.4.3B")]
    assert illegal(draw(plan(syn)).roll("us", 3).check("s2")) == [(2, "PTR 5.2.3C")]


def test_bundled_plan_chits(ptr):
    """On the bundled data: Scenario 4 draws from turn 2; Scenario 5 does not say whether it draws at all."""
    assert illegal(draw(PtrLog(ptr, {}).phase(2, "plan")).check("s4")) == []
    assert illegal(draw(PtrLog(ptr, {}).phase(2, "plan")).check("s2")) == [(1, "PTR 5.2.3A")]
    r = draw(PtrLog(ptr, {}).phase(2, "plan")).check("s5")
    assert any("plan_chits_from_turn" in n for _, n in unsure(r))
