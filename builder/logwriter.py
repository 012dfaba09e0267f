"""Writing saves and logs as VASSAL 3.6/3.7 writes them: a setup, then logged steps.

A :class:`LogWriter` holds the position (through :class:`GameState`, so every ``MovePiece``
and ``ChangePiece`` carries the true old values) and the steps. Each step is one top-level
``LOG`` entry: its first command, with the others following as nested ``LOG`` sub-commands.
"""
from __future__ import annotations

import html
from pathlib import Path

from hexforge.builder import pieces, sequence
from hexforge.builder.commands import (AddPiece, BoardSpec, ChangePiece, Chat, Command, Log, MovePiece, Node,
                                       NullCommand, Player, PropertyChange, RemovePiece, SetBoards, SetupCommand,
                                       TurnState, Unmask, encode_stream, parse_stream)
from hexforge.builder.gamestate import GameState
from hexforge.builder.savefile import write_save


class LogWriter:
    """Build a save (setup only) or a log (setup + steps) for one module."""

    def __init__(self, boards: dict[str, list[BoardSpec]], players: list[tuple[str, str, str]] = (),
                 player_id: str = "hexforge", unmask: tuple[str, ...] | None = None) -> None:
        """``boards``: map id -> its boards; ``players``: (password, name, side); ``unmask``: who may
        unmask pieces (written only for modules with GlobalOptions, which decode it)."""
        self.boards = boards
        self.unmask = unmask
        self.players = list(players)
        self.player_id = player_id
        self.setup: list[AddPiece] = []
        self.steps: list[Node] = []
        self.state = GameState()
        self._next_id = 1

    @classmethod
    def continuing(cls, save_text: str, players: list[tuple[str, str, str]] = ()) -> LogWriter:
        """A writer whose setup is an existing save's position (its boards and pieces)."""
        entries = parse_stream(save_text)
        boards = {e.command.map_id: list(e.command.boards) for e in entries if isinstance(e.command, SetBoards)}
        w = cls(boards, players)
        for e in entries:
            if isinstance(e.command, AddPiece) and e.command.type != "stack" and e.command.id:
                w.setup.append(e.command)
                w.state.apply(e.command)
        return w

    def new_id(self) -> str:
        pid = f"hf{self._next_id}"
        self._next_id += 1
        return pid

    # -- setup ------------------------------------------------------------------------------

    def place(self, type_: str, state: str, map_id: str | None, x: int, y: int, pid: str | None = None) -> str:
        """Put a piece (type and state of its PieceSlot) at map pixel (x, y) in the setup."""
        pid = pid or self.new_id()
        cmd = AddPiece(pid, type_, pieces.piece_state_at(type_, state, map_id, x, y))
        self.state.apply(cmd)
        self.setup.append(cmd)
        return pid

    def _stacks(self) -> list[Command]:
        at: dict[tuple[str | None, int, int], list[str]] = {}
        for c in self.setup:
            b = pieces.basic_state(pieces.traits(c.type, c.state)[-1].state)
            if b.map is not None:
                at.setdefault((b.map, b.x, b.y), []).append(c.id)
        out: list[Command] = []
        for (map_id, x, y), members in at.items():
            out.append(AddPiece(f"{members[0]}s", "stack",
                                sequence.encode([map_id, x, y, *members, "@@0"], ";") or ""))
        return out

    def _setup_entries(self) -> list[Node]:
        cmds: list[Command] = [SetupCommand(False), NullCommand()]
        cmds += [Player(pw, name, side) for pw, name, side in self.players]
        if self.unmask is not None:
            cmds.append(Unmask(self.unmask))
        cmds += [SetBoards(map_id, tuple(specs)) for map_id, specs in self.boards.items()]
        cmds += self.setup + self._stacks() + [SetupCommand(True)]
        return [Node(c) for c in cmds]

    # -- steps ------------------------------------------------------------------------------

    def step(self, *commands: Command) -> None:
        """One logged step holding these commands, in order."""
        first, *rest = commands
        self.steps.append(Node(Log(Node(first)), tuple(Node(Log(Node(c))) for c in rest)))

    def _do(self, cmd: Command) -> Command:
        self.state.apply(cmd)
        return cmd

    def move(self, pid: str, map_id: str | None, x: int, y: int) -> MovePiece:
        """A MovePiece command (applied to the position) moving a piece, or a whole stack, to (x, y)."""
        if pid in self.state.stacks:
            s = self.state.stacks[pid]
            old = (s.map, s.x, s.y)
        else:
            old = self.state.where(pid)
        return self._do(MovePiece(pid, map_id, x, y, None, old[0], old[1], old[2], None, self.player_id))

    def change(self, pid: str, new_state: str) -> ChangePiece:
        """A ChangePiece command replacing a piece's whole state."""
        return self._do(ChangePiece(pid, new_state, self.state.pieces[pid].state))

    def set_layer(self, pid: str, layer_index: int, level: int) -> ChangePiece:
        """Set the ``layer_index``-th Layer (emb2) trait of a piece to ``level`` (1-based; <= 0 hides it)."""
        p = self.state.pieces[pid]
        chain = pieces.traits(p.type, p.state)
        emb = [i for i, t in enumerate(chain) if t.kind == "emb2"]
        i = emb[layer_index]
        chain[i] = pieces.Trait(chain[i].type, str(level))
        return self.change(pid, pieces.join(chain)[1])

    def set_marker(self, pid: str, key: str, value: str) -> ChangePiece:
        """Set a Marker value on a piece (the first Marker trait holding ``key``)."""
        p = self.state.pieces[pid]
        chain = pieces.traits(p.type, p.state)
        for i, t in enumerate(chain):
            if t.kind == "mark":
                keys = sequence.decode(t.type[len("mark;"):], ",")
                if key in keys:
                    values = sequence.decode(t.state, ",") if t.state else []
                    values += [""] * (len(keys) - len(values))
                    values[keys.index(key)] = value
                    chain[i] = pieces.Trait(t.type, sequence.encode(values, ",") or "")
                    return self.change(pid, pieces.join(chain)[1])
        raise KeyError(f"piece {pid!r} has no Marker {key!r}")

    def remove(self, pid: str) -> RemovePiece:
        return self._do(RemovePiece(pid))

    def add(self, type_: str, state: str, map_id: str, x: int, y: int, pid: str | None = None) -> AddPiece:
        """A piece entering during play (palette drop)."""
        pid = pid or self.new_id()
        return self._do(AddPiece(pid, type_, pieces.piece_state_at(type_, state, map_id, x, y)))

    @staticmethod
    def chat(name: str, text: str) -> Chat:
        """A typed chat line, as VASSAL sends it (the name HTML-escaped, the text as typed)."""
        return Chat(f"&lt;{html.escape(name, quote=False)}&gt; - {text}")

    @staticmethod
    def dice(button: str, values: list[int], player: str) -> list[Command]:
        """A dice button press: its default report and its result properties."""
        report = ",".join(map(str, values))
        return [Chat(f"*** {button} = {report} *** &lt;{html.escape(player, quote=False)}&gt;"),
                PropertyChange(f"{button}_result", "", report, "Module"),
                PropertyChange(f"{button}_total", "", str(sum(values)), "Module")]

    @staticmethod
    def turn(tracker_id: str, state: str) -> TurnState:
        return TurnState(tracker_id, state)

    # -- output -----------------------------------------------------------------------------

    def text(self) -> str:
        return encode_stream(self._setup_entries() + self.steps)

    def write(self, path: str | Path, module_name: str, module_version: str, key: int = 0x5A,
              description: str = "", force: bool = True) -> Path:
        return write_save(path, self.text(), key, module_name, module_version, description, force=force)
