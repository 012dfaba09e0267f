"""Timeline events: entries, paths, dice, turn tracker states, chat, and the module reader's choices."""
from __future__ import annotations

import zipfile
from dataclasses import replace
from pathlib import Path

from hexforge.builder.commands import BoardSpec, Chat
from hexforge.builder.logwriter import LogWriter
from hexforge.builder.modulereader import TurnLevelDef, TurnTrackerDef, read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import ChatLine, DiceRoll, Entered, Move, TurnChange, build_timeline, turn_levels
from hexforge.games import load_game
from hexforge.maps.layout import MapLayout, PlacedBoard
from tests.conftest import SYNTHETIC
from tests.logs.logmodule import PieceSpec, write_log_module

MAP = "Main Map"


def _world(tmp_path: Path):
    game = load_game(SYNTHETIC)
    layout = MapLayout((PlacedBoard("Board", game.map.grid),), 10, 10)
    specs = [PieceSpec(u, game.units[u].side, str(i + 1)) for i, u in enumerate(sorted(game.units))]
    module = read_module(write_log_module(tmp_path / "m.vmod", MAP, layout, specs))
    return game, layout, module


def test_reinforcements_paths_dice_and_chat(tmp_path: Path) -> None:
    game, layout, module = _world(tmp_path)
    w = LogWriter({MAP: [BoardSpec("Board", 0, 0)]}, [("pw", "Ann", "blue")])
    b1 = module.piece_by_gpid("1")
    r1 = module.piece_by_gpid("3")
    a = w.place(b1.type, b1.state, MAP, *layout.position("Board", "0101"))
    off = w.place(r1.type, r1.state, None, 0, 0)  # waiting off-map
    pos = {label: layout.position("Board", label) for label in ("0102", "0203", "0303", "0808")}
    w.step(w.move(a, MAP, *pos["0102"]), w.move(a, MAP, *pos["0203"]), w.move(a, MAP, *pos["0303"]))
    w.step(w.move(off, MAP, *pos["0808"]))
    w.step(w.add(module.piece_by_gpid("2").type, module.piece_by_gpid("2").state, MAP, *pos["0203"]))
    w.step(*w.dice("1d6", [5], "Ann"), w.chat("Ann", "<b>bold</b> & ok"))
    w.step(Chat("*** 2d10 = 3,9 *** &lt;Ann&gt;"))
    w.write(tmp_path / "g.vlog", "LogTest", "1.0")
    t = build_timeline(read_save(tmp_path / "g.vlog"), module, game)
    assert [(p.piece.unit, p.hex) for p in t.setup] == [("B1", "0101")]
    move, entered_by_move, entered_by_add, dice, chat_dice, chat, dice2, chat2 = t.events
    assert isinstance(move, Move) and move.path == ("0101", "0102", "0203", "0303") and move.to_hex == "0303"
    assert isinstance(entered_by_move, Entered) and (entered_by_move.piece.unit, entered_by_move.hex) == ("R1", "0808")
    assert isinstance(entered_by_add, Entered) and (entered_by_add.piece.unit, entered_by_add.step) == ("B2", 3)
    assert dice == DiceRoll(4, "1d6", (5,), 5, "Ann")
    assert isinstance(chat_dice, ChatLine) and chat == ChatLine(4, "Ann", "<b>bold</b> & ok")
    assert dice2 == DiceRoll(5, "2d10", (3, 9), None, "Ann") and isinstance(chat2, ChatLine)
    assert t.players == (("Ann", "blue"),)


def test_turn_tracker_state_is_named_by_its_levels(tmp_path: Path) -> None:
    phases = TurnLevelDef("list", "Phase", "Phase", 0, 1, ("Movement", "Combat", "Supply"))
    turn = TurnLevelDef("counter", "Turn", "Turn", 1, 1, (), (phases,))
    # TurnTracker state: current level | Turn: current;sub;loop;limit;<Phase: current;sub;first;actives>
    assert turn_levels((turn,), "0|3;0;false;-1;1\\;0\\;0\\;true,true,true") == (("Turn", "3"), ("Phase", "Combat"))
    game, layout, module = _world(tmp_path)
    module = replace(module, turn_trackers=(TurnTrackerDef("TurnTracker0", "Turns", (turn,)),))
    w = LogWriter({MAP: [BoardSpec("Board", 0, 0)]})
    w.step(w.turn("TurnTracker0", "0|1;0;false;-1;2;0;0;true,true,true"))
    w.write(tmp_path / "t.vlog", "LogTest", "1.0")
    (ev,) = build_timeline(read_save(tmp_path / "t.vlog"), module, game).events
    assert isinstance(ev, TurnChange) and ev.levels == (("Turn", "1"), ("Phase", "Supply"))


def test_build_file_chosen_as_vassal_chooses(tmp_path: Path) -> None:
    xml = (b'<VASSAL.build.GameModule name="%s" VassalVersion="%s"><VASSAL.build.module.turn.TurnTracker name="T">'
           b'<VASSAL.build.module.turn.CounterTurnLevel property="Turn" start="1" incr="1">'
           b'<VASSAL.build.module.turn.ListTurnLevel property="Phase" list="Move,Fight"/>'
           b'</VASSAL.build.module.turn.CounterTurnLevel></VASSAL.build.module.turn.TurnTracker>'
           b'</VASSAL.build.GameModule>')
    path = tmp_path / "both.vmod"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", xml % (b"new", b"3.6.0"))
        z.writestr("buildFile", xml % (b"old", b"3.2.17"))
        z.writestr("moduledata", "<data><VassalVersion>3.2.17</VassalVersion></data>")
    m = read_module(path)
    assert (m.build_file, m.name) == ("buildFile", "old")
    (tracker,) = m.turn_trackers
    assert tracker.id == "TurnTracker0" and tracker.levels[0].levels[0].items == ("Move", "Fight")
    with zipfile.ZipFile(path, "w") as z:  # no moduledata: the buildFile's own VassalVersion decides
        z.writestr("buildFile.xml", xml % (b"new", b"3.6.0"))
        z.writestr("buildFile", xml % (b"old", b"3.2.17"))
    assert read_module(path).name == "new"
