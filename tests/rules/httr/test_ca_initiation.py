"""HTTR close actions on the 16th SS battalion (ScR 8.3.4) on the synthetic game: its [special.ca_initiation] makes
G-KG2's units the battalion on GT 15-16, a CA Initiation 1d6 of 1-3 stopping the close action."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure

START = {"G-INF3": "B0304", "A-INF1": "B0303", "G-INF1": "B0404", "A-INF2": "B0403"}


def ca(turn: int, target: str = "B0304", src: str = "B0303", *rolls: int) -> list:
    log = Log(START).phase(turn, "allied_movement")
    for r in rolls:
        log.roll("CA Initiation", r)
    return last(log.say(f"ca {target} from {src}").check())


def test_a_close_action_on_the_battalion_needs_four_to_six_first():  # RES-13, ScR 8.3.4 (L1346)
    assert not illegal(ca(15, "B0304", "B0303", 5))
    assert "HTTR ScR 8.3.4" in rules_broken(ca(15, "B0304", "B0303", 2))
    assert "HTTR ScR 8.3.4" in rules_broken(ca(15, "B0304", "B0303"))  # no roll
    assert not illegal(ca(15, "B0404", "B0403"))  # G-INF1 is not of the battalion
    assert not illegal(ca(17, "B0304", "B0303"))  # after its turns


def test_a_failed_initiation_bars_the_target_for_the_phase():  # RES-13, ScR 8.3.4 (L1346)
    log = Log(START).phase(15, "allied_movement").roll("CA Initiation", 1).say("ca B0304 from B0303") \
        .roll("CA Initiation", 6).say("ca B0304 from B0303")
    assert "HTTR ScR 8.3.4" in rules_broken(last(log.check()))


def test_the_bundled_battalion_is_not_transcribed():  # RES-13 on the bundled data: not checkable
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    v = last(Log({"107PzB": "C1010", "501/101": "C1011"}, BUNDLED).phase(1, "allied_movement")
             .say("ca C1010 from C1011").check())
    assert any("16th SS battalion" in x.needs for x in unsure(v)) and "HTTR ScR 8.3.4" not in rules_broken(v)
