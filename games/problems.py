"""Problems found in game data, reported all at once and addressed to a person."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Problem:
    """One mistake: the file, the place in it (key path or ``line N``) and what would be valid."""

    file: Path
    place: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.place}" if self.place else str(self.file)
        return f"{where}: {self.message}"


class GameDataError(Exception):
    """The game data has problems; ``problems`` lists every one."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))
