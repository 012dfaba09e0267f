"""The engine-made samples in ``tests/data/engine-samples``: a small module, a script of player
actions, and the ``.vlog`` the real engine wrote while playing it (``python -m tools.vassal play``).

Run from the repository root with the project's venv and the harness installed:

    python -m tools.vassal.samples [OUT_DIR]     # default tests/data/engine-samples

``expected.json`` states what the script meant (hexes moved from and to, what was eliminated),
written from the script, never read back from hexforge's own reader. The module is written with
hexforge's builder components; VASSAL itself checks it (``load``) before it plays. The log holds
VASSAL's time-based piece ids and dice rolls, so a re-run makes a different (equally valid) log.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hexforge.builder.components import (Component, board, build_file, game_module, map_window, module_data,
                                         piece_slot, piece_window, player_roster)
from hexforge.builder.traits import BasicPiece, Delete, Layer, Link, Marker, join
from hexforge.builder.vmod import zip_bytes_to
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid

ROOT = Path(__file__).resolve().parents[2]
MAP_NAME = "Main Map"


def png(width: int, height: int) -> bytes:
    """A plain white PNG of the given size."""
    import io

    from PIL import Image
    buf = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(buf, "PNG")
    return buf.getvalue()


GRID = BoardGrid(HexGrid(55.4, 64.0, 37, 32), GridNumbering(stagger=False), 560, 480)


def _encode(*traits: Any) -> tuple[str, str]:
    """(type, state) of a trait chain, outermost first, nested as VASSAL nests decorators."""
    return join([Link(t.type(), t.state()) for t in traits])


def _unit(name: str, side: str, gpid: str) -> Component:
    type_, state = _encode(Marker((("Side", side),)), Delete(),
                           Layer("Strength", ("counter.png", "counter.png"), "F", "Flip", level_names=("", "+ reduced")),
                           BasicPiece("counter.png", name, gpid=gpid))
    return piece_slot(name, gpid, type_, state)


def _at(hex_label: str, slot: Component) -> Component:
    return Component("VASSAL.build.module.map.SetupStack", {
        "name": f"start {hex_label}", "location": hex_label, "useGridLocation": "true", "owningBoard": "Board",
        "x": "0", "y": "0"}, [slot])


def _card(name: str, gpid: str) -> Component:
    type_, state = _encode(BasicPiece("counter.png", name, gpid=gpid))
    slot = piece_slot(name, gpid, type_, state)
    return Component("VASSAL.build.widget.CardSlot", slot.attrs, text=slot.text)


def write_play_module(path: Path) -> Path:
    """A one-board module with three units at start, a deck of two cards, 2d6 and a turn tracker."""
    deck = Component("VASSAL.build.module.map.DrawPile", {
        "name": "Cards", "owningBoard": "Board", "x": "480", "y": "60", "width": "60", "height": "60",
        "faceDown": "Never", "drawFaceUp": "true", "shuffle": "Never", "reversible": "false",
        "allowMultiple": "false", "allowSelect": "false", "draw": "true", "reshufflable": "false"},
        [_card("Card A", "11"), _card("Card B", "12")])
    stacks = [_at("0203", _unit("Blue Inf", "Blue", "1")), _at("0504", _unit("Red Arm", "Red", "2")),
              _at("0506", _unit("Red Inf", "Red", "3"))]
    dice = Component("VASSAL.build.module.DiceButton", {"name": "2d6", "nDice": "2", "nSides": "6", "text": "2d6",
                                                        "reportTotal": "true", "prompt": "false"})
    turn = Component("VASSAL.build.module.turn.TurnTracker", {"name": "Turn"}, [
        Component("VASSAL.build.module.turn.CounterTurnLevel",
                  {"property": "Turn", "start": "1", "incr": "1", "loop": "false", "turnFormat": "Turn $value$"})])
    module = game_module("PlayTest", "1.0", "harness play test", [
        player_roster(["Blue", "Red"]),
        map_window(MAP_NAME, [board("Board", "board.png", GRID)], extra=[deck, *stacks]),
        piece_window("Pieces", [_unit("Spare", "Blue", "9")]), dice, turn])
    entries = {"images/board.png": png(GRID.width, GRID.height), "images/counter.png": png(40, 40),
               "buildFile.xml": build_file(module), "moduledata": module_data("PlayTest", "1.0", "harness play test")}
    return zip_bytes_to(path, entries, force=True)


SCRIPT = {"actions": [
    {"do": "drag", "piece": "Blue Inf", "to": "0303"},
    {"do": "drop_on", "piece": "Red Inf", "onto": "Red Arm"},
    {"do": "draw", "deck": "Cards", "to": "0205", "map": MAP_NAME},
    {"do": "key", "piece": "Blue Inf", "key": "ctrl F"},
    {"do": "delete", "piece": "Red Arm"},
    {"do": "dice", "button": "2d6"},
    {"do": "dice", "button": "2d6"},
    {"do": "chat", "text": "hello referee"},
    {"do": "next_turn"},
]}
# What the script means, step by step (the hexes are the module's set-up stacks and the script's targets).
EXPECTED = {
    "module": {"name": "PlayTest", "sides": ["Blue", "Red"], "map": MAP_NAME, "board": "Board",
               "board_size": [GRID.width, GRID.height],
               "units": {"1": ["Blue Inf", "Blue"], "2": ["Red Arm", "Red"], "3": ["Red Inf", "Red"],
                         "9": ["Spare", "Blue"]}},
    "log_steps": len(SCRIPT["actions"]),
    "moves": [[1, "Blue Inf", "0203", "0303"], [2, "Red Inf", "0506", "0504"], [3, "Card *", "Cards", "0205"]],
    "eliminated": [[5, "Red Arm", "0504"]],
    "final_hexes": {"Blue Inf": "0303", "Red Inf": "0504"},
}


def make(out: Path) -> None:
    """Write play.vmod, script.json, expected.json and the engine's play.vlog into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    vmod = write_play_module(out / "play.vmod")
    (out / "script.json").write_text(json.dumps(SCRIPT, indent=1) + "\n")
    (out / "expected.json").write_text(json.dumps(EXPECTED, indent=1) + "\n")
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp, "play.vlog")
        p = subprocess.run([sys.executable, "-m", "tools.vassal", "--compact", "play", str(vmod),
                            str(out / "script.json"), str(log)], cwd=ROOT, capture_output=True, text=True)
        answer = json.loads(p.stdout or "{}")
        if p.returncode or not answer.get("success"):
            sys.exit(f"the engine did not play the script: {answer.get('error') or answer.get('errors') or p.stderr[-2000:]}")
        (out / "play.vlog").write_bytes(log.read_bytes())


if __name__ == "__main__":
    make(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tests" / "data" / "engine-samples")
