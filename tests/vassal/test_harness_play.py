"""Scripted play through the repository's harness: the engine itself writes the .vlog, and the
engine's own replay of that log shows every action (drag, drop onto a stack, deck draw, layer
change, delete, dice, chat, turn advance) as one log step."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hexforge.builder.components import (Component, board, build_file, game_module, map_window, module_data,
                                         piece_slot, piece_window, player_roster)
from hexforge.builder.traits import BasicPiece, Delete, Layer, Link, Marker, join
from hexforge.builder.vmod import zip_bytes_to
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from tests.vassal.gridmodule import MAP_NAME, png

pytestmark = pytest.mark.vassal
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


@pytest.fixture(scope="module")
def played(vassal_check, tmp_path_factory) -> tuple[Path, Path, dict]:
    d = tmp_path_factory.mktemp("play")
    vmod = write_play_module(d / "play.vmod")
    (d / "script.json").write_text(json.dumps(SCRIPT))
    rc, res = vassal_check("play", vmod, d / "script.json", d / "game.vlog")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    return vmod, d / "game.vlog", res


def test_the_engine_writes_one_log_step_per_action(played, vassal_check) -> None:
    vmod, log, _ = played
    rc, res = vassal_check("replay", vmod, log, "--chat")
    assert rc == 0 and res["success"], res.get("errors")
    assert res["save"]["format"] == "VCSK" and res["save"]["metadata"]["module_name"] == "PlayTest"
    assert res["log_steps_replayed"] == len(SCRIPT["actions"])
    s = {st["step"]: {c["name"]: c for c in st["changes"]} for st in res["steps"]}
    assert s[1]["Blue Inf"]["from"][3] == "0203" and s[1]["Blue Inf"]["to"][3] == "0303"
    assert s[2]["Red Inf"]["from"][3] == "0506" and s[2]["Red Inf"]["to"][3] == "0504"
    (drawn,) = s[3].values()  # the deck's top card, whichever VASSAL put on top
    assert drawn["name"] in ("Card A", "Card B") and (drawn["from"][3], drawn["to"][3]) == ("Cards", "0205")
    assert s[4]["Blue Inf reduced"]["renamed"] == ["Blue Inf", "Blue Inf reduced"]
    assert s[5]["Red Arm"]["removed"] and s[6] == s[7] == s[8] == s[9] == {}
    final = {p["name"]: p for p in res["final"]["pieces"]}
    assert final["Blue Inf reduced"]["location"] == "0303" and "Red Arm" not in final
    left = ({"Card A", "Card B"} - {drawn["name"]}).pop()
    assert final[left]["deck"] == "Cards" and "deck" not in final[drawn["name"]]
    chat = res["chat"]
    assert sum("2d6" in line for line in chat) == 2 and any("hello referee" in line for line in chat)
    assert any("Turn 2" in line for line in chat), chat


def test_a_piece_dropped_onto_another_joins_its_stack(played, vassal_check) -> None:
    vmod, log, _ = played
    rc, res = vassal_check("replay", vmod, log, "--steps")
    assert rc == 0 and res["success"], res.get("errors")
    after_drop = {p["name"]: p for p in res["steps"][1]["pieces"]}
    red_inf, red_arm = after_drop["Red Inf"], after_drop["Red Arm"]
    assert red_inf["stack_id"] == red_arm["stack_id"] and (red_inf["x"], red_inf["y"]) == (red_arm["x"], red_arm["y"])
    assert {red_inf["stack_index"], red_arm["stack_index"]} == {0, 1}


def test_a_bad_script_is_refused_with_the_action_named(vassal_check, played, tmp_path: Path) -> None:
    vmod, _, _ = played
    (tmp_path / "bad.json").write_text(json.dumps({"actions": [{"do": "drag", "piece": "Nobody", "to": "0101"}]}))
    rc, res = vassal_check("play", vmod, tmp_path / "bad.json", tmp_path / "x.vlog")
    assert rc == 2 and "action 1" in res["error"] and "'Nobody'" in res["error"]
    assert not (tmp_path / "x.vlog").exists()
