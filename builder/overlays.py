"""Overlays inside VASSAL: a saved game that lays one semi-transparent marker per hex on the main map.

Why a saved game. A board image baked into the module would be frozen at build time, while an
overlay answers a question about one position (this HQ, this unit, this observer). A save is
made per question, needs no module rebuild, and can carry the player's own position (``base``):
loading it shows their pieces with the overlay under them. The markers are pieces whose type
is written into the save (VASSAL decodes piece types from saves, no palette slot needed); only
their images must be in the module, so every hexforge module carries them
(:func:`overlay_images`, one hex-shaped tint per colour of the overlay palette), named by
the module's "Overlay marker" prototype (:func:`overlay_prototype`).

Each marker is "Does not stack" and can never be selected or moved (VASSAL ``Immobilized``,
options ``n``/``Z``/``V``) so it cannot be dragged by mistake or join a unit's stack; its name
says what it means ("reach: 3" ...) and Marker properties carry the overlay, hex and value.
"""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from hexforge.builder.commands import AddPiece, BoardSpec, Node, NullCommand, SetBoards, SetupCommand, encode_stream, \
    parse_stream
from hexforge.builder.components import Component
from hexforge.builder.traits import BasicPiece, Layer, Marker, piece_state, piece_type, prototype
from hexforge.maps.grid import BoardGrid
from hexforge.maps.hexes import Hex
from hexforge.maps.layout import MapLayout
from hexforge.maps.png import png_bytes
from hexforge.maps.overlay import ALPHA, OKABE_ITO, UNKNOWN, UNKNOWN_COLOUR, Overlay

#: image name per colour of the overlay palette (Okabe-Ito) and the unknown hatch.
PALETTE = {c.upper(): f"overlay-{c.lstrip('#').lower()}.png" for c in OKABE_ITO.values()}
UNKNOWN_IMAGE = "overlay-unknown.png"


@dataclass(frozen=True, slots=True)
class Immobilized:
    """``immob;nZ;V``: does not stack, never selected (click or band), never moved."""

    def type(self) -> str:
        return "immob;nZ;V"

    def state(self) -> str:
        return ""


def _hex_image(grid: BoardGrid, fill: tuple[int, int, int, int], hatch: bool) -> bytes:
    h = Hex(0, 0)
    cx, cy = grid.centre(h)
    pts = [(x - cx, y - cy) for x, y in grid.corners(h)]
    w = int(2 * max(abs(x) for x, _ in pts)) + 2
    ht = int(2 * max(abs(y) for _, y in pts)) + 2
    img = Image.new("RGBA", (w, ht), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    poly = [(x + w / 2, y + ht / 2) for x, y in pts]
    d.polygon(poly, fill=fill)
    if hatch:
        for off in range(-ht, w, 8):
            d.line([(off, ht), (off + ht, 0)], fill=(60, 60, 60, 150), width=2)
        mask = Image.new("L", (w, ht), 0)
        ImageDraw.Draw(mask).polygon(poly, fill=255)
        img.putalpha(ImageChops.darker(img.getchannel("A"), mask))
    return png_bytes(img)


def overlay_images(grid: BoardGrid) -> dict[str, bytes]:
    """Module entries for the overlay markers, sized to the hexes of ``grid``."""
    out = {}
    for colour, name in sorted(PALETTE.items()):
        c = colour.lstrip("#")
        out[f"images/{name}"] = _hex_image(grid, (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), ALPHA), False)
    out[f"images/{UNKNOWN_IMAGE}"] = _hex_image(grid, (*(int(UNKNOWN_COLOUR[i:i + 2], 16) for i in (1, 3, 5)), 80), True)
    return out


OVERLAY_PROTOTYPE = "Overlay marker"


def overlay_prototype(entries: dict[str, bytes], grid: BoardGrid) -> Component:
    """Put the overlay marker images into a module's ``entries`` and return the prototype that
    names them: "Overlay marker", a Layer through every overlay colour (Ctrl-O), for a designer
    who wants hand-placed overlay markers; saves written here carry their own piece types.
    (No Immobilized trait here: this engine re-encodes its type with extra fields.)"""
    images = overlay_images(grid)
    entries.update(images)
    names = tuple(n.removeprefix("images/") for n in images)
    layer = Layer("Overlay", names, "O", "Next overlay colour", description="overlay colour")
    return prototype(OVERLAY_PROTOTYPE, [layer],
                     "semi-transparent hex markers for overlays (hexforge overlay ... -o out.vsav)")


def marker_image(ov: Overlay, category: str) -> str:
    """The image of a category's marker; a colour outside the palette is an error of the overlay."""
    if category == UNKNOWN:
        return UNKNOWN_IMAGE
    colour = ov.legend[category][0].upper()
    if colour not in PALETTE:
        raise ValueError(f"overlay colour {colour} of {category!r} is not in the overlay palette")
    return PALETTE[colour]


def marker_pieces(ov: Overlay, layout: MapLayout, board_of, label_of, map_id: str) -> list[AddPiece]:
    """One AddPiece per overlay hex, at VASSAL's centre pixel for the hex's label on its board
    (``board_of(label)`` names the board, ``label_of(hex)`` the label)."""
    out = []
    for i, (h, cat) in enumerate(sorted(ov.values.items(), key=lambda kv: label_of(kv[0]))):
        label = label_of(h)
        x, y = layout.position(board_of(label), label)
        name = f"{cat}: {ov.text[h]}" if h in ov.text else cat
        traits = [Immobilized(), Marker((("Overlay", ov.title), ("Hex", label), ("Value", cat))),
                  BasicPiece(marker_image(ov, cat), name, map_id, x, y)]
        out.append(AddPiece(f"hf-overlay-{i + 1}", piece_type(traits), piece_state(traits)))
    return out


def overlay_save_text(markers: list[AddPiece], map_id: str, boards: list[BoardSpec], base: str | None = None) -> str:
    """The command text of a save: ``base`` (a player's save) with the markers added before its
    pieces (so they are drawn first), or a new save holding the board layout and the markers."""
    nodes = [Node(m) for m in markers]
    if base is None:
        entries = [Node(SetupCommand(False)), Node(NullCommand()), Node(SetBoards(map_id, tuple(boards))),
                   *nodes, Node(SetupCommand(True))]
        return encode_stream(entries)
    entries = list(parse_stream(base))
    at = next((i for i, e in enumerate(entries) if isinstance(e.command, AddPiece)), len(entries))
    return encode_stream(entries[:at] + nodes + entries[at:])
