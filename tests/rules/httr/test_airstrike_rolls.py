"""HTTR airstrike resolution rolls (ScR 7.1.5, AS-3) on the synthetic game, as tests/rules/httr/test_airstrikes.py
sets them up: an Airstrike marker on G-INF1's hex B0305 in GT 8's Allied Fire Phase, its Airstrike Check (1d6) and,
on 1-5, its Airstrike (2d6) roll."""
from __future__ import annotations

from tests.rules.httr.helpers import illegal, rules_broken
from tests.rules.httr.test_airstrikes import fire, strike, verdicts

RULE = "HTTR ScR 7.1.5"


def test_a_check_of_one_to_five_goes_on_to_its_bombardment_roll():  # AS-3, ScR 7.1.5 note (L1267)
    done = strike(fire()).roll("Airstrike Check", 3).roll("Airstrike", 2, 2).phase(8, "allied_movement")
    assert not illegal(verdicts(done))
    void = strike(fire()).roll("Airstrike Check", 6).phase(8, "allied_movement")  # a 6: no strike
    assert not illegal(verdicts(void))
    left = strike(fire()).roll("Airstrike Check", 3).phase(8, "allied_movement")
    assert rules_broken(verdicts(left)) == [RULE]
    again = strike(fire(), n=2, h="B0305").roll("Airstrike Check", 3).roll("Airstrike Check", 3)
    assert RULE in rules_broken(verdicts(again))


def test_one_check_per_airstrike():  # AS-3, ScR 7.1.5 note (L1267): 'roll a 1D6 die for each airstrike'
    twice = strike(fire()).roll("Airstrike Check", 6).roll("Airstrike Check", 6).phase(8, "allied_movement")
    assert rules_broken(verdicts(twice)) == [RULE]
