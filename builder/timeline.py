"""A save or log as a plain, immutable event list in hexes: what the rules checker consumes.

The setup position (every piece on a map when logging began), then per log step, in order:
moves (with the path when a step moves a piece several times), step changes (a Layer level,
a Mask or a Marker value that changed), eliminations (a piece deleted, or put into the deck named
Eliminated, the pile hexforge modules keep on their holding board), entries (pieces added, or moved from off
the map on), dice rolls, turn/phase changes, chat, and every command that could not be decoded.

Chat text is kept as logged (VASSAL writes HTML: a typed ``&amp;`` stays ``&amp;``); only
:func:`describe` unescapes it, for display, as VASSAL's chat window renders it. A Layer level is
named as VASSAL's ``<layer>_Name`` property names it (the ``+`` prefix/suffix marker removed).
A piece in a deck is placed at the deck, with the deck's name; the set-up places each stack's pieces
bottom first. A move names the order of the stack it ends in (bottom first), as VASSAL keeps it.

:class:`EventStream` reads the same events one log step at a time, so a referee can judge a long log
without holding its timeline; :func:`build_timeline` keeps them all.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Union

from hexforge.builder import pieces, sequence
from hexforge.builder.binding import Binding
from hexforge.builder.commands import (AddPiece, ChangePiece, Chat, Log, MovePiece, Node, Player, PropertyChange,
                                       RemovePiece, SetBoards, TurnState, Unknown, iter_stream)
from hexforge.builder.eliminated import eliminated_box
from hexforge.builder.gamestate import Effect, GameState, Point
from hexforge.builder.holding import ELIMINATED
from hexforge.builder.locations import MAX_REMEMBERED, OFF_MAP, Location, Locator
from hexforge.builder.modulereader import Module, TurnLevelDef, prototype_markers
from hexforge.builder.savefile import SaveFile, SaveStream

_PIECE_COMMANDS = (MovePiece, AddPiece, ChangePiece, RemovePiece)
# Chatter.formatChat: "&lt;id&gt; - text" (VASSAL before 3.5 wrote "<id> - text").
PLAYER_CHAT = re.compile(r"(?:&lt;(?P<speaker>.*?)&gt;|<(?P<old>[^>]*)>) - (?P<text>.*)$", re.S)
MASK_ID = "obs;"


@dataclass(frozen=True, slots=True)
class PieceRef:
    """A piece: its save id, its name in the module, and the game unit it is bound to."""

    id: str
    name: str
    unit: str | None


@dataclass(frozen=True, slots=True)
class Placement:
    """A piece on a map: where, in which game hex, and its Marker values (side, identity...)."""

    piece: PieceRef
    location: Location
    hex: str | None
    markers: dict[str, str] = field(default_factory=dict)
    deck: str | None = None  # the deck holding it (then ``location`` is the deck's)
    layers: dict[str, str] = field(default_factory=dict)  # layer name -> its level, named as a StepChange names it


@dataclass(frozen=True, slots=True)
class Move:
    step: int
    piece: PieceRef
    origin: Location
    to: Location
    from_hex: str | None
    to_hex: str | None
    path: tuple[str, ...] = ()
    kind: str = "move"
    stack: tuple[str, ...] = ()  # piece ids of the stack it ends in, bottom first (VASSAL's order); () alone


@dataclass(frozen=True, slots=True)
class StepChange:
    step: int
    piece: PieceRef
    hex: str | None
    trait: str
    old: str
    new: str
    kind: str = "change"


@dataclass(frozen=True, slots=True)
class Eliminated:
    """A piece left play: deleted (``location`` is where it was) or put into the Eliminated pile,
    by its Eliminate command or a drag (``location`` is the pile's); ``hex`` is the hex it left."""

    step: int
    piece: PieceRef
    location: Location
    hex: str | None
    kind: str = "eliminated"


@dataclass(frozen=True, slots=True)
class Entered:
    step: int
    piece: PieceRef
    location: Location
    hex: str | None
    kind: str = "entered"


@dataclass(frozen=True, slots=True)
class DiceRoll:
    step: int
    name: str
    values: tuple[int, ...]
    total: int | None = None
    player: str | None = None
    kind: str = "dice"


@dataclass(frozen=True, slots=True)
class TurnChange:
    step: int
    tracker: str
    state: str
    levels: tuple[tuple[str, str], ...]
    kind: str = "turn"


@dataclass(frozen=True, slots=True)
class ChatLine:
    step: int
    speaker: str | None
    text: str
    kind: str = "chat"


@dataclass(frozen=True, slots=True)
class UnknownCommand:
    step: int
    text: str
    reason: str
    kind: str = "unknown"


@dataclass(frozen=True, slots=True)
class Described:
    """An event kept only as its one-line description, once its verdicts are final (a streamed check)."""

    step: int
    text: str
    kind: str = "described"


Event = Union[Move, StepChange, Eliminated, Entered, DiceRoll, TurnChange, ChatLine, UnknownCommand, Described]


@dataclass(frozen=True, slots=True)
class Timeline:
    """Setup position, events in order (each with its log step, 0 for the setup), final position."""

    setup: tuple[Placement, ...]
    events: tuple[Event, ...]
    final: tuple[Placement, ...]
    players: tuple[tuple[str, str], ...] = ()
    steps: int = 0
    warnings: tuple[str, ...] = field(default=())

    @property
    def opening(self) -> Timeline:
        """The set-up and the events up to the first turn tracker change: what set-up checks read of a log."""
        n = next((i + 1 for i, e in enumerate(self.events) if isinstance(e, TurnChange)), len(self.events))
        return Timeline(self.setup, self.events[:n], ())


MAX_DIGITS = 9  # a dice value or total with more digits is no die's


def _int_values(text: str) -> tuple[int, ...] | None:
    """The integers in a dice result, None when one has more than :data:`MAX_DIGITS` digits."""
    found = re.findall(r"-?\d+", text)
    if any(len(v.lstrip("-")) > MAX_DIGITS for v in found):
        return None
    return tuple(int(v) for v in found)


def turn_levels(levels: tuple[TurnLevelDef, ...], state: str) -> tuple[tuple[str, str], ...]:
    """(level name, value) along a tracker's state, top levels first then each current sub-level."""
    parts = sequence.decode(state, "|") if state else []
    out: list[tuple[str, str]] = []
    for i, level in enumerate(levels):
        _describe(level, parts[i + 1] if i + 1 < len(parts) else "", out)
    return tuple(out)


def _describe(level: TurnLevelDef, state: str, out: list[tuple[str, str]]) -> None:
    d = sequence.Decoder(state, ";")
    current = d.next_int(level.start)
    sub = d.next_int(0)
    if level.kind == "counter":
        d.next_token() if d.has_more() else None
        d.next_token() if d.has_more() else None
        value = str(current)
    else:
        d.next_token() if d.has_more() else None
        d.next_token() if d.has_more() else None
        value = level.items[current] if 0 <= current < len(level.items) else ""
    out.append((level.name or level.property, value))
    subs = [d.next_token() if d.has_more() else "" for _ in level.levels]
    if level.levels and 0 <= sub < len(level.levels):
        _describe(level.levels[sub], subs[sub], out)


class _Builder:
    def __init__(self, module: Module, game: Any | None, binding: Binding | None) -> None:
        self.module, self.game = module, game
        self.binding = binding or Binding()
        self.locator = Locator(module)
        self.state = GameState()
        self.events: list[Event] = []
        self.warnings: list[str] = []
        self.players: list[tuple[str, str]] = []
        self.step = 0
        self.last: dict[str, int] = {}  # piece id -> index of its last event in this step
        self.dice: dict[str, tuple[int, set[str]]] = {}  # dice name -> its last roll's index, parts read
        self.hexes: dict[Location, str | None] = {}
        self.refs: dict[str, tuple[str, PieceRef]] = {}  # piece id -> (its GPID, its reference)
        self.type_markers: dict[str, dict[str, str]] = {}  # piece type -> its prototypes' Markers
        self.trackers = {t.id: t for t in module.turn_trackers}
        self.box = eliminated_box(module, game)  # the module's Eliminated box, when the game's layout gives it

    def ref(self, pid: str) -> PieceRef:
        p = self.state.pieces[pid]
        known = self.refs.get(pid)
        if known is None or known[0] != p.gpid or known[1].name != p.name:
            known = self.refs[pid] = (p.gpid, PieceRef(pid, p.name, self.binding.unit(p.name, p.gpid, self.game)))
        return known[1]

    def proto_markers(self, type_: str) -> dict[str, str]:
        if type_ not in self.type_markers:
            self.type_markers[type_] = prototype_markers(type_, self.module.prototype_closures)
        return self.type_markers[type_]

    def loc(self, point: Point | None) -> Location:
        return OFF_MAP if point is None or point[0] is None else self.locator.locate(*point)

    def hex(self, loc: Location) -> str | None:
        if loc not in self.hexes:
            if len(self.hexes) >= MAX_REMEMBERED:
                self.hexes.clear()
            self.hexes[loc] = self.binding.hex(loc, self.module, self.game)
        return self.hexes[loc]

    def setup_order(self) -> list[str]:
        """Piece ids in the save's order, except that a stack comes whole, bottom first (the order its state lists
        its members in, VASSAL's ``Stack.asList``), where its first-added piece was."""
        out: list[str] = []
        done: set[str] = set()
        for pid in self.state.pieces:
            sid = self.state.pieces[pid].stack
            s = self.state.stacks.get(sid or "")
            if s is None or pid not in s.members:
                out.append(pid)
            elif sid not in done:
                done.add(sid)
                out.extend(s.members)
        return out

    def placements(self) -> tuple[Placement, ...]:
        """Every piece on a map, each stack's pieces bottom first (:meth:`setup_order`)."""
        out = []
        for pid in self.setup_order():
            loc = self.loc(self.state.where(pid))
            if loc.map is not None:
                p = self.state.pieces[pid]
                marks = pieces.markers(p.type, p.state)
                for k, v in self.proto_markers(p.type).items():
                    marks.setdefault(k, v)
                levels = {a.name or "layer": level_name(a.active_name) or str(a.level) for a in pieces.layers(p.type, p.state)}
                out.append(Placement(self.ref(pid), loc, self.hex(loc), marks, self.state.deck_of(pid), levels))
        return tuple(out)

    def run(self, entries: tuple[Node, ...]) -> None:
        for entry in entries:
            if isinstance(entry.command, Log):
                self.step += 1
                self.last, self.dice = {}, {}
            self.node(entry)

    def add(self, event: Event, at: int | None = None) -> None:
        """Append an event (or replace the one at ``at``), keeping this step's indexes."""
        i = len(self.events) if at is None else at
        if at is None:
            self.events.append(event)
        else:
            self.events[at] = event
        piece = getattr(event, "piece", None)
        if piece is not None:
            self.last[piece.id] = i

    def node(self, n: Node) -> None:
        c = n.command
        if isinstance(c, Log):
            if c.inner is not None:
                self.node(c.inner)
        elif isinstance(c, _PIECE_COMMANDS):
            self.piece_command(c)
        elif isinstance(c, Chat):
            self.chat(c.message)
        elif isinstance(c, PropertyChange):
            self.property(c)
        elif isinstance(c, SetBoards):
            for missing in self.locator.set_boards(c):
                self.warnings.append(f"step {self.step}: the module has no {missing}")
        elif isinstance(c, Player):
            self.players.append((c.name, c.side))
        elif isinstance(c, TurnState):
            t = self.trackers.get(c.tracker_id)
            levels = turn_levels(t.levels, c.state) if t else ()
            if self.step:
                self.add(TurnChange(self.step, c.tracker_id, c.state, levels))
        elif isinstance(c, Unknown):
            self.add(UnknownCommand(self.step, c.text[:500], c.reason))
        for child in n.children:
            self.node(child)

    def piece_command(self, c: AddPiece | MovePiece | ChangePiece | RemovePiece) -> None:
        if not isinstance(c, AddPiece) and c.id not in self.state.pieces and c.id not in self.state.stacks:
            self.warnings.append(f"step {self.step}: {type(c).__name__} of piece {c.id!r}, which is not in the game")
        gone = self.ref(c.id) if isinstance(c, RemovePiece) and c.id in self.state.pieces else None
        for effect in self.state.apply(c):
            self.effect(effect, gone)
        deck = self.state.stacks.get(c.id) if isinstance(c, (AddPiece, ChangePiece)) and c.id else None
        if deck is not None and deck.deck is not None:
            self.locator.name_deck(deck.map, deck.x, deck.y, deck.deck)

    def effect(self, e: Effect, gone: PieceRef | None) -> None:
        if self.step == 0:
            return
        if e.kind == "added" or (e.kind == "moved" and self.enters(e)):
            loc = self.loc(e.after)
            if loc.map is not None:
                self.add(Entered(self.step, self.ref(e.piece), loc, self.hex(loc)))
        elif e.kind == "moved" and self.eliminates(e):
            loc = self.loc(e.after)
            self.add(Eliminated(self.step, self.ref(e.piece), loc, self.hex(self.loc(e.before))))
        elif e.kind == "moved":
            self.move(e)
        elif e.kind == "removed" and gone is not None:
            loc = self.loc(e.before)
            self.add(Eliminated(self.step, gone, loc, self.hex(loc)))
        elif e.kind == "changed":
            self.change(e)

    def enters(self, e: Effect) -> bool:
        """A move from off every map or out of a deck (a draw), or (with a game) from outside the game map
        (a holding box) onto it."""
        if e.before is None or e.after is None or e.after[0] is None:
            return False
        if e.before[0] is None or (self.locator.deck_at(*e.before) and not self.locator.deck_at(*e.after)):
            return True
        return self.game is not None and self.hex(self.loc(e.before)) is None and self.hex(self.loc(e.after)) is not None

    def eliminates(self, e: Effect) -> bool:
        """A move into the Eliminated pile (by its Eliminate command or a drag onto it), or a drop anywhere in
        the Eliminated box round it, from elsewhere."""
        if e.before is None:
            return False
        into_pile = self.state.deck_of(e.piece) == ELIMINATED and self.locator.deck_at(*e.before) != ELIMINATED
        if self.box is None:
            return into_pile
        before, after = self.loc(e.before), self.loc(e.after)
        return self.box.entered(before, after) or (into_pile and not self.box.holds(before))

    def move(self, e: Effect) -> None:
        src, dst = self.loc(e.before), self.loc(e.after)
        ref = self.ref(e.piece)
        i = self.last.get(e.piece)
        prev = self.events[i] if i is not None else None
        stack = self.stack_of(e.piece)
        if isinstance(prev, Move):
            path = prev.path or (prev.from_hex or str(prev.origin), prev.to_hex or str(prev.to))
            self.add(Move(self.step, ref, prev.origin, dst, prev.from_hex, self.hex(dst),
                          path + (self.hex(dst) or str(dst),), stack=stack), i)
            return
        self.add(Move(self.step, ref, src, dst, self.hex(src), self.hex(dst), stack=stack))

    def stack_of(self, pid: str) -> tuple[str, ...]:
        """The piece ids of the (non-deck) stack a piece is in, bottom first; () when it stands alone."""
        s = self.state.stacks.get(self.state.pieces[pid].stack or "")
        return tuple(s.members) if s is not None and s.deck is None and len(s.members) > 1 else ()

    def change(self, e: Effect) -> None:
        p = self.state.pieces[e.piece]
        ref, h = self.ref(e.piece), self.hex(self.loc(e.before))
        old_layers, new_layers = pieces.layers(p.type, e.old_state or ""), pieces.layers(p.type, e.new_state or "")
        for a, b in zip(old_layers, new_layers):
            if a.level != b.level:
                self.add(StepChange(self.step, ref, h, a.name or "layer", level_name(a.active_name) or str(a.level),
                                    level_name(b.active_name) or str(b.level)))
        old_k, new_k = masked(p.type, e.old_state or ""), masked(p.type, e.new_state or "")
        for i, (a_m, b_m) in enumerate(zip(old_k, new_k)):
            if a_m != b_m:
                name = "mask" if len(new_k) == 1 else f"mask {i + 1}"
                self.add(StepChange(self.step, ref, h, name, "masked" if a_m else "shown", "masked" if b_m else "shown"))
        old_m, new_m = pieces.markers(p.type, e.old_state or ""), pieces.markers(p.type, e.new_state or "")
        for k in new_m:
            if old_m.get(k) != new_m[k]:
                self.add(StepChange(self.step, ref, h, k, old_m.get(k, ""), new_m[k]))

    def chat(self, message: str) -> None:
        """A chat line as logged; a dice report only if no player typed it (``Chatter.formatChat``)."""
        if not self.step:
            return
        pm = PLAYER_CHAT.match(message)
        report = None if pm else dice_report(html.unescape(message) if "&" in message else message)
        if report:
            name, result, player = report
            values = _int_values(result)
            if values is None:
                self.add(UnknownCommand(self.step, message[:500], f"dice {name[:40]!r}: a number of more than "
                                                                  f"{MAX_DIGITS} digits in the result"))
            else:
                self.roll(name, "chat", lambda prev: DiceRoll(self.step, name, prev.values or values,
                                                              prev.total, player))
        speaker = (pm.group("speaker") if pm.group("speaker") is not None else pm.group("old")) if pm else None
        self.add(ChatLine(self.step, speaker, pm.group("text") if pm else message))

    def roll(self, name: str, part: str, make: Any) -> None:
        """Add ``part`` (chat report, _result, _total) to this command's roll of ``name``, or start a new roll."""
        i, seen = self.dice.get(name, (None, set()))
        if i is None or part in seen:
            i, seen = None, set()
        prev = self.events[i] if i is not None else DiceRoll(self.step, name, ())
        self.add(make(prev), i)
        seen.add(part)
        self.dice[name] = (len(self.events) - 1 if i is None else i, seen)

    def property(self, c: PropertyChange) -> None:
        if not self.step or c.new is None:
            return
        for suffix in ("_result", "_total"):
            if not c.key.endswith(suffix):
                continue
            name = c.key[:-len(suffix)]
            values = _int_values(c.new)
            if values is None:
                self.add(UnknownCommand(self.step, f"{c.key} = {c.new[:400]}",
                                        f"dice property {c.key[:40]!r}: a number of more than {MAX_DIGITS} digits"))
                return
            if suffix == "_result":
                self.roll(name, suffix, lambda prev: DiceRoll(self.step, name, values, prev.total, prev.player))
            else:
                self.roll(name, suffix, lambda prev: DiceRoll(self.step, name, prev.values,
                                                              values[0] if len(values) == 1 else None, prev.player))


_SPACE = re.compile(r"\s*")


def level_name(name: str) -> str:
    """A Layer level's name as VASSAL's ``<layer>_Name`` gives it: without its ``+`` name-change marker."""
    if name.startswith("+"):
        return name[1:]
    return name[:-1] if name.endswith("+") else name


def masked(type_: str, state: str) -> list[bool]:
    """Per Mask (``obs``) trait of a piece, outermost first: whether someone has masked it."""
    return [link.state != "" and sequence.decode(link.state, ";")[0] != "null"  # Obscurable: "" is a user id
            for link in pieces.traits(type_, state)[:-1] if link.type.startswith(MASK_ID)]


def dice_report(text: str) -> tuple[str, str, str | None] | None:
    """(name, result, player) of a dice button's report ``*** name = result *** <player>``.

    The same reading as ``\\*\\*\\* (.+?) = ([^*]*?) \\*\\*\\*\\s*(?:<(.*)>)?\\s*$`` searched in
    the text, in linear time (that pattern backtracks for seconds on a long line): the result
    holds no ``*``, so it ends at the first ``*`` after its `` = ``; what follows its ``***`` is
    checked once per ``*``; then the leftmost ``*** `` whose name reaches a good `` = `` on its
    line wins.
    """
    if "*** " not in text:
        return None
    end = len(text.rstrip())
    good: list[tuple[int, int]] = []  # (position of " = ", of the '*' ending its result), in order
    tails: dict[int, bool] = {}
    star = -1
    k = text.find(" = ")
    while k >= 0:
        if star < k + 3:
            star = text.find("*", k + 3)
        if star < 0:
            break
        if star > k + 3 and text[star - 1] == " " and text.startswith("***", star):
            if star not in tails:
                tails[star] = _tail_ok(text, star + 3, end)
            if tails[star]:
                good.append((k, star))
        k = text.find(" = ", k + 1)
    start, g = text.find("*** "), 0
    while start >= 0:
        while g < len(good) and good[g][0] <= start + 4:  # the name is not empty
            g += 1
        if g == len(good):
            return None
        k, star = good[g]
        if text.find("\n", start + 4, k) < 0:
            i = _SPACE.match(text, star + 3).end()
            return text[start + 4:k], text[k + 3:star - 1], text[i + 1:end - 1] if i < end else None
        start = text.find("*** ", start + 1)
    return None


def _tail_ok(text: str, at: int, end: int) -> bool:
    """Whether ``text[at:]`` is blank, or ``<player>`` (one line) between blanks."""
    i = _SPACE.match(text, at).end()
    return i >= end or (end - i >= 2 and text[i] == "<" and text[end - 1] == ">" and text.find("\n", i, end) < 0)


class EventStream:
    """A save/log's timeline read one log step at a time: its ``setup`` at once, then ``events`` once, in order
    (an event is final when its step ends). ``opening`` is the set-up with the events up to the first turn
    tracker change (what a referee reads of the set-up being made), so only those are held; ``final``,
    ``players``, ``steps`` and ``warnings`` are whole once the events are read. ``read`` of ``size`` top-level
    commands are read so far."""

    def __init__(self, save: SaveFile | SaveStream, module: Module, game: Any | None = None,
                 binding: Binding | None = None) -> None:
        self._save = save
        self._b = _Builder(module, game, binding)
        self.size = save.commands
        self.read = 0
        self._entries = iter_stream(save.pieces(), save.path)
        self._pending: Node | None = None
        for entry in self._entries:  # the set-up: everything before the first log step
            self.read += 1
            if isinstance(entry.command, Log):
                self._pending = entry
                break
            self._b.run((entry,))
        self.setup = self._b.placements()
        self._head: list[Event] = []
        self._steps = self._read_steps()
        for batch in self._steps:
            self._head += batch
            if any(isinstance(e, TurnChange) for e in batch):
                break
        self._started = False

    @property
    def opening(self) -> Timeline:
        return Timeline(self.setup, tuple(self._head), ())

    def _read_steps(self) -> Iterator[list[Event]]:
        """The events of each log step, when the step ends."""
        b = self._b
        if self._pending is not None:
            b.run((self._pending,))
        for entry in self._entries:
            self.read += 1
            if isinstance(entry.command, Log) and b.events:
                yield b.events
                b.events = []
            b.run((entry,))
        if b.events:
            yield b.events
            b.events = []

    @property
    def events(self) -> Iterator[Event]:
        if self._started:
            raise RuntimeError("the events of a stream are read once")
        self._started = True
        return self._iter()

    def _iter(self) -> Iterator[Event]:
        yield from self._head
        for batch in self._steps:
            yield from batch

    @property
    def final(self) -> tuple[Placement, ...]:
        return self._b.placements()

    @property
    def players(self) -> tuple[tuple[str, str], ...]:
        return tuple(self._b.players)

    @property
    def steps(self) -> int:
        return self._b.step

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(self._save.warnings) + tuple(self._b.warnings)

    def timeline(self) -> Timeline:
        """Every event kept: the whole timeline."""
        events = tuple(self.events)
        return Timeline(self.setup, events, self.final, self.players, self.steps, self.warnings)


def build_timeline(save: SaveFile, module: Module, game: Any | None = None,
                   binding: Binding | None = None) -> Timeline:
    """The timeline of a decoded save/log read through its module (and a game definition, if given)."""
    return EventStream(save, module, game, binding).timeline()


def where(hex_: str | None, loc: object) -> str:
    """The hex label of a place, or the place itself when it is not a hex."""
    return hex_ if hex_ is not None else str(loc)


def who(ref: PieceRef) -> str:
    """The unit a piece stands for, else its name, else its id."""
    return ref.unit or ref.name or ref.id


def describe(e: object) -> str:
    """One line, in hexes, for one event of a timeline."""
    if isinstance(e, Move):
        path = " -> ".join(e.path) if e.path else f"{where(e.from_hex, e.origin)} -> {where(e.to_hex, e.to)}"
        return f"move {who(e.piece)} {path}"
    if isinstance(e, StepChange):
        return f"change {who(e.piece)} in {e.hex or '?'}: {e.trait} {e.old or '-'} -> {e.new or '-'}"
    if isinstance(e, Eliminated):
        return f"eliminated {who(e.piece)} in {where(e.hex, e.location)}"
    if isinstance(e, Entered):
        return f"entered {who(e.piece)} at {where(e.hex, e.location)}"
    if isinstance(e, DiceRoll):
        total = f" (total {e.total})" if e.total is not None else ""
        return f"dice {e.name}: {','.join(map(str, e.values))}{total}" + (f" by {e.player}" if e.player else "")
    if isinstance(e, TurnChange):
        return "turn " + (", ".join(f"{k} {v}" for k, v in e.levels) or e.state)
    if isinstance(e, ChatLine):  # unescaped for display only, as VASSAL's chat window shows it
        return html.unescape(f"chat {e.speaker + ': ' if e.speaker else ''}{e.text}")
    if isinstance(e, UnknownCommand):
        return f"UNKNOWN command ({e.reason}): {e.text[:80]!r}"
    if isinstance(e, Described):
        return e.text
    return repr(e)
