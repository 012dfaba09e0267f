"""Synthetic scans shared by the survey tests (made once per session: each takes about a second)."""
from __future__ import annotations

from functools import lru_cache

import pytest

from tools.scans import STYLES, Scan, make_scan

#: The accuracy set: at least 20 degraded scans of every style (issue #17), of ~200-450 hexes so
#: that the suite stays quick; bench/bench_survey.py measures full-size (~1,000-hex) maps.
ACCURACY_SEEDS = range(7)
ACCURACY_SCANS = [(style, seed) for style in STYLES for seed in ACCURACY_SEEDS]


@lru_cache(maxsize=None)
def scan(style: str, seed: int, size: tuple[int, int] | None = None) -> Scan:
    """A cached synthetic scan; ``size`` (columns, rows) or the seed's own size."""
    if size is None:
        return make_scan(style, seed)
    return make_scan(style, seed, columns=size[0], rows=size[1])


def small(style: str, seed: int) -> Scan:
    """A scan of a map of 14-22 columns and 12-20 rows, fixed by the seed."""
    return scan(style, seed, (14 + (seed * 5) % 9, 12 + (seed * 3) % 9))


@pytest.fixture
def scan_of():
    return small
