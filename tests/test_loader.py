"""The game-data loader: the synthetic game loads; every mistake is reported once, clearly."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hexforge.games import GameDataError, check_game, load_game
from hexforge.games.status import report, status
from tests.conftest import SYNTHETIC


def test_synthetic_game_loads_with_every_table_complete() -> None:
    g = load_game(SYNTHETIC)
    assert g.id == "synthetic" and g.sides == ["blue", "red"]
    assert len(g.map) == 80
    assert g.map.terrain.of(g.map.hex("0505")) == {"town", "marsh"}
    assert g.units["B2"].value("movement") == 8
    assert g.scenarios["meeting"].last_turn.value == 6
    s = status(g)
    assert s.missing_tables == [] and s.partial_tables == []
    assert s.categories["tables"].unknown == 0


def copy_game(tmp_path: Path) -> Path:
    target = tmp_path / "synthetic"
    shutil.copytree(SYNTHETIC, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


# Each mistake: (file, text to replace, replacement, place expected in the message, words expected).
MISTAKES = [
    ("game.toml", 'title = "Synthetic Test Game"', 'title = "Synthetic"\ntitel = "typo"', "titel", "unknown key"),
    ("game.toml", 'player = "second"', 'player = "green"', "sequence[2].player", "valid: blue, both, first"),
    ("game.toml", 'kind = "d6"', 'kind = "d7"', "dice.kind", "does not match"),
    ("terrain.toml", 'woods = ["0607..0608"', 'forest = ["0607..0608"', "hexes.forest", "not a terrain type"),
    ("terrain.toml", '"0706..0708"]', '"0706..0807"]', "hexes.forest[1]", "must keep either the column or the row"),
    ("terrain.toml", '["0504", "0604"]', '["0504", "0804"]', "hexsides[0].pairs[0]", "not adjacent"),
    ("units.csv", "R1,1/Red,red,", "R1,1/Red,purple,", "line 4, column side", "not a side"),
    ("units.csv", "B2,2/Blue,blue,1st,armor,battalion,mobile,5,", "B2,2/Blue,blue,1st,armor,battalion,mobile,five,",
     "line 3, column attack", "not a number"),
    ("scenarios/meeting.toml", 'hex = "0905"', 'hex = "1205"', "setup[2].hex", "valid labels: 0101..1008"),
    ("scenarios/meeting.toml", 'units = ["R2"]', 'units = ["R9"]', "reinforcements[0].units[0]", "no unit 'R9'"),
    ("tables/crt.toml", 'cells = ["AE", "AR", "AR", "EX", "DR"]', 'cells = ["AE", "AR", "AR", "EX"]',
     "rows[0].cells", "has 4 cells; the table has 5 columns"),
    ("tables/tec.toml", 'key = "woods"', 'key = "clear"', "rows[1].key", "used twice"),
]


def test_each_mistake_gives_one_clear_message(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    for file, old, new, *_ in MISTAKES:
        edit(game / file, old, new)
    problems = check_game(game)
    assert len(problems) == len(MISTAKES), "\n".join(map(str, problems))
    for file, _, _, place, words in MISTAKES:
        hits = [p for p in problems if p.file == game / file and p.place == place]
        assert len(hits) == 1, f"no single problem at {file}: {place}; got:\n" + "\n".join(map(str, problems))
        assert words in hits[0].message, str(hits[0])


def test_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    edit(game / "scenarios/meeting.toml", 'last_turn = 6', 'last_turn = = 6')
    [p] = check_game(game)
    assert p.place.startswith("line 5") and "not valid TOML" in p.message


def test_missing_file_and_unknown_game() -> None:
    with pytest.raises(GameDataError, match="no such game: 'no-such-game' .*bundled: aachen, arnhem"):
        load_game("no-such-game")


def test_readings_need_a_choice_to_build_the_map(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    edit(game / "game.toml", 'shifted = "even"',
         'shifted = { readings = [{ value = "even" }, { value = "odd" }], note = "undecided" }')
    [p] = check_game(game)
    assert p.place == "grid.shifted" and "no 'chosen'" in p.message
    edit(game / "game.toml", 'note = "undecided"', 'chosen = 1')
    g = load_game(game)
    assert g.info.grid.shifted.resolved == "odd"
    assert "game.toml: grid.shifted" in report(status(g))


def test_cli_prints_messages_not_tracebacks(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    for file, old, new, *_ in MISTAKES:
        edit(game / file, old, new)
    p = subprocess.run([sys.executable, "-m", "hexforge", "data", "check", str(game)], capture_output=True, text=True)
    assert p.returncode == 1
    assert "Traceback" not in p.stderr + p.stdout
    assert f"{len(MISTAKES)} problems" in p.stderr
    p = subprocess.run([sys.executable, "-m", "hexforge", "data", "status", str(tmp_path / "nowhere")],
                       capture_output=True, text=True)
    assert p.returncode == 1 and "Traceback" not in p.stderr and "no such game: " in p.stderr
