"""A map is drawn the same in every process (house rule: byte-identical outputs): nothing drawn may depend
on the iteration order of a set, which changes with Python's hash seed."""
from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT

SCRIPT = """
import hashlib, sys
from hexforge.games import load_game
from hexforge.maps.draw import draw_board
from hexforge.maps.overlay import whole_board
g = load_game(sys.argv[1])
print(hashlib.sha256(draw_board(g.map, whole_board(g.map)).tobytes()).hexdigest())
"""


@pytest.mark.parametrize("game", ["tests/data/overlay-httr", "tests/data/synthetic-fm"])
def test_the_map_drawing_does_not_depend_on_the_hash_seed(game: str) -> None:
    def digest(seed: str) -> str:
        env = {"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"}
        r = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT / game)], capture_output=True, text=True,
                           env=env, cwd=ROOT, timeout=120, check=True)
        return r.stdout.strip()
    assert len({digest(s) for s in ("1", "2", "3", "4")}) == 1
