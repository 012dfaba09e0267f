"""The HTTR chat grammar (rules/httr/declaration.py): what it reads, what it refuses, and 64 KB adversarial lines
read in linear time."""
from __future__ import annotations

import time

import pytest

from hexforge.rules.httr.declaration import parse


def test_the_shapes():
    d = parse("df 2549 from 2648 2449")
    assert (d.kind, d.target, d.firers) == ("df", "2549", ("2648", "2449"))
    d = parse("IF B0405 from A-ART target G-INF1 spotter A-INF1 hq A-DIV")
    assert (d.kind, d.target_unit, d.spotter, d.hq) == ("if", "G-INF1", "A-INF1", "A-DIV")
    d = parse("of B0303, from G-INF1 trigger leave")
    assert (d.kind, d.firers, d.trigger) == ("of", ("G-INF1",), "leave")
    assert parse("ca B0304 from B0303 lead A-ENG A-INF2").lead == ("A-ENG", "A-INF2")
    assert parse("cp A-REG1 2").points == 2


@pytest.mark.parametrize("text", ["if you can see it, fire", "at the end of the turn", "df", "df B0101",
                                  "ca B0304 from B0303 B0302", "of B0303 from G-INF1 trigger sneeze",
                                  "cp A-REG1 two", "df B0101 from", "ca B0304 from B0303 lead", "hello df B0101 from X"])
def test_what_is_no_declaration(text):
    assert parse(text) is None


@pytest.mark.parametrize("line", [
    "x" * 65536,
    "df " + "B0101 " * 11000,
    "df B0101 from " + '"' * 65000,
    "df B0101 from " + '"a' * 32000,
    "of " + ", " * 32000,
    "df B0101 from " + "\"x\n" * 16000,
])
def test_64_kb_adversarial_lines_are_read_fast(line):
    start = time.perf_counter()
    for _ in range(20):
        parse(line)
    assert time.perf_counter() - start < 2.0  # linear: a 64 KB line in well under 0.1 s
