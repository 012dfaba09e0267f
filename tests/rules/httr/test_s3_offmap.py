"""OFF-1, OFF-4, OFF-5 (HTTR ScR 10.1-10.2, 12.1-12.3; issue #15's off-map leftovers): a reinforcement held in a
waiting off-map area (10.2.11 against 12.2.1 / 10.1.2: catalogue READINGS ``offmap_wait_reinforcements``), 10.2.11's
warning (the chat line ``offmap AREA``), an entry that breaks several rules flagged under each, and a German unit
held off the map entering by an edge hex of an area the data does not give.

The synthetic game's ``[special.offmap_areas] waits`` is area 3W (German, two turns), standing for 6E; the copies
built here add 3W's edge (sheet A column 01, A0101-A0701) and 2E's (test_defects_offmap.with_areas), and the
scenario ``held-3w``: G-INF2 due in GT 3 on A0301, a hex of 3W's edge. Its sequence runs German Reaction before the
German Movement Phase in each GT."""
from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules import rules_for
from hexforge.rules.httr.catalogue import READINGS
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.httr.releases import entry_place
from hexforge.rules.verdict import Illegal, Legal
from tests.rules.httr.helpers import Log, game, illegal, last, rules_broken, unsure
from tests.rules.httr.test_defects_offmap import with_areas

HELD = '''id = "held-3w"
name = "Synthetic reinforcement due on a waiting area's edge"
source = "synthetic test data (the pattern of HTTR ScR 10.2.11 L1431, 12.3.3 L1464)"
first_turn = 1
last_turn = 12
first_player = "allied"

# G-INF2 is due in GT 3 on A0301, a hex of off-map area 3W's edge (whose German units wait two turns, as 6E's)
[[reinforcements]]
units = ["G-INF2"]
turn = 3
entry = ["A0301"]
source = "synthetic test data (a German reinforcement due by a waiting area, HTTR ScR 10.2.11 L1431)"
'''


@pytest.fixture
def waiting_game(tmp_path: Path) -> Game:
    g = with_areas(tmp_path, {})
    (g.path / "scenarios" / "held-3w.toml").write_text(HELD, encoding="utf-8")
    return load_game(g.path)


def held(g: Game, turn: int, warn: int | None = None, h: str = "A0301", **readings: str) -> list:
    """G-INF2 enters ``h`` in GT ``turn``'s German Movement Phase; ``warn``: the GT of a warning for 3W."""
    log = Log({"A-INF1": "B0105"}, g).phase(1, "allied_movement")
    if warn is not None:
        log.phase(warn, "german_reaction").say("offmap 3W")
    log.phase(turn, "german_movement").enter("G-INF2", h)
    return HttrReferee(rules_for(g, "held-3w"), log.timeline(), readings or None).run().judged[-1].verdicts


def test_the_reading_is_recorded():  # OFF-1: ScR 10.2.11 vs 12.2.1 / 10.1.2, a recorded reading
    r = next(x for x in READINGS if x.name == "offmap_wait_reinforcements")
    assert r.default == "held" and {o for o, _ in r.options} == {"held", "called", "exempt"}
    assert "10.2.11" in r.rules and "12.2.1" in r.rules and "10.1.2" in r.rules


def test_a_reinforcement_on_its_gt_is_not_held(waiting_game):  # OFF-1 legal, ScR 12.2.1 (reading 'held')
    v = held(waiting_game, 3)
    assert not illegal(v) and not [x for x in v if "10.2.11" in (getattr(x, "detail", None) or "")], v


def test_a_held_reinforcement_waits_two_full_turns(waiting_game):  # OFF-1 illegal and legal, ScR 10.2.11 / 12.3.3
    """Held past GT 3: GT 3 is its first turn in 3W, GT 4 its second (the warning's), it enters from GT 5."""
    early = held(waiting_game, 4, warn=3)
    assert rules_broken(early) == ["HTTR ScR 10.2.11"] and "enter from GT 5" in illegal(early)[0].reason
    on_time = held(waiting_game, 5, warn=4)
    assert not illegal(on_time)
    assert any(isinstance(x, Legal) and "waited 2 full turns in off-map area 3W" in (x.detail or "") for x in on_time)


def test_reading_called_binds_a_reinforcement_on_its_gt(waiting_game):  # OFF-1, READINGS 'called' (ScR 10.1.2)
    v = held(waiting_game, 3, warn=2, offmap_wait_reinforcements="called")
    assert rules_broken(v) == ["HTTR ScR 10.2.11"] and "enter from GT 5" in illegal(v)[0].reason, v
    assert not illegal(held(waiting_game, 5, warn=4, offmap_wait_reinforcements="called"))


def test_reading_exempt_frees_reinforcements(waiting_game):  # OFF-1, READINGS 'exempt' (10.2.11's note)
    v = held(waiting_game, 4, offmap_wait_reinforcements="exempt")
    assert not illegal(v), v


def test_the_warning_parses():  # OFF-1: ScR 10.2.11's warning, the chat grammar
    d = parse("offmap 6E")
    assert d is not None and d.kind == "offmap" and d.target == "6E"
    assert parse("offmap 6E now") is None and parse("offmap") is None


def test_a_missing_warning_is_flagged(waiting_game):  # OFF-1 illegal and legal, ScR 10.2.11 (the warning)
    """Entering in GT 5 from 3W: the warning is due in GT 4; one in GT 3 is not it."""
    for warn in (None, 3):
        v = held(waiting_game, 5, warn=warn)
        assert rules_broken(v) == ["HTTR ScR 10.2.11"] and "did not warn in GT 4" in illegal(v)[0].reason, v
    given = held(waiting_game, 5, warn=4)
    assert not illegal(given) and any("warned in GT 4" in (getattr(x, "detail", None) or "") for x in given)


def test_a_unit_coming_back_is_warned_of_too(tmp_path):  # OFF-1 illegal and legal, ScR 10.2.11 (the warning)
    """G-INF1 leaves into 3W from A0301 in GT 5's German Reaction Phase and comes back in GT 7 (its wait kept)."""
    g = with_areas(tmp_path, {})

    def back(warn: bool) -> list:
        log = Log({"G-INF1": ("A0301", {"Mode": "Travel"}), "A-INF1": "B0105"}, g).phase(5, "german_reaction")
        log.leave("G-INF1").phase(6, "german_reaction")
        if warn:
            log.say("offmap 3W")
        return last(log.phase(7, "german_reaction").enter("G-INF1", "A0301").check())
    assert rules_broken(back(False)) == ["HTTR ScR 10.2.11"]
    assert not illegal(back(True))


def test_a_warning_before_the_log_is_not_checkable(waiting_game):  # OFF-1, ScR 10.2.11: the log begins in GT 5
    log = Log({"A-INF1": "B0105"}, waiting_game).phase(5, "german_movement").phase(5, "german_movement")
    log.enter("G-INF2", "A0301")
    v = HttrReferee(rules_for(waiting_game, "held-3w"), log.timeline()).run().judged[-1].verdicts
    assert not illegal(v) and any("whether the German player warned in GT 4" in n.needs for n in unsure(v)), v


def test_an_entry_breaking_two_rules_is_flagged_under_each():  # OFF-2 + OFF-5: ScR 12.2.1 and 10.2.2, in order
    """G-INF1 leaves in GT 1's German Movement Phase and is put back in its Organization Phase."""
    log = Log({"G-INF1": "B0305", "A-INF1": "B0101"}).phase(1, "german_movement").leave("G-INF1")
    v = last(log.phase(1, "german_organization").enter("G-INF1", "B0310").check())
    assert rules_broken(v) == ["HTTR ScR 12.2.1", "HTTR ScR 10.2.2"], v
    log = Log({"G-INF1": "B0305", "A-INF1": "B0101"}).phase(1, "german_movement").leave("G-INF1")
    assert not illegal(last(log.phase(3, "german_reaction").enter("G-INF1", "B0310").check()))


def test_too_soon_and_by_a_deactivated_area():  # OFF-2 + OFF-3: ScR 10.2.3 and 10.3 both flagged
    """Left in GT 3's Movement Phase, back by B0301 (1W, deactivated on GT 4) in GT 4's Reaction Phase."""
    log = Log({"G-INF1": "B0305", "A-INF1": "B0101"}).phase(3, "german_movement").leave("G-INF1")
    v = last(log.phase(4, "german_reaction").enter("G-INF1", "B0301").check())
    assert rules_broken(v) == ["HTTR ScR 10.2.3", "HTTR ScR 10.3"], v


CODES = "schedule-codes"  # G-INF2 due by code "7B0310" (area 1E's edge)


def coded(h: str, turn: int) -> list:
    log = Log({"A-INF1": "B0101"}).phase(1, "allied_movement").phase(turn, "german_movement").enter("G-INF2", h)
    return HttrReferee(rules_for(game(), CODES), log.timeline()).run().judged[-1].verdicts


def test_an_arrival_early_and_by_the_wrong_area_is_flagged_twice():  # OFF-4 + OFF-5: ScR 12.1 and 12.3.3
    assert rules_broken(coded("B0201", 6)) == ["HTTR ScR 12.1", "HTTR ScR 12.3.3"]  # a GT early, by 1W
    assert rules_broken(coded("B0309", 6)) == ["HTTR ScR 12.1", "HTTR ScR 12.1"]  # early, and a hex of no area
    assert rules_broken(coded("B0310", 6)) == ["HTTR ScR 12.1"]  # early only
    assert not illegal(coded("B0210", 8))  # held in 1E, its hex's area


def test_a_held_unit_by_an_edge_hex_of_no_known_area():  # OFF-5: ScR 12.3.3-12.3.4 (L1464-L1465)
    """The synthetic display is transcribed (its adjacency given): B0105, a west edge hex of no area, is no area's.
    On the bundled map only area 5W's edge is known: II/159/59 (due GT 36 at C2801, scenario 17) entering late by
    C2534 (Map C's east edge, of no known area) may come from the area abutting C2801: not checkable, naming the
    areas' edges; by C2801's own area 5W it is held there, legal, and waits no 6E turns."""
    assert rules_broken(coded("B0105", 8)) == ["HTTR ScR 12.1"]
    httr = load_game("highway-to-the-reich")

    def late(h: str) -> list:
        log = Log({}, httr).phase(35, "allied_movement").phase(37, "german_movement").enter("II/159/59", h)
        return HttrReferee(rules_for(httr, "s17"), log.timeline()).run().judged[-1].verdicts
    v = late("C2534")
    assert not illegal(v) and any("offmap-<area>" in n.needs for n in unsure(v)), v
    assert any("offmap-6E" in n.needs for n in unsure(v)), v  # it may be 6E's edge, whose units wait
    v = late("C2801")
    assert not illegal(v) and not unsure(v), v


# -- ScR 10 and 12 read line by line: the factors the checks left out --------------------------------------------


def exit_in(turn: int, phase: str, h: str, unit: str = "G-INF1") -> list:
    log = Log({unit: h, "A-INF1": "B0101"}).phase(1, "allied_movement").phase(turn, phase).leave(unit)
    return last(log.check())


def test_a_unit_leaves_the_map_in_its_sides_movement_phases():  # OFF-2: SR 4.1, ScR 10.0 (L1413)
    assert rules_broken(exit_in(1, "german_fire", "B0310")) == ["HTTR SR 4.1"]
    assert rules_broken(exit_in(2, "allied_movement", "B0310")) == ["HTTR SR 4.1"]  # the other side's
    assert not illegal(exit_in(1, "german_movement", "B0310"))
    assert not illegal(exit_in(2, "german_reaction", "B0310"))


def test_a_german_unit_leaves_into_an_area():  # OFF-3: ScR 10.1.2-10.1.3 (L1416-L1417)
    """The synthetic display is transcribed: B0305 (inside the map) and B0105 (an edge hex) are on no area's edge."""
    assert rules_broken(exit_in(1, "german_movement", "B0305")) == ["HTTR ScR 10.1.3"]
    assert rules_broken(exit_in(1, "german_movement", "B0105")) == ["HTTR ScR 10.1.3"]
    assert not illegal(exit_in(1, "german_movement", "B0310"))  # 1E
    assert not illegal(exit_in(1, "allied_movement", "B0105", unit="A-INF2"))  # no Allied off-map areas


def test_no_german_unit_leaves_into_a_deactivated_area():  # OFF-3: ScR 10.3 (L1433: 'unavailable')
    assert rules_broken(exit_in(4, "german_movement", "B0301")) == ["HTTR ScR 10.3"]  # 1W, deactivated on GT 4
    assert not illegal(exit_in(3, "german_movement", "B0301"))


def test_a_unit_comes_back_by_an_areas_edge():  # OFF-3: ScR 10.1.4 (L1418)
    log = Log({"G-INF1": "B0310", "A-INF1": "B0101"}).phase(1, "german_movement").leave("G-INF1")
    assert rules_broken(last(log.phase(3, "german_reaction").enter("G-INF1", "B0105").check())) == \
        ["HTTR ScR 10.1.4"]  # an edge hex of no area
    log = Log({"G-INF1": "B0310", "A-INF1": "B0101"}).phase(1, "german_movement").leave("G-INF1")
    assert not illegal(last(log.phase(3, "german_reaction").enter("G-INF1", "B0210").check()))  # 1E


def test_a_boundary_hex_of_two_areas_is_closed_only_with_both(tmp_path):  # OFF-3: ScR 10.1.4, 10.3
    """A copy adds area 1S whose edge shares B0101 with 1W (deactivated on GT 4), as two areas share a boundary
    row ('between or on the two boundary hex rows'): by B0101 a unit may come from 1S; by B0301 (1W's only) not."""
    g = with_areas(tmp_path, {})
    with (g.path / "terrain.toml").open("a", encoding="utf-8") as f:
        f.write('\n[[edges]]\nid = "offmap-1S"\nhexes = ["B0101", "B0102"]\nsource = "synthetic test data"\n')
    g = load_game(g.path)

    def back(h: str) -> list:
        log = Log({"G-INF1": h, "A-INF1": "B0105"}, g).phase(1, "german_movement").leave("G-INF1")
        return last(log.phase(4, "german_movement").enter("G-INF1", h).check())
    assert not illegal(back("B0101"))
    assert rules_broken(back("B0301")) == ["HTTR ScR 10.3"]


def test_no_move_between_areas_on_a_clear_day(tmp_path):  # OFF-1: ScR 10.2.7 (L1427), weather '0' (ScR 13.2)
    """1E -> 2E (the copy's areas) in Travel Mode. Left in GT 1's Movement Phase and back in GT 4's Reaction Phase
    (GT 3's Movement Phase spent in 2E, 10.2.3), the step is GT 2's, a day of 17 Sep (the synthetic clear date):
    illegal. Left in GT 4's and back in GT 8's, it may have stepped in GT 6 (night): not illegal. Left in GT 9's and
    back in GT 12's, its step is GT 10's or 11's, days of 18 Sep whose weather is not '0': not checkable."""
    g = with_areas(tmp_path, {'adjacent = [["1W", "1E"]]': 'adjacent = [["1W", "1E"], ["1E", "2E"]]'})

    def step(left: int, back: int) -> list:
        log = Log({"G-INF1": ("B0310", {"Mode": "Travel"}), "A-INF1": "B0105"}, g).phase(left, "german_movement")
        return last(log.leave("G-INF1").phase(back, "german_reaction").enter("G-INF1", "A0310").check())
    v = step(1, 4)
    assert rules_broken(v) == ["HTTR ScR 10.2.7"] and "GT 2 is a clear weather day turn" in illegal(v)[0].reason
    assert not illegal(step(4, 8))
    v = step(9, 12)
    assert not illegal(v) and any("ScR 10.2.7-10.2.8" in n.needs for n in unsure(v)), v


def test_a_reinforcement_held_in_an_area_deactivated_since():  # OFF-3 + OFF-5: ScR 10.3, 12.3.3
    """Scenario 'schedule': G-INF3 is due in GT 3 along 1W's edge (deactivated on GT 4)."""
    def enters(turn: int) -> list:
        log = Log({"A-INF1": "B0105"}).phase(1, "allied_movement").phase(turn, "german_movement")
        log.enter("G-INF3", "B0301")
        return HttrReferee(rules_for(game(), "schedule"), log.timeline()).run().judged[-1].verdicts
    assert not illegal(enters(3))
    v = enters(4)
    assert rules_broken(v) == ["HTTR ScR 10.3"] and "held in off-map area 1W" in illegal(v)[0].reason


RELEASES = 'source = "synthetic test data (the pattern of HTTR ScR 23.1.8)"\nrows = ['
EDGE = '''
# ScR 12.4.1 / 23.1.8 (test_s3_offmap.py): the released groups' entry edge, standing for Map D's south edge
[[edges]]
id = "B-row01"
hexes = ["B0102", "B0103", "B0104", "B0105", "B0106", "B0107", "B0108", "B0109"]
source = "synthetic test data (the pattern of HTTR ScR 12.4.1 L1467)"
'''


def test_released_groups_enter_along_their_edge_by_road(tmp_path):  # SCN-8: ScR 23.1.8 (L1738), 12.4.1 (L1467)
    """A copy gives [special.releases] entry = B-row01 (B0102-B0109, as Map D's south edge) and roads = true; the
    primary road of column 05 runs off the map at B0105. A-GCO3 (as the 43rd) is released for GT 2 by A-GCO1
    standing by the Maas in GT 1 (test_releases.py)."""
    g = with_areas(tmp_path, {RELEASES: RELEASES.replace("\nrows", '\nentry = "B-row01"\nroads = true\nrows')})
    with (g.path / "terrain.toml").open("a", encoding="utf-8") as f:
        f.write(EDGE)
    g = load_game(g.path)

    def enters(h: str, turn: int = 2) -> list:
        log = Log({"A-GCO1": "B0408"}, g).phase(1, "allied_movement").move("A-GCO1", "B0409")
        return last(log.phase(turn, "allied_movement").enter("A-GCO3", h).check())
    v = enters("B0105")
    assert not illegal(v) and any("by the road at B0105" in (getattr(x, "detail", None) or "") for x in v), v
    v = enters("B0104")
    assert rules_broken(v) == ["HTTR ScR 23.1.8"] and "no road runs" in illegal(v)[0].reason, v
    v = enters("B0310")
    assert rules_broken(v) == ["HTTR ScR 23.1.8"] and "map edge B-row01" in illegal(v)[0].reason, v
    log = Log({"A-GCO1": "B0408"}, g).phase(1, "allied_movement").move("A-GCO1", "B0409").enter("A-GCO3", "B0310")
    assert rules_broken(last(log.check())) == ["HTTR ScR 23.1.8", "HTTR ScR 23.1.8"]  # too early, and off the edge


def test_the_bundled_release_edge_is_not_transcribed():  # SCN-8 on the bundled data: D-south's hexes are unknown
    httr = load_game("highway-to-the-reich")
    p = HttrReferee(rules_for(httr, "s23"), Log({}, httr).timeline())
    v = entry_place(p, "any", httr.map.index["D6117"])
    assert v is not None and not isinstance(v, (Illegal, Legal)) and "D-south" in v.needs, v


def test_no_ground_entry_onto_an_enemy_unit():  # OFF-5: SR 9.2.2 (L458), ScR 12.3.4 (L1465)
    """A-INF1 stands on B0310: G-INF2 entering there is illegal, next to it legal; G-INF1 back from off the map
    likewise. A-INF5 (airborne, of A-REG1's Pathfinder marker) coming down on it is the air landing rules' (ScR 6)."""
    def onto(unit: str, h: str, leave: bool = False) -> list:
        log = Log({"A-INF1": "B0310", "G-INF1": "B0210"}).phase(1, "german_movement")
        if leave:
            log.leave("G-INF1")
        return last(log.phase(3, "german_movement").enter(unit, h).check())
    v = onto("G-INF2", "B0310")
    assert rules_broken(v) == ["HTTR SR 9.2.2"] and "holds enemy unit A-INF1" in illegal(v)[0].reason, v
    assert not illegal(onto("G-INF2", "B0410"))
    assert rules_broken(onto("G-INF1", "B0310", leave=True)) == ["HTTR SR 9.2.2"]
    assert not illegal(onto("G-INF1", "B0410", leave=True))
    log = Log({"G-INF1": "B0305"}).phase(1, "german_movement").phase(1, "allied_movement").enter("A-INF5", "B0305")
    assert "HTTR SR 9.2.2" not in rules_broken(last(log.check()))


def test_a_unit_still_in_an_area_as_it_deactivates_is_removed(tmp_path):  # OFF-3: ScR 10.3 (L1433-L1434)
    """A copy deactivates 1W on GT 7. G-INF1 (Travel) leaves by B0301 (1W) and comes back by B0310 (1E) in GT 9's
    Reaction Phase. Left in GT 5's Movement Phase, it stepped out in GT 6's (night), before GT 7: legal. Left in GT
    6's, its first step is GT 7's: it was in 1W as 1W was deactivated, and removed."""
    g = with_areas(tmp_path, {})
    table = g.path / "tables" / "offmap_deactivation.toml"
    table.write_text(table.read_text(encoding="utf-8").replace("cells = [4]", "cells = [7]"), encoding="utf-8")
    g = load_game(g.path)

    def back(left: int) -> list:
        log = Log({"G-INF1": ("B0301", {"Mode": "Travel"}), "A-INF1": "B0105"}, g).phase(left, "german_movement")
        return last(log.leave("G-INF1").phase(9, "german_reaction").enter("G-INF1", "B0310").check())
    assert not illegal(back(5)), back(5)
    v = back(6)
    assert rules_broken(v) == ["HTTR ScR 10.3"] and "left into off-map area 1W" in illegal(v)[0].reason, v


def test_an_early_released_division_may_arrive_before_its_gt():  # OFF-4 + SCN-9: ScR 23.2 (L1745), 12.1
    """Scenario 'schedule-codes': G-INF2 (of G-KG1, standing for the 84th) is due in GT 7 at B0310. A-HCAV stands 4
    hexes from the synthetic route as GTs 4 and 5 begin, so the GT 5 roll of 3 releases G-KG1 (test_early_releases):
    G-INF2 may then enter from GT 6 (reading: the GT after the roll's)."""
    def enters(turn: int, roll: int | None) -> list:
        log = Log({"A-HCAV": "B0101"}).phase(4, "german_command").phase(5, "german_command")
        if roll is not None:
            log.roll("Early Release", roll)
        log.phase(turn, "german_movement").enter("G-INF2", "B0310")
        return HttrReferee(rules_for(game(), CODES), log.timeline()).run().judged[-1].verdicts
    v = enters(6, 3)
    assert not illegal(v) and any("released early in GT 5" in (getattr(x, "detail", None) or "") for x in v), v
    assert rules_broken(enters(6, None)) == ["HTTR ScR 12.1"]  # no release
    assert rules_broken(enters(6, 5)) == ["HTTR ScR 12.1"]  # a 5 releases nothing
    assert rules_broken(enters(5, 3)) == ["HTTR ScR 12.1"]  # the roll's own GT


def test_a_warning_is_no_act_of_a_passed_phase():  # OFF-1: ScR 10.2.11's warning 'at the start of the second turn'
    """GT 4 (1501) has a Weather Phase, GT 2 (0901) none: the tracker passes GT 2's (SR 4.1), and the warning may
    still be typed at the start of the turn; a fire declaration there is an act of the passed phase."""
    log = Log({"G-INF1": "B0305", "A-INF1": "B0101"}).phase(1, "allied_movement").phase(2, "weather")
    v = last(log.say("offmap 3W").check())
    assert not illegal(v) and any("units in off-map area 3W enter" in (getattr(x, "detail", None) or "") for x in v)
    assert rules_broken(last(log.say("df B0101 from B0305").check())) == ["HTTR SR 4.1"]


def test_a_unit_that_fired_does_not_leave_the_map_next():  # FIR-5: SR 6.1.9 (L170); leaving is a move (ScR 10.0)
    """G-INF1 fires DF at A-INF1 in GT 1's German Fire Phase, then leaves the map in its Movement Phase."""
    def leaving(fires: bool) -> list:
        log = Log({"G-INF1": "B0310", "A-INF1": "B0309"}).phase(1, "german_fire")
        if fires:
            log.say("df B0309 from G-INF1 target A-INF1").roll("Direct Fire", 1, 1)
        return last(log.phase(1, "german_movement").leave("G-INF1").check())
    assert "HTTR SR 6.1.9" in rules_broken(leaving(True))
    assert not illegal(leaving(False))
