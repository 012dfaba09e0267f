"""What the core mechanics read from a rules system: a small Protocol, so ``rules/core`` needs no
system class (every system satisfies it; hooks a system lacks belong in the system's own code)."""
from __future__ import annotations

from typing import Any, Protocol

from hexforge.maps.hexes import Hex
from hexforge.maps.hexmap import HexMap
from hexforge.maps.terrain import Terrain, Unknown
from hexforge.rules.state import GameState

Cost = float | Unknown | None  # MP; None: prohibited; Unknown: the data does not tell


class Board(Protocol):
    """The map, its terrain and the system's answers the core mechanics ask for."""

    map: HexMap
    terrain: Terrain
    stack_limit: int

    def on_map(self, h: Hex) -> bool: ...

    def exerts_zoc(self, uid: str) -> bool: ...

    def projects_zoc(self, uid: str, into: Hex, state: GameState) -> bool: ...

    def hex_types(self, h: Hex) -> frozenset[str] | None: ...

    def tec_cell(self, terrain_id: str, column: str) -> Any: ...

    def step_cost(self, state: GameState, uid: str, a: Hex, b: Hex) -> Cost: ...

    def must_stop(self, state: GameState, uid: str, a: Hex, b: Hex) -> bool | Unknown: ...
