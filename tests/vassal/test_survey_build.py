"""A module built on a fitted synthetic scan (`survey grid`, then `build --map-image` without
--grid) loads clean in the real engine, and every set-up unit stands in its hex: VASSAL names the
hex the scenario gives, and the unit's pixel on the map image is the printed hex's centre."""
from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from hexforge.builder.build import setup_name
from hexforge.games import load_game
from hexforge.survey.grid import read_grid
from tests.survey.conftest import small

pytestmark = pytest.mark.vassal
ROOT = Path(__file__).resolve().parents[2]


def _run(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hexforge", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


def test_module_on_a_fitted_scan_puts_every_unit_on_its_printed_hex(tmp_path: Path, vassal_check) -> None:
    s = small("atlas", 2)  # rotated by about 1 degree: the build straightens the image
    assert abs(s.rotation) > 0.5
    image = tmp_path / "scan.png"
    s.image.save(image)
    assert _run("survey", "grid", s.game_dir, "--image", image).returncode == 0
    out = tmp_path / "scan.vmod"
    p = _run("build", s.game_dir, "--map-image", image, "-o", out)
    assert p.returncode == 0, p.stderr
    assert "straightened" in p.stderr

    rc, res = vassal_check("load", out)
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    assert [w for w in res["warnings"] if not w["message"].startswith("Version Mismatch")] == []

    game = load_game(str(s.game_dir))
    scenario = next(iter(game.scenarios.values()))
    rc, res = vassal_check("replay", out, f"setup:{setup_name(scenario.name.resolved)}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    expected = {u: e.hex.resolved for e in scenario.setup for u in e.units}
    units = [p for p in res["final"]["pieces"] if p["map"] == "Main Map" and "UnitId" in p["markers"]]
    assert {p["name"]: p["location"] for p in units} == expected

    grid = read_grid(s.game_dir)
    board = next(b for b in res["boards"]["Main Map"] if b["board"] == units[0]["board"])
    theta = math.radians(grid.rotation)
    ox, oy = grid.origin
    for p in units:
        # where the straightened image shows the printed hex's centre (truth of the scan)
        tx, ty = s.centres[expected[p["name"]]]
        dx, dy = tx - ox, ty - oy
        px = math.cos(theta) * dx - math.sin(theta) * dy + round(ox)
        py = math.sin(theta) * dx + math.cos(theta) * dy + round(oy)
        x, y = p["x"] - board["x"], p["y"] - board["y"]
        assert math.hypot(x - px, y - py) <= 2.0, (p["name"], (x, y), (px, py))
