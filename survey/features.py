"""What the survey measures in a map image: colour in CIELAB (a perceptual space: equal distances
look about equally different) and texture, inside hexes, along hexsides and along the lines from
one hex centre to the next.

All measures are vectorised over every hex (or hex pair) at once: a 1,000-hex map takes well
under a second. Coordinates are image pixels (x right, y down); a hex is given by its centre.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image
from scipy import ndimage

Points = np.ndarray  # (n, 2) float: x, y

# CIE 1931 XYZ of linear sRGB, D65 white (IEC 61966-2-1)
_RGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                        [0.2126729, 0.7151522, 0.0721750],
                        [0.0193339, 0.1191920, 0.9503041]])
_WHITE = np.array([0.95047, 1.0, 1.08883])


def lab(image: Image.Image) -> np.ndarray:
    """The image as an (h, w, 3) float32 array of CIELAB L*, a*, b* (sRGB, D65)."""
    rgb = np.asarray(image.convert("RGB"), dtype=np.float32) / 255.0
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    xyz = linear @ _RGB_TO_XYZ.T.astype(np.float32) / _WHITE.astype(np.float32)
    e = 216 / 24389
    f = np.where(xyz > e, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    out = np.empty_like(f)
    out[..., 0] = 116 * f[..., 1] - 16
    out[..., 1] = 500 * (f[..., 0] - f[..., 1])
    out[..., 2] = 200 * (f[..., 1] - f[..., 2])
    return out


def smooth(image_lab: np.ndarray, sigma: float) -> np.ndarray:
    """Each channel blurred by a Gaussian of ``sigma`` pixels (fades 1-pixel print textures)."""
    return np.stack([ndimage.gaussian_filter(image_lab[..., c], sigma) for c in range(3)], axis=-1)


def sample(image_lab: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """Lab values at points ``xy`` (..., 2), nearest pixel; points off the image give NaN."""
    h, w = image_lab.shape[:2]
    x = np.rint(xy[..., 0] - 0.5).astype(np.int64)
    y = np.rint(xy[..., 1] - 0.5).astype(np.int64)
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    out = image_lab[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)].astype(np.float32)
    out[~inside] = np.nan
    return out


def disc(radius: float) -> np.ndarray:
    """Pixel offsets (m, 2) within ``radius`` of a centre."""
    r = int(np.ceil(radius))
    yy, xx = np.mgrid[-r:r + 1, -r:r + 1]
    keep = xx ** 2 + yy ** 2 <= radius ** 2
    return np.stack([xx[keep], yy[keep]], axis=-1).astype(np.float64)


HEX_FEATURES = ("L10", "L50", "L90", "a10", "a50", "a90", "b10", "b50", "b90", "Lgrad", "Lstd")


def spoke_angle(a: Points, b: Points) -> float:
    """The direction (radians, modulo 60 degrees) of the lines from hex centres to their neighbours'
    (hex pairs ``a``-``b``): 90 degrees for a grid in columns, 0 for one in rows, plus its rotation."""
    theta = np.arctan2(b[:, 1] - a[:, 1], b[:, 0] - a[:, 0])
    return float(np.angle(np.mean(np.exp(6j * theta))) / 6)


def interior(spacing: float, spoke: float) -> np.ndarray:
    """Pixel offsets of a hex's interior where neither its outline, a river bulging off a hexside,
    nor a road, trail or railway to a neighbour (the six spokes), nor its printed number (on a spoke
    in the usual layouts) lies: a disc of 0.36 of the centre spacing less the spokes."""
    offsets = disc(0.36 * spacing)
    width = max(0.09 * spacing, 3.0)
    keep = np.ones(len(offsets), dtype=bool)
    for k in range(6):
        t = spoke + k * np.pi / 3
        across = np.abs(offsets[:, 0] * np.sin(t) - offsets[:, 1] * np.cos(t))
        along = offsets[:, 0] * np.cos(t) + offsets[:, 1] * np.sin(t)
        keep &= ~((across <= width) & (along >= -width))
    return offsets[keep]


def hex_features(image_lab: np.ndarray, centres: Points, spacing: float, spoke: float) -> np.ndarray:
    """(n, len(HEX_FEATURES)) colour and texture statistics of each hex's :func:`interior`."""
    return region_features(image_lab, centres[:, None, :] + interior(spacing, spoke)[None, :, :])


def box_points(box: tuple[int, int, int, int]) -> np.ndarray:
    """The pixel centres of a box ``(x0, y0, x1, y1)`` as (1, m, 2) (a map key's swatch)."""
    x0, y0, x1, y1 = box
    yy, xx = np.mgrid[y0:max(y1, y0 + 1), x0:max(x1, x0 + 1)]
    return np.stack([xx.ravel() + 0.5, yy.ravel() + 0.5], axis=-1)[None].astype(np.float64)


def region_features(image_lab: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Colour quantiles and texture of the pixels at ``pts`` (n, m, 2), one row per region."""
    values = sample(image_lab, pts)                                   # (n, m, 3)
    q = quantile(values, (10, 50, 90), axis=1)                        # (3, n, 3)
    grad = ndimage.gaussian_gradient_magnitude(image_lab[..., 0], 0.7)
    g = sample(grad[..., None], pts)[..., 0]
    cols = [q[i, :, c] for c in range(3) for i in range(3)]
    cols += [quantile(g, 50, axis=1), np.nanstd(values[..., 0], axis=1)]
    return np.stack(cols, axis=-1)


@dataclass(frozen=True)
class Band:
    """Points of a band around a segment, per hex pair: (n, len(u), len(v), 2), with u along the segment."""

    points: np.ndarray
    u: np.ndarray
    v: np.ndarray


def band(start: Points, end: Points, u: np.ndarray, v: np.ndarray) -> Band:
    """Points at ``start + u (end - start) + v n`` for fractions ``u`` and pixel offsets ``v`` across
    (``n`` the unit normal), for each of the n segments."""
    d = end - start
    length = np.linalg.norm(d, axis=1, keepdims=True)
    normal = np.stack([-d[:, 1], d[:, 0]], axis=1) / np.maximum(length, 1e-9)
    pts = (start[:, None, None, :] + u[None, :, None, None] * d[:, None, None, :]
           + v[None, None, :, None] * normal[:, None, None, :])
    return Band(pts, u, v)


def hexside_segments(a: Points, b: Points) -> tuple[Points, Points]:
    """The two ends of the hexside between hexes centred at ``a`` and ``b`` (regular hexes: the
    perpendicular bisector of the centres, one side long = spacing / sqrt 3)."""
    mid = (a + b) / 2
    d = b - a
    half = 0.5 / np.sqrt(3.0)
    perp = np.stack([-d[:, 1], d[:, 0]], axis=1) * half
    return mid - perp, mid + perp


def quantile(a: np.ndarray, q: float | tuple[float, ...], axis: int) -> np.ndarray:
    """The ``q`` percentile(s) of ``a`` along ``axis`` ignoring NaN (nearest rank; NaN where all are
    NaN): numpy's nanpercentile loops in Python over rows that hold a NaN."""
    a = np.moveaxis(np.where(np.isnan(a), np.inf, a), axis, -1)
    srt = np.sort(a, axis=-1)
    n = np.isfinite(srt).sum(axis=-1)
    out = []
    for one in np.atleast_1d(q):
        k = np.clip(np.rint(one / 100 * (n - 1)), 0, a.shape[-1] - 1).astype(np.int64)
        v = np.take_along_axis(srt, k[..., None], axis=-1)[..., 0]
        out.append(np.where(n > 0, v, np.nan))
    return out[0] if np.ndim(q) == 0 else np.stack(out)


def colour_distance(values: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """CIE76 distance of Lab ``values`` (..., 3) from one Lab ``colour``; NaN stays NaN."""
    return np.sqrt(np.sum((values - colour) ** 2, axis=-1))
