"""`hexforge survey grid`: the game's hex grid fitted to a map image, labelled by its numbering.

:func:`fit` finds the lattice of printed hexes (:mod:`hexforge.survey.lattice`) and decides
which hex is which: from ``--at`` points a person gave, or else from the map's extent in
``game.toml`` (the printed hexes seen must be the sheet's; the hex numbers are printed but not
read). It says how it decided. :func:`read_grid` reads what ``survey grid`` wrote.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PIL import Image
from scipy import signal

from hexforge.maps.convention import Convention
from hexforge.survey.gridfile import AtPoint, FittedGrid, lattice_steps, read_grid
from hexforge.survey.image import MapImage
from hexforge.survey.lattice import (MIN_HEX, Lattice, NoGrid, autocorrelation, candidates, coarse_lattice,
                                     edge_response, origin_by_folding, presence, refine_by_hexes)

__all__ = ["Fit", "FitError", "AtPoint", "fit", "read_grid"]

WORK_PIXELS = 4_000_000   # the lattice is found on an image reduced to about this size
MIN_STRENGTH = 0.1        # the autocorrelation peak of a printed grid (synthetic scans: 0.23-0.49; noise,
                          # stripes, photos, blank pages: < 0.03)
PRESENT = 0.35            # a hex shows a printed hex inside when its presence score reaches this


class FitError(ValueError):
    """The grid could not be fitted; the message names the image and says what was found."""


@dataclass(frozen=True)
class Fit:
    """A fitted, labelled grid and its hex centres on the image."""

    grid: FittedGrid
    centres: dict[str, tuple[float, float]]   # sheet hexes whose centre lies on the image
    outlines_seen: int                         # lattice hexes showing a printed outline


@dataclass(frozen=True)
class Found:
    lattice: Lattice        # in the working frame (transposed for a sideways grid), full-size pixels
    a: np.ndarray           # observable hexes (lattice indices)
    b: np.ndarray
    present: np.ndarray     # which of them show an outline
    residual: np.ndarray    # per observable hex (NaN where not measured)


def fit(image: MapImage, conv: Convention, at: tuple[AtPoint, ...] = ()) -> Fit:
    """The grid of ``conv`` fitted to ``image``; ``at`` points say which hex is where."""
    sideways = conv.orientation == "rows"
    frame = image.pixels.transpose(1, 0, 2) if sideways else image.pixels
    try:
        found = find_lattice(frame)
    except NoGrid as e:
        raise FitError(f"{image.path}: no hex grid found ({e}); is this a map with printed hex outlines, "
                       f"hexes at least {MIN_HEX:.0f} px high?") from None
    swap = (lambda x, y: (y, x)) if sideways else (lambda x, y: (x, y))
    frame_at = tuple(AtPoint(p.hex, *swap(p.x, p.y)) for p in at)
    origin_ab, how = _label(found, conv, frame_at)
    lat = found.lattice
    ox, oy = lat.point(*origin_ab)
    measured = found.residual[found.present & ~np.isnan(found.residual)]
    rotation = -lat.rotation if sideways else lat.rotation
    steps = lattice_steps(conv)
    first = next(k for k, v in steps.items() if v == (0, 0))
    grid = FittedGrid(
        image.path.name, image.sha256, image.width, image.height, conv.orientation, lat.dx, lat.dy, rotation,
        swap(float(ox), float(oy)), first, swap(*lat.u), swap(*lat.v),
        float(measured.mean()) if len(measured) else 0.0, float(measured.max()) if len(measured) else 0.0,
        tuple(at), how, f"hexforge survey grid of {image.describe()}")
    return Fit(grid, grid.centres_inside(conv), int(found.present.sum()))


def _reduce(rgb: np.ndarray) -> tuple[np.ndarray, int]:
    """The image shrunk by an integer factor (block means) to about :data:`WORK_PIXELS`."""
    h, w = rgb.shape[:2]
    f = max(1, math.ceil(math.sqrt(h * w / WORK_PIXELS)))
    if f == 1:
        return rgb, 1
    hh, ww = h // f * f, w // f * f
    # Pillow's box reduction works in 8 bits: no float copy of a large image is ever made
    small = Image.fromarray(np.ascontiguousarray(rgb[:hh, :ww]), "RGB").reduce(f)
    return np.asarray(small), f


def find_lattice(rgb: np.ndarray) -> Found:
    """The lattice of printed hexes (or :class:`NoGrid`)."""
    small, f = _reduce(rgb)
    h, w = small.shape[:2]
    if min(h, w) < 4 * MIN_HEX:
        raise NoGrid(f"the image is only {rgb.shape[1]}x{rgb.shape[0]} pixels")
    e = edge_response(small)
    u, v, strength = coarse_lattice(autocorrelation(e), h, w)
    if strength < MIN_STRENGTH:
        raise NoGrid(f"nothing repeats as printed hexes do (pattern strength {strength:.2f}; printed grids "
                     f"give {MIN_STRENGTH} or more)")
    origin, score = origin_by_folding(e, small.mean(axis=2), u, v)
    if score < 0.2:
        raise NoGrid(f"the repeating pattern is not hex outlines (match {score:.2f}, printed grids give > 0.3)")
    lat = Lattice(origin, u, v)
    for _ in range(2):
        a, b, shows, observable = _seen(e, lat)
        if shows.sum() < 6:
            raise NoGrid(f"only {int(shows.sum())} hexes look like printed hexes")
        lat, _ = refine_by_hexes(e, lat, a[shows], b[shows])
    a, b, shows, observable = _seen(e, lat)
    _, res_shown = refine_by_hexes(e, lat, a[shows], b[shows])
    residual = np.full(len(a), np.nan)
    residual[shows] = res_shown
    if not np.isfinite(res_shown).any():
        raise NoGrid("no hex could be measured whole")
    if np.nanmedian(res_shown) > 0.12 * lat.dy:
        raise NoGrid(f"hexes do not line up (median misfit {np.nanmedian(res_shown):.1f} px for hexes "
                     f"{lat.dy:.0f} px high)")
    full = Lattice((f * lat.origin[0] + (f - 1) / 2, f * lat.origin[1] + (f - 1) / 2),
                   (f * lat.u[0], f * lat.u[1]), (f * lat.v[0], f * lat.v[1]))
    return Found(full, a[observable], b[observable], shows[observable], residual[observable] * f)


def _seen(e: np.ndarray, lat: Lattice) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Hexes near or on the image (a, b), which look printed, and which can be told (half seen)."""
    h, w = e.shape
    a, b = candidates(lat, h, w, -0.3 * lat.dy)
    score, seen = presence(e, lat, a, b)
    observable = seen >= 0.45
    return a, b, observable & (score >= PRESENT), observable


def _label(found: Found, conv: Convention, at: tuple[AtPoint, ...]) -> tuple[tuple[int, int], str]:
    """The lattice index of the sheet's first hex, and how it was decided."""
    steps = lattice_steps(conv)
    by_extent, how = _label_by_extent(found, conv, steps)
    if not at:
        return by_extent, how
    chosen, how_at = _label_at(found, steps, at)
    if chosen != by_extent and "one place only" in how:
        da, db = chosen[0] - by_extent[0], chosen[1] - by_extent[1]
        how_at += (f"; note: the printed hexes seen fit the map's extent in one place only, and the --at points "
                   f"put the map {da} lines and {db} hexes along them away from it: check the --at points")
    return chosen, how_at


def _label_at(found: Found, steps: dict[str, tuple[int, int]],
              at: tuple[AtPoint, ...]) -> tuple[tuple[int, int], str]:
    lat = found.lattice
    origins = []
    for p in at:
        if p.hex not in steps:
            raise FitError(f"--at {p.hex}: no such hex on this map (hexes are like {next(iter(steps))})")
        fa, fb = lat.index(p.x, p.y)
        a, b = int(np.round(fa)), int(np.round(fb))
        cx, cy = lat.point(a, b)
        if math.hypot(cx - p.x, cy - p.y) > 0.5 * lat.dy:
            raise FitError(f"--at {p.hex}={p.x:g},{p.y:g} is not inside a hex of the grid found")
        da, db = steps[p.hex]
        origins.append((p, (a - da, b - db)))
    first = origins[0]
    for p, o in origins[1:]:
        if o != first[1]:
            raise FitError(f"the --at points disagree: {first[0].hex} at {first[0].x:g},{first[0].y:g} and {p.hex} at "
                           f"{p.x:g},{p.y:g} are not where the grid found puts them relative to each other "
                           f"(off by {o[0] - first[1][0]} columns/lines and {o[1] - first[1][1]} hexes along them)")
    names = ", ".join(p.hex for p in at)
    return first[1], f"labelled by the --at point{'s' if len(at) > 1 else ''} {names}"


def _label_by_extent(found: Found, conv: Convention,
                     steps: dict[str, tuple[int, int]]) -> tuple[tuple[int, int], str]:
    """Place the sheet so that the hexes showing an outline are its hexes and the observable hexes
    off it show none; when several places fit equally, take the top-left full hex as the first."""
    a, b, shown = found.a, found.b, found.present
    if not shown.any():
        raise FitError("no printed hex outlines to label")
    a0, b0 = a.min(), b.min()
    grid_p = np.zeros((a.max() - a0 + 1, b.max() - b0 + 1), dtype=np.int32)
    grid_q = np.zeros_like(grid_p)
    grid_p[a[shown] - a0, b[shown] - b0] = 1
    grid_q[a[~shown] - a0, b[~shown] - b0] = 1
    sa = np.array([s[0] for s in steps.values()])
    sb = np.array([s[1] for s in steps.values()])
    sb0 = sb.min()
    mask = np.zeros((sa.max() + 1, sb.max() - sb0 + 1), dtype=np.int32)
    mask[sa, sb - sb0] = 1
    on = signal.correlate(grid_p, mask, mode="full", method="direct")
    off = signal.correlate(grid_q, mask, mode="full", method="direct")
    score = 2 * on - off - int(grid_p.sum())
    best = score.max()
    ties = np.argwhere(score == best)
    # index (i, j) of the full correlation: sheet origin at a = a0 + i - (mask rows - 1), b likewise
    origins = [(int(a0 + i - (mask.shape[0] - 1)), int(b0 + j - (mask.shape[1] - 1) - sb0)) for i, j in ties]
    lines = "columns" if conv.orientation == "columns" else "rows"
    first = next(k for k, v in steps.items() if v == (0, 0))
    outside = int(grid_p.sum() - on[tuple(ties[0])])
    if len(origins) == 1:
        how = (f"labelled by the map's extent: the {int(grid_p.sum())} printed hexes seen fit the "
               f"{conv.lines.count} {lines} x {conv.positions.count} hexes of game.toml in one place only")
        if outside:
            how += f" ({outside} outlines seen lie off the map)"
        return origins[0], how + "; the printed hex numbers are not read (give --at to be sure)"
    top_left = _top_left_full(found)
    chosen = min(origins, key=lambda o: _distance(found.lattice, o, top_left))
    return chosen, (f"the image does not show enough of the map's edges to place it ({len(origins)} places fit "
                    f"equally): assumed the top-left full hex is {first}; the printed hex numbers are not read "
                    "(give --at to be sure)")


def _top_left_full(found: Found) -> tuple[int, int]:
    x, y = found.lattice.point(found.a, found.b)
    i = np.argmin(np.where(found.present, x + y, np.inf))
    return int(found.a[i]), int(found.b[i])


def _distance(lat: Lattice, o: tuple[int, int], p: tuple[int, int]) -> float:
    (x0, y0), (x1, y1) = lat.point(*o), lat.point(*p)
    return float(math.hypot(x1 - x0, y1 - y0))
