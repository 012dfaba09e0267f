"""HTTR supply sources the rulebook names beside the map's places (ScR 5.1.1.3, 5.1.3.4): ``sources.sources`` with
the position. SUP-1's chain (SR 13.2.3.1: a corps HQ traces along roads to a source, or stands on it) answers."""
from __future__ import annotations

from types import MappingProxyType

import pytest

from hexforge.games import load_game
from hexforge.rules.httr.sources import sources
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.state import GameState
from tests.rules.httr.helpers import SYNTHETIC


@pytest.fixture(scope="module")
def synthetic():
    return load_game(SYNTHETIC)


@pytest.fixture(scope="module")
def httr():
    return load_game("highway-to-the-reich")


def position(g, where: dict[str, str]) -> GameState:
    return GameState(MappingProxyType({u: g.map.hex(h) for u, h in where.items()}),
                     MappingProxyType({u: x.side for u, x in g.units.items()}), turn=10)


def corps_supply(g, where: dict[str, str]):
    st = position(g, where)
    return HttrSupply(g, st, sources(g, "allied", None, 10, st)).status("A-CORPS")


# SUP-1 with ScR 5.1.1.3 (L1093): the permanent ferry is a source while an engineer of its side holds either end.
# The synthetic ferry joins A0409 and A0410 ([special.permanent_ferry], side allied; [special.supply_rules]
# ferry_source); A-CORPS in A0410 is off every road to the B0105 train.

def test_the_ferry_held_by_an_engineer_supplies_the_corps(synthetic):  # SUP-1, ScR 5.1.1.3
    got = corps_supply(synthetic, {"A-CORPS": "A0410", "A-ENG": "A0409"})
    assert got.supplied is True, got


def test_the_ferry_without_an_engineer_is_no_source(synthetic):  # SUP-1, ScR 5.1.1.3: the illegal side
    assert corps_supply(synthetic, {"A-CORPS": "A0410"}).supplied is False
    assert corps_supply(synthetic, {"A-CORPS": "A0410", "A-INF1": "A0409"}).supplied is False  # no engineer
    assert not [s for s in sources(synthetic, "allied", None, 10, position(synthetic, {"A-ENG": "A0409"}))
                if "ferry" in s.name and s.side != "allied"]


def test_a_unit_of_unknown_type_at_the_ferry_leaves_the_source_unknown(synthetic):  # SUP-1, ScR 5.1.1.3
    got = corps_supply(synthetic, {"A-CORPS": "A0410", "A-NOTYPE": "A0409"})
    assert got.supplied is None, got
    st = position(synthetic, {"A-NOTYPE": "A0409"})
    assert any("whether unit A-NOTYPE at the ferry is an engineer (units.csv type)" in s.missing
               for s in sources(synthetic, "allied", None, 10, st))


def test_bundled_pannerden_ferry_is_a_german_source_with_an_engineer_on_it(httr):  # SUP-1, ScR 5.1.1.3 (L1093)
    """Brandt's 1/10SS Pioneer Company (units.csv type engineer) in A1049: the Pannerden ferry (A1049/A1050,
    [special.permanent_ferry]) is a German source; the 506th company (Allied) or II/159/59 (artillery) there makes
    none. Every German row of units.csv has a type, so the unknown case is the synthetic game's."""
    def ferry(where: dict[str, str]) -> list:
        return [s for s in sources(httr, "german", None, 10, position(httr, where)) if "permanent ferry" in s.name]
    held = ferry({"Brandt 1/10SS Pio": "A1049"})
    assert [s.hexes for s in held] == [frozenset({httr.map.hex("A1049"), httr.map.hex("A1050")})]
    assert held[0].feeds == "corps" and "ScR 5.1.1.3" in held[0].rule
    assert ferry({"2/506 5-3 no.1": "A1050"}) == [] and ferry({}) == []
    assert ferry({"II/159/59": "A1050"}) == []


# SUP-1 with ScR 5.1.3.4 (L1102): the Polish Parachute Brigade may draw supply from the other airborne supply heads
# too. A copy of the synthetic game adds a brigade HQ A-PHQ of formation P with its own head in B0101 (held by
# G-INF1: no source, ScR 5.1.3.5) and another division's head Q in A0310, next to A-PHQ in A0309.

HEAD = '\n[[places]]\nname = "{0} supply head"\nkind = "supply-source"\nside = "allied"\nfeeds = "corps-of:{0}"' \
       '\nhexes = ["{1}"]\nsource = "test"\n'


def brigade(tmp_path, shares: bool, own: bool = True):
    """The copied game with A-PHQ, Q's head, P's own head (``own``) and the shares row for P (``shares``)."""
    import shutil
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    terrain, units, game = copy / "terrain.toml", copy / "units.csv", copy / "game.toml"
    terrain.write_text(terrain.read_text() + (HEAD.format("P", "B0101") if own else "") + HEAD.format("Q", "A0310"))
    units.write_text(units.read_text() + "A-PHQ,Allied parachute brigade HQ,allied,P,HQ,division,leg,,,,,,12,test,,,\n")
    heads = 'heads = [{ marker = "a-div2-supply"'
    assert heads in game.read_text()
    if shares:
        game.write_text(game.read_text().replace(heads, 'shares = [{ formation = "P", source = "HTTR ScR 5.1.3.4 '
                                                 '(L1102)" }]\n' + heads))
    g = load_game(copy)
    st = position(g, {"A-PHQ": "A0309", "G-INF1": "B0101"})
    return HttrSupply(g, st, sources(g, "allied", None, 10)).status("A-PHQ")


def test_the_brigade_draws_on_another_divisions_head(tmp_path):  # SUP-1, ScR 5.1.3.4
    got = brigade(tmp_path, shares=True)
    assert got.supplied is True, got


def test_without_the_share_the_held_own_head_leaves_it_out_of_supply(tmp_path):  # SUP-1: the illegal side
    got = brigade(tmp_path, shares=False)
    assert got.supplied is False, got


def test_a_sharing_brigade_without_its_own_heads_hexes_is_not_known(tmp_path):  # SUP-1, ScR 5.1.3.4: 'in addition'
    got = brigade(tmp_path, shares=True, own=False)
    assert got.supplied is None, got


def test_bundled_polish_brigade_is_not_transcribed(httr):  # SUP-1, ScR 5.1.3.4 on the bundled data
    """[special.supply_heads] shares names the Polish brigade with formation 'unknown' (no Polish unit in
    units.csv): no head is shared, and no unit of formation 'unknown' draws on the others."""
    from hexforge.games.values import plain
    assert [r["formation"] for r in plain(httr.special("supply_heads")["shares"])] == ["unknown"]
    assert not [s for s in sources(httr, "allied", None, 10) if "shared with" in s.name]


def test_the_referees_supply_reads_the_ferry_source(synthetic):  # SUP-1, ScR 5.1.1.3: through the rules system
    """The system's own supply answer (what the referee and the overlay ask) is given the position, so the ferry
    held by A-ENG supplies A-CORPS there too; without the engineer it does not."""
    from hexforge.rules import rules_for
    system = rules_for(synthetic)
    assert system.supplied(position(synthetic, {"A-CORPS": "A0410", "A-ENG": "A0409"}), "A-CORPS").supplied is True
    assert system.supplied(position(synthetic, {"A-CORPS": "A0410"}), "A-CORPS").supplied is False
