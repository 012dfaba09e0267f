"""The PtR games the referee tests use: the synthetic one (every table given) and the bundled one."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from tests.rules.ptr.helpers import SYNTHETIC


@pytest.fixture(scope="session")
def syn():
    return load_game(SYNTHETIC)


@pytest.fixture(scope="session")
def ptr():
    return load_game("piercing-the-reich")
