"""HTTR entrenchments (SR 12.1.3-12.1.4, 18.4.3) on the synthetic game: an Entrenchment marker placed is a finished
entrenchment, one taken off a removal. A-ENG is a combat engineer company of 4 SP (units.csv)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken, unsure

ENT = "Entrenchment"


def through_turns(log: Log, last_turn: int, first: int = 1) -> Log:
    """The Allied Command Phase of each GT from ``first`` to ``last_turn``."""
    for t in range(first, last_turn + 1):
        log.phase(t, "allied_command")
    return log


def test_engineers_build_in_three_undisturbed_turns():  # ENT-4, SR 18.4.3.1 (L925)
    setup = {"A-ENG": "B0303", "G-INF1": "B0306"}
    built = through_turns(Log(setup), 4).place("e1", ENT, "B0303").check()
    assert all_legal(last(built)) and "A-ENG" in last(built)[0].detail
    early = through_turns(Log(setup), 3).place("e1", ENT, "B0303").check()  # two GTs only
    assert rules_broken(last(early)) == ["HTTR SR 18.4.3.1"]
    moved = Log(setup).phase(1, "allied_command").phase(2, "allied_movement").move("A-ENG", "B0302") \
        .move("A-ENG", "B0303")
    assert rules_broken(last(through_turns(moved, 4, 3).place("e1", ENT, "B0303").check())) == ["HTTR SR 18.4.3.1"]
    defilade = {"A-ENG": ("B0303", {"Mode": "Defilade"}), "G-INF1": "B0306"}
    assert rules_broken(last(through_turns(Log(defilade), 4).place("e1", ENT, "B0303").check())) == \
        ["HTTR SR 18.4.3.1"]
    nobody = through_turns(Log({"A-INF1": "B0303"}), 4).place("e1", ENT, "B0303").check()
    assert rules_broken(last(nobody)) == ["HTTR SR 18.4.3.1"]  # no engineers


def test_building_engineers_never_fire():  # ENT-4, SR 18.4.3.2 (L926)
    setup = {"A-ENG": "B0303", "G-INF1": "B0304"}
    log = Log(setup).phase(1, "allied_command").phase(2, "allied_fire").say("df B0304 from A-ENG")
    assert rules_broken(last(through_turns(log, 4, 3).place("e1", ENT, "B0303").check())) == ["HTTR SR 18.4.3.1"]


def test_a_build_placed_outside_the_command_phase():  # ENT-4, SR 18.4.3.1: completed in the Command Phase
    log = through_turns(Log({"A-ENG": "B0303"}), 4).phase(4, "allied_movement").place("e1", ENT, "B0303")
    assert rules_broken(last(log.check())) == ["HTTR SR 18.4.3.1"]


def test_a_build_begun_before_the_log_is_not_checkable():  # ENT-4
    v = last(through_turns(Log({"A-ENG": "B0303"}), 4, first=2).place("e1", ENT, "B0303").check())
    assert unsure(v) and "before the log began" in unsure(v)[0].needs and not rules_broken(v)


def test_the_owner_removes_an_entrenchment_in_his_command_phase():  # ENT-3, SR 12.1.3 (L687)
    def remove(phase: str) -> list:
        return last(Log({"A-INF1": "B0303"}).marker("e1", ENT, "B0303").phase(1, phase)
                    .remove("e1", ENT, "B0303").check())
    assert all_legal(remove("allied_command"))
    assert rules_broken(remove("allied_movement")) == ["HTTR SR 12.1.3"]
    assert rules_broken(remove("german_command")) == ["HTTR SR 12.1.3"]


def test_an_enemy_occupying_the_hex_removes_the_entrenchment():  # ENT-3, SR 12.1.4 (L687)
    def occupy() -> Log:
        return Log({"A-INF1": "B0303", "G-INF1": "B0305"}).marker("e1", ENT, "B0303") \
            .phase(1, "allied_movement").move("A-INF1", "B0302").phase(1, "german_movement").move("G-INF1", "B0303")
    taken = occupy().remove("e1", ENT, "B0303").phase(1, "german_organization").check()
    assert all(all_legal(j.verdicts) for j in taken.judged[1:])
    kept = occupy().phase(1, "german_organization").check()
    g_move = next(j for j in kept.judged if getattr(j.event, "piece", None) and j.event.piece.unit == "G-INF1")
    assert rules_broken(g_move.verdicts) == ["HTTR SR 12.1.4"]
