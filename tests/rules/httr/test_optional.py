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


def test_gliders_off_clear_terrain_are_disrupted():  # OPT-5, ScR 15.2.1 (L1491)
    def glide(h: str, disrupted: bool = False, **readings: str) -> list:
        log = Log({"A-ART3": (None, {"Mode": "Defilade"})}).phase(8, "allied_movement") \
            .place("pf", "Pathfinder A-REG1", "B0305").enter("A-ART3", h)
        if disrupted:
            log.layer("A-ART3", "Disrupted", "Normal", "Disrupted")
        return last(log.phase(8, "allied_organization").check(**readings))
    assert rules_broken(glide("B0405", optional_gliders="on")) == ["HTTR ScR 15.2.1"]  # a woods hex
    assert not illegal(glide("B0405", disrupted=True, optional_gliders="on"))
    assert not illegal(glide("B0306", optional_gliders="on"))  # clear
    assert "HTTR ScR 15.2.1" not in rules_broken(glide("B0405"))  # off by default


def test_the_bundled_gliders_are_not_known():  # OPT-5 on the bundled data: not checkable
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    from tests.rules.httr.helpers import unsure
    log = Log({"501/101": (None, {"Mode": "Defilade"})}, BUNDLED).phase(6, "allied_movement").enter("501/101", "C1010")
    assert any("glider-borne" in v.needs for v in unsure(last(log.check(optional_gliders="on"))))
