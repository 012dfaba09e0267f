"""Fixtures shared by the rules tests: the bundled F&M games as loaded from games/."""
from __future__ import annotations

import pytest

from hexforge.games import load_game


@pytest.fixture(scope="session")
def aachen():
    return load_game("aachen")


@pytest.fixture(scope="session")
def arnhem():
    return load_game("arnhem")
