"""The synthetic HTTR game, printed on two sheets, built on one synthetic scan per sheet (each at its
own scale and rotation; `survey grid --sheet`, then `build --map-image A=... --map-image B=...`),
loads clean in the real engine, and every set-up unit stands in its hex on either sheet: VASSAL
names the hex the scenario gives, and the unit's pixel on its board is the printed hex's centre on
that sheet's (straightened) scan, the scan's own truth."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.builder.build import setup_name
from hexforge.cli import cli
from hexforge.survey.gridfile import read_grids
from tests.survey.sheets import HTTR, two_sheet_game

pytestmark = pytest.mark.vassal

# unit -> hex: inside each sheet, on the overlap row by either sheet's label, near the far edges
SETUP = {"A-INF1": "A0305", "A-TANK": "A0609", "A-INF2": "B0702", "G-INF1": "A0106", "G-INF2": "B0203",
         "G-AFV": "B0509"}
SCENARIO = """id = "sheets"
name = "Both sheets"
source = "synthetic test data"
first_turn = 1
last_turn = 2
first_player = "allied"
""" + "".join(f'\n[[setup]]\nunits = ["{u}"]\nhex = "{h}"\n' for u, h in SETUP.items())


def test_a_module_on_two_fitted_sheet_scans_puts_every_unit_on_its_printed_hex(tmp_path: Path,
                                                                             vassal_check) -> None:
    game_dir, images, scans = two_sheet_game(tmp_path, HTTR)
    (game_dir / "scenarios" / "sheets.toml").write_text(SCENARIO, encoding="utf-8")
    assert all(h in scans[h[0]].centres for h in SETUP.values())  # every set-up hex is on its scan
    assert abs(scans["A"].hex_height - scans["B"].hex_height) > 10 and scans["A"].rotation * scans["B"].rotation < 0
    run = lambda *a: CliRunner().invoke(cli, [str(x) for x in a])  # noqa: E731
    for k, image in images.items():
        r = run("survey", "grid", game_dir, "--sheet", k, "--image", image)
        assert r.exit_code == 0, r.output
    out = tmp_path / "sheets.vmod"
    r = run("build", game_dir, "--map-image", f"A={images['A']}", "--map-image", f"B={images['B']}",
            "--scenario", "sheets", "-o", out)
    assert r.exit_code == 0, r.output

    rc, res = vassal_check("load", out)
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    assert [w for w in res["warnings"] if not w["message"].startswith("Version Mismatch")] == []
    rc, res = vassal_check("replay", out, f"setup:{setup_name('Both sheets')}")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    units = {p["basic_name"]: p for p in res["final"]["pieces"] if p["map"] == "Main Map" and "UnitId" in p["markers"]}
    assert {u: p["location"] for u, p in units.items()} == SETUP
    boards = {b["board"]: b for b in res["boards"]["Main Map"]}
    grids = read_grids(game_dir)
    for uid, label in SETUP.items():
        sheet = label[0]
        p, board, g = units[uid], boards[f"Sheet {sheet}"], grids[sheet]
        assert p["board"] == f"Sheet {sheet}"
        tx, ty = scans[sheet].centres[label]
        theta, (ox, oy) = math.radians(g.rotation), g.origin
        px = math.cos(theta) * (tx - ox) - math.sin(theta) * (ty - oy) + round(ox)
        py = math.sin(theta) * (tx - ox) + math.cos(theta) * (ty - oy) + round(oy)
        x, y = p["x"] - board["x"], p["y"] - board["y"]
        assert math.hypot(x - px, y - py) <= 2.0, (uid, label, (x, y), (px, py))
