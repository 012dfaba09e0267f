"""A module hexforge builds reads without a binding: piece names are unit ids, labels are game hexes."""
from __future__ import annotations

import zipfile
from pathlib import Path

from hexforge.builder.build import build
from hexforge.builder.commands import SetBoards, parse_stream
from hexforge.builder.locations import Locator
from hexforge.builder.logwriter import LogWriter
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import Entered, build_timeline
from hexforge.games import load_game
from tests.conftest import SYNTHETIC


def test_scenario_setup_and_entry_from_the_holding_box(tmp_path: Path) -> None:
    game = load_game(SYNTHETIC)
    vmod = build(game, tmp_path / "syn.vmod", force=True)
    module = read_module(vmod)
    with zipfile.ZipFile(vmod) as z:
        (setup_name,) = [n for n in z.namelist() if n.endswith(".vsav")]
        (tmp_path / setup_name).write_bytes(z.read(setup_name))
    save = read_save(tmp_path / setup_name)
    t = build_timeline(save, module, game)
    on_map = {p.piece.unit: p.hex for p in t.setup if p.hex is not None}
    assert on_map and set(on_map) <= set(game.units)
    waiting = [p for p in t.setup if p.hex is None]
    assert waiting, "the synthetic scenario keeps a unit in a holding box"

    # A log step moving the waiting unit onto the game map is a reinforcement entry.
    locator = Locator(module)
    for e in parse_stream(save.text):
        if isinstance(e.command, SetBoards):
            locator.set_boards(e.command)
    main = module.map("Main Map")
    writer = LogWriter.continuing(save.text)
    writer.step(writer.move(waiting[0].piece.id, main.id, *locator.position(main.id, main.boards[0].name, "0505")))
    writer.write(tmp_path / "entry.vlog", module.name, module.version)
    (event,) = build_timeline(read_save(tmp_path / "entry.vlog"), module, game).events
    assert isinstance(event, Entered) and (event.piece.unit, event.hex) == (waiting[0].piece.unit, "0505")
