"""What the F&M referee shows the rules it calls (arrivals, combat, victory, the games' exclusive
rules): a Protocol, so those modules need not import the referee that imports them."""
from __future__ import annotations

from typing import NamedTuple, Protocol

from hexforge.builder.timeline import Event
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.fm.system import FireAndMovement, MoveRecord
from hexforge.rules.replay import Judged
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Verdict


class Attempt(NamedTuple):
    """An action a rule allows once per game turn (a side, or a hexside): ARN 10.6.3-5, 10.7, AAC 11.2."""

    action: str
    turn: int | None
    hexside: Hexside | None = None
    side: str | None = None


class Action(Protocol):
    """An exclusive-rule action declared in chat, waiting for its roll and its results (ARN 10.6.3)."""

    roll: int | None

    def takes(self, ch: Judge, j: Judged) -> bool: ...

    def on_roll(self, ch: Judge, index: int, die: int) -> None: ...

    def close(self, ch: Judge) -> None: ...


class Landings(Protocol):
    """The arrivals bookkeeping a landing declaration updates (ARN 11.4)."""

    def landed(self, uid: str) -> None: ...


class Judge(Protocol):
    """The referee's memory and voice, as the rules it calls read and change them."""

    rules: FireAndMovement
    game: Game
    judged: list[Judged]  # every event so far, with its verdicts
    state: GameState
    phase_start: GameState
    mover: MoveRecord | None
    action: Action | None
    over: Illegal | None
    attempts: set[Attempt]
    moved_phase: set[str]
    advanced: set[str]
    displaced: set[str]
    frozen: dict[str, Illegal]
    start_spent: dict[str, float | Unknown]
    lost_turn: dict[str, int | None]
    arrivals: Landings

    def say(self, index: int, v: Verdict) -> None: ...

    def hex(self, label: str | None) -> Hex | None: ...

    def unit(self, e: Event) -> str | None: ...

    def phase(self) -> tuple[str, str | None]: ...
