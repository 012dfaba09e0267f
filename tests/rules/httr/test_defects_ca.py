"""CA-24 (SR 10.5.2, L617) when the close action's result is unknown: a defender already disrupted may have been
disrupted a second time (half its strength lost, eliminated at half an SP), so its retreat is not checkable, naming
the result, where it was Legal. On the synthetic game (G-WEAK has 1 SP; A-TANK attacks it from B0303 at 2:1; the
disrupted G-WEAK defends at ER 1 and morale 0, SR 10.4.1.2 / 10.4.2.6, so at CA value 10): with a 5 the result is 1
and the known cases are judged; a copy of the game in ``tmp_path`` whose CA Results Table cell for that 5 is unknown
stands for the bundled game's missing table."""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.games.game import Game
from tests.rules.httr.helpers import SYNTHETIC, Log, illegal, last, rules_broken, unsure

ROW = 'key = "10|2:1"\ncells = ["3", "3", "2", "2", "1", "1"]'


def unknown_cell(tmp_path: Path) -> Game:
    folder = tmp_path / SYNTHETIC.name  # a game's folder is named by its id
    shutil.copytree(SYNTHETIC, folder)
    table = folder / "tables" / "close_action_results.toml"
    text = table.read_text(encoding="utf-8")
    assert ROW in text
    table.write_text(text.replace(ROW, ROW.replace('"1", "1"]', '"unknown", "1"]')), encoding="utf-8")
    return load_game(folder)


def retreat(defender: str, disrupted: bool, game: Game | None = None) -> list:
    where = ("B0304", {"Disrupted": "Disrupted"}) if disrupted else "B0304"
    log = Log({defender: where, "A-TANK": "B0303"}, game).phase(1, "allied_movement").say("ca B0304 from B0303") \
        .roll("Close Action", 5)
    return last(log.move(defender, "B0305").check())


def test_a_second_disruption_after_an_unknown_result_is_not_checkable(tmp_path):  # CA-24
    v = retreat("G-WEAK", True, unknown_cell(tmp_path))
    assert not illegal(v)
    assert any("SR 10.5.2" in n.needs and "result of the close action G-WEAK" in n.needs for n in unsure(v)), v


def test_the_known_second_disruption_is_still_judged():  # CA-24 illegal and legal, SR 10.5.2
    assert rules_broken(retreat("G-WEAK", True)) == ["HTTR SR 10.5.2"]
    assert not illegal(retreat("G-WEAK", False))  # a first disruption: it retreats
