"""Our pixel <-> label agrees with the real VASSAL engine, hex by hex and point by point.

Each configuration is written as a module holding only its map, then VASSAL's own `position`
(label -> pixel) and `locate` (pixel -> label, snap point) are asked about every hex centre and
a few thousand random points, in one engine call each.
"""
from __future__ import annotations

import math
import random
import zipfile
from pathlib import Path

import pytest

from hexforge.maps.convention import Convention, board_grid
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.layout import MapLayout, PlacedBoard
from tests.vassal.gridmodule import MAP_NAME, write_grid_module

pytestmark = pytest.mark.vassal

DY = 64.0
DX = DY * math.sqrt(3) / 2
RANDOM_POINTS = 2500


def single(grid: HexGrid, numbering: GridNumbering, width: int = 620, height: int = 540,
           edge: tuple[int, int] = (0, 0)) -> MapLayout:
    return MapLayout((PlacedBoard("Board", BoardGrid(grid, numbering, width, height)),), *edge)


CONFIGS: dict[str, MapLayout] = {
    "flat-stagger-off-CCRR": single(HexGrid(DX, DY, 37, 32), GridNumbering(stagger=False)),
    "flat-stagger-on": single(HexGrid(DX, DY, 37, 32), GridNumbering(stagger=True)),
    "sideways-stagger-off": single(HexGrid(DX, DY, 40, 30, sideways=True), GridNumbering(stagger=False)),
    "sideways-RRCC-stagger-on": single(HexGrid(DX, DY, 20, 45, sideways=True),
                                       GridNumbering(first="V", stagger=True)),
    "flat-descending-both": single(HexGrid(DX, DY, 30, 40),
                                   GridNumbering(h_descend=True, v_descend=True, stagger=True), 653, 571),
    "sideways-descending-both": single(HexGrid(DX, DY, 33, 29, sideways=True),
                                       GridNumbering(h_descend=True, v_descend=True, stagger=False), 577, 611),
    "alpha-columns-sep-offsets": single(HexGrid(DX, DY, 37, 32),
                                        GridNumbering(h_type="A", sep="-", h_off=0, v_off=5, v_leading=2)),
    "odd-size-negative-origin": single(HexGrid(49.7, 57.3, -11, 17),
                                       GridNumbering(first="V", h_leading=0, v_leading=0, h_off=3, v_off=-2,
                                                     stagger=True), 533, 497),
    "format-and-edge-buffer": single(HexGrid(DX, DY, 37, 32),
                                     GridNumbering(location_format="Hex $column$/$row$", stagger=False),
                                     edge=(57, 41)),
    "arnhem-convention": MapLayout((PlacedBoard("Board", board_grid(Convention.from_pattern(
        "CCRR", "columns", (1, 12, "right"), (1, 9, "down"), "even"))),)),
    "half-hex-edges": MapLayout((PlacedBoard("Board", board_grid(Convention.from_pattern(
        "CCRR", "columns", (1, 10, "right"), (1, 8, "down"), "odd", frozenset({"left", "top", "right"})))),)),
    "ptr-convention": MapLayout((PlacedBoard("Board", board_grid(Convention.from_pattern(
        "RRCC", "rows", (0, 9, "right"), (10, 20, "up"), "odd"))),)),
}


def hex_labels(bg: BoardGrid) -> list[str]:
    """Labels of every hex whose VASSAL centre is on the board."""
    labels = []
    for c in range(-1, 40):
        for r in range(-1, 40):
            h = bg.hex_of_raw(c, r)
            x, y = bg.pixel(h)
            if 0 <= x < bg.width and 0 <= y < bg.height:
                labels.append(bg.label(h))
    return labels


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_labels_and_pixels_agree_with_vassal(name: str, vassal_check, tmp_path: Path) -> None:
    layout = CONFIGS[name]
    placed = layout.boards[0]
    module = write_grid_module(tmp_path / f"{name}.vmod", layout)

    labels = hex_labels(placed.grid)
    assert len(labels) > 40
    rc, res = vassal_check("position", module, MAP_NAME, "--", *labels)
    assert rc == 0 and res["success"], res.get("errors")
    centres = {}
    for entry in res["labels"]:
        assert entry["matches"], f"VASSAL cannot parse {entry['label']!r}: {entry.get('not_on')}"
        centres[entry["label"]] = tuple(entry["matches"][0]["map_xy"])
        assert centres[entry["label"]] == layout.position(placed.name, entry["label"]), entry["label"]
        assert entry["matches"][0]["roundtrip_location"] == layout.locate(*centres[entry["label"]])[1]

    rng = random.Random(name)
    width, height = layout.size
    points = list(centres.values()) + [(rng.randrange(width), rng.randrange(height)) for _ in range(RANDOM_POINTS)]
    rc, res = vassal_check("locate", module, MAP_NAME, "--", *(f"{x},{y}" for x, y in points))
    assert rc == 0 and res["success"], res.get("errors")
    disagreements = []
    for p in res["points"]:
        x, y = p["input"]
        ours = layout.locate(x, y)[1]
        if ours != p["location"]:
            disagreements.append((x, y, ours, p["location"]))
        if p["board"] is not None:
            ox, oy = layout.origin(placed.name)
            sx, sy = placed.grid.snap(x - ox, y - oy)
            assert (sx + ox, sy + oy) == tuple(p["snap"]), (x, y)
    assert len(res["points"]) == len(points)
    assert disagreements == [], f"{len(disagreements)} of {len(points)} points differ: {disagreements[:10]}"


def test_two_boards_side_by_side_with_edge_buffer(vassal_check, tmp_path: Path) -> None:
    """Board origins follow VASSAL's board table: the second board starts after the first's width."""
    a = BoardGrid(HexGrid(DX, DY, 37, 32), GridNumbering(stagger=False), 400, 300)
    b = BoardGrid(HexGrid(DX, DY, 30, 30), GridNumbering(stagger=True, location_format="B$gridLocation$"), 350, 320)
    layout = MapLayout((PlacedBoard("West", a, 0, 0), PlacedBoard("East", b, 1, 0)), 25, 15)
    module = write_grid_module(tmp_path / "two.vmod", layout)
    save = tmp_path / "layout.vsav"
    # One BoardPicker command sets the whole layout: board, column, row for each board.
    text = "\x1b".join(["begin_save", "", f"{MAP_NAME}BoardPicker\tWest\t0\t0\tEast\t1\t0", "end_save"])
    with zipfile.ZipFile(save, "w") as z:
        z.writestr("savedGame", text)
    rng = random.Random(7)
    width, height = layout.size
    points = [(rng.randrange(width), rng.randrange(height)) for _ in range(1500)]
    rc, res = vassal_check("locate", module, MAP_NAME, "--save", save, "--", *(f"{x},{y}" for x, y in points))
    assert rc == 0 and res["success"], res.get("errors")
    assert {bd["board"]: (bd["x"], bd["y"]) for bd in res["boards_on_map"]} == {
        "West": layout.origin("West"), "East": layout.origin("East")}
    got = {tuple(p["input"]): p["location"] for p in res["points"]}
    assert {(x, y): layout.locate(x, y)[1] for x, y in points} == got
