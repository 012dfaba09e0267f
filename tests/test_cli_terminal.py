"""What a person sees at the terminal: output never fails on an encoding that cannot show a
character (replaced, and said once), a misspelled game id gets a suggestion (not "the game data
has a problem"), every option has help, and progress is drawn only on a terminal."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click._termui_impl import ProgressBar
from click.testing import CliRunner

from hexforge import output
from hexforge.cli import cli
from tests.conftest import ROOT

SYN_FM = ROOT / "tests" / "data" / "synthetic-fm"


def hexforge(*args: object, env: dict[str, str] | None = None, cwd: Path | None = None):
    return subprocess.run([sys.executable, "-m", "hexforge", *map(str, args)], capture_output=True,
                          env={**os.environ, **(env or {})}, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def umlaut_game(tmp_path_factory) -> Path:
    """The synthetic F&M game titled with ü (in cp1252) and − → (not in cp1252)."""
    folder = tmp_path_factory.mktemp("enc") / "synthetic-fm"
    shutil.copytree(SYN_FM, folder)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace('title = "', 'title = "Würselen − Brücke → ', 1), encoding="utf-8")
    return folder


def test_a_cp1252_terminal_gets_replacements_and_one_note(umlaut_game: Path) -> None:
    p = hexforge("data", "status", umlaut_game, env={"PYTHONIOENCODING": "cp1252"})
    assert p.returncode == 0, p.stderr.decode("cp1252")
    err = p.stderr.decode("cp1252")
    assert "Traceback" not in err and err.count("cannot show some characters") == 1 and "(cp1252)" in err
    assert "Würselen ? Brücke ? Synthetic" in p.stdout.decode("cp1252")


def test_an_error_message_on_a_cp1252_terminal_does_not_fail(umlaut_game: Path) -> None:
    p = hexforge("build", umlaut_game, "--scenario", "s−9→", env={"PYTHONIOENCODING": "cp1252"})
    err = p.stderr.decode("cp1252")
    # Python's stderr already writes what it cannot encode as \\u escapes; it never fails
    assert p.returncode == 2 and "no scenario s\\u22129\\u2192" in err and "Traceback" not in err


def test_a_utf8_terminal_gets_no_note(umlaut_game: Path) -> None:
    p = hexforge("data", "status", umlaut_game, env={"PYTHONIOENCODING": "utf-8"})
    assert p.returncode == 0 and "Würselen − Brücke →" in p.stdout.decode("utf-8")
    assert b"cannot show" not in p.stderr


@pytest.mark.parametrize("args", [("build", "arnhm"), ("data", "status", "arnhm"), ("preview", "arnhm"),
                                  ("data", "check", "arnhm")])
def test_a_misspelled_game_id_suggests_the_bundled_one(args) -> None:
    r = CliRunner().invoke(cli, list(args))
    assert r.exit_code == 1 and "no such game: 'arnhm'; did you mean arnhem?" in r.output
    assert "game data has" not in r.output and "Traceback" not in r.output


def _commands(group: click.Group, prefix: str = ""):
    for name, cmd in sorted(group.commands.items()):
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, f"{prefix}{name} ")
        else:
            yield f"{prefix}{name}", cmd


@pytest.mark.parametrize("name, cmd", [c for c in _commands(cli) if not c[0].startswith("overlay ")])
def test_every_option_has_help(name: str, cmd: click.Command) -> None:
    missing = [p.opts[-1] for p in cmd.params if isinstance(p, click.Option) and not p.help]
    assert missing == [], f"hexforge {name}: options without help: {missing}"
    assert cmd.help


def test_check_help_gives_the_exit_status() -> None:
    r = CliRunner().invoke(cli, ["check", "--help"])
    assert r.exit_code == 0
    assert "0  every event was judged and none is illegal" in r.output
    assert "1  something is illegal" in r.output and "2  bad input" in r.output


def test_progress_is_drawn_on_a_terminal_only(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    with output.progress(3, "drawing") as bar:
        bar.update(3)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert isinstance(output.progress(3, "drawing"), ProgressBar)


def test_a_piped_build_prints_no_progress(tmp_path: Path) -> None:
    p = hexforge("build", SYN_FM, "-o", tmp_path / "m.vmod")
    assert p.returncode == 0 and b"building" not in p.stderr and p.stdout.startswith(b"wrote ")
