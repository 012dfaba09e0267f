"""HTTR's permanent ferry (ScR 9.2, FRY-3) on the synthetic game: an Allied ferry joins B0607 and B0608 and is built
from B0608; A-ENG is an engineer of 4 SP, A-TANK a vehicular unit of 2 SP, G-LDR a German leader."""
from __future__ import annotations

from hexforge.games import load_game
from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure

CONC = {"Mode": "Concentrated"}


def build(setup: dict, phase: str = "allied_command", h: str = "B0608") -> list:
    return last(Log(setup).phase(2, phase).place("f1", "Ferry Under Construction", h).check())


def test_construction_begins_with_a_concentrated_engineer():  # FRY-3 legal, ScR 9.2.1-9.2.2, 9.2.4 (L1362-L1365)
    assert not illegal(build({"A-ENG": ("B0608", CONC)}))


def test_construction_needs_its_hex_phase_and_engineer():  # FRY-3 illegal
    assert rules_broken(build({"A-ENG": ("B0608", CONC)}, "allied_fire")) == ["HTTR ScR 9.2.1"]
    assert rules_broken(build({"A-ENG": ("B0607", CONC)}, h="B0607")) == ["HTTR ScR 9.2.1"]
    assert rules_broken(build({"A-ENG": ("B0608", {"Mode": "Defilade"})})) == ["HTTR ScR 9.2.2"]
    assert rules_broken(build({"A-INF1": ("B0608", CONC)})) == ["HTTR ScR 9.2.2"]


def crossings(setup: dict, *units: str) -> list:
    log = Log(setup).phase(2, "allied_movement")
    for u in units:
        log.move(u, "B0608")
    return last(log.check())


def test_two_leg_companies_cross_a_turn():  # FRY-3, ScR 9.2.8 (L1369)
    three = {"A-INF1": "B0607", "A-INF2": "B0607", "A-INF5": "B0607"}
    assert not illegal(crossings(three, "A-INF1", "A-INF2"))
    assert rules_broken(crossings(three, "A-INF1", "A-INF2", "A-INF5")) == ["HTTR ScR 9.2.8"]


def test_non_leg_units_need_an_engineer_at_the_ferry():  # FRY-3, ScR 9.2.9 (L1370)
    assert not illegal(crossings({"A-TANK": "B0607", "A-ENG": "B0608"}, "A-TANK"))
    assert rules_broken(crossings({"A-TANK": "B0607"}, "A-TANK")) == ["HTTR ScR 9.2.9"]


def test_the_other_side_crosses_with_a_leader():  # FRY-3, ScR 9.2.16 (L1377)
    def german(setup: dict) -> list:
        return last(Log(setup).phase(2, "german_movement").move("G-INF1", "B0608").check())
    assert "HTTR ScR 9.2.16" not in rules_broken(german({"G-INF1": "B0607", "G-LDR": "B0607"}))
    assert "HTTR ScR 9.2.16" in rules_broken(german({"G-INF1": "B0607"}))


def test_the_bundled_engineers_are_not_known():  # FRY-3 on the bundled data: no engineer's strength is transcribed
    httr = load_game("highway-to-the-reich")
    eng = next((u for u, x in sorted(httr.units.items()) if x.side == "german" and x.type.lower() == "engineer"), None)
    setup = {eng: ("A1050", CONC)} if eng else {}
    v = last(Log(setup, httr).phase(2, "german_command").place("f1", "Ferry Under Construction / Light-Capable Ferry",
                                                                "A1050").check())
    assert not illegal(v) and unsure(v), v
