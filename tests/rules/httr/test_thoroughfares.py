"""HTTR terrain limits on a step (SR 8.4.2, 9.3.1, 9.4.2, 9.4.6, 9.5.2.2, 20.3, ScR 9.1) on the synthetic game.
Its corner of sheet A (tests/games/httr-synthetic/terrain.toml): a raised road A0701-A0705 (A0702, A0703 marsh,
A0704 woods, a bridged stream between A0703 and A0704, A0705 its terminus), canals round A0501 (none bridged) and
A0601/A0502 (bridged), a dike between A0602 and A0603. Synthetic TEC: clear 2 MP concentrated, 1 in Travel;
roads 1 MP concentrated, 0.5 in Travel; marsh 3 leg / 4 vehicular; canal 3 MP."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken, unsure


def move(setup: dict, unit: str, *path: str, phase: str = "allied_movement", turn: int = 1):
    return last(Log(setup).phase(turn, phase).move(unit, *path).check())


TRAVEL = {"Mode": "Travel"}
TRAVEL_DISRUPTED = {"Mode": "Travel", "Disrupted": "Disrupted"}


def test_raised_roads_carry_vehicles_only_in_travel():  # MOV-13, SR 9.4.2.1 (L483)
    v = move({"A-TANK": "A0704"}, "A-TANK", "A0705")  # concentrated: the clear hex's 2 MP, not the road's 1
    assert all_legal(v) and "2 of 12 MP" in v[0].detail
    v = move({"A-TANK": ("A0704", TRAVEL)}, "A-TANK", "A0705")
    assert all_legal(v) and "0.5 of 12 MP" in v[0].detail
    v = move({"A-INF1": "A0701"}, "A-INF1", "A0703")  # a concentrated leg unit: the road rate
    assert all_legal(v) and "2 of 12 MP" in v[0].detail


def test_travel_units_leave_a_raised_road_only_at_a_terminus_intersection_or_clear_hex():  # MOV-13, SR 9.4.2.3
    # disrupted, so one hex and no way round by the terminus A0705
    assert rules_broken(move({"A-TANK": ("A0704", TRAVEL_DISRUPTED)}, "A-TANK", "A0604")) == ["HTTR SR 9.4.2.3"]
    assert all_legal(move({"A-TANK": ("A0705", TRAVEL_DISRUPTED)}, "A-TANK", "A0604"))  # the terminus
    assert all_legal(move({"A-TANK": ("A0704", {"Disrupted": "Disrupted"})}, "A-TANK", "A0604"))  # not in Travel


def test_leg_units_pay_one_more_mp_over_a_raised_road_bridge():  # MOV-14, SR 9.4.2.4 (L485)
    v = move({"A-INF1": "A0701"}, "A-INF1", "A0705")  # 4 road hexes at 1 MP, +1 MP over the bridge
    assert all_legal(v) and "5 of 12 MP" in v[0].detail
    v = move({"A-TANK": ("A0701", TRAVEL)}, "A-TANK", "A0705")  # a vehicle pays nothing more
    assert all_legal(v) and "2 of 12 MP" in v[0].detail
    # 5 MP to A0705, then four clear hexes (8 MP): 13 MP; without the extra MP it would be exactly 12
    assert rules_broken(move({"A-INF1": "A0701"}, "A-INF1", "A0709")) == ["HTTR SR 9.2.3"]


def test_rivers_and_canals_only_at_a_bridge():  # MOV-15, ScR 9.0-9.1 (L1353)
    assert rules_broken(move({"A-SLOW": "A0601"}, "A-SLOW", "A0501")) == ["HTTR ScR 9.1"]
    v = move({"A-INF1": ("A0601", {"Mode": "Defilade"})}, "A-INF1", "A0502")  # bridged: the canal costs nothing
    assert all_legal(v) and "3 of 12 MP" in v[0].detail  # SR 9.4.3; in Defilade, so not at the trail's rate



def test_a_river_whose_hexsides_are_not_given_leaves_a_crossing_not_checkable(tmp_path):  # MOV-15, ScR 9.1
    """A river the data knows of without its hexsides may run along any hexside it does not rule out: a step over a
    hexside with no given feature is not checkable (never legal); the synthetic map's own step stays legal."""
    import shutil

    from hexforge.games import load_game
    from tests.rules.httr.helpers import SYNTHETIC
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    with (copy / "terrain.toml").open("a", encoding="utf-8") as f:
        f.write('\n[[hexsides]]\nfeature = "river"\nname = "an untraced river"\npairs = "unknown"\n')
    step = {"A-INF1": "B0303"}, "A-INF1", "B0303", "B0304"
    assert all_legal(move(*step))
    v = last(Log(step[0], load_game(copy)).phase(1, "allied_movement").move(*step[1:]).check())
    assert not rules_broken(v) and any("B0303/B0304 is a river or canal (its hexsides not given: an untraced river"
                                       in n.needs for n in unsure(v)), v

def test_afvs_and_travel_units_in_marsh_only_by_road_and_in_travel():  # MOV-16, SR 9.4.6 (L499)
    assert rules_broken(move({"A-TANK": "A0602"}, "A-TANK", "A0702")) == ["HTTR SR 9.4.6"]  # off the road
    # disrupted, so one hex: no way round by the raised road from A0701
    assert rules_broken(move({"A-TANK": ("A0602", TRAVEL_DISRUPTED)}, "A-TANK", "A0702")) == ["HTTR SR 9.4.6"]
    assert rules_broken(move({"A-TANK": "A0701"}, "A-TANK", "A0702")) == ["HTTR SR 9.4.6"]  # by road, not in Travel
    assert all_legal(move({"A-TANK": ("A0701", TRAVEL)}, "A-TANK", "A0702"))
    assert all_legal(move({"A-INF1": "A0602"}, "A-INF1", "A0702"))  # a leg unit, not in Travel: marsh as terrain


def test_no_voluntary_exit_from_travel_on_a_raised_road_or_in_marsh():  # MOD-8, SR 9.4.2.2 / 9.4.6
    def change(where: str) -> list:
        log = Log({"A-TANK": (where, TRAVEL)}).phase(1, "allied_organization").mode("A-TANK", "Concentrated", "Travel")
        return last(log.check())
    assert rules_broken(change("A0704")) == ["HTTR SR 9.4.2.2"]  # on the raised road
    assert rules_broken(change("A0703")) == ["HTTR SR 9.4.2.2"]
    assert all_legal(change("A0601"))


def test_a_zoc_crosses_a_dike_only_from_a_unit_next_to_it():  # ZOC-3, SR 8.4.2 (L440)
    # G-ART (range 12) two hexes away, beyond the A0602/A0603 dike: no ZOC in A0603, 10 MP for 5 clear hexes
    v = move({"A-INF1": "A0603", "G-ART": "A0601"}, "A-INF1", "A0608")
    assert all_legal(v) and "10 of 12 MP" in v[0].detail
    # G-INF1 next to the dike: its ZOC reaches A0603, and leaving it costs 3 MP more (13 > 12)
    assert rules_broken(move({"A-INF1": "A0603", "G-INF1": "A0602"}, "A-INF1", "A0608")) == ["HTTR SR 9.2.3"]
    # G-ART two hexes away with no dike between: the ZOC is there
    assert rules_broken(move({"A-INF1": "A0603", "G-ART": "A0403"}, "A-INF1", "A0608")) == ["HTTR SR 9.2.3"]


def test_movement_allowance_by_unit_type():  # MOV-6, SR 9.3.1 (L464)
    v = move({"A-REC2": "B0101"}, "A-REC2", "B0108")  # no printed MA: a reconnaissance unit has 14 MP
    assert all_legal(v) and "14 of 14 MP" in v[0].detail
    assert rules_broken(move({"A-INF1": "B0101"}, "A-INF1", "B0108")) == ["HTTR SR 9.2.3"]  # MA 12
    v = move({"A-TANK2": "B0101"}, "A-TANK2", "B0103")  # an AFV without a printed MA may be a King Tiger II
    assert unsure(v) and "movement of unit A-TANK2" in unsure(v)[0].needs
    assert rules_broken(move({"G-STATIC": "B0101"}, "G-STATIC", "B0102", phase="german_movement")) == ["HTTR SR 9.3.1"]


def test_night_movement_costs():  # MOV-27, SR 20.3 (L991): GT 6 is a night turn
    v = move({"A-INF1": "B0101"}, "A-INF1", "B0104", turn=6)  # 3 clear hexes at 2 + 1 MP
    assert all_legal(v) and "9 of 12 MP" in v[0].detail
    v = move({"A-INF1": "B0105"}, "A-INF1", "B0505", turn=6)  # 4 road hexes at 1 MP doubled
    assert all_legal(v) and "8 of 12 MP" in v[0].detail
    assert all_legal(move({"A-INF1": "B0101"}, "A-INF1", "B0106"))  # by day: 5 clear hexes, 10 MP
    assert rules_broken(move({"A-INF1": "B0101"}, "A-INF1", "B0106", turn=6)) == ["HTTR SR 9.2.3"]  # 10 + 5 at night


def test_towed_at_in_battery_into_an_ezoc_after_a_morale_check():  # MOV-10, SR 9.5.2.2 (L510), 16.2 (L828)
    setup = {"A-AT": "B0302", "G-INF1": "B0403"}  # B0303 is next to G-INF1; A-AT starts in battery, morale 6

    def go(*rolls: tuple[int, int], extra: dict | None = None) -> list:
        log = Log({**setup, **(extra or {})}).phase(1, "allied_movement")
        for r in rolls:
            log.roll("Morale Check", *r)
        return last(log.move("A-AT", "B0303").check())
    assert rules_broken(go()) == ["HTTR SR 9.5.2.2"]  # no morale check
    assert rules_broken(go((4, 3))) == ["HTTR SR 9.5.2.2"]  # 7 > 6: failed
    assert all_legal(go((3, 3)))
    assert all_legal(go((4, 4), extra={"A-INF1": "B0302"}))  # 8: the accompanying leg unit's morale of 8
    assert all_legal(last(Log(setup).phase(1, "allied_movement").move("A-AT", "B0301").check()))  # no EZOC
