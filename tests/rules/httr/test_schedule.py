"""HTTR reinforcement schedules (ScR 12.1, 12.3.4, 12.6) on the synthetic scenario 'schedule' (its name sorts after
'basic', the set-up tests/rules/vlog.py takes by default): G-INF2 is due in GT 2 at B0310, G-INF3 in GT 3 on the map
edge offmap-1W (B0101..B0701); A-INF5 and A-INF6 (A-REG1's, airborne by its Pathfinder marker) drop in GT 2."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from tests.rules.httr.helpers import Log, illegal, rules_broken, unsure

START = {"A-INF1": "B0101", "G-INF1": "B0705"}


def run(log: Log, scenario: str = "schedule"):
    return HttrReferee(rules_for(log.game, scenario), log.timeline()).run()


def enters(unit: str, h: str, turn: int, setup: dict | None = None) -> list:
    side = "german" if unit.startswith("G-") else "allied"
    log = Log(setup or START).phase(1, "allied_movement").phase(turn, f"{side}_movement").enter(unit, h)
    return run(log).judged[-1].verdicts


def test_a_reinforcement_arrives_in_its_gt_on_its_hex():  # OFF-4 legal, ScR 12.1 (L1459)
    assert not illegal(enters("G-INF2", "B0310", 2))
    assert not illegal(enters("G-INF2", "B0310", 4))  # deferred (ScR 12.2.2)
    assert not illegal(enters("G-INF3", "B0301", 3))  # anywhere on its map edge


def test_a_reinforcement_does_not_come_early_or_elsewhere():  # OFF-4 illegal, ScR 12.1
    assert rules_broken(enters("G-INF2", "B0310", 1)) == ["HTTR ScR 12.1"]
    assert rules_broken(enters("G-INF2", "B0309", 2)) == ["HTTR ScR 12.1"]
    assert rules_broken(enters("G-INF3", "B0305", 3)) == ["HTTR ScR 12.1"]


def test_a_blocked_entry_hex_lets_it_enter_next_to_it():  # OFF-4, ScR 12.3.4 (L1466)
    assert not illegal(enters("G-INF2", "B0309", 2, {**START, "A-INF2": "B0310"}))


def test_a_held_german_unit_enters_from_the_area_abutting_its_hex():  # OFF-5, ScR 12.3.3-12.3.4 (L1465-L1466)
    v = enters("G-INF2", "B0210", 3)  # B0310, its entry hex, is on off-map area 1E's edge, as B0210 is
    assert not illegal(v) and any("area 1E" in (getattr(n, "detail", None) or "") for n in v)
    assert rules_broken(enters("G-INF2", "B0201", 3)) == ["HTTR ScR 12.3.3"]  # area 1W abuts other hexes


PF = ("pf1", "Pathfinder A-REG1", "B0305")


def drop(turn: int, then: int | None = None) -> Log:
    log = Log(START).phase(1, "allied_movement").place(*PF).phase(turn, "allied_movement")
    log.enter("A-INF5", "B0306").enter("A-INF6", "B0306")
    return log.phase(then, "weather") if then else log


def test_airborne_reinforcements_land_in_their_gt():  # OFF-6 legal, ScR 12.6 (L1472)
    report = run(drop(2, then=3))
    assert not [v for j in report.judged for v in illegal(j.verdicts)]


def test_airborne_reinforcements_are_never_delayed():  # OFF-6 illegal, ScR 12.6
    assert rules_broken(run(drop(3)).judged[-1].verdicts) == ["HTTR ScR 12.6"]
    log = Log(START).phase(1, "allied_movement").phase(2, "allied_movement").phase(3, "weather")
    assert rules_broken(run(log).judged[-1].verdicts) == ["HTTR ScR 12.6"]  # GT 2 ended without them


def test_the_bundled_track_is_not_transcribed():  # OFF-4 on the bundled data: scenario 19's codes are unknown
    httr = load_game("highway-to-the-reich")
    unit = next(u for u, x in sorted(httr.units.items()) if x.side == "german")
    log = Log({}, httr).phase(3, "allied_movement").phase(3, "german_movement").enter(unit, "B2808")
    v = run(log, "s19").judged[-1].verdicts
    assert not illegal(v) and any("Game Turn Record Track" in n.needs for n in unsure(v)), v
