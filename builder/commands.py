"""VASSAL's command stream: split exactly as ``GameModule.decode`` does, decode each command.

A save is one command tree: commands are joined by ESC, and a command's sub-commands follow it
at one more level of SequenceEncoder escaping. Each command string is recognised by the same
prefixes VASSAL's encoders use (``BasicCommandEncoder``, ``GameState``, ``BasicLogger``,
``Chatter``, ``PlayerRoster``, ``ObscurableOptions``, ``BoardPicker``, ``TurnTracker``,
``ChangePropertyCommandEncoder``). What no encoder recognises, or what VASSAL would fail on,
becomes an :class:`Unknown` record holding the raw text and the reason: nothing is dropped.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Union

from hexforge.builder import sequence
from hexforge.builder.errors import LogFormatError

ESC = "\x1b"
MAX_DEPTH = 64
# Per-field limits, far above what VASSAL writes (a piece of 100 traits is ~20 KB, a chat line
# or report well under 1 KB, a map's board table a few cells): past them a command is Unknown.
MAX_COMMANDS = 1_000_000     # commands in one save or log (ESC-separated, at every level)
MAX_COMMAND = 1024 * 1024      # characters of one command (a LOG's sub-commands count apart)
MAX_CHAT = 64 * 1024           # characters of one chat line
MAX_TRAITS = 1000              # TAB characters in a piece type (each trait adds one)
MAX_BOARDS = 256               # boards in one SetBoards
MAX_BOARD_CELL = 256           # column and row of a board in its map's board table


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
class Skipped:
    """A command a stock VASSAL component encodes that carries nothing the timeline reads
    (``SETUP_STACK``, notes, flares, sounds...): recognised by its ``prefix``, kept as written."""

    prefix: str
    text: str


@dataclass(frozen=True, slots=True)
class Unknown:
    """A command no VASSAL encoder would decode (or would fail on), kept with the reason."""

    text: str
    reason: str


Command = Union[NullCommand, SetupCommand, AddPiece, RemovePiece, ChangePiece, MovePiece, SetBoards,
                Player, Unmask, Chat, PropertyChange, TurnState, Log, Skipped, Unknown]

# Prefixes of the other commands stock VASSAL 3.6/3.7 components encode (docs/log-reading.md).
SKIPPED_PREFIXES = (
    "SETUP_STACK\t", "NOTES\t", "UNDO\t", "EXT\t", "PLUGIN\t", "DECKREPOS\t", "PNOTES\t", "PNOTE\t",
    "SNOTE\t", "PYREMOVE\t", "SHOW_RESULTS\t", "SGKC\t", "FLARE\t", "LOS\t", "GlobalProperty\t",
    "GlobalTranslatable\t", "LOCKSPOTAB", "CLOCKCONTROL\t", "CLOCK\t", "SEMAIL\t", "PLAY\t", "PRIV_CHAT",
    "SYNC", "INVITE\t")


@dataclass(frozen=True, slots=True)
class Node:
    """A command and its sub-commands, in order."""

    command: Command
    children: tuple[Node, ...] = ()


class _Bad(ValueError):
    """A command VASSAL's decoder would fail on."""


def _int(text: str, what: str) -> int:
    """``Integer.parseInt``: digits with an optional sign, within Java's int range."""
    v = sequence.java_int(text)
    if v is None:
        digits = text.lstrip("+-").isdigit()
        shown = (text if digits else repr(text)) if len(text) <= 40 else f"{text[:20]!r}... ({len(text):,} characters)"
        problem = "outside Java's int range" if digits else "not an integer"
        raise _Bad(f"{what} {shown} is {problem}")
    return v


def _null(text: str) -> str | None:
    return None if text == "null" else text


def _decode_move(body: str) -> MovePiece:
    f = sequence.decode(body, "/")
    if len(f) < 9:
        raise _Bad("MovePiece has fewer than 9 fields")
    player = f[9] if len(f) > 9 else None
    return MovePiece(_null(f[0]), _null(f[1]), _int(f[2], "new x"), _int(f[3], "new y"), _null(f[4]),
                     _null(f[5]), _int(f[6], "old x"), _int(f[7], "old y"), _null(f[8]), player)


def _decode_boards(text: str) -> SetBoards:
    d = sequence.Decoder(text, "\t")
    head = d.next_token()
    boards = []
    while d.has_more():
        if len(boards) == MAX_BOARDS:
            raise _Bad(f"SetBoards names more than {MAX_BOARDS} boards")
        spec = sequence.Decoder(d.next_token(), "/")
        name = spec.next_token()
        rev = spec.has_more() and spec.next_token() == "rev"
        col, row = d.next_int(0), d.next_int(0)
        if not (0 <= col < MAX_BOARD_CELL and 0 <= row < MAX_BOARD_CELL):
            raise _Bad(f"board {name[:40]!r} at column {col}, row {row}: the board table is read "
                       f"up to {MAX_BOARD_CELL} columns and rows")
        boards.append(BoardSpec(name, col, row, rev))
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
        return _decoded(text, depth)
    except _TooDeep:
        return Unknown(text, f"commands are nested more than {MAX_DEPTH} levels deep")


def _decoded(text: str, depth: int) -> Command:
    try:
        return _decode_command(text, depth)
    except _Bad as e:
        return Unknown(text, str(e))


def _check_size(s: str) -> None:
    if s.startswith(("+/", "D/")) and s.count("\t") > MAX_TRAITS:
        raise _Bad(f"a piece of more than {MAX_TRAITS} traits")
    if len(s) > MAX_COMMAND:
        raise _Bad(f"a command of {len(s):,} characters; at most {MAX_COMMAND:,} are read")
    if s.startswith("CHAT") and len(s) > MAX_CHAT:
        raise _Bad(f"a chat line of {len(s):,} characters; at most {MAX_CHAT:,} are read")


def _decode_add(s: str) -> AddPiece:
    f = sequence.decode(s[2:], "/")
    if len(f) < 3:
        raise _Bad("AddPiece has no type" if len(f) < 2 else "AddPiece has no state")
    return AddPiece(_null(f[0]), f[1], f[2])


def _decode_change(s: str) -> ChangePiece:
    f = sequence.decode(s[2:], "/")
    if len(f) < 2:
        raise _Bad("ChangePiece has no new state")
    return ChangePiece(f[0], f[1], f[2] if len(f) > 2 else None)


def _decode_player(s: str) -> Player:
    _, password, name, side = _decode_fields(s, "\t", 4, "PLAYER")
    return Player(password, name, side)


def _decode_property(s: str) -> PropertyChange:
    d = sequence.Decoder(s[len("MutableProperty\t"):], "\t")
    key = d.next_token()
    old = d.next_token() if d.has_more() else None
    new = d.next_token() if d.has_more() else None
    return PropertyChange(key, old, new, d.next_token() if d.has_more() else "")


def _decode_turn(s: str) -> TurnState:
    d = sequence.Decoder(s, "\t")
    head = d.next_token()
    return TurnState(head[4:], d.next_token() if d.has_more() else "")


# The encoders' prefixes, in the order VASSAL's encoders are asked, keyed by their first two characters.
_DECODERS: dict[str, tuple[str, Callable[[str], Command]]] = {
    "+/": ("+/", _decode_add), "-/": ("-/", lambda s: RemovePiece(s[2:])), "D/": ("D/", _decode_change),
    "M/": ("M/", lambda s: _decode_move(s[2:])), "CH": ("CHAT", lambda s: Chat(s[4:])),
    "PL": ("PLAYER\t", _decode_player),
    "UN": ("UNMASK\t", lambda s: Unmask(tuple(sequence.decode(s[len("UNMASK\t"):], "\t")))),
    "Mu": ("MutableProperty\t", _decode_property), "TU": ("TURN", _decode_turn),
}


def _decode_command(s: str, depth: int) -> Command:
    if s == "":
        return NullCommand()
    if s in ("begin_save", "end_save"):
        return SetupCommand(s == "end_save")
    if s.startswith("LOG\t"):
        rest = s[4:]
        return Log(None if rest == "null" else parse(rest, depth + 1))
    if len(s) > 256 or s.startswith(("+/", "D/")):  # shorter commands are within every limit
        _check_size(s)
    prefix, decoder = _DECODERS.get(s[:2], ("", None))
    if decoder is not None and s.startswith(prefix):
        return decoder(s)
    head = s.split("\t", 1)[0]
    if head.endswith("BoardPicker") and "\t" in s:
        return _decode_boards(s)
    for skipped in SKIPPED_PREFIXES:
        if s.startswith(skipped):
            return Skipped(skipped.rstrip("\t"), s)
    return Unknown(s, "no VASSAL command encoder recognises this")


def parse(text: str, depth: int = 0) -> Node:
    """A command string -> its tree, as ``GameModule.decode`` splits it."""
    if depth > MAX_DEPTH:
        raise _TooDeep()
    if ESC not in text and not (len(text) > 1 and text[0] == text[-1] == "'"):  # one command
        return Node(_decoded(text, depth))
    first, *rest = sequence.decode(text, ESC)
    if first == text:
        return Node(_decoded(first, depth))
    head = parse(first, depth + 1)
    return Node(head.command, head.children + tuple(parse(t, depth + 1) for t in rest))


class _TooDeep(Exception):
    """Nesting beyond :data:`MAX_DEPTH`."""


def parse_stream(text: str, file: str = "<text>") -> tuple[Node, ...]:
    """A savedGame text -> its top-level entries (the root command, then each of its sub-commands)."""
    return tuple(iter_stream(text, file))


def iter_stream(text: str | Iterable[str], file: str = "<text>") -> Iterator[Node]:
    """The entries of :func:`parse_stream` one at a time (a long log is never held as one tree); ``text`` may
    come in pieces (a log read from its file as it is judged: never held whole).

    Refused when the text holds more than :data:`MAX_COMMANDS` commands, before any work on a piece that
    reaches the limit.
    """
    raw = sequence.split(_counted((text,) if isinstance(text, str) else text, file), ESC)
    try:
        first_raw = next(raw)
        second = next(raw, None)
        first = sequence.unescape(first_raw, ESC)
        if second is None and first == first_raw:  # the whole text is one command
            yield Node(_decoded(first, 0))
            return
        head = parse(first, 1)
        yield Node(head.command)
        yield from head.children
        if second is not None:
            yield parse(sequence.unescape(second, ESC), 1)
            for t in raw:
                yield parse(sequence.unescape(t, ESC), 1)
    except _TooDeep:
        raise LogFormatError(file, "savedGame", f"commands are nested more than {MAX_DEPTH} levels deep") from None


def _counted(pieces: Iterable[str], file: str) -> Iterator[str]:
    """The pieces, refused once they hold :data:`MAX_COMMANDS` command separators."""
    seen = 0
    for piece in pieces:
        seen += piece.count(ESC)
        if seen >= MAX_COMMANDS:
            raise LogFormatError(file, "savedGame", f"more than {MAX_COMMANDS:,} commands; at most {MAX_COMMANDS:,} "
                                 "are read (a 200,000-move log holds about 600,000)")
        yield piece


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
    if isinstance(c, (Skipped, Unknown)):
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
