"""The set-up placements of a stack come bottom first, as the save's stack lists its members (VASSAL's
``Stack.setState`` appends each listed piece, index 0 being the bottom and ``topPiece`` the last), whatever order the
save adds the pieces in."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hexforge.builder.commands import BoardSpec
from hexforge.builder.logwriter import LogWriter
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import build_timeline
from tests.logs.test_timeline import MAP, _world


def _save(tmp_path: Path, members: str):
    """A save adding B1, then B2, then R1, all in hex 0101, whose one stack lists them as ``members`` (ids)."""
    game, layout, module = _world(tmp_path)
    w = LogWriter({MAP: [BoardSpec("Board", 0, 0)]})
    for gpid in ("1", "2", "3"):
        slot = module.piece_by_gpid(gpid)
        w.place(slot.type, slot.state, MAP, *layout.position("Board", "0101"))
    w.write(tmp_path / "g.vsav", "LogTest", "1.0")
    save = read_save(tmp_path / "g.vsav")
    assert "/stack/Main Map;55;50;hf1;hf2;hf3;" in save.text  # the writer stacks them in the order placed
    return build_timeline(replace(save, text=save.text.replace("hf1;hf2;hf3;", members)), module, game)


def test_a_set_up_stack_is_placed_bottom_first_in_the_saved_stacks_order(tmp_path: Path) -> None:
    t = _save(tmp_path, "hf3;hf1;hf2;")
    assert [p.piece.unit for p in t.setup] == ["R1", "B1", "B2"]


def test_a_piece_alone_keeps_its_place_and_a_stack_comes_whole_where_its_first_added_piece_was(tmp_path: Path) -> None:
    t = _save(tmp_path, "hf3;hf2;")  # hf1 stands outside the stack, at the same point
    assert [p.piece.unit for p in t.setup] == ["B1", "R1", "B2"]
