"""Game tables drawn as chart images for the module's chart window; unknown cells show ``?``."""
from __future__ import annotations

from PIL import Image, ImageDraw

from hexforge.counters.art import font
from hexforge.games.schema import TableFile
from hexforge.games.values import UNKNOWN, Datum

CELL_W, CELL_H, KEY_W, PAD = 92, 22, 150, 8


def cell_text(d: Datum) -> str:
    """What a printed cell shows: its value, ``?`` when unknown, ``a|b`` for undecided readings."""
    if d.readings and d.chosen is None:
        return "|".join("?" if r.value == UNKNOWN else _short(r.value) for r in d.readings)
    v = d.resolved
    return "?" if v == UNKNOWN else _short(v)


def _short(v: object) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    text = ",".join(map(str, v)) if isinstance(v, list) else str(v)
    return text if len(text) <= 13 else text[:12] + "\u2026"


def render_table(table: TableFile) -> Image.Image:
    """An image of the table with its title, column headers, row keys and cells."""
    columns = table.columns or []
    rows = table.rows or []
    width = KEY_W + CELL_W * len(columns) + 2 * PAD
    height = CELL_H * (len(rows) + 2) + 2 * PAD + 18
    img = Image.new("RGB", (width, height), "#ffffff")
    d = ImageDraw.Draw(img)
    f, bold = font(11), font(13)
    d.text((PAD, PAD), f"{table.name.resolved}  ({table.source})"[:120], fill="#000000", font=bold)
    top = PAD + 22
    d.text((PAD, top + 4), (table.row_key or "")[:22], fill="#333333", font=f)
    for j, col in enumerate(columns):
        x = PAD + KEY_W + j * CELL_W
        d.rectangle((x, top, x + CELL_W, top + CELL_H), fill="#e8e8e8", outline="#999999")
        d.text((x + CELL_W / 2, top + CELL_H / 2), str(col)[:14], fill="#000000", font=f, anchor="mm")
    for i, row in enumerate(rows):
        y = top + CELL_H * (i + 1)
        d.rectangle((PAD, y, PAD + KEY_W, y + CELL_H), fill="#f4f4f4", outline="#999999")
        d.text((PAD + 4, y + CELL_H / 2), str(row.key)[:24], fill="#000000", font=f, anchor="lm")
        for j, cell in enumerate(row.cells[: len(columns)]):
            x = PAD + KEY_W + j * CELL_W
            text = cell_text(cell)
            fill = "#fff3d6" if text == "?" or "|" in text else "#ffffff"
            d.rectangle((x, y, x + CELL_W, y + CELL_H), fill=fill, outline="#999999")
            d.text((x + CELL_W / 2, y + CELL_H / 2), text, fill="#000000", font=f, anchor="mm")
    note = "? = not in the transcribed rulebook; a|b = the sources disagree"
    d.text((PAD, height - PAD - 12), note, fill="#555555", font=font(10))
    return img
