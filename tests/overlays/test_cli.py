"""``hexforge overlay supply|command|los|reach``: PNG, SVG and JSON files with the rules' answers,
and one-line errors for bad input. Expected values come from the rulebooks and the synthetic
games' data (see each test), not from earlier runs."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from hexforge.cli_overlay import overlay
from hexforge.games.loader import load_game
from hexforge.maps.overlay import whole_board
from tests.overlays.conftest import DATA

FM = str(DATA / "synthetic-fm")
PTR = str(DATA / "overlay-ptr")
HTTR = str(DATA / "overlay-httr")


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(overlay, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exc_info
    return r.exit_code, r.output


def write_all(tmp_path: Path, *args: str) -> tuple[dict, str, Image.Image]:
    out = {}
    for suffix in (".json", ".svg", ".png"):
        path = tmp_path / f"out{suffix}"
        code, text = run(*args, "-o", str(path))
        assert code == 0 and f"wrote {path}" in text
        out[suffix] = path
    return json.loads(out[".json"].read_text()), out[".svg"].read_text(), Image.open(out[".png"]).convert("RGB")


def tint(img: Image.Image, game, label: str) -> tuple[int, int, int]:
    g = whole_board(game.map).grid
    x, y = g.centre(game.map.hex(label))
    return img.getpixel((int(x + g.grid.dx / 3), int(y)))  # off the centre text


def test_reach_files(tmp_path):
    # Meeting scenario: B1 (leg, MA 4) at 0205, R1 at 0705. Four clear hexes east end in 0605,
    # in R1's ZOC: reached for 4 MP and a stop (F&M 5.4, 6.1); 0206 is one clear hex (1 MP).
    game = load_game(FM)
    data, svg, png = write_all(tmp_path, "reach", FM, "--scenario", "meeting", "--unit", "B1")
    assert data["hexes"]["0206"] == {"value": "reach", "text": "1"}
    assert data["hexes"]["0605"] == {"value": "stop", "text": "4"}
    assert "0705" not in data["hexes"]  # the enemy's hex (F&M 5.2d)
    assert "can reach but must stop there (EZOC, F&amp;M 6.1)" in svg and "Movement range of B1" in svg
    board = whole_board(game.map).grid
    assert png.width >= board.width and png.height > board.height  # the legend is below the map
    r, g_, b = tint(png, game, "0206")
    assert b > r  # blue: reach
    r, g_, b = tint(png, game, "0605")
    assert r > b  # orange: stop


def test_supply_files(tmp_path):
    # Standoff: nothing of the enemy's near the US HQ at 0506, so it traces a path (PtR 17.2).
    data, svg, png = write_all(tmp_path, "supply", PTR, "--scenario", "standoff", "--side", "us")
    assert data["hexes"]["0506"]["mark"] == "US-HQ" and data["hexes"]["0506"]["value"] == "yes"
    assert "US-HQ: in supply" in data["notes"]
    assert "an HQ here traces a supply path" in svg
    assert png.height > whole_board(load_game(PTR).map).grid.height


def test_command_files(tmp_path):
    # US-HQ's command range is 3 (units.csv): every hex shown is at most 3 hexsides away.
    game = load_game(PTR)
    data, svg, _ = write_all(tmp_path, "command", PTR, "--scenario", "standoff", "--unit", "US-HQ")
    hq = game.map.hex("0506")
    shown = {lab: v for lab, v in data["hexes"].items() if v["value"] == "yes"}
    assert shown and all(int(v["text"]) <= 3 and hq.distance(game.map.hex(lab)) <= 3 for lab, v in shown.items())
    assert any(v["text"] == "3" for v in shown.values())
    assert "in command range (number: path length)" in svg


def test_los_files(tmp_path):
    # HTTR 7.1.3: woods in 0607 blocks 0605 -> 0608; 0602 is seen (clear).
    data, svg, _ = write_all(tmp_path, "los", HTTR, "--from", "0605")
    assert data["hexes"]["0608"]["value"] == "blocked" and "0607" in data["hexes"]["0608"]["detail"]
    assert data["hexes"]["0602"]["value"] == "seen"
    assert "LOS blocked" in svg and "0605" in svg


@pytest.mark.parametrize("args, message", [
    (("reach", "no-such-game", "--unit", "B1"), "no such game"),
    (("reach", FM, "--scenario", "meeting", "--unit", "ZZ"), "unit ZZ is not on the map"),
    (("reach", FM, "--scenario", "nope", "--unit", "B1"), "no scenario 'nope'"),
    (("reach", PTR, "--scenario", "standoff", "--unit", "US-HQ"), "reach overlays are not drawn for overlay-ptr"),
    (("los", HTTR, "--from", "9999"), "'9999' is not a hex"),
    (("los", FM, "--from", "0101"), "los overlays are not drawn for synthetic-fm"),
    (("supply", PTR, "--scenario", "standoff", "--side", "martians"), "--side must be one of"),
    (("command", PTR, "--scenario", "standoff", "--unit", "GE-TD"), "HQ GE-TD is not on the map"),
])
def test_bad_input_is_one_line(tmp_path, args, message):
    code, text = run(*args, "-o", str(tmp_path / "x.png"))
    assert code != 0 and "Traceback" not in text
    assert text.count("\n") == 1 and text.startswith("Error:") and message in text


def test_bad_output_and_save_are_one_line(tmp_path):
    base = ("reach", FM, "--scenario", "meeting", "--unit", "B1")
    for out, message in ((tmp_path / "x.txt", "-o must end in one of"), (tmp_path / "no" / "x.png", "does not exist"),
                         (tmp_path / "x.vsav", "needs --module")):
        code, text = run(*base, "-o", str(out))
        assert code == 1 and text.count("\n") == 1 and message in text
    junk = tmp_path / "junk.vsav"
    junk.write_bytes(b"not a zip")
    code, text = run("reach", FM, "--save", str(junk), "--module", str(junk), "--unit", "B1", "-o", str(tmp_path / "x.png"))
    assert code == 1 and text.count("\n") == 1 and "not a readable zip" in text


def test_httr_supply_chain_files(tmp_path):
    # Scenario 'chain': corps 1205 on the primary road to the source 1201 (13.2.3.1), division
    # 0905 3 MP from it (13.2.4.1), regiment 0605 3 MP from the division (13.2.5.1), rifle
    # company 0302 5 hexes from the regiment (13.2.6.1): all in supply.
    data, svg, png = write_all(tmp_path, "supply", HTTR, "--scenario", "chain", "--side", "us")
    for label in ("1205", "0905", "0605", "0302"):
        assert data["hexes"][label]["value"] == "supplied", label
    assert data["hexes"]["1201"]["value"] == "source"
    assert "in supply: every link up to a source holds" in svg
    assert png.height > whole_board(load_game(HTTR).map).grid.height  # the legend is below the map
    # With the regiment HQ in Travel Mode the company's 12 hexes halve to 6 (13.2.2.6): 5 still fits.
    data, _, _ = write_all(tmp_path, "supply", HTTR, "--scenario", "chain", "--side", "us", "--travel", "US-REG",
                           "--force")  # the same files again
    assert data["hexes"]["0302"]["value"] == "supplied"


def test_httr_supply_bad_unit_is_one_line(tmp_path):
    code, text = run("supply", HTTR, "--scenario", "chain", "--side", "us", "--travel", "NOPE", "-o", str(tmp_path / "x.png"))
    assert code == 1 and text.count("\n") == 1 and "no unit 'NOPE'" in text


# The README: "Output files ... never overwrite an existing file without --force", and no command
# writes over one of its inputs. cli_overlay.py does not use hexforge.output yet (the lead's file):
# these are strict xfails, so they turn into failures the moment it does, and the marks go.
def test_an_overlay_never_overwrites_an_existing_file_without_force(tmp_path):
    out = tmp_path / "reach.json"
    out.write_text("mine")
    code, text = run("reach", FM, "--scenario", "meeting", "--unit", "B1", "-o", str(out))
    assert code != 0 and "use --force" in text and out.read_text() == "mine"


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_an_overlay_never_writes_over_the_players_save(tmp_path, force):
    import zipfile

    from hexforge.builder.build import build
    vmod = build(load_game(FM), tmp_path / "fm.vmod")
    save = tmp_path / "turn5.vsav"
    save.write_bytes(zipfile.ZipFile(vmod).read("setup-meeting.vsav"))
    before = save.read_bytes()
    code, text = run("reach", FM, "--save", str(save), "--module", str(vmod), "--unit", "B1", "-o", str(save), *force)
    assert code != 0 and "is also an input" in text and save.read_bytes() == before
