"""`hexforge data copy` makes a game folder of one's own; the survey, which writes into the game's folder,
refuses a bundled game and names the copy to make instead."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hexforge.cli import cli
from hexforge.games import bundled_game, load_game


def test_a_copy_is_the_same_game_in_a_folder_of_ones_own(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["data", "copy", "arnhem", str(tmp_path / "mine")])
    assert r.exit_code == 0, r.output
    copy, original = load_game(tmp_path / "mine" / "arnhem"), load_game("arnhem")
    assert (copy.id, sorted(copy.units), sorted(copy.scenarios)) == (original.id, sorted(original.units),
                                                                      sorted(original.scenarios))
    assert (tmp_path / "mine" / "arnhem" / "terrain.toml").read_bytes() == (bundled_game("arnhem") / "terrain.toml").read_bytes()


def test_a_copy_never_writes_over_a_folder(tmp_path: Path) -> None:
    (tmp_path / "mine" / "arnhem").mkdir(parents=True)
    (tmp_path / "mine" / "arnhem" / "notes.txt").write_text("mine")
    r = CliRunner().invoke(cli, ["data", "copy", "arnhem", str(tmp_path / "mine")])
    assert r.exit_code != 0 and "exists" in r.output and "Traceback" not in r.output
    assert [p.name for p in (tmp_path / "mine" / "arnhem").iterdir()] == ["notes.txt"]


def test_the_survey_does_not_write_into_a_bundled_game(tmp_path: Path) -> None:
    image = tmp_path / "scan.png"
    image.write_bytes(b"not read")
    before = sorted(p.name for p in bundled_game("aachen").iterdir())
    for args in (["grid", "aachen", "--image", str(image)], ["terrain", "aachen", "--image", str(image), "--samples",
                                                             str(image)], ["review", "aachen", "--no-browser"]):
        r = CliRunner().invoke(cli, ["survey", *args])
        assert r.exit_code != 0 and "hexforge data copy aachen my-games" in r.output, (args, r.output)
    assert sorted(p.name for p in bundled_game("aachen").iterdir()) == before
