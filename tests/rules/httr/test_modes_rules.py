"""HTTR mode rules of the scenario rules (ScR 8.1.2, 8.1.4) on a copy of the synthetic game that adds the bundled
game's ``[special.first_day_defilade]`` (the Germans that start on the map stay in Defilade until their
Organization Phase of GT 2)."""
from __future__ import annotations

import shutil

import pytest

from hexforge.games import load_game
from tests.rules.httr.helpers import SYNTHETIC, Log, all_legal, last, rules_broken

FIRST_DAY = '''
[special.first_day_defilade]
side = "german"
until_turn = 2
until_phase = "german_organization"
source = "as the bundled game: HTTR ScR 8.1.2 (L1295)"
'''


@pytest.fixture(scope="module")
def first_day(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games") / "httr-synthetic"
    shutil.copytree(SYNTHETIC, folder)
    with (folder / "game.toml").open("a") as f:
        f.write(FIRST_DAY)
    return load_game(folder)


DEF = {"Mode": "Defilade"}


def change(g, turn: int, unit: str = "G-INF1", phase: str = "german_organization") -> list:
    log = Log({unit: ("B0304", DEF)}, g).phase(turn, phase)
    return last(log.mode(unit, "Concentrated", "Defilade").check())


def test_germans_on_the_map_stay_in_defilade_until_gt2(first_day):  # MOD-9, ScR 8.1.2 (L1295)
    assert rules_broken(change(first_day, 1)) == ["HTTR ScR 8.1.2"]
    assert all_legal(change(first_day, 2))  # the Organization Phase of GT 2
    assert all_legal(change(first_day, 1, "A-INF1", "allied_organization"))  # the other side
