"""``play``: drive the engine through a script of player actions; the engine writes the ``.vlog``.

The harness starts a new game (or loads ``--save``), begins logging as "Begin Logfile" does
(without its file chooser), performs each action through the same VASSAL code a mouse or key
would reach, and ends logging ("End Logfile"), which makes VASSAL's own ``BasicLogger`` write
the log. Every action's command goes through ``GameModule.sendAndLog``, so it is one log step
(none when the command is null: each action's ``log_steps`` says how many it made).

The script is JSON, ``{"actions": [ACTION, ...]}``. A PIECE is a name (unique on the maps), or
``{"id": ID}``, or ``{"name": NAME, "at": LOCATION}``. A TARGET (``to``) is a location label
("0303") or map pixels ``[x, y]``; ``map`` names the target map (default: the piece's map).

* ``{"do": "drag", "piece": PIECE, "to": TARGET, "map": M, "stack": false}``: drag and drop
  (``PieceMover.movePieces``: snaps to the grid, merges with a stack already there); with
  ``"stack": true`` the piece's whole stack is dragged.
* ``{"do": "drop_on", "piece": PIECE, "onto": PIECE}``: drag onto another piece (joins its stack).
* ``{"do": "draw", "deck": NAME, "to": TARGET, "map": M}``: drag the top card(s) off a deck.
* ``{"do": "shuffle", "deck": NAME}``: the deck's "Shuffle" menu command (``Deck.shuffle``, as its
  right-click menu or shuffle hot key logs it).
* ``{"do": "key", "piece": PIECE, "key": "ctrl F"}``: select the piece and press a key command
  (flip, layer change, any trait; the key in ``javax.swing.KeyStroke`` notation).
* ``{"do": "delete", "piece": PIECE}``: press the piece's Delete trait key.
* ``{"do": "dice", "button": NAME, "seed": N}``: press a dice button (the toolbar button's action);
  with ``seed``, the button first rolls from ``java.util.Random(N)`` instead of the module's
  ``SecureRandom`` (its ``ran`` field), so a test knows the roll the engine will log.
* ``{"do": "chat", "text": TEXT}``: type a line into the chat box and press Enter.
* ``{"do": "next_turn", "tracker": NAME}``: press a turn tracker's "next" (NAME optional if one).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from tools.vassal.engine import Engine
from tools.vassal.env import HarnessError
from tools.vassal.replay import resolve_save

MAX_ACTIONS = 10_000


def _hidden(cls: str, name: str, kind: str = "field") -> Any:
    """A non-public field or no-argument method of a VASSAL class, made accessible."""
    from java.lang import Class
    c = Class.forName(cls)
    member = c.getDeclaredField(name) if kind == "field" else c.getDeclaredMethod(name)
    member.setAccessible(True)
    return member


def begin_logging(g: Any, out: Path) -> None:
    """What ``BasicLogger.beginOutput`` does once its file chooser has returned ``out``."""
    from java.io import File
    from VASSAL.build.module.metadata import SaveMetaData
    logger, cls = g.getLogger(), "VASSAL.build.module.BasicLogger"
    state = g.getGameState().getRestoreCommand()
    if state is None:
        raise HarnessError("VASSAL has no game state to log (no game started?)")
    _hidden(cls, "outputFile").set(logger, File(str(out.absolute())))
    _hidden(cls, "logOutput").get(logger).clear()
    _hidden(cls, "beginningState").set(logger, state)
    _hidden(cls, "metadata").set(logger, SaveMetaData())
    _hidden(cls, "endLogAction").get(logger).setEnabled(True)
    _hidden(cls, "newLogAction").get(logger).setEnabled(False)


def end_logging(g: Any) -> None:
    """Press "End Logfile": VASSAL writes the log file."""
    _hidden("VASSAL.build.module.BasicLogger", "endLogAction").get(g.getLogger()).actionPerformed(None)


class Player:
    """Performs script actions on the loaded game, each as one logged command."""

    def __init__(self, eng: Engine) -> None:
        self.eng, self.g = eng, eng.module

    # -- finding things ------------------------------------------------------------------------
    def _all_pieces(self) -> list[Any]:
        from VASSAL.build.module import Map
        from VASSAL.counters import Stack
        out = []
        for m in Map.getMapList():
            for top in m.getAllPieces():
                out += list(top.asList()) if isinstance(top, Stack) else [top]
        return out

    def piece(self, ref: Any) -> Any:
        """The one piece on the maps that ``ref`` names (see the module docstring)."""
        ref = {"name": ref} if isinstance(ref, str) else ref
        if not isinstance(ref, dict) or not ({"id", "name"} & ref.keys()):
            raise HarnessError(f"bad piece reference {ref!r}: want a name, {{'id': ...}} or {{'name': ..., 'at': ...}}")
        hits = [p for p in self._all_pieces()
                if ("id" not in ref or str(p.getId()) == str(ref["id"]))
                and ("name" not in ref or str(p.getName()) == ref["name"])
                and ("at" not in ref or str(p.getMap().locationName(p.getPosition())) == ref["at"])]
        if len(hits) != 1:
            raise HarnessError(f"piece {ref!r}: {len(hits)} pieces on the maps match (want exactly one)")
        return hits[0]

    def point(self, target: Any, map_: Any) -> Any:
        """Map pixels for a location label or ``[x, y]`` on ``map_``."""
        from java.awt import Point
        if isinstance(target, list) and len(target) == 2 and all(isinstance(v, int) for v in target):
            return Point(target[0], target[1])
        if not isinstance(target, str):
            raise HarnessError(f"bad target {target!r}: want a location label or [x, y]")
        for b in map_.getBoards():
            try:
                p = b.getGrid().getLocation(target) if b.getGrid() is not None else None
            except Exception:  # noqa: BLE001 -- MapGrid.BadCoords: not on this board
                continue
            if p is not None:
                g, r = b.globalCoordinates(Point(p.x, p.y)), b.bounds()
                return Point(int(g.x + r.x), int(g.y + r.y))
        raise HarnessError(f"location {target!r} is on no board of map {str(map_.getMapName())!r}")

    def _named(self, cls: Any, name: str | None, what: str) -> Any:
        items = list(self.g.getAllDescendantComponentsOf(cls))
        hits = [i for i in items if name is None or str(i.getConfigureName()) == name]
        if len(hits) != 1:
            raise HarnessError(f"{what} {name!r}: {len(hits)} match; there are {[str(i.getConfigureName()) for i in items]}")
        return hits[0]

    # -- actions ---------------------------------------------------------------------------------
    def _drop(self, target_map: Any, where: Any) -> None:
        from VASSAL.build.module.map import PieceMover
        from VASSAL.counters import DragBuffer
        mover = list(target_map.getComponentsOf(PieceMover))[0]
        self.g.sendAndLog(mover.movePieces(target_map, where))
        DragBuffer.getBuffer().clear()

    def drag(self, a: dict) -> None:
        from VASSAL.counters import DragBuffer
        piece = self.piece(a["piece"])
        target_map = self.eng.find_map(a["map"]) if a.get("map") else piece.getMap()
        where = self.point(a["to"], target_map)
        dragged = piece.getParent() if a.get("stack") and piece.getParent() is not None else piece
        DragBuffer.getBuffer().clear()
        DragBuffer.getBuffer().add(dragged)
        self._drop(target_map, where)

    def drop_on(self, a: dict) -> None:
        from java.awt import Point
        from VASSAL.counters import DragBuffer
        piece, onto = self.piece(a["piece"]), self.piece(a["onto"])
        DragBuffer.getBuffer().clear()
        DragBuffer.getBuffer().add(piece)
        self._drop(onto.getMap(), Point(onto.getPosition()))

    def _deck(self, name: Any) -> Any:
        """The one non-empty deck on the maps named ``name``."""
        from VASSAL.build.module import Map
        from VASSAL.counters import Deck
        decks = [p for m in Map.getMapList() for p in m.getAllPieces()
                 if isinstance(p, Deck) and str(p.getDeckName()) == name]
        if len(decks) != 1 or decks[0].getPieceCount() == 0:
            raise HarnessError(f"deck {name!r}: {len(decks)} decks of that name, or it is empty")
        return decks[0]

    def draw(self, a: dict) -> None:
        from VASSAL.build.module.map import PieceMover
        deck = self._deck(a["deck"])
        target_map = self.eng.find_map(a["map"]) if a.get("map") else deck.getMap()
        mover = list(deck.getMap().getComponentsOf(PieceMover))[0]
        # What pressing the mouse on the deck does: its top card(s) go into the drag buffer.
        _hidden("VASSAL.build.module.map.PieceMover", "selectionProcessor").get(mover).accept(deck)
        self._drop(target_map, self.point(a["to"], target_map))

    def shuffle(self, a: dict) -> None:
        """What the deck's "Shuffle" key command does (``Deck.getKeyCommands``)."""
        self.g.sendAndLog(self._deck(a["deck"]).shuffle())

    def _press(self, piece: Any, stroke: Any) -> None:
        from VASSAL.counters import KeyBuffer
        kb = KeyBuffer.getBuffer()
        kb.clear()
        kb.add(piece)
        self.g.sendAndLog(kb.keyCommand(stroke))
        kb.clear()

    def key(self, a: dict) -> None:
        from javax.swing import KeyStroke
        stroke = KeyStroke.getKeyStroke(str(a["key"]))
        if stroke is None:
            raise HarnessError(f"bad key {a['key']!r}: want javax.swing.KeyStroke notation, e.g. 'ctrl F'")
        self._press(self.piece(a["piece"]), stroke)

    def delete(self, a: dict) -> None:
        from VASSAL.counters import Decorator, Delete
        piece = self.piece(a["piece"])
        trait = Decorator.getDecorator(Decorator.getOutermost(piece), Delete)
        if trait is None:
            raise HarnessError(f"piece {a['piece']!r} has no Delete trait")
        self._press(piece, list(trait.getNamedKeyStrokeList())[0].getKeyStroke())

    def dice(self, a: dict) -> None:
        from VASSAL.build.module import DiceButton
        button = self._named(DiceButton, a.get("button"), "dice button")
        if "seed" in a:
            from java.util import Random
            if not isinstance(a["seed"], int):
                raise HarnessError(f"bad seed {a['seed']!r}: want an integer")
            _hidden("VASSAL.build.module.DiceButton", "ran").set(button, Random(a["seed"]))
        button.getLaunchButton().doClick()

    def chat(self, a: dict) -> None:
        field = _hidden("VASSAL.build.module.Chatter", "input").get(self.g.getChatter())
        field.setText(str(a["text"]))
        field.postActionEvent()

    def next_turn(self, a: dict) -> None:
        from VASSAL.build.module.turn import TurnTracker
        tracker = self._named(TurnTracker, a.get("tracker"), "turn tracker")
        for step in ("captureState", "next", "save"):  # what the tracker's "next" button does
            _hidden("VASSAL.build.module.turn.TurnTracker", step, "method").invoke(tracker)

    def perform(self, a: dict) -> None:
        """Run one action on the Swing thread."""
        acts: dict[str, Callable[[dict], None]] = {
            "drag": self.drag, "drop_on": self.drop_on, "draw": self.draw, "shuffle": self.shuffle, "key": self.key,
            "delete": self.delete, "dice": self.dice, "chat": self.chat, "next_turn": self.next_turn}
        if not isinstance(a, dict) or a.get("do") not in acts:
            raise HarnessError(f"bad action {a!r}: 'do' must be one of {sorted(acts)}")
        self.eng.edt(lambda: acts[a["do"]](a))


def read_script(path: Path) -> list[dict]:
    """The actions of a script file, or an error naming the file and what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise HarnessError(f"{path}: not a readable JSON script: {e}") from None
    actions = data.get("actions") if isinstance(data, dict) else None
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise HarnessError(f"{path}: want {{\"actions\": [...]}} with at most {MAX_ACTIONS} actions")
    return actions


def cmd_play(eng: Engine, module: Path, script: Path, out: Path, save: str | None = None,
             steps: bool = False) -> dict:
    """Play ``script`` on ``module`` and let the engine write the log ``out``; with ``steps``, every
    piece after each action (the live game: an oracle beside the replay, which can differ from
    it where the engine's replay of a command differs from its execution)."""
    actions = read_script(script)
    if out.exists():
        raise HarnessError(f"{out} exists; the harness does not overwrite files")
    if out.suffix != ".vlog":
        raise HarnessError(f"{out}: the log's name must end in .vlog (VASSAL adds it otherwise)")
    g = eng.load_module(module)
    res: dict[str, Any] = {"command": "play", "module_file": str(Path(module).absolute()),
                           "build_problems": eng.log_since(0)}
    if save:
        eng.load_game(resolve_save(eng, save), res)
    else:
        eng.new_game()
    eng.phase = "play"
    eng.edt(lambda: begin_logging(g, out))
    player, done = Player(eng), []
    logged = _hidden("VASSAL.build.module.BasicLogger", "logOutput").get(g.getLogger())
    for i, a in enumerate(actions, 1):
        mark, before = eng.mark(), eng.edt(logged.size)
        try:
            player.perform(a)
        except HarnessError as e:
            raise HarnessError(f"{script}: action {i}: {e}") from None
        # an action whose command is null (a shuffle that left the deck as it was) makes no log step
        done.append({"action": i, "do": a["do"], "problems": eng.log_since(mark),
                     "log_steps": int(eng.edt(logged.size)) - int(before)})
        if steps:
            done[-1]["pieces"] = eng.pieces()
    eng.phase = "write_log"
    eng.edt(lambda: end_logging(g))
    if not out.is_file():
        res["error"] = f"VASSAL did not write {out} (no loggable command?)"
    res.update(actions=done, log=str(out.absolute()), problems=[p for d in done for p in d["problems"]])
    return res
