"""HTTR artillery control distances by subordination (SR 6.5.2.1, 17.5.1, 17.5.3-17.5.5) and OF at ferried units
(ScR 9.3.1) on the synthetic game; the bundled game's artillery of an unknown HQ is not checkable.
Each test names its predicate (IF-7, DF-12)."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.verdict import NotCheckable

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken

TARGET = {"G-INF1": "B0506"}


def fire(setup: dict, line: str, **readings: str) -> list:
    return last(Log({**TARGET, **setup}).phase(1, "allied_fire").say(line).check(**readings))


REGIMENT = {"A-INF1": "B0406", "A-ART3": ("B0103", {"Mode": "Defilade"})}
REG_LINE = "if B0506 from A-ART3 spotter A-INF1 hq A-REG1"


def test_a_regiments_artillery_is_stacked_with_or_adjacent_to_its_regimental_hq():  # IF-7, SR 17.5.3 (L859)
    """A-ART3 is subordinate to regiment A-REG1: adjacent to it, it fires; two hexes away it does not, though 6.5.2.1's
    two hexes (reading artillery_control within_two) would let a division's artillery fire there."""
    assert all_legal(fire({**REGIMENT, "A-REG1": "B0104"}, REG_LINE))
    assert all_legal(fire({**REGIMENT, "A-REG1": "B0103"}, REG_LINE))  # stacked
    assert rules_broken(fire({**REGIMENT, "A-REG1": "B0105"}, REG_LINE)) == ["HTTR SR 17.5.3"]


def test_a_divisions_artillery_keeps_the_two_hexes_of_the_reading():  # IF-7, SR 6.5.2.1 (L302), 17.5.1 (L857)
    setup = {"A-INF1": "B0406", "A-ART": ("B0101", {"Mode": "Defilade"}), "A-DIV": "B0103"}
    line = "if B0506 from A-ART spotter A-INF1 hq A-DIV"
    assert all_legal(fire(setup, line))
    assert rules_broken(fire(setup, line, artillery_control="adjacent")) == ["HTTR SR 6.5.2.1"]


BATTALION = {"A-BN1-A": "B0406", "A-ART6": ("B0101", {"Mode": "Defilade"})}
BN_LINE = "if B0506 from A-ART6 spotter A-BN1-A hq A-BN1"


def test_a_battalions_artillery_is_within_three_hexes_of_its_battalion():  # IF-7, SR 17.5.4 (L860)
    """A-ART6 is subordinate to battalion A-BN1 (its company A-BN1-A spots, 7 hexes away): within three hexes of the
    battalion's HQ counter it fires; with every unit of the battalion four or more hexes away it does not, nor does
    the HQ's distance count as 6.5.2.1's two hexes."""
    assert all_legal(fire({**BATTALION, "A-BN1": "B0104"}, BN_LINE))  # three hexes
    assert rules_broken(fire({**BATTALION, "A-BN1": "B0105"}, BN_LINE)) == ["HTTR SR 17.5.4"]  # four hexes


def test_artillery_observing_its_own_target_needs_no_hq_nearby():  # IF-7, SR 17.5.5 (L861)
    """A-ART3 in B0406 observes G-INF1 beside it: self-observed, its regimental HQ four hexes away does not matter;
    spotted by A-INF1 in the same hex, it does."""
    setup = {"A-ART3": ("B0406", {"Mode": "Defilade"}), "A-INF1": "B0406", "A-REG1": "B0402"}
    assert all_legal(fire(setup, "if B0506 from A-ART3 spotter A-ART3 hq A-REG1"))
    assert rules_broken(fire(setup, "if B0506 from A-ART3 spotter A-INF1 hq A-REG1")) == ["HTTR SR 17.5.3"]


def test_bundled_artillery_of_an_unknown_hq_is_not_checkable():  # IF-7: II/159/59's formation '59' has no HQ unit
    g = load_game("highway-to-the-reich")
    log = Log({"II/159/59": ("A1520", {"Mode": "Defilade"}), "1036/59": "A1521", "G": "A1523"}, g)
    vs = last(log.phase(1, "german_fire").say("if A1523 from II/159/59 spotter 1036/59 hq 1036/59").check())
    assert any(isinstance(v, NotCheckable) and "level of the HQ artillery unit II/159/59" in v.needs for v in vs)
    assert not any("17.5" in r or r == "HTTR SR 6.5.2.1" for r in rules_broken(vs))


def of_at(unit: str, trigger: str, *after) -> list:
    """A-INF2 (4 SP, ER 5) fires OF at ``unit`` in Defilade in clear B0304 as it crosses to B0305, 2d6 7 (the ferry's
    ER 6, ScR 9.3.3: fire value 5, where 7 is a loss of 1 on the lowermost line, DEF on its Defilade line)."""
    log = Log({"A-INF2": "B0303", unit: ("B0304", {"Mode": "Defilade"})}).phase(1, "german_movement")
    log.say(f"of B0304 from A-INF2 target {unit} trigger {trigger}").roll("Direct Fire", 4, 3)
    for step in after:
        step(log)
    log.move(unit, "B0305")
    return [v for j in log.phase(1, "german_organization").check().judged[1:] for v in j.verdicts]


def details(vs: list) -> str:
    return " ".join(getattr(v, "detail", None) or "" for v in vs)


def test_a_ferried_unit_is_fired_at_in_its_ferry_mode_not_its_own():  # DF-12, ScR 9.3.1 (L1380), SR 6.1.11
    """G-INF1 in Defilade being ferried is a Concentrated target, G-ART (artillery) one in Travel Mode: both read the
    terrain line (a loss of 1), not the Defilade line. Legal: the ferried G-ART owes no morale check; illegal: the
    same fire as G-ART leaves its hex by land reads the Defilade line, DEF, and G-ART checks no morale (SR 6.7.6)."""
    inf = of_at("G-INF1", "ferry")
    assert "at ER 6: fire value 5, 2d6 7 on the lowermost line: 1" in details(inf) and not illegal(inf)
    gun = of_at("G-ART", "ferry")
    assert "on the lowermost line: 1" in details(gun) and not illegal(gun)
    land = of_at("G-ART", "leave")
    assert "lowermost line (defilade): DEF" in details(land) and rules_broken(land) == ["HTTR SR 6.7.6"]


def test_a_ferried_unit_of_unknown_type_is_not_checkable():  # DF-12, ScR 9.3.1: Concentrated or Travel by its type
    log = Log({"G-INF2": "B0303", "A-NOTYPE": ("B0304", {"Mode": "Defilade"})}).phase(1, "allied_movement")
    log.say("of B0304 from G-INF2 target A-NOTYPE trigger ferry").roll("Direct Fire", 4, 3).move("A-NOTYPE", "B0305")
    vs = [v for j in log.phase(1, "allied_organization").check().judged[1:] for v in j.verdicts]
    assert any("whether unit A-NOTYPE has a Concentrated Mode" in (getattr(v, "needs", "") or "") for v in vs)
    assert not illegal(vs)


def test_at_fire_at_a_ferried_unit_takes_its_ferry_mode():  # AT-7: ScR 9.3.1 (L1380), SR 6.4.4
    """A-AT's OF as AT fire at G-AFV in Defilade in clear B0304: being ferried it is a Concentrated target (no -1 for
    Defilade, SR 6.4.4), ATFV 7, so 2d6 7 takes a point; leaving its hex by land it keeps its Defilade, ATFV 6, a miss."""
    def shot(trigger: str) -> str:
        log = Log({"A-AT": "B0303", "G-AFV": ("B0304", {"Mode": "Defilade"})}).phase(1, "german_movement")
        log.say(f"of B0304 from A-AT target G-AFV trigger {trigger}").roll("AT Fire", 4, 3).move("G-AFV", "B0305")
        return details([v for j in log.phase(1, "german_organization").check().judged[1:] for v in j.verdicts])
    assert "ATFV 7, 2d6 7: 1 SP lost" in shot("ferry")
    assert "ATFV 6, 2d6 7: a miss" in shot("leave")
