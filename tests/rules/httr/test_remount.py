"""HTTR SR 9.3.8 (L472), MOV-8: a unit remounts (its Dismounted marker comes off) only if it can trace a supply
line along roads or trails back to its controlling HQ. The synthetic game's primary road runs up column 05 from
B0105 to A0605; A-INF1 answers to A-REG1."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken, unsure


def remount(setup: dict) -> list:
    log = Log(setup).phase(1, "allied_movement").layer("A-INF1", "Dismounted", "Dismounted", "Mounted")
    return last(log.check())


def test_a_unit_on_the_road_to_its_hq_remounts():  # MOV-8 legal: four road hexes to A-REG1
    assert all_legal(remount({"A-INF1": "B0105", "A-REG1": "B0505"}))


def test_a_unit_off_the_road_does_not_remount():  # MOV-8 illegal: B0104 is next to the road, not on it
    v = remount({"A-INF1": "B0104", "A-REG1": "B0505"})
    assert rules_broken(v) == ["HTTR SR 9.3.8"]


def test_an_ezoc_on_the_road_cuts_the_line():  # MOV-8 illegal: G-INF1 next to the road at B0305 (SR 13.2.2.3)
    assert rules_broken(remount({"A-INF1": "B0105", "A-REG1": "B0505", "G-INF1": "B0306"})) == ["HTTR SR 9.3.8"]
    # friendly units on the road hexes next to G-INF1 negate the EZOC there (SR 13.2.2.3); the two-hex one (its
    # range not given) falls on hexes with A-INF1 and A-REG1
    friends = {"A-TANK": "B0205", "A-INF2": "B0305", "A-INF5": "B0405"}
    assert all_legal(remount({"A-INF1": "B0105", "A-REG1": "B0505", "G-INF1": "B0306", **friends}))


def test_the_line_is_halved_to_an_hq_in_travel_mode():  # MOV-8 / SR 13.2.6.1, 13.2.2.6: 12 hexes, 6 to one in Travel
    assert all_legal(remount({"A-INF1": "B0105", "A-REG1": "A0205"}))  # seven road hexes
    v = remount({"A-INF1": "B0105", "A-REG1": ("A0205", {"Mode": "Travel"})})
    assert rules_broken(v) == ["HTTR SR 9.3.8"]
    assert all_legal(remount({"A-INF1": "B0105", "A-REG1": ("B0705", {"Mode": "Travel"})}))  # six


def test_dismounting_needs_no_line():  # MOV-7, MOV-8 binds the remount only
    log = Log({"A-INF1": "B0104", "A-REG1": "B0505"}).phase(1, "allied_movement")
    assert all_legal(last(log.layer("A-INF1", "Dismounted", "Mounted", "Dismounted").check()))


def test_the_bundled_map_leaves_the_line_not_checkable():  # MOV-8 on the bundled data: the map is unsurveyed
    from hexforge.games import load_game
    httr = load_game("highway-to-the-reich")
    unit = next(u for u, x in sorted(httr.units.items()) if x.formation == "506/101")
    log = Log({unit: "C2808", "506/101": "C2812"}, httr).phase(1, "allied_movement") \
        .layer(unit, "Dismounted", "Dismounted", "Mounted")
    v = last(log.check())
    assert not rules_broken(v) and not all_legal(v)
    assert any("unsurveyed" in n.needs for n in unsure(v)), v
