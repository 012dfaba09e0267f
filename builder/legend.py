"""The "Abbreviations on counters" chart: what each shortened word on a counter stands for."""
from __future__ import annotations

from PIL import Image, ImageDraw

from hexforge.builder.module import Module
from hexforge.counters.art import abbreviated
from hexforge.counters.fonts import font, line_height, text_width
from hexforge.counters.labels import used
from hexforge.games.game import Game
from hexforge.maps.png import png_bytes

LEGEND_IMAGE = "abbreviations.png"
TITLE = "Abbreviations on counters"
SIZE, PAD = 13, 10


def abbreviations(game: Game) -> list[tuple[str, str]]:
    """(abbreviation, word) used on this game's counters: only names too long to print whole."""
    names = [u.name or u.id for u in game.units.values()]
    names += [m.name.resolved for m in game.info.markers]
    return used([n for n in names if abbreviated(n)])


def legend_image(pairs: list[tuple[str, str]]) -> Image.Image:
    f, bold = font(SIZE), font(SIZE, bold=True)
    step = line_height(f) + 4
    left = max(text_width(a, bold) for a, _ in pairs) + 3 * PAD
    width = int(left + max(text_width(w, f) for _, w in pairs) + 2 * PAD)
    img = Image.new("RGB", (max(width, int(text_width(TITLE, bold)) + 2 * PAD), step * (len(pairs) + 1) + 2 * PAD),
                    "#ffffff")
    d = ImageDraw.Draw(img)
    d.text((PAD, PAD), TITLE, fill="#000000", font=bold)
    for i, (short, word) in enumerate(pairs, start=1):
        d.text((PAD, PAD + step * i), short, fill="#000000", font=bold)
        d.text((left, PAD + step * i), word, fill="#000000", font=f)
    return img


def add_abbreviation_chart(game: Game, module: Module) -> None:
    """Add the legend to the module's chart window, when any counter name is abbreviated."""
    pairs = abbreviations(game)
    if not pairs:
        return
    module.entries[f"images/{LEGEND_IMAGE}"] = png_bytes(legend_image(pairs))
    for c in module.components:
        if c.tag.endswith(".ChartWindow"):
            tabs = c.children[0]
            tabs.children.insert(1, type(c)("VASSAL.build.widget.Chart",
                                            {"chartName": TITLE, "fileName": LEGEND_IMAGE}))
            return
