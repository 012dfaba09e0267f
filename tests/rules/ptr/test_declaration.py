"""The PtR chat grammar (rules/ptr/declaration.py): what each line declares, what is chat, and linear time on
long adversarial lines."""
from __future__ import annotations

import time

import pytest

from hexforge.rules.ptr.declaration import Declared, parse


@pytest.mark.parametrize("text, want", [
    ("act 116", Declared("act", ("116",))),
    ("ACT 1inf", Declared("act", ("1inf",))),
    ("transfer", Declared("transfer")),
    ("  pass ", Declared("pass")),
    ("react 3arm", Declared("react", ("3arm",))),
    ("done", Declared("done")),
    ("refit 1-I/16", Declared("refit", ("1-i/16",))),
    ("improved defense 2114", Declared("improved-defense", ("2114",))),
    ("id 2114", Declared("improved-defense", ("2114",))),
    ("relocate 116hq", Declared("relocate", ("116hq",))),
    ("attack 2114 from 2013 2015 hasty", Declared("attack", (), "2114", ("2013", "2015"), "hasty")),
    ("attack 2114 from 2013, 2015 prepared", Declared("attack", (), "2114", ("2013", "2015"), "prepared")),
    ("chits 12 7", Declared("chits", ("12", "7"))),
    ("chits 12", Declared("chits", ("12",))),  # against an HQ alone (20.1B1)
    ("cv 16 26", Declared("cv", ("16", "26"))),
    ("column 1:2", Declared("column", ("1:2",))),
    ("drm -5", Declared("drm", ("-5",))),
    ("DRM +2", Declared("drm", ("+2",))),
    ("emergency supply 116hq", Declared("emergency-supply", ("116hq",))),
])
def test_declarations(text, want):
    assert parse(text) == want


@pytest.mark.parametrize("text", [
    "", "I pass on that", "pass the salt", "act", "act 116 now", "attack 2114 hasty", "attack 2114 from hasty",
    "attack 2114 from 2013 fast", "attack x from 2013 hasty", "chits a b", "improved 2114", "react", "<b>pass</b>",
    "chits 1 2 3", "cv 16", "cv 16:26", "column 1/2", "column", "drm five", "drm -5 -6", "pass: no",
])
def test_chat_that_declares_nothing(text):
    assert parse(text) is None


@pytest.mark.parametrize("line", [
    "attack " * 10_000, "a" * 65_536, "act " + "1" * 65_000, " ".join(["from"] * 13_000), "pass " + "x " * 30_000,
    "attack 2114 from " + "2013 " * 13_000 + "hasty",
])
def test_long_adversarial_lines_are_linear(line):
    start = time.perf_counter()
    for _ in range(20):
        parse(line)
    assert time.perf_counter() - start < 1.0
