"""AAC 15.3 (REI-5), the 2nd Armored Division's conditional arrival, on a copy of the synthetic F&M game given
what the real Aachen data lacks: a division list (A1, A2), West Wall fortified hexes 0301-0303 and 0308, and the
Wurm River (the synthetic Blue River, hexsides 0402/0502, 0403/0503, 0404/0504). Blue is the US (first) player."""
from __future__ import annotations

import shutil

import pytest

from hexforge.games import load_game
from hexforge.maps.terrain import Unknown
from hexforge.rules.fm.aachen.system import Aachen
from hexforge.rules.fm.aachen.armor import condition_met
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"
HELD = {"B1": "0301", "B3": "0302", "B5": "0303", "R4": "1201"}  # three connected fortified hexes near the Wurm


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("aachen-like") / "synthetic-fm"
    shutil.copytree(SYN, folder)
    with open(folder / "units.csv", "a", encoding="utf-8") as f:
        f.write("A1,1/2AD,blue,2AD,armor,battalion,mobile,4,4,10,2,2,synthetic test data,\n"
                "A2,2/2AD,blue,2AD,armor,battalion,mobile,4,4,10,2,2,synthetic test data,\n")
    terrain = folder / "terrain.toml"
    terrain.write_text(terrain.read_text(encoding="utf-8").replace('name = "Blue River"', 'name = "Wurm River"')
                       + '\n[[places]]\nname = "West Wall"\nkind = "fortified"\nhexes = ["0301..0303", "0308"]\n',
                       encoding="utf-8")
    with open(folder / "scenarios" / "meeting.toml", "a", encoding="utf-8") as f:
        f.write('\n[[reinforcements]]\nunits = ["A1", "A2"]\nturn = "unknown"\nentry = ["0102..0109"]\n'
                '\n[special_rules.second_armored_division]\nunit_list = ["A1", "A2"]\nearliest_turn = 4\n')
    return load_game(folder)


def arrival(game, setup, *entries: tuple[int, str, str]) -> Log:
    """GT 3, then each entry in the first player's Movement Phase of its GT."""
    log, now = Log(game, setup).phase(3, "first-movement"), 3
    for turn, uid, h in entries:
        if turn != now:
            log, now = log.phase(turn, "first-movement"), turn
        log.enter(uid, h)
    return log


def test_the_condition_three_connected_fortified_hexes_near_the_wurm(game) -> None:
    H = game.map.hex
    r = Aachen(game)
    def held(*hexes):
        return GameState({f"B{i}": H(h) for i, h in enumerate(hexes, 1)}, {f"B{i}": "blue" for i in range(1, 9)})
    assert condition_met(r, held("0301", "0302", "0303")) is True
    assert condition_met(r, held("0301", "0302")) is False  # only two
    assert condition_met(r, held("0301", "0303", "0308")) is False  # 0308 is not near the Wurm; 0301/0303 apart


def test_the_division_arrives_on_the_first_gt_the_condition_holds(game) -> None:
    rep = arrival(game, HELD, (4, "A1", "0105"), (4, "A2", "0107")).check(Aachen(game))
    assert illegal_rules(rep) == []


def test_not_before_the_condition_holds(game) -> None:
    early = arrival(game, HELD, (3, "A1", "0105")).check(Aachen(game))
    assert illegal_rules(early) == [(1, "AAC 15.3")] and "at the beginning of no GT" in verdicts(early, 1)[0].reason
    unmet = arrival(game, {**HELD, "B5": "0308"}, (4, "A1", "0105")).check(Aachen(game))
    assert (2, "AAC 15.3") in illegal_rules(unmet)


def test_the_division_is_not_withheld(game) -> None:
    rep = arrival(game, HELD, (4, "A1", "0105"), (5, "A2", "0107")).check(Aachen(game))
    assert sorted(illegal_rules(rep)) == [(3, "AAC 15.3"), (4, "AAC 15.3")]
    assert any("A2 did not" in getattr(v, "reason", "") for v in verdicts(rep, 3))  # at the GT 5 tracker change
    assert "arrives on GT 4" in verdicts(rep, 4)[0].reason


def test_with_the_real_aachen_data_it_is_not_checkable() -> None:
    real = load_game("aachen")
    need = condition_met(Aachen(real), GameState({}, {}))
    assert isinstance(need, Unknown) and "West Wall fortified hexes" in need.needs
    rep = Log(real, {}).phase(4, "first-movement").enter("us-gt04", "0301").check(Aachen(real))
    assert not any(isinstance(v, Illegal) for j in rep.judged for v in j.verdicts)
