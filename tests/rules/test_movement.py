"""F&M movement, ZOC and stacking on the synthetic F&M game: each predicate legal and illegal."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.movement import must_stop, step_cost
from hexforge.rules.state import GameState
from hexforge.rules import rules_for
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


def state(game, **at: str) -> GameState:
    return GameState({u: game.map.hex(h) for u, h in at.items()},
                     {u: game.units[u].side for u in game.units})


def test_step_costs_follow_the_tec(game) -> None:
    r, H = rules_for(game), game.map.hex
    s = state(game, B1="0101")
    assert step_cost(r, s, "B1", H("0205"), H("0305")) == 1          # F&M 5.4 clear
    assert step_cost(r, s, "B1", H("0506"), H("0606")) == 2          # woods (most costly of clear+woods)
    assert step_cost(r, s, "B2", H("0506"), H("0606")) == 3          # mobile woods
    assert step_cost(r, s, "B1", H("0103"), H("0203")) == 0.5        # F&M 5.4.1 road
    assert step_cost(r, s, "B1", H("0203"), H("0303")) == 0.5        # road into rough: regardless of terrain
    assert step_cost(r, s, "B1", H("0304"), H("0303")) == 3          # rough off the road
    assert step_cost(r, s, "B1", H("0108"), H("0208")) == 1          # F&M 5.4.2 trail
    assert step_cost(r, s, "B1", H("0402"), H("0502")) == 2          # river +1 added to clear (E3: 2 MP)
    assert step_cost(r, s, "B1", H("0406"), H("0506")) is None       # prohibited canal
    assert step_cost(r, s, "B2", H("0905"), H("1005")) is None       # marsh prohibited to mobile
    assert step_cost(r, s, "B1", H("1209"), H("1210")) == Unknown("terrain of hex 1210 (unsurveyed)")


def test_zoc_is_the_six_neighbours_and_mobile_units_pay_half_their_ma(game) -> None:
    from hexforge.rules.core.zoc import zoc
    r, H = rules_for(game), game.map.hex
    s = state(game, R1="0505", B2="0303", B1="0101")
    assert sorted(zoc(r, s, "R1")) == sorted(H("0505").neighbours())  # E6
    # E5: a mobile unit with MA 8 pays 8 // 2 = 4 plus the clear hex to enter an EZOC
    assert step_cost(r, s, "B2", H("0304"), H("0404")) == 1 + 4
    assert must_stop(r, s, "B2", H("0304"), H("0404")) is False
    assert must_stop(r, s, "B1", H("0304"), H("0404")) is True


def _move(game, setup, *path, phase="first-movement", unit="B1"):
    log = Log(game, setup).phase(1, phase).move(unit, *path)
    return log.check(), 1


def test_legal_move_and_ma_limit(game) -> None:
    rep, i = _move(game, {"B1": "0205", "R1": "0910"}, "0205", "0305", "0405", "0505", "0605")
    assert verdicts(rep, i) == [Legal()]
    rep, i = _move(game, {"B1": "0205", "R1": "0910"}, "0205", "0305", "0405", "0505", "0605", "0705")
    (v,) = verdicts(rep, i)
    assert isinstance(v, Illegal) and v.rule == "F&M 5.2" and "needs 1 MP" in v.reason


def test_adjacency_enemy_hex_prohibited_and_exit(game) -> None:
    rep, i = _move(game, {"B1": "0205", "R1": "0910"}, "0205", "0405")  # a drag: some route of 2 MP exists
    (v,) = verdicts(rep, i)
    assert isinstance(v, Legal) and v.detail.endswith("2 of 4 MP")
    rep, i = _move(game, {"B1": "0205", "R1": "0305"}, "0205", "0305")
    assert verdicts(rep, i)[0].rule == "F&M 5.2" and "enemy" in verdicts(rep, i)[0].reason
    rep, i = _move(game, {"B1": "0406", "R1": "0910"}, "0406", "0506")
    assert "prohibited" in verdicts(rep, i)[0].reason
    rep, i = _move(game, {"B1": "1209", "R1": "0101"}, "1209", "1210")
    assert verdicts(rep, i) == [NotCheckable("terrain of hex 1210 (unsurveyed)")]


def test_leg_unit_stops_on_entering_an_ezoc(game) -> None:
    # T1: starts outside, enters an EZOC, tries to go on
    setup = {"B3": "0205", "R1": "0505"}
    rep, i = _move(game, setup, "0205", "0305", "0405", unit="B3")
    assert verdicts(rep, i) == [Legal()]
    rep, i = _move(game, setup, "0205", "0305", "0405", "0406", unit="B3")
    (v,) = verdicts(rep, i)
    assert v.rule == "F&M 6.1"


def test_leg_unit_ezoc_to_ezoc_only_as_its_first_step(game) -> None:
    # T2: starts in an EZOC and steps into another EZOC hex: legal, uses its whole MA
    setup = {"B3": "0404", "R1": "0505"}
    rep, i = _move(game, setup, "0404", "0405", unit="B3")
    assert verdicts(rep, i) == [Legal()]
    rep, i = _move(game, setup, "0404", "0405", "0406", unit="B3")
    assert verdicts(rep, i)[0].rule == "F&M 6.1"
    # T4: leaves the EZOC, then enters one: halts there
    rep, i = _move(game, {"B3": "0404", "R1": "0505"}, "0404", "0304", "0305", "0405", unit="B3")
    assert verdicts(rep, i) == [Legal()]
    rep, i = _move(game, {"B3": "0404", "R1": "0505"}, "0404", "0304", "0305", "0405", "0406", unit="B3")
    assert "moved on from 0405" in verdicts(rep, i)[0].reason
    rep, i = _move(game, {"B3": "0404", "R1": "0505"}, "0404", "0304", "0305", "0405", "0404", unit="B3")
    assert verdicts(rep, i)[0].reason == "B3 entered 0404 (EZOC) from 0405 (EZOC) without starting there"


def test_leg_ezoc_to_ezoc_needs_enough_ma_for_the_terrain(game) -> None:
    # T3 analogue: MA 4 leg unit; the EZOC hex beyond costs 3 (rough) -> legal; a mobile MA..
    rep, i = _move(game, {"B1": "0302", "R1": "0402"}, "0302", "0303")  # rough, 3 MP <= MA 4
    assert verdicts(rep, i) == [Legal()]
    rep, i = _move(game, {"B1": "0302", "R1": "0402"}, "0302", "0303", "0304")
    assert verdicts(rep, i)[0].rule == "F&M 6.1"


def test_mobile_unit_pays_the_ezoc_surcharge(game) -> None:
    # T5 analogue: MA 8; each EZOC hex costs 1 + 4
    setup = {"B2": "0305", "R1": "0606"}
    rep, i = _move(game, setup, "0305", "0405", "0506", unit="B2")  # 1 + (1 + 4) = 6
    assert verdicts(rep, i) == [Legal()]
    rep, i = _move(game, setup, "0305", "0405", "0506", "0605", unit="B2")  # + 5 = 11 > 8
    (v,) = verdicts(rep, i)
    assert v.rule == "F&M 5.2" and "EZOC" in v.reason


def test_no_ezoc_to_ezoc_into_a_fortification(game) -> None:
    # T6: 0910 is fortified; both 0909 and 0910 are in the red ZOC of R4 at 1009
    rep, i = _move(game, {"B2": "0909", "R4": "1009"}, "0909", "0910", unit="B2")
    assert verdicts(rep, i)[0].rule == "F&M 6.1" and "fortification" in verdicts(rep, i)[0].reason
    rep, i = _move(game, {"B2": "0809", "R4": "1009"}, "0809", "0910", unit="B2")
    assert verdicts(rep, i) == [Legal()]


def test_stacking_at_the_end_of_a_move_and_passing_through(game) -> None:
    setup = {"B1": "0205", "B3": "0305", "R1": "0910"}
    rep = Log(game, setup).phase(1, "first-movement").move("B1", "0205", "0305", "0405").check()
    assert illegal_rules(rep) == []
    rep = Log(game, setup).phase(1, "first-movement").move("B1", "0205", "0305").move("B3", "0305", "0405").check()
    assert illegal_rules(rep) == [(1, "F&M 5.3")]


def test_phase_and_side_rules(game) -> None:
    setup = {"B1": "0205", "B2": "0207", "R1": "0910"}
    rep = Log(game, setup).phase(1, "first-movement").move("R1", "0910", "0909").check()
    assert illegal_rules(rep) == [(1, "F&M 5.2")]
    rep = Log(game, setup).phase(1, "first-combat").move("B1", "0205", "0305").check()
    assert illegal_rules(rep) == [(1, "F&M 5.2")]
    rep = Log(game, setup).phase(1, "first-mobile-movement").move("B1", "0205", "0305").check()
    assert illegal_rules(rep) == [(1, "F&M 5.5")]
    rep = (Log(game, setup).phase(1, "first-movement").move("B2", "0207", "0307")
           .phase(1, "first-bombardment").phase(1, "first-combat").phase(1, "first-mobile-movement")
           .move("B2", "0307", "0407").check())
    assert illegal_rules(rep) == [(5, "F&M 5.5")]
    rep = (Log(game, setup).phase(1, "first-movement").move("B2", "0207", "0307").phase(1, "first-bombardment")
           .phase(1, "first-combat").phase(1, "first-mobile-movement").check())
    assert illegal_rules(rep) == []
    rep = Log(game, setup).phase(1, "first-movement").move("B1", "0205", "0305").move("B2", "0207", "0307") \
        .move("B1", "0305", "0405").check()
    assert illegal_rules(rep) == [(3, "F&M 5.2")]
    # a unit's move split over two drags is one move
    rep = Log(game, setup).phase(1, "first-movement").move("B1", "0205", "0305").move("B1", "0305", "0405").check()
    assert illegal_rules(rep) == []


def test_sequence_order_and_guessed_phase(game) -> None:
    setup = {"B1": "0205", "R1": "0910"}
    rep = Log(game, setup).phase(1, "first-movement").phase(1, "first-combat").check()
    assert illegal_rules(rep) == []  # skipping an empty phase is fine
    rep = Log(game, setup).phase(1, "first-combat").phase(1, "first-movement").check()
    assert illegal_rules(rep) == [(1, "F&M 4.1")]
    rep = Log(game, setup).move("B1", "0205", "0305").check()
    (v,) = verdicts(rep, 0)
    assert isinstance(v, Legal) and "inferred phase" in v.guess


def test_phase_end_stacking_and_reinforcements(game) -> None:
    setup = {"B1": "0205", "R1": "0910", "R2": "0909"}
    rep = Log(game, setup).phase(2, "second-movement").enter("R5", "1209").check()
    assert illegal_rules(rep) == []
    rep = Log(game, setup).phase(1, "second-movement").enter("R5", "1209").check()
    assert illegal_rules(rep) == [(1, "synthetic test data")]
    rep = Log(game, {**setup, "R1": "1209"}).phase(2, "second-movement").enter("R5", "1209") \
        .phase(2, "second-bombardment").check()
    assert [r for _, r in illegal_rules(rep)] == ["F&M 5.3", "F&M 5.3"]
