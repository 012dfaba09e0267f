"""Saves and logs written by our writer, replayed by the real VASSAL engine, read back by our reader.

VASSAL's final positions, location names and Marker values must equal our reader's final state.
Three engine calls: a setup save, a 300-step log, and a log of a hand-made two-board module
read through a binding file.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from hexforge.builder.binding import load_binding
from hexforge.builder.commands import BoardSpec
from hexforge.builder.logwriter import LogWriter
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import Eliminated, Move, StepChange, build_timeline
from hexforge.games import load_game
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.layout import MapLayout, PlacedBoard
from tests.conftest import SYNTHETIC
from tests.logs.logmodule import PieceSpec, write_log_module

pytestmark = pytest.mark.vassal
MAP = "Main Map"
EXTRA = [PieceSpec("Größe Ärger №1", "blue", "90"), PieceSpec("Ça ira — «rouge»", "red", "91")]


def _vassal_final(res: dict) -> dict[str, tuple]:
    return {p["id"]: (p["map"], p["x"], p["y"], p["location"], p["markers"].get("Side"))
            for p in res["final"]["pieces"] if p["map"] is not None}


def _our_final(timeline) -> dict[str, tuple]:
    return {pl.piece.id: (pl.location.map, pl.location.x, pl.location.y, pl.location.label, pl.markers.get("Side"))
            for pl in timeline.final}


def _setup(tmp_path: Path, seed: int):
    game = load_game(SYNTHETIC)
    layout = MapLayout((PlacedBoard("Board", game.map.grid),), 23, 17)
    specs = [PieceSpec(u, game.units[u].side, str(i + 1)) for i, u in enumerate(sorted(game.units))] + EXTRA
    module = read_module(write_log_module(tmp_path / "log.vmod", MAP, layout, specs))
    writer = LogWriter({MAP: [BoardSpec("Board", 0, 0)]}, [("secret", "Jürgen", "blue")])
    rng = random.Random(seed)
    labels = sorted(game.map.index)
    ids = {}
    for k, s in enumerate(specs):
        pd = module.piece_by_gpid(s.gpid)
        label = labels[(k * 7) % 12] if k % 3 == 0 else rng.choice(labels)  # some hexes hold stacks
        ids[s.name] = writer.place(pd.type, pd.state, MAP, *layout.position("Board", label))
    return game, layout, module, writer, ids, rng, labels


def test_setup_save_replays_to_the_same_position(vassal_check, tmp_path: Path) -> None:
    game, layout, module, writer, ids, _, _ = _setup(tmp_path, 1)
    path = writer.write(tmp_path / "setup.vsav", "LogTest", "1.0", key=0xC3)
    rc, res = vassal_check("replay", tmp_path / "log.vmod", path)
    assert rc == 0 and res["success"], res.get("errors")
    assert res["save"]["format"] == "VCSK"
    ours = build_timeline(read_save(path), module, game)
    assert _vassal_final(res) == _our_final(ours)
    assert len(ours.final) == len(ids)
    assert all(pl.hex == pl.location.label for pl in ours.final)  # hexforge-style module: labels are game hexes


def test_log_of_300_steps_replays_to_the_same_final_state(vassal_check, tmp_path: Path) -> None:
    game, layout, module, writer, ids, rng, labels = _setup(tmp_path, 2)
    alive = list(ids.values())
    counts = {"move": 0, "path": 0, "flip": 0, "mark": 0, "remove": 0, "chat": 0, "dice": 0}
    for n in range(300):
        r = rng.random()
        pid = rng.choice(alive)
        if r < 0.55:
            writer.step(writer.move(pid, MAP, *layout.position("Board", rng.choice(labels))))
            counts["move"] += 1
        elif r < 0.65:
            a, b = rng.sample(labels, 2)
            writer.step(writer.move(pid, MAP, *layout.position("Board", a)),
                        writer.move(pid, MAP, *layout.position("Board", b)))
            counts["path"] += 1
        elif r < 0.75:
            writer.step(writer.set_layer(pid, 0, rng.choice([1, 2])))
            counts["flip"] += 1
        elif r < 0.82:
            writer.step(writer.set_marker(pid, "Side", rng.choice(["blue", "red", "grün", "rouge"])))
            counts["mark"] += 1
        elif r < 0.85 and len(alive) > 4:
            alive.remove(pid)
            writer.step(writer.remove(pid))
            counts["remove"] += 1
        elif r < 0.93:
            writer.step(writer.chat("Jürgen", f"Zug {n}: Straße frei? ✓ «ok»"))
            counts["chat"] += 1
        else:
            writer.step(*writer.dice("2d6", [rng.randint(1, 6), rng.randint(1, 6)], "Jürgen"))
            counts["dice"] += 1
    path = writer.write(tmp_path / "game.vlog", "LogTest", "1.0", key=0x17)
    rc, res = vassal_check("replay", tmp_path / "log.vmod", path)
    assert rc == 0 and res["success"], res.get("errors")
    assert res["log_steps_replayed"] == 300
    ours = build_timeline(read_save(path), module, game)
    assert ours.steps == 300
    assert _vassal_final(res) == _our_final(ours)
    assert all(counts.values()), counts
    moves = [e for e in ours.events if isinstance(e, Move)]
    assert len(moves) == counts["move"] + counts["path"]
    assert sum(1 for m in moves if len(m.path) == 3) >= counts["path"] - 1  # a/b may equal the start
    assert sum(isinstance(e, Eliminated) for e in ours.events) == counts["remove"]
    assert all(e.unit is None or e.unit in game.units for e in (m.piece for m in moves))
    assert any(isinstance(e, StepChange) and e.trait == "Strength" for e in ours.events)


def test_community_module_with_two_boards_reads_through_a_binding(vassal_check, tmp_path: Path) -> None:
    """Other piece names, lettered columns with a separator, two boards: bound to the synthetic game."""
    game = load_game(SYNTHETIC)
    dx = game.map.grid.grid.dx
    numbering = GridNumbering(h_type="A", sep="-", h_off=0, v_off=1, v_leading=0, stagger=False)
    west = BoardGrid(HexGrid(dx, 64.0, 30, 32), numbering, 280, 540)
    east = BoardGrid(HexGrid(dx, 64.0, 30, 32), numbering, 280, 540)
    layout = MapLayout((PlacedBoard("West", west, 0, 0), PlacedBoard("East", east, 1, 0)), 40, 12)
    names = {"1/Blue": "Pz.Rgt «Blau»", "2/Blue": "Fallschirmjäger 2", "1/Red": "Régiment Rouge"}
    by_unit = {u.name: u.id for u in game.units.values()}
    specs = [PieceSpec(n, "x", str(100 + i)) for i, n in enumerate(names.values())]
    vmod = write_log_module(tmp_path / "community.vmod", "Theatre", layout, specs, name="Community")
    module = read_module(vmod)
    binding_file = tmp_path / "binding.toml"
    lines = ["[pieces]"] + [f'"{names[k]}" = "{by_unit[k]}"' for k in names]
    lines += ['[boards."West"]', "column_offset = 1", '[boards."Theatre/East"]', "column_offset = 6",
              '[boards."East".labels]', '"A-1" = "0808"']
    binding_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    binding = load_binding(binding_file, game)

    writer = LogWriter({"Theatre": [BoardSpec("West", 0, 0), BoardSpec("East", 1, 0)]})
    ids = [writer.place(module.piece_by_gpid(s.gpid).type, module.piece_by_gpid(s.gpid).state, "Theatre",
                        *layout.position("West", "B-3")) for s in specs]
    writer.step(writer.move(ids[0], "Theatre", *layout.position("East", "C-4")))
    writer.step(writer.move(ids[1], "Theatre", *layout.position("East", "E-8")))
    writer.step(writer.move(ids[2], "Theatre", *layout.position("West", "A-1")))
    path = writer.write(tmp_path / "community.vlog", "Community", "1.0")

    rc, res = vassal_check("replay", vmod, path)
    assert rc == 0 and res["success"], res.get("errors")
    vassal = {p["id"]: (p["board"], p["location"]) for p in res["final"]["pieces"]}
    assert vassal == {ids[0]: ("East", "C-4"), ids[1]: ("East", "E-8"), ids[2]: ("West", "A-1")}
    t = build_timeline(read_save(path), module, game, binding)
    ours = {pl.piece.id: (pl.location.board, pl.location.label) for pl in t.final}
    assert ours == vassal
    # West: column letter A=0 + 1; East: C=2 + 6; the explicit label table is not used by these.
    assert {pl.piece.unit: pl.hex for pl in t.final} == {"B1": "0804", "B2": "1008", "R1": "0101"}
    assert [(e.piece.unit, e.from_hex, e.to_hex) for e in t.events if isinstance(e, Move)] == [
        ("B1", "0203", "0804"), ("B2", "0203", "1008"), ("R1", "0203", "0101")]
