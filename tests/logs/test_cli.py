"""``hexforge log show``: the timeline in hexes, JSON, and one-line errors."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hexforge.cli_log import log
from hexforge.games import load_game
from tests.conftest import ENGINE_SAMPLES, SYNTHETIC
from tests.rules.vlog import Writer

# The engine-made sample: VASSAL played script.json on play.vmod and wrote play.vlog;
# expected.json says what the script did (moves, eliminations, the number of log steps).
LOG, MODULE = ENGINE_SAMPLES / "play.vlog", ENGINE_SAMPLES / "play.vmod"
EXPECTED = json.loads((ENGINE_SAMPLES / "expected.json").read_text())
SCRIPT = json.loads((ENGINE_SAMPLES / "script.json").read_text())["actions"]


def _run(*args: object):
    return CliRunner().invoke(log, ["show", *map(str, args)])


def test_show_prints_the_timeline_in_hexes() -> None:
    r = _run(LOG, "--module", MODULE)
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    wanted = [f"step {s}: move {name} {a} -> {b}" for s, name, a, b in EXPECTED["moves"] if not name.endswith("*")]
    wanted += [f"step {s}: eliminated {name} in {h}" for s, name, h in EXPECTED["eliminated"]]
    assert [x for x in wanted if x not in lines] == []
    (chat,) = [a["text"] for a in SCRIPT if a["do"] == "chat"]
    assert any(x.startswith("step ") and x.endswith(f": {chat}") for x in lines), lines
    assert int(lines[-1].split(":")[0].removeprefix("step ")) == EXPECTED["log_steps"]


def test_show_json() -> None:
    r = _run(LOG, "--module", MODULE, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["steps"] == EXPECTED["log_steps"]
    moves = [[e["step"], e["piece"]["name"], e["from_hex"], e["to_hex"]] for e in data["events"] if e["kind"] == "move"]
    assert moves == [m for m in EXPECTED["moves"] if not m[1].endswith("*")]
    gone = [[e["step"], e["piece"]["name"], e["hex"]] for e in data["events"] if e["kind"] == "eliminated"]
    assert gone == EXPECTED["eliminated"]
    rolls = [e for e in data["events"] if e["kind"] == "dice"]
    assert [e["name"] for e in rolls] == [a["button"] for a in SCRIPT if a["do"] == "dice"]
    final = {p["piece"]["name"]: p["location"]["label"] for p in data["final"]}
    assert {k: final.get(k) for k in EXPECTED["final_hexes"]} == EXPECTED["final_hexes"]


def test_errors_are_one_line_with_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "b.toml"
    bad.write_text('[pieces]\n"Blue Infantry" = "nope"\n')
    cases = [
        ([MODULE, "--module", MODULE], "no 'savedGame' entry"),
        ([tmp_path / "none.vlog", "--module", MODULE], "no such file"),
        ([LOG, "--module", LOG], "no 'buildFile"),
        ([LOG, "--module", MODULE, "--game", SYNTHETIC,
          "--binding", bad], "no unit 'nope'"),
        ([LOG, "--module", MODULE, "--game", "no-such-game"],
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
