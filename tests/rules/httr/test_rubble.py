"""HTTR optional Rubble (ScR 15.6, numbered 15.7.1 in the text) on the synthetic game: an IF packet of GB-HW
through spotter GB-6GH-D at G-3SS in A0508, the synthetic map's City hex (or in A0506, clear); 2d6 12 is a loss.
The synthetic data's Rubble Roll button (1d6) and Debris / Rubble markers are the log channel's."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

SPOT = {"GB-6GH-D": "A0507", "GB-HW": "A0505"}
RUBBLE = "HTTR ScR 15.7.1"


def shelled(*steps, h: str = "A0508", rule: str = "on") -> list:
    """All verdicts of an Allied Fire Phase with one IF loss on G-3SS in ``h``, ``steps`` after it."""
    log = Log({"G-3SS": h, **SPOT}).phase(1, "allied_fire")
    log.say(f"if {h} from GB-HW spotter GB-6GH-D target G-3SS").roll("Indirect Fire", 6, 6).mode("G-3SS", "Defilade")
    for s in steps:
        s(log)
    report = log.phase(1, "allied_movement").check(optional_rubble=rule)
    return [v for j in report.judged for v in j.verdicts]


def roll(n: int):
    return lambda log: log.roll("Rubble Roll", n)


def put(name: str, h: str = "A0508"):
    return lambda log: log.place(f"{name}-{len(log.events)}", name, h)


def test_an_if_loss_in_a_city_is_followed_by_its_rubble_roll():  # OPT-7, ScR 15.7.1 (L1503)
    assert not illegal(shelled(roll(4), put("Debris")))
    assert not illegal(shelled(roll(2)))
    assert RUBBLE not in rules_broken(shelled(roll(2), rule="off"))
    assert RUBBLE in rules_broken(shelled())  # no roll
    assert RUBBLE in rules_broken(shelled(roll(4)))  # 3+ but no Debris
    assert RUBBLE in rules_broken(shelled(roll(2), put("Debris")))  # Debris without 3+
    assert RUBBLE in rules_broken(shelled(roll(4), h="A0506"))  # not a City hex: no roll
    assert not illegal(shelled(h="A0506"))


def test_a_second_three_flips_debris_to_rubble():  # OPT-7, ScR 15.7.1 (L1503)
    def twice(marker: str) -> list:
        log = Log({"G-3SS": "A0508", "G-INF1": "A0508", **SPOT}).phase(1, "allied_fire")
        for unit, then in (("G-3SS", "Debris"), ("G-INF1", marker)):
            log.say(f"if A0508 from GB-HW spotter GB-6GH-D target {unit}").roll("Indirect Fire", 6, 6)
            log.mode(unit, "Defilade").roll("Rubble Roll", 5).place(f"{then}-{unit}", then, "A0508")
        return [v for j in log.phase(1, "allied_movement").check(optional_rubble="on").judged for v in j.verdicts]
    assert RUBBLE not in rules_broken(twice("Rubble"))
    assert RUBBLE in rules_broken(twice("Debris"))


def test_the_bundled_map_does_not_say_which_hexes_are_cities():  # OPT-7: bundled map terrain (city hexes)
    # the bundled map's terrain is not surveyed: neither the IF result nor whether its hex is a City is known
    log = Log({"501/101": "C1011"}, BUNDLED).phase(1, "allied_fire")
    log.say("if C1010 from 501/101").roll("Indirect Fire", 6, 6)
    verdicts = [v for j in log.phase(1, "allied_movement").check(optional_rubble="on").judged for v in j.verdicts]
    assert any("terrain of the target hex C1010" in v.needs for v in unsure(verdicts))
    assert RUBBLE not in rules_broken(verdicts)
