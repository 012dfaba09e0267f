"""An airborne formation's ground reinforcements are no air landings (ScR 12.4.3, 12.01 L1455; ScR 17.3's 327/101 at
C2411, L1562): the air landing rules (AIR-14's ScR 6.8, AIR-9's lift points, AIR-11's phase) judge drops only, the
rows rules/httr/drop_rows.py reads as drop groups. On the synthetic scenario 'schedule': A-INF4 (of A-DIV2, airborne
by [special.airborne]) enters by road at B0105 in GT 2; A-INF5/A-INF6 (of A-REG1, airborne by its Pathfinder marker)
are a drop group of GT 2."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.verdict import Illegal
from tests.rules.httr.helpers import Log, illegal, last, unsure

TRAVEL, DEF = {"Mode": "Travel"}, {"Mode": "Defilade"}


def verdicts(log: Log, scenario: str) -> list:
    return [v for j in HttrReferee(rules_for(log.game, scenario), log.timeline()).run().judged for v in j.verdicts]


def test_a_ground_reinforcement_of_an_airborne_division_may_enter_in_travel_mode():  # AIR-14 legal, ScR 12.01
    """A-INF4's row enters at B0105: a ground entry, in any mode (ScR 12.01), judged by the arrival rules only."""
    log = Log({"A-INF1": "B0101", "A-INF4": (None, TRAVEL)}).phase(2, "allied_movement").enter("A-INF4", "B0105")
    vs = verdicts(log, "schedule")
    assert not [v for v in illegal(vs) if "A-INF4" in v.reason], illegal(vs)
    assert not [v for v in vs if "lift points" in (getattr(v, "needs", "") or "")]  # no serial, no lift point


def test_a_ground_reinforcement_still_breaks_the_arrival_rules():  # OFF-4 illegal on the same row, ScR 12.1
    log = Log({"A-INF1": "B0101", "A-INF4": (None, TRAVEL)}).phase(1, "allied_movement").enter("A-INF4", "B0105")
    assert "HTTR ScR 12.1" in [v.rule for v in illegal(verdicts(log, "schedule"))]


def test_a_drop_group_unit_landing_in_travel_mode_is_still_flagged():  # AIR-14 illegal, ScR 6.8
    log = Log({"A-INF1": "B0101", "A-INF5": (None, TRAVEL)}).phase(1, "allied_movement") \
        .place("pf1", "Pathfinder A-REG1", "B0305").phase(2, "allied_movement").enter("A-INF5", "B0306")
    broken = [v for v in illegal(verdicts(log, "schedule")) if "A-INF5" in v.reason]
    assert [v.rule for v in broken] == ["HTTR ScR 6.8"], broken


def test_bundled_road_entry_of_327_is_no_landing_but_unlisted_airborne_units_there_are_unknown():  # AIR-14
    """s17's 327/101 enters at C2411 in Travel Mode: no ScR 6 verdict; 501/101, which no s17 row lists, put on C2411
    may be one of the rows of units the data does not give ('3/327 (all)', ScR 17.3 L1561): not checkable, naming
    that row, never an air landing's Legal or Illegal."""
    httr = load_game("highway-to-the-reich")
    road = Log({"506/101": ("C2020", DEF), "327/101": (None, TRAVEL)}, httr).phase(37, "allied_movement") \
        .enter("327/101", "C2411")
    vs = verdicts(road, "s17")
    assert not [v for v in vs if isinstance(v, Illegal)]
    said = [getattr(v, "detail", None) or getattr(v, "needs", "") for v in vs]
    assert not [t for t in said if "327/101 lands" in t or "lift points" in t], said  # no landing verdict
    unlisted = Log({"506/101": ("C2020", DEF), "501/101": (None, TRAVEL)}, httr).phase(37, "allied_movement") \
        .enter("501/101", "C2411")
    vs = verdicts(unlisted, "s17")
    assert not [v for v in illegal(vs) if "501/101" in v.reason]
    assert any("501/101 is of" in v.needs and "'3/327 (all)'" in v.needs for v in unsure(vs)), [v.needs for v in unsure(vs)]


def test_an_airborne_unit_back_from_off_the_map_is_no_landing():  # AIR-11, AIR-14 legal; OFF-1 (ScR 10.1.4)
    """A-INF2 (of A-REG1, airborne by its Pathfinder marker) leaves by B0110 (area 1E) in Travel Mode and comes back
    by it in GT 4's Allied Reaction Phase: an entry from an off-map area (10.1.4, 12.2.1), not a drop."""
    log = Log({"A-INF2": ("B0110", TRAVEL), "G-INF1": "B0705"}).phase(3, "allied_movement").leave("A-INF2") \
        .phase(4, "allied_reaction").enter("A-INF2", "B0110")
    assert not illegal(last(log.check()))


def test_an_airborne_unit_put_on_the_map_unannounced_is_a_drop():  # AIR-11, AIR-14 illegal (ScR 6.7.3, 6.8)
    log = Log({"A-INF2": (None, TRAVEL), "G-INF1": "B0705"}).phase(3, "allied_movement") \
        .phase(4, "allied_reaction").enter("A-INF2", "B0110")
    assert {"HTTR ScR 6.7.3", "HTTR ScR 6.8"} <= {v.rule for v in illegal(last(log.check()))}


def test_an_edge_of_unknown_hexes_leaves_only_border_hexes_in_doubt():  # AIR-14 illegal and not checkable
    """Campaign (s23) rows of untranscribed units enter by Map D's south edge, whose hexes are unknown (terrain.toml
    D-south): 501/101, which no row lists, put on a map border hex may be one of them (not checkable); put inland in
    Travel Mode it can only have landed, and ScR 6.8 flags it."""
    httr = load_game("highway-to-the-reich")

    def put(h: str) -> list:
        log = Log({"506/101": ("C2020", DEF), "501/101": (None, TRAVEL)}, httr).phase(2, "allied_movement") \
            .enter("501/101", h)
        return verdicts(log, "s23")
    edge = put("D0101")
    assert not [v for v in illegal(edge) if "501/101" in v.reason]
    assert any("501/101 is of" in n.needs and "D0101" in n.needs for n in unsure(edge))
    assert "HTTR ScR 6.8" in [v.rule for v in illegal(put("D3010"))]
