"""HTTR optional rules (ScR 15) on the synthetic game, each a setting off by default. CAP (ScR 15.7): the data's
[special.cap] puts the Allied CAP over A-GD's HQs; A-GD stands in B0105, B0410 is 7 hexes from it."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken

HQ = {"A-GD": "B0105"}


def german_strike(target: str, caps: int = 0, **readings: str) -> list:
    eye = target[:3] + f"{int(target[3:]) - 1:02d}"  # a German unit next to the target observes it (SR 7.1.6)
    log = Log({**HQ, "A-INF1": target, "G-INF1": eye}).phase(8, "allied_command")
    for i in range(caps):
        log.place(f"cap{i}", "CAP", "B0105")
    log.phase(8, "german_fire").place("as1", "Airstrike", target)
    return last(log.check(**readings))


def test_no_german_strike_under_the_allied_cap():  # OPT-8, ScR 15.7 (15.8.1-15.8.2, L1506-L1507)
    assert rules_broken(german_strike("B0110", optional_cap="on")) == ["HTTR ScR 15.7"]  # 5 hexes: inside
    assert not illegal(german_strike("B0410", optional_cap="on"))  # 7 hexes: outside the 5
    assert rules_broken(german_strike("B0410", caps=1, optional_cap="on")) == ["HTTR ScR 15.7"]  # 5 + 2
    assert not illegal(german_strike("B0110"))  # the optional rule is off by default
