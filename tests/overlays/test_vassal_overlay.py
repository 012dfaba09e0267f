"""Overlays inside VASSAL: the saved game of markers (builder/overlays.py), loaded by the real engine.

Every marker must sit in the hex our overlay meant: VASSAL's own location name for the marker's
position equals the overlay's hex label, for a one-board game (over a player's position) and for
a two-sheet game (Highway to the Reich, where the board of each hex matters)."""
from __future__ import annotations

import zipfile
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from hexforge.builder.build import build
from hexforge.builder.module import main_layout
from hexforge.builder.overlays import PALETTE, UNKNOWN_IMAGE, overlay_images
from hexforge.builder.setups import setup_file_name
from hexforge.cli_overlay import overlay
from hexforge.games.loader import load_game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.los import Observation, los_overlay
from hexforge.rules.reach import reach_overlay
from hexforge.rules import rules_for
from tests.overlays.conftest import DATA, position


def cli(*args: object) -> None:
    r = CliRunner().invoke(overlay, [str(a) for a in args])
    assert r.exit_code == 0, r.output


def test_every_module_carries_hex_shaped_semi_transparent_marker_images(tmp_path):
    game = load_game(DATA / "synthetic-fm")
    path = build(game, tmp_path / "fm.vmod")
    grid = main_layout(game)[0].boards[0].grid
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        assert {f"images/{n}" for n in [*PALETTE.values(), UNKNOWN_IMAGE]} <= names
        img = Image.open(BytesIO(z.read(f"images/{PALETTE['#0072B2']}")))
    corners = grid.corners(Hex(0, 0))
    width = max(x for x, _ in corners) - min(x for x, _ in corners)
    assert abs(img.width - width) <= 3  # one hex wide
    alpha_centre = img.getpixel((img.width // 2, img.height // 2))[3]
    assert 0 < alpha_centre < 255 and img.getpixel((0, 0))[3] == 0  # see-through; the corner box is empty
    assert overlay_images(grid) == overlay_images(grid)  # deterministic bytes


@pytest.mark.vassal
def test_vassal_places_every_marker_in_its_hex(vassal_check, tmp_path: Path):
    # 1. synthetic F&M: the meeting scenario's setup (a save from the module) plus B2's movement range.
    fm = load_game(DATA / "synthetic-fm")
    vmod = build(fm, tmp_path / "fm.vmod")
    with zipfile.ZipFile(vmod) as z:
        (tmp_path / "meeting.vsav").write_bytes(z.read(setup_file_name("meeting")))
    cli("reach", DATA / "synthetic-fm", "--save", tmp_path / "meeting.vsav", "--module", vmod, "--unit", "B2",
        "-o", tmp_path / "reach.vsav")
    placed = {u: e.hex.resolved for e in fm.scenarios["meeting"].setup for u in e.units}
    want = reach_overlay(rules_for(fm), position(fm, placed), "B2")
    rc, res = vassal_check("replay", vmod, tmp_path / "reach.vsav")
    assert rc == 0 and res["success"], res.get("errors")
    pieces = res["final"]["pieces"]
    markers = [p for p in pieces if "Overlay" in p["markers"]]
    assert sorted(p["location"] for p in markers) == sorted(fm.map.label(h) for h in want.values)
    assert all(p["markers"]["Value"] == want.values[fm.map.hex(p["location"])] for p in markers)
    units = {p["name"]: p["location"] for p in pieces if "Overlay" not in p["markers"] and p["map"] == "Main Map"}
    assert units["B2"] == "0207" and units["R1"] == "0705"  # the player's position is still there

    # 2. Highway to the Reich, two map sheets: observation from A0605 (mostly unknown terrain).
    httr = load_game("highway-to-the-reich")
    hmod = build(httr, tmp_path / "httr.vmod")
    cli("los", "highway-to-the-reich", "--from", "A0605", "--module", hmod, "-o", tmp_path / "los.vsav")
    want = los_overlay(Observation(httr), httr.map.hex("A0605"))
    rc, res = vassal_check("replay", hmod, tmp_path / "los.vsav")
    assert rc == 0 and res["success"], res.get("errors")
    markers = [p for p in res["final"]["pieces"] if "Overlay" in p["markers"]]
    assert sorted(p["location"] for p in markers) == sorted(httr.map.label(h) for h in want.values)
    assert {p["board"] for p in markers} == {"Sheet A", "Sheet B"}
