"""Overlays drawn over the game's map board: PNG and SVG with a legend, and JSON per hex.

An :class:`Overlay` is a category per hex (e.g. "in supply", "blocked", "unknown") with a
colour-blind-safe palette (Okabe-Ito) and an optional short text per hex (a cost, a range).
Unknown hexes are hatched, never coloured as an answer.
"""
from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from PIL import Image, ImageDraw

from hexforge.maps.draw import _font, draw_board
from hexforge.maps.png import png_bytes
from hexforge.maps.hexes import Hex
from hexforge.maps.hexmap import HexMap, SheetBoard

#: Okabe-Ito: distinguishable under the common colour-vision deficiencies.
OKABE_ITO = {"blue": "#0072B2", "vermillion": "#D55E00", "green": "#009E73", "orange": "#E69F00",
             "sky": "#56B4E9", "yellow": "#F0E442", "purple": "#CC79A7", "black": "#000000"}
UNKNOWN = "unknown"
UNKNOWN_COLOUR = "#7f7f7f"
ALPHA = 110
#: What a category means to the reader, painted alike in every overlay: the rules name the role, not a colour.
ROLES = {"yes": OKABE_ITO["blue"], "no": OKABE_ITO["vermillion"], "source": OKABE_ITO["green"],
         "caution": OKABE_ITO["orange"], "partly": OKABE_ITO["sky"], "hidden": OKABE_ITO["yellow"],
         "beyond": OKABE_ITO["purple"], UNKNOWN: UNKNOWN_COLOUR}


def legend(categories: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """An overlay's legend from category -> (role, meaning): each role in its colour (``ROLES``)."""
    return {cat: (ROLES[role], meaning) for cat, (role, meaning) in categories.items()}


@dataclass
class Overlay:
    """Per-hex categories with a legend: ``legend`` maps category -> (colour, meaning)."""

    title: str
    legend: dict[str, tuple[str, str]]
    values: dict[Hex, str] = field(default_factory=dict)
    text: dict[Hex, str] = field(default_factory=dict)
    detail: dict[Hex, str] = field(default_factory=dict)
    marks: dict[Hex, str] = field(default_factory=dict)  # e.g. the observer, the HQs
    notes: list[str] = field(default_factory=list)

    def to_json(self, hexmap: HexMap) -> dict:
        return {
            "title": self.title,
            "legend": {k: v[1] for k, v in self.legend.items()},
            "notes": self.notes,
            "hexes": {hexmap.label(h): {k: v for k, v in (("value", self.values[h]), ("text", self.text.get(h)),
                                                          ("detail", self.detail.get(h)), ("mark", self.marks.get(h)))
                                        if v is not None}
                      for h in sorted(self.values, key=hexmap.label)},
        }


def whole_board(hexmap: HexMap) -> SheetBoard:
    """The whole map as one board (all sheets on one lattice, canonical labels)."""
    return SheetBoard(hexmap.sheets[0], hexmap.grid, {h: h for h in hexmap})


def _rgba(colour: str, alpha: int) -> tuple[int, int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), alpha


def draw_png(hexmap: HexMap, ov: Overlay) -> Image.Image:
    """The board with the overlay on top and a legend below."""
    board = whole_board(hexmap)
    base = draw_board(hexmap, board).convert("RGBA")
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    g = board.grid
    for h, cat in sorted(ov.values.items()):
        corners = g.corners(h)
        colour = ov.legend.get(cat, (UNKNOWN_COLOUR, ""))[0]
        d.polygon(corners, fill=_rgba(colour, ALPHA if cat != UNKNOWN else 60))
        if cat == UNKNOWN:
            _hatch(d, corners)
    font = _font(11)
    for h, t in sorted(ov.text.items()):
        cx, cy = g.centre(h)
        d.text((cx, cy + 6), t, fill=(0, 0, 0, 255), font=font, anchor="mm", stroke_width=2, stroke_fill=(255, 255, 255, 255))
    for h, m in sorted(ov.marks.items()):
        cx, cy = g.centre(h)
        r = g.grid.dy * 0.3
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(0, 0, 0, 255), width=4)
        d.text((cx, cy - r - 6), m, fill=(0, 0, 0, 255), font=font, anchor="mm", stroke_width=2, stroke_fill=(255, 255, 255, 255))
    img = Image.alpha_composite(base, layer)
    return _with_legend(img.convert("RGB"), ov)


def _hatch(d: ImageDraw.ImageDraw, corners: list[tuple[float, float]]) -> None:
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    cx, cy, r = sum(xs) / 6, sum(ys) / 6, (max(xs) - min(xs)) * 0.3
    for off in (-r, 0, r):
        d.line([(cx + off - r * 0.6, cy + r * 0.6), (cx + off + r * 0.6, cy - r * 0.6)], fill=(60, 60, 60, 200), width=2)


def _with_legend(img: Image.Image, ov: Overlay) -> Image.Image:
    rows = len(ov.legend) + len(ov.notes) + 1
    out = Image.new("RGB", (max(img.width, 520), img.height + 24 * rows + 16), "#ffffff")
    out.paste(img, (0, 0))
    d = ImageDraw.Draw(out)
    y = img.height + 8
    d.text((10, y), ov.title, fill="#000000", font=_font(16))
    y += 24
    for cat, (colour, meaning) in ov.legend.items():
        d.rectangle((10, y, 34, y + 18), fill=colour if cat != UNKNOWN else "#d8d8d8", outline="#000000")
        if cat == UNKNOWN:
            d.line((12, y + 16, 32, y + 2), fill="#3c3c3c", width=2)
        d.text((44, y + 1), meaning, fill="#000000", font=_font(14))
        y += 24
    for note in ov.notes:
        d.text((10, y), note[:160], fill="#333333", font=_font(12))
        y += 24
    return out


def svg_text(hexmap: HexMap, ov: Overlay) -> str:
    """SVG: the board image embedded, one polygon per hex with its meaning as a tooltip, a legend."""
    board = whole_board(hexmap)
    g = board.grid
    base = base64.b64encode(png_bytes(draw_board(hexmap, board))).decode()
    rows = len(ov.legend) + len(ov.notes) + 1
    height = g.height + 24 * rows + 16
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
             f'width="{g.width}" height="{height}" viewBox="0 0 {g.width} {height}">',
             '<defs><pattern id="unknown" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
             f'<rect width="8" height="8" fill="{UNKNOWN_COLOUR}" fill-opacity="0.25"/>'
             '<line x1="0" y1="0" x2="0" y2="8" stroke="#3c3c3c" stroke-width="2"/></pattern></defs>',
             f'<image x="0" y="0" width="{g.width}" height="{g.height}" xlink:href="data:image/png;base64,{base}"/>']
    for h, cat in sorted(ov.values.items()):
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in g.corners(h))
        fill = 'url(#unknown)' if cat == UNKNOWN else ov.legend.get(cat, (UNKNOWN_COLOUR, ""))[0]
        tip = f"{hexmap.label(h)}: {ov.legend.get(cat, ('', cat))[1]}" + (f" - {ov.detail[h]}" if h in ov.detail else "")
        parts.append(f'<polygon points="{pts}" fill="{fill}" fill-opacity="{0.45 if cat != UNKNOWN else 1}">'
                     f'<title>{escape(tip)}</title></polygon>')
    for h, t in sorted(ov.text.items()):
        cx, cy = g.centre(h)
        parts.append(f'<text x="{cx:.1f}" y="{cy + 10:.1f}" font-size="11" text-anchor="middle">{escape(t)}</text>')
    for h, m in sorted(ov.marks.items()):
        cx, cy = g.centre(h)
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{g.grid.dy * 0.3:.1f}" fill="none" stroke="#000" stroke-width="4"/>'
                     f'<text x="{cx:.1f}" y="{cy - g.grid.dy * 0.35:.1f}" font-size="11" text-anchor="middle">{escape(m)}</text>')
    y = g.height + 24
    parts.append(f'<text x="10" y="{y}" font-size="16">{escape(ov.title)}</text>')
    for cat, (colour, meaning) in ov.legend.items():
        y += 24
        fill = 'url(#unknown)' if cat == UNKNOWN else colour
        parts.append(f'<rect x="10" y="{y - 14}" width="24" height="18" fill="{fill}" stroke="#000"/>'
                     f'<text x="44" y="{y}" font-size="14">{escape(meaning)}</text>')
    for note in ov.notes:
        y += 24
        parts.append(f'<text x="10" y="{y}" font-size="12" fill="#333">{escape(note)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def render(hexmap: HexMap, ov: Overlay, suffix: str) -> bytes:
    """The overlay as bytes of the format named by a file suffix (.png, .svg, .json)."""
    if suffix == ".png":
        return png_bytes(draw_png(hexmap, ov))
    if suffix == ".svg":
        return svg_text(hexmap, ov).encode()
    if suffix == ".json":
        return (json.dumps(ov.to_json(hexmap), indent=1, ensure_ascii=False, sort_keys=False) + "\n").encode()
    raise ValueError(f"unknown overlay format {suffix!r} (valid: .png, .svg, .json)")
