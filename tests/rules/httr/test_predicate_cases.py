"""Legal and illegal cases, on the synthetic game, for the HTTR predicates no earlier test exercised by name
(issue #15): each test names the predicate id and the rule; a log's legal case has no Illegal and its illegal
case breaks the rule cited; a supply predicate's cases are in and out of supply."""
from __future__ import annotations

from types import MappingProxyType

from hexforge.games import load_game
from hexforge.rules.httr.sources import sources
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.state import GameState
from tests.rules.httr.helpers import SYNTHETIC, Log, all_legal, last, rules_broken
from tests.rules.httr.test_fire import fire

CHAIN = {"A-CORPS": "B0105", "A-DIV": "B0205", "A-REG1": "B0305"}  # A-INF1's HQs; the Allied source is B0105


def supply(placed: dict[str, str], **kw) -> HttrSupply:
    """The Allied supply test on the synthetic map with ``placed`` units (``kw``: travel, disrupted HQs)."""
    g = load_game(SYNTHETIC)
    pos = MappingProxyType({u: g.map.hex(h) for u, h in placed.items()})
    st = GameState(pos, MappingProxyType({u: x.side for u, x in g.units.items()}), turn=1)
    return HttrSupply(g, st, sources(g, "allied"), **kw)


def test_artillery_fires_direct_only_from_the_top_two():  # DF-8, SR 6.3.1.8 (L191)
    """DF-8: A-ART second in B0303 (under A-INF3) fires DF at B0304; third, under A-INF2 and A-INF3, it may not."""
    enemy = {"G-AFV": "B0304", "G-INF1": "B0304"}
    assert all_legal(fire({**enemy, "A-INF3": "B0303", "A-ART": "B0303"}, "df B0304 from A-ART"))
    third = {**enemy, "A-ART": "B0303", "A-INF3": "B0303", "A-INF2": "B0303"}
    assert rules_broken(fire(third, "df B0304 from A-ART")) == ["HTTR SR 6.3.1.4"]


def test_mount_or_dismount_once_a_phase():  # MOV-7, SR 9.3.7 (L471)
    """MOV-7: A-INF1 on the road to A-REG1 dismounts (legal); remounting in the same phase is a second change."""
    log = Log({"A-INF1": "B0105", "A-REG1": "B0505"}).phase(1, "allied_movement") \
        .layer("A-INF1", "Dismounted", "Mounted", "Dismounted")
    assert all_legal(last(log.check()))
    log.layer("A-INF1", "Dismounted", "Dismounted", "Mounted")
    assert rules_broken(last(log.check())) == ["HTTR SR 9.3.7"]


def test_every_unit_in_the_defender_hex_defends():  # CA-9, SR 10.1.14 (L545)
    """CA-9: A-INF1 (5 SP) close-assaults B0304: against G-INF1 alone the odds are 5:3 = 1:1 (result D on 4);
    with G-INF2 there too both defend, 5:6 = 1:2 (result -)."""
    def resolved(setup: dict) -> str:
        log = Log({**setup, "A-INF1": "B0303"}).phase(1, "allied_movement").say("ca B0304 from B0303") \
            .roll("Close Action", 4)
        return last(log.check())[0].detail
    assert "odds 5:3 = 1:1, 1d6 4: result D" in resolved({"G-INF1": "B0304"})
    assert "odds 5:6 = 1:2, 1d6 4: result -" in resolved({"G-INF1": "B0304", "G-INF2": "B0304"})


def test_the_chain_to_the_hq_is_halved_for_a_travel_hq():  # SUP-1, SR 13.2.6.1 (L722), 13.2.2.6
    """SUP-1: A-INF1 six hexes from A-REG1 (A0101) traces to it even in Travel Mode (12 halved to 6); ten hexes
    away (A0710) it does not reach an HQ in Travel Mode, and with no HQ on the map it is out of supply."""
    travel = frozenset({"A-REG1"})
    assert supply({**CHAIN, "A-INF1": "A0101"}, travel=travel).status("A-INF1").supplied is True
    assert supply({**CHAIN, "A-INF1": "A0710"}).status("A-INF1").supplied is True
    assert supply({**CHAIN, "A-INF1": "A0710"}, travel=travel).status("A-INF1").supplied is False
    assert supply({"A-INF1": "B0304"}).status("A-INF1").supplied is False  # SR 13.2.6.2: no A-REG1


def test_a_unit_next_to_its_source_is_in_supply():  # SUP-2, SR 13.2.6.5 (L727), ScR 5.1.8.1 (L1129)
    """SUP-2: with no HQ on the map, A-INF1 (not airborne) next to the Allied source B0105 is in supply; two hexes
    from it (B0304) it is not."""
    assert supply({"A-INF1": "B0104"}).status("A-INF1").supplied is True
    assert supply({"A-INF1": "B0304"}).status("A-INF1").supplied is False


def test_german_edge_roads_stop_supplying_once_their_off_map_area_is_captured():  # SUP-15, ScR 5.1.1.1-5.1.1.2
    """SUP-15 (L1091-1092), on the overlay test game (tests/data/overlay-httr: German edge-road sources 0103 and
    1110; off-map area 1W, 0101-0105, captured on GT 3): GE-CORPS on 0103 is in supply on GT 2, not on GT 3."""
    from tests.overlays.conftest import DATA
    g = load_game(DATA / "overlay-httr")

    def corps_supplied(turn: int) -> bool | None:
        st = GameState(MappingProxyType({"GE-CORPS": g.map.hex("0103")}),
                       MappingProxyType({u: x.side for u, x in g.units.items()}), turn=turn)
        return HttrSupply(g, st, sources(g, "german", None, turn)).status("GE-CORPS").supplied
    assert corps_supplied(2) is True
    assert corps_supplied(3) is False

