"""Making a clean map look scanned: scale, small rotation, a crop at one edge, blur, a colour cast,
uneven lighting, noise and JPEG artefacts. The geometric part is one affine map, returned so the
truth (hex centres, key boxes) can be carried into the degraded image exactly.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageFilter


@dataclass(frozen=True)
class Affine:
    """``p' = A p + t`` from clean pixels to degraded pixels (pixel centres at +0.5)."""

    a: float
    b: float
    c: float
    d: float
    tx: float
    ty: float

    def __call__(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.b * y + self.tx, self.c * x + self.d * y + self.ty

    def inverse(self) -> Affine:
        det = self.a * self.d - self.b * self.c
        ia, ib, ic, id_ = self.d / det, -self.b / det, -self.c / det, self.a / det
        return Affine(ia, ib, ic, id_, -(ia * self.tx + ib * self.ty), -(ic * self.tx + id_ * self.ty))


@dataclass(frozen=True)
class Degradation:
    """What was done to the image (for reports and benches)."""

    scale: float
    rotation: float      # degrees, counter-clockwise as seen on screen
    crop_edge: str
    crop: int            # pixels removed at that edge (after scaling)
    blur: float
    noise: float
    quality: int


def degrade(image: Image.Image, rng: np.random.Generator, paper: tuple[int, int, int],
            keep: str = "bottom", scale: float | None = None,
            rotation: float | None = None) -> tuple[Image.Image, Affine, Degradation]:
    """The scanned-looking image, the clean->degraded pixel map, and the parameters used.

    ``keep`` is an edge that is never cropped (where the key is); ``scale`` and ``rotation``
    (degrees) are drawn from the issue's ranges unless given."""
    drawn_scale, drawn_rotation = float(rng.uniform(0.8, 1.3)), float(rng.uniform(-1.5, 1.5))
    scale = drawn_scale if scale is None else scale
    rotation = drawn_rotation if rotation is None else rotation
    edge = str(rng.choice([e for e in ("top", "left", "right", "bottom") if e != keep]))
    w, h = image.size
    theta = math.radians(rotation)
    cos, sin = math.cos(theta) * scale, math.sin(theta) * scale
    # rotate about the image centre (screen y is down: counter-clockwise on screen is -theta in math)
    cx, cy = w / 2, h / 2
    out_w, out_h = round(w * scale), round(h * scale)
    fwd = Affine(cos, sin, -sin, cos, out_w / 2 - (cos * cx + sin * cy), out_h / 2 - (-sin * cx + cos * cy))
    crop = int(rng.uniform(0.03, 0.10) * (out_w if edge in ("left", "right") else out_h))
    dx = -crop if edge == "left" else 0
    dy = -crop if edge == "top" else 0
    fwd = Affine(fwd.a, fwd.b, fwd.c, fwd.d, fwd.tx + dx, fwd.ty + dy)
    out_w -= crop if edge in ("left", "right") else 0
    out_h -= crop if edge in ("top", "bottom") else 0
    # PIL maps output pixel centres through the inverse; work in pixel-centre coordinates
    inv = _centred(fwd).inverse()
    bed = tuple(min(255, c + 12) for c in paper)
    out = image.transform((out_w, out_h), Image.Transform.AFFINE, (inv.a, inv.b, inv.tx, inv.c, inv.d, inv.ty),
                          resample=Image.Resampling.BICUBIC, fillcolor=bed)
    blur = float(rng.uniform(0.4, 1.2))
    out = out.filter(ImageFilter.GaussianBlur(blur))
    noise = float(rng.uniform(2, 7))
    out = _photometric(out, rng, noise)
    quality = int(rng.integers(40, 71))
    buf = io.BytesIO()
    out.save(buf, "JPEG", quality=quality)
    buf.seek(0)
    with Image.open(buf) as jpeg:
        result = jpeg.convert("RGB")
    return result, fwd, Degradation(scale, rotation, edge, crop, blur, noise, quality)


def _centred(f: Affine) -> Affine:
    """The same map between pixel-centre coordinates (PIL samples at x + 0.5)."""
    # with c = p + 0.5:  c' - 0.5 = A (c - 0.5) + t  <=>  c' = A c + t - A*0.5 + 0.5
    return Affine(f.a, f.b, f.c, f.d, f.tx - 0.5 * (f.a + f.b) + 0.5, f.ty - 0.5 * (f.c + f.d) + 0.5)


def _photometric(image: Image.Image, rng: np.random.Generator, noise: float) -> Image.Image:
    """A colour cast, uneven lighting (a slope and a vignette) and sensor noise."""
    a = np.asarray(image, dtype=np.float32)
    h, w = a.shape[:2]
    cast = 1 + rng.uniform(-0.08, 0.08, 3)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-0.12, 0.12, 2)
    light = 1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5)
    light -= 0.12 * (((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2) * 2)
    a = a * cast[None, None, :] * light[:, :, None]
    a += rng.standard_normal(a.shape, dtype=np.float32) * np.float32(noise)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGB")
