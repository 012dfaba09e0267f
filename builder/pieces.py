"""A piece's type and state strings: the trait chain, the BasicPiece and the traits we read.

A decorator's type is ``SequenceEncoder(myType, TAB).append(inner type)`` (states likewise),
so the chain unwinds one TAB-token at a time, outermost trait first, the BasicPiece last.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from hexforge.builder import sequence

BASIC = "piece;"


@dataclass(frozen=True, slots=True)
class Trait:
    """One trait: its type string (``kind;...``) and state string."""

    type: str
    state: str

    @property
    def kind(self) -> str:
        """The trait id before the first ``;`` (``mark``, ``prototype``, ``emb2``, ``piece``...)."""
        return self.type.split(";", 1)[0]


@dataclass(frozen=True, slots=True)
class BasicState:
    """The BasicPiece state: map id, map pixel, GPID, persistent properties."""

    map: str | None
    x: int
    y: int
    gpid: str
    props: tuple[tuple[str, str], ...] = ()


def traits(type_: str, state: str) -> list[Trait]:
    """The trait chain, outermost first; the last one is the BasicPiece (if the type has one)."""
    return list(_traits(type_, state))


@lru_cache(maxsize=8192)
def _traits(type_: str, state: str) -> tuple[Trait, ...]:
    out: list[Trait] = []
    t, s = type_, state
    while True:
        td, sd = sequence.Decoder(t, "\t"), sequence.Decoder(s, "\t")
        my_t = td.next_token() if td.has_more() else ""
        my_s = sd.next_token() if sd.has_more() else ""
        if my_t.startswith(BASIC) or not td.has_more():
            out.append(Trait(my_t, s if my_t.startswith(BASIC) else my_s))
            return tuple(out)
        out.append(Trait(my_t, my_s))
        t = td.next_token()
        s = sd.next_token() if sd.has_more() else ""


def basic_name(type_: str) -> str:
    """The BasicPiece name (``piece;clone;delete;image;name``)."""
    basic = traits(type_, "")[-1].type
    if not basic.startswith(BASIC):
        return ""
    fields = sequence.decode(basic[len(BASIC):], ";")
    return fields[3] if len(fields) > 3 else ""


def _java_int(text: str) -> int:
    try:
        v = int(text) if text.lstrip("+-").isascii() and text.lstrip("+-").isdigit() else 0
    except ValueError:
        v = 0
    return v if -2 ** 31 <= v < 2 ** 31 else 0


def basic_state(state: str) -> BasicState:
    """Parse a BasicPiece state as ``BasicPiece.setState`` does (bad numbers read as 0)."""
    d = sequence.Decoder(state, ";")
    map_id = d.next_token() if d.has_more() else "null"
    x = _java_int(d.next_token()) if d.has_more() else 0
    y = _java_int(d.next_token()) if d.has_more() else 0
    gpid = d.next_token() if d.has_more() else ""
    count = _java_int(d.next_token()) if d.has_more() else 0
    props = []
    for _ in range(min(count, 10_000)):
        if not d.has_more():
            break
        key = d.next_token()
        props.append((key, d.next_token() if d.has_more() else ""))
    return BasicState(None if map_id == "null" else map_id, x, y, gpid, tuple(props))


def encode_basic_state(b: BasicState) -> str:
    tokens: list[str | int] = [b.map or "null", b.x, b.y, b.gpid, len(b.props)]
    for k, v in b.props:
        tokens += [k, v]
    return sequence.encode(tokens, ";") or ""


def join(chain: list[Trait]) -> tuple[str, str]:
    """(type, state) of a trait chain, outermost first, nested as VASSAL nests it."""
    t, s = chain[-1].type, chain[-1].state
    for tr in reversed(chain[:-1]):
        t = sequence.encode([tr.type, t], "\t") or ""
        s = sequence.encode([tr.state, s], "\t") or ""
    return t, s


def piece_state_at(type_: str, state: str, map_id: str | None, x: int, y: int) -> str:
    """The same state with the BasicPiece moved to (map, x, y)."""
    chain = traits(type_, state)
    b = basic_state(chain[-1].state)
    chain[-1] = Trait(chain[-1].type, encode_basic_state(BasicState(map_id, x, y, b.gpid, b.props)))
    return join(chain)[1]


def markers(type_: str, state: str) -> dict[str, str]:
    """Marker trait values (``mark;k1,k2`` with state ``v1,v2``), outermost trait wins."""
    out: dict[str, str] = {}
    for tr in traits(type_, state):
        if tr.kind == "mark":
            keys = sequence.decode(tr.type[len("mark;"):], ",")
            values = sequence.decode(tr.state, ",") if tr.state else []
            for i, k in enumerate(keys):
                out.setdefault(k, values[i] if i < len(values) else "")
    return out


def prototypes(type_: str) -> list[str]:
    """Names of the prototypes a type uses (``prototype;Name``)."""
    return [tr.type[len("prototype;"):] for tr in traits(type_, "") if tr.kind == "prototype"]


@dataclass(frozen=True, slots=True)
class Layer:
    """A Layer (``emb2``) trait: its name, level names and current level (1-based, <= 0 when off)."""

    name: str
    levels: tuple[str, ...]
    level: int

    @property
    def active_name(self) -> str:
        if self.level <= 0 or self.level > len(self.levels):
            return ""
        return self.levels[self.level - 1]


def layers(type_: str, state: str) -> list[Layer]:
    """Every Layer trait with its state (``Embellishment`` type fields 16/17/19)."""
    out = []
    for tr in traits(type_, state):
        if tr.kind != "emb2":
            continue
        f = sequence.decode(tr.type[len("emb2;"):], ";")
        names = tuple(sequence.decode(f[16], ",")) if len(f) > 16 and f[16] else ()
        level = _java_int(sequence.decode(tr.state, ";")[0]) if tr.state else -1
        out.append(Layer(f[18] if len(f) > 18 else "", names, level))
    return out


def basic_type(image: str, name: str) -> str:
    """A BasicPiece type: ``piece;clone;delete;image;name``."""
    return BASIC + (sequence.encode(["", "", image, name], ";") or "")


def marker_type(keys: list[str]) -> str:
    return "mark;" + (sequence.encode(keys, ",") or "")


def layer_type(name: str, images: list[str], level_names: list[str], description: str = "") -> str:
    """A Layer (``emb2``) trait type that is always active and steps through ``images``."""
    fields: list[str | int] = ["", 0, "", "", 0, "", "", 0, "", "", "", "1", "false", 0, 0,
                               sequence.encode(images, ",") or "", sequence.encode(level_names, ",") or "",
                               "true", name, "", "", "false", "", 1, 1, "true", "", "", "", description, "1.0"]
    return "emb2;" + (sequence.encode(fields, ";") or "")
