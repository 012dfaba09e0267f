"""HTTR observation (SR 7) as the referee applies it to a log, on the synthetic game: an IF spotter must observe
its target (SR 6.5.2.3, 7.1.2). A-ART in B0101 (range 12) fires, controlled by A-DIV in B0102; A-INF1 spots.
The Observation rules themselves are tested on their own map in tests/overlays/test_httr_los.py."""
from __future__ import annotations

from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

GUNS = {"A-ART": ("B0101", {"Mode": "Defilade"}), "A-DIV": ("B0102", {"Mode": "Defilade"})}


def spot(spotter: str, target: str, turn: int = 1) -> list:
    setup = {**GUNS, "A-INF1": spotter, "G-INF1": target}
    log = Log(setup).phase(turn, "allied_fire").say(f"if {target} from A-ART spotter A-INF1 hq A-DIV")
    return last(log.check())


def test_the_observers_terrain_limits_its_range():  # OBS-1, SR 7.2.1 (L408): woods B0405, range 3
    assert all_legal(spot("B0405", "B0402"))
    assert rules_broken(spot("B0405", "B0401")) == ["HTTR SR 7.2.1"]


def test_blocking_terrain():  # OBS-2, SR 7.1.3 (L402): the woods of B0405 between B0305 and B0505
    assert rules_broken(spot("B0305", "B0505")) == ["HTTR SR 7.1.3"]
    assert all_legal(spot("B0305", "B0302"))


def test_covering_terrain_and_adjacency():  # OBS-3, OBS-4: SR 7.1.6 (L405), 7.3.3 (L415): B0307 town, B0208 forest
    assert all_legal(spot("B0305", "B0307"))  # a town two hexes away
    assert rules_broken(spot("B0304", "B0307")) == ["HTTR SR 7.3.3"]  # three hexes
    assert all_legal(spot("B0207", "B0208"))  # forest, adjacent: always observed
    assert rules_broken(spot("B0206", "B0208")) == ["HTTR SR 7.3.3"]


def test_night_ranges_are_two_hexes():  # OBS-5, SR 7.2.2 (L409), 20.1 (L989): turn 6 is a night GT
    assert all_legal(spot("B0110", "B0107", turn=5))
    assert rules_broken(spot("B0110", "B0107", turn=6)) == ["HTTR SR 7.2.2"]
    assert all_legal(spot("B0110", "B0108", turn=6))


def test_weather_p_halves_day_ranges():  # OBS-6, SR 7.2.3 (L410): GT9 has weather P, GT10's weather is unknown
    assert all_legal(spot("B0110", "B0103", turn=8))  # 7 hexes, range 12
    assert rules_broken(spot("B0110", "B0103", turn=9)) == ["HTTR SR 7.2.3"]  # range 6
    unknown = spot("B0110", "B0103", turn=10)
    assert not rules_broken(unknown) and any(isinstance(v, NotCheckable) and "weather" in v.needs for v in unknown)
    assert all_legal(spot("B0110", "B0107", turn=10))  # 3 hexes: seen in either weather


def test_dikes_block_unless_the_observer_is_next_to_them():  # OBS-7, SR 7.3.1 (L413): the dike B0209/B0309
    assert rules_broken(spot("B0509", "B0109")) == ["HTTR SR 7.3.1"]  # the dike hex B0309 two hexes away
    assert all_legal(spot("B0110", "B0309"))  # the dike hex B0209 is next to the observer
