"""The Game model: a game definition loaded from its data folder, with its map built."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexforge.games.channel import Channel
from hexforge.games.schema import GameFile, ScenarioFile, TableFile, TerrainFile
from hexforge.games.values import plain
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

    @property
    def channel(self) -> Channel:
        """The game's log channel (docs/log-channel.md): dice buttons, tracks, markers, layers by log name."""
        return Channel(self)

    def special(self, key: str) -> Any:
        """game.toml's ``[special]`` entry ``key`` as the code uses it (:func:`~hexforge.games.values.plain`), else
        ``None``."""
        return plain((self.info.special or {}).get(key))

    def phase_names(self, repeat_player: bool = False) -> list[str]:
        """The turn tracker's phase names, in the sequence of play: each phase's name with its player after it,
        unless the name already says who plays it. ``repeat_player``: the player after every name, as modules
        built before this rule named them (their logs still read)."""
        sides = {s.id: s.name.resolved for s in self.info.sides}
        out = []
        for ph in self.info.sequence:
            name = ph.name.resolved
            who = sides.get(ph.player, {"first": "first player", "second": "second player"}.get(ph.player, ""))
            said = who.lower() in name.lower() and not repeat_player
            out.append(f"{name} ({who})" if who and not said else name)
        return out

    def marker_setup(self, scenario: ScenarioFile) -> dict[str, str]:
        """The markers a scenario places at set-up, marker id -> hex label: every ``[special_rules]`` value that
        maps this game's marker ids to hexes of its map (e.g. Arnhem's ``drop_zone_markers``, ARN 11.0)."""
        ids = {m.id for m in self.info.markers}
        out: dict[str, str] = {}
        for value in (scenario.special_rules or {}).values():
            value = plain(value)
            if (isinstance(value, dict) and value and set(value) <= ids
                    and all(isinstance(h, str) and h in self.map.index for h in value.values())):
                out.update(value)
        return out
