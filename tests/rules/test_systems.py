"""One flat registry of rules systems: a game names its rules variant in game.toml, every system is
reachable through ``rules_for``, and a system without a referee says so instead of failing."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.builder.timeline import Timeline
from hexforge.cli import cli
from hexforge.games import load_game
from hexforge.rules import NoReferee, SYSTEMS, check, coverage, rules_for, systems
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.httr.system import HighwayToTheReich
from hexforge.rules.ptr.system import PiercingTheReich

GAMES = Path(__file__).resolve().parents[2] / "games"


def test_every_bundled_game_has_a_registered_system() -> None:
    assert isinstance(rules_for(load_game("piercing-the-reich")), PiercingTheReich)
    assert isinstance(rules_for(load_game("highway-to-the-reich")), HighwayToTheReich)
    assert {c.system_id for c, _ in systems().values()} == {"fm", "ptr", "httr"}


def test_a_copy_of_a_game_in_another_folder_gets_the_same_rules(tmp_path: Path) -> None:
    """The variant comes from game.toml ``rules``, not from the folder or the game id."""
    copy = tmp_path / "my-arnhem"
    shutil.copytree(GAMES / "arnhem", copy)
    toml = copy / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('id = "arnhem"', 'id = "my-arnhem"', 1), encoding="utf-8")
    game = load_game(str(copy))
    assert game.id == "my-arnhem" and isinstance(rules_for(game), Arnhem)


def test_a_system_without_a_referee_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SYSTEMS, "ptr", (SYSTEMS["ptr"][0], None))
    with pytest.raises(NoReferee, match="no log referee exists yet for the ptr system"):
        check(load_game("piercing-the-reich"), Timeline((), (), ()))


def test_coverage_of_a_system_without_a_catalogue_is_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PiercingTheReich, "catalogue", ())
    r = CliRunner().invoke(cli, ["rules", "coverage", "ptr"])
    assert r.exit_code != 0 and (r.exception is None or isinstance(r.exception, SystemExit))
    assert "no log referee exists yet for the ptr system" in r.output and "Traceback" not in r.output


def test_the_fm_coverage_is_generated_from_the_registry() -> None:
    text = coverage("fm")
    assert "| MOV-2 | F&M 5.4 |" in text and "core.movement.terrain_cost" in text
    with pytest.raises(KeyError, match="no rules system 'chess'"):
        coverage("chess")


@pytest.mark.parametrize("system", sorted({c.system_id for c, r in systems().values() if r is not None}))
def test_the_coverage_doc_is_the_generated_matrix(system: str) -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / f"coverage-{system}.md"
    assert doc.read_text(encoding="utf-8") == coverage(system), (
        f"{doc.name} is stale: hexforge rules coverage {system} --write docs/{doc.name} --force")


def test_a_check_counts_only_for_the_wing_that_registers_it() -> None:
    from hexforge.rules.registry import NOT_OBSERVABLE, REGISTRY, Registered, matrix
    REGISTRY.append(Registered("X 1", "ZZ-1", "a check of another system", "ptr.somewhere", "ptr"))
    try:
        cat = (("ZZ-1", "X 1", "same id", ""), ("ZZ-2", "X 2", "a look at a hidden stack", NOT_OBSERVABLE + "no trace in a log"))
        rows = {line.split(" | ")[0].strip("| "): line for line in matrix("fm", cat).splitlines() if line.startswith("| ZZ")}
        assert "not yet" in rows["ZZ-1"]  # registered by ptr: no F&M check implements it
        assert "not observable: no trace in a log" in rows["ZZ-2"]
        assert "| implemented |" in matrix("ptr", cat[:1])
    finally:
        REGISTRY.pop()


def test_a_check_reports_its_progress_event_by_event() -> None:
    from tests.rules.helpers import Log
    game = load_game(GAMES.parent / "tests" / "data" / "synthetic-fm")
    log = Log(game, {"B1": "0205"}).phase(1, "first-movement")
    for _ in range(130):
        log.say("hello")
    done: list[int] = []
    check(game, log.timeline(), progress=done.append)
    assert sum(done) == 131 and done == [100, 31]


def test_checking_an_fm_log_loads_no_other_wing() -> None:
    """The wings are imported when a game asks for them (start-up time and the collector's work)."""
    import subprocess
    import sys
    code = ("import sys; from pathlib import Path; from hexforge.games import load_game; "
            "from hexforge.builder.timeline import Timeline; from hexforge.rules import check; "
            f"check(load_game(Path({str(GAMES.parent / 'tests' / 'data' / 'synthetic-fm')!r})), Timeline((), (), ())); "
            "print(sorted(m for m in sys.modules if m.startswith(('hexforge.rules.ptr', 'hexforge.rules.httr'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
