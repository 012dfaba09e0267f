"""The engine-made samples (tests/data/engine-samples, made by ``python -m tools.vassal.samples``:
the real VASSAL engine played script.json and wrote play.vlog) read to the hexes the script
meant (expected.json), and to the pixels and names that VASSAL's own replay reports."""
from __future__ import annotations

import json

import pytest

from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import Eliminated, Move, build_timeline
from tests.conftest import ENGINE_SAMPLES

EXPECTED = json.loads((ENGINE_SAMPLES / "expected.json").read_text())


def _module():
    return read_module(ENGINE_SAMPLES / "play.vmod")


def _timeline():
    return build_timeline(read_save(ENGINE_SAMPLES / "play.vlog"), _module())


def test_module_reader_reads_the_sample_module() -> None:
    m, want = _module(), EXPECTED["module"]
    assert (m.build_file, m.name, list(m.sides)) == ("buildFile.xml", want["name"], want["sides"])
    (board,) = m.maps[0].boards
    assert (m.maps[0].id, board.name, [board.width, board.height]) == (want["map"], want["board"], want["board_size"])
    units = {p.gpid: [p.name, p.markers.get("Side")] for p in m.pieces if "Side" in p.markers}
    assert units == want["units"]


def test_the_engine_written_log_reads_to_the_intended_hexes() -> None:
    save, t = read_save(ENGINE_SAMPLES / "play.vlog"), _timeline()
    assert save.format == "VCSK" and save.module["name"] == "PlayTest"
    assert t.steps == EXPECTED["log_steps"]
    final = {p.piece.name: p.hex for p in t.final}
    assert {k: final.get(k) for k in EXPECTED["final_hexes"]} == EXPECTED["final_hexes"]
    moves = [[e.step, e.piece.name, e.from_hex, e.to_hex] for e in t.events if isinstance(e, Move)]
    assert [m for m in EXPECTED["moves"] if not m[1].endswith("*")] == moves
    assert [[e.step, e.piece.name, e.hex] for e in t.events if isinstance(e, Eliminated)] == EXPECTED["eliminated"]


@pytest.mark.vassal
def test_sample_log_pixels_match_vassal_replay(vassal_check) -> None:
    rc, res = vassal_check("replay", ENGINE_SAMPLES / "play.vmod", ENGINE_SAMPLES / "play.vlog")
    assert rc == 0 and res["success"], res.get("errors")
    assert res["log_steps_replayed"] == EXPECTED["log_steps"]
    theirs = {p["id"]: (p["map"], p["x"], p["y"], p["location"], p["board"])
              for p in res["final"]["pieces"] if "deck" not in p}
    ours = {p.piece.id: (p.location.map, p.location.x, p.location.y, p.location.label, p.location.board)
            for p in _timeline().final}
    assert {i: ours.get(i) for i in theirs} == theirs
