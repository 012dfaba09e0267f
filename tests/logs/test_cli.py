"""``hexforge log show``: the timeline in hexes, JSON, and one-line errors."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hexforge.cli_log import log
from tests.conftest import SHARED, SYNTHETIC

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
        assert r.exit_code == 1, r.output
        assert r.output.startswith("Error: ") and what in r.output and r.output.count("\n") == 1, r.output
        assert "Traceback" not in r.output
