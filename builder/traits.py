"""Writing game pieces as VASSAL encodes them: traits, nested type/state strings, palette slots.

A piece is a list of traits, outermost first, ending with the :class:`BasicPiece`. VASSAL
encodes each decorator as ``SequenceEncoder(myType, TAB).append(inner.getType())`` (likewise the
state), so every level escapes the inner level's TABs once more; :func:`piece_type` and
:func:`piece_state` do exactly that with :mod:`hexforge.builder.sequence`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.builder import components
from hexforge.builder.commands import AddPiece, encode_command
from hexforge.builder.components import Component
from hexforge.builder.sequence import encode

CTRL = 130  # KeyStroke.getModifiers() for Ctrl: CTRL_MASK | CTRL_DOWN_MASK


class Trait(Protocol):
    def type(self) -> str: ...
    def state(self) -> str: ...


def keystroke(key: str, modifiers: int = CTRL) -> str:
    """``NamedHotKeyConfigurer.encode`` of a plain keystroke: key code, modifiers."""
    return f"{ord(key.upper())},{modifiers}"


@dataclass(frozen=True, slots=True)
class BasicPiece:
    """``piece;cloneKey;deleteKey;image;name`` — the innermost trait; state: map;x;y;gpid;props."""

    image: str
    name: str
    map_id: str = "null"
    x: int = 0
    y: int = 0
    gpid: str = ""

    def type(self) -> str:
        return "piece;" + encode(["", "", self.image, self.name], ";")

    def state(self) -> str:
        return encode([self.map_id, self.x, self.y, self.gpid, 0], ";")


@dataclass(frozen=True, slots=True)
class Marker:
    """``mark;k1,k2`` with values ``v1,v2``: fixed properties such as side and unit id."""

    properties: tuple[tuple[str, str], ...]

    def type(self) -> str:
        return "mark;" + encode([k for k, _ in self.properties], ",")

    def state(self) -> str:
        return encode([v for _, v in self.properties], ",")


@dataclass(frozen=True, slots=True)
class UsePrototype:
    name: str

    def type(self) -> str:
        return "prototype;" + self.name

    def state(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Layer:
    """An always-active layer (``emb2``) cycling through images with one key, e.g. a step-loss flip.

    Level names are left empty so the piece keeps its name (log readers bind by name);
    the state is the 1-based level shown.
    """

    name: str
    images: tuple[str, ...]
    key: str
    menu_text: str
    level: int = 1
    description: str = ""

    def type(self) -> str:
        fields: list[str | int] = [
            "", CTRL, "", self.menu_text, CTRL, "", "", CTRL, "", "", "", "1", "false", 0, 0,
            encode(self.images, ","), encode([""] * len(self.images), ","), "true", self.name,
            "", "", "false", "", 1, 1, "true", "", keystroke(self.key), "", self.description, "1.0",
        ]
        return "emb2;" + encode(fields, ";")

    def state(self) -> str:
        return str(self.level)


@dataclass(frozen=True, slots=True)
class Mask:
    """``obs``: the piece can be hidden from the other players (shown as ``image`` to them);
    a face-down deck masks the cards it deals with this trait."""

    image: str
    key: str = "M"
    menu_text: str = "Mask"
    description: str = ""

    def type(self) -> str:
        return "obs;" + encode([keystroke(self.key), self.image, self.menu_text, "I", "?", "player:", "Peek",
                                self.description, "true"], ";")

    def state(self) -> str:
        return encode(["null", ""], ";")


def piece_type(traits: list[Trait]) -> str:
    """The nested type string of a piece (traits outermost first, BasicPiece last)."""
    acc = traits[-1].type()
    for t in reversed(traits[:-1]):
        acc = encode([t.type(), acc], "\t")
    return acc


def piece_state(traits: list[Trait]) -> str:
    acc = traits[-1].state()
    for t in reversed(traits[:-1]):
        acc = encode([t.state(), acc], "\t")
    return acc


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
