"""The effects of optional Fatigue (SR 21.5.4, L1031; setting ``optional_fatigue``) on the synthetic game: a unit whose
Fatigue layer shows Fatigued (set up so, as a save begun mid-scenario shows it) has one less morale and half its
strength (rounded up) in fire and close action, and a fatigued engineer neither ferries nor builds entrenchments.
With the setting off the same logs are judged as without fatigue. Each test names OPT-3, the predicate."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken
from tests.rules.httr.test_entrench import through_turns

TIRED = {"Fatigue": "Fatigued"}
ON = {"optional_fatigue": "on"}


def tired(h: str, **layers: str) -> tuple[str, dict]:
    return h, {**TIRED, **layers}


def fired(setup: dict, line: str, dice: tuple[int, int], *steps, side: str = "allied", **readings: str) -> list:
    """The fire roll's verdicts once the Fire Phase ended, after ``steps`` (functions of the log)."""
    log = Log(setup).phase(1, f"{side}_fire").say(line)
    log.roll("Indirect Fire" if line.startswith("if") else "Direct Fire", *dice)
    for s in steps:
        s(log)
    return log.phase(1, f"{side}_movement").check(**readings).judged[2].verdicts


def detail(verdicts: list) -> str:
    return " ".join(v.detail or "" for v in verdicts if getattr(v, "detail", None))


def test_a_fatigued_firer_fires_at_half_strength():  # OPT-3, SR 21.5.4 (L1031) through fire._firer (DF-12)
    # A-INF1 (5 SP, ER 5) at G-INF1 in the clear B0304, 2d6 3: fire value 5 is DEF, so G-INF1 staying Concentrated
    # breaks SR 6.7.2; fatigued, 3 SP (5/2 rounded up) have fire value 4, where 3 does nothing
    line = "df B0304 from A-INF1 target G-INF1"
    setup = {"G-INF1": "B0304", "A-INF1": tired("B0303")}
    halved = fired(setup, line, (1, 2), **ON)
    assert "of 3 SP at ER 5: fire value 4" in detail(halved) and all_legal(halved)
    fresh = fired({"G-INF1": "B0304", "A-INF1": "B0303"}, line, (1, 2), **ON)
    assert "of 5 SP" in detail(fresh) and rules_broken(fresh) == ["HTTR SR 6.7.2"]
    off = fired(setup, line, (1, 2))
    assert "of 5 SP" in detail(off) and rules_broken(off) == ["HTTR SR 6.7.2"]


def test_a_fatigued_afv_is_halved_before_it_is_doubled():  # OPT-3, SR 21.5.4 (L1031), 6.3.3.1 (L208)
    # reading: the printed strength is halved (A-TANK 2 SP -> 1), then doubled for an AFV: 2 SP, not 4
    got = fired({"G-INF1": "B0304", "A-TANK": tired("B0303")}, "df B0304 from A-TANK target G-INF1", (1, 1), **ON)
    assert "of 2 SP at ER 5" in detail(got)
    assert "of 4 SP at ER 5" in detail(fired({"G-INF1": "B0304", "A-TANK": tired("B0303")},
                                             "df B0304 from A-TANK target G-INF1", (1, 1)))


def test_fatigue_can_make_a_minimal_fire_attack():  # OPT-3, SR 21.5.4 (L1031) with DF-14, SR 6.3.5.3 (L225)
    # G-TIRED: 2 SP at ER 1 has fire value 1 (2d6 2: no effect); fatigued, 1 SP has fire value 0, a Minimal Fire
    # Attack, where a 2 calls for the target's morale check (A-INF1, morale 8: 12 fails, a loss: Defilade)
    setup = {"G-TIRED": tired("B0304"), "A-INF1": "B0303"}
    line = "df B0303 from G-TIRED target A-INF1"
    unchecked = fired(setup, line, (1, 1), side="german", **ON)
    assert rules_broken(unchecked) == ["HTTR SR 6.3.5.3"]
    checked = fired(setup, line, (1, 1), lambda log: log.roll("Morale Check", 6, 6),
                    lambda log: log.mode("A-INF1", "Defilade", "Concentrated"), side="german", **ON)
    assert all_legal(checked) and "Minimal Fire Attack of 1 SP" in detail(checked)
    off = fired(setup, line, (1, 1), side="german")
    assert all_legal(off) and "of 2 SP at ER 1: fire value 1" in detail(off)


SPOT = {"GB-6GH-D": "B0202"}
IF_LINE = "if B0303 from GB-HW spotter GB-6GH-D target G-3SS"


def test_a_fatigued_if_firer_fires_at_half_strength():  # OPT-3, SR 21.5.4 (L1031) through fire_values.if_firer
    # H22's GB-HW (6 SP, ER 7) through spotter GB-6GH-D at G-3SS in B0303, 2d6 3: fire value 7, a loss, so G-3SS
    # staying Concentrated without a morale check breaks SR 6.7.7; fatigued, GB-HW fires 3 SP at fire value 5,
    # where 3 is DEF: staying Concentrated breaks SR 6.7.2, Defilade is legal
    setup = {**SPOT, "G-3SS": "B0303", "GB-HW": tired("B0201")}
    on = fired(setup, IF_LINE, (2, 1), **ON)
    assert "IF of 3 SP at ER 7: fire value 5" in detail(on) and rules_broken(on) == ["HTTR SR 6.7.2"]
    assert all_legal(fired(setup, IF_LINE, (2, 1), lambda log: log.mode("G-3SS", "Defilade", "Concentrated"), **ON))
    off = fired(setup, IF_LINE, (2, 1))
    assert "IF of 6 SP at ER 7: fire value 7" in detail(off) and rules_broken(off) == ["HTTR SR 6.7.7"]


def test_a_fatigued_unit_checks_morale_one_lower():  # OPT-3, SR 21.5.4 (L1031) through effects.morale_check (MOR-1)
    # GB-HW's IF at G-3SS (morale 4), 2d6 3: a loss; a morale check of 4 passes (G-3SS may stay Concentrated,
    # SR 6.7.7), but fatigued its morale is 3: the check fails and staying Concentrated breaks SR 6.7.7
    setup = {**SPOT, "GB-HW": "B0201", "G-3SS": tired("B0303")}
    check = lambda log: log.roll("Morale Check", 2, 2)  # noqa: E731
    stays = fired(setup, IF_LINE, (2, 1), check, **ON)
    assert rules_broken(stays) == ["HTTR SR 6.7.7"]
    gives = fired(setup, IF_LINE, (2, 1), check, lambda log: log.mode("G-3SS", "Defilade", "Concentrated"), **ON)
    assert all_legal(gives)
    assert all_legal(fired(setup, IF_LINE, (2, 1), check))  # the rule off: morale 4, passed


def ca(setup: dict, roll: int, *after, **readings: str) -> list:
    log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", roll)
    for s in after:
        s(log)
    return last(log.check(**readings))


def test_a_fatigued_defender_defends_at_half_strength():  # OPT-3, SR 21.5.4 (L1031) through close_action.sum_strength
    # A-INF1 (5 SP) against G-INF1 (3 SP): 5:3 is 1:1, where 1d6 5 is '-' and a retreat breaks SR 10.5.1; fatigued,
    # G-INF1 has 2 SP and one less morale: 5:2 is 2:1, where 5 is D and it retreats
    from hexforge.rules.httr.values import ca_value
    from tests.rules.httr.helpers import game
    setup = {"G-INF1": tired("B0304"), "A-INF1": "B0303"}
    value = ca_value(game(), "open", 5 - 2, 8 - (4 - 1), adjacent_start=True)  # SR 21.5.4: morale 4 - 1
    resolved = ca(setup, 5, **ON)
    assert f"CA value {value}, odds 5:2 = 2:1" in resolved[0].detail and "result D" in resolved[0].detail
    retreat = lambda log: log.move("G-INF1", "B0305")  # noqa: E731
    assert not illegal(ca(setup, 5, retreat, **ON))
    assert rules_broken(ca({"G-INF1": "B0304", "A-INF1": "B0303"}, 5, retreat, **ON)) == ["HTTR SR 10.5.1"]
    assert rules_broken(ca(setup, 5, retreat)) == ["HTTR SR 10.5.1"]  # the rule off: 5:3


def test_a_fatigued_attacker_attacks_at_half_strength():  # OPT-3, SR 21.5.4 (L1031): the CA odds' attacker side
    got = ca({"G-INF1": "B0304", "A-INF1": tired("B0303")}, 4, **ON)
    assert "odds 3:3" in got[0].detail
    assert "odds 5:3" in ca({"G-INF1": "B0304", "A-INF1": tired("B0303")}, 4)[0].detail


def test_a_fatigued_lead_attacker_has_one_less_morale():  # OPT-3, SR 21.5.4 (L1031): the CA value (CA-19, SR 10.3)
    # A-INF3 (5 SP, ER 4, morale 7) against G-INF2 (3 SP, ER 4, morale 7): morale differential 0, CA value 6, where
    # 1d6 4 at 1:1 is D; fatigued, morale 6 (differential -1): CA value 5, where 4 is '-' and a retreat breaks
    # SR 10.5.1 (the odds stay 1:1 at 3:3)
    setup = {"G-INF2": "B0304", "A-INF3": tired("B0303")}
    retreat = lambda log: log.move("G-INF2", "B0305")  # noqa: E731
    on = ca(setup, 4, **ON)
    assert "CA value 5, odds 3:3 = 1:1, 1d6 4: result -" in on[0].detail
    assert rules_broken(ca(setup, 4, retreat, **ON)) == ["HTTR SR 10.5.1"]
    assert "CA value 6, odds 5:3" in ca(setup, 4)[0].detail and not illegal(ca(setup, 4, retreat))  # the rule off


FERRY = {"A-BENG": tired("A0601"), "A-INF5": "A0601"}


def ferried(setup: dict, *steps: tuple[str, str], **readings: str) -> list:
    log = Log(setup).phase(1, "allied_movement")
    for u, to in steps:
        log.move(u, to)
    return log.check(**readings).judged[-1].verdicts


def test_a_fatigued_bridge_engineer_ferries_no_one():  # OPT-3, SR 21.5.4 (L1031) with FRY-1, ScR 9.1.1 (L1354)
    assert rules_broken(ferried(FERRY, ("A-INF5", "A0501"), **ON)) == ["HTTR SR 21.5.4"]
    assert all_legal(ferried({**FERRY, "A-BENG2": "A0601"}, ("A-INF5", "A0501"), **ON))  # a rested engineer there
    assert all_legal(ferried(FERRY, ("A-INF5", "A0501")))  # the rule off
    assert rules_broken(ferried(FERRY, ("A-BENG", "A0501"), **ON)) == ["HTTR SR 21.5.4"]  # nor itself (9.1.4)
    assert all_legal(ferried(FERRY, ("A-BENG", "A0501")))


def test_a_fatigued_bridge_engineer_is_not_charged():  # OPT-3, SR 21.5.4 with FRY-2, ScR 9.1.2 (L1355)
    # A-BENG (fatigued) and A-BENG2 (2 SP): A-INF5 and A-INF6 (2 SP each) cannot both cross on A-BENG2 alone;
    # with the rule off the two engineers' 4 SP carry both
    setup = {**FERRY, "A-BENG2": "A0601", "A-INF6": "A0601"}
    assert rules_broken(ferried(setup, ("A-INF5", "A0501"), ("A-INF6", "A0501"), **ON)) == ["HTTR ScR 9.1.2"]
    assert all_legal(ferried(setup, ("A-INF5", "A0501"), ("A-INF6", "A0501")))


PANNERDEN = {"A-ENG": ("A0410", {"Mode": "Concentrated", **TIRED}), "A-INF1": "A0409"}


def across(setup: dict, **readings: str) -> list:
    """The Pannerden ferry begun in GT 2, built on a 3 in GT 3; A-INF1 crosses in GT 3's Allied Movement Phase."""
    log = Log(setup).phase(2, "allied_command").place("f1", "Ferry Under Construction", "A0410")
    log.phase(3, "allied_command").roll("Ferry Construction", 3).phase(3, "allied_movement").move("A-INF1", "A0410")
    return last(log.check(**readings))


def test_a_fatigued_engineer_carries_no_one_across_the_permanent_ferry():  # OPT-3, SR 21.5.4 with FRY-3, ScR 9.2.10
    assert rules_broken(across(PANNERDEN, **ON)) == ["HTTR SR 21.5.4"]
    assert not illegal(across({**PANNERDEN, "GB-ENG": "A0409"}, **ON))  # a rested engineer at the ferry
    assert not illegal(across(PANNERDEN))  # the rule off


def test_a_fatigued_engineer_may_build_the_permanent_ferry():  # OPT-3: reading, ScR 9.2 is no bridge (SR 21.5.4)
    log = Log(PANNERDEN).phase(2, "allied_command").place("f1", "Ferry Under Construction", "A0410")
    assert not illegal(last(log.check(**ON)))


def test_fatigued_engineers_build_no_entrenchment():  # OPT-3, SR 21.5.4 (L1031) with ENT-4, SR 18.4.3.1 (L925)
    setup = {"A-ENG": tired("B0303"), "G-INF1": "B0306"}
    built = lambda s, **r: last(through_turns(Log(s), 4).place("e1", "Entrenchment", "B0303").check(**r))  # noqa: E731
    assert rules_broken(built(setup, **ON)) == ["HTTR SR 21.5.4"]
    assert all_legal(built({**setup, "GB-ENG": "B0303"}, **ON))  # GB-ENG's 5 rested SP build it
    assert all_legal(built(setup))  # the rule off



def test_the_effects_last_while_the_marker_is_on():  # OPT-3, SR 21.5.4-21.5.5 (L1031-L1032)
    # A-INF1 moves in both night GTs 13 and 14 and is marked (SR 21.5.1); in GT 15 it fires 3 SP; its marker off in
    # GT 15's Organization Phase after a rested GT, it fires 5 SP in GT 16
    def night() -> Log:
        return Log({"A-INF1": "B0101", "G-INF1": "B0104"}).phase(13, "allied_movement").move("A-INF1", "B0102") \
            .phase(14, "allied_movement").move("A-INF1", "B0103").layer("A-INF1", "Fatigue", "1", " Fatigued")

    def roll_detail(log: Log, turn: int) -> str:
        log.phase(turn, "allied_fire").say("df B0104 from A-INF1 target G-INF1").roll("Direct Fire", 3, 4)
        return detail(log.check(**ON).judged[-1].verdicts)
    assert "of 3 SP at ER 5" in roll_detail(night(), 15)
    rested = night().phase(15, "allied_organization").layer("A-INF1", "Fatigue", " Fatigued", "1")
    assert "of 5 SP at ER 5" in roll_detail(rested, 16)


def test_a_fatigued_unit_recovers_on_its_lower_morale():  # OPT-3, SR 21.5.4 (L1031) through recovery (DIS-2, 10.6.4)
    # A-INF1 (morale 8) disrupted, in supply: 2d6 8 passes; fatigued its morale is 7 and 8 fails
    chain = {"A-CORPS": "B0105", "A-DIV": "B0205", "A-REG1": "B0301"}

    def recovered(layers: dict, **readings: str) -> list:
        log = Log({"A-INF1": ("B0303", layers), **chain}).phase(1, "allied_command").roll("Morale Check", 4, 4)
        return last(log.layer("A-INF1", "Disrupted", "Disrupted", "Normal").check(**readings))
    assert rules_broken(recovered({"Disrupted": "Disrupted", **TIRED}, **ON)) == ["HTTR SR 10.6.4"]
    assert all_legal(recovered({"Disrupted": "Disrupted", **TIRED}))  # the setting off: morale 8
    assert all_legal(recovered({"Disrupted": "Disrupted"}, **ON))
