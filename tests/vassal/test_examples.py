"""The example logs (examples/, written by the real VASSAL engine playing examples/make_examples.py's
scripts): the referee's commands on them as the README gives them. ``hexforge build`` rebuilds each
module (modules are build outputs), which must be the module the log was played on; ``check``
exits 0 on the clean logs and 1 on the illegal one, flagging each planted violation at its step
with the rule the rulebook gives (F&M 5.2 d: no entering an enemy-occupied hex; F&M 5.2: no moving
in the opponent's Movement Phase; F&M 5.3: one unit per hex at the end of a phase), and nothing
else; the moves read are the drags the script made."""
from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.cli import cli
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
NAMES = ["arnhem-clean", "aachen-clean", "aachen-illegal"]
REMAKE = "rebuild them with: python examples/make_examples.py (needs the engine harness)"


def _meta(name: str, where: Path = EXAMPLES) -> dict:
    return json.loads((where / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game's module, built as the README says (``hexforge build GAME -o GAME.vmod``)."""
    tmp = tmp_path_factory.mktemp("modules")
    out = {}
    for game in sorted({_meta(n)["game"] for n in NAMES}):
        r = CliRunner().invoke(cli, ["build", game, "-o", str(tmp / f"{game}.vmod")])
        assert r.exit_code == 0, r.output
        out[game] = tmp / f"{game}.vmod"
    return out


def _module_data(path: Path) -> dict[str, str]:
    """The hexforge fields of a module's or a log's ``moduledata`` (VASSAL copies them into each log)."""
    with zipfile.ZipFile(path) as z:
        text = z.read("moduledata").decode("utf-8")
    return {k: re.search(f"<{k}>([^<]*)</{k}>", text).group(1) for k in ("name", "extra1", "extra2")}


def _check(log: Path, module: Path) -> tuple[int, dict]:
    r = CliRunner().invoke(cli, ["check", str(log), "--module", str(module), "--json"])
    assert r.exit_code in (0, 1), r.output
    return r.exit_code, json.loads(r.stdout)


@pytest.mark.parametrize("name", NAMES)
def test_an_example_is_a_small_engine_written_log_of_the_rebuilt_module(name: str, modules) -> None:
    log, meta = EXAMPLES / f"{name}.vlog", _meta(name)
    assert log.stat().st_size < 8 * 1024
    with zipfile.ZipFile(log) as z:
        saved_by = z.read("savedata").decode("utf-8")
    assert re.search(r"<VassalVersion>3\.\d", saved_by), saved_by  # VASSAL's own BasicLogger wrote it
    theirs, ours = _module_data(log), _module_data(modules[meta["game"]])
    assert theirs["extra1"] == f"hexforge-game:{meta['game']}"
    assert theirs == ours, f"{log} was played on a module of other game data than today's; {REMAKE}"


@pytest.mark.parametrize("name", NAMES)
def test_check_exits_by_what_it_found_and_flags_each_planted_violation(name: str, modules) -> None:
    meta = _meta(name)
    code, report = _check(EXAMPLES / f"{name}.vlog", modules[meta["game"]])
    assert code == meta["exit"], report["summary"]
    assert report["game"] == meta["game"]  # no --game: the module says which game it is
    flagged = sorted((e["step"], e["rule"]) for e in report["events"] if e["verdict"] == "illegal")
    assert flagged == sorted((p["step"], p["rule"]) for p in meta["planted"]), report["events"]
    assert [v for v in report["setup"] if v["verdict"] == "illegal"] == []
    assert report["summary"]["illegal"] == len(meta["planted"])


@pytest.mark.parametrize("name", NAMES)
def test_the_moves_checked_are_the_drags_the_script_made(name: str, modules) -> None:
    meta = _meta(name)
    _, report = _check(EXAMPLES / f"{name}.vlog", modules[meta["game"]])
    moves = {e["step"]: e["event"] for e in report["events"] if e["event"].startswith("move ")}
    for step, action in enumerate(meta["actions"], 1):
        if action["do"] == "drag" and "map" not in action:  # a move on the map (not the set-up from the box)
            assert re.fullmatch(rf"move {re.escape(action['piece'])} \d{{4}} -> {action['to']}", moves[step]), \
                (step, action, moves.get(step))
    assert len(moves) == sum(a["do"] == "drag" and "map" not in a for a in meta["actions"])


@pytest.mark.vassal
def test_make_examples_rebuilds_logs_that_check_the_same(vassal_check, modules, tmp_path: Path) -> None:
    """The script in the repository makes the examples again with the engine (new ids, same meaning)."""
    import runpy
    runpy.run_path(str(EXAMPLES / "make_examples.py"))["main"]([str(tmp_path)])
    for name in NAMES:
        meta = _meta(name, tmp_path)
        assert meta == _meta(name)
        code, report = _check(tmp_path / f"{name}.vlog", modules[meta["game"]])
        flagged = sorted((e["step"], e["rule"]) for e in report["events"] if e["verdict"] == "illegal")
        assert code == meta["exit"] and flagged == sorted((p["step"], p["rule"]) for p in meta["planted"])
