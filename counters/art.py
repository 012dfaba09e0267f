"""Counter art: one PNG per counter side, with the unit's symbol, size, id and values.

Values are printed in each game's own format (see :data:`VALUE_LINES`); a value the data does
not give prints as ``?``. Colours come from the side (background) and formation (top band);
the band colours are the Okabe-Ito palette, which colour-blind players can tell apart.
"""
from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from hexforge.counters.symbols import SIZE_MARKS, draw_symbol, symbol_parts
from hexforge.counters.unit import Unit

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


def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font: the same glyphs on every machine, so images are reproducible."""
    return ImageFont.load_default(size=size)  # type: ignore[return-value]


def render(face: CounterFace, size: int = SIZE) -> bytes:
    """The PNG bytes of one counter face."""
    img = Image.new("RGB", (size, size), face.side_colour)
    d = ImageDraw.Draw(img)
    ink = "#000000" if not face.side_colour.startswith("#5") else "#ffffff"
    if face.band_colour:
        d.rectangle((0, 0, size, 5), fill=face.band_colour)
    label_font, value_font = font(10), font(11)
    d.text((size / 2, 11), _fit(face.label, 11), fill=ink, font=label_font, anchor="mm")
    box = (size * 0.3, 21, size * 0.7, 35)
    mark = SIZE_MARKS.get(face.size.lower(), "")
    if mark:
        d.text((size / 2, 20), mark, fill=ink, font=font(7), anchor="ms")
    draw_symbol(d, tuple(int(v) for v in box), symbol_parts(face.unit_type), ink, font(10))  # type: ignore[arg-type]
    lines = [line for line in face.lines if line][:2]
    for i, line in enumerate(lines):
        d.text((size / 2, (46 if len(lines) > 1 else 50) + 11 * i), line, fill=ink, font=value_font, anchor="mm")
    if face.reduced:
        d.line([(0, size - 1), (size, size - 1)], fill="#D55E00", width=3)
    d.rectangle((0, 0, size - 1, size - 1), outline="#000000")
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()


def _fit(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


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


def render_marker(title: str, value: str = "", size: int = SIZE, colour: str = "#f4e7b0") -> bytes:
    """A marker counter: its name (wrapped) and, if it has one, its value."""
    img = Image.new("RGB", (size, size), colour)
    d = ImageDraw.Draw(img)
    words, lines, line = title.split(), [], ""
    for w in words:
        if len(line) + len(w) + 1 > 10 and line:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    lines.append(line)
    for i, text in enumerate(lines[:3]):
        d.text((size / 2, 10 + 11 * i), _fit(text, 11), fill="#000000", font=font(10), anchor="mm")
    if value:
        d.text((size / 2, size - 14), value, fill="#000000", font=font(16), anchor="mm")
    d.rectangle((0, 0, size - 1, size - 1), outline="#000000")
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()
