"""The timeline equals the engine's own replay (issue 11, section 3).

VASSAL plays a script on a small module (two maps, a deck shuffled from its menu, a masked unit,
layers, a piece that rolls one dice button twice in one command, a turn tracker); then VASSAL's
own step-by-step replay of the log it wrote is the oracle for hexforge's timeline: after every log
step, every piece's map, hex, layer level and deck, and each deck's order; every chat line byte for
byte; every die value.

The piece's "Roll twice" command is two Global Hot Key traits sending the dice button's hot key:
``GlobalHotKey.myKeyEvent`` pauses logging around ``GameModule.fireKeyStroke``, so both rolls'
commands come back as the piece's key command, one log step. The button's hot key listener
(``LaunchButton``) acts only when the toolbar is showing or the module's Global Options say
"hot keys on closed windows": the harness shows no toolbar, so the module says "Always".
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from hexforge.builder.components import Component, board, build_file, game_module, map_window, module_data, \
    piece_window, player_roster
from hexforge.builder.commands import Log, Node, iter_stream
from hexforge.builder.gamestate import GameState
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import ChatLine, DiceRoll, Timeline, build_timeline
from hexforge.builder.trait_actions import Mask
from hexforge.builder.traits import BasicPiece, Delete, Layer, Marker, OtherTrait
from hexforge.builder.vmod import zip_bytes_to
from tools.vassal.samples import GRID, _at, _card, _encode, png
from hexforge.builder.components import piece_slot

pytestmark = pytest.mark.vassal

MAIN, HOLDING = "Main Map", "Holding"
ROLL_KEY = "82,195"  # Ctrl+Shift+R: the dice button's hotkey, fired twice by the "Roll twice" unit
CHITS = tuple(f"Chit {c}" for c in "ABCDEF")


def _unit(name: str, side: str, gpid: str, rolls: bool = False) -> Component:
    twice = [OtherTrait(f"globalhotkey;Roll twice;82,130;{ROLL_KEY};")] * 2 if rolls else []
    type_, state = _encode(Marker((("Side", side),)), *twice, Delete(), Mask("counter.png"),
                           Layer("Strength", ("counter.png", "counter.png"), "F", "Flip", level_names=("", "+ reduced")),
                           BasicPiece("counter.png", name, gpid=gpid))
    return piece_slot(name, gpid, type_, state)


def _in_box(slot: Component) -> Component:
    return Component("VASSAL.build.module.map.SetupStack", {
        "name": "reserve", "location": "0101", "useGridLocation": "true", "owningBoard": "Box", "x": "0", "y": "0"},
        [slot])


def write_module(path: Path) -> Path:
    """Main map with three units and a three-card deck, a holding map with a reserve, 2d6, a turn tracker."""
    deck = Component("VASSAL.build.module.map.DrawPile", {
        "name": "Chits", "owningBoard": "Board", "x": "480", "y": "60", "width": "60", "height": "60",
        "faceDown": "Never", "drawFaceUp": "true", "shuffle": "Via right-click Menu", "reversible": "false",
        "allowMultiple": "false", "allowSelect": "false", "draw": "true", "reshufflable": "false"},
        [_card(name, str(11 + i)) for i, name in enumerate(CHITS)])
    stacks = [_at("0203", _unit("Blue Inf", "Blue", "1", rolls=True)), _at("0504", _unit("Red Arm", "Red", "2")),
              _at("0506", _unit("Red Inf", "Red", "3"))]
    dice = Component("VASSAL.build.module.DiceButton", {"name": "2d6", "nDice": "2", "nSides": "6", "text": "2d6",
                                                        "reportTotal": "false", "prompt": "false", "hotkey": ROLL_KEY})
    turn = Component("VASSAL.build.module.turn.TurnTracker", {"name": "Turn"}, [
        Component("VASSAL.build.module.turn.CounterTurnLevel",
                  {"property": "Turn", "start": "1", "incr": "1", "loop": "false", "turnFormat": "Turn $value$"})])
    options = Component("VASSAL.build.module.GlobalOptions", {"hotKeysOnClosedWindows": "Always"})
    module = game_module("TimelineTest", "1.0", "timeline vs engine", [
        options, player_roster(["Blue", "Red"]),
        map_window(MAIN, [board("Board", "board.png", GRID)], extra=[deck, *stacks]),
        map_window(HOLDING, [board("Box", "board.png", GRID)], extra=[_in_box(_unit("Reserve", "Red", "4"))]),
        piece_window("Pieces", [_unit("Spare", "Blue", "9")]), dice, turn])
    entries = {"images/board.png": png(GRID.width, GRID.height), "images/counter.png": png(40, 40),
               "buildFile.xml": build_file(module),
               "moduledata": module_data("TimelineTest", "1.0", "timeline vs engine")}
    return zip_bytes_to(path, entries, force=True)


LOOKS_LIKE_DICE = "*** 2d6 = 6,6 *** <Blue>"
TYPED_HTML = "supply &amp; <b>bold</b> claim"
SCRIPT = {"actions": [
    {"do": "drag", "piece": "Blue Inf", "to": "0303"},
    {"do": "drop_on", "piece": "Reserve", "onto": "Red Arm"},          # from the holding box onto a stack
    {"do": "key", "piece": "Reserve", "key": "ctrl F"},                 # a later change of the stacked piece
    {"do": "draw", "deck": "Chits", "to": "0205", "map": MAIN},
    {"do": "key", "piece": "Red Inf", "key": "ctrl M"},                 # mask
    {"do": "key", "piece": "Red Inf(?)", "key": "ctrl M"},  # unmask
    {"do": "key", "piece": "Blue Inf", "key": "ctrl F"},                # layer flip
    {"do": "delete", "piece": "Red Arm"},
    {"do": "dice", "button": "2d6"},
    {"do": "chat", "text": LOOKS_LIKE_DICE},
    {"do": "chat", "text": TYPED_HTML},
    {"do": "next_turn"},
    {"do": "key", "piece": "Blue Inf reduced", "key": "ctrl R"},     # two rolls of 2d6 in one step
    {"do": "shuffle", "deck": "Chits"},
    {"do": "draw", "deck": "Chits", "to": "0305", "map": MAIN},      # a draw after a shuffle
    {"do": "shuffle", "deck": "Chits"},
]}
ROLL_TWICE_STEP = 13  # the 13th action; every action before the shuffles makes one log step
SHUFFLES, DRAW = (14, 16), 15  # actions: a shuffle that leaves the deck as it was makes no log step


@pytest.fixture(scope="module")
def played(vassal_check, tmp_path_factory) -> tuple[dict, dict, Timeline, str]:
    """The engine's live game after each action, its replay of the log it wrote, hexforge's timeline
    of that log, and the log's text."""
    d = tmp_path_factory.mktemp("timeline")
    vmod = write_module(d / "t.vmod")
    (d / "script.json").write_text(json.dumps(SCRIPT))
    rc, live = vassal_check("play", vmod, d / "script.json", d / "game.vlog", "--steps")
    assert rc == 0 and live["success"], live.get("errors") or live.get("error")
    rc, rep = vassal_check("replay", vmod, d / "game.vlog", "--steps", "--chat")
    assert rc == 0 and rep["success"], rep.get("errors")
    save = read_save(d / "game.vlog")
    return live, rep, build_timeline(save, read_module(vmod)), save.text


@pytest.fixture(scope="module")
def runs(played) -> tuple[dict, Timeline, str]:
    """The engine's replay of the log it wrote, hexforge's timeline of it, and the log's text."""
    return played[1:]


def _engine_position(pieces: list[dict]) -> dict[str, tuple]:
    """id -> (map, location, deck, display name) as the engine shows each piece."""
    return {p["id"]: (p["map"], p["location"], p.get("deck"), p["name"]) for p in pieces}


def _timeline_positions(t: Timeline) -> list[dict[str, tuple]]:
    """After each log step, id -> (map, location, deck, VASSAL's display name) from the timeline's events."""
    from hexforge.builder.timeline import Eliminated, Entered, Move, StepChange
    here = {p.piece.id: [p.location.map, p.location.label, p.deck, p.piece.name] for p in t.setup}
    levels: dict[str, str] = {}
    masked: set[str] = set()
    out = []
    for step in range(1, t.steps + 1):
        for e in (e for e in t.events if e.step == step):
            if isinstance(e, (Move, Entered)):
                loc = e.to if isinstance(e, Move) else e.location
                here.setdefault(e.piece.id, [None, None, None, e.piece.name])[:3] = [loc.map, loc.label, None]
            elif isinstance(e, Eliminated):
                here.pop(e.piece.id, None)
            elif isinstance(e, StepChange) and e.trait == "Strength":
                levels[e.piece.id] = e.new
            elif isinstance(e, StepChange) and e.trait == "mask":
                (masked.add if e.new == "masked" else masked.discard)(e.piece.id)
        out.append({pid: (m, loc, deck, _display(name, levels.get(pid, ""), pid in masked))
                    for pid, (m, loc, deck, name) in here.items()})
    return out


def _display(basic: str, level: str, masked: bool) -> str:
    """VASSAL's name of a piece: the level name appended (``Embellishment.getName`` for "+name"), then the
    mask's "(?)" shown to its owner (``Obscurable.getName``)."""
    name = basic + (level if level not in ("", "1") else "")
    return name + "(?)" if masked else name


def test_every_piece_is_where_the_engine_has_it_after_every_step(runs) -> None:
    rep, t, _ = runs
    assert t.steps == rep["log_steps_replayed"]
    assert {p.piece.id: (p.location.map, p.location.label, p.deck, p.piece.name) for p in t.setup} == \
        {k: v[:3] + (rep["after_load"]["pieces"][i]["basic_name"],) for i, (k, v) in
         enumerate(_engine_position(rep["after_load"]["pieces"]).items())}
    for n, (ours, engine) in enumerate(zip(_timeline_positions(t), rep["steps"]), 1):
        assert ours == _engine_position(engine["pieces"]), f"after log step {n}"


def test_decks_are_named_and_hold_their_cards(runs) -> None:
    rep, t, _ = runs
    in_deck = sorted(p.piece.name for p in t.setup if p.deck == "Chits")
    assert in_deck == list(CHITS) and all(p.piece.name for p in t.setup)
    final = {p.piece.name: p.deck for p in t.final}
    engine = {p["name"]: p.get("deck") for p in rep["final"]["pieces"]}
    assert {k: v for k, v in final.items() if k.startswith("Chit")} == {k: v for k, v in engine.items() if k.startswith("Chit")}


def _walk(state: GameState, node: Node) -> None:
    """Execute a command and what it carries, as ``Command.execute`` runs a compound command."""
    c = node.command
    if isinstance(c, Log) and c.inner is not None:
        _walk(state, c.inner)
    state.apply(c)
    for child in node.children:
        _walk(state, child)


def _reader_deck_orders(text: str) -> list[dict[str, list[str]]]:
    """After each log step, each deck's cards bottom to top as the reader's game state holds them."""
    state, out = GameState(), []
    for entry in iter_stream(text, "game.vlog"):
        if isinstance(entry.command, Log):
            out.append(None)
        _walk(state, entry)
        if out:
            out[-1] = {s.deck: list(s.members) for s in state.stacks.values() if s.deck is not None and s.members}
    return out


def _engine_deck_orders(pieces: list[dict]) -> dict[str, list[str]]:
    """Each deck's cards bottom to top (``Stack.asList``, the order ``Deck.getState`` logs)."""
    decks: dict[str, list[tuple[int, str]]] = {}
    for p in pieces:
        if p.get("deck"):
            decks.setdefault(p["deck"], []).append((p["stack_index"], p["id"]))
    return {name: [pid for _, pid in sorted(cards)] for name, cards in decks.items()}


def _logged(live: dict) -> list[dict]:
    """The live game after each log step: the actions that made one (a null command makes none)."""
    assert all(a["log_steps"] in (0, 1) for a in live["actions"])
    assert all(a["log_steps"] == 1 for a in live["actions"] if a["action"] not in SHUFFLES)
    return [a for a in live["actions"] if a["log_steps"]]


def _step_of(live: dict, action: int) -> int:
    """The log step an action made."""
    return sum(a["log_steps"] for a in live["actions"] if a["action"] <= action)


def test_every_deck_holds_its_cards_in_the_engine_order_after_every_step(played) -> None:
    """Order as the live game has it after each action; membership as the replay has it too. (This
    engine snapshot's replay does not reorder a deck on a logged shuffle: its ``Deck.mergeState`` sets
    the new state only when the deck differs from the logged old state, the condition that VASSAL
    removed before 3.6.0, whose ``ChangePiece`` sets a deck's new state.)"""
    live, rep, _, text = played
    ours, logged = _reader_deck_orders(text), _logged(live)
    assert len(ours) == len(rep["steps"]) == len(logged)
    engine = [_engine_deck_orders(a["pieces"]) for a in logged]
    assert ours == engine
    replayed = [_engine_deck_orders(st["pieces"]) for st in rep["steps"]]
    assert [{k: sorted(v) for k, v in o.items()} for o in ours] == [{k: sorted(v) for k, v in o.items()} for o in replayed]
    orders = {a["action"]: _engine_deck_orders(a["pieces"])["Chits"] for a in live["actions"]}
    reordered = [n for n in SHUFFLES if orders[n] != orders[n - 1]]
    assert reordered, "both shuffles left the deck as it was (odds 1 in 86,400): the test shows nothing"


def test_a_draw_after_a_shuffle_is_the_card_the_engine_drew(played) -> None:
    live, rep, t, _ = played
    from hexforge.builder.timeline import Entered
    draw_step = _step_of(live, DRAW)
    (moved,) = [c for c in rep["steps"][draw_step - 1]["changes"]]
    entered = [e for e in t.events if e.step == draw_step and isinstance(e, Entered)]
    assert [(e.piece.id, e.location.label) for e in entered] == [(moved["id"], "0305")]
    top = _engine_deck_orders(live["actions"][DRAW - 2]["pieces"])["Chits"][-1]
    assert moved["id"] == top  # the top card of the shuffled deck (``Deck.drawCards``: the last in its list)


def test_the_layer_level_is_named_as_vassal_names_it(runs) -> None:
    _, t, _ = runs
    from hexforge.builder.timeline import StepChange
    flips = [e for e in t.events if isinstance(e, StepChange) and e.trait == "Strength"]
    assert [(e.piece.name, e.new) for e in flips] == [("Reserve", " reduced"), ("Blue Inf", " reduced")]


def test_mask_and_unmask_are_events(runs) -> None:
    _, t, _ = runs
    from hexforge.builder.timeline import StepChange
    masks = [(e.step, e.piece.name, e.old, e.new) for e in t.events if isinstance(e, StepChange) and e.trait == "mask"]
    assert masks == [(5, "Red Inf", "shown", "masked"), (6, "Red Inf", "masked", "shown")]


def test_chat_is_kept_byte_for_byte_and_a_typed_report_is_no_roll(runs) -> None:
    rep, t, text = runs
    chat = [e for e in t.events if isinstance(e, ChatLine)]
    typed = [e.text for e in chat if e.speaker is not None]
    assert typed == [LOOKS_LIKE_DICE, TYPED_HTML]
    for e in chat:  # the logged text itself, and what the engine's chat window shows
        assert ("CHAT" + ("&lt;" + e.speaker + "&gt; - " if e.speaker is not None else "") + e.text) in text
    shown = [html.unescape(("&lt;" + e.speaker + "&gt; - " if e.speaker is not None else "") + e.text).strip()
             for e in chat]
    # the chat window renders HTML, which collapses runs of blanks: the display, not the logged text
    assert [ln for ln in rep["chat"] if not ln.startswith("- ")] == [re.sub(r"\s+", " ", s) for s in shown]


def test_every_die_value_is_the_engine_reported_one(runs) -> None:
    rep, t, _ = runs
    rolls = [e for e in t.events if isinstance(e, DiceRoll)]
    reports = [ln for ln in rep["chat"] if ln.startswith("*** 2d6 = ")]
    assert len(rolls) == len(reports) == 3
    for roll, report in zip(rolls, reports):
        assert report.startswith(f"*** 2d6 = {','.join(map(str, roll.values))} ***")
        assert roll.total == sum(roll.values) and len(roll.values) == 2


def test_two_rolls_of_one_button_in_one_step_are_two_rolls(runs) -> None:
    rep, t, _ = runs
    rolls = [e for e in t.events if isinstance(e, DiceRoll)]
    assert [e.step for e in rolls] == [9, ROLL_TWICE_STEP, ROLL_TWICE_STEP]
    assert rep["steps"][ROLL_TWICE_STEP - 1]["changes"] == []  # a roll moves and changes no piece
    reports = [ln for ln in rep["chat"] if ln.startswith("*** 2d6 = ")]
    assert len(reports) == 3  # the engine's chat shows both reports of the one step


def test_stock_commands_are_not_unknown(runs) -> None:
    _, t, _ = runs
    from hexforge.builder.timeline import UnknownCommand
    assert [e for e in t.events if isinstance(e, UnknownCommand)] == []
