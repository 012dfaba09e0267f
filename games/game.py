"""The Game model: a game definition loaded from its data folder, with its map built."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hexforge.games.schema import GameFile, ScenarioFile, TableFile, TerrainFile
from hexforge.counters.unit import Unit
from hexforge.maps.hexmap import HexMap


@dataclass(frozen=True, slots=True)
class Game:
    """Everything one game folder holds, validated."""

    path: Path
    info: GameFile
    map: HexMap
    terrain_file: TerrainFile
    units: dict[str, Unit]
    scenarios: dict[str, ScenarioFile]
    tables: dict[str, TableFile]

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def sides(self) -> list[str]:
        return [s.id for s in self.info.sides]
