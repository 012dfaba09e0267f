"""F&M 6.1 Exception (AAC L290, ARN L139): "A unit may not move from EZOC to EZOC across a minefield hexside
or to enter a fortification hex; however, this restriction does not apply to commandos. Commandos never pay
additional movement costs to enter or exit an EZOC." On the synthetic F&M game: red R4 in 1009 puts 0909, 0910
(fortified), 1109 and 1110 in its ZOC; 1109/1110 is a minefield hexside (+1 MP). B9 is a leg commando (MA 6),
B10 a mobile commando (MA 8), B1 leg infantry (MA 4), B2 mobile armor (MA 8)."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.state import GameState
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


def step(game, uid: str, a: str, b: str):
    return Log(game, {uid: a, "R4": "1009"}).phase(1, "first-movement").move(uid, a, b).check()


def test_only_commandos_go_from_ezoc_to_ezoc_into_a_fortification(game) -> None:
    assert illegal_rules(step(game, "B9", "0909", "0910")) == []
    rep = step(game, "B1", "0909", "0910")
    assert illegal_rules(rep) == [(1, "F&M 6.1")] and "into fortification hex 0910" in verdicts(rep, 1)[0].reason


def test_only_commandos_go_from_ezoc_to_ezoc_across_a_minefield(game) -> None:
    assert illegal_rules(step(game, "B9", "1109", "1110")) == []
    rep = step(game, "B1", "1109", "1110")
    assert illegal_rules(rep) == [(1, "F&M 6.1")] and "across a minefield hexside" in verdicts(rep, 1)[0].reason


def test_commandos_pay_no_ezoc_costs(game) -> None:
    H = game.map.hex
    r = FireAndMovement(game)
    st = GameState({"R4": H("1009"), "B2": H("0908"), "B10": H("0908")}, {"R4": "red", "B2": "blue", "B10": "blue"})
    assert r.step_cost(st, "B2", H("0908"), H("0909")) == 1 + 8 // 2  # clear + half the MA (F&M 6.1)
    assert r.step_cost(st, "B10", H("0908"), H("0909")) == 1
    # in a log, along 0905 0906 0907 0908 0909 (EZOC) 0809: 5 MP for the commando, 3 + (1 + 4) + 1 = 9 > 8 for B2
    path = ("0905", "0906", "0907", "0908", "0909", "0809")
    commando = Log(game, {"B10": "0905", "R4": "1009"}).phase(1, "first-movement").move("B10", *path).check()
    assert illegal_rules(commando) == []
    armor = Log(game, {"B2": "0905", "R4": "1009"}).phase(1, "first-movement").move("B2", *path).check()
    assert illegal_rules(armor) == [(1, "F&M 5.2")] and "has 0 of 8 left" in verdicts(armor, 1)[0].reason
