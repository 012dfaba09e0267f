"""Pieces and stacks as VASSAL executes a save's commands: who is where after each command.

Follows ``AddPiece``/``MovePiece``/``ChangePiece``/``RemovePiece`` execution in VASSAL: a piece
in a stack (or a deck) is where its stack is; a stack move moves its pieces; a piece moved onto
another piece (``newUnder``) or onto an existing stack's or deck's exact position joins it; a
piece moved alone leaves its stack or deck; a piece moved onto a deck's exact position joins it even
when the deck is empty (an Eliminated pile at the start of the game). A deck (``Deck``: ``+/id/deck;...``) is a stack
with a name (its DrawPile's, the type's 13th field) whose state lists its cards
(``map;x;y;faceDown;id,id...``); a shuffle or a return rewrites that list. A ``ChangePiece``
with an old state is merged as ``Decorator.mergeState`` does: only the traits whose state
differs from the old one are set, so a stacked piece whose BasicPiece state still reads
``null`` for its map stays where it is. Each applied command reports its :class:`Effect` records.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.builder import pieces, sequence
from hexforge.builder.commands import AddPiece, ChangePiece, Command, MovePiece, RemovePiece
from hexforge.builder.traits import nest

Point = tuple[str | None, int, int]  # (map id or None, x, y)


class PieceRecord:
    """A piece's current type, state and own position; ``stack`` is its stack's id.

    A move changes only the BasicPiece position inside the state: the state string is
    re-encoded when it is read (a log moves pieces far more often than it reads states).
    """

    __slots__ = ("id", "type", "_state", "map", "x", "y", "stack", "gpid", "name", "_moved")

    def __init__(self, id: str, type: str, state: str, map: str | None, x: int, y: int,
                 stack: str | None = None) -> None:
        self.id, self.type, self.map, self.x, self.y, self.stack = id, type, map, x, y, stack
        self.name = pieces.basic_name(type)
        self.state = state

    @property
    def state(self) -> str:
        if self._moved:
            self._state = pieces.piece_state_at(self.type, self._state, self.map, self.x, self.y)
            self._moved = False
        return self._state

    @state.setter
    def state(self, value: str) -> None:
        self._state, self._moved = value, False
        self.gpid = pieces.basic_state(pieces.traits(self.type, value)[-1].state).gpid

    def moved(self) -> None:
        """The position (map, x, y) changed: the state follows when next read."""
        self._moved = True


@dataclass(slots=True)
class StackRecord:
    map: str | None
    x: int
    y: int
    members: list[str] = field(default_factory=list)
    deck: str | None = None  # the deck's name; None for a plain stack


@dataclass(frozen=True, slots=True)
class Effect:
    """What a command did to one piece: ``added``, ``moved``, ``changed`` or ``removed``."""

    kind: str
    piece: str
    before: Point | None
    after: Point | None
    old_state: str | None = None
    new_state: str | None = None


DECK_ID = "deck;"
DECK_NAME_FIELD = 13  # Deck.myRefreshType: the name follows 12 fields after "deck"


def deck_name(type_: str) -> str:
    """A deck's name from its type (``Deck.myRefreshType``; VASSAL's default is "Deck")."""
    f = sequence.decode(type_, ";")
    return f[DECK_NAME_FIELD] if len(f) > DECK_NAME_FIELD else "Deck"


def merged_state(type_: str, current: str, new: str, old: str | None) -> str:
    """The state after ``ChangePiece(new, old)``: per trait, ``new`` where it differs from ``old``."""
    if old is None:
        return new
    cur, nw, od = pieces.traits(type_, current), pieces.traits(type_, new), pieces.traits(type_, old)
    if not len(cur) == len(nw) == len(od):
        return new
    return nest([n.state if n.state != o.state else c.state for c, n, o in zip(cur, nw, od)])


def _int_or_0(text: str) -> int:
    v = sequence.java_int(text)
    return 0 if v is None else v


class GameState:
    """Mutable replay state; :meth:`apply` executes one command.

    Each drag in VASSAL makes a new stack and leaves the old one empty, so a long log holds
    as many stacks as moves: the stacks holding pieces are indexed by position (``_at``, a
    superset pruned on lookup) and found in constant time, not by scanning every stack.
    """

    def __init__(self) -> None:
        self.pieces: dict[str, PieceRecord] = {}
        self.stacks: dict[str, StackRecord] = {}
        self._at: dict[Point, set[str]] = {}
        self._order: dict[str, int] = {}
        self._made = 0

    def _index(self, sid: str) -> None:
        s = self.stacks[sid]
        self._at.setdefault((s.map, s.x, s.y), set()).add(sid)

    def stack_at(self, point: Point) -> str | None:
        """The first-made stack (VASSAL's stack order) holding pieces, or deck (even an empty one:
        ``MovePiece``'s merge finder merges into a deck at the point), at exactly ``point``."""
        ids = self._at.get(point)
        if not ids:
            return None
        live = {sid for sid in ids if sid in self.stacks
                and (self.stacks[sid].members or self.stacks[sid].deck is not None)
                and (self.stacks[sid].map, self.stacks[sid].x, self.stacks[sid].y) == point}
        self._at[point] = live
        return min(live, key=self._order.__getitem__) if live else None

    def deck_of(self, pid: str) -> str | None:
        """The name of the deck holding a piece, None when it is in none."""
        s = self.stacks.get(self.pieces[pid].stack or "")
        return s.deck if s else None

    def where(self, pid: str) -> Point:
        p = self.pieces[pid]
        s = self.stacks.get(p.stack) if p.stack else None
        return (s.map, s.x, s.y) if s else (p.map, p.x, p.y)

    def _leave_stack(self, pid: str) -> None:
        p = self.pieces[pid]
        s = self.stacks.get(p.stack) if p.stack else None
        if s and pid in s.members:
            s.members.remove(pid)
        p.stack = None

    def _join(self, pid: str, sid: str, index: int | None = None) -> None:
        self._leave_stack(pid)
        s = self.stacks[sid]
        s.members.insert(len(s.members) if index is None else index, pid)
        self.pieces[pid].stack = sid
        self._index(sid)

    def _set_stack(self, sid: str, state: str, deck: str | None = None) -> list[Effect]:
        """A stack (re)defined by its state ``map;x;y;member;...`` (a deck: ``map;x;y;faceDown;id,...``):
        its members join it in order."""
        tokens = sequence.decode(state, ";")
        map_id, x, y, first = tokens[0], 0, 0, 1
        if deck is not None:
            tokens += ["", "", "", ""]
            x, y = _int_or_0(tokens[1]), _int_or_0(tokens[2])
            tokens, first = tokens[:3] + (sequence.decode(tokens[4], ",") if tokens[4] else []), 3
        elif map_id != "null":
            tokens += ["", ""]  # x and y read as 0 when missing
            x, y, first = _int_or_0(tokens[1]), _int_or_0(tokens[2]), 3
        old = self.stacks.get(sid)
        before: dict[str, Point] = {}
        if old is None:
            self._order[sid] = self._made = self._made + 1
        else:
            for pid in old.members:
                before[pid] = self.where(pid)
                self.pieces[pid].stack = None
        self.stacks[sid] = StackRecord(None if map_id == "null" else map_id, x, y, deck=deck)
        if deck is not None:
            self._index(sid)
        for token in tokens[first:]:
            if token in self.pieces:
                if token not in before:
                    before[token] = self.where(token)
                self._join(token, sid)
        moved = []
        for pid, b in before.items():
            now = self.where(pid)
            if now != b:
                moved.append(Effect("moved", pid, b, now))
        return moved

    def apply(self, c: Command) -> list[Effect]:
        """Execute one command; unknown piece ids are ignored, as VASSAL ignores them."""
        if isinstance(c, AddPiece):
            return self._add(c)
        if isinstance(c, MovePiece):
            return self._move(c)
        if isinstance(c, ChangePiece):
            return self._change(c)
        if isinstance(c, RemovePiece):
            return self._remove(c.id)
        return []

    def _add(self, c: AddPiece) -> list[Effect]:
        if c.id is None:
            return []
        if c.type == "stack":
            return self._set_stack(c.id, c.state)
        if c.type.startswith(DECK_ID):
            return self._set_stack(c.id, c.state, deck_name(c.type))
        if c.id in self.pieces:
            self._remove(c.id)
        b = pieces.basic_state(pieces.traits(c.type, c.state)[-1].state)
        self.pieces[c.id] = PieceRecord(c.id, c.type, c.state, b.map, b.x, b.y)
        return [Effect("added", c.id, None, self.where(c.id), None, c.state)]

    def _move(self, c: MovePiece) -> list[Effect]:
        if c.id in self.stacks:
            s = self.stacks[c.id]
            before = {pid: self.where(pid) for pid in s.members}
            s.map, s.x, s.y = c.new_map, c.new_x, c.new_y
            if c.new_map is None:
                s.x = s.y = 0
            self._index(c.id)
            return [Effect("moved", pid, b, self.where(pid)) for pid, b in before.items()]
        if c.id not in self.pieces:
            return []
        before = self.where(c.id)
        p = self.pieces[c.id]
        self._leave_stack(c.id)
        if c.new_map is None:
            p.map = None
        else:
            p.map, p.x, p.y = c.new_map, c.new_x, c.new_y
            under = self.pieces.get(c.new_under) if c.new_under else None
            target = None
            if under is not None and self.where(under.id) == (c.new_map, c.new_x, c.new_y) and under.stack:
                target = under.stack
            elif under is None:
                target = self.stack_at((c.new_map, c.new_x, c.new_y))
            if target:
                self._join(c.id, target)
        p.moved()
        return [Effect("moved", c.id, before, self.where(c.id))]

    def _change(self, c: ChangePiece) -> list[Effect]:
        if c.id in self.stacks:
            return self._set_stack(c.id, c.new_state, self.stacks[c.id].deck)
        p = self.pieces.get(c.id)
        if p is None:
            return []
        before, old = self.where(c.id), p.state
        new = merged_state(p.type, old, c.new_state, c.old_state)
        b = pieces.basic_state(pieces.traits(p.type, new)[-1].state)
        p.state = new
        effects = [Effect("changed", c.id, before, before, old, new)]
        if (b.map, b.x, b.y) != (p.map, p.x, p.y):
            p.map, p.x, p.y = b.map, b.x, b.y
            if p.stack and b.map != self.stacks[p.stack].map:
                self._leave_stack(c.id)
            if self.where(c.id) != before:
                effects.append(Effect("moved", c.id, before, self.where(c.id)))
        return effects

    def _remove(self, pid: str) -> list[Effect]:
        if pid in self.stacks:
            for member in self.stacks.pop(pid).members:
                self.pieces[member].stack = None
            self._order.pop(pid, None)
            return []
        if pid not in self.pieces:
            return []
        before = self.where(pid)
        self._leave_stack(pid)
        p = self.pieces.pop(pid)
        return [Effect("removed", pid, before, None, p.state, None)]
