"""DIS-1's "engineer functions are lost" (HTTR SR 10.6.2, L635) on the synthetic game: a disrupted engineer (its
Disrupted layer set at the start, as a save begun mid-scenario shows it) builds no entrenchment, repairs or blows no
bridge, ferries no one and works no permanent ferry; an undisrupted engineer beside it still may. Each test names
DIS-1; the positions are those of the function's own tests (test_entrench, test_bridge_repair,
test_engineer_demolition, test_ferries, test_pannerden)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken, unsure
from tests.rules.httr.test_bridge_repair import CREW, repaired
from tests.rules.httr.test_engineer_demolition import after
from tests.rules.httr.test_entrench import through_turns

DIS = {"Disrupted": "Disrupted"}
LOST = "HTTR SR 10.6.2"


def disrupted(h: str, **layers: str) -> tuple[str, dict]:
    return h, {**DIS, **layers}


def entrenched(setup: dict) -> list:
    return last(through_turns(Log(setup), 4).place("e1", "Entrenchment", "B0303").check())


def test_a_disrupted_engineer_builds_no_entrenchment():  # DIS-1, SR 10.6.2 (L635) with ENT-4, SR 18.4.3.1 (L925)
    setup = {"A-ENG": disrupted("B0303"), "G-INF1": "B0306"}
    got = entrenched(setup)
    assert rules_broken(got) == [LOST] and "A-ENG is disrupted" in illegal(got)[0].reason
    assert all_legal(entrenched({"A-ENG": "B0303", "G-INF1": "B0306"}))
    assert all_legal(entrenched({**setup, "GB-ENG": "B0303"}))  # GB-ENG's 5 undisrupted SP build it


def test_disrupted_bridge_engineers_repair_no_bridge():  # DIS-1, SR 10.6.2 (L635) with FRY-6, ScR 9.6.1 (L1397)
    both = {**CREW, "A-BENG": disrupted("A0601"), "A-BENG2": disrupted("A0601")}
    assert rules_broken(repaired(both, 7)) == [LOST]
    assert all_legal(repaired(CREW, 7))
    one = {**CREW, "A-BENG": disrupted("A0601")}  # A-BENG2's 2 SP alone: the repair's own rule
    assert rules_broken(repaired(one, 7)) == ["HTTR ScR 9.6.1"]


def test_disrupted_bridge_engineers_blow_no_bridge():  # DIS-1, SR 10.6.2 (L635) with FRY-6, ScR 9.5.6 (L1394)
    assert rules_broken(after({"A-BENG": disrupted("A0603"), "A-BENG2": disrupted("A0603")}, 4)) == [LOST]
    assert all_legal(after({"A-BENG": "A0603", "A-BENG2": "A0603"}, 4))


def ferried(setup: dict, *steps: tuple[str, str]) -> list:
    log = Log(setup).phase(1, "allied_movement")
    for u, to in steps:
        log.move(u, to)
    return log.check().judged[-1].verdicts


def test_a_disrupted_bridge_engineer_ferries_no_one():  # DIS-1, SR 10.6.2 (L635) with FRY-1, ScR 9.1.1 (L1354)
    setup = {"A-BENG": disrupted("A0601"), "A-INF5": "A0601"}
    assert rules_broken(ferried(setup, ("A-INF5", "A0501"))) == [LOST]
    assert rules_broken(ferried(setup, ("A-BENG", "A0501"))) == [LOST]  # nor itself (ScR 9.1.4)
    assert all_legal(ferried({"A-BENG": "A0601", "A-INF5": "A0601"}, ("A-INF5", "A0501")))
    assert all_legal(ferried({**setup, "A-BENG2": "A0601"}, ("A-INF5", "A0501")))  # an undisrupted one there


def test_a_disrupted_bridge_engineer_carries_nothing():  # DIS-1, SR 10.6.2 with FRY-2, ScR 9.1.2 (L1355)
    # A-BENG (disrupted) and A-BENG2 (2 SP): A-INF5 and A-INF6 (2 SP each) cannot both cross on A-BENG2 alone
    setup = {"A-BENG": disrupted("A0601"), "A-BENG2": "A0601", "A-INF5": "A0601", "A-INF6": "A0601"}
    assert rules_broken(ferried(setup, ("A-INF5", "A0501"), ("A-INF6", "A0501"))) == ["HTTR ScR 9.1.2"]
    assert all_legal(ferried({**setup, "A-BENG": "A0601"}, ("A-INF5", "A0501"), ("A-INF6", "A0501")))


CONC = {"Mode": "Concentrated"}


def begun(setup: dict) -> list:
    return last(Log(setup).phase(2, "allied_command").place("f1", "Ferry Under Construction", "A0410").check())


def across(setup: dict) -> list:
    """The permanent ferry begun by A-ENG in GT 2, built on a 3 in GT 3; A-ENG leaves it in GT 3's Allied Movement
    Phase and A-INF1 crosses from A0409 with what engineers stand there."""
    log = Log({"A-ENG": ("A0410", CONC), "A-INF1": "A0409", **setup}).phase(2, "allied_command")
    log.place("f1", "Ferry Under Construction", "A0410").phase(3, "allied_command").roll("Ferry Construction", 3)
    log.phase(3, "allied_movement").move("A-ENG", "A0510").move("A-INF1", "A0410")
    return last(log.check())


def test_a_disrupted_engineer_works_no_permanent_ferry():  # DIS-1, SR 10.6.2 (L635) with FRY-3, ScR 9.2.2, 9.2.10
    assert rules_broken(begun({"A-ENG": disrupted("A0410", **CONC)})) == [LOST]
    assert not illegal(begun({"A-ENG": ("A0410", CONC)}))
    assert rules_broken(across({"GB-ENG": disrupted("A0409")})) == [LOST]
    assert not illegal(across({"GB-ENG": "A0409"}))
    assert rules_broken(across({})) == ["HTTR ScR 9.2.10"]  # no engineer at all: the ferry's own rule


def test_the_bundled_engineers_types_are_not_known():  # DIS-1 on the bundled data
    """DIS-1 on the bundled data: whether the disrupted company in C2808 is a combat engineer (units.csv type) is not
    transcribed, so an entrenchment placed there is not checkable, never legal or illegal."""
    from hexforge.games import load_game
    log = Log({"2/506 5-3 no.1": disrupted("C2808")}, load_game("highway-to-the-reich"))
    got = last(through_turns(log, 4).place("e1", "Entrenchment", "C2808").check())
    assert got and len(unsure(got)) == len(got) and any("units.csv type" in v.needs for v in unsure(got)), got
