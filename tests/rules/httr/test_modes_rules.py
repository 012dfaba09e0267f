"""HTTR mode rules (SR 10.6.6; ScR 8.1.2, 8.1.4, 8.1.13) on the synthetic game, and on a copy of it that adds the
bundled game's ``[special.first_day_defilade]`` (the Germans that start on the map stay in Defilade until their
Organization Phase of GT 2) and ``[special.recover_to_defilade]`` (they adopt Defilade on recovering)."""
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

[special.recover_to_defilade]
side = "german"
source = "as the bundled game: HTTR ScR 8.1.13 (L1306)"
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


def recover(g, unit: str, side: str, mode: str, *steps) -> list:
    """``unit`` (in ``mode``, disrupted) recovers in its Command Phase on a Morale Check of 6; then ``steps``."""
    log = Log({unit: ("B0101", {"Mode": mode, "Disrupted": "Disrupted"})}, g).phase(3, f"{side}_command")
    log.roll("Morale Check", 3, 3).layer(unit, "Disrupted", "Disrupted", "Normal")
    for s in steps:
        s(log)
    return log.phase(3, f"{side}_fire").check().judged


def test_a_recovered_hq_adopts_defilade():  # MOD-10, SR 10.6.6 (L644)
    judged = recover(None, "A-REG1", "allied", "Travel")
    assert rules_broken(judged[2].verdicts) == ["HTTR SR 10.6.6"]  # still in Travel at the phase's end
    judged = recover(None, "A-REG1", "allied", "Travel", lambda log: log.mode("A-REG1", "Defilade", "Travel"))
    assert all(all_legal(j.verdicts) for j in judged)
    assert all(all_legal(j.verdicts) for j in recover(None, "A-INF1", "allied", "Travel"))  # back in its own mode


def test_germans_that_started_on_the_map_recover_into_defilade(first_day):  # MOD-10, ScR 8.1.13 (L1306)
    judged = recover(first_day, "G-INF2", "german", "Concentrated")
    assert rules_broken(judged[2].verdicts) == ["HTTR SR 10.6.6"]
    judged = recover(first_day, "G-INF2", "german", "Concentrated",
                     lambda log: log.mode("G-INF2", "Defilade", "Concentrated"))
    assert all(all_legal(j.verdicts) for j in judged)
