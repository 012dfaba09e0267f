"""`hexforge build` says what a set-up cannot place, one plain line each (ARN 12.0: Scenario 2's German
units set up freely, so the data gives them no hex)."""
from __future__ import annotations

from click.testing import CliRunner

from hexforge.cli import cli


def test_build_prints_each_setup_warning_as_one_line(tmp_path) -> None:
    r = CliRunner().invoke(cli, ["build", "arnhem", "-o", str(tmp_path / "a.vmod")])
    assert r.exit_code == 0, r.output
    lines = [line for line in r.stderr.splitlines() if line.startswith("warning: ")]
    assert any("scenarios/s2.toml" in line and "no set-up hex for 2/406" in line for line in lines)
    assert "SetupWarning" not in r.stderr and "cli.py" not in r.stderr
