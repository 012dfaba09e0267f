"""Questions about an encoded piece (its markers, layers, prototypes, name, position), answered
with the one trait model of :mod:`hexforge.builder.traits`.

The older names of this module (``Trait``, ``BasicState``, ``traits``, ``join``, ``basic_type``,
``marker_type``, ``layer_type``, ``encode_basic_state``) are kept as thin aliases while their
callers move to the model.
"""
from __future__ import annotations

from dataclasses import dataclass

from hexforge.builder.traits import BasicPiece, Layer, Link, Marker, UsePrototype, join, nest, read_piece, split

BASIC = BasicPiece.ID


def markers(type_: str, state: str) -> dict[str, str]:
    """Marker trait values, outermost trait first (an outer Marker hides an inner one's key)."""
    out: dict[str, str] = {}
    for t in read_piece(type_, state):
        if isinstance(t, Marker):
            for k, v in t.properties:
                out.setdefault(k, v)
    return out


def layers(type_: str, state: str) -> list[Layer]:
    """Every Layer trait, with its level read from ``state``."""
    return [t for t in read_piece(type_, state) if isinstance(t, Layer)]


def prototypes(type_: str) -> list[str]:
    """Names of the prototypes a type uses, outermost first."""
    return [t.name for t in read_piece(type_) if isinstance(t, UsePrototype)]


def basic_name(type_: str) -> str:
    """The BasicPiece name, ``""`` when the type has no BasicPiece."""
    inner = read_piece(type_)[-1]
    return inner.name if isinstance(inner, BasicPiece) else ""


def basic_state(state: str) -> BasicPiece:
    """A BasicPiece state read as ``BasicPiece.setState`` does (bad numbers read as 0); the type
    fields are empty. ``.map`` is ``None`` off any map."""
    return BasicPiece("", "").with_state(state)


@dataclass(frozen=True, slots=True)
class PieceState:
    """A piece's state read once: its decorators' own states as written, outermost first, and its
    BasicPiece state. A move changes only the BasicPiece, so :meth:`at` is cheap; the string is
    made on demand (:meth:`encode`)."""

    outer: tuple[str, ...]
    basic: BasicPiece

    @classmethod
    def read(cls, type_: str, state: str) -> PieceState:
        links = split(type_, state)
        return cls(tuple(x.state for x in links[:-1]), basic_state(links[-1].state))

    def at(self, map_id: str | None, x: int, y: int) -> PieceState:
        """The same piece with its BasicPiece at (map, x, y); ``None`` is off any map."""
        b = self.basic
        return PieceState(self.outer, BasicPiece("", "", map_id or "null", x, y, b.gpid, b.props))

    def encode(self) -> str:
        return nest([*self.outer, self.basic.state()])


def piece_state_at(type_: str, state: str, map_id: str | None, x: int, y: int) -> str:
    """The same state with the BasicPiece moved to (map, x, y); the other traits' states as they were."""
    return PieceState.read(type_, state).at(map_id, x, y).encode()


# -- the older names, kept during the move to the model ------------------------------------------

Trait = Link


def traits(type_: str, state: str) -> list[Link]:
    """The encoded links of a piece, outermost first (use :func:`traits.read_piece` for read traits)."""
    return list(split(type_, state))


def BasicState(map: str | None, x: int, y: int, gpid: str, props: tuple[tuple[str, str], ...] = ()) -> BasicPiece:  # noqa: N802
    """A BasicPiece state (the older name): a :class:`BasicPiece` with empty type fields."""
    return BasicPiece("", "", map or "null", x, y, gpid, props)


def encode_basic_state(b: BasicPiece) -> str:
    return b.state()


def basic_type(image: str, name: str) -> str:
    return BasicPiece(image, name).type()


def marker_type(keys: list[str]) -> str:
    return Marker(tuple((k, "") for k in keys)).type()


def layer_type(name: str, images: list[str], level_names: list[str], description: str = "") -> str:
    """An always-active Layer stepping through ``images`` with no keystroke or menu command."""
    return Layer(name, tuple(images), "", "", description=description, level_names=tuple(level_names),
                 activate_modifiers=0, up_modifiers=0, down_modifiers=0).type()


__all__ = ["BASIC", "BasicState", "PieceState", "Trait", "basic_name", "basic_state", "basic_type", "encode_basic_state", "join",
           "layer_type", "layers", "marker_type", "markers", "piece_state_at", "prototypes", "traits"]
