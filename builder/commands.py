"""VASSAL's command stream: split exactly as ``GameModule.decode`` does, decode each command.

A save is one command tree: commands are joined by ESC, and a command's sub-commands follow it
at one more level of SequenceEncoder escaping. Each command string is recognised by the same
prefixes VASSAL's encoders use (``BasicCommandEncoder``, ``GameState``, ``BasicLogger``,
``Chatter``, ``PlayerRoster``, ``ObscurableOptions``, ``BoardPicker``, ``TurnTracker``,
``ChangePropertyCommandEncoder``). What no encoder recognises, or what VASSAL would fail on,
becomes an :class:`Unknown` record holding the raw text and the reason: nothing is dropped.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from hexforge.builder import sequence
from hexforge.builder.errors import LogFormatError

ESC = "\x1b"
MAX_DEPTH = 64
JAVA_INT = 2 ** 31
_INT = re.compile(r"[+-]?[0-9]+")


@dataclass(frozen=True, slots=True)
class NullCommand:
    """The empty command (VASSAL's version-check conditional and grouping roots encode as "")."""


@dataclass(frozen=True, slots=True)
class SetupCommand:
    """``begin_save`` (``starting`` false) or ``end_save`` (``starting`` true)."""

    starting: bool


@dataclass(frozen=True, slots=True)
class AddPiece:
    """``+/id/type/state``: a piece or (``type == "stack"``) a stack enters the game."""

    id: str | None
    type: str
    state: str


@dataclass(frozen=True, slots=True)
class RemovePiece:
    """``-/id``."""

    id: str


@dataclass(frozen=True, slots=True)
class ChangePiece:
    """``D/id/newState[/oldState]``."""

    id: str
    new_state: str
    old_state: str | None = None


@dataclass(frozen=True, slots=True)
class MovePiece:
    """``M/id/newMap/x/y/newUnder/oldMap/x/y/oldUnder/player``; ``player`` is a password: never print it."""

    id: str | None
    new_map: str | None
    new_x: int
    new_y: int
    new_under: str | None
    old_map: str | None
    old_x: int
    old_y: int
    old_under: str | None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """One board of a ``SetBoards`` command, at (``column``, ``row``) of the map's board table."""

    name: str
    column: int
    row: int
    reversed: bool = False


@dataclass(frozen=True, slots=True)
class SetBoards:
    """``<mapId>BoardPicker<TAB>board<TAB>col<TAB>row...``."""

    map_id: str
    boards: tuple[BoardSpec, ...]


@dataclass(frozen=True, slots=True)
class Player:
    """``PLAYER<TAB>password<TAB>name<TAB>side``."""

    password: str
    name: str
    side: str


@dataclass(frozen=True, slots=True)
class Unmask:
    """``UNMASK<TAB>ids...``: who may unmask pieces."""

    allowed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Chat:
    """``CHAT<message>``: a chat line (HTML-escaped as VASSAL writes it)."""

    message: str


@dataclass(frozen=True, slots=True)
class PropertyChange:
    """``MutableProperty<TAB>key<TAB>old<TAB>new<TAB>container``."""

    key: str
    old: str | None
    new: str | None
    container: str = ""


@dataclass(frozen=True, slots=True)
class TurnState:
    """``TURN<trackerId><TAB><state>``."""

    tracker_id: str
    state: str


@dataclass(frozen=True, slots=True)
class Log:
    """``LOG<TAB><command>``: a logged command; ``inner`` is None for ``LOG<TAB>null``."""

    inner: Node | None


@dataclass(frozen=True, slots=True)
class Unknown:
    """A command no VASSAL encoder would decode (or would fail on), kept with the reason."""

    text: str
    reason: str


Command = Union[NullCommand, SetupCommand, AddPiece, RemovePiece, ChangePiece, MovePiece, SetBoards,
                Player, Unmask, Chat, PropertyChange, TurnState, Log, Unknown]


@dataclass(frozen=True, slots=True)
class Node:
    """A command and its sub-commands, in order."""

    command: Command
    children: tuple[Node, ...] = ()


class _Bad(ValueError):
    """A command VASSAL's decoder would fail on."""


def _int(text: str, what: str) -> int:
    """``Integer.parseInt``: ASCII digits with an optional sign, within Java's int range."""
    if not _INT.fullmatch(text):
        raise _Bad(f"{what} {text!r} is not an integer")
    v = int(text)
    if not -JAVA_INT <= v < JAVA_INT:
        raise _Bad(f"{what} {v} is outside Java's int range")
    return v


def _null(text: str) -> str | None:
    return None if text == "null" else text


def _decode_move(body: str) -> MovePiece:
    d = sequence.Decoder(body, "/")
    try:
        pid, new_map, nx, ny, new_under, old_map, ox, oy, old_under = (d.next_token() for _ in range(9))
    except ValueError:
        raise _Bad("MovePiece has fewer than 9 fields") from None
    player = d.next_token() if d.has_more() else None
    return MovePiece(_null(pid), _null(new_map), _int(nx, "new x"), _int(ny, "new y"), _null(new_under),
                     _null(old_map), _int(ox, "old x"), _int(oy, "old y"), _null(old_under), player)


def _decode_boards(text: str) -> SetBoards:
    d = sequence.Decoder(text, "\t")
    head = d.next_token()
    boards = []
    while d.has_more():
        spec = sequence.Decoder(d.next_token(), "/")
        name = spec.next_token()
        rev = spec.has_more() and spec.next_token() == "rev"
        boards.append(BoardSpec(name, d.next_int(0), d.next_int(0), rev))
    return SetBoards(head[:-len("BoardPicker")], tuple(boards))


def _decode_fields(text: str, delim: str, count: int, what: str) -> list[str]:
    d = sequence.Decoder(text, delim)
    try:
        return [d.next_token() for _ in range(count)]
    except ValueError:
        raise _Bad(f"{what} has fewer than {count} fields") from None


def decode_command(text: str, depth: int = 0) -> Command:
    """One command string (no separators at this level) -> its record."""
    try:
        return _decode_command(text, depth)
    except _Bad as e:
        return Unknown(text, str(e))


def _decode_command(s: str, depth: int) -> Command:
    if s == "":
        return NullCommand()
    if s in ("begin_save", "end_save"):
        return SetupCommand(s == "end_save")
    if s.startswith("LOG\t"):
        rest = s[4:]
        return Log(None if rest == "null" else parse(rest, depth + 1))
    if s.startswith("+/"):
        d = sequence.Decoder(s[2:], "/")
        pid = d.next_token()
        if not d.has_more():
            raise _Bad("AddPiece has no type")
        ptype = d.next_token()
        if not d.has_more():
            raise _Bad("AddPiece has no state")
        return AddPiece(_null(pid), ptype, d.next_token())
    if s.startswith("-/"):
        return RemovePiece(s[2:])
    if s.startswith("D/"):
        d = sequence.Decoder(s[2:], "/")
        pid = d.next_token()
        if not d.has_more():
            raise _Bad("ChangePiece has no new state")
        new = d.next_token()
        return ChangePiece(pid, new, d.next_token() if d.has_more() else None)
    if s.startswith("M/"):
        return _decode_move(s[2:])
    if s.startswith("CHAT"):
        return Chat(s[4:])
    if s.startswith("PLAYER\t"):
        _, password, name, side = _decode_fields(s, "\t", 4, "PLAYER")
        return Player(password, name, side)
    if s.startswith("UNMASK\t"):
        return Unmask(tuple(sequence.decode(s[len("UNMASK\t"):], "\t")))
    if s.startswith("MutableProperty\t"):
        d = sequence.Decoder(s[len("MutableProperty\t"):], "\t")
        key = d.next_token()
        old = d.next_token() if d.has_more() else None
        new = d.next_token() if d.has_more() else None
        return PropertyChange(key, old, new, d.next_token() if d.has_more() else "")
    if s.startswith("TURN"):
        d = sequence.Decoder(s, "\t")
        head = d.next_token()
        return TurnState(head[4:], d.next_token() if d.has_more() else "")
    head = s.split("\t", 1)[0]
    if head.endswith("BoardPicker") and "\t" in s:
        return _decode_boards(s)
    return Unknown(s, "no VASSAL command encoder recognises this")


def parse(text: str, depth: int = 0) -> Node:
    """A command string -> its tree, as ``GameModule.decode`` splits it."""
    if depth > MAX_DEPTH:
        raise _TooDeep()
    d = sequence.Decoder(text, ESC)
    first = d.next_token()
    if first == text:
        return Node(decode_command(first, depth))
    head = parse(first, depth + 1)
    children = list(head.children)
    while d.has_more():
        children.append(parse(d.next_token(), depth + 1))
    return Node(head.command, tuple(children))


class _TooDeep(Exception):
    """Nesting beyond :data:`MAX_DEPTH`."""


def parse_stream(text: str, file: str = "<text>") -> tuple[Node, ...]:
    """A savedGame text -> its top-level entries (the root command, then each of its sub-commands)."""
    try:
        root = parse(text)
    except _TooDeep:
        raise LogFormatError(file, "savedGame", f"commands are nested more than {MAX_DEPTH} levels deep") from None
    return (Node(root.command), *root.children)


# -- encoding ------------------------------------------------------------------------------

def encode_command(c: Command) -> str:
    """A record -> its command string (without sub-commands)."""
    if isinstance(c, NullCommand):
        return ""
    if isinstance(c, SetupCommand):
        return "end_save" if c.starting else "begin_save"
    if isinstance(c, Log):
        return "LOG\t" + ("null" if c.inner is None else encode(c.inner))
    if isinstance(c, AddPiece):
        return "+/" + _enc([_wrap(c.id), c.type, c.state], "/")
    if isinstance(c, RemovePiece):
        return "-/" + c.id
    if isinstance(c, ChangePiece):
        return "D/" + _enc([c.id, c.new_state] + ([c.old_state] if c.old_state is not None else []), "/")
    if isinstance(c, MovePiece):
        fields = [_wrap(c.id), _wrap(c.new_map), c.new_x, c.new_y, _wrap(c.new_under),
                  _wrap(c.old_map), c.old_x, c.old_y, _wrap(c.old_under), c.player]
        return "M/" + _enc(fields, "/")
    if isinstance(c, SetBoards):
        tokens: list[str | int] = [c.map_id + "BoardPicker"]
        for b in c.boards:
            tokens += [_enc([b.name, "rev"] if b.reversed else [b.name], "/"), b.column, b.row]
        return _enc(tokens, "\t")
    if isinstance(c, Player):
        return "PLAYER\t" + _enc([c.password, c.name, c.side], "\t")
    if isinstance(c, Unmask):
        return "UNMASK\t" + (_enc(list(c.allowed), "\t") if c.allowed else "null")  # Java: "" + null
    if isinstance(c, Chat):
        return "CHAT" + c.message
    if isinstance(c, PropertyChange):
        return "MutableProperty\t" + _enc([c.key, c.old, c.new, c.container], "\t")
    if isinstance(c, TurnState):
        return _enc(["TURN" + c.tracker_id, c.state], "\t")
    if isinstance(c, Unknown):
        return c.text
    raise TypeError(f"not a command record: {c!r}")


def _wrap(v: str | None) -> str:
    """VASSAL's ``wrapNull``."""
    return "null" if v is None else v


def _enc(tokens: list, delim: str) -> str:
    return sequence.encode(tokens, delim) or ""


def encode(node: Node) -> str:
    """A command tree -> its string, as ``GameModule.encode`` writes it."""
    head = encode_command(node.command)
    if not node.children:
        return head
    return _enc([head, *(encode(c) for c in node.children)], ESC)


def encode_stream(entries: list[Node] | tuple[Node, ...]) -> str:
    """Top-level entries (the root first) -> the savedGame text."""
    root, *rest = entries
    return encode(Node(root.command, root.children + tuple(rest)))
