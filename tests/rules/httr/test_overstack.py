"""HTTR overstacking (SR 11.2.3, 11.4.3) on the synthetic game: the woods of B0405 hold 20 SP; A-INF2, A-INF3, A-ENG
and A-HW make 16 there, A-INF1 5 more."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

CROWD = {"A-INF2": "B0405", "A-INF3": "B0405", "A-ENG": "B0405", "A-HW": "B0405"}
DISRUPT = ("Disrupted", "Normal", "Disrupted")


def overstack() -> Log:
    return Log({**CROWD, "A-INF1": "B0404"}).phase(1, "allied_movement").move("A-INF1", "B0405")


def test_an_overstack_disrupts_every_unit_and_is_undone():  # STK-3, SR 11.2.3 (L654)
    left = overstack().phase(1, "allied_organization").check()
    assert rules_broken(left.judged[1].verdicts) == ["HTTR SR 11.2.1", "HTTR SR 11.2.3", "HTTR SR 11.2.3"]
    log = overstack()
    for u in (*CROWD, "A-INF1"):
        log.layer(u, *DISRUPT)
    done = log.move("A-INF1", "B0404").phase(1, "allied_organization").check()
    assert rules_broken(done.judged[1].verdicts) == ["HTTR SR 11.2.1"]  # the move itself, voluntary
    assert all(all_legal(j.verdicts) for j in done.judged[2:])  # the disruptions and the displacement


def test_a_unit_that_begins_the_phase_overstacked_moves_one_hex():  # STK-3, SR 11.4.3 (L672)
    crowded = {**CROWD, "A-INF1": "B0405"}
    assert all_legal(last(Log(crowded).phase(1, "allied_movement").move("A-INF1", "B0404").check()))
    assert rules_broken(last(Log(crowded).phase(1, "allied_movement").move("A-INF1", "B0403").check())) == \
        ["HTTR SR 11.4.3"]
    assert all_legal(last(Log({"A-INF1": "B0405"}).phase(1, "allied_movement").move("A-INF1", "B0403").check()))
