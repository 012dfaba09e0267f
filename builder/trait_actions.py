"""Traits that are menu actions on a piece: mask it, delete it, send it somewhere, return it to a
deck (``Obscurable``, ``Delete``, ``SendToLocation``, ``ReturnToDeck``), each as VASSAL writes
and reads it; see :mod:`hexforge.builder.traits`."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Self

from hexforge.builder.sequence import encode
from hexforge.builder.tokens import Fields, body, stroke, written


@dataclass(frozen=True, slots=True)
class Mask:
    """``obs``: the piece can be hidden from the other players (Obscurable.java), shown to them as
    ``image``; a face-down deck masks the cards it deals with this trait. State: who masked it."""

    ID: ClassVar[str] = "obs;"
    image: str
    key: str = "M"
    menu_text: str = "Mask"
    description: str = ""
    display: str = "I"  # display style and its argument: I inset, B background, P peek, G image
    mask_name: str = "?"
    access: str = "player:"
    peek_command: str = "Peek"
    auto_peek: bool = True
    deal_key: str | None = None
    deal_expression: str | None = None
    obscured_by: str | None = None
    options: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", stroke(self.key))

    def type(self) -> str:
        tokens: list[str | int | bool | None] = [self.key, self.image, self.menu_text, self.display, self.mask_name,
                                                 self.access, self.peek_command, self.description, self.auto_peek]
        return self.ID + (encode(written(tokens, (self.deal_key, self.deal_expression)), ";") or "")

    def state(self) -> str:
        by = self.obscured_by
        return encode(["null" if by is None else by, "" if by is None else self.options], ";") or ""

    @classmethod
    def from_type(cls, type_: str) -> Self:
        f = Fields(type_)
        f.token()  # "obs"
        key, image, menu = f.stroke(), f.token(), f.token("Mask")
        display = f.optional()
        head = dict(display=display or "I", mask_name=f.token("?"), access=f.token("player:"),
                    peek_command=f.token("Peek"), description=f.token(), auto_peek=f.bool(display is None))
        deal_key = f.optional()
        return cls(image, key, menu, **head, deal_key=deal_key,
                   deal_expression=f.optional() if deal_key is not None else None)

    def with_state(self, state: str) -> Self:
        f = Fields(state)
        by = f.token("null")
        return replace(self, obscured_by=None if by == "null" else by, options=f.token("") if by != "null" else "")


@dataclass(frozen=True, slots=True)
class Delete:
    """``delete;command;key;description`` (Delete.java): a menu command that deletes the piece."""

    ID: ClassVar[str] = "delete;"
    command: str = "Delete"
    key: str = "D"
    description: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", stroke(self.key))

    def type(self) -> str:
        return self.ID + (encode([self.command, self.key, self.description], ";") or "")

    def state(self) -> str:
        return ""

    @classmethod
    def from_type(cls, type_: str) -> Self:
        f = Fields(body(type_, cls.ID))
        return cls(f.token(), f.stroke(stroke("D")), f.token())

    def with_state(self, state: str) -> Self:
        return self


@dataclass(frozen=True, slots=True)
class SendToLocation:
    """``sendto;...`` (SendToLocation.java): send the piece to a map/board/zone/region/grid location.

    The fields are VASSAL's expressions as written; the state is where "back" returns to."""

    ID: ClassVar[str] = "sendto;"
    command: str = ""
    key: str = ""
    map_id: str = ""
    board: str = ""
    x: str = "0"
    y: str = "0"
    back_command: str = ""
    back_key: str = ""
    x_index: str = "0"
    y_index: str = "0"
    x_offset: str = "1"
    y_offset: str = "1"
    description: str = ""
    destination: str = "L"  # L location, Z zone, R region, G grid location, A another counter
    zone: str = ""
    region: str = ""
    property_filter: str = ""
    grid_location: str = ""
    back_map: str = ""
    back_x: str = ""
    back_y: str = ""

    def type(self) -> str:
        return self.ID + (encode([self.command, self.key, self.map_id, self.board, self.x, self.y,
                                  self.back_command, self.back_key, self.x_index, self.y_index, self.x_offset,
                                  self.y_offset, self.description, self.destination, self.zone, self.region,
                                  self.property_filter, self.grid_location], ";") or "")

    def state(self) -> str:
        return encode([self.back_map, self.back_x, self.back_y], ";") or ""

    @classmethod
    def from_type(cls, type_: str) -> Self:
        f = Fields(body(type_, cls.ID))
        return cls(f.token(), f.stroke(), f.token(), f.token(), f.token("0"), f.token("0"), f.token(),
                   f.stroke(), f.token("0"), f.token("0"), f.token("1"), f.token("1"), f.token(),
                   f.token("L") or "L", f.token(), f.token(), f.token(), f.token())

    def with_state(self, state: str) -> Self:
        f = Fields(state)
        return replace(self, back_map=f.token(), back_x=f.token(), back_y=f.token())


@dataclass(frozen=True, slots=True)
class ReturnToDeck:
    """``return;...`` (ReturnToDeck.java, format version 2): send the piece back to a deck; no state.

    A version-1 type (deck named, no selection flag) reads as VASSAL upgrades it."""

    ID: ClassVar[str] = "return;"
    VERSION: ClassVar[int] = 2
    command: str = ""
    key: str = ""
    deck_id: str = ""
    prompt: str = "Select destination"
    description: str = ""
    select: bool = True
    deck_expression: str = ""

    def type(self) -> str:
        return self.ID + (encode([self.command, self.key, self.deck_id, self.prompt, self.description,
                                  self.VERSION, self.select, self.deck_expression], ";") or "")

    def state(self) -> str:
        return ""

    @classmethod
    def from_type(cls, type_: str) -> Self:
        f = Fields(body(type_, cls.ID))
        command, key, deck = f.token(), f.stroke(), f.token()
        prompt, description = f.token("Select destination"), f.token()
        if f.int(0) < cls.VERSION:
            return cls(command, key, deck, prompt, description, not deck, deck)
        return cls(command, key, deck, prompt, description, f.bool(True), f.token())

    def with_state(self, state: str) -> Self:
        return self
