"""Game state for judging: where each unit is, its side and steps, and the current turn/phase."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping

from hexforge.builder.timeline import Eliminated, Entered, Event, Move, StepChange, Timeline, TurnChange
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex

STEP_TRAIT = "Step"  # the builder's step-loss Layer (level 1 front, 2 reduced side)
FRONT = ("1", "")  # the step-loss layer's front level, as a StepChange names it


@dataclass(frozen=True, slots=True)
class GameState:
    """Immutable position: ``apply(event)`` returns the next state."""

    positions: Mapping[str, Hex]
    sides: Mapping[str, str]
    reduced: frozenset[str] = frozenset()
    eliminated: frozenset[str] = frozenset()
    turn: int | None = None
    phase: int | None = None  # index into game.info.sequence
    occupants: Mapping[Hex, tuple[str, ...]] = field(default=None)  # derived index
    memory: Any = None  # what the system remembers beyond positions: its own frozen dataclass (rules/fm/memory.py)

    def __post_init__(self) -> None:
        if self.occupants is None:
            occ: dict[Hex, tuple[str, ...]] = {}
            for u, h in sorted(self.positions.items()):
                occ[h] = occ.get(h, ()) + (u,)
            object.__setattr__(self, "occupants", MappingProxyType(occ))

    @classmethod
    def from_setup(cls, game: Game, timeline: Timeline) -> GameState:
        """The setup position of a timeline: every piece bound to a unit and standing on a game hex."""
        pos, sides = {}, {}
        for p in timeline.setup:
            uid = p.piece.unit
            if uid is None or uid not in game.units or p.hex is None or p.hex not in game.map.index:
                continue
            pos[uid] = game.map.hex(p.hex)
            sides[uid] = game.units[uid].side
        for uid, unit in game.units.items():
            sides.setdefault(uid, unit.side)
        return cls(MappingProxyType(pos), MappingProxyType(sides))

    def at(self, h: Hex) -> tuple[str, ...]:
        return self.occupants.get(h, ())

    def where(self, unit: str) -> Hex | None:
        return self.positions.get(unit)

    def side(self, unit: str) -> str | None:
        return self.sides.get(unit)

    def remember(self, memory: Any) -> GameState:
        """The state with the system's memory replaced."""
        return replace(self, memory=memory)

    def place(self, unit: str, h: Hex | None) -> GameState:
        """The state with ``unit`` at ``h`` (``None``: off the map)."""
        pos = dict(self.positions)
        old = pos.pop(unit, None)
        occ = dict(self.occupants)
        if old is not None:
            rest = tuple(u for u in occ.get(old, ()) if u != unit)
            if rest:
                occ[old] = rest
            else:
                occ.pop(old, None)
        if h is not None:
            pos[unit] = h
            occ[h] = tuple(sorted(occ.get(h, ()) + (unit,)))
        return GameState(MappingProxyType(pos), self.sides, self.reduced, self.eliminated, self.turn, self.phase,
                         MappingProxyType(occ), self.memory)  # dataclasses.replace, without its cost (per move)

    def apply(self, event: Event, game: Game) -> GameState:
        """The state after one timeline event (events about pieces that are not units change nothing)."""
        if isinstance(event, TurnChange):
            turn, phase = phase_of(game, event)
            return GameState(self.positions, self.sides, self.reduced, self.eliminated,
                             turn if turn is not None else self.turn, phase if phase is not None else self.phase,
                             self.occupants, self.memory)
        uid = getattr(getattr(event, "piece", None), "unit", None)
        if uid is None or uid not in game.units:
            return self
        if isinstance(event, (Move, Entered)):
            label = event.to_hex if isinstance(event, Move) else event.hex
            h = game.map.index.get(label) if label else None
            back = isinstance(event, Entered) and uid in self.eliminated and h is not None
            placed = self.place(uid, h)
            return replace(placed, eliminated=self.eliminated - {uid}) if back else placed
        if isinstance(event, Eliminated):
            return replace(self.place(uid, None), eliminated=self.eliminated | {uid})
        if isinstance(event, StepChange) and event.trait == STEP_TRAIT:
            reduced = self.reduced | {uid} if event.new not in FRONT else self.reduced - {uid}
            return replace(self, reduced=reduced)
        return self


def phase_names(game: Game) -> list[str]:
    """The turn tracker's phase names as the builder writes them (the sequence of play's order)."""
    return game.phase_names()


def phase_of(game: Game, event: TurnChange) -> tuple[int | None, int | None]:
    """(turn, phase index) named by a turn tracker change; ``None`` where the tracker does not say."""
    levels = dict(event.levels)
    turn = int(levels["Turn"]) if levels.get("Turn", "").lstrip("-").isdigit() else None
    return turn, _phase_index(game).get(levels.get("Phase", ""))


_PHASE_INDEXES: dict[int, tuple[Game, dict[str, int]]] = {}


def _phase_index(game: Game) -> dict[str, int]:
    """Phase index by every name a tracker may give it: as named now, as older modules named it, by its id
    (in that order of preference); made once per game."""
    hit = _PHASE_INDEXES.get(id(game))
    if hit is None or hit[0] is not game:
        if len(_PHASE_INDEXES) > 64:
            _PHASE_INDEXES.clear()
        index: dict[str, int] = {}
        for names in (game.phase_names(), game.phase_names(repeat_player=True), [p.id for p in game.info.sequence]):
            for i, name in enumerate(names):
                index.setdefault(name, i)
        hit = _PHASE_INDEXES[id(game)] = (game, index)
    return hit[1]
