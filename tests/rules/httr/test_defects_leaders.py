"""MOR-3 (SR 19.3.1, L976) when the lone enemy's type is unknown: a leader alone in a hex an enemy combat unit
enters is eliminated; a unit of unknown units.csv type may be one, so its fate is not checkable, naming its type,
where the check was silent (is_kind None read as 'no leader'). On the synthetic game: A-INF1 enters B0304, held by
G-LDR (a leader) or G-INF1 (infantry) alone; a copy in ``tmp_path`` with G-INF1's type blank stands for the bundled
units.csv's untyped units."""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.games.game import Game
from tests.rules.httr.helpers import SYNTHETIC, Log, illegal, rules_broken, unsure

TYPED = "G-INF1,German infantry company 1,german,G-KG1,infantry,"


def untyped(tmp_path: Path) -> Game:
    folder = tmp_path / SYNTHETIC.name  # a game's folder is named by its id
    shutil.copytree(SYNTHETIC, folder)
    units = folder / "units.csv"
    text = units.read_text(encoding="utf-8")
    assert TYPED in text
    units.write_text(text.replace(TYPED, TYPED.replace(",infantry,", ",unknown,")), encoding="utf-8")
    return load_game(folder)


def entered(lone: str, g: Game | None = None, kill: bool = False) -> list:
    log = Log({"A-INF1": "B0303", lone: "B0304"}, g).phase(1, "allied_movement").move("A-INF1", "B0304")
    log = log.kill(lone, "B0304") if kill else log.phase(1, "allied_organization")
    return [v for j in log.check().judged for v in j.verdicts]


def test_a_lone_known_leader_is_still_judged():  # MOR-3 legal and illegal, SR 19.3.1
    assert rules_broken(entered("G-LDR")) == ["HTTR SR 19.3.1"]  # it stays
    assert not illegal(entered("G-LDR", kill=True))
    assert not [n for n in unsure(entered("G-INF1")) if "19.3.1: then" in n.needs]  # infantry is no leader


def test_a_lone_untyped_unit_entered_by_an_enemy_is_not_checkable(tmp_path):  # MOR-3
    g = untyped(tmp_path)
    assert g.units["G-INF1"].type == "unknown"
    for kill in (False, True):
        v = entered("G-INF1", g, kill)
        assert not illegal(v)
        assert any("whether G-INF1" in n.needs and "units.csv type" in n.needs for n in unsure(v)), v
