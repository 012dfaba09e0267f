"""Counter art: one PNG per counter side, with the unit's symbol, size, id and values.

Values are printed in each game's own format (see :data:`VALUE_LINES`); a value the data does
not give prints as ``?``. Colours come from the side (background) and formation (top band);
the band colours are the Okabe-Ito palette, which colour-blind players can tell apart.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from PIL import Image, ImageDraw

from hexforge.counters.fonts import ELLIPSIS, fit_block, font, line_height, text_width
from hexforge.counters.labels import abbreviate
from hexforge.counters.symbols import SIZE_MARKS, draw_symbol, symbol_parts
from hexforge.counters.unit import Unit
from hexforge.maps.png import png_bytes

SIZE = 64
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000")
SIDE_COLOURS = {
    "german": "#a9b0a3", "axis": "#a9b0a3", "ss": "#5f6160", "us": "#9cb36b", "allied": "#9cb36b",
    "american": "#9cb36b", "british": "#d2bd8a", "polish": "#d9a3a3",
}

#: How each system prints its values: (line of value columns, separator); tokens not in the
#: unit's values are skipped, so HQs and combat units share one layout.
VALUE_LINES = {
    "fm": [("attack", "defense", "movement")],
    "test": [("attack", "defense", "movement")],
    "ptr": [("cs", "er", "ma"), ("tp", "atp"), ("reaction_rating", "command_range", "asp")],
    "httr": [("strength", "effectiveness", "movement"), ("morale", "range", "at_dots")],
}


@dataclass(frozen=True, slots=True)
class CounterFace:
    """What one side of a counter shows."""

    label: str
    unit_type: str
    size: str
    side_colour: str
    band_colour: str | None
    lines: tuple[str, ...]
    reduced: bool = False


def colour_for(key: str, palette: tuple[str, ...] = OKABE_ITO) -> str:
    """A stable colour for a name (same name, same colour, on every machine)."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return palette[digest[0] % len(palette)]


def side_colour(side: str, nationality: str = "") -> str:
    for key in (nationality.lower(), side.lower()):
        if key in SIDE_COLOURS:
            return SIDE_COLOURS[key]
    return colour_for(side, ("#c9c3e6", "#e6d3c3", "#c3e6d9", "#e6c3cf"))


def value_text(values: dict, columns: tuple[str, ...]) -> str:
    """One line of values, ``?`` for unknown ones; empty when none of the columns apply."""
    present = [c for c in columns if c in values]
    if not present:
        return ""
    return "-".join("?" if values[c] in ("unknown", "", None) else _num(values[c]) for c in present)


def _num(v: object) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


#: Where a counter's parts go at the default size (x0, y0, x1, y1): the name (one line, or two
#: small ones), the unit symbol, the value lines (one to three).
NAME_BOX = (1, 5, 63, 22)
SYMBOL_BOX = (19, 23, 45, 35)
VALUE_BOX = (2, 41, 62, 63)
NAME_SIZES, VALUE_SIZES, MARK_SIZE, LEADING = (10, 9, 8, 7), (11, 10, 9, 8, 7), 7, -1

Box = tuple[float, float, float, float]


def name_lines(label: str, width: float = NAME_BOX[2] - NAME_BOX[0],
               height: float = NAME_BOX[3] - NAME_BOX[1]) -> tuple[list[str], int]:
    """The counter's name laid out to fit its box: whole if it fits (one line, or two at the
    smallest size), else with the abbreviations of :mod:`hexforge.counters.labels` (the module
    has a legend of them), else cut with an ellipsis. Returns the lines and the font size."""
    lines, size, _ = _name_layout(label, width, height)
    return lines, size


def abbreviated(label: str, width: float = NAME_BOX[2] - NAME_BOX[0],
                height: float = NAME_BOX[3] - NAME_BOX[1]) -> bool:
    """Whether the counter shows ``label`` abbreviated (it does not fit whole)."""
    return _name_layout(label, width, height)[2] != label


def _name_layout(label: str, width: float, height: float) -> tuple[list[str], int, str]:
    for text in dict.fromkeys((label, abbreviate(label))):
        lines, f = fit_block(text, width, height, NAME_SIZES, leading=LEADING)
        if not any(line.endswith(ELLIPSIS) for line in lines):
            return lines, f.size, text
    return lines, f.size, text


def value_lines(lines: tuple[str, ...]) -> tuple[list[str], int]:
    """The non-empty value lines and the largest size at which they all fit the value box
    (value lines are digits, ``?`` and ``-``: no descenders, so lines are ``size + 1`` apart)."""
    shown = [line for line in lines if line]
    width, height = VALUE_BOX[2] - VALUE_BOX[0], VALUE_BOX[3] - VALUE_BOX[1]
    for size in VALUE_SIZES:
        if all(text_width(line, font(size)) <= width for line in shown) and len(shown) * (size + 1) <= height:
            return shown, size
    return shown, VALUE_SIZES[-1]


def text_layout(face: CounterFace, size: int = SIZE) -> list[tuple[str, int, tuple[float, float], str, Box]]:
    """Every text of the face: (text, font size, anchor point, Pillow anchor, the box it must stay in)."""
    out: list[tuple[str, int, tuple[float, float], str, Box]] = []
    lines, name_size = name_lines(face.label)
    step = line_height(font(name_size)) + LEADING
    top = NAME_BOX[1] + ((NAME_BOX[3] - NAME_BOX[1] - step * len(lines)) / 2 if len(lines) > 1 else 0)
    out += [(line, name_size, (size / 2, top + step * (i + 0.5)), "mm", NAME_BOX) for i, line in enumerate(lines)]
    mark = SIZE_MARKS.get(face.size.lower(), "")
    x0, y0, x1, y1 = SYMBOL_BOX
    if mark and len(lines) > 1:  # two name lines take the room above the symbol: the mark goes left of it
        out.append((mark, MARK_SIZE, (x0 - 2, (y0 + y1) / 2), "rm", (0, y0, x0, y1)))
    elif mark:
        out.append((mark, MARK_SIZE, (size / 2, y0 - 1), "ms", (x0, top + step, x1, y0)))
    values, value_size = value_lines(face.lines)
    centre, pitch = (VALUE_BOX[1] + VALUE_BOX[3]) / 2, value_size + 1
    out += [(line, value_size, (size / 2, centre + pitch * (i - (len(values) - 1) / 2)), "mm", VALUE_BOX)
            for i, line in enumerate(values)]
    return out


def render(face: CounterFace, size: int = SIZE) -> bytes:
    """The PNG bytes of one counter face."""
    img = Image.new("RGB", (size, size), face.side_colour)
    d = ImageDraw.Draw(img)
    ink = "#000000" if not face.side_colour.startswith("#5") else "#ffffff"
    if face.band_colour:
        d.rectangle((0, 0, size, 4), fill=face.band_colour)
    for text, text_size, xy, anchor, _ in text_layout(face, size):
        d.text(xy, text, fill=ink, font=font(text_size), anchor=anchor)
    draw_symbol(d, SYMBOL_BOX, symbol_parts(face.unit_type), ink, font(9))
    if face.reduced:
        d.line([(0, size - 1), (size, size - 1)], fill="#D55E00", width=3)
    d.rectangle((0, 0, size - 1, size - 1), outline="#000000")
    return png_bytes(img)


def faces(unit: Unit, system: str) -> tuple[CounterFace, CounterFace | None]:
    """The front face and, for units with a reduced/back side, the back face."""
    lines_spec = VALUE_LINES.get(system, [tuple(unit.values)])
    colour = side_colour(unit.side, unit.nationality)
    band = colour_for(unit.formation) if unit.formation else None

    def face(values: dict, reduced: bool) -> CounterFace:
        return CounterFace(unit.name or unit.id, unit.type, unit.size, colour, band,
                           tuple(value_text(values, cols) for cols in lines_spec), reduced)

    front = face(unit.values, False)
    back = face(unit.reduced_values(), True) if unit.has_reduced_side else None
    return front, back


def marker_title_box(value: str, size: int = SIZE) -> tuple[int, int, int, int]:
    """Where a marker's name goes: the whole face, or above its value."""
    return (2, 2, size - 2, size - 26 if value else size - 2)


def render_marker(title: str, value: str = "", size: int = SIZE, colour: str = "#f4e7b0") -> bytes:
    """A marker counter: its name (wrapped, shrunk to fit) and, if it has one, its value."""
    img = Image.new("RGB", (size, size), colour)
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = marker_title_box(value, size)
    lines, text_size = name_lines(title, x1 - x0, y1 - y0)
    f, step = font(text_size), text_size + 2
    top = y0 + (y1 - y0 - step * len(lines)) / 2
    for i, text in enumerate(lines):
        d.text((size / 2, top + step * (i + 0.5)), text, fill="#000000", font=f, anchor="mm")
    if value:
        d.text((size / 2, size - 14), value, fill="#000000", font=font(16 if len(value) < 4 else 12), anchor="mm")
    d.rectangle((0, 0, size - 1, size - 1), outline="#000000")
    return png_bytes(img)
