"""HTTR's permanent ferry (ScR 9.2, FRY-3) on the synthetic game: an Allied ferry joins A0409 and A0410 and is built
from A0410 (Light-capable on a Ferry Construction 1d6 of 3+, then Vehicular-capable on 4+; the other side crosses
on a Ferry Use 2d6 under 6); A-ENG is an engineer of 4 SP, A-TANK a vehicular unit of 2 SP and AFV class 3
(medium), A-REC one of AFV class 2 (light), G-LDR a German leader."""
from __future__ import annotations

from hexforge.games import load_game
from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure

CONC = {"Mode": "Concentrated"}
ENG = {"A-ENG": ("A0410", CONC)}


def build(setup: dict, phase: str = "allied_command", h: str = "A0410") -> list:
    return last(Log(setup).phase(2, phase).place("f1", "Ferry Under Construction", h).check())


def ferry(setup: dict, *rolls: int) -> Log:
    """Construction begun in GT 2's Allied Command Phase, then one Ferry Construction roll a GT from GT 3."""
    log = Log(setup).phase(2, "allied_command").place("f1", "Ferry Under Construction", "A0410")
    for i, r in enumerate(rolls):
        log.phase(3 + i, "allied_command").roll("Ferry Construction", r)
    return log


def ferry_rules(verdicts: list) -> list[str]:
    return [r for r in rules_broken(verdicts) if r.startswith("HTTR ScR 9.2")]


def test_construction_begins_with_a_concentrated_engineer():  # FRY-3 legal, ScR 9.2.1-9.2.2, 9.2.4 (L1362-L1365)
    assert not illegal(build(ENG))


def test_construction_needs_its_hex_phase_and_engineer():  # FRY-3 illegal
    assert rules_broken(build(ENG, "allied_fire")) == ["HTTR ScR 9.2.1"]
    assert rules_broken(build({"A-ENG": ("A0409", CONC)}, h="A0409")) == ["HTTR ScR 9.2.1"]
    assert rules_broken(build({"A-ENG": ("A0410", {"Mode": "Defilade"})})) == ["HTTR ScR 9.2.2"]
    assert rules_broken(build({"A-INF1": ("A0410", CONC)})) == ["HTTR ScR 9.2.2"]


def test_the_rolls_build_then_upgrade_the_ferry():  # FRY-3 legal, ScR 9.2.4-9.2.5 (L1365-L1366)
    report = ferry(ENG, 2, 3, 4).place("f2", "Vehicular-Capable Ferry", "A0410").check()
    assert not [v for j in report.judged for v in illegal(j.verdicts)]
    details = [v.detail for j in report.judged for v in j.verdicts if getattr(v, "detail", "")]
    assert any("roll 2 (needs 3): the ferry is not yet built" in d for d in details)
    assert any("roll 3 (needs 3): the ferry is Light-capable" in d for d in details)
    assert any("roll 4 (needs 4): the ferry is Vehicular-capable" in d for d in details)


def test_a_construction_roll_out_of_its_place():  # FRY-3 illegal, ScR 9.2.1, 9.2.4-9.2.5 (L1362, L1365-L1366)
    same_turn = Log(ENG).phase(2, "allied_command").place("f1", "Ferry Under Construction", "A0410")
    assert rules_broken(last(same_turn.roll("Ferry Construction", 5).check())) == ["HTTR ScR 9.2.4"]
    wrong_phase = ferry(ENG).phase(3, "allied_fire").roll("Ferry Construction", 5)
    assert rules_broken(last(wrong_phase.check())) == ["HTTR ScR 9.2.4"]
    twice = ferry(ENG, 1).roll("Ferry Construction", 5)
    assert rules_broken(last(twice.check())) == ["HTTR ScR 9.2.4"]
    no_marker = Log(ENG).phase(3, "allied_command").roll("Ferry Construction", 5)
    assert rules_broken(last(no_marker.check())) == ["HTTR ScR 9.2.4"]
    left = ferry(ENG).phase(2, "allied_movement").move("A-ENG", "A0510").phase(3, "allied_command")
    assert rules_broken(last(left.roll("Ferry Construction", 5).check())) == ["HTTR ScR 9.2.1"]
    complete = ferry(ENG, 3, 4).phase(5, "allied_command").roll("Ferry Construction", 6)
    assert rules_broken(last(complete.check())) == ["HTTR ScR 9.2.5"]


def test_the_vehicular_marker_needs_its_roll():  # FRY-3 illegal, ScR 9.2.5 (L1366)
    light = ferry(ENG, 3, 3).place("f2", "Vehicular-Capable Ferry", "A0410")
    assert rules_broken(last(light.check())) == ["HTTR ScR 9.2.5"]


def crossings(setup: dict, rolls: tuple[int, ...], *units: str) -> list:
    log = ferry(setup, *rolls).phase(2 + len(rolls), "allied_movement")
    for u in units:
        log.move(u, "A0410")
    return last(log.check())


def test_units_cross_only_a_built_ferry_of_their_class():  # FRY-3, ScR 9.2.3-9.2.4 (L1364-L1365)
    tank = {**ENG, "A-TANK": "A0409"}
    assert not illegal(crossings(tank, (3, 4), "A-TANK"))  # Vehicular-capable: medium AFVs cross
    assert rules_broken(crossings(tank, (3,), "A-TANK")) == ["HTTR ScR 9.2.3"]  # Light-capable: very light only
    assert rules_broken(crossings({**ENG, "A-REC": "A0409"}, (3,), "A-REC")) == ["HTTR ScR 9.2.3"]
    assert rules_broken(crossings({**ENG, "A-INF1": "A0409"}, (2,), "A-INF1")) == ["HTTR ScR 9.2.4"]
    assert not illegal(crossings({**ENG, "A-INF1": "A0409"}, (3,), "A-INF1"))


def test_two_leg_companies_cross_a_turn():  # FRY-3, ScR 9.2.8 (L1369)
    three = {**ENG, "A-INF1": "A0409", "A-INF2": "A0409", "A-INF5": "A0409"}
    assert not illegal(crossings(three, (3,), "A-INF1", "A-INF2"))
    assert rules_broken(crossings(three, (3,), "A-INF1", "A-INF2", "A-INF5")) == ["HTTR ScR 9.2.8"]


def test_crossings_need_an_engineer_at_the_ferry():  # FRY-3, ScR 9.2.9-9.2.10 (L1370-L1371)
    tank = {**ENG, "A-TANK": "A0409"}
    assert not illegal(crossings(tank, (3, 4), "A-TANK"))
    gone = ferry(tank, 3, 4).phase(4, "allied_movement").move("A-ENG", "A0510").move("A-TANK", "A0410")
    assert rules_broken(last(gone.check())) == ["HTTR ScR 9.2.9"]
    leg = ferry({**ENG, "A-INF1": "A0409"}, 3).phase(3, "allied_movement").move("A-ENG", "A0510")
    assert rules_broken(last(leg.move("A-INF1", "A0410").check())) == ["HTTR ScR 9.2.10"]


def german(*rolls: int, leader: bool = True) -> list:
    """G-INF1 crosses the Allied ferry (built on GT 3, its engineer gone) in GT 3's German Movement Phase."""
    setup = {**ENG, "G-INF1": "A0409", **({"G-LDR": "A0409"} if leader else {})}
    log = ferry(setup, 3).phase(3, "allied_movement").move("A-ENG", "A0510").phase(3, "german_movement")
    for r in rolls:
        log.roll("Ferry Use", r // 2, r - r // 2)
    return last(log.move("G-INF1", "A0410").check())


def test_the_other_side_crosses_with_a_leader_and_a_roll():  # FRY-3, ScR 9.2.16 (L1377)
    assert not ferry_rules(german(5))
    assert ferry_rules(german(6)) == ["HTTR ScR 9.2.16"]
    assert ferry_rules(german()) == ["HTTR ScR 9.2.16"]
    assert ferry_rules(german(5, leader=False)) == ["HTTR ScR 9.2.16"]


def test_a_ferry_on_the_map_at_the_start_is_of_unknown_state():  # FRY-3: the marker's face is not read
    log = Log({**ENG, "A-TANK": "A0409"}).marker("f1", "Ferry Under Construction", "A0410")
    v = last(log.phase(3, "allied_movement").move("A-TANK", "A0410").check())
    assert not illegal(v) and any("ferry's state" in x.needs for x in unsure(v))
    upgraded = Log({**ENG, "A-TANK": "A0409"}).marker("f2", "Vehicular-Capable Ferry", "A0410")
    assert not illegal(last(upgraded.phase(3, "allied_movement").move("A-TANK", "A0410").check()))


def test_the_bundled_engineers_are_not_known():  # FRY-3 on the bundled data: no engineer's strength is transcribed
    httr = load_game("highway-to-the-reich")
    eng = next((u for u, x in sorted(httr.units.items()) if x.side == "german" and x.type.lower() == "engineer"), None)
    setup = {eng: ("A1050", CONC)} if eng else {}
    marker = "Ferry Under Construction / Light-Capable Ferry"
    v = last(Log(setup, httr).phase(2, "german_command").place("f1", marker, "A1050").check())
    assert not illegal(v) and unsure(v), v
    rolled = Log(setup, httr).phase(2, "german_command").place("f1", marker, "A1050").phase(3, "german_command")
    v = last(rolled.roll("Ferry Construction", 4).check())
    assert not illegal(v) and any("strength" in x.needs for x in unsure(v)), v
