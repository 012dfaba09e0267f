"""The engine's own sample files read to the positions in expected.json (hex labels), and to the
pixels that VASSAL's replay reports."""
from __future__ import annotations

import json

import pytest

from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import Eliminated, Move, StepChange, build_timeline
from tests.conftest import SHARED

SAMPLES = SHARED / "tools" / "vassal-check" / "samples"
EXPECTED = json.loads((SAMPLES / "expected.json").read_text())


def _module():
    return read_module(SAMPLES / "harness_test.vmod")


def test_module_reader_reads_the_sample_module() -> None:
    m = _module()
    assert m.build_file == "buildFile.xml" and m.name == "HarnessTest" and m.sides == ("Blue", "Red")
    (board,) = m.maps[0].boards
    assert (m.maps[0].id, board.name, [board.width, board.height]) == ("Main Map", "Hex Board", EXPECTED["board_size"])
    assert board.grid.grid.x0 == EXPECTED["hex_grid"]["x0"] and board.grid.numbering.stagger is False
    assert {p.gpid: (p.name, p.prototypes, p.markers) for p in m.pieces} == {
        "1": ("Blue Infantry", ("Unit",), {"Side": "Blue", "Type": "Combat"}),
        "2": ("Red Armor", ("Unit",), {"Side": "Red", "Type": "Combat"}),
        "3": ("Control Marker", (), {})}
    assert set(m.prototypes) == {"Unit"}


@pytest.mark.parametrize("name, fmt", [("harness_test.vsav", "VCSK"), ("harness_test_plain.vsav", "PLAIN")])
def test_sample_saves_read_to_the_intended_hexes(name: str, fmt: str) -> None:
    save = read_save(SAMPLES / name)
    assert save.format == fmt and save.module["name"] == "HarnessTest"
    t = build_timeline(save, _module())
    assert sorted((p.piece.id, p.piece.name, p.hex) for p in t.setup) == sorted(
        (e["id"], e["name"], e["hex"]) for e in EXPECTED["pieces_after_vsav"])
    assert t.events == () and t.final == t.setup


def test_sample_log_reads_to_the_intended_hexes() -> None:
    t = build_timeline(read_save(SAMPLES / "harness_test.vlog"), _module())
    assert t.steps == 3
    final = {p.piece.id: p for p in t.final}
    assert {i: (p.piece.name, p.hex) for i, p in final.items()} == {
        e["id"]: (e["name"], e["hex"]) for e in EXPECTED["pieces_after_vlog"]}
    assert final["1700000000002"].markers["Side"] == "Routed"
    move, change, gone = t.events
    assert isinstance(move, Move) and (move.step, move.from_hex, move.to_hex) == (1, "0203", "0303")
    assert isinstance(change, StepChange) and (change.trait, change.old, change.new) == ("Side", "Red", "Routed")
    assert isinstance(gone, Eliminated) and (gone.step, gone.piece.name, gone.hex) == (3, "Control Marker", "0504")


@pytest.mark.vassal
def test_sample_log_pixels_and_names_match_vassal_replay(vassal_check) -> None:
    rc, res = vassal_check("replay", SAMPLES / "harness_test.vmod", SAMPLES / "harness_test.vlog")
    assert rc == 0 and res["success"], res.get("errors")
    t = build_timeline(read_save(SAMPLES / "harness_test.vlog"), _module())
    ours = {p.piece.id: (p.location.map, p.location.x, p.location.y, p.location.label, p.location.board)
            for p in t.final}
    assert ours == {p["id"]: (p["map"], p["x"], p["y"], p["location"], p["board"]) for p in res["final"]["pieces"]}
