"""Fixtures for overlay tests: the synthetic PtR-system game and positions built on it."""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import pytest

from hexforge.games.loader import load_game
from hexforge.rules.state import GameState

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(scope="session")
def ptr_game():
    return load_game(DATA / "overlay-ptr")


def position(game, placed: dict[str, str], turn: int = 1) -> GameState:
    """A GameState with units at labelled hexes."""
    pos = {u: game.map.hex(label) for u, label in placed.items()}
    sides = {u: game.units[u].side for u in game.units}
    return GameState(MappingProxyType(pos), MappingProxyType(sides), turn=turn)
