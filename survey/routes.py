"""Finding roads, trails and railways: lines printed from one hex centre to the next.

Such a line is straight, so each half of a pair's band (the half in each hex) is reduced to its
profile across, the median along it: the line stays; texture, a hex number and a crossing river,
on a small part of the length, go. A kind is learned from its samples as an ink (a colour, and how
much of it each pixel across the line holds), so it is recognised on any ground; what no line
looks like is learned from the pairs themselves, most of which hold none.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hexforge.survey.features import quantile

SHAPE = 3     # pixels each side of a line's middle in its profile
PARTS = 4     # lengths a band is cut into, two in each hex: a hex number or a crossing river spoils one
CAP = 15.0    # the most one part may count for a line (against it, it counts in full)
GROUP = 8     # halves a group needs to have its own idea of what no line looks like


def profiles(values: np.ndarray) -> np.ndarray:
    """(n, PARTS, across, 3): the median along each part of every pair's band (n, bins, across, 3)."""
    return np.stack([quantile(v, 50, axis=1) for v in np.array_split(values, PARTS, axis=1)], axis=1)


def descriptors(prof: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The profile around its most contrasting middle (within 2 px of the segment) less the band's
    edges, (..., 2 SHAPE + 1, 3), and those edges: the ground the line is printed on, (..., 3)."""
    lead = prof.shape[:-2]
    prof = prof.reshape(-1, *prof.shape[-2:])
    n, width, _ = prof.shape
    mid = width // 2
    ground = quantile(np.concatenate([prof[:, :2], prof[:, -2:]], axis=1), 50, axis=1)    # (n, 3)
    diff = prof - ground[:, None, :]
    contrast = np.linalg.norm(np.nan_to_num(diff[:, mid - 2:mid + 3]), axis=2)             # (n, 5)
    centre = mid - 2 + np.argmax(contrast, axis=1)
    offsets = np.clip(centre[:, None] + np.arange(-SHAPE, SHAPE + 1)[None, :], 0, width - 1)
    out = np.take_along_axis(diff, offsets[:, :, None].repeat(3, axis=2), axis=1)
    return np.nan_to_num(out.reshape(*lead, 2 * SHAPE + 1, 3)), np.nan_to_num(ground.reshape(*lead, 3))


@dataclass(frozen=True)
class Ink:
    """A line kind as printed: profile = cover * (colour - ground), ``cover`` per pixel across."""

    colour: np.ndarray
    cover: np.ndarray

    def profile(self, ground: np.ndarray) -> np.ndarray:
        """The expected profiles (m, 2 SHAPE + 1, 3) on grounds (m, 3)."""
        return self.cover[None, :, None] * (self.colour[None, None, :] - ground[:, None, :])


def ink(contrast: np.ndarray, ground: np.ndarray) -> Ink:
    """The ink best explaining sample profiles ``contrast`` (m, w, 3) on ``ground`` (m, 3), by
    alternating least squares. On one ground alone colour and cover trade off; the fit starts from a
    full cover, so it then reads the line's middle as its colour."""
    colour = (contrast[:, SHAPE] + ground).mean(axis=0)
    cover = np.ones(contrast.shape[1])
    for _ in range(12):
        span = colour[None, :] - ground                                               # (m, 3)
        cover = np.clip(np.einsum("mwc,mc->w", contrast, span) / max(float(np.sum(span * span)), 1e-6), 0, 1)
        target = contrast + cover[None, :, None] * ground[:, None, :]                  # = cover * colour
        colour = np.einsum("w,mwc->c", cover, target) / max(float(len(ground) * np.sum(cover ** 2)), 1e-6)
    return Ink(colour, cover)


def classify(contrast: np.ndarray, ground: np.ndarray, samples: dict[int, list[int]],
             groups: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(kind index or -1 for none, margin: 0 is a toss-up) per pair, from the :func:`descriptors` of
    its parts, (n, PARTS, w, 3) and (n, PARTS, 3), and the parts' groups (n, PARTS). Each part weighs
    each kind's ink on the part's own ground against no line, for a line by at most :data:`CAP`;
    the parts' sum decides, and the kind is the one the whole pair fits best. No line is learned per group (the part's hex terrain, direction and place: a town's
    printed grid along the pair looks like a trail in every such town, and a hex number sits on one
    spoke) from the pairs themselves, most of which hold no line."""
    n, parts, w, _ = contrast.shape
    flat, ground2, g = contrast.reshape(n * parts, w * 3), ground.reshape(n * parts, 3), groups.reshape(n * parts)
    base, scale = _spread(flat)
    texture = np.tile(base, (n * parts, 1))
    noise = np.ones_like(flat)
    for k in np.unique(g):
        members = g == k
        if members.sum() >= GROUP:
            b, sc = _spread(flat[members])
            texture[members], noise[members] = b, np.maximum(sc / scale, 1.0)
    kinds = sorted(samples)
    x = flat - texture
    none = (((x / scale) / noise) ** 2).sum(axis=1)
    evidence, fit = [], []
    for k in kinds:
        rows = (parts * np.array(samples[k])[:, None] + np.arange(parts)[None, :]).ravel()
        one = ink(x[rows].reshape(-1, w, 3), ground2[rows])
        d = ((((x - one.profile(ground2).reshape(n * parts, -1)) / scale) / noise) ** 2).sum(axis=1)
        evidence.append(np.minimum(none - d, CAP).reshape(n, parts).sum(axis=1))
        fit.append(d.reshape(n, parts).sum(axis=1))
    e = np.stack(evidence, axis=1) / np.sqrt(parts * w * 3)                           # (n, kinds)
    fits = np.stack(fit, axis=1)
    best = np.argmin(fits, axis=1)                                                    # the kind it looks most like
    top = e[np.arange(n), best]
    ordered = np.sort(fits, axis=1)
    between = (ordered[:, 1] - ordered[:, 0]) / np.sqrt(parts * w * 3 * 2 + ordered[:, 0]) if len(kinds) > 1 \
        else np.full(n, np.inf)
    gap = np.where(top > 0, np.minimum(top, between), -top)
    label = np.where(top > 0, np.array(kinds)[best], -1)
    for k, idx in samples.items():
        label[idx], gap[idx] = k, np.inf
    return label, gap


def _spread(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    med = np.median(rows, axis=0)
    return med, np.median(np.abs(rows - med), axis=0) * 1.4826 + 0.5


def connected(label: np.ndarray, gap: np.ndarray, ends: np.ndarray, alone: float) -> tuple[np.ndarray, np.ndarray]:
    """Lines go somewhere: a line found between two hexes where no other line of its kind meets either
    hex is kept only when its margin is at least ``alone`` (a texture read as a trail here and there is
    not). Returns (label, confidence), the confidence from the margin to the answer not taken."""
    label = label.copy()
    for _ in range(2):
        touching: dict[tuple[int, int], int] = {}
        for i in np.flatnonzero(label >= 0):
            for h in ends[i]:
                touching[(int(h), int(label[i]))] = touching.get((int(h), int(label[i])), 0) + 1
        for i in np.flatnonzero(label >= 0):
            k = int(label[i])
            if all(touching.get((int(h), k), 0) <= 1 for h in ends[i]) and gap[i] < alone:
                label[i] = -1
    margin = np.where((label < 0) & (gap > 0), alone - gap, gap)
    return label, 1.0 / (1.0 + np.exp(-3.0 * np.clip(margin, -10, 10)))
