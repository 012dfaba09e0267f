"""The one typeface every image is drawn in, and text laid out to fit a box.

The typeface is DejaVu Sans (Bitstream Vera licence plus public-domain changes), as matplotlib
ships it: a PyPI dependency, so a fresh ``pip install .`` has it, with full Latin, Greek,
Cyrillic, arrows and mathematical signs (ü, −, •, ×, ½, Ø, →, Ł ...), which Pillow's bundled
font lacks. Text is laid out with Pillow's basic engine, so images are the same on every machine.
"""
from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

ELLIPSIS = "\u2026"


def _font_dir() -> Path:
    spec = importlib.util.find_spec("matplotlib")  # locates the package without importing it
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("hexforge needs matplotlib's DejaVu fonts: pip install matplotlib")
    return Path(next(iter(spec.submodule_search_locations))) / "mpl-data" / "fonts" / "ttf"


def font_path(bold: bool = False) -> Path:
    """The TTF file of the regular (or bold) face."""
    return _font_dir() / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The house typeface at ``size`` pixels."""
    return ImageFont.truetype(str(font_path(bold)), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=2)
def _cmap(bold: bool) -> frozenset[int]:
    from fontTools.ttLib import TTFont
    with TTFont(str(font_path(bold)), lazy=True) as tt:
        return frozenset(tt.getBestCmap())


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """The characters of ``text`` the typeface has no glyph for (drawn as a box); spaces aside."""
    cmap = _cmap(bold)
    return {c for c in text if not c.isspace() and ord(c) not in cmap}


@lru_cache(maxsize=4096)
def text_width(text: str, f: ImageFont.FreeTypeFont) -> float:
    """The room ``text`` needs: its advance or its ink, whichever is wider (italic overhangs,
    anti-aliased edges), plus a pixel."""
    if not text:
        return 0.0
    x0, _, x1, _ = f.getbbox(text)
    return max(f.getlength(text), x1 - min(x0, 0)) + 1


def line_height(f: ImageFont.FreeTypeFont) -> int:
    ascent, descent = f.getmetrics()
    return ascent + descent


def wrap(text: str, f: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Greedy word wrap to ``width`` pixels; a word wider than the box is broken after a
    hyphen or slash if it has one, else left whole (the caller then tries a smaller size)."""
    words: list[str] = []
    for word in text.split():
        words += _split_word(word, f, width)
    lines: list[str] = []
    for word in words:
        if lines and text_width(f"{lines[-1]} {word}", f) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _split_word(word: str, f: ImageFont.FreeTypeFont, width: float) -> list[str]:
    if text_width(word, f) <= width:
        return [word]
    for sep in ("-", "/"):
        cut = word.rfind(sep, 0, len(word) - 1)
        while cut > 0 and text_width(word[: cut + 1], f) > width:
            cut = word.rfind(sep, 0, cut)
        if cut > 0:
            return [word[: cut + 1], *_split_word(word[cut + 1:], f, width)]
    return [word]


def fits(lines: list[str], f: ImageFont.FreeTypeFont, width: float, height: float, leading: float = 0) -> bool:
    tall = len(lines) * line_height(f) + leading * (len(lines) - 1)
    return tall <= height and all(text_width(line, f) <= width for line in lines)


def fit_block(text: str, width: float, height: float, sizes: range | tuple[int, ...],
              bold: bool = False, leading: float = 0) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """``text`` wrapped into the box at the largest of ``sizes`` (tried in the order given) at
    which every line fits; when none fits, the smallest size's first lines, the last one
    ending in an ellipsis (the caller's data then needs a shorter text)."""
    f = font(sizes[0], bold)
    for size in sizes:
        f = font(size, bold)
        lines = wrap(text, f, width)
        if fits(lines, f, width, height, leading):
            return lines, f
    lines = wrap(text, f, width)
    keep = max(1, int((height + leading) // (line_height(f) + leading)))
    return [*lines[: keep - 1], ellipsize(" ".join(lines[keep - 1:]), f, width)], f


def ellipsize(text: str, f: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` (whole when it fits)."""
    if text_width(text, f) <= width:
        return text
    while text and text_width(text + ELLIPSIS, f) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
