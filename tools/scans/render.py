"""Rendering a synthetic map in a printed style unlike ``maps/draw.py``'s: textured fills, thin
hex outlines, hex numbers, rivers as curving lines along hexsides, roads of varying width, a key.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from hexforge.counters.fonts import font_path
from tools.scans.mapgen import HEX_TYPES, MapContent

RGB = tuple[int, int, int]
KEY_HEIGHT = 90


@dataclass(frozen=True)
class Style:
    """How a map is printed: paper, fills and their textures, outlines, numbers, lines."""

    name: str
    paper: RGB
    fills: dict[str, tuple[RGB, str, RGB]]     # terrain -> (base colour, texture, texture colour)
    outline: RGB
    outline_width: int
    face: str                                  # DejaVu face file name
    number_colour: RGB
    number_at: float                           # number's y offset from the centre, in hex heights
    water: dict[str, tuple[RGB, int]]           # hexside feature -> colour, width
    routes: dict[str, tuple[RGB, int]]          # line kind -> colour, width


STYLES_BY_NAME: dict[str, Style] = {s.name: s for s in (
    Style("vintage", (239, 228, 200),
          {"clear": ((239, 228, 200), "plain", (0, 0, 0)), "woods": ((176, 186, 120), "dots", (86, 104, 52)),
           "rough": ((214, 186, 140), "hatch", (150, 112, 70)), "marsh": ((196, 214, 200), "dash", (70, 120, 140)),
           "town": ((222, 170, 160), "blocks", (150, 60, 50))},
          (92, 70, 50), 1, "DejaVuSerif.ttf", (70, 50, 40), -0.32,
          {"river": ((60, 100, 170), 4), "stream": ((90, 130, 190), 2)},
          {"road": ((160, 40, 30), 3), "trail": ((120, 90, 60), 1), "railway": ((30, 30, 30), 2)}),
    Style("modern", (250, 250, 247),
          {"clear": ((236, 242, 222), "grain", (220, 228, 205)), "woods": ((70, 160, 80), "grain", (50, 130, 60)),
           "rough": ((200, 160, 90), "grid", (170, 130, 70)), "marsh": ((120, 200, 210), "waves", (60, 140, 170)),
           "town": ((190, 190, 200), "blocks", (110, 110, 130))},
          (120, 120, 120), 1, "DejaVuSans.ttf", (40, 40, 40), -0.34,
          {"river": ((20, 120, 230), 5), "stream": ((70, 160, 240), 3)},
          {"road": ((240, 200, 40), 5), "trail": ((90, 70, 40), 2), "railway": ((60, 60, 60), 3)}),
    Style("atlas", (226, 232, 214),
          {"clear": ((226, 232, 214), "plain", (0, 0, 0)), "woods": ((140, 175, 130), "hatch", (60, 100, 60)),
           "rough": ((200, 196, 170), "dots", (120, 110, 80)), "marsh": ((180, 205, 215), "dash", (40, 80, 150)),
           "town": ((160, 150, 150), "grid", (90, 80, 80))},
          (30, 30, 30), 1, "DejaVuSansMono.ttf", (20, 20, 20), 0.30,
          {"river": ((40, 70, 160), 3), "stream": ((60, 100, 180), 2)},
          {"road": ((30, 30, 30), 4), "trail": ((60, 60, 60), 1), "railway": ((120, 30, 30), 2)}),
)}


def _texture(kind: str, xx: np.ndarray, yy: np.ndarray, noise: np.ndarray) -> np.ndarray:
    """A boolean pattern over the pixel grid (periods well under a hex, unlike the grid's)."""
    if kind == "dots":
        return ((xx + 3 * ((yy // 7) % 2)) % 7 < 2) & (yy % 7 < 2)
    if kind == "hatch":
        return (xx + yy) % 6 == 0
    if kind == "dash":
        return (yy % 6 == 0) & ((xx // 4) % 2 == 0)
    if kind == "blocks":
        return (xx % 9 < 4) & (yy % 9 < 4)
    if kind == "grid":
        return (xx % 8 == 0) | (yy % 8 == 0)
    if kind == "waves":
        return ((yy + np.round(2 * np.sin(xx / 3.0))).astype(np.int64) % 7) == 0
    if kind == "grain":
        return noise > 0.6
    return np.zeros(xx.shape, dtype=bool)


def _hex_index(content: MapContent, width: int, height: int) -> np.ndarray:
    """For every pixel, the index (into sorted labels) of the hex it lies in, or -1."""
    g = content.board.grid
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float64)
    if g.sideways:  # a grid of rows is a grid of columns with x and y swapped
        xx, yy = yy, xx
    fq = (xx - g.x0) / g.dx
    fr = (yy - g.y0) / g.dy - fq / 2
    fs = -fq - fr
    q, r, s = np.round(fq), np.round(fr), np.round(fs)
    dq, dr, ds = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    q = np.where((dq > dr) & (dq > ds), -r - s, q)
    r = np.where(~((dq > dr) & (dq > ds)) & (dr > ds), -q - s, r)
    labels = sorted(content.hexes)
    qs = np.array([content.hexes[k].q for k in labels])
    rs = np.array([content.hexes[k].r for k in labels])
    q0, r0 = qs.min(), rs.min()
    lut = np.full((qs.max() - q0 + 3, rs.max() - r0 + 3), -1, dtype=np.int32)
    lut[qs - q0 + 1, rs - r0 + 1] = np.arange(len(labels))
    qi = np.clip(q.astype(np.int64) - q0 + 1, 0, lut.shape[0] - 1)
    ri = np.clip(r.astype(np.int64) - r0 + 1, 0, lut.shape[1] - 1)
    return lut[qi, ri]


def key_boxes(content: MapContent) -> dict[str, tuple[int, int, int, int]]:
    """The swatch of every hex terrain type in the key strip below the map (clean frame)."""
    top = content.board.height + 20
    left = (map_width(content) - 120 * len(HEX_TYPES)) // 2  # centred: a crop at a side edge leaves it whole
    return {t: (left + i * 120, top, left + i * 120 + 44, top + 40) for i, t in enumerate(HEX_TYPES)}


def map_width(content: MapContent) -> int:
    """The printed sheet's width: the board, at least wide enough for the key."""
    return max(content.board.width, 900)


def render(content: MapContent, style: Style, rng: np.random.Generator) -> Image.Image:
    """The clean printed map: the board with a key strip below it."""
    width, height = map_width(content), content.board.height + KEY_HEIGHT
    labels = sorted(content.hexes)
    types = list(HEX_TYPES)
    cls = _hex_index(content, width, height)
    terrain_of = np.array([types.index(content.terrain[k]) for k in labels] + [-1], dtype=np.int32)
    cls = terrain_of[cls]  # -1 -> last entry (-1): paper
    for t, (x0, y0, x1, y1) in key_boxes(content).items():
        cls[y0:y1, x0:x1] = types.index(t)
    noise = rng.random((height, width), dtype=np.float32)
    out = np.empty((height, width, 3), dtype=np.uint8)
    out[:] = style.paper
    for i, t in enumerate(types):
        base, texture, ink = style.fills[t]
        ys, xs = np.nonzero(cls == i)
        out[ys, xs] = base
        hit = _texture(texture, xs, ys, noise[ys, xs])
        out[ys[hit], xs[hit]] = ink
    image = Image.fromarray(out, "RGB")
    _draw_lines(ImageDraw.Draw(image), content, style, rng)
    _draw_key(ImageDraw.Draw(image), content, style)
    return image


def _face(style: Style, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(Path(font_path()).parent / style.face), size)


def _wobble(chain: list[tuple[float, float]], rng: np.random.Generator) -> list[tuple[float, float]]:
    """A curving line through the vertices of a hexside chain (bulging a little off each side)."""
    pts: list[tuple[float, float]] = [chain[0]]
    for (x0, y0), (x1, y1) in zip(chain, chain[1:]):
        amp = rng.uniform(-0.12, 0.12)
        nx_, ny_ = -(y1 - y0), x1 - x0
        for t in np.linspace(0, 1, 7)[1:]:
            b = amp * math.sin(math.pi * t)
            pts.append((x0 + (x1 - x0) * t + nx_ * b, y0 + (y1 - y0) * t + ny_ * b))
    return pts


def _px(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Pillow draws a point at its truncated coordinates; +0.5 makes that the nearest pixel, so a
    line drawn at y lies on pixel row round(y), centred on the truth."""
    return [(x + 0.5, y + 0.5) for x, y in points]


def _draw_lines(draw: ImageDraw.ImageDraw, content: MapContent, style: Style, rng: np.random.Generator) -> None:
    """Hex outlines, rivers along hexsides, roads from centre to centre, hex numbers."""
    board = content.board
    for label in sorted(content.hexes):
        draw.polygon(_px(board.corners(content.hexes[label])), outline=style.outline, width=style.outline_width)
    for kind, chain in content.rivers:
        colour, w = style.water[kind]
        draw.line(_px(_wobble(chain, rng)), fill=colour, width=w, joint="curve")
    for kind, path in content.routes:
        colour, w = style.routes[kind]
        pts = _px([board.centre(content.hexes[k]) for k in path])
        draw.line(pts, fill=colour, width=w, joint="curve")
        if kind == "railway":
            for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
                n = math.hypot(x1 - x0, y1 - y0)
                ux, uy = (x1 - x0) / n, (y1 - y0) / n
                for t in np.arange(4, n - 2, 8):
                    cx, cy = x0 + ux * t, y0 + uy * t
                    draw.line([(cx - uy * 4, cy + ux * 4), (cx + uy * 4, cy - ux * 4)], fill=colour, width=1)
    face = _face(style, max(8, round(board.grid.dy * 0.2)))
    for label in sorted(content.hexes):
        x, y = board.centre(content.hexes[label])
        draw.text((x + 0.5, y + 0.5 + style.number_at * board.grid.dy), label, fill=style.number_colour,
                  font=face, anchor="mm")


def _draw_key(draw: ImageDraw.ImageDraw, content: MapContent, style: Style) -> None:
    """The map key: a framed swatch and the name of every terrain type."""
    face = _face(style, 14)
    for t, (x0, y0, x1, y1) in key_boxes(content).items():
        draw.rectangle((x0 - 1, y0 - 1, x1, y1), outline=style.outline)
        draw.text((x1 + 8, (y0 + y1) / 2), t.capitalize(), fill=style.number_colour, font=face, anchor="lm")
