"""The synthetic scans the survey is tested on: deterministic, in several styles, degraded as the
issue asks, and with a truth that is exact in the degraded image's pixels."""
from __future__ import annotations

import io
import math

import numpy as np
import pytest
from PIL import Image, ImageDraw

from hexforge.games import load_game
from hexforge.maps.convention import sheet_hexes
from tests.survey.conftest import small
from tools.scans import STYLES, make_scan
from tools.scans.degrade import degrade


def _png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()


def test_three_styles_or_more_and_unknown_style_refused() -> None:
    assert len(STYLES) >= 3
    with pytest.raises(ValueError, match="valid: "):
        make_scan("watercolour", 1)


def test_same_style_and_seed_give_the_same_scan() -> None:
    a = make_scan("atlas", 5, columns=12, rows=10)
    b = make_scan("atlas", 5, columns=12, rows=10)
    assert _png(a.image) == _png(b.image)
    assert (a.centres, a.terrain, a.hexsides, a.lines, a.key) == (b.centres, b.terrain, b.hexsides, b.lines, b.key)
    c = make_scan("atlas", 6, columns=12, rows=10)
    assert _png(c.image) != _png(a.image)


def test_styles_look_different() -> None:
    """Mean colours of the same map content in two styles differ clearly (not one look recoloured)."""
    looks = [np.asarray(make_scan(s, 2, degrade=False, columns=10, rows=8).image, dtype=float).mean(axis=(0, 1))
             for s in STYLES]
    for i in range(len(looks)):
        for j in range(i + 1, len(looks)):
            assert np.abs(looks[i] - looks[j]).max() > 4


@pytest.mark.parametrize("style", STYLES)
def test_degradation_stays_in_the_issue_ranges(style: str) -> None:
    for seed in range(4):
        how = small(style, seed).degradation
        assert 0.8 <= how.scale <= 1.3 and abs(how.rotation) <= 1.5
        assert 40 <= how.quality <= 70 and how.blur > 0 and how.noise > 0
        assert how.crop_edge in ("top", "left", "right") and how.crop > 0


def test_degradation_carries_points_exactly() -> None:
    """Bright dots drawn at known points are found, after the scan-like degradation, where the
    returned pixel map says (to a fifth of a pixel): the truth of every scan rests on this."""
    rng = np.random.default_rng(3)
    clean = Image.new("RGB", (900, 700), (20, 20, 20))
    draw = ImageDraw.Draw(clean)
    points = [(float(x), float(y)) for x in range(60, 900, 130) for y in range(60, 700, 120)]
    for x, y in points:
        draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=(255, 255, 255))  # pixels x-4..x+4: centred on pixel x
    out, fwd, _ = degrade(clean, rng, (20, 20, 20), keep="bottom")
    grey = np.asarray(out, dtype=float).mean(axis=2)
    errors = []
    for x, y in points:
        tx, ty = fwd(x, y)
        ix, iy = int(round(tx)), int(round(ty))
        if not (12 <= ix < out.width - 12 and 12 <= iy < out.height - 12):
            continue
        win = grey[iy - 10:iy + 11, ix - 10:ix + 11]
        w = np.clip(win - np.median(grey) - 10, 0, None)  # the dot, not the sensor noise round it
        yy, xx = np.mgrid[-10:11, -10:11]
        cx, cy = (w * xx).sum() / w.sum() + ix, (w * yy).sum() / w.sum() + iy
        errors.append((cx - tx, cy - ty))
    e = np.array(errors)
    assert len(e) > 20
    assert np.abs(e.mean(axis=0)).max() < 0.03  # no bias
    assert np.hypot(e[:, 0], e[:, 1]).max() < 0.2, errors


@pytest.mark.parametrize("style", STYLES)
def test_truth_is_consistent_with_the_game_folder(style: str) -> None:
    s = small(style, 1)
    game = load_game(str(s.game_dir))
    conv = game.map.sheets[0].convention
    board = game.map.sheet_boards()[0].grid
    labels = {conv.label(h.column, h.row): h.hex for h in sheet_hexes(conv, board)}
    assert set(s.centres) <= set(labels) and len(s.centres) > 0.7 * len(labels)
    assert set(s.terrain) == set(s.centres)
    kinds = {t.id: t.kind for t in game.map.terrain.types.values()}
    assert {kinds[t] for t in s.terrain.values()} == {"hex"}
    assert {kinds[f] for f in s.hexsides.values()} == {"hexside"}
    assert {kinds[f] for f in s.lines.values()} == {"thoroughfare"}
    w, h = s.image.size
    assert all(0 <= x < w and 0 <= y < h for x, y in s.centres.values())
    for pair in (*s.hexsides, *s.lines):
        a, b = sorted(pair)
        assert labels[a].distance(labels[b]) == 1  # features lie between neighbours
    # neighbouring hexes' centres are one hex apart in the image: the scale is the true one
    a, b = sorted(next(iter(s.lines)))
    (xa, ya), (xb, yb) = s.centres[a], s.centres[b]
    assert math.hypot(xb - xa, yb - ya) == pytest.approx(s.hex_height, rel=0.01)
    for t, (x0, y0, x1, y1) in s.key.items():
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h, t
    units = {e.hex.resolved for sc in game.scenarios.values() for e in sc.setup}
    assert units <= set(s.centres)  # every set-up hex is on the scan
