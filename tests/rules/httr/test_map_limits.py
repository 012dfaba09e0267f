"""HTTR map limits (ScR 8.0, 8.1.8, 8.3.2, 8.3.3) on the synthetic game's [special.map_limits]: its polder is A03xx
(mixed A0302-A0303, a road between them), Germans starting on sheet B never enter its column 02, A-DIV2 stays within
3 hexes of its drop zone B0308 unless within 1 of the route (row 05's road) and its HQ within 2 of B0108, and the
hexside B0608-B0609 is a ferry. On the bundled game each answers not checkable, naming the missing map datum."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED


def broken(log: Log) -> list[str]:
    return rules_broken(last(log.check()))


def test_travel_units_keep_to_the_polder_roads():  # RES-1, ScR 8.0 (L1292)
    off_road = Log({"A-TANK": ("A0202", {"Mode": "Travel"})}).phase(1, "allied_movement").move("A-TANK", "A0302")
    assert "HTTR ScR 8.0" in broken(off_road)
    by_road = Log({"A-TANK": ("A0302", {"Mode": "Travel"})}).phase(1, "allied_movement").move("A-TANK", "A0303")
    assert "HTTR ScR 8.0" not in broken(by_road) and not illegal(last(by_road.check()))
    concentrated = Log({"A-TANK": "A0202"}).phase(1, "allied_movement").move("A-TANK", "A0302")
    assert "HTTR ScR 8.0" not in broken(concentrated)


def test_germans_never_cross_the_initial_front_line():  # RES-4, ScR 8.1.8 (L1301)
    south = Log({"G-INF1": "B0305"}).phase(1, "german_movement").move("G-INF1", "B0205")
    assert broken(south) == ["HTTR ScR 8.1.8"]
    north = Log({"G-INF1": "B0305"}).phase(1, "german_movement").move("G-INF1", "B0405")
    assert not illegal(last(north.check()))
    allied = Log({"A-INF1": "B0305"}).phase(1, "allied_movement").move("A-INF1", "B0205")
    assert "HTTR ScR 8.1.8" not in broken(allied)


def test_airborne_units_stay_near_their_drop_zone_or_the_route():  # RES-11, ScR 8.3.2 (L1342)
    near = Log({"A-INF4": "B0308"}).phase(1, "allied_movement").move("A-INF4", "B0208", "B0108")
    assert not illegal(last(near.check()))
    along = Log({"A-INF4": "B0106"}).phase(1, "allied_movement").move("A-INF4", "B0105", "B0104")
    assert "HTTR ScR 8.3.2" not in broken(along)  # B0104: 1 hex from the route
    away = Log({"A-INF4": "B0106"}).phase(1, "allied_movement").move("A-INF4", "B0105", "B0104", "B0103")
    assert "HTTR ScR 8.3.2" in broken(away)  # B0103: 6 hexes from the drop zone, 2 from the route
    other = Log({"A-INF1": "B0106"}).phase(1, "allied_movement").move("A-INF1", "B0105", "B0104", "B0103")
    assert "HTTR ScR 8.3.2" not in broken(other)  # not airborne


def test_the_division_hq_stays_near_its_supply_dz():  # RES-11, ScR 8.3.2 (L1343)
    home = Log({"A-DIV2": "B0108"}).phase(1, "allied_movement").move("A-DIV2", "B0208", "B0308")
    assert "HTTR ScR 8.3.2" not in broken(home)
    far = Log({"A-DIV2": "B0108"}).phase(1, "allied_movement").move("A-DIV2", "B0208", "B0308", "B0408")
    assert "HTTR ScR 8.3.2" in broken(far)  # B0408: 1 from the drop zone but 3 from the supply head


def test_allied_units_never_cross_a_ferry_hexside():  # RES-12, ScR 8.3.3 (L1344)
    across = Log({"A-INF1": "B0608"}).phase(1, "allied_movement").move("A-INF1", "B0609")
    assert broken(across) == ["HTTR ScR 8.3.3"]
    beside = Log({"A-INF1": "B0607"}).phase(1, "allied_movement").move("A-INF1", "B0608")
    assert not illegal(last(beside.check()))
    german = Log({"G-INF1": "B0608"}).phase(1, "german_movement").move("G-INF1", "B0609")
    assert "HTTR ScR 8.3.3" not in broken(german)


def test_a_retreat_is_not_a_voluntary_move():  # RES-4, RES-12: only a unit's own side's movement is judged
    retreat = Log({"A-INF1": "B0608"}).phase(1, "german_movement").move("A-INF1", "B0609")
    assert "HTTR ScR 8.3.3" not in broken(retreat)


def test_the_bundled_map_lacks_the_limits_data():  # RES-1, RES-4, RES-11, RES-12 on the bundled data
    allied = "501/101"
    german = next(u for u in BUNDLED.units if BUNDLED.units[u].side == "german")
    log = Log({allied: ("B2348", {"Mode": "Travel"}), german: "D1010"}, BUNDLED).phase(3, "allied_movement") \
        .move(allied, "B2349").move(allied, "B2348").phase(3, "german_movement").move(german, "D1011")
    verdicts = [v for j in log.check().judged for v in j.verdicts]
    needs = [x.needs for x in unsure(verdicts)]
    for datum in ("ferry hexsides other than Pannerden", "initial front line on Map D", "drop zones' hexes", "polder"):
        assert sum(datum in n for n in needs) == 1, (datum, needs)  # once per log, not once per move
    assert not any(r in ("HTTR ScR 8.3.3", "HTTR ScR 8.1.8", "HTTR ScR 8.3.2") for r in rules_broken(verdicts))
