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


def assaulted(g, roll: int) -> list:
    """A-INF1 (5 SP) close-assaults B0304 (G-INF1, G-INF2, HQ G-KG1, all in Defilade) in GT 1: 1:2, CA value 6;
    1d6 1 is D (the defenders retreat, SR 10.5.1), 6 is A (the attacker's result alone); then G-KG1 goes to Travel."""
    stack = {u: ("B0304", DEF) for u in ("G-INF1", "G-INF2", "G-KG1")}
    log = Log({**stack, "A-INF1": "B0303"}, g).phase(1, "allied_movement").say("ca B0304 from B0303")
    return last(log.roll("Close Action", roll).mode("G-KG1", "Travel", "Defilade").check())


def test_an_hq_assaulted_and_forced_to_retreat_changes_mode(first_day):  # MOD-9, ScR 8.1.4 (L1297)
    # 'HQs and artillery that start in defilade may change mode in the first two turns if they are assaulted and
    # are forced to retreat': a D result does; an A result assaults it without forcing a retreat
    assert all_legal(assaulted(first_day, 1))
    assert rules_broken(assaulted(first_day, 6)) == ["HTTR ScR 8.1.2"]


def test_hqs_and_artillery_stay_in_defilade_on_day_one_by_reading(first_day):  # MOD-9, ScR 24.1.5 (L1783)
    # reading first_day_guns: day_one (24.1.5 'must remain in that mode on day one'): the synthetic calendar's
    # GT 1-6 are 17 Sep; by default (turn_two) 8.1.2's GT 2 ends the wait for every unit
    def org(turn: int, unit: str, reading: str) -> list:
        log = Log({unit: ("B0304", DEF)}, first_day).phase(turn, "german_organization")
        return last(log.mode(unit, "Travel" if unit == "G-KG1" else "Concentrated", "Defilade")
                    .check(first_day_guns=reading))
    assert rules_broken(org(3, "G-KG1", "day_one")) == ["HTTR ScR 24.1.5"]
    assert all_legal(org(3, "G-KG1", "turn_two"))
    assert all_legal(org(8, "G-KG1", "day_one"))  # 18 Sep
    assert all_legal(org(3, "G-INF1", "day_one"))  # infantry: 8.1.2's GT 2 only
