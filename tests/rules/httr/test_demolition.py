"""HTTR bridges blown as the enemy approaches (ScR 9.4-9.5.5, Table 1) on the synthetic game: a trail bridge over the
canal between A0601 and A0502 (may be blown), the raised road's bridge over the stream between A0703 and A0704
(may not); the Bridge Demolition button is the German side's. A-INF1 moves from A0504 to A0503, next to A0502."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.httr.demolition import threshold
from tests.rules.httr.helpers import Log, all_legal, rules_broken

BLOWN = "Destroyed Bridge"


def approach(setup: dict | None = None, to: str = "A0503") -> Log:
    return Log(setup or {"A-INF1": "A0504"}).phase(1, "allied_movement").move("A-INF1", to)


def test_a_roll_when_an_enemy_unit_first_comes_next_to_a_bridge():  # FRY-4, ScR 9.5.2-9.5.3 (L1390-L1391)
    judged = approach().roll("Bridge Demolition", 3, 3).place("b1", BLOWN, "A0601").phase(1, "allied_organization") \
        .check().judged
    assert all(all_legal(j.verdicts) for j in judged) and "destroyed" in judged[2].verdicts[0].detail
    intact = approach().roll("Bridge Demolition", 4, 3).phase(1, "allied_organization").check().judged
    assert all(all_legal(j.verdicts) for j in intact) and "intact" in intact[2].verdicts[0].detail
    held = approach({"A-INF1": "A0504", "G-INF1": "A0601"}).roll("Bridge Demolition", 4, 3).check().judged
    assert "destroyed" in held[2].verdicts[0].detail  # 7 - 1 for a German unit on an end


def test_a_destroyed_bridge_gets_its_marker():  # FRY-4, ScR 9.5.3 (L1391)
    judged = approach().roll("Bridge Demolition", 3, 3).phase(1, "allied_organization").check().judged
    assert rules_broken(judged[2].verdicts) == ["HTTR ScR 9.5.3"]


def test_no_roll_without_an_approach_or_twice():  # FRY-4, ScR 9.5.2 (L1390)
    v = Log({"A-INF1": "A0504"}).phase(1, "allied_movement").roll("Bridge Demolition", 3, 3).check().judged[-1]
    assert rules_broken(v.verdicts) == ["HTTR ScR 9.5.2"]
    twice = approach().roll("Bridge Demolition", 4, 4).move("A-INF1", "A0504").move("A-INF1", "A0503") \
        .roll("Bridge Demolition", 3, 3).check().judged
    assert rules_broken(twice[-1].verdicts) == ["HTTR ScR 9.5.2"]


def test_which_bridges_may_be_blown():  # FRY-5, ScR 9.4-9.5 Table 1 (L1399-L1404): no road bridge over a stream
    v = approach({"A-INF1": "A0605"}, "A0604").roll("Bridge Demolition", 3, 3).check().judged[-1]
    assert rules_broken(v.verdicts) == ["HTTR ScR 9.5.2"]


def test_the_bridge_at_a1826():  # FRY-4, ScR 9.5.5 (L1393): Y, the bundled data's exception
    g = load_game("highway-to-the-reich")
    a1826, a1827 = g.map.hex("A1826"), g.map.hex("A1827")
    assert threshold(g, (a1826, a1827)) == 8
    assert threshold(g, (g.map.hex("A1926"), g.map.hex("A1927"))) == 6
