"""The scan with the fitted grid drawn over it, so a person sees at once whether it fits."""
from __future__ import annotations

import io
import math

from PIL import Image, ImageDraw

from hexforge.counters.fonts import font
from hexforge.maps.convention import Convention
from hexforge.survey.gridfile import FittedGrid

LINE = (230, 0, 160)
AT = (0, 170, 255)


def grid_picture(pixels, grid: FittedGrid, conv: Convention) -> bytes:
    """PNG bytes: the image (an RGB array), each fitted hex's outline and label, the --at points."""
    image = Image.fromarray(pixels, "RGB")
    draw = ImageDraw.Draw(image)
    (ux, uy), (vx, vy) = grid.column_step, grid.row_step
    hx, hy = 2 * ux - vx, 2 * uy - vy
    across = (hx / 2, hy / 2)          # one column spacing (dx) straight across the columns
    r = 2 / 3
    corners = [(-r, 0), (-r / 2, -0.5), (r / 2, -0.5), (r, 0), (r / 2, 0.5), (-r / 2, 0.5)]
    size = max(8, round(grid.dy * 0.18))
    face = font(size)
    width = max(1, round(grid.dy / 40))
    for label, (x, y) in sorted(grid.centres_inside(conv).items()):
        pts = [(x + a * across[0] + b * vx, y + a * across[1] + b * vy) for a, b in corners]
        draw.polygon(pts, outline=LINE, width=width)
        draw.text((x, y + 0.22 * grid.dy), label, fill=LINE, font=face, anchor="mm")
    for p in grid.at:
        rad = max(4, grid.dy / 8)
        draw.ellipse((p.x - rad, p.y - rad, p.x + rad, p.y + rad), outline=AT, width=max(2, width))
        draw.text((p.x + rad + 2, p.y - rad), f"--at {p.hex}", fill=AT, font=face)
    note = (f"fitted: dx {grid.dx:.2f} dy {grid.dy:.2f} rotation {grid.rotation:.2f} deg, "
            f"residual mean {grid.residual_mean:.2f} px; {grid.labelling}")
    draw.text((6, 6), _cut(note, image.width // max(1, math.ceil(size * 0.6))), fill=LINE, font=face)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False)
    return out.getvalue()


def _cut(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:max(1, chars - 1)] + "\u2026"
