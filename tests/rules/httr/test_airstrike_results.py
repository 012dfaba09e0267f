"""HTTR airstrike results (ScR 7.3.2, 7.4) on the synthetic game, whose tables/airstrike_grid.toml gives, for an
Airstrike roll of 7: Travel 1, Concentrated D, Defilade 1*, Defilade in city or forest '-'. The strikes are the
Allies' in GT 8 (a clear day), observed from A-INF1 (B0304) or A-TANK (B0209)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, rules_broken, unsure
from tests.rules.httr.test_airstrikes import STRIKE
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

OPEN = {"A-INF1": "B0304"}  # G-INF1 or G-AFV stands in B0305 (clear)


def struck(setup: dict, h: str, *steps, **readings: str) -> list:
    """All verdicts of a Fire Phase with one strike on ``h`` rolling 7 on the ABT, ``steps`` after it."""
    log = Log(setup).phase(8, "allied_fire").place("as", STRIKE, h).roll("Airstrike Check", 3).roll("Airstrike", 4, 3)
    for s in steps:
        s(log)
    report = log.phase(8, "allied_movement").check(**readings)
    return [v for j in report.judged for v in j.verdicts]


def disrupt(u: str):
    return lambda log: log.layer(u, "Disrupted", "Normal", "Disrupted")


def move(u: str, h: str):
    return lambda log: log.move(u, h)


def at(u: str, mode: str, h: str = "B0305") -> dict:
    return {**OPEN, u: (h, {"Mode": mode})}


def test_the_result_is_read_in_the_targets_mode_and_terrain_column():  # AS-10, ScR 7.3.2 (L1284)
    forest = {"A-TANK": "B0209"}
    # Concentrated in forest: the grid has no forest column for it, so the Concentrated column's D
    assert not illegal(struck({**forest, "G-INF2": ("B0208", {"Mode": "Concentrated"})}, "B0208",
                              disrupt("G-INF2"), move("G-INF2", "B0207")))
    # Defilade in forest: its own column gives '-', so the same disruption and retreat contradict the table
    assert rules_broken(struck({**forest, "G-INF2": ("B0208", {"Mode": "Defilade"})}, "B0208",
                               disrupt("G-INF2"), move("G-INF2", "B0207"))) == ["HTTR ScR 7.3.2"]


def test_the_bundled_game_lacks_the_abt_grid():  # AS-10/AS-11: the bundled ABT gives results, not the grid
    log = Log({"107PzB": "C1010", "501/101": "C2020"}, BUNDLED).phase(1, "allied_fire").place("a", STRIKE, "C1010")
    verdicts = log.roll("Airstrike Check", 3).roll("Airstrike", 4, 3).check().judged[-1].verdicts
    assert any("Airstrike Bombardment Table grid" in v.needs for v in unsure(verdicts))


def test_d_disrupts_and_retreats_one_hex():  # AS-11, ScR 7.4 (L1288)
    assert not illegal(struck(at("G-INF1", "Concentrated"), "B0305", disrupt("G-INF1"), move("G-INF1", "B0306")))
    assert rules_broken(struck(at("G-INF1", "Concentrated"), "B0305", disrupt("G-INF1"))) == ["HTTR ScR 7.4"]
    assert rules_broken(struck(at("G-INF1", "Concentrated"), "B0305", move("G-INF1", "B0306"))) == ["HTTR ScR 7.4"]
    two_away = struck(at("G-INF1", "Concentrated"), "B0305", disrupt("G-INF1"), move("G-INF1", "B0307"))
    assert "HTTR ScR 7.4" in rules_broken(two_away)


def test_d_on_a_disrupted_target_has_no_effect():  # AS-11, ScR 7.4 (L1288), 7.2.13 (L1281)
    already = {**OPEN, "G-INF1": ("B0305", {"Mode": "Concentrated", "Disrupted": "Disrupted"})}
    assert not illegal(struck(already, "B0305"))


def test_a_one_disrupts_without_retreat():  # AS-11, ScR 7.4 (L1290)
    assert not illegal(struck(at("G-INF1", "Travel"), "B0305", disrupt("G-INF1")))
    assert rules_broken(struck(at("G-INF1", "Travel"), "B0305")) == ["HTTR ScR 7.4"]
    assert rules_broken(struck(at("G-INF1", "Travel"), "B0305", disrupt("G-INF1"), move("G-INF1", "B0306"))) \
        == ["HTTR ScR 7.4"]


def test_one_star_is_a_d_for_armor_and_a_one_for_others():  # AS-11, ScR 7.4 (L1289) vs 7.2.13 (L1281)
    assert not illegal(struck(at("G-INF1", "Defilade"), "B0305", disrupt("G-INF1")))  # infantry: as a 1
    assert rules_broken(struck(at("G-AFV", "Defilade"), "B0305", disrupt("G-AFV"))) == ["HTTR ScR 7.4"]  # as a D
    assert not illegal(struck(at("G-AFV", "Defilade"), "B0305", disrupt("G-AFV"), move("G-AFV", "B0306")))
    assert not illegal(struck(at("G-AFV", "Defilade"), "B0305", disrupt("G-AFV"),
                              airstrike_armor_retreat="no_retreat"))
