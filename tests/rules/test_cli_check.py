"""``hexforge check``: text, --json and --html reports of a written log; bad input gives one clear error."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from PIL import Image

from hexforge.cli import cli
from tests.rules.test_end_to_end import SYN, planted_log


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cli")
    w = planted_log(tmp)
    return w, w.write(), tmp


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_text_report_lists_each_verdict_and_a_summary(written) -> None:
    w, log, _ = written
    r = run("check", str(log), "--module", str(w.vmod), "--game", str(SYN))
    assert r.exit_code == 0, r.output
    assert "B5 moved from 0109 to 0309, which are not adjacent: F&M 5.1" in r.output
    assert f"{len(set(w.marks))} illegal" in r.output.splitlines()[-1]


def test_json_report_has_the_planted_rules(written) -> None:
    w, log, _ = written
    r = run("check", str(log), "--module", str(w.vmod), "--game", str(SYN), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    text = json.dumps(data)
    for _, rule in w.marks:
        assert rule in text


def test_html_report_and_its_look_in_chromium(written) -> None:
    w, log, tmp = written
    out = tmp / "report.html"
    r = run("check", str(log), "--module", str(w.vmod), "--game", str(SYN), "--html", str(out))
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    assert "<img" in page and "F&amp;M 6.1" in page
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("chromium is not installed")
    shot = tmp / "report.png"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1200,1600",
                    f"--screenshot={shot}", out.as_uri()], check=True, capture_output=True, timeout=120)
    lo, hi = Image.open(shot).convert("L").getextrema()
    assert hi - lo > 100  # something was drawn, not a blank page


@pytest.mark.parametrize("args, says", [
    (["--game", "no-such-game"], "no-such-game"),
    (["--game", str(SYN), "--bad"], "No such option"),
    (["--game", str(SYN), "--scenario", "s9"], "has no scenario 's9' (its scenarios: meeting)"),
])
def test_bad_input_gives_one_clear_error(written, args, says) -> None:
    w, log, _ = written
    r = run("check", str(log), "--module", str(w.vmod), *args)
    assert r.exit_code != 0 and says in r.output and "Traceback" not in r.output


def test_a_file_that_is_not_a_log_is_a_clear_error(written, tmp_path) -> None:
    w, _, _ = written
    bogus = tmp_path / "notes.vlog"
    bogus.write_text("this is not a VASSAL log", encoding="utf-8")
    r = run("check", str(bogus), "--module", str(w.vmod), "--game", str(SYN))
    assert r.exit_code == 1 and r.output.startswith("Error: ") and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1
