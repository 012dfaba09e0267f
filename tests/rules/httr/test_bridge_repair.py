"""HTTR destroyed bridges repaired by bridge engineers (ScR 9.6) on the synthetic game: the trail bridge over the
canal between A0601 and A0502 starts destroyed (a Destroyed Bridge marker on A0601); A-BENG and A-BENG2, bridge
engineers of 2 SP each, repair it from A0601; A-CORPS stands on the Allied supply source in B0105 with A-DIV."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

BLOWN = "Destroyed Bridge"
SUPPLIED = {"A-CORPS": "B0105", "A-DIV": ("B0105", {"Mode": "Defilade"})}
CREW = {**SUPPLIED, "A-BENG": "A0601", "A-BENG2": "A0601"}


def repaired(setup: dict, turns: int, *middle) -> list:
    log = Log(setup).marker("b1", BLOWN, "A0601")
    for t in range(1, turns + 1):
        log.phase(t, "allied_command")
        if t == 2:
            for step in middle:
                step(log)
    return last(log.remove("b1", BLOWN, "A0601").check())


def test_six_turns_of_four_sp_of_engineers():  # FRY-6, ScR 9.6.1 (L1397)
    v = repaired(CREW, 7)
    assert all_legal(v) and "A-BENG, A-BENG2" in v[0].detail, v
    assert rules_broken(repaired(CREW, 6)) == ["HTTR ScR 9.6.1"]  # five GTs only
    alone = {k: w for k, w in CREW.items() if k != "A-BENG2"}
    assert rules_broken(repaired(alone, 7)) == ["HTTR ScR 9.6.1"]  # 2 SP


def test_no_enemy_next_to_the_bridge_meanwhile():  # FRY-6, ScR 9.6.2 (L1398)
    setup = {**CREW, "G-INF1": "A0404"}
    near = repaired(setup, 7, lambda log: log.phase(2, "german_movement").move("G-INF1", "A0402"))
    assert rules_broken(near) == ["HTTR ScR 9.6.2"]  # A0402 is next to A0502
    far = repaired(setup, 7, lambda log: log.phase(2, "german_movement").move("G-INF1", "A0405"))
    assert all_legal(far)
