"""HTTR worked examples of reinforcement arrival, H33-H34 (``predicates-ptr-httr.md`` 2B, both "P"), on synthetic
positions built from them.

H33 (ScR 12.0 L1454, 12.1 L1458): the Game Turn Record Track's letters (GT 6: B, C and E, the 10th SS, 9th SS and
Independent displays) are not transcribed, so that part is not tested; the arrival code grammar is: "7A3930" is GT 7,
Map A, hex 3930; "10B East" GT 10 anywhere along Map B's east edge. Assumed: the synthetic sheets stand for Maps A
and B, so "7B0310" and "10B East" are judged on them (B-east: the synthetic terrain's B0110..B0710); the rows are
read from the synthetic scenario file 'schedule-codes' (the loader's grammar: tests/games/test_arrival_codes.py).

H34 (ScR 12.3.2-12.3.3 L1463-L1464): units scheduled for A3930 may instead arrive in Off-Map Area 2N. Assumed: the
synthetic off-map area 1E stands for 2N, its map edge holding the scheduled hex (B0310) as 2N's holds A3930; 1W's
does not. The column entry of 12.3.2 (later stacks paying for the road off the map) is not judged.
"""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from tests.rules.httr.helpers import Log, game, illegal, rules_broken

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
