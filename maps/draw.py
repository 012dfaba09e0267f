"""Drawing a map board with pillow: terrain, hexsides, roads, labels, places; unsurveyed hatched.

Only what the game data states is drawn. A hex whose terrain is not surveyed is hatched grey,
so nobody mistakes it for clear terrain.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

from hexforge.counters.fonts import fit_block, font, line_height, text_width
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.hexmap import HexMap, SheetBoard
from hexforge.maps.terrain import Terrain

TERRAIN_COLOURS = {
    "clear": "#ece6c8", "open": "#ece6c8", "woods": "#93bf83", "forest": "#6fa35f", "town": "#d0b08a",
    "village": "#d8bf9c", "city": "#b98d63", "industrial": "#a9988a", "marsh": "#a6d2c8", "polder": "#c4e0b0",
    "rough": "#cdb98c", "broken": "#d6c79b", "mountain": "#a88f69", "hill": "#d3bf8e", "orchard": "#b7d39b",
    "water": "#8fbbe0", "pillbox": "#b0a7a0", "fortified": "#b0a7a0", "heath": "#dccfa0",
}
UNSURVEYED_FILL = "#f2f2f2"
HATCH = "#c9c9c9"
GRID = "#6b6b6b"
HEXSIDE_STYLE = {  # feature -> (colour, width)
    "river": ("#2f6fbf", 6), "canal": ("#1f4f9f", 6), "stream": ("#5b9be0", 3), "dike": ("#7a5a2a", 4),
    "anti-tank-ditch": ("#8b0000", 4), "dragons-teeth": ("#404040", 4), "slope": ("#8a6a3a", 3),
    "embankment": ("#7a5a2a", 3),
}
THOROUGHFARE_STYLE = {
    "road": ("#b3412b", 4), "secondary-road": ("#c9774a", 3), "trail": ("#8a6a4a", 2),
    "railroad": ("#202020", 3), "autobahn": ("#d0312d", 6), "raised-road": ("#b3412b", 5),
}


def hexside_style(kind: str) -> tuple[str, str, int]:
    """How a hexside feature is drawn: ("bar" across the side, or "line" along it), colour, width."""
    k = kind.lower()
    if "demolish" in k or "destroyed" in k:
        return "bar", "#d00000", 7
    if "bridge" in k:
        return "bar", "#5a3a1a", 7
    if "ferry" in k:
        return "bar", "#5a3a1a", 3
    for key, (colour, width) in HEXSIDE_STYLE.items():
        if key in k:
            return "line", colour, width
    return "line", "#2f6fbf", 4


def terrain_colour(terrain_id: str) -> str:
    for key, colour in TERRAIN_COLOURS.items():
        if key in terrain_id.lower():
            return colour
    digest = hashlib.sha256(terrain_id.encode()).digest()
    return "#%02x%02x%02x" % (180 + digest[0] % 60, 180 + digest[1] % 60, 160 + digest[2] % 60)


PLACE_SIZES, PLACE_LINES = (12, 11, 10, 9), 4
_font = font  # the name maps.overlay imports


def place_label(name: str, hex_width: float) -> tuple[list[str], int]:
    """A place name wrapped to about three hexes wide, at the largest size that fits four lines."""
    width = 3 * hex_width
    lines, f = fit_block(name, width, PLACE_LINES * line_height(font(PLACE_SIZES[-1])), PLACE_SIZES)
    return lines, f.size


def label_box(lines: list[str], size: int, centre: tuple[float, float],
              image_size: tuple[int, int], margin: int = 3) -> tuple[float, float, float, float]:
    """The label's box centred on ``centre`` and moved inside the image (edges clip no label)."""
    f = font(size)
    w = max(text_width(line, f) for line in lines) + 4  # the white outline
    h = line_height(f) * len(lines) + 4
    x0 = min(max(centre[0] - w / 2, margin), image_size[0] - margin - w)
    y0 = min(max(centre[1] - h / 2, margin), image_size[1] - margin - h)
    return x0, y0, x0 + w, y0 + h


def draw_label(d: ImageDraw.ImageDraw, lines: list[str], size: int, box: tuple[float, float, float, float],
               fill: str = "#000000") -> None:
    f = font(size)
    step = line_height(f)
    for i, line in enumerate(lines):
        d.text(((box[0] + box[2]) / 2, box[1] + 2 + step * (i + 0.5)), line, fill=fill, font=f, anchor="mm",
               stroke_width=2, stroke_fill="#ffffff")


def draw_board(hexmap: HexMap, board: SheetBoard) -> Image.Image:
    """The board image of one sheet."""
    g = board.grid
    img = Image.new("RGB", (g.width, g.height), "#ffffff")
    d = ImageDraw.Draw(img)
    terrain = hexmap.terrain
    label_font = font(10)
    local_of = {m: b for b, m in board.to_map.items()}
    corners_of = {local: g.corners(local) for local in board.to_map}
    for local, h in sorted(board.to_map.items()):
        corners = corners_of[local]
        kinds = terrain.of(h)
        if kinds is None:
            d.polygon(corners, fill=UNSURVEYED_FILL)
            _hatch(d, corners)
        else:
            d.polygon(corners, fill=terrain_colour(_main_terrain(kinds)))
            if len(kinds) > 1:
                cx, cy = g.centre(local)
                lines, f = fit_block(" / ".join(sorted(kinds)), g.grid.dx * 0.9, g.grid.dy * 0.35, (8, 7))
                for i, line in enumerate(lines):
                    d.text((cx, cy + 10 + 8 * i), line, fill="#333333", font=f, anchor="mm")
    for local in sorted(board.to_map):
        d.polygon(corners_of[local], outline=GRID)
    for side, kinds in sorted(terrain.thoroughfares.items()):
        if side.a in local_of and side.b in local_of:
            for kind in sorted(kinds):
                colour, width = THOROUGHFARE_STYLE.get(kind, ("#b3412b", 3))
                d.line([g.centre(local_of[side.a]), g.centre(local_of[side.b])], fill=colour, width=width)
    for side, features in sorted(terrain.hexsides.items(), key=lambda kv: kv[0]):
        if side.a not in local_of or side.b not in local_of:
            continue
        seg = _segment(board, local_of, side)
        for f in sorted(features, key=lambda f: (hexside_style(f.kind)[0] == "bar", f.kind, repr(f))):  # bars on top
            shape, colour, width = hexside_style(f.kind)
            if shape == "bar":
                a, b = g.centre(local_of[side.a]), g.centre(local_of[side.b])
                mx, my = (seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2
                ux, uy = (b[0] - a[0]) * 0.18, (b[1] - a[1]) * 0.18
                d.line([(mx - ux, my - uy), (mx + ux, my + uy)], fill=colour, width=width)
            else:
                d.line(seg, fill=colour, width=width)
    ink = d.draw.draw_ink(ImageColor.getcolor(LABEL_FILL, img.mode))
    for local in sorted(board.to_map):
        cx, cy = g.centre(local)
        stamp_label(d, (cx, cy - g.grid.dy * 0.36), hexmap.label(board.to_map[local]), label_font, ink)
    for place in hexmap.terrain.places:
        if place.kind in ("victory", "objective"):
            for h in sorted(h for h in (place.hexes or ()) if h in local_of):
                cx, cy = g.centre(local_of[h])
                d.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), outline="#c00000", width=3)
    for lines, size, box in place_labels(hexmap, board):
        draw_label(d, lines, size, box)
    return img


LABEL_FILL = "#222222"


@dataclass(frozen=True, slots=True)
class _Glyph:
    """One character drawn once: its coverage mask, the mask's corner from the pen, the advance."""

    mask: Any  # the mask's pixel core, as ``ImageDraw.bitmap`` passes it on
    dx: int
    dy: int
    advance: float


@lru_cache(maxsize=2048)
def _glyph(f: ImageFont.FreeTypeFont, char: str) -> _Glyph:
    x0, y0, x1, y1 = f.getbbox(char, anchor="ls")
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), char, fill=255, font=f, anchor="ls")
    mask.load()
    return _Glyph(mask.im, x0, y0, f.getlength(char))


def stamp_label(d: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, f: ImageFont.FreeTypeFont,
                ink: int) -> None:
    """One line of ``text`` centred on ``centre`` as ``anchor="mm"`` places it (half its advance left,
    the middle of ascender and descender on the centre), in ``ink`` (``d.draw.draw_ink``), stamped
    from masks drawn once per character (what ``ImageDraw.bitmap`` does, without its per-call
    colour parsing): a sheet has thousands of hex labels made of a dozen characters, and drawing
    each label as text was a fifth of a build."""
    glyphs = [_glyph(f, c) for c in text]
    ascent, descent = f.getmetrics()
    pen = round(centre[0] - sum(g.advance for g in glyphs) / 2)
    base = round(centre[1] + (ascent - descent) / 2)
    for g in glyphs:
        d.draw.draw_bitmap((round(pen) + g.dx, base + g.dy), g.mask, ink)
        pen += g.advance


def place_labels(hexmap: HexMap, board: SheetBoard) -> list[tuple[list[str], int, tuple[float, float, float, float]]]:
    """Each named place's label on this board: its lines, font size and box (inside the image),
    below the place's first hex on the board."""
    g = board.grid
    local_of = {m: b for b, m in board.to_map.items()}
    out = []
    for place in hexmap.terrain.places:
        hexes = sorted(h for h in (place.hexes or ()) if h in local_of)
        if hexes:
            cx, cy = g.centre(local_of[hexes[0]])
            lines, size = place_label(place.name, g.grid.dx)
            out.append((lines, size, label_box(lines, size, (cx, cy + g.grid.dy * 0.3), (g.width, g.height))))
    return out


def _main_terrain(kinds: frozenset[str]) -> str:
    order = ("city", "town", "village", "industrial", "forest", "woods", "marsh", "rough", "broken")
    for key in order:
        for k in sorted(kinds):
            if key in k:
                return k
    return sorted(kinds)[0]


def _hatch(d: ImageDraw.ImageDraw, corners: list[tuple[float, float]]) -> None:
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    cx, cy = sum(xs) / 6, sum(ys) / 6
    r = (max(xs) - min(xs)) * 0.25
    for off in (-r, 0, r):
        d.line([(cx + off - r * 0.7, cy + r * 0.7), (cx + off + r * 0.7, cy - r * 0.7)], fill=HATCH, width=1)


def _segment(board: SheetBoard, local_of: dict[Hex, Hex], side: Hexside) -> list[tuple[float, float]]:
    """The hexside's edge on this board: the two corners the hexes share."""
    g = board.grid
    a, b = local_of[side.a], local_of[side.b]
    ca, cb = g.corners(a), g.corners(b)
    shared = [p for p in ca if any(abs(p[0] - q[0]) < 0.5 and abs(p[1] - q[1]) < 0.5 for q in cb)]
    return shared[:2] if len(shared) >= 2 else [g.centre(a), g.centre(b)]


KEY_TEXT_X = 70
UNSURVEYED_TEXT = "unsurveyed: terrain not given by the rulebook (bring your own map)"
VICTORY_TEXT = "victory or objective hex"


def draw_key(terrain: Terrain) -> Image.Image:
    """The map key: what each colour, hatch and line on the drawn board means."""
    hex_types = sorted((t for t in terrain.types.values() if t.kind == "hex"), key=lambda t: t.id)
    side_types = sorted((t for t in terrain.types.values() if t.kind != "hex"), key=lambda t: t.id)
    texts = [UNSURVEYED_TEXT, VICTORY_TEXT, *(f"{t.name} ({t.id})" for t in hex_types),
             *(f"{t.name} ({t.kind})" for t in side_types)]
    f = font(13)
    rows = 2 + len(hex_types) + len(side_types) + 1
    img = Image.new("RGB", (KEY_TEXT_X + int(max(text_width(t, f) for t in texts)) + 20, 34 * rows + 20), "#ffffff")
    d = ImageDraw.Draw(img)
    d.text((10, 10), "Map key", fill="#000000", font=font(16))
    y = 44

    def swatch(draw_fn, text: str) -> None:
        nonlocal y
        draw_fn(y)
        d.text((KEY_TEXT_X, y + 12), text, fill="#000000", font=f, anchor="lm")
        y += 34

    def hatched(y0: int) -> None:
        d.rectangle((10, y0, 50, y0 + 24), fill=UNSURVEYED_FILL, outline=GRID)
        _hatch(d, [(10, y0), (50, y0), (50, y0 + 24), (10, y0 + 24), (10, y0), (50, y0)])

    swatch(hatched, UNSURVEYED_TEXT)
    for t in hex_types:
        swatch(lambda y0, t=t: d.rectangle((10, y0, 50, y0 + 24), fill=terrain_colour(t.id), outline=GRID),
               f"{t.name} ({t.id})")
    for t in side_types:
        if t.kind == "thoroughfare":
            shape, (colour, width) = "line", THOROUGHFARE_STYLE.get(t.id, ("#b3412b", 3))
        else:
            shape, colour, width = hexside_style(t.id)
        if shape == "bar":
            swatch(lambda y0, c=colour, w=width: (d.line([(10, y0 + 12), (50, y0 + 12)], fill="#2f6fbf", width=4),
                                                  d.line([(30, y0 + 2), (30, y0 + 22)], fill=c, width=w)),
                   f"{t.name} ({t.kind})")
        else:
            swatch(lambda y0, c=colour, w=width: d.line([(10, y0 + 12), (50, y0 + 12)], fill=c, width=w),
                   f"{t.name} ({t.kind})")
    swatch(lambda y0: d.ellipse((23, y0 + 5, 37, y0 + 19), outline="#c00000", width=3), VICTORY_TEXT)
    return img
