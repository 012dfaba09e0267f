"""HTTR worked examples of reinforcement arrival, H33-H34 (``predicates-ptr-httr.md`` 2B, both "P"), on synthetic
positions built from them.

H33 (ScR 12.0 L1454, 12.1 L1458): the Game Turn Record Track's letters (GT 6: B, C and E, the 10th SS, 9th SS and
Independent displays) are not transcribed, so that part is not tested; the arrival code grammar is: "7A3930" is GT 7,
Map A, hex 3930; "10B East" GT 10 anywhere along Map B's east edge. Assumed: the synthetic sheets stand for Maps A
and B, so "7B0310" and "10B East" are judged on them (B-east: the synthetic terrain's B0110..B0710); the rows are
read from the synthetic scenario file 'schedule-codes' (the loader's grammar: tests/games/test_arrival_codes.py).

H33's track (ScR 12.0 L1454): "on Game Turn 6 the letters B, C and E appear", so those displays' groups coded for GT 6
arrive on GT 6. Assumed: the synthetic game.toml [special.turn_record_track] shows B, C and E on GT 6, with one
company in each display's GT 6 group (G-IND6, G-IND7, G-IND8) and a display D group coded for GT 6 that the track does
not show (G-IND9); the bundled game has no track, and says so.

H34 (ScR 12.3.2-12.3.3 L1463-L1464): units scheduled for A3930 may instead arrive in Off-Map Area 2N. Assumed: the
synthetic off-map area 1E stands for 2N, its map edge holding the scheduled hex (B0310) as 2N's holds A3930; 1W's
does not. Column entry (12.3.2, "most of the Flak Brigade" entering at A3930 on GT 22): assumed on the synthetic
west-edge hex B0105 (clear, stacking limit 28, where the primary road up column 05 runs off the map; 1 MP a hex for
Concentrated leg units): five 4-SP battalions and three 2-SP companies fill the first stack (26 SP), and the next
3-SP unit to enter by B0105 that phase is the second stack, paying one road hex off the map. Every unit entering by
B0105 pays for B0105 itself (12.3.1: "it begins paying movement costs from when the unit enters the first map edge
hex").
"""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee

from tests.rules.httr.helpers import Log, game, illegal, rules_broken, unsure

CODES = "schedule-codes"  # G-INF2 due by code "7B0310", G-INF3 by "10B East"


def enters(g, unit: str, h: str, turn: int) -> list:
    log = Log({"A-INF1": "B0101"}, g).phase(1, "allied_movement").phase(turn, "german_movement").enter(unit, h)
    return HttrReferee(rules_for(g, CODES), log.timeline()).run().judged[-1].verdicts


def test_h33_codes_give_the_gt_and_the_hex_or_edge():  # H33, OFF-4: ScR 12.1 (L1458)
    g = game()
    assert not illegal(enters(g, "G-INF2", "B0310", 7))  # "7B0310": its hex, in its GT
    assert rules_broken(enters(g, "G-INF2", "B0310", 6)) == ["HTTR ScR 12.1"]  # a GT early
    assert rules_broken(enters(g, "G-INF2", "B0309", 7)) == ["HTTR ScR 12.1"]  # another hex of no area
    assert not illegal(enters(g, "G-INF3", "B0510", 10))  # "10B East": anywhere along the east edge
    assert rules_broken(enters(g, "G-INF3", "B0505", 10)) == ["HTTR ScR 12.1"]  # not on that edge


def test_h34_units_held_in_the_area_abutting_their_hex():  # H34, OFF-5: ScR 12.3.3 (L1464)
    g = game()
    held = enters(g, "G-INF2", "B0210", 8)  # held in 1E (as 2N), entering by another of its edge hexes
    assert not illegal(held) and any("area 1E" in (getattr(v, "detail", None) or "") for v in held)
    assert rules_broken(enters(g, "G-INF2", "B0201", 8)) == ["HTTR ScR 12.3.3"]  # 1W does not abut B0310


def track_entry(unit: str, turn: int) -> list:
    log = Log({"A-INF1": "B0101"}).phase(1, "allied_movement").phase(turn, "german_movement").enter(unit, "B0310")
    return HttrReferee(rules_for(game(), "basic"), log.timeline()).run().judged[-1].verdicts


def test_h33_the_track_letters_of_gt6_bring_displays_b_c_e():  # H33, OFF-4: ScR 12.0 (L1454)
    for unit in ("G-IND6", "G-IND7", "G-IND8"):  # displays B, C, E: their GT 6 groups
        v = track_entry(unit, 6)
        assert not illegal(v) and any("track calls its group on GT 6" in (x.detail or "") for x in v), v
        assert rules_broken(track_entry(unit, 5)) == ["HTTR ScR 12.0"]  # a GT early
    assert not illegal(track_entry("G-IND6", 7))  # deferred (ScR 12.2.2)
    v = track_entry("G-IND9", 6)  # display D: the track shows no D on GT 6
    assert not illegal(v) and any("does not show its letter" in n.needs for n in unsure(v)), v


def test_h33_the_bundled_game_has_no_track():  # H33, OFF-4 on the bundled data
    httr = load_game("highway-to-the-reich")
    unit = next(u for u, x in sorted(httr.units.items()) if x.side == "german")
    log = Log({}, httr).phase(4, "allied_movement").phase(4, "german_movement").enter(unit, "A3930")
    v = HttrReferee(rules_for(httr, "s21"), log.timeline()).run().judged[-1].verdicts
    assert not illegal(v) and any("[special.turn_record_track]" in n.needs for n in unsure(v)), v


CON = {"Mode": "Concentrated"}
BATTALIONS = tuple(f"G-IBN{i}" for i in range(1, 6))  # 5 x 4 SP
FIRST = (*BATTALIONS, "G-IND1", "G-IND2", "G-IND3")  # 26 SP: a 3-SP unit more overfills B0105 (limit 28)
ROAD = ("B0105", "B0205", "B0305", "B0405", "B0505", "B0605", "B0705", "A0205", "A0305")  # 8 MP on the road


def column(first: tuple[str, ...], last: str, side: str, *path: str) -> list:
    """``first`` enter by B0105 and step aside to B0104; then ``last`` enters by B0105 and moves ``path``; the
    verdicts on ``last``'s entry after the phase ends."""
    enemy = {"A-INF1": "B0101"} if side == "german" else {"G-INF1": "A0710"}
    log = Log({**enemy, **{u: (None, CON) for u in (*first, last)}}).phase(1, "allied_command")
    log.phase(1, f"{side}_movement")
    for u in first:
        log.enter(u, "B0105")
    log.drag(first, "B0105", "B0104").enter(last, "B0105")
    at = len(log.events) - 1
    log.move(last, *path).phase(1, f"{side}_organization")
    return HttrReferee(rules_for(game(), "basic"), log.timeline()).run().judged[at].verdicts


def test_h34_later_stacks_of_a_column_pay_the_road_off_the_map():  # H34, OFF-5: ScR 12.3.2 (L1463)
    v = column(FIRST, "G-INF2", "german", *ROAD, "A0306")  # 1 MP off the map, 1 for B0105, 10 beyond: 12 of 12
    assert not illegal(v) and any("1 road hex off the map (1 MP)" in (x.detail or "") for x in v), v
    v = column(FIRST, "G-INF2", "german", *ROAD, "A0306", "A0307")  # 1 + 1 + 12: 14 of 12
    assert rules_broken(v) == ["HTTR ScR 12.3.2"], v
    first = column(FIRST[:-1], "G-INF2", "german", *ROAD, "A0306")  # 27 SP: still the first stack, 1 + 10
    assert not illegal(first) and not [x for x in first if "off the map (" in (getattr(x, "detail", None) or "")]


def test_a_unit_entering_by_the_map_edge_pays_for_the_edge_hex():  # OFF-5: ScR 12.3.1 (L1462)
    alone = column((), "G-INF2", "german", *ROAD, "A0306")  # 1 MP for B0105 and 10 beyond: 11 of 12
    assert not illegal(alone), alone
    assert rules_broken(column((), "G-INF2", "german", *ROAD, "A0306", "A0307")) == ["HTTR ScR 12.3.1"]  # 1 + 12


def test_h34_the_allied_column_rule():  # H34, OFF-5: ScR 12.4.2 (L1469) binds the Allied player the same way
    first = ("A-GCO1", "A-GCO2", "A-GCO3", "A-GCO4", "GB-6GH-A", "GB-6GH-D")  # 6 x 4 SP, none airborne
    assert not illegal(column(first[:-1], "GB-HW", "allied", *ROAD, "A0306"))  # 20 + 6: the first stack, 1 + 10
    assert not illegal(column(first, "GB-HW", "allied", *ROAD, "A0306"))  # 24 + 6: the second, 1 + 1 + 10
    assert rules_broken(column(first, "GB-HW", "allied", *ROAD, "A0306", "A0307")) == ["HTTR ScR 12.4.2"]


def test_h34_column_entry_on_the_bundled_map():  # H34, OFF-5 on the bundled data: the map is not surveyed
    httr = load_game("highway-to-the-reich")
    two = [u for u, x in sorted(httr.units.items()) if x.side == "german"][:2]
    log = Log({}, httr).phase(4, "allied_movement").phase(4, "german_movement")
    for u in two:
        log.enter(u, "A3930")
    v = HttrReferee(rules_for(httr, "s21"), log.timeline()).run().judged[-1].verdicts
    assert not illegal(v) and any("ScR 12.3.2" in n.needs and "A3930" in n.needs for n in unsure(v)), v


def test_h34_a_repeated_tracker_step_does_not_end_the_column():  # H34, OFF-5: ScR 12.3.2 judged at the phase's end
    setup = {"A-INF1": "B0101", **{u: (None, CON) for u in (*FIRST, "G-INF2")}}
    log = Log(setup).phase(1, "allied_command").phase(1, "german_movement")
    for u in FIRST:
        log.enter(u, "B0105")
    log.drag(FIRST, "B0105", "B0104").enter("G-INF2", "B0105")
    at = len(log.events) - 1
    log.phase(1, "german_movement").move("G-INF2", *ROAD, "A0306", "A0307").phase(1, "german_organization")
    v = HttrReferee(rules_for(game(), "basic"), log.timeline()).run().judged[at].verdicts
    assert rules_broken(v) == ["HTTR ScR 12.3.2"], v
