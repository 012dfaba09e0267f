"""Finding a printed hex grid in an image: the lattice of hex centres, before any labelling.

The image is turned into an edge response (hex outlines, fill boundaries, printed numbers all
repeat with the grid); its autocorrelation (by FFT) peaks at the lattice vectors, found first
near one hex and then refined on multiples of them across the image; the origin comes from
folding the response onto one lattice cell and matching it to a hex outline; each hex is then
measured against the average hex and the lattice fitted to those measurements by least squares.

Everything here works in the grid's frame: flat-topped hexes in columns (VASSAL's un-rotated
frame); a sideways grid is handled by transposing the image before and after.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import fft, ndimage

MAX_ROTATION = 2.5  # degrees searched (the survey promises 2)
MIN_HEX = 14.0      # smallest hex height found (pixels)


class NoGrid(ValueError):
    """No hex grid could be found in the image; the message says what was looked for."""


@dataclass(frozen=True)
class Lattice:
    """Hex centres ``origin + a*u + b*v``: ``u`` to the next column's hex half a hex lower,
    ``v`` to the next hex down the column (pixels)."""

    origin: tuple[float, float]
    u: tuple[float, float]
    v: tuple[float, float]

    def point(self, a: np.ndarray | float, b: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
        return (self.origin[0] + a * self.u[0] + b * self.v[0], self.origin[1] + a * self.u[1] + b * self.v[1])

    def index(self, x: np.ndarray | float, y: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
        """Fractional lattice coordinates (a, b) of pixels."""
        m = np.array([[self.u[0], self.v[0]], [self.u[1], self.v[1]]])
        inv = np.linalg.inv(m)
        px, py = np.asarray(x) - self.origin[0], np.asarray(y) - self.origin[1]
        return inv[0, 0] * px + inv[0, 1] * py, inv[1, 0] * px + inv[1, 1] * py

    @property
    def dy(self) -> float:
        return math.hypot(*self.v)

    @property
    def dx(self) -> float:
        return math.hypot(2 * self.u[0] - self.v[0], 2 * self.u[1] - self.v[1]) / 2

    @property
    def rotation(self) -> float:
        """Degrees, counter-clockwise on screen (image y grows downwards)."""
        hx, hy = 2 * self.u[0] - self.v[0], 2 * self.u[1] - self.v[1]
        return math.degrees((math.atan2(self.v[0], self.v[1]) + math.atan2(-hy, hx)) / 2)


def edge_response(rgb: np.ndarray) -> np.ndarray:
    """Colour gradient magnitude after a light blur (float32, same shape as the image)."""
    out = np.zeros(rgb.shape[:2], dtype=np.float32)
    for c in range(3):
        g = ndimage.gaussian_filter(rgb[:, :, c].astype(np.float32), 1.2)
        out += np.hypot(ndimage.sobel(g, axis=1), ndimage.sobel(g, axis=0))
    return out


def autocorrelation(e: np.ndarray) -> np.ndarray:
    """Normalised autocorrelation of ``e`` (lags wrap: index [dy % H2, dx % W2], H2 >= 2H)."""
    h, w = e.shape
    z = (e - e.mean()).astype(np.float32)
    shape = (fft.next_fast_len(2 * h, real=True), fft.next_fast_len(2 * w, real=True))
    f = fft.rfft2(z, shape, workers=2)
    ac = fft.irfft2(f * np.conj(f), shape, workers=2)
    # how many pixel pairs each lag has: (H - |dy|) (W - |dx|), at least a quarter of the image
    ly = np.minimum(np.arange(shape[0]), shape[0] - np.arange(shape[0]))
    lx = np.minimum(np.arange(shape[1]), shape[1] - np.arange(shape[1]))
    overlap = np.maximum(h - ly, 0)[:, None].astype(np.float32) * np.maximum(w - lx, 0)[None, :]
    ac = ac / np.maximum(overlap, 0.25 * h * w)
    if not ac[0, 0] > 0:
        raise NoGrid("the image is blank")
    return (ac / ac[0, 0]).astype(np.float32)


def _sample(ac: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Bilinear samples of the wrapped autocorrelation at lags (x, y)."""
    h2, w2 = ac.shape
    return ndimage.map_coordinates(ac, [np.asarray(y) % h2, np.asarray(x) % w2], order=1, mode="grid-wrap")


def _peak(ac: np.ndarray, x: float, y: float, radius: float) -> tuple[float, float, float]:
    """The highest sample within ``radius`` of (x, y), refined to a sub-pixel peak."""
    r = max(1.5, radius)
    gy, gx = np.mgrid[-r:r + 0.01:0.5, -r:r + 0.01:0.5]
    vals = _sample(ac, x + gx, y + gy)
    i = np.unravel_index(np.argmax(vals), vals.shape)
    px, py = x + gx[i], y + gy[i]
    # a quadratic through the 3x3 neighbourhood (one pixel apart) gives the sub-pixel peak
    oy, ox = np.mgrid[-1:2, -1:2]
    z = _sample(ac, px + ox, py + oy)
    ddx = (z[1, 2] - z[1, 0]) / 2
    ddy = (z[2, 1] - z[0, 1]) / 2
    dxx = z[1, 2] - 2 * z[1, 1] + z[1, 0]
    dyy = z[2, 1] - 2 * z[1, 1] + z[0, 1]
    dxy = (z[2, 2] - z[2, 0] - z[0, 2] + z[0, 0]) / 4
    det = dxx * dyy - dxy * dxy
    if det > 0 and dxx < 0:
        sx = -(dyy * ddx - dxy * ddy) / det
        sy = -(dxx * ddy - dxy * ddx) / det
        if abs(sx) <= 1 and abs(sy) <= 1:
            px, py = px + sx, py + sy
    return float(px), float(py), float(vals[i])


def _column_step(ac: np.ndarray, lo: float, hi: float) -> tuple[float, float]:
    """The hex height: the first strong autocorrelation peak straight down (within the rotation)."""
    lags = np.arange(lo, hi, 0.5)
    angles = np.radians(np.arange(-MAX_ROTATION, MAX_ROTATION + 0.01, 0.25))
    x = lags[:, None] * np.sin(angles)[None, :]
    y = lags[:, None] * np.cos(angles)[None, :]
    profile = _sample(ac, x, y).max(axis=1)
    profile = profile - np.median(profile)
    peaks = [i for i in range(1, len(profile) - 1)
             if profile[i] >= profile[i - 1] and profile[i] > profile[i + 1] and profile[i] > 0]
    if not peaks:
        raise NoGrid("no repeating pattern down the image")
    top = max(profile[i] for i in peaks)
    first = next(i for i in peaks if profile[i] >= 0.6 * top)
    return float(lags[first]), float(top)


def coarse_lattice(ac: np.ndarray, height: int, width: int) -> tuple[tuple[float, float], tuple[float, float], float]:
    """Lattice vectors u, v from the autocorrelation, refined on their multiples; and v's peak height."""
    dy, strength = _column_step(ac, MIN_HEX, min(height, width) / 3)
    vx, vy, _ = _peak(ac, 0.0, dy, 2 + dy * math.tan(math.radians(MAX_ROTATION)))
    best = None
    for dx in np.arange(0.70 * dy, 1.0 * dy, 0.5):  # VASSAL's dx: ~0.866 dy for regular hexes
        x, y, val = _peak(ac, dx + vx / 2, vy / 2, 1.0)
        if best is None or val > best[2]:
            best = (x, y, val)
    assert best is not None
    ux, uy, _ = best
    hx, hy = 2 * ux - vx, 2 * uy - vy   # (2 dx, 0) rotated: straight across the columns
    vx, vy = _refine(ac, (vx, vy), 0.6 * height)
    hx, hy = _refine(ac, (hx, hy), 0.6 * width)
    return ((hx + vx) / 2, (hy + vy) / 2), (vx, vy), strength


def _refine(ac: np.ndarray, vec: tuple[float, float], reach: float) -> tuple[float, float]:
    """A lattice vector measured again on its 2nd, 4th, 8th... multiple while that stays in reach."""
    n = 1
    vx, vy = vec
    while math.hypot(vx, vy) * n * 2 <= reach:
        n *= 2
        x, y, _ = _peak(ac, vx * n, vy * n, 2.0)
        vx, vy = x / n, y / n
    return vx, vy


def outline_model(u: tuple[float, float], v: tuple[float, float], px: np.ndarray, py: np.ndarray,
                  width: float) -> np.ndarray:
    """How close points (relative to a hex centre) are to a slanted hex side of the lattice (u, v):
    1 on it. The sides across a column (top and bottom) are left out: hex numbers are printed next
    to them and would pull the fit along the column."""
    lat = Lattice((0.0, 0.0), u, v)
    fa, fb = lat.index(px, py)
    steps = [(da, db) for da in (-1, 0, 1, 2) for db in (-1, 0, 1, 2)]
    d = np.stack([np.hypot(px - lat.point(np.floor(fa) + da, np.floor(fb) + db)[0],
                           py - lat.point(np.floor(fa) + da, np.floor(fb) + db)[1]) for da, db in steps])
    order = np.argsort(d, axis=0)
    d0 = np.take_along_axis(d, order[:1], 0)[0]
    d1 = np.take_along_axis(d, order[1:2], 0)[0]
    a_step = np.array([s[0] for s in steps])
    same_column = a_step[order[0]] == a_step[order[1]]
    return np.where(same_column, 0.0, np.exp(-(((d1 - d0) / width) ** 2)))


def _fold(image: np.ndarray, lat: Lattice, bins: int) -> np.ndarray:
    """The mean of ``image`` over each of bins x bins places of the lattice cell (a torus)."""
    h, w = image.shape
    step = max(1, int(math.sqrt(h * w / 2e6)))
    yy, xx = np.mgrid[0:h:step, 0:w:step]
    fa, fb = lat.index(xx.astype(np.float64), yy.astype(np.float64))
    ia = np.floor((fa % 1) * bins).astype(np.int64) % bins
    ib = np.floor((fb % 1) * bins).astype(np.int64) % bins
    idx = (ia * bins + ib).ravel()
    sums = np.bincount(idx, image[::step, ::step].ravel(), bins * bins)
    counts = np.bincount(idx, None, bins * bins)
    return (sums / np.maximum(counts, 1)).reshape(bins, bins)


def _match(fold: np.ndarray, model: np.ndarray) -> np.ndarray:
    """Circular correlation of a fold with a side model, normalised (1 = a perfect match)."""
    f0 = fold - fold.mean()
    corr = np.real(np.fft.ifft2(np.fft.fft2(f0) * np.conj(np.fft.fft2(model))))
    # the model is not made zero-mean: what lies inside a hex (its number, a road) must not weigh
    return corr / (np.linalg.norm(f0) * np.linalg.norm(model - model.mean()) + 1e-12)


def origin_by_folding(e: np.ndarray, gray: np.ndarray, u: tuple[float, float], v: tuple[float, float],
                      bins: int = 64) -> tuple[tuple[float, float], float]:
    """A hex centre, from the image folded onto one lattice cell (textures, noise and the varying
    fills average out) matched to the hex sides; and how well the fold matches (0..1).

    The folded edge response finds the sides robustly (outlines and fill boundaries) but blurs
    them; the folded darkness (the printed outline as a dark line) then places them to a fraction
    of a pixel, searched only near the first answer (a dark hex number must not pass for a side)."""
    lat = Lattice((0.0, 0.0), u, v)
    ga, gb = np.mgrid[0:bins, 0:bins] / bins
    mx, my = lat.point(ga + 0.5 / bins, gb + 0.5 / bins)  # bin i holds fractions around (i + 0.5) / bins
    coarse = _match(_fold(e, lat, bins), outline_model(u, v, mx, my, max(3.0, lat.dy / 10)))
    sa, sb = np.unravel_index(np.argmax(coarse), coarse.shape)
    score = float(coarse[sa, sb])
    dark = _fold(gray, lat, bins)
    dark = np.clip(ndimage.gaussian_filter(dark, bins / 16, mode="wrap") - dark, 0, None)
    fine = _match(dark, outline_model(u, v, mx, my, max(2.0, lat.dy / 20)))
    reach = max(2, round(0.08 * bins))
    window = np.roll(fine, (reach - sa, reach - sb), axis=(0, 1))[:2 * reach + 1, :2 * reach + 1]
    i, j = np.unravel_index(np.argmax(window), window.shape)
    corr = coarse
    if 0 < i < 2 * reach and 0 < j < 2 * reach:  # a peak inside the window, not on its rim
        sa, sb, corr = (sa + i - reach) % bins, (sb + j - reach) % bins, fine
    sub = []
    for k, s in ((0, sa), (1, sb)):
        line = [corr[(s - 1) % bins, sb] if k == 0 else corr[sa, (s - 1) % bins], corr[sa, sb],
                corr[(s + 1) % bins, sb] if k == 0 else corr[sa, (s + 1) % bins]]
        den = line[0] - 2 * line[1] + line[2]
        sub.append(s + (0.5 * (line[0] - line[2]) / den if den < 0 else 0.0))
    ox, oy = lat.point(sub[0] / bins, sub[1] / bins)
    return (float(ox), float(oy)), score


def _outline_offsets(lat: Lattice, scale: float, n: int = 8) -> np.ndarray:
    """Points on a hex outline shrunk by ``scale``, relative to its centre: (2, 6 * n)."""
    hx, hy = 2 * lat.u[0] - lat.v[0], 2 * lat.u[1] - lat.v[1]
    ex = np.array([hx, hy]) / math.hypot(hx, hy)
    ey = np.array(lat.v) / lat.dy
    r, half = 2 * lat.dx / 3, lat.dy / 2
    corners = [(-r, 0), (-r / 2, -half), (r / 2, -half), (r, 0), (r / 2, half), (-r / 2, half)]
    pts = []
    for i in range(6):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 6]
        for t in np.arange(n) / n:
            fx, fy = scale * (x0 + (x1 - x0) * t), scale * (y0 + (y1 - y0) * t)
            pts.append(fx * ex + fy * ey)
    return np.array(pts).T


def candidates(lat: Lattice, height: int, width: int, margin: float) -> tuple[np.ndarray, np.ndarray]:
    """Lattice indices (a, b) of every hex whose centre lies at least ``margin`` inside the image."""
    ca, cb = lat.index(np.array([0, width, 0, width]), np.array([0, 0, height, height]))
    a, b = np.mgrid[math.floor(ca.min()) - 1:math.ceil(ca.max()) + 2, math.floor(cb.min()) - 1:math.ceil(cb.max()) + 2]
    a, b = a.ravel(), b.ravel()
    x, y = lat.point(a, b)
    keep = (x >= margin) & (x < width - margin) & (y >= margin) & (y < height - margin)  # margin may be < 0
    return a[keep], b[keep]


def _patches(e: np.ndarray, lat: Lattice, a: np.ndarray, b: np.ndarray, half: int,
             centred: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Square patches of ``e`` round each hex centre (rounded to a pixel), less their mean when
    ``centred``: (patches of the hexes that fit in the image, which ones fit, the rounded centres)."""
    h, w = e.shape
    x, y = lat.point(a, b)
    ix, iy = np.round(x).astype(np.int64), np.round(y).astype(np.int64)
    ok = (ix - half >= 0) & (iy - half >= 0) & (ix + half < w) & (iy + half < h)
    sel = np.flatnonzero(ok)
    patches = np.stack([e[iy[i] - half:iy[i] + half + 1, ix[i] - half:ix[i] + half + 1] for i in sel]) if len(sel) \
        else np.zeros((0, 2 * half + 1, 2 * half + 1), dtype=e.dtype)
    return (patches - patches.mean(axis=(1, 2), keepdims=True) if centred else patches), ok, ix, iy


def _inside(lat: Lattice, half: int, scale: float) -> np.ndarray:
    """A patch mask of the hex shrunk by ``scale`` (its outline left out)."""
    gy, gx = np.mgrid[-half:half + 1, -half:half + 1].astype(np.float64)
    hx, hy = 2 * lat.u[0] - lat.v[0], 2 * lat.u[1] - lat.v[1]
    n = math.hypot(hx, hy)
    fx = (gx * hx + gy * hy) / n
    fy = (gx * lat.v[0] + gy * lat.v[1]) / lat.dy
    r, hd = 2 * lat.dx / 3, lat.dy / 2
    return (np.abs(fy) <= scale * hd) & (np.abs(fx) <= scale * r - np.abs(fy) * (r / 2) / hd)


def presence(e: np.ndarray, lat: Lattice, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per hex: how much of the typical printed hex's inside (its number, its fill's edges) it shows,
    ~1 for a printed hex and ~0 for bare paper, and how much of that inside lies on the image (0..1)."""
    half = int(0.6 * lat.dy)
    pad = half + 2
    padded = np.pad(e, pad, constant_values=np.nan)
    shifted = Lattice((lat.origin[0] + pad, lat.origin[1] + pad), lat.u, lat.v)
    raw, ok, _, _ = _patches(padded, shifted, a, b, half, centred=False)
    score, seen = np.zeros(len(a)), np.zeros(len(a))
    if not len(raw):
        return score, seen
    inside = _inside(lat, half, 0.72)
    vis = ~np.isnan(raw) & inside[None]
    # the inside's own mean is taken off: its structure (a number) counts, not its level (a texture)
    counts = vis.sum(axis=(1, 2))
    means = np.where(vis, raw, 0.0).sum(axis=(1, 2)) / np.maximum(counts, 1)
    patches = np.where(vis, raw - means[:, None, None], 0.0)
    full = counts == inside.sum()
    energy = np.abs(patches[full]).mean(axis=(1, 2))
    if not len(energy):
        return score, seen
    busy = np.flatnonzero(full)[energy >= np.median(energy)]  # the busier half: printed hexes
    template = np.median(patches[busy], axis=0) * inside
    weight = template * template
    norm = (weight[None] * vis).sum(axis=(1, 2))
    score[ok] = (patches * template[None]).sum(axis=(1, 2)) / np.maximum(norm, 1e-9)
    seen[ok] = norm / max(float(weight.sum()), 1e-9)
    return score, seen


def refine_by_hexes(e: np.ndarray, lat: Lattice, a: np.ndarray, b: np.ndarray) -> tuple[Lattice, np.ndarray]:
    """Each hex measured against the average hex, the lattice fitted to them (least squares, outliers
    dropped); returns the lattice and each hex's residual (pixels; NaN where not measured)."""
    half = int(0.75 * lat.dy)
    patches, ok, ix, iy = _patches(e, lat, a, b, half)
    x, y = lat.point(a, b)
    if ok.sum() < 6:
        return lat, np.full(len(a), np.nan)
    sel = np.flatnonzero(ok)
    template = np.median(patches, axis=0)
    reach = max(2, int(0.15 * lat.dy))
    n = fft.next_fast_len(patches.shape[1] + reach, real=True)
    spec = fft.rfft2(patches.astype(np.float32), (n, n), workers=2)
    corr = fft.irfft2(spec * np.conj(fft.rfft2(template.astype(np.float32), (n, n)))[None], (n, n), workers=2)
    # lags -reach..reach, wrapped round the (zero-padded) correlation
    window = np.roll(corr, (reach, reach), axis=(1, 2))[:, :2 * reach + 1, :2 * reach + 1]
    flat = window.reshape(len(sel), -1).argmax(axis=1)
    js, is_ = np.unravel_index(flat, window.shape[1:])
    shifts = np.array([(i - reach + _parabola(window[k, j, :], i), j - reach + _parabola(window[k, :, i], j))
                       for k, (j, i) in enumerate(zip(js, is_))])
    frac = np.array([np.mean(x[sel] - ix[sel]), np.mean(y[sel] - iy[sel])])
    mx, my = ix[sel] + shifts[:, 0] + frac[0], iy[sel] + shifts[:, 1] + frac[1]
    keep = np.ones(len(sel), dtype=bool)
    for _ in range(3):
        fitted = _least_squares(a[sel][keep], b[sel][keep], mx[keep], my[keep])
        px, py = fitted.point(a[sel], b[sel])
        res = np.hypot(px - mx, py - my)
        keep = res <= max(1.0, 3 * np.median(res[keep]))
    residual = np.full(len(a), np.nan)
    residual[sel] = res
    return fitted, residual


def _parabola(line: np.ndarray, i: int) -> float:
    """The sub-sample offset of a peak at ``i`` from a parabola through it and its neighbours."""
    if i == 0 or i == len(line) - 1:
        return 0.0
    den = line[i - 1] - 2 * line[i] + line[i + 1]
    return float(0.5 * (line[i - 1] - line[i + 1]) / den) if den < 0 else 0.0


def _least_squares(a: np.ndarray, b: np.ndarray, x: np.ndarray, y: np.ndarray) -> Lattice:
    """The lattice (origin, u, v) closest to measured centres of hexes (a, b)."""
    m = np.stack([np.ones_like(a, dtype=float), a.astype(float), b.astype(float)], axis=1)
    cx, *_ = np.linalg.lstsq(m, x, rcond=None)
    cy, *_ = np.linalg.lstsq(m, y, rcond=None)
    return Lattice((float(cx[0]), float(cy[0])), (float(cx[1]), float(cy[1])), (float(cx[2]), float(cy[2])))
