"""HTTR command point allocation (SR 14.1-14.3) on the synthetic game: each predicate with a legal and an
illegal case. The supply link is the system's supply chain (rules/httr/supply.py), Travel Mode 1 MP a clear hex."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

NEAR = {"A-REG1": "B0305", "A-DIV": ("B0105", {"Mode": "Defilade"}), "A-CORPS": "B0101"}


def allot(setup: dict, *lines: str, phase: str = "allied_command") -> list:
    log = Log(setup).on_track("A-DIV CP", 6).phase(1, phase)
    for line in lines:
        log.say(line)
    return last(log.check())


def test_at_most_two_cp_to_a_subordinate_hq():  # CP-8, SR 14.3.1 (L777)
    assert all_legal(allot(NEAR, "cp A-REG1 1", "cp A-REG1 1"))
    assert rules_broken(allot(NEAR, "cp A-REG1 2", "cp A-REG1 1")) == ["HTTR SR 14.3.1"]


def test_cp_are_allocated_in_the_command_phase():  # SR 4.1 (L125), 14.2
    assert rules_broken(allot(NEAR, "cp A-REG1 1", phase="allied_fire")) == ["HTTR SR 14.3.1"]
    assert rules_broken(allot(NEAR, "cp A-REG1 1", phase="german_command")) == ["HTTR SR 14.3.1"]


def test_the_division_hq_allocates_in_defilade():  # CP-6, SR 14.1.2 (L770)
    assert rules_broken(allot({**NEAR, "A-DIV": ("B0105", {"Mode": "Travel"})}, "cp A-REG1 1")) == ["HTTR SR 14.1.2"]


def test_a_disrupted_hq_neither_gives_nor_receives():  # CP-7, SR 14.1.5 (L773)
    assert rules_broken(allot({**NEAR, "A-REG1": ("B0305", {"Disrupted": "Disrupted"})}, "cp A-REG1 1")) \
        == ["HTTR SR 14.1.5"]
    assert rules_broken(allot({**NEAR, "A-DIV": ("B0105", {"Mode": "Defilade", "Disrupted": "Disrupted"})},
                              "cp A-REG1 1")) == ["HTTR SR 14.1.5"]


def test_the_receiving_hq_traces_supply_to_its_division():  # CP-9, SR 14.3.2 (L778), 13.2.5.1 (12 MP)
    far = {"A-REG1": "A0710", "A-DIV": ("B0101", {"Mode": "Defilade"})}  # 15 hexes
    assert rules_broken(allot(far, "cp A-REG1 1")) == ["HTTR SR 14.3.2"]
    blocked = {**NEAR, "G-INF1": "B0205", "G-INF2": "B0204", "G-INF3": "B0206", "G-AFV": "B0306",
               "G-KG1": "B0304", "G-KG2": "B0404"}
    assert rules_broken(allot(blocked, "cp A-REG1 1")) == ["HTTR SR 14.3.2"]  # ringed by German ZOCs (13.2.2.3)
    # the division itself out of supply still dispenses CP (SR 14.1.4): no corps HQ on the map here
    assert all_legal(allot({"A-REG1": "B0305", "A-DIV": ("B0105", {"Mode": "Defilade"})}, "cp A-REG1 1"))
