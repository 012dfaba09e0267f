"""SUP-1 for a German division HQ whose corps HQ is not in play (HTTR ScR 5.1.5.2, L1117) and for Division von
Tettau's roads off the west edge north of the Rhine (ScR 5.1.5.1, L1116): ``HttrSupply._not_in_play``.

Reading of 5.1.5.2 ("traces from the nearest map edge as though the corps HQ was 10 primary road hexes away from the
edge"): the division HQ's link to its corps HQ is 18 MP (SR 13.2.4.1, L715, traced in Travel Mode, 13.2.2.7); 10
primary road hexes at the TEC's Travel Mode road rate (synthetic: 0.5 MP, so 5 MP) are spent beyond the edge, and the
HQ must reach a hex of the map's edge with the 13 MP left. Von Tettau (5.1.5.1): the road stands in for its corps HQ,
the HQ traces its 18 MP to a hex of a primary/secondary road that runs, unbroken, to that edge.

The shared synthetic map (two 10 x 7 sheets) puts every hex within 5 hexes of an edge, so the cases beyond 13 MP are
built on a copy in ``tmp_path`` (:func:`big_game`, as ``test_pairs_sup15.py`` does): sheet A widened to 60 columns
and 30 rows, its new hexes clear (1 MP in Travel Mode), a primary road A1601-A1640 to the west edge, that
edge's hexes from row 10 up as von Tettau's ``west-north-of-rhine``, a German division HQ G-TETTAU, and G-KGX named
as 5.1.5.2's ``also`` (as KG Walther on the bundled game). The play judged is a recovery from disruption: out of
supply its morale check has +1 (SR 10.6.4, L638-L642), read from the supply chain on GT 8 and after (the synthetic
game's supply start, ScR 5.2 L1133)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import MappingProxyType

import pytest

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules.httr.sources import sources
from hexforge.rules.httr.supply import HttrSupply, Status
from hexforge.rules.state import GameState
from tests.rules.httr.helpers import SYNTHETIC, all_legal, rules_broken
from tests.rules.httr.test_pairs_sup15 import recover
from tests.rules.httr.test_recovery import DIS

RULE = "HTTR SR 10.6.4"
TURN = 9  # the supply rules apply (synthetic from_turn 8)
BIG = '''
# tests/rules/httr/test_corps_not_in_play.py: a primary road to the west edge, and that edge north of a notional Rhine
[[thoroughfares]]
kind = "primary_road"
hexes = [{road}]

[[edges]]
id = "big-west"
hexes = [{edge}]
source = "synthetic test data (HTTR ScR 5.1.5.1 L1116: the west edge north of the Rhine)"
'''
TETTAU = ('G-TETTAU,German division von Tettau HQ,german,,HQ,division,vehicular,1,5,7,,,12,synthetic test data,'
          'no corps HQ above it (HTTR ScR 5.1.5.1 L1116),,\n')
WEST = ('west_roads = { hqs = ["G-TETTAU"], edge = "big-west", roads = ["primary_road", "secondary_road"], '
        'source = "HTTR ScR 5.1.5.1 (L1116)" }\n')


def big_game(tmp_path: Path) -> Game:
    """The synthetic game with sheet A 60 x 30, its new hexes clear, the west road and von Tettau (module docstring)."""
    folder = tmp_path / SYNTHETIC.name  # a game's folder is named by its id
    shutil.copytree(SYNTHETIC, folder)
    toml = (folder / "game.toml").read_text(encoding="utf-8")
    sheet_a = re.compile(r'(letter = "A"\ncolumns = \{ first = 1, last = )10(, increase = "right" \}\nrows = '
                         r'\{ first = 1, last = )7')
    assert sheet_a.search(toml), "the synthetic game's sheet A is no longer 10 x 7"
    toml = sheet_a.sub(r"\g<1>60\g<2>30", toml)
    toml = toml.replace('corps_not_in_play = { sides = ["german"], ',
                        'corps_not_in_play = { also = ["G-KGX"], sides = ["german"], ')
    (folder / "game.toml").write_text(toml.replace("from_turn = 8\n", "from_turn = 8\n" + WEST, 1), encoding="utf-8")
    terrain = (folder / "terrain.toml").read_text(encoding="utf-8")
    more = [f'"A{r:02d}11..A{r:02d}60"' for r in range(1, 8)] + [f'"A{r:02d}01..A{r:02d}60"' for r in range(8, 31)]
    assert terrain.count('\nclear = ["') == 1, "the synthetic terrain's clear list moved"
    terrain = terrain.replace('\nclear = ["', '\nclear = [' + ", ".join(more) + ', "', 1)
    road = ", ".join(f'"A16{c:02d}"' for c in range(1, 41))
    edge = ", ".join(f'"A{r:02d}01"' for r in range(10, 31))
    (folder / "terrain.toml").write_text(terrain + BIG.format(road=road, edge=edge), encoding="utf-8")
    with (folder / "units.csv").open("a", encoding="utf-8") as f:
        f.write(TETTAU)
    return load_game(folder)


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Game:
    return big_game(tmp_path_factory.mktemp("corps_not_in_play"))


def chain(g: Game, where: dict[str, str], uid: str) -> tuple[Status, list[str]]:
    """The German supply answer for ``uid`` with the units of ``where`` on the map (GT 9), and what it needs."""
    st = GameState(MappingProxyType({u: g.map.hex(h) for u, h in where.items()}),
                   MappingProxyType({u: x.side for u, x in g.units.items()}), turn=TURN)
    sup = HttrSupply(g, st, sources(g, "german", None, TURN))
    return sup.status(uid), sup.missing()


def test_a_division_hq_within_13_mp_of_the_edge_is_in_supply(big):  # SUP-1, ScR 5.1.5.2
    """SUP-1: G-CORPS is not on the map; G-DIV at A1647 is 13 clear hexes (13 MP) from the east edge: in supply,
    by 5.1.5.2; at A1646 every edge is 14 MP or more away (east 14, north 14 to row 30, the road's end A1640 6
    hexes and 19.5 MP more to the west edge, south 21): out."""
    near, _ = chain(big, {"G-DIV": "A1647"}, "G-DIV")
    assert near.supplied is True and "ScR 5.1.5.2" in near.reason and "13 MP left" in near.reason, near
    far, _ = chain(big, {"G-DIV": "A1646"}, "G-DIV")
    assert far.supplied is False and "no path to the map edge within 13 MP" in far.reason, far


def test_a_recovery_reads_the_edge_trace(big):  # SUP-1, ScR 5.1.5.2 through SR 10.6.4
    """SUP-1: G-INF2 (morale 7) under G-KG1 under G-DIV, G-CORPS not in play, no HQ stacked with or next to G-INF2;
    a roll of 7 recovers it with G-DIV 13 MP from the edge, and fails (7 + 1 > 7, out of supply) at 14 MP."""
    assert all_legal(recover(big, {"G-DIV": "A1647", "G-KG1": "A1645", "G-INF2": ("A1643", DIS)}, TURN))
    got = recover(big, {"G-DIV": "A1646", "G-KG1": "A1644", "G-INF2": ("A1642", DIS)}, TURN)
    assert rules_broken(got) == [RULE] and "out of supply" in got[0].reason, got


def test_the_rule_waits_for_the_supply_rules_and_not_for_a_corps_in_play(big):  # SUP-1, ScR 5.1.5.2
    """SUP-1: with G-CORPS on the map the division traces to it, not to the edge: G-DIV at A1647 with G-CORPS out
    of its 18 MP (A1620: 27 hexes) is out of supply though the edge is 13 MP away."""
    got, _ = chain(big, {"G-DIV": "A1647", "G-CORPS": "A1620"}, "G-DIV")
    assert got.supplied is False and "ScR 5.1.5.2" not in got.reason and got.via == "G-CORPS", got


def test_kg_walther_and_the_shared_map(big):  # SUP-1, ScR 5.1.5.2 'also applies to KG Walther'
    """SUP-1: the HQ ``also`` names (G-KGX here, KG Walther on the bundled game) traces as the division does; on the
    shared synthetic map G-DIV without its corps HQ is in supply next to the west edge (A0302, 1 MP)."""
    assert chain(big, {"G-KGX": "A1647"}, "G-KGX")[0].supplied is True
    assert chain(big, {"G-KGX": "A1646"}, "G-KGX")[0].supplied is False
    shared, _ = chain(load_game(SYNTHETIC), {"G-DIV": "A0302"}, "G-DIV")
    assert shared.supplied is True and "ScR 5.1.5.2" in shared.reason, shared


def test_von_tettau_traces_along_a_road_off_the_west_edge(big):  # SUP-1, ScR 5.1.5.1
    """SUP-1: G-TETTAU at A1640, on the road's east end 39 hexes (19.5 MP) from the west edge and every edge beyond
    13 MP (north 14, east 20), is in supply by its road (5.1.5.1) where G-DIV in the same hex is not (5.1.5.2
    only); with an Allied company on the road at A1603 the road reaches the edge from A1601 only (A1602 is in its
    ZOC), which is more than 18 MP from A1640 (17.5 MP of road to A1605, then round the company): out of supply."""
    tettau, _ = chain(big, {"G-TETTAU": "A1640"}, "G-TETTAU")
    assert tettau.supplied is True and "ScR 5.1.5.1" in tettau.reason, tettau
    assert chain(big, {"G-DIV": "A1640"}, "G-DIV")[0].supplied is False
    cut, _ = chain(big, {"G-TETTAU": "A1640", "A-INF1": "A1603"}, "G-TETTAU")
    assert cut.supplied is False and "ScR 5.1.5.1" in cut.reason, cut


@pytest.fixture(scope="module")
def httr() -> Game:
    return load_game("highway-to-the-reich")


@pytest.mark.parametrize("hq", ["85xx", "7FJ Div HQ", "KG Walther HQ"])
def test_the_bundled_german_division_asks_for_the_roads(httr, hq):  # SUP-1, ScR 5.1.5.2
    """SUP-1: no German corps HQ is in units.csv, so none is in play: the bundled German division HQs (and KG
    Walther) trace to the map edge, and the answer names the TEC's primary road Travel Mode rate, not their corps."""
    got, needs = chain(httr, {hq: "C2808"}, hq)
    assert got.supplied is None and "ScR 5.1.5.2" in got.reason, got
    assert "TEC 'primary_road' move_travel" in got.reason and "TEC 'primary_road' move_travel" in needs, got
    assert not any("the HQ unit" in n for n in needs), needs


def test_the_bundled_von_tettau_asks_for_the_west_edge(httr):  # SUP-1, ScR 5.1.5.1
    """SUP-1: von Tettau's roads need the hexes of the west edge north of the Rhine (terrain.toml, not transcribed)."""
    got, needs = chain(httr, {"von Tettau HQ": "C2808"}, "von Tettau HQ")
    assert got.supplied is None, got
    assert any("terrain.toml edge 'west-north-of-rhine'" in n for n in needs), needs
