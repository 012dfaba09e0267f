"""SUP-15's legal and illegal case judged from a log (issue #15): German supply along a road leading to a map edge,
not into an off-map area the Allies captured (HTTR ScR 5.1.1.1-5.1.1.2, L1091-L1092).

The play whose legality hangs on it is a recovery from disruption: out of supply the morale check has +1 (SR 10.6.4,
L638-L642), which the referee reads from the supply chain (``rules/httr/recovery.py`` through
``HighwayToTheReich.supplied``, whose sources drop a captured area's edge hexes, ``rules/httr/sources.py``).

The shared synthetic game has no German edge-road source inside an off-map area (its German source A0605 is on no
area's edge, and area 1W is captured on GT 4, before the supply rules begin on GT 8: ScR 5.2 L1133, 5.1.3.7 L1105),
so each test builds a copy of it in ``tmp_path`` with additions only (:func:`edge_game`): a primary road
A0401-A0404 leading to sheet A's west edge, a German supply source on its edge hex A0401, and an off-map area 2W
whose map edge is sheet A's column 01 (A0201-A0701), captured on the game turn the test gives. A copy rather than
shared data: a second German source in the shared game would widen German supply in every other test of it, and
1W's GT 4 is what the arrival tests rely on.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.games.game import Game

from tests.rules.httr.helpers import SYNTHETIC, Log, all_legal, last, rules_broken
from tests.rules.httr.test_recovery import DIS

RULE = "HTTR SR 10.6.4"
EDGE_ROAD = '''
# SUP-15 (tests/rules/httr/test_pairs_sup15.py): a primary road leading to sheet A's west edge, a German supply
# source on its edge hex (HTTR ScR 5.1.1.1 L1091), and the off-map area 2W that edge leads into (ScR 10.1.3 L1417)
[[thoroughfares]]
kind = "primary_road"
hexes = ["A0401", "A0402", "A0403", "A0404"]

[[places]]
name = "German west edge road"
kind = "supply-source"
side = "german"
feeds = "corps"
hexes = ["A0401"]
source = "synthetic test data (HTTR ScR 5.1.1.1 L1091)"

[[edges]]
id = "offmap-2W"
hexes = ["A0201", "A0301", "A0401", "A0501", "A0601", "A0701"]
source = "synthetic test data (the pattern of HTTR ScR 10.1.3 L1417)"
'''
CAPTURE = '''
[[rows]]
key = "2W"
cells = [{turn}]
source = "synthetic test data (HTTR ScR 5.1.1.2 L1092, the pattern of ScR 10.3 Table 3)"
'''
#: G-INF2 (morale 7) alone next to the edge-road source: in supply by SR 13.2.6.5 (L727), no HQ on the map.
NEXT_TO_SOURCE = {"G-INF2": ("A0402", DIS)}
#: G-INF2 under its whole chain, the corps HQ on the edge road (SR 13.2.3.1 L713: any length along roads to the
#: source), no HQ stacked with or next to G-INF2 (no -2, SR 10.6.4), no road from A0404 to the other source A0605.
CHAIN = {"G-CORPS": "A0404", "G-DIV": "A0406", "G-KG1": "A0408", "G-INF2": ("A0210", DIS)}


def edge_game(tmp_path: Path, captured_on: int) -> Game:
    """The synthetic game with the west edge road into area 2W, captured on GT ``captured_on`` (module docstring)."""
    folder = tmp_path / f"gt{captured_on}" / SYNTHETIC.name  # a game's folder is named by its id
    shutil.copytree(SYNTHETIC, folder)
    with (folder / "terrain.toml").open("a", encoding="utf-8") as f:
        f.write(EDGE_ROAD)
    with (folder / "tables" / "offmap_deactivation.toml").open("a", encoding="utf-8") as f:
        f.write(CAPTURE.format(turn=captured_on))
    return load_game(folder)


def recover(g: Game, setup: dict, turn: int) -> list:
    """G-INF2's recovery in the German Command Phase of GT ``turn`` on a morale roll of 7 (3 + 4): passed at its
    morale 7, failed once out of supply (7 + 1 > 7, SR 10.6.4)."""
    log = Log(setup, g).phase(turn, "german_command").roll("Morale Check", 3, 4)  # the chain alone decides: reading
    # recovery_supply 'path' (catalogue.READINGS; its default, SR 13.5's summary, also asks the HQ's CP)
    return last(log.layer("G-INF2", "Disrupted", "Disrupted", "Normal").check(recovery_supply="path"))


def test_a_german_edge_road_supplies_while_its_off_map_area_is_german(tmp_path):  # SUP-15, ScR 5.1.1.1
    """SUP-15: with area 2W captured on GT 10, G-INF2 recovers on 7 in the GT 9 German Command Phase, next to the
    edge-road source and under a chain whose corps HQ is on that road; on GT 10 too when 2W falls only on GT 11 (the
    turn alone changes nothing)."""
    g = edge_game(tmp_path, 10)
    assert all_legal(recover(g, NEXT_TO_SOURCE, 9))
    assert all_legal(recover(g, CHAIN, 9))
    later = edge_game(tmp_path, 11)
    assert all_legal(recover(later, NEXT_TO_SOURCE, 10))
    assert all_legal(recover(later, CHAIN, 10))


def test_no_german_supply_along_a_road_into_a_captured_off_map_area(tmp_path):  # SUP-15, ScR 5.1.1.2
    """SUP-15: 2W is captured immediately before the first phase of GT 10 (L1092): the road into it is no source,
    G-INF2 (next to it, or under the corps HQ on it) is out of supply and the same recovery fails, 7 + 1 > 7 (SR
    10.6.4); so from then on (GT 11)."""
    g = edge_game(tmp_path, 10)
    for setup in (NEXT_TO_SOURCE, CHAIN):
        for turn in (10, 11):
            got = recover(g, setup, turn)
            assert rules_broken(got) == [RULE] and "out of supply" in got[0].reason
