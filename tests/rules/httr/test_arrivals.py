"""HTTR units entering and leaving the map (ScR 10.2.2-10.2.3, 10.3, 12.2.1) on the synthetic game. Its sequence: each
GT runs Weather ... German Reaction, the Allied phases, then German Command, Fire, Movement, Organization. Its
off-map areas: 1W along column 01 of sheet B (deactivated on GT 4), 1E along column 10 (never)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken, unsure

START = {"G-INF1": "B0305", "A-INF1": "B0101"}


def entry(phase: str, unit: str = "G-INF2", turn: int = 1) -> list:
    return last(Log(START).phase(1, "allied_movement").phase(turn, phase).enter(unit, "B0310").check())


def test_units_enter_in_their_sides_movement_phases():  # OFF-5, ScR 12.2.1 (L1460)
    assert all_legal(entry("german_movement"))
    assert all_legal(entry("german_reaction", turn=2))  # 'either of its Movement Phases'
    assert rules_broken(entry("german_fire")) == ["HTTR ScR 12.2.1"]
    assert rules_broken(entry("allied_movement", turn=2)) == ["HTTR ScR 12.2.1"]  # the other side's


def test_placements_before_play_are_the_set_up():  # OFF-5: judged as the set-up, not as arrivals
    v = last(Log(START).phase(1, "german_fire").enter("G-INF2", "B0310").check())
    assert not rules_broken(v)
    assert [n.needs for n in unsure(v)] == ["a rule for a placement made before play begins (before the log's first "
                                            "Movement Phase it is taken as the set-up; arrivals after it are judged by "
                                            "ScR 6, 10 and 12)"]  # says why, not "not built yet"


def test_a_unit_that_left_comes_back_after_a_complete_movement_phase():  # OFF-1, OFF-2, ScR 10.2.2-10.2.3
    def back(turn: int, phase: str) -> list:
        log = Log(START).phase(1, "german_movement").leave("G-INF1").phase(turn, phase).enter("G-INF1", "B0310")
        return last(log.check())
    assert rules_broken(back(2, "german_reaction")) == ["HTTR ScR 10.2.3"]  # GT 2's Movement Phase not yet spent
    assert rules_broken(back(2, "german_movement")) == ["HTTR ScR 10.2.3"]
    assert all_legal(back(3, "german_reaction"))
    again = Log(START).phase(1, "german_movement").leave("G-INF1").enter("G-INF1", "B0310").check()
    assert rules_broken(last(again)) == ["HTTR ScR 10.2.2"]  # in the GT it left


def test_a_unit_that_entered_does_not_leave_that_turn():  # OFF-2, ScR 10.2.2 (L1422)
    log = Log(START).phase(1, "german_movement").enter("G-INF2", "B0310").leave("G-INF2")
    assert rules_broken(last(log.check())) == ["HTTR ScR 10.2.2"]
    log = Log(START).phase(1, "german_movement").enter("G-INF2", "B0310").phase(2, "german_movement").leave("G-INF2")
    assert all_legal(last(log.check()))


def test_no_unit_comes_back_from_a_deactivated_area():  # OFF-3, ScR 10.3 (L1433-L1434)
    def back(turn: int, h: str) -> list:
        log = Log(START).phase(1, "german_movement").leave("G-INF1").phase(turn, "german_movement").enter("G-INF1", h)
        return last(log.check())
    assert all_legal(back(3, "B0301"))  # 1W, before its GT 4
    assert rules_broken(back(4, "B0301")) == ["HTTR ScR 10.3"]
    assert all_legal(back(4, "B0310"))  # 1E
    v = back(3, "B0305")  # no area's edge: the synthetic display is transcribed (test_s3_offmap.py, ScR 10.1.4)
    assert rules_broken(v) == ["HTTR ScR 10.1.4"]
