"""Synthetic map scans with exact truth, for testing ``hexforge survey`` (no real scans can ship).

``make_scan(style, seed)`` renders a fully specified random map in one of :data:`STYLES` (textured
fills, thin hex outlines, hex numbers, curving rivers along hexsides, roads of varying width, a
key), degrades it like a scan, and returns the image with the truth carried into its pixels.
"""
from __future__ import annotations

import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from tools.scans.degrade import Affine, Degradation, degrade
from tools.scans.gamedir import write_game
from hexforge.maps.convention import Convention
from tools.scans.mapgen import MapContent, make_content, sheet_content
from tools.scans.render import STYLES_BY_NAME, key_boxes, render

STYLES: tuple[str, ...] = tuple(STYLES_BY_NAME)


@dataclass
class Scan:
    """A synthetic scan and its truth, in the pixels of ``image``."""

    image: Image.Image
    game_dir: Path
    centres: dict[str, tuple[float, float]]       # hex id -> true centre (hexes whose centre is in the image)
    terrain: dict[str, str]                       # hex id -> hex terrain type (same hexes)
    hexsides: dict[frozenset[str], str]           # {a, b} -> hexside feature (both hexes in the image)
    lines: dict[frozenset[str], str]              # {a, b} -> road / trail / railway (both hexes in the image)
    key: dict[str, tuple[int, int, int, int]]     # terrain type -> a box inside its key swatch (x0, y0, x1, y1)
    style: str
    seed: int
    hex_height: float                             # true hex height (VASSAL dy) in ``image`` pixels
    rotation: float                               # degrees, counter-clockwise on screen
    degradation: Degradation | None


def make_scan(style: str, seed: int, degrade: bool = True, *, columns: int | None = None,
              rows: int | None = None) -> Scan:
    """A deterministic synthetic scan for (style, seed); ``columns``/``rows`` fix the map size."""
    if style not in STYLES_BY_NAME:
        raise ValueError(f"no scan style {style!r} (valid: {', '.join(STYLES)})")
    rng = random.Random(f"{style}/{seed}")
    nrng = np.random.default_rng(rng.getrandbits(64))
    cols = columns or rng.randint(24, 32)
    rws = rows or rng.randint(22, 32)
    content = make_content(rng, rng.uniform(40, 56), cols, rws, margin=12)
    look = STYLES_BY_NAME[style]
    clean = render(content, look, nrng)
    if degrade:
        image, fwd, how = _degrade(clean, nrng, look.paper)
    else:
        image, fwd, how = clean, Affine(1, 0, 0, 1, 0, 0), None
    folder = Path(tempfile.mkdtemp(prefix="hexforge-scan-")) / f"scan-{style}-{seed}"
    scan = _scan(image, fwd, how, content, folder, style, seed)
    w, h = image.size
    central = sorted(scan.centres, key=lambda k: _distance_to_middle(scan.centres[k], w, h))
    write_game(folder, f"scan-{style}-{seed}", content, {"B1": central[0], "B2": central[3], "R1": central[9]})
    return scan


def make_sheet_scan(style: str, seed: int, conv: Convention, prefix: str, game_dir: Path, *,
                    hex_height: float = 48.0, scale: float | None = None, rotation: float | None = None) -> Scan:
    """A synthetic scan of one printed sheet of a game already on disk (``game_dir``), numbered by the
    sheet's own ``conv`` (any orientation) with its labels printed and keyed as the game names them
    (``prefix`` + label, e.g. ``A0101``); ``scale`` and ``rotation`` fix the degradation's."""
    if style not in STYLES_BY_NAME:
        raise ValueError(f"no scan style {style!r} (valid: {', '.join(STYLES)})")
    rng = random.Random(f"{style}/{seed}/{prefix}")
    nrng = np.random.default_rng(rng.getrandbits(64))
    content = sheet_content(rng, hex_height, conv, 12, prefix)
    look = STYLES_BY_NAME[style]
    image, fwd, how = degrade(render(content, look, nrng), nrng, look.paper, keep="bottom", scale=scale,
                              rotation=rotation)
    return _scan(image, fwd, how, content, game_dir, style, seed)


def _scan(image: Image.Image, fwd: Affine, how: Degradation | None, content: MapContent, folder: Path,
          style: str, seed: int) -> Scan:
    """The scan's truth carried through ``fwd`` into ``image``'s pixels."""
    w, h = image.size
    centres = {}
    for label, hx in content.hexes.items():
        x, y = fwd(*content.board.centre(hx))
        if 0 <= x < w and 0 <= y < h:
            centres[label] = (x, y)
    seen = set(centres)
    key = {}
    for t, (x0, y0, x1, y1) in key_boxes(content).items():
        xs, ys = zip(*(fwd(x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))))
        pad = 3
        key[t] = (int(max(xs[0], xs[2])) + pad, int(max(ys[0], ys[1])) + pad,
                  int(min(xs[1], xs[3])) - pad, int(min(ys[2], ys[3])) - pad)
    a = abs(complex(fwd.a, fwd.c))
    return Scan(image, folder, centres, {k: content.terrain[k] for k in seen},
                {p: f for p, f in content.hexsides.items() if p <= seen},
                {p: f for p, f in content.lines.items() if p <= seen},
                key, style, seed, content.board.grid.dy * a, how.rotation if how else 0.0, how)


def _degrade(clean: Image.Image, rng: np.random.Generator, paper: tuple[int, int, int]):
    return degrade(clean, rng, paper, keep="bottom")


def _distance_to_middle(p: tuple[float, float], w: int, h: int) -> float:
    return (p[0] - w / 2) ** 2 + (p[1] - h / 2) ** 2


def truth_samples(s: Scan, k: int = 3):
    """At most ``k`` true samples of every terrain, hexside and line type on the scan, drawn by its seed: what a
    user names in samples.toml (``hexforge.survey.terrain.Samples``)."""
    from hexforge.survey.store import pair
    from hexforge.survey.terrain import Samples
    rng = random.Random(s.seed)

    def pick(items):
        return rng.sample(sorted(items), min(k, len(items)))

    out = Samples()
    for t in sorted(set(s.terrain.values())):
        out.hexes[t] = pick([h for h, x in s.terrain.items() if x == t])
    for t in ("river", "stream"):
        out.hexsides[t] = pick([pair(*sorted(p)) for p, x in s.hexsides.items() if x == t])
    for t in ("road", "trail", "railway"):
        out.lines[t] = pick([pair(*sorted(p)) for p, x in s.lines.items() if x == t])
    return out
