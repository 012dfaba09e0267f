"""Unit and marker states as VASSAL Layers, from the game data's ``[[layers]]`` (docs/log-channel.md).

Each layer is always active, starts at its first level and steps through its levels with one key
command (looping), so a level change is a logged ``ChangePiece`` the timeline reads as a
``StepChange`` naming the layer and the two levels (as VASSAL names them: see :func:`vassal_level_names`;
``Channel.level`` reads them back). A ``face = "back"`` layer shows the
counter's back side at its second level when the unit has one; every other level shows a small
badge with the level's name over the counter, each layer at its own height so badges never overlap.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from hexforge.builder.traits import Layer
from hexforge.counters.fonts import font
from hexforge.counters.unit import Unit
from hexforge.games.channel import layer_applies
from hexforge.games.game import Game
from hexforge.games.schema import LayerSpec, Marker
from hexforge.maps.png import png_bytes

BADGE_W, BADGE_H = 60, 10
TOP = -27  # the first badge's offset from the counter's centre (a counter is 64 pixels)
RESERVED_KEYS = frozenset("DEFMV")  # Ctrl+D deletes, E eliminates, F flips a step-loss side, M masks, V steps a value


@dataclass(frozen=True, slots=True)
class LayerKeys:
    """The key (Ctrl+letter) of each layer: a letter of its name, in order, not taken before."""

    keys: dict[str, str]

    @classmethod
    def of(cls, layers: list[LayerSpec]) -> LayerKeys:
        taken, out = set(RESERVED_KEYS), {}
        for lay in layers:
            letters = [c for c in lay.name.upper() if c.isascii() and c.isalpha()]
            spare = [c for c in letters + list("ABCDFGHIJKLMNOPQRSTUWXYZ") if c not in taken]
            key = spare[0] if spare else ""
            taken.add(key)
            out[lay.id] = key
        return cls(out)


Namer = Callable[[str, str], str]  # (kind, key) -> a safe, stable image file name (module.image_name)


def badge(text: str) -> bytes:
    """A level's badge: its name, white on dark, to lie over a counter."""
    img = Image.new("RGBA", (BADGE_W, BADGE_H), (30, 30, 30, 215))
    ImageDraw.Draw(img).text((BADGE_W / 2, BADGE_H / 2), text[:14], fill="#ffffff", font=font(8), anchor="mm")
    return png_bytes(img)


def vassal_level_names(lay: LayerSpec) -> tuple[str, ...]:
    """The levels as the trait names them: the set-up level unnamed (the piece keeps its name), each other
    level a suffix (``+ Disrupted``: VASSAL shows "1-I/16 Disrupted" and names the level " Disrupted")."""
    return ("",) + tuple(f"+ {level}" for level in lay.levels[1:])


def start_level(lay: LayerSpec, unit: Unit) -> int:
    """The index of the unit's set-up level of ``lay``: its first ``start`` entry selecting it, else 0."""
    return next((lay.levels.index(s.level) for s in lay.start if layer_applies(s, unit)), 0)


def _layer(lay: LayerSpec, index: int, keys: LayerKeys, images: tuple[str, ...], level: int = 1) -> Layer:
    key = keys.keys[lay.id]
    return Layer(lay.name, images, key, f"{lay.name}: next ({' / '.join(lay.levels)})", level=level,
                 description=f"{lay.name} ({lay.source})", level_names=vassal_level_names(lay),
                 y_offset=TOP + BADGE_H // 2 + BADGE_H * index)


def _badges(lay: LayerSpec, entries: dict[str, bytes], namer: Namer) -> tuple[str, ...]:
    images = [""]
    for i, level in enumerate(lay.levels[1:], start=1):
        name = namer("layer", f"{lay.id}={i}")
        entries.setdefault(f"images/{name}", badge(level))
        images.append(name)
    return tuple(images)


def unit_layers(game: Game, unit: Unit, back: str | None, entries: dict[str, bytes],
                namer: Namer) -> tuple[list[Layer], bool]:
    """The unit's layers (in data order) and whether one of them shows its back side ``back``."""
    keys = LayerKeys.of(list(game.info.layers))
    out, shows_back = [], False
    for i, lay in enumerate(game.info.layers):
        if not layer_applies(lay, unit):
            continue
        images = _badges(lay, entries, namer)
        if lay.face == "back" and back is not None and len(lay.levels) == 2:
            images, shows_back = ("", back), True
            out.append(Layer(lay.name, images, keys.keys[lay.id], f"{lay.name}: flip",
                             description=f"{lay.name}: the back side ({lay.source})",
                             level_names=vassal_level_names(lay)))
            continue
        out.append(_layer(lay, i, keys, images, start_level(lay, unit) + 1))
    return out, shows_back


def marker_layers(game: Game, marker: Marker, entries: dict[str, bytes], namer: Namer,
                  face: Callable[[str], bytes]) -> list[Layer]:
    """A marker's layers: each level its own face (``face(level name)``: the marker drawn with it)."""
    keys = LayerKeys.of(list(game.info.layers))
    out = []
    for lay in game.info.layers:
        if marker.id not in lay.markers:
            continue
        images = []
        for i, level in enumerate(lay.levels):
            name = namer("marker", f"{marker.id}:{lay.id}={i}")
            entries[f"images/{name}"] = face(level)
            images.append(name)
        out.append(Layer(lay.name, tuple(images), keys.keys[lay.id], f"{lay.name}: next ({' / '.join(lay.levels)})",
                         description=f"{lay.name} ({lay.source})", level_names=vassal_level_names(lay)))
    return out
