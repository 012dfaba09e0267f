"""``hexforge log show``: the timeline in hexes, JSON, and one-line errors."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hexforge.cli_log import log
from hexforge.games import load_game
from tests.conftest import SHARED, SYNTHETIC
from tests.rules.vlog import Writer

SAMPLES = SHARED / "tools" / "vassal-check" / "samples"


def _run(*args: object):
    return CliRunner().invoke(log, ["show", *map(str, args)])


def test_show_prints_the_timeline_in_hexes() -> None:
    r = _run(SAMPLES / "harness_test.vlog", "--module", SAMPLES / "harness_test.vmod")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-3:] == ["step 1: move Blue Infantry 0203 -> 0303",
                                          "step 2: change Red Armor in 0504: Side Red -> Routed",
                                          "step 3: eliminated Control Marker in 0504"]


def test_show_json() -> None:
    r = _run(SAMPLES / "harness_test.vlog", "--module", SAMPLES / "harness_test.vmod", "--json")
    data = json.loads(r.output)
    assert data["steps"] == 3 and [e["kind"] for e in data["events"]] == ["move", "change", "eliminated"]
    assert data["events"][0]["to_hex"] == "0303"


def test_errors_are_one_line_with_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "b.toml"
    bad.write_text('[pieces]\n"Blue Infantry" = "nope"\n')
    cases = [
        ([SAMPLES / "harness_test.vmod", "--module", SAMPLES / "harness_test.vmod"], "no 'savedGame' entry"),
        ([tmp_path / "none.vlog", "--module", SAMPLES / "harness_test.vmod"], "no such file"),
        ([SAMPLES / "harness_test.vlog", "--module", SAMPLES / "harness_test.vlog"], "no 'buildFile"),
        ([SAMPLES / "harness_test.vlog", "--module", SAMPLES / "harness_test.vmod", "--game", SYNTHETIC,
          "--binding", bad], "no unit 'nope'"),
        ([SAMPLES / "harness_test.vlog", "--module", SAMPLES / "harness_test.vmod", "--game", "no-such-game"],
         "no-such-game"),
    ]
    for args, what in cases:
        r = _run(*args)
        assert r.exit_code == 2, r.output
        assert r.output.startswith("Error: ") and what in r.output and r.output.count("\n") == 1, r.output
        assert "Traceback" not in r.output


def _log(tmp_path: Path, game_ref) -> Writer:
    game = load_game(game_ref)
    w = Writer(game, tmp_path)
    w.phase(1, game.info.sequence[0].id)
    return w


def test_the_game_comes_from_a_hexforge_module(tmp_path: Path) -> None:
    w = _log(tmp_path, "aachen")
    r = _run(w.write(), "--module", w.vmod, "--json")
    assert r.exit_code == 0 and r.stderr == "", r.output
    units = {p["piece"]["unit"] for p in json.loads(r.stdout)["setup"]}
    assert units and units <= set(load_game("aachen").units)  # pieces read as the game's units


def test_a_module_of_a_game_that_is_not_bundled_needs_game_for_units(tmp_path: Path) -> None:
    w = _log(tmp_path, SYNTHETIC)
    log_file = w.write()
    r = _run(log_file, "--module", w.vmod, "--json")
    assert r.exit_code == 0 and "was built from game 'synthetic', which is not a bundled game" in r.stderr
    assert {p["piece"]["unit"] for p in json.loads(r.stdout)["setup"]} == {None}
    r = _run(log_file, "--module", w.vmod, "--game", SYNTHETIC, "--json")
    assert r.exit_code == 0 and r.stderr == "" and None not in {p["piece"]["unit"] for p in json.loads(r.stdout)["setup"]}


def test_a_log_of_another_module_is_refused(tmp_path: Path) -> None:
    w = _log(tmp_path, SYNTHETIC)
    other = w.w.write(tmp_path / "other.vlog", "Some Other Module", "2.0")
    r = _run(other, "--module", w.vmod, "--game", SYNTHETIC)
    assert r.exit_code == 2 and r.stdout == ""
    assert f"{other} was made with module 'Some Other Module' version '2.0', but {w.vmod} is" in r.stderr
    r = _run(other, "--module", w.vmod, "--game", SYNTHETIC, "--allow-mismatch")
    assert r.exit_code == 0 and "warning: " in r.stderr and "setup:" in r.stdout
