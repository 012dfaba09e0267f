"""A scenario's reinforcement entry may be an arrival code (HTTR ScR 12.1 L1458, H33): the loader reads it and says
what is wrong with a bad one, naming the file, the row and what is valid."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hexforge.games import check_game, load_game
from hexforge.games.arrival_codes import Code, arrival_code

SYNTHETIC = Path(__file__).resolve().parent / "httr-synthetic"
CODES = "scenarios/schedule-codes.toml"


def test_the_code_grammar():  # H33: ScR 12.1 (L1458)
    assert arrival_code("7A3930") == Code(7, "A", "A3930", None)
    assert arrival_code("10B East") == Code(10, "B", None, "B-east")
    assert arrival_code("10b East") is None and arrival_code("A3930") is None and arrival_code("7A393") is None


def test_an_h33_row_is_read_from_the_scenario_file():  # H33: "7A3930" / "10B East" as data
    rows = load_game(SYNTHETIC).scenarios["schedule-codes"].reinforcements
    assert [(r.units, r.turn.resolved, r.entry.resolved) for r in rows] == [
        (["G-INF2"], 7, "7B0310"), (["G-INF3"], 10, "10B East")]


@pytest.mark.parametrize("old, new, words", [
    ('entry = "7B0310"', 'entry = "7B031"', ["'7B031' is not an arrival code", '"7A3930"', '"10B East"', "B-east"]),
    ('entry = "10B East"', 'entry = "10B North"', ["map edge 'B-north'", "defined: B-east"]),
    ('entry = "7B0310"', 'entry = "7B0399"', ["'B0399' is not a hex of this map"]),
    ('entry = "7B0310"', 'entry = "6B0310"', ["arrival code '6B0310' is for GT 6, but the row's turn is 7"]),
])
def test_a_bad_code_names_the_file_the_row_and_what_is_valid(tmp_path: Path, old: str, new: str,
                                                             words: list[str]) -> None:
    game = tmp_path / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, game)
    path = game / CODES
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    problems = check_game(game)
    row = 0 if "7B0310" in old else 1
    hits = [p for p in problems if p.file == path and p.place.startswith(f"reinforcements[{row}].entry")]
    assert len(problems) == 1 and len(hits) == 1, "\n".join(map(str, problems))
    assert all(w in hits[0].message for w in words), hits[0].message


def test_the_synthetic_game_loads_without_problems() -> None:
    assert check_game(SYNTHETIC) == []
