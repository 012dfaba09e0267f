"""HTTR movement audit fixes (issue #15, audit items 1, 3, 4, 13 and factor (a)) on the synthetic game:

- how a unit moves now (SR 9.3.3 L467, 9.3.9 L473): a dismounted unit and an HQ in Defilade move as leg units, for
  the TEC column, the Reaction Phase's hex limit (9.1.4), the raised-road bridge's extra MP (9.4.2.4) and a supply
  path's prohibited terrain (13.2.2.4);
- the leader's MP (SR 19.2.3 L974, 19.6.2 L985): a leader stacked with *his* HQ, for every unit below that HQ,
  cumulative;
- a towed unit in battery moves at most one hex (SR 9.3.10 L474, 9.5.2.1 L509);
- a trail between adjacent city hexes (SR 9.4.1.3 L481).

Synthetic TEC (tests/games/httr-synthetic/tables/tec.toml): clear 3/3/2/2/1 MP (Defilade leg/vehicular,
Concentrated leg/vehicular, Travel), forest 6/prohibited/4/prohibited/prohibited, city 3/3/2/2/2, trail 1 (2 at
night). A-PZG is tracked armored infantry (vehicular until dismounted); A-LDR's formation is A-DIV (his HQ).
"""
from __future__ import annotations

import shutil
from pathlib import Path
from types import MappingProxyType

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.leader_ma import leader_bonus
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.httr.units import formation_chain
from hexforge.rules.state import GameState

from tests.rules.httr.helpers import (
    SYNTHETIC,
    Log,
    all_legal,
    game,
    last,
    rules_broken,
    unsure,
)
from tests.rules.httr.test_columns import verdicts_of


def move(setup: dict, unit: str, *path: str, phase: str = "allied_movement", g: Game | None = None) -> list:
    return last(Log(setup, g).phase(1, phase).move(unit, *path).check())


def copy_game(tmp_path: Path, cities: str | None = None, units: str = "") -> Game:
    """The synthetic game copied, with ``cities`` (a hex range in column A05) made city hexes and ``units`` rows added
    to its units.csv."""
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    if cities:
        t = copy / "terrain.toml"
        text = t.read_text()
        assert '"A0501..A0507", "A0509..A0510"' in text and 'city = ["A0508"]' in text
        text = text.replace('"A0501..A0507", "A0509..A0510"', '"A0501..A0505"').replace(
            'city = ["A0508"]', f'city = ["{cities}"]')
        t.write_text(text)
    if units:
        with (copy / "units.csv").open("a") as f:
            f.write(units)
    return load_game(copy)


def _positions(g: Game, where: dict[str, str]) -> GameState:
    return GameState(MappingProxyType({u: g.map.hex(h) for u, h in where.items()}),
                     MappingProxyType({u: x.side for u, x in g.units.items()}), turn=1)


# -- MOV-2: how the unit moves now (SR 9.3.2 / 9.3.3 / 9.3.9) ------------------------------------------------------

def test_a_dismounted_unit_moves_as_a_leg_unit():  # MOV-2, SR 9.3.3 (L467): B0208 is forest
    dis = {"A-PZG": ("B0207", {"Mode": "Defilade", "Dismounted": "Dismounted"})}
    v = move(dis, "A-PZG", "B0208")
    assert all_legal(v) and "6 of 12 MP" in v[0].detail  # the Defilade leg column
    mounted = {"A-PZG": ("B0207", {"Mode": "Defilade"})}
    assert rules_broken(move(mounted, "A-PZG", "B0208")) == ["HTTR SR 9.2.3"]  # vehicular: forest prohibited


def test_an_hq_in_defilade_moves_as_a_leg_unit():  # MOV-2, SR 9.3.9 (L473)
    v = move({"A-REG1": ("B0207", {"Mode": "Defilade"})}, "A-REG1", "B0208")
    assert all_legal(v) and "6 of 12 MP" in v[0].detail
    assert rules_broken(move({"A-REG1": ("B0207", {"Mode": "Travel"})}, "A-REG1", "B0208")) == ["HTTR SR 9.2.3"]


def test_the_reaction_limit_of_a_unit_moving_as_leg():  # MOV-2 / SOP-4, SR 9.1.4 (L454) with 9.3.3, 9.3.9
    for unit, layers in (("A-REG1", {"Mode": "Defilade"}), ("A-PZG", {"Mode": "Concentrated",
                                                                    "Dismounted": "Dismounted"})):
        setup = {unit: ("B0101", layers)}
        assert all_legal(move(setup, unit, "B0103", phase="allied_reaction"))
        assert rules_broken(move(setup, unit, "B0104", phase="allied_reaction")) == ["HTTR SR 9.1.4"], unit
    for unit, layers in (("A-REG1", {"Mode": "Travel"}), ("A-PZG", {"Mode": "Concentrated"})):  # vehicular: 4
        assert all_legal(move({unit: ("B0101", layers)}, unit, "B0105", phase="allied_reaction")), unit


def test_a_dismounted_unit_pays_the_raised_road_bridge():  # MOV-14 with MOV-2, SR 9.4.2.4 (L485), 9.3.3
    """A0703-A0704: a stream bridged, only the raised road across it; leg units in Concentrated use the road rate
    (9.4.2.1: 1 MP) and those that cannot adopt Travel Mode pay 1 MP more at that bridge."""
    dis = move({"A-PZG": ("A0703", {"Mode": "Concentrated", "Dismounted": "Dismounted"})}, "A-PZG", "A0704")
    leg = move({"A-INF1": ("A0703", {"Mode": "Concentrated"})}, "A-INF1", "A0704")
    assert all_legal(dis) and all_legal(leg)
    # changed (audit A1 item 19c): SR 9.4.2.4 (L485) charges 'leg units which cannot adopt Travel Mode'; the
    # dismounted A-PZG moves as a leg unit (9.3.3) but its vehicles let it adopt Travel Mode (9.5.1.1, 5.1 L139), so
    # it crosses at the road rate (9.4.2.1): 1 MP; A-INF1 has no trucks (no [special.travel_capable] row): 2 MP
    assert "2 of 12 MP" in leg[0].detail and "1 of 12 MP" in dis[0].detail


def test_a_supply_path_enters_the_terrain_of_how_the_unit_moves():  # MOV-2 / SUP-1, SR 13.2.2.4 (L706), 9.3.3
    g = game()
    forest = g.map.hex("B0208")
    for dismounted in (True, False):
        st = mem.with_mode(_positions(g, {"A-PZG": "B0207"}), "A-PZG", "defilade")
        st = mem.with_state(st, "A-PZG", "dismounted", dismounted)
        through, _ = HttrSupply(g, st, []).allowed("A-PZG", "allied")
        assert through(forest) is dismounted  # forest: prohibited in the Defilade vehicular column
    hq = HttrSupply(g, _positions(g, {"A-REG1": "B0207"}), [])  # not in Travel: in Defilade (SR 9.5.1.1)
    assert hq.allowed("A-REG1", "allied")[0](forest) is True
    assert HttrSupply(g, _positions(g, {"A-REG1": "B0207"}), [], travel=("A-REG1",)).allowed(
        "A-REG1", "allied")[0](forest) is False


# -- MOV-26: a leader with his HQ (SR 19.2.3 / 19.6.2) ------------------------------------------------------------

LEADER2 = "A-LDR2,Allied regimental leader,allied,A-REG1,leader,,leg,,,,,,12,synthetic test data (a copy),,,\n"
EZOC = {"A-INF1": "B0102", "G-INF1": "B0201"}  # 5 clear hexes to B0107 (10 MP) + 3 MP out of G-INF1's ZOC: 13 MP


def test_a_leader_with_his_hq_adds_one_mp_to_units_below_it():  # MOV-26, SR 19.2.3 (L974)
    setup = {**EZOC, "A-REG1": "B0701", "A-DIV": "B0703", "A-LDR": "B0703"}  # A-LDR with A-DIV, his HQ
    v = move(setup, "A-INF1", "B0107")
    assert all_legal(v) and "13 of 13 MP" in v[0].detail  # A-INF1 is under A-REG1, under A-DIV


def test_a_leader_with_an_hq_not_his_adds_nothing():  # MOV-26, SR 19.2.3 (L974): "his HQ"
    setup = {**EZOC, "A-REG1": "B0701", "A-DIV": "B0703", "A-LDR": "B0701"}  # A-LDR with A-REG1
    assert rules_broken(move(setup, "A-INF1", "B0107")) == ["HTTR SR 9.2.3"]
    other = {**EZOC, "A-REG2": "B0701", "A-LDR": "B0701"}
    assert rules_broken(move(other, "A-INF1", "B0107")) == ["HTTR SR 9.2.3"]


def test_leaders_with_their_hqs_are_cumulative(tmp_path):  # MOV-26, SR 19.6.2 (L985)
    g = copy_game(tmp_path, units=LEADER2)
    both = {"A-INF1": "B0101", "A-REG1": "B0701", "A-LDR2": "B0701", "A-DIV": "B0703", "A-LDR": "B0703"}
    v = move(both, "A-INF1", "B0108", g=g)  # 7 clear hexes: 14 MP
    assert all_legal(v) and "14 of 14 MP" in v[0].detail
    one = {**both, "A-LDR2": "B0702"}
    assert rules_broken(move(one, "A-INF1", "B0108", g=g)) == ["HTTR SR 9.2.3"]
    # A-INF3 is under A-REG2: A-LDR2 with A-REG1 adds nothing to it
    assert rules_broken(move({**one, "A-LDR2": "B0701", "A-INF1": "B0110", "A-INF3": "B0101"}, "A-INF3", "B0108",
                             g=g)) == ["HTTR SR 9.2.3"]


def test_a_leader_whose_hq_is_not_known_is_named():  # MOV-26 on the bundled data: Frost's formation '2/1P'
    """HCav Troop A is under GA HQ (formation 'Guards Armored', game.toml [special.formation_hqs]); Frost stacked with
    GA HQ may be his HQ: units.csv does not say which HQ '2/1P' is."""
    g = load_game("highway-to-the-reich")
    assert g.units["Frost"].formation == "2/1P" and "GA HQ" in formation_chain(g, "HCav Troop A")
    st = _positions(g, {"Frost": "C2808", "GA HQ": "C2808", "HCav Troop A": "C2810"})
    got = leader_bonus(g, st, "HCav Troop A")
    assert got.mp == 0 and got.unsure is not None and "the HQ of leader Frost" in got.unsure, got


def test_an_unsure_leader_bonus_is_not_checkable_only_over_the_ma(tmp_path):  # MOV-26, SR 19.2.3
    """A leader of unknown HQ (formation naming no unit) stacked with A-INF1's HQ: the MA may be 13."""
    g = copy_game(tmp_path, units="A-LDRX,Allied leader of no known HQ,allied,X-HQ,leader,,leg,,,,,,12,synthetic,,,\n")
    setup = {**EZOC, "A-REG1": "B0701", "A-LDRX": "B0701"}
    v = move(setup, "A-INF1", "B0107", g=g)
    assert not rules_broken(v) and [n.needs for n in unsure(v)] == [
        "the HQ of leader A-LDRX (units.csv formation 'X-HQ': a leader stacked with his HQ adds 1 MP, SR 19.2.3)"]
    assert all_legal(move(setup, "A-INF1", "B0106", g=g))  # within 12 MP: no question


# -- MOV-9: a towed unit in battery moves one hex (SR 9.3.10 / 9.5.2.1) --------------------------------------------

def test_a_towed_unit_in_battery_moves_one_hex():  # MOV-9, SR 9.5.2.1 (L509)
    battery = {"A-AT": ("B0102", {"Mode": "Defilade"})}
    assert all_legal(move(battery, "A-AT", "B0103"))
    assert rules_broken(move(battery, "A-AT", "B0105")) == ["HTTR SR 9.5.2.1"]
    assert rules_broken(move({"A-ART": ("B0102", {"Mode": "Defilade"})}, "A-ART", "B0104")) == ["HTTR SR 9.5.2.1"]
    assert all_legal(move({"A-AT": ("B0102", {"Mode": "Travel"})}, "A-AT", "B0105"))  # SR 9.3.10: in Travel


# -- MOV-12: a trail through every city hexside (SR 9.4.1.3) --------------------------------------------------------

def test_adjacent_city_hexes_are_joined_by_a_trail(tmp_path):  # MOV-12, SR 9.4.1.3 (L481)
    g = copy_game(tmp_path, cities="A0506..A0510")
    v = move({"A-INF1": ("A0506", {"Mode": "Concentrated"})}, "A-INF1", "A0510", g=g)
    assert all_legal(v) and "4 of 12 MP" in v[0].detail  # four trail hexsides at 1 MP (city: 2)
    assert all_legal(move({"A-SLOW": ("A0506", {"Mode": "Concentrated"})}, "A-SLOW", "A0508", g=g))  # 2 of MA 2


def test_the_city_trail_needs_a_city_hex_each_side(tmp_path):  # MOV-12, SR 9.4.1.3 (L481), 9.4.1.2
    g = copy_game(tmp_path, cities="A0506..A0510")
    # A0505 is no city and no trail is drawn to A0506: 2 MP into the city hex, then 1 by the trail: 3 > MA 2
    assert rules_broken(move({"A-SLOW": ("A0505", {"Mode": "Concentrated"})}, "A-SLOW", "A0507",
                             g=g)) == ["HTTR SR 9.2.3"]
    # in Defilade no road or trail helps (9.4.1.2): four city hexes at 3 MP, within 12; five would be 15
    v = move({"A-INF1": ("A0506", {"Mode": "Defilade"})}, "A-INF1", "A0510", g=g)
    assert all_legal(v) and "12 of 12 MP" in v[0].detail
    assert rules_broken(move({"A-INF1": ("A0505", {"Mode": "Defilade"})}, "A-INF1", "A0510", g=g)) == [
        "HTTR SR 9.2.3"]


def test_a_supply_road_trace_uses_the_city_trail(tmp_path):  # MOV-12 / SUP-1, SR 9.4.1.3 with 13.2.6.3 (L725)
    g = copy_game(tmp_path, cities="A0506..A0510")
    road = HttrSupply(g, _positions(g, {}), []).travel_step("allied", roads_only=True)
    assert road(g.map.hex("A0506"), g.map.hex("A0507")) == 1.0  # the trail's Travel rate
    assert road(g.map.hex("A0505"), g.map.hex("A0506")) is None  # no road or trail: not on a road trace
    plain = HttrSupply(game(), _positions(game(), {}), []).travel_step("allied", roads_only=True)
    assert plain(game().map.hex("A0508"), game().map.hex("A0507")) is None  # one city hex: no trail out of it


def test_road_column_leg_units_are_those_moving_as_leg_at_the_road_rate():  # MOV-20 with MOV-2, SR 9.6.7-9.6.8
    """B0105 to A0605: 11 road hexes (1 MP each concentrated, 22 MP off the road). A dismounted unit is a leg unit of
    the column (9.6.8); an HQ in Defilade moves as a leg unit (9.3.9) but has no road rate (9.4.1.2), so it is not
    one of the leg units "using the road movement rate"."""
    setup = {"A-INF1": "B0105", "A-INF2": "B0105", "A-PZG": ("B0105", {"Mode": "Concentrated",
                                                                      "Dismounted": "Dismounted"})}
    three = Log(setup).phase(1, "allied_movement").drag(("A-PZG", "A-INF1", "A-INF2"), "A0605").check()
    assert rules_broken(verdicts_of(three, "A-INF2")) == ["HTTR SR 9.6.7"]
    hq = {**setup, "A-PZG": "B0101", "A-REG1": ("B0105", {"Mode": "Defilade"})}
    with_hq = Log(hq).phase(1, "allied_movement").drag(("A-REG1", "A-INF1", "A-INF2"), "A0605").check()
    assert all_legal(verdicts_of(with_hq, "A-INF2"))


def test_checks_outside_the_route_search_see_an_unsure_ma_as_unknown(tmp_path):  # MOV-26, SR 19.2.3
    """The end-of-move Travel change, a column's off-map road and a CA's cost compare MP with ``ma_known``: with a
    leader of unknown HQ stacked with A-INF1's HQ the MA may be 13, so it names that leader; without, it is the MA."""
    from hexforge.maps.terrain import Unknown
    from hexforge.rules.httr.movement import Movement
    g = copy_game(tmp_path, units="A-LDRX,Allied leader of no known HQ,allied,X-HQ,leader,,leg,,,,,,12,synthetic,,,\n")
    unsure = Movement(g, _positions(g, {"A-INF1": "B0101", "A-REG1": "B0701", "A-LDRX": "B0701"}), "A-INF1")
    assert unsure.ma() == 12 and isinstance(unsure.ma_known(), Unknown) and "A-LDRX" in unsure.ma_known().needs
    assert Movement(g, _positions(g, {"A-INF1": "B0101", "A-REG1": "B0701"}), "A-INF1").ma_known() == 12


def test_a_remount_line_runs_along_the_city_trail(tmp_path):  # MOV-8 / MOV-12, SR 9.3.8 (L472) with 9.4.1.3 (L481)
    """The SR 9.3.8 line back to the HQ runs along roads or trails only: across adjacent city hexes, their trail
    carries it; the same hexes in the open carry none."""
    g = copy_game(tmp_path, cities="A0506..A0510")
    where = {"A-INF1": "A0506", "A-REG1": "A0509"}
    assert HttrSupply(g, _positions(g, where), []).road_line("A-INF1", "A-REG1").supplied is True
    assert HttrSupply(game(), _positions(game(), where), []).road_line("A-INF1", "A-REG1").supplied is False
