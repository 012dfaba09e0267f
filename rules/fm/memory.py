"""What the F&M games remember beyond the units' positions: the players' works on hexsides (AAC 11.2
temporary bridges, ARN 10.6.3-10.6.5 demolitions, repairs and ferries), kept in ``GameState.memory``."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Literal, Mapping

from hexforge.maps.hexes import Hexside
from hexforge.rules.state import GameState

Bridge = Literal["temporary", "removed", "demolished", "repaired"]


@dataclass(frozen=True, slots=True)
class Ferry:
    """ARN 10.6.5: an engineer ferrying across the hexside in GT ``turn``, until ``cancelled`` (L419)."""

    turn: int | None
    engineer: str
    cancelled: bool = False


@dataclass(frozen=True, slots=True)
class Crossing:
    """A hexside as the players changed it: its bridge (``None``: as printed) and a ferry on it.

    ``temporary``/``removed``: an engineer's temporary bridge standing or gone (AAC 11.2; ``why`` it went);
    ``demolished``/``repaired``: a printed bridge blown or rebuilt in GT ``turn`` (ARN 10.6.3-4)."""

    bridge: Bridge | None = None
    side: str | None = None  # whose work the bridge is
    engineer: str | None = None
    turn: int | None = None
    why: str | None = None
    ferry: Ferry | None = None


@dataclass(frozen=True, slots=True)
class FmMemory:
    """The F&M state beyond positions."""

    crossings: Mapping[Hexside, Crossing] = field(default_factory=lambda: MappingProxyType({}))


def memory(state: GameState) -> FmMemory:
    return state.memory if isinstance(state.memory, FmMemory) else FmMemory()


def crossing(state: GameState, hs: Hexside) -> Crossing | None:
    """What stands at ``hs`` now (``None``: nothing the players made or unmade)."""
    return memory(state).crossings.get(hs)


def crossings(state: GameState) -> Mapping[Hexside, Crossing]:
    return memory(state).crossings


def with_crossing(state: GameState, hs: Hexside, c: Crossing | None) -> GameState:
    """The state with ``hs`` changed to ``c`` (``None`` clears it)."""
    m = memory(state)
    d = dict(m.crossings)
    if c is None:
        d.pop(hs, None)
    else:
        d[hs] = c
    return state.remember(replace(m, crossings=MappingProxyType(d)))
