"""HTTR: what every topic module reads of the referee (its ``Position``): the game, the memory of the board, the log
channel and three look-ups. A module reading more declares ``class Position(Board, Protocol)`` with those members."""
from __future__ import annotations

from typing import Protocol

from hexforge.builder.timeline import Event
from hexforge.games.channel import Channel
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.state import GameState


class Board(Protocol):
    """The referee as every HTTR topic sees it."""

    game: Game
    state: GameState
    channel: Channel

    def hex(self, label: str | None) -> Hex | None: ...

    def unit(self, e: Event) -> str | None: ...

    def phase(self) -> tuple[str, str | None]: ...
