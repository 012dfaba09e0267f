"""MOD-7 on the synthetic game: who may enter Travel Mode (HTTR SR 9.5.1.1 L503, SR 18.8.1 L946, SR 18.8.3 L948,
ScR 8.1.12 L1305, 8.2.1.5 L1313, 8.2.1.7 L1315). The data's ``[special.travel_capable]`` lets G-KG2's infantry (the
9th/10th SS pattern) and A-GD's units (30 Corps) enter it; A-DIV2 is the airborne division, A-GD's chain of command
the 30 Corps HQs its companies trace to. For the four-company limit the synthetic game is copied with A-INF1, A-INF2,
A-INF5 and A-INF6 moved under A-REG3 (A-DIV2's regiment), five airborne companies with A-INF4, and the leader G-LDR
(leg, no infantry) under G-KG2. Each test names MOD-7."""
from __future__ import annotations

import csv
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from hexforge.games import load_game
from tests.rules.httr.helpers import SYNTHETIC, Log, all_legal, game, last, rules_broken, unsure

CONC, TRAVEL = {"Mode": "Concentrated"}, {"Mode": "Travel"}
LIMIT = "HTTR ScR 8.2.1.7"
WALK = "HTTR SR 9.5.1.1"
AIRBORNE = ("A-INF1", "A-INF2", "A-INF5", "A-INF6")


@pytest.fixture(scope="module")
def five(tmp_path_factory: pytest.TempPathFactory):
    """The synthetic game with four more companies under A-REG3 and G-LDR under G-KG2 (units.csv formation)."""
    copy = tmp_path_factory.mktemp("travel") / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    with open(copy / "units.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["formation"] = "A-REG3" if r["id"] in AIRBORNE else "G-KG2" if r["id"] == "G-LDR" else r["formation"]
    with open(copy / "units.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return load_game(copy)


def travel(setup: dict, uid: str, g=None, side: str = "allied") -> list:
    """The verdicts on ``uid`` going from Concentrated to Travel in GT 1's Organization Phase of ``side``."""
    return last(Log(setup, g).phase(1, f"{side}_organization").mode(uid, "Travel", "Concentrated").check())


def test_airborne_infantry_traces_to_a_30_corps_hq():  # MOD-7, ScR 8.2.1.7 (L1315), SR 18.8.3 (L948)
    assert all_legal(travel({"A-INF4": ("B0303", CONC), "A-GD": "B0304"}, "A-INF4"))
    assert all_legal(travel({"A-INF4": ("B0303", CONC), "A-GRP1": "B0304"}, "A-INF4"))  # an HQ under A-GD
    alone = travel({"A-INF4": ("B0303", CONC)}, "A-INF4")  # no 30 Corps HQ on the map
    assert rules_broken(alone) == [LIMIT]
    own = travel({"A-INF4": ("B0303", CONC), "A-DIV2": "B0304", "A-REG3": "B0304"}, "A-INF4")
    assert rules_broken(own) == [LIMIT]  # its own division's HQs are not of 30 Corps


RING = dict(zip(("G-INF1", "G-INF2", "G-INF3", "G-AFV", "G-3SS", "G-WEAK"),
                ("B0203", "B0202", "B0302", "B0402", "B0403", "B0304")))  # the six hexes around B0303


def test_airborne_travel_is_cut_by_the_enemy():  # MOD-7, ScR 8.2.1.7 (L1315): the supply path of SR 13.2.6
    free = {"A-INF4": ("B0303", CONC), "A-GD": "B0306"}
    assert all_legal(travel(free, "A-INF4"))
    got = travel({**free, **RING}, "A-INF4")  # no supply path out through enemy units (SR 13.2.6)
    assert rules_broken(got) == [LIMIT] and "(A-GD)" in got[0].reason


def test_at_most_four_companies_of_an_airborne_division(five):  # MOD-7, ScR 8.2.1.7 (L1315)
    three = {u: ("B0302", TRAVEL) for u in AIRBORNE[:3]}
    base = {"A-INF4": ("B0303", CONC), "A-GD": "B0304"}
    assert all_legal(travel({**base, **three}, "A-INF4", five))
    four = {u: ("B0302", TRAVEL) for u in AIRBORNE}
    got = travel({**base, **four}, "A-INF4", five)
    assert rules_broken(got) == [LIMIT] and "make 5 companies of the airborne A-DIV2" in got[0].reason
    walking = {**base, **three, AIRBORNE[3]: ("B0302", CONC)}  # a fourth company, not in Travel, does not count
    assert all_legal(travel(walking, "A-INF4", five))


def test_9th_and_10th_ss_infantry_may_travel(five):  # MOD-7, ScR 8.1.12 (L1305), SR 18.8.1 (L946)
    assert all_legal(travel({"G-INF3": ("B0303", CONC)}, "G-INF3", side="german"))  # G-KG2: the data's row
    assert rules_broken(travel({"G-INF1": ("B0303", CONC)}, "G-INF1", side="german")) == [WALK]  # G-KG1's
    assert rules_broken(travel({"G-LDR": ("B0303", CONC)}, "G-LDR", five, side="german")) == [WALK]  # no infantry


def test_30_corps_units_may_travel():  # MOD-7, ScR 8.2.1.5 (L1313)
    assert all_legal(travel({"A-GCO1": ("B0303", CONC)}, "A-GCO1"))  # under A-GD: 30 Corps
    assert rules_broken(travel({"A-INF3": ("B0303", CONC)}, "A-INF3")) == [WALK]  # A-DIV's


def without(key: str, **extra):
    g = game()
    special = {k: v for k, v in (g.info.special or {}).items() if k != key} | extra
    return replace(g, info=g.info.model_copy(update={"special": special}))


def test_airborne_infantry_walks_where_no_rule_lets_it():  # MOD-7, SR 18.8.3 (L948)
    cfg = {k: v for k, v in game().special("travel_capable").items() if k != "airborne"}
    g = without("travel_capable", travel_capable=cfg)
    got = travel({"A-INF4": ("B0303", CONC), "A-GD": "B0304"}, "A-INF4", g)
    assert rules_broken(got) == ["HTTR SR 18.8.3"]


def test_a_leg_unit_without_the_scenario_rules_is_not_checkable():  # MOD-7, SR 18.8.1 (L946)
    got = travel({"A-GCO1": ("B0303", CONC)}, "A-GCO1", without("travel_capable"))
    assert unsure(got) and "[special.travel_capable]" in unsure(got)[0].needs


def test_the_bundled_airborne_company_is_not_checkable():  # MOD-7 on the bundled data
    """MOD-7 on the bundled data: the 101st Airborne company's mobility (units.csv) is not transcribed, so whether it
    is airborne infantry that ScR 8.2.1.7 limits is not known: not checkable, never legal or illegal."""
    got = travel({"2/506 5-3 no.1": ("C2808", CONC)}, "2/506 5-3 no.1", load_game("highway-to-the-reich"))
    assert got and len(unsure(got)) == len(got) and "units.csv mobility" in unsure(got)[0].needs


def test_the_bundled_supply_path_to_a_30_corps_hq_is_not_checkable(tmp_path: Path):  # MOD-7 on the bundled data
    """MOD-7 on the bundled data, the company's mobility given as leg (a copy of the data): the 101st company entering
    Travel with GA HQ (30 Corps) two hexes away needs its supply path to it, over the unsurveyed map: not checkable."""
    copy = tmp_path / "highway-to-the-reich"
    shutil.copytree(load_game("highway-to-the-reich").path, copy)
    with open(copy / "units.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["mobility"] = "leg" if r["id"] == "2/506 5-3 no.1" else r["mobility"]
    with open(copy / "units.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    got = travel({"2/506 5-3 no.1": ("C2808", CONC), "GA HQ": "C2810"}, "2/506 5-3 no.1", load_game(copy))
    assert got and len(unsure(got)) == len(got) and "supply path to GA HQ" in unsure(got)[0].needs
