"""Game tables drawn as chart images for the module's chart window; unknown cells show ``?``.

Every text is laid out to fit: columns are as wide as their widest text (up to a limit, past
which text wraps), rows as tall as their tallest wrapped cell; nothing is cut.
"""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from hexforge.counters.fonts import font, line_height, text_width, wrap
from hexforge.games.schema import TableFile
from hexforge.games.values import UNKNOWN, Datum

PAD, CELL_PAD, MIN_W, MAX_W, KEY_MAX_W, MIN_TABLE_W = 8, 5, 44, 240, 260, 520
CELL_SIZE, TITLE_SIZE, NOTE_SIZE = 11, 13, 10
NOTE = "? = not in the transcribed rulebook; a|b = the sources disagree"


def cell_text(d: Datum) -> str:
    """What a printed cell shows: its value, ``?`` when unknown, ``a|b`` for undecided readings."""
    if d.readings and d.chosen is None:
        return "|".join("?" if r.value == UNKNOWN else _plain(r.value) for r in d.readings)
    v = d.resolved
    return "?" if v == UNKNOWN else _plain(v)


def _plain(v: object) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return ", ".join(map(str, v)) if isinstance(v, list) else str(v)


def column_title(column: str) -> str:
    """A column head or row key as printed: a data id's underscores as spaces (``ap_cost`` -> ``ap cost``)."""
    return column.replace("_", " ")


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Where everything of a chart goes: wrapped texts, column widths, row heights."""

    title: list[str]
    key_note: list[str]
    widths: list[int]             # key column first
    head: list[list[str]]         # per column (key column first), its wrapped lines
    rows: list[list[list[str]]]   # per row, per column (key first), wrapped lines
    heights: list[int]            # head row first
    note: list[str]

    @property
    def width(self) -> int:
        return max(MIN_TABLE_W, sum(self.widths)) + 2 * PAD


def _lines(text: str, width: int) -> list[str]:
    return wrap(text, font(CELL_SIZE), width - 2 * CELL_PAD)


def _column_width(head: str, texts: list[str], limit: int) -> int:
    """As wide as the widest cell (up to ``limit``, then cells wrap) and the head's longest word;
    a head wider than that wraps onto a few lines."""
    f = font(CELL_SIZE)
    words = max((text_width(w, f) for t in (head, *texts) for w in t.split()), default=0)  # no word breaks
    cells = min(max((text_width(t, f) for t in texts), default=0), limit)
    return int(max(cells, words, text_width(head, f) / 3)) + 2 * CELL_PAD + 1


def layout(table: TableFile) -> TableLayout:
    columns = list(table.columns or [])
    rows = table.rows or []
    cells = [[column_title(str(r.key)), *(cell_text(c) for c in r.cells[: len(columns)])] for r in rows]
    heads = ["", *(column_title(c) for c in columns)]
    widths = []
    for j, head in enumerate(heads):
        texts = [row[j] for row in cells if j < len(row)]
        widths.append(max(MIN_W, _column_width(head, texts, KEY_MAX_W if j == 0 else MAX_W)))
    head_lines = [_lines(h, w) for h, w in zip(heads, widths)]
    row_lines = [[_lines(t, w) for t, w in zip(row, widths)] for row in cells]
    step = line_height(font(CELL_SIZE))
    heights = [max(len(ls) for ls in r) * step + 2 * CELL_PAD for r in [head_lines, *row_lines]]
    inner = max(MIN_TABLE_W, sum(widths))
    title = wrap(f"{table.name.resolved}  ({table.source})", font(TITLE_SIZE, bold=True), inner)
    key_note = wrap(f"rows: {table.row_key}", font(NOTE_SIZE), inner) if table.row_key else []
    return TableLayout(title, key_note, widths, head_lines, row_lines, heights, wrap(NOTE, font(NOTE_SIZE), inner))


def render_table(table: TableFile) -> Image.Image:
    """An image of the table with its title, what its rows are, column heads, row keys and cells."""
    lay = layout(table)
    title_f, note_f, cell_f = font(TITLE_SIZE, bold=True), font(NOTE_SIZE), font(CELL_SIZE)
    title_h = line_height(title_f) * len(lay.title)
    note_h = line_height(note_f)
    top = PAD + title_h + note_h * len(lay.key_note) + 6
    height = top + sum(lay.heights) + 6 + note_h * len(lay.note) + PAD
    img = Image.new("RGB", (lay.width, height), "#ffffff")
    d = ImageDraw.Draw(img)
    _lines_at(d, lay.title, PAD, PAD, title_f, "#000000")
    _lines_at(d, lay.key_note, PAD, PAD + title_h, note_f, "#333333")
    y = top
    for i, row in enumerate([lay.head, *lay.rows]):
        x = PAD
        for j, lines in enumerate(row):
            w, h = lay.widths[j], lay.heights[i]
            text = "\n".join(lines)
            fill = "#e8e8e8" if i == 0 else "#f4f4f4" if j == 0 else (
                "#fff3d6" if text == "?" or "|" in text else "#ffffff")
            d.rectangle((x, y, x + w, y + h), fill=fill, outline="#999999")
            _lines_at(d, lines, x + CELL_PAD, y + CELL_PAD, cell_f, "#000000")
            x += w
        y += lay.heights[i]
    _lines_at(d, lay.note, PAD, y + 6, note_f, "#555555")
    return img


def _lines_at(d: ImageDraw.ImageDraw, lines: list[str], x: float, y: float, f, ink: str) -> None:
    step = line_height(f)
    for i, line in enumerate(lines):
        d.text((x, y + step * i), line, fill=ink, font=f, anchor="la")
