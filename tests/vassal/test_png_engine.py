"""Images written by ``maps.png.png_bytes`` (the build's own PNG writer) are the pixels they were
made from, and VASSAL's image loader reads every image of a built module as those same pixels.

The first tests need no engine: the writer's PNGs decode (Pillow) to exactly the source pixels,
for every mode it writes itself and for the modes it hands to Pillow. The engine test builds the
synthetic game's module and compares, image by image, the ARGB pixels VASSAL decodes
(``ImageUtils.getImage``, hashed with ``Arrays.hashCode``) with the entry's own pixels; of an
image VASSAL keeps translucent it premultiplies the colours (rounding those of part-transparent
pixels), so there the alpha is compared, and the colours too when every pixel is opaque.
"""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from hexforge.builder.build import build
from hexforge.games import load_game
from hexforge.maps.png import PNG_BAND, png_bytes
from tests.conftest import SYNTHETIC


def _pixels(img: Image.Image) -> np.ndarray:
    return np.asarray(img)


def _drawn(mode: str, size: tuple[int, int], seed: int) -> Image.Image:
    """Flat colours, edges and noise: what a drawn board has, and what defeats any shortcut."""
    rng = np.random.default_rng(seed)
    channels = {"L": 1, "RGB": 3, "RGBA": 4}[mode]
    w, h = size
    arr = rng.integers(0, 256, (h, w, channels), dtype=np.uint8)
    arr[: h // 2] = arr[0, 0]  # a flat half: rows equal to the one above
    img = Image.fromarray(arr[..., 0] if channels == 1 else arr, mode)
    ImageDraw.Draw(img).polygon([(1, 1), (w - 2, h // 3), (w // 2, h - 2)], outline=(200,) * channels)
    return img


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA"])
@pytest.mark.parametrize("size", [(1, 1), (1, 7), (7, 1), (97, 61), (5, 2 * PNG_BAND + 3)])  # bands of rows too
def test_the_writer_keeps_every_pixel(mode: str, size: tuple[int, int]) -> None:
    img = _drawn(mode, size, seed=size[0] * 1000 + size[1])
    data = png_bytes(img)
    back = Image.open(io.BytesIO(data))
    assert back.format == "PNG" and back.mode == mode and back.size == size
    assert np.array_equal(_pixels(back), _pixels(img))
    assert png_bytes(img) == data  # deterministic


def test_other_modes_go_through_pillow_unchanged() -> None:
    img = _drawn("RGB", (40, 30), seed=7).quantize(64)
    back = Image.open(io.BytesIO(png_bytes(img)))
    assert back.mode == "P" and np.array_equal(_pixels(back), _pixels(img))
    assert back.getpalette() == img.getpalette()


def _java_hash(argb: np.ndarray) -> int:
    """``java.util.Arrays.hashCode(int[])`` of ARGB pixels: 31 * h + v from h = 1, in 32 bits."""
    v = argb.ravel().astype(np.uint32)
    n = v.size
    powers = np.ones(n, np.uint32)
    if n > 1:
        powers[:-1] = np.cumprod(np.full(n - 1, 31, np.uint32), dtype=np.uint32)[::-1]
    total = (int(np.sum(v * powers, dtype=np.uint64)) + int(np.prod(np.full(n, 31, np.uint32), dtype=np.uint32))) % 2**32
    return total - 2**32 if total >= 2**31 else total


def _argb(img: Image.Image) -> np.ndarray:
    a = np.asarray(img.convert("RGBA")).astype(np.uint32)
    return (a[..., 3] << 24) | (a[..., 0] << 16) | (a[..., 1] << 8) | a[..., 2]


def test_the_java_hash_is_javas() -> None:
    """Checked against values Java gives: ``Arrays.hashCode(new int[]{})`` is 1, ``{0}`` is 31,
    ``{1, 2}`` is 31*(31*1+1)+2 = 994, ``{-1}`` is 31*1-1 = 30."""
    assert [_java_hash(np.array(v, np.int64).astype(np.uint32)) for v in ([], [0], [1, 2], [-1])] == [1, 31, 994, 30]


@pytest.mark.vassal
def test_vassal_reads_every_image_of_a_built_module_as_its_pixels(vassal_check, tmp_path: Path) -> None:
    vmod = build(load_game(str(SYNTHETIC)), tmp_path / "synthetic.vmod")
    rc, res = vassal_check("load", vmod)
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    images = res["module"]["images"]
    assert images["missing"] == [] and images["undecodable"] == []
    assert len(images["decoded"]) > 3
    compared = {"colour": 0, "alpha": 0}
    with zipfile.ZipFile(vmod) as z:
        for name, seen in sorted(images["decoded"].items()):
            img = Image.open(io.BytesIO(z.read(f"images/{name}")))
            assert (seen["width"], seen["height"]) == img.size, name
            argb = _argb(img)
            if seen["translucent"]:  # VASSAL premultiplies: only the alpha survives exactly
                assert seen["alpha_hash"] == _java_hash(argb >> 24), name
                compared["alpha"] += 1
            if not seen["translucent"] or bool(np.all(argb >> 24 == 255)):
                assert seen["argb_hash"] == _java_hash(argb), name
                compared["colour"] += 1
    assert compared["colour"] > 3, compared
