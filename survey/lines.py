"""Finding hexside features (rivers, streams, canals, walls: printed along a hexside), from a few
sample hex pairs per kind (roads, trails and railways: :mod:`hexforge.survey.routes`).

A pair's band of pixels is cut into bins along its length; a kind's line is there when, in most
bins, some pixel across the band has the kind's colour, and markedly more so than inside the two
hexes (so a marsh printed with blue dashes is not a river). The kind's colour is learned from its
samples: of the colours that stand out in their bands, the one that best tells them from the rest.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hexforge.survey.features import colour_distance, quantile

ALONG = 75           # percentile over the bins: a line must be seen along three quarters of the pair
INSIDE = 10          # percentile of the hexes' own pixels that are nearest the line's colour
CANDIDATES = 48      # colours tried per kind
OTHERS = 240         # pairs (not samples) a colour is tried against
THRESHOLD = 0.43     # of the way from the typical pair's score to the samples' a kind is there


@dataclass(frozen=True)
class Bands:
    """Pixels of every pair's band, (n, bins, across, 3) Lab, and of every hex's interior, (h, m, 3);
    ``ends[i]`` are the two hexes (interior rows) of pair i."""

    values: np.ndarray
    interiors: np.ndarray
    ends: np.ndarray


@dataclass(frozen=True)
class Kind:
    """A learned line kind: its colour, and the score below which it is there."""

    name: str
    colour: np.ndarray
    threshold: float
    spread: float


def score(bands: Bands, colour: np.ndarray, pairs: np.ndarray | slice = slice(None)) -> np.ndarray:
    """How much more a pair's band holds ``colour`` than its hexes do: negative where a line is. Each
    pixel is weighed against the hex it lies in (the band's positive side is the first hex's), so a
    marsh printed in the river's blue beside a clear hex hides neither a river nor makes one."""
    d = colour_distance(bands.values[pairs], colour)                  # (n, bins, across)
    ends = bands.ends[pairs]
    inside = quantile(colour_distance(bands.interiors[ends.ravel()], colour), INSIDE, axis=1).reshape(-1, 2)
    across = d.shape[2]
    side = np.where(np.arange(across) > across // 2, 0, 1)            # v > 0: the first hex
    base = inside[:, side]                                             # (n, across)
    base[:, across // 2] = inside.min(axis=1)
    rel = d - base[:, None, :]
    per_bin = np.min(np.where(np.isnan(rel), np.inf, rel), axis=2)
    per_bin[~np.isfinite(per_bin)] = np.nan
    return quantile(per_bin, ALONG, axis=1)


def learn(bands: Bands, name: str, samples: list[int], rng: np.random.Generator) -> Kind:
    """The kind whose sample pairs are ``samples`` (indexes of pairs)."""
    idx = np.array(samples)
    pool = np.setdiff1d(np.arange(len(bands.values)), idx)
    others = rng.choice(pool, size=min(OTHERS, len(pool)), replace=False) if len(pool) else pool
    best, best_gap = None, -np.inf
    for c in _candidates(bands, idx, rng):
        s_in = score(bands, c, idx)
        s_out = score(bands, c, others)
        gap = (quantile(s_out, 2, axis=0) if len(others) else 0.0) - np.nanmedian(s_in)  # one odd sample may not decide
        if gap > best_gap:
            best, best_gap = c, gap
    assert best is not None
    s_in = score(bands, best, idx)
    background = score(bands, best, others) if len(others) else np.zeros(1)
    mid = float(np.nanmedian(background))
    low = float(np.nanmedian(s_in))
    return Kind(name, best, mid + THRESHOLD * (low - mid), max(abs(mid - low), 1.0))


def _candidates(bands: Bands, idx: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Colours standing out in the samples' bands: per bin, the pixel farthest from every pixel of
    the two hexes' interiors (summarised by a few quantiles of each channel)."""
    v = bands.values[idx]                                              # (s, bins, across, 3)
    ends = bands.ends[idx]
    refs = quantile(bands.interiors[ends.ravel()], (5, 25, 50, 75, 95), axis=1)  # (5, 2s, 3)
    refs = refs.transpose(1, 0, 2).reshape(len(idx), -1, 3)           # (s, 10, 3)
    dist = np.linalg.norm(v[:, :, :, None, :] - refs[:, None, None, :, :], axis=-1).min(axis=-1)
    dist = np.where(np.isnan(dist), -1.0, dist)
    pick = np.argmax(dist, axis=2)                                     # (s, bins)
    px = np.take_along_axis(v, pick[:, :, None, None].repeat(3, axis=-1), axis=2)[:, :, 0, :].reshape(-1, 3)
    px = px[~np.isnan(px).any(axis=1)]
    if len(px) > CANDIDATES:
        px = px[rng.choice(len(px), size=CANDIDATES, replace=False)]
    return px


def decide(bands: Bands, kinds: list[Kind]) -> tuple[np.ndarray, np.ndarray]:
    """(kind index or -1 for none, confidence) for every pair: the kind most clearly past its threshold."""
    if not kinds:
        n = len(bands.values)
        return np.full(n, -1), np.ones(n)
    margins = np.stack([(score(bands, k.colour) - k.threshold) / k.spread for k in kinds], axis=1)
    margins = np.where(np.isnan(margins), np.inf, margins)
    best = np.argmin(margins, axis=1)
    m = margins[np.arange(len(best)), best]
    found = m < 0
    ordered = np.sort(margins, axis=1)
    runner = ordered[:, 1] if len(kinds) > 1 else np.full(len(m), np.inf)
    clear = np.where(found, np.minimum(-m, runner - m), m)           # distance to the nearest other answer
    conf = 1.0 / (1.0 + np.exp(-6.0 * np.clip(clear, -5, 5)))
    return np.where(found, best, -1), conf
