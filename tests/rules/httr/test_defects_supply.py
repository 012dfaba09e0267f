"""SUP-1 (SR 13.2.2-13.2.6, L702-L727) on HQs the data names but no unit id carries: the bundled units.csv's
formations "101", "59", "85" and "7FJ" are division (or corps) HQs whose counters are on the Formation Displays, not
transcribed; where such an HQ is is unknown, so a chain through it is not checkable, naming it, where it was out of
supply ("HQ 101 is not on the map"). An HQ that is a unit but off the map is still out of reach, and an airborne
division's corps, which its supply head stands in for (ScR 5.1.3.1), is no unknown HQ (tests/overlays cover it)."""
from __future__ import annotations

from types import MappingProxyType

import pytest

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.httr.sources import sources
from hexforge.rules.httr.supply import HttrSupply, Status
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.httr.helpers import SYNTHETIC, Log

INF = "2/506 5-3 no.1"


@pytest.fixture(scope="module")
def httr() -> Game:
    return load_game("highway-to-the-reich")


def chain(g: Game, where: dict[str, str], side: str, uid: str) -> tuple[Status, set[str]]:
    """The supply answer for ``uid`` with the units of ``where`` on the map (GT 10), and what its unknowns need."""
    st = GameState(MappingProxyType({u: g.map.hex(h) for u, h in where.items()}),
                   MappingProxyType({u: x.side for u, x in g.units.items()}), turn=10)
    supply = HttrSupply(g, st, sources(g, side))
    return supply.status(uid), set(supply.missing())


# (German division HQs whose corps HQ is not in play trace to the map edge, ScR 5.1.5.2: test_corps_not_in_play.py)
@pytest.mark.parametrize("hq, side, formation", [("506/101", "allied", "101"), ("1036/59", "german", "59")])
def test_an_hq_no_unit_id_carries_is_not_known_off_the_map(httr, hq, side, formation):  # SUP-1
    """Each HQ stands on the map; the HQ above it, named by its formation only, may be anywhere."""
    assert httr.units[hq].formation == formation and formation not in httr.units
    got, needs = chain(httr, {hq: "C2808"}, side, hq)
    assert got.supplied is None and "is not on the map" not in got.reason, got
    assert any(f"the HQ unit '{formation}'" in n for n in needs), needs


def test_a_unit_under_such_an_hq_moves_not_checkable_instead_of_on_a_1d6(httr):  # SUP-1 through MOV-24
    """SR 13.2.7.7: a unit without a valid supply path moves on a 1d6 of its own. The 506th company under its HQ
    (arrived this GT: 2 CP, ScR 12.02) moved without an MA roll was flagged SR 13.2.7.5 while '101' counted as off the
    map; now whether its path is valid is not checkable, and the company's own chain names the missing HQ."""
    log = Log({INF: ("C2808", {"Mode": "Concentrated"}), "506/101": (None, {"Mode": "Defilade"})}, httr) \
        .phase(10, "allied_movement").enter("506/101", "C2808").move(INF, "C2807")
    vs = [v for j in HttrReferee(rules_for(httr, None), log.timeline(), None).run().judged[1:] for v in j.verdicts]
    assert not [v for v in vs if isinstance(v, Illegal)], vs
    path = [v.needs for v in vs if isinstance(v, NotCheckable)
            and v.needs.startswith(f"whether {INF} traces a valid supply path (SR 13.2.7.7)")]
    assert path and all("the HQ unit '101'" in n for n in path), vs  # the datum its path needs
    got, _ = chain(httr, {INF: "C2808", "506/101": "C2808"}, "allied", INF)
    assert got.supplied is None and "the HQ unit '101'" in got.reason, got


def test_an_hq_unit_off_the_map_is_still_out_of_reach():  # SUP-1 illegal side: the known case
    """On the synthetic game A-INF1's HQ A-REG1 is a unit: not on the map, it is out of reach (SR 13.2.6.2), and with
    the whole chain on the map the unit is in supply (the Allied source B0105)."""
    g = load_game(SYNTHETIC)
    off, _ = chain(g, {"A-INF1": "B0304", "A-CORPS": "B0105", "A-DIV": "B0205"}, "allied", "A-INF1")
    assert off.supplied is False and "HQ A-REG1 is not on the map" in off.reason, off
    on, _ = chain(g, {"A-INF1": "B0304", "A-CORPS": "B0105", "A-DIV": "B0205", "A-REG1": "B0305"}, "allied", "A-INF1")
    assert on.supplied is True, on
