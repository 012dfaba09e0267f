"""VASSAL's piece traits, one model for writing and reading: each trait is a dataclass that writes
its own type and state (``type()``, ``state()``, VASSAL's ``myGetType``/``myGetState``) and reads
them back (``from_type()``, ``with_state()``, as ``mySetType``/``mySetState`` do, defaults and
quirks included). The chain codec below nests them, outermost trait first, as VASSAL does.

A keystroke field holds the keystroke as VASSAL writes it (``NamedHotKeyConfigurer.encode``:
``keycode,modifiers[,name]``, or empty for none); a single character is VASSAL's own shorthand
for Ctrl+that key and is stored in the written form, so ``Layer(..., key="F")`` writes ``70,130``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import ClassVar, Self

from hexforge.builder import components
from hexforge.builder.commands import MAX_TRAITS, AddPiece, encode_command
from hexforge.builder.components import Component
from hexforge.builder.sequence import Decoder, decode, encode
from hexforge.builder.tokens import CTRL, Fields, Trait, body, keystroke, stroke, written
from hexforge.builder.trait_actions import Delete, Mask, ReturnToDeck, SendToLocation

__all__ = ["CTRL", "BasicPiece", "Delete", "Layer", "Link", "Marker", "Mask", "OtherTrait", "ReturnToDeck",
           "SendToLocation", "TooManyTraits", "Trait", "UsePrototype", "add_piece_command", "join", "keystroke",
           "nest", "piece_slot", "piece_state", "piece_type", "prototype", "read_piece", "read_trait", "split"]


# -- the innermost piece ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BasicPiece:
    """``piece;cloneKey;deleteKey;image;name``; state ``map;x;y;gpid;count;k1;v1;...`` (BasicPiece.java)."""

    ID: ClassVar[str] = "piece;"
    image: str
    name: str
    map_id: str = "null"
    x: int = 0
    y: int = 0
    gpid: str = ""
    props: tuple[tuple[str, str], ...] = ()
    clone_key: str = ""
    delete_key: str = ""

    MAX_PROPS: ClassVar[int] = 10_000  # persistent properties read from one state; real pieces have a few

    @property
    def map(self) -> str | None:
        """The map id, ``None`` off any map (written ``null``)."""
        return None if self.map_id == "null" else self.map_id

    def type(self) -> str:
        return self.ID + (encode([self.clone_key, self.delete_key, self.image, self.name], ";") or "")

    def state(self) -> str:
        tokens: list[str | int] = [self.map_id, self.x, self.y, self.gpid, len(self.props)]
        for k, v in self.props:
            tokens += [k, v]
        return encode(tokens, ";") or ""

    @classmethod
    def from_type(cls, type_: str) -> Self:
        f = Fields(type_)
        f.token()  # "piece"
        clone, delete = f.token()[:1], f.token()[:1]
        return cls(f.token(), f.token(), clone_key=clone, delete_key=delete)

    def with_state(self, state: str) -> Self:
        """``setState``: bad numbers read as 0; properties stop where the tokens do."""
        f = Fields(state)
        map_id = f.token("null")
        x, y = f.int(0), f.int(0)
        gpid = f.token("")
        count = f.int(0)
        props = []
        for _ in range(min(count, self.MAX_PROPS)):
            key = f.optional()
            if key is None:
                break
            props.append((key, f.token("")))
        return type(self)(self.image, self.name, map_id, x, y, gpid, tuple(props), self.clone_key, self.delete_key)


# -- decorators ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Marker:
    """``mark;k1,k2`` with values ``v1,v2``: fixed properties such as side and unit id (Marker.java)."""

    ID: ClassVar[str] = "mark;"
    properties: tuple[tuple[str, str], ...]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.properties)

    def type(self) -> str:
        return self.ID + (encode(self.keys, ",") or "")

    def state(self) -> str:
        return encode([v for _, v in self.properties], ",") or ""

    @classmethod
    def from_type(cls, type_: str) -> Self:
        return cls(tuple((k, "") for k in decode(body(type_, cls.ID), ",")))

    def with_state(self, state: str) -> Self:
        """Values in key order; missing ones stay empty, extra ones are ignored."""
        values = decode(state, ",")
        return replace(self, properties=tuple((k, values[i] if i < len(values) else "")
                                              for i, (k, _) in enumerate(self.properties)))


@dataclass(frozen=True, slots=True)
class UsePrototype:
    """``prototype;name[;k=v,...]``: the traits of a named prototype (UsePrototype.java); no state."""

    ID: ClassVar[str] = "prototype;"
    name: str
    parameters: tuple[tuple[str, str], ...] = ()

    def type(self) -> str:
        if not self.parameters:
            return self.ID + (encode([self.name], ";") or "")
        params = encode([encode([k, v], "=") for k, v in self.parameters], ",")
        return self.ID + (encode([self.name, params], ";") or "")

    def state(self) -> str:
        return ""

    @classmethod
    def from_type(cls, type_: str) -> Self:
        f = Fields(body(type_, cls.ID))
        name, params = f.token(""), f.optional()
        pairs = []
        for item in decode(params, ",") if params else []:
            kv = decode(item, "=")
            if len(kv) > 1:
                pairs.append((kv[0], kv[1]))
        return cls(name, tuple(pairs))

    def with_state(self, state: str) -> Self:
        return self


@dataclass(frozen=True, slots=True)
class Layer:
    """``emb2``: a Layer (Embellishment.java) of images, one shown at a time.

    The first fields are the ones the builder sets; the rest carry VASSAL's defaults in its type
    order. ``key`` is the "increase level" keystroke and ``menu_text`` its menu command; the state
    ``level`` is the 1-based level shown (<= 0: not active). ``only_property_*`` are the two last
    fields that VASSAL 3.7 writes and older writers (and ours) omit: ``None`` when absent.
    """

    ID: ClassVar[str] = "emb2;"
    name: str
    images: tuple[str, ...]
    key: str
    menu_text: str
    level: int = 1
    description: str = ""
    level_names: tuple[str, ...] | None = None  # None: one empty name per image
    activate_command: str = ""
    activate_modifiers: int = CTRL
    activate_key: str = ""
    up_modifiers: int = CTRL
    up_key: str = ""
    down_command: str = ""
    down_modifiers: int = CTRL
    down_key: str = ""
    reset_command: str = ""
    reset_key: str = ""
    reset_level: str = "1"
    draw_underneath: bool = False
    x_offset: int = 0
    y_offset: int = 0
    loop: bool = True
    random_key: str = ""
    random_text: str = ""
    follow_property: bool = False
    property_name: str = ""
    first_level_value: int = 1
    version: int = 1
    always_active: bool = True
    activate_keystroke: str = ""
    decrease_keystroke: str = ""
    scale: str = "1.0"
    only_property_name: str | None = None
    only_property_state: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", stroke(self.key))
        if self.level_names is None:
            object.__setattr__(self, "level_names", ("",) * len(self.images))

    @property
    def levels(self) -> tuple[str, ...]:
        """The level names (VASSAL's ``commonName``)."""
        return self.level_names or ()

    @property
    def active_name(self) -> str:
        """The name of the level shown, ``""`` when none is or it has no name."""
        if self.level <= 0 or self.level > len(self.levels):
            return ""
        return self.levels[self.level - 1]

    def type(self) -> str:
        tokens: list[str | int | bool | None] = [
            self.activate_command, self.activate_modifiers, self.activate_key, self.menu_text,
            self.up_modifiers, self.up_key, self.down_command, self.down_modifiers, self.down_key,
            self.reset_command, self.reset_key, self.reset_level, self.draw_underneath, self.x_offset,
            self.y_offset, encode(self.images, ","), encode(self.levels, ","), self.loop, self.name,
            self.random_key, self.random_text, self.follow_property, self.property_name,
            self.first_level_value, self.version, self.always_active, self.activate_keystroke, self.key,
            self.decrease_keystroke, self.description, self.scale]
        return self.ID + (encode(written(tokens, (self.only_property_name, self.only_property_state)), ";") or "")

    def state(self) -> str:
        return str(self.level)

    @classmethod
    def from_type(cls, type_: str) -> Self:
        f = Fields(body(type_, cls.ID))
        head = dict(activate_command=f.token(), activate_modifiers=f.int(CTRL), activate_key=f.token("A"),
                    menu_text=f.token(), up_modifiers=f.int(CTRL), up_key=f.token(), down_command=f.token(),
                    down_modifiers=f.int(CTRL), down_key=f.token(), reset_command=f.token(),
                    reset_key=f.stroke(), reset_level=f.token("1"), draw_underneath=f.bool(False),
                    x_offset=f.int(0), y_offset=f.int(0))
        images = f.array(1)
        names = f.array(len(images))
        layer = cls(images=images, level_names=names, **head, loop=f.bool(True), name=f.token(),
                    random_key=f.stroke(), random_text=f.token(), follow_property=f.bool(False),
                    property_name=f.token(), first_level_value=f.int(1), version=f.int(0),
                    always_active=f.bool(True), activate_keystroke=f.stroke(), key=f.stroke(),
                    decrease_keystroke=f.stroke(), description=f.token(), scale=f.token("1.0"),
                    only_property_name=f.optional(), only_property_state=f.optional())
        return replace(layer, level=-1 if layer.can_be_activated else 1)

    @property
    def can_be_activated(self) -> bool:
        """``canBeActivated``: an old (version 0) layer by its activate key, a newer one unless always active."""
        return bool(self.activate_key) if self.version == 0 else not self.always_active

    def with_state(self, state: str) -> Self:
        """``mySetState``: the level, -1 when unreadable, kept within the number of images."""
        n = len(self.images)
        return replace(self, level=min(max(-n, Fields(state).int(-1)), n))


@dataclass(frozen=True, slots=True)
class OtherTrait:
    """A trait this model does not read (``immob;``, ``label;``...): its type and state kept as written."""

    type_text: str
    state_text: str = ""

    def type(self) -> str:
        return self.type_text

    def state(self) -> str:
        return self.state_text

    @classmethod
    def from_type(cls, type_: str) -> Self:
        return cls(type_)

    def with_state(self, state: str) -> Self:
        return replace(self, state_text=state)


DECORATORS: dict[str, type] = {c.ID: c for c in (Marker, UsePrototype, Layer, Mask, Delete, SendToLocation,
                                                   ReturnToDeck)}


def kind_of(type_: str) -> str:
    """VASSAL's ``typePrefix``: the type up to and including its first ``;`` (the whole type if none)."""
    i = type_.find(";")
    return type_[:i + 1] if i >= 0 else type_


def read_trait(type_: str, state: str) -> Trait:
    """One trait from its own type and state strings, picked by its id as ``createPiece`` does."""
    kind = kind_of(type_)
    cls = BasicPiece if kind == BasicPiece.ID else DECORATORS.get(kind, OtherTrait)
    return cls.from_type(type_).with_state(state)


# -- the chain: outermost decorator first, the BasicPiece last -----------------------------------

@dataclass(frozen=True, slots=True)
class Link:
    """One level of an encoded piece: that trait's own type and state strings, not yet read."""

    type: str
    state: str

    @property
    def kind(self) -> str:
        """The trait id before the first ``;`` (``mark``, ``prototype``, ``emb2``, ``piece``...)."""
        return self.type.split(";", 1)[0]

    def read(self) -> Trait:
        return read_trait(self.type, self.state)


def nest(parts: list[str]) -> str:
    """Decorator nesting (``Decorator.getType``/``getState``): ``SequenceEncoder(mine, TAB).append(inner)``
    from the innermost part outwards, so each level escapes the inner TABs once more."""
    acc = parts[-1]
    for own in reversed(parts[:-1]):
        acc = encode([own, acc], "\t") or ""
    return acc


class TooManyTraits(ValueError):
    """A piece type nested deeper than any real module's (reading it would cost time cubic in the depth)."""


def check_depth(type_: str) -> None:
    """Refuse a type of more than ``MAX_TRAITS`` nested traits before unwinding it (each level adds
    one TAB, and unwinding a level re-reads all inner text); the message names the piece."""
    tabs = type_.count("\t")
    if tabs > MAX_TRAITS:
        raise TooManyTraits(f"piece {_piece_name(type_)}: {tabs:,} TAB-nested traits; at most {MAX_TRAITS:,} "
                            f"are read (a piece of a real module has a few dozen)")


def _piece_name(type_: str) -> str:
    """The name in the innermost BasicPiece (its text is at the end, never escaped), else the type's start."""
    at = type_.rfind(BasicPiece.ID)
    name = type_[at:].rsplit(";", 1)[-1].strip("'\\") if at >= 0 else ""
    return repr(name[:60]) if name else f"of type {type_[:40]!r}..."


@lru_cache(maxsize=8192)
def own_types(type_: str) -> tuple[str, ...]:
    """Each trait's own type, outermost first (``createPiece`` unwound one TAB token at a time);
    the chain ends at the BasicPiece (``piece;``) or at the last type token.

    Raises :class:`TooManyTraits` (before any work) for more than ``MAX_TRAITS`` nested traits."""
    check_depth(type_)
    out: list[str] = []
    t = type_
    while True:
        td = Decoder(t, "\t")
        mine = td.next_token() if td.has_more() else ""
        out.append(mine)
        if mine.startswith(BasicPiece.ID) or not td.has_more():
            return tuple(out)
        t = td.next_token()


def own_states(types: tuple[str, ...], state: str) -> list[str]:
    """Each trait's own state (``Decorator.setState``: mine, then the rest to the inner piece)."""
    out: list[str] = []
    s = state
    for _ in types[:-1]:
        sd = Decoder(s, "\t")
        out.append(sd.next_token() if sd.has_more() else "")
        s = sd.next_token() if sd.has_more() else ""
    if types[-1].startswith(BasicPiece.ID):
        out.append(s)
    else:
        sd = Decoder(s, "\t")
        out.append(sd.next_token() if sd.has_more() else "")
    return out


@lru_cache(maxsize=8192)
def split(type_: str, state: str) -> tuple[Link, ...]:
    """The links of a piece, outermost first; the type is read once per type, the state each time."""
    types = own_types(type_)
    return tuple(Link(t, s) for t, s in zip(types, own_states(types, state)))


def join(links: list[Link]) -> tuple[str, str]:
    """(type, state) of a chain of links, outermost first."""
    return nest([x.type for x in links]), nest([x.state for x in links])


@lru_cache(maxsize=8192)
def _read(type_: str, state: str) -> tuple[Trait, ...]:
    return tuple(x.read() for x in split(type_, state))


def read_piece(type_: str, state: str = "") -> list[Trait]:
    """Every trait of a piece, read (outermost first; a BasicPiece last when the piece has one)."""
    return list(_read(type_, state))


def piece_type(traits: list[Trait]) -> str:
    """The nested type string of a piece (traits outermost first, BasicPiece last)."""
    return nest([t.type() for t in traits])


def piece_state(traits: list[Trait]) -> str:
    return nest([t.state() for t in traits])


# -- pieces in a module ---------------------------------------------------------------------------

def add_piece_command(piece_id: str, traits: list[Trait]) -> str:
    """``+/id/type/state`` for a piece made of these traits."""
    return encode_command(AddPiece(piece_id, piece_type(traits), piece_state(traits)))


def piece_slot(entry_name: str, gpid: str, traits: list[Trait], size: int = 64, card: bool = False) -> Component:
    """A palette entry (or, with ``card``, a deck's card) holding a piece made of these traits."""
    slot = components.piece_slot(entry_name, gpid, piece_type(traits), piece_state(traits), size, size)
    if card:
        slot.tag = "VASSAL.build.widget.CardSlot"
    return slot


def prototype(name: str, traits: list[Trait], description: str = "") -> Component:
    """A prototype definition: traits shared by many pieces (ends with an empty BasicPiece)."""
    full = [*traits, BasicPiece("", "")]
    return components.prototype(name, piece_type(full), piece_state(full), description)


