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


def glide(h: str, disrupted: bool = False, rolls: int = 0, drop: str | None = None, unit: str = "A-ART3",
          **readings: str):
    """A glider unit of A-REG1 lands in ``h`` in GT 8's Allied Movement Phase, then the phase ends."""
    log = Log({unit: (None, {"Mode": "Defilade"})}).phase(8, "allied_movement").place("pf", "Pathfinder A-REG1", "B0305")
    if drop:
        log.say(f"drop {drop} south")
    log.enter(unit, h)
    if disrupted:
        log.layer(unit, "Disrupted", "Normal", "Disrupted")
    for _ in range(rolls):
        log.roll("Glider Loss", 4)
    return log.phase(8, "allied_organization").check(**readings)


def gliders_broken(report) -> list[str]:
    """Every ScR 15.2 rule broken anywhere in the log."""
    return [r for j in report.judged for r in rules_broken(j.verdicts) if r.startswith("HTTR ScR 15.2")]


def test_gliders_off_clear_terrain_are_disrupted():  # OPT-5, ScR 15.2.1 (L1491)
    assert rules_broken(last(glide("B0405", rolls=1, optional_gliders="on"))) == ["HTTR ScR 15.2.1"]  # woods
    assert not illegal(last(glide("B0405", disrupted=True, rolls=1, optional_gliders="on")))
    assert not illegal(last(glide("B0306", optional_gliders="on")))  # clear
    assert "HTTR ScR 15.2.1" not in rules_broken(last(glide("B0405")))  # off by default


def test_gliders_off_clear_terrain_roll_for_losses():  # OPT-5, ScR 15.2.1-15.2.2 (L1491-L1492)
    no_roll = last(glide("B0405", disrupted=True, optional_gliders="on"))
    assert rules_broken(no_roll) == ["HTTR ScR 15.2.1"]
    assert any("Glider Loss rolls" in v.reason for v in illegal(no_roll))
    assert not gliders_broken(glide("B0405", disrupted=True, rolls=1, optional_gliders="on"))
    assert gliders_broken(glide("B0306", rolls=1, optional_gliders="on")) == ["HTTR ScR 15.2.1"]  # nothing to roll for
    assert gliders_broken(glide("B0405", disrupted=True, rolls=2, optional_gliders="on")) == ["HTTR ScR 15.2.1"]
    assert not gliders_broken(glide("B0306", rolls=1))  # off by default
    hq = glide("B0405", disrupted=True, unit="A-REG1", optional_gliders="on")  # reading: an HQ is disrupted only
    assert not gliders_broken(hq)
    assert gliders_broken(glide("B0405", unit="A-REG1", optional_gliders="on")) == ["HTTR ScR 15.2.1"]


def test_glider_serials_are_designated_to_clear_hexes():  # OPT-5, ScR 15.2.1 (L1491)
    woods = glide("B0306", drop="B0405", optional_gliders="on")
    assert gliders_broken(woods) == ["HTTR ScR 15.2.1"]
    assert any("designated to drop in B0405" in v.reason for j in woods.judged for v in illegal(j.verdicts))
    assert not gliders_broken(glide("B0306", drop="B0306", optional_gliders="on"))
    other = Log({"A-INF1": (None, {}), "A-ART3": (None, {"Mode": "Defilade"})}).phase(8, "allied_movement") \
        .place("pf", "Pathfinder A-REG1", "B0305").say("drop B0405 south").enter("A-INF1", "B0405") \
        .enter("A-ART3", "B0306").phase(8, "allied_organization")
    assert not gliders_broken(other.check(optional_gliders="on"))  # the woods drop was a serial without gliders


def test_the_bundled_gliders_are_not_known():  # OPT-5 on the bundled data: not checkable
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    from tests.rules.httr.helpers import unsure
    log = Log({"501/101": (None, {"Mode": "Defilade"})}, BUNDLED).phase(6, "allied_movement").enter("501/101", "C1010")
    assert any("glider-borne" in v.needs for v in unsure(last(log.check(optional_gliders="on"))))
