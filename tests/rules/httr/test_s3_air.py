"""Second-audit fixes (issue #15) to airstrikes, air landings, airborne limits and optional gliders on the synthetic
game. Its airstrike grid (tables/airstrike_grid.toml), Concentrated column: 2d6 3 '-', 7 D, 10 '1'."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, rules_broken
from tests.rules.httr.test_airstrikes import STRIKE

TARGET = {"A-INF1": "B0304", "G-INF1": ("B0305", {"Mode": "Concentrated"})}


def two_strikes(first: tuple[int, int], second: tuple[int, int], *steps) -> list:
    """All verdicts of an Allied Fire Phase (GT 8, clear day) with two strikes on G-INF1 in B0305, then ``steps``."""
    log = (Log(TARGET).phase(8, "allied_fire").place("as1", STRIKE, "B0305").place("as2", STRIKE, "B0305")
           .roll("Airstrike Check", 3).roll("Airstrike", *first).roll("Airstrike Check", 3).roll("Airstrike", *second))
    for s in steps:
        s(log)
    return [v for j in log.phase(8, "allied_movement").check().judged for v in j.verdicts]


def disrupt(log: Log) -> None:
    log.layer("G-INF1", "Disrupted", "Normal", "Disrupted")


def retreat(log: Log) -> None:
    log.move("G-INF1", "B0306")


def test_two_strikes_on_a_unit_are_judged_together():  # AS-11, ScR 7.2.2 (L1270), 7.3.2 (L1284), 7.4 (L1288)
    # '-' then D: the D disrupts and retreats the unit; the '-' is no claim that it stayed
    assert not illegal(two_strikes((1, 2), (4, 3), disrupt, retreat))
    assert rules_broken(two_strikes((1, 2), (4, 3), disrupt)) == ["HTTR ScR 7.4"]


def test_a_d_after_a_one_has_no_effect():  # AS-11, ScR 7.3.2 (L1284: applied at once), 7.4 (L1288), 7.2.13 (L1281)
    # '1' disrupts in place; the D that follows finds the unit disrupted: no retreat
    assert not illegal(two_strikes((5, 5), (4, 3), disrupt))
    assert rules_broken(two_strikes((5, 5), (4, 3), disrupt, retreat)) == ["HTTR ScR 7.4"]
    # D first: the unit retreats, the '1' after it adds a loss and no second retreat
    assert not illegal(two_strikes((4, 3), (5, 5), disrupt, retreat))
