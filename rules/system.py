"""The base rules system: what every system reads from a game's data (python-chess variant style).

A system is one class over the shared core (``rules/core``); a game with exclusive rules is a
subclass of its system (``rules/fm``, ``rules/ptr``, ``rules/httr``). The base knows no system: its
hooks have no effect. Every accessor returns :class:`Unknown` naming the missing datum instead of
guessing.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import Any

from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.overlay import Overlay
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.state import GameState


NAMED = 12  # hexes and hexsides a note names before it counts the rest


class RulesSystem:
    """A rules system over one game's data; subclasses add the system's and the game's rules."""

    system_id = "base"
    book = ""  # the citation tag, e.g. "F&M"
    catalogue: tuple[tuple[str, str, str, str], ...] = ()  # the predicates a referee covers (rules/registry.py)
    departures: dict[str, str] = {}  # predicate -> why its state departs from the reading note's mark (read only)
    overlays: tuple[str, ...] = ()  # what ``hexforge overlay`` draws for it: each name has a ``<name>_overlay`` method

    def __init__(self, game: Game, scenario: str | None = None) -> None:
        if scenario is not None and scenario not in game.scenarios:
            raise ValueError(f"game {game.id!r} has no scenario {scenario!r} (its scenarios: "
                             f"{', '.join(sorted(game.scenarios)) or 'none'})")
        self.game = game
        self.scenario = scenario  # the scenario played, when known; else every scenario must agree
        self.map = game.map
        self.terrain = game.map.terrain
        self.tec = game.tables.get("tec")
        self.crt = game.tables.get("crt")
        self._tec = Cells.of(game, "tec")
        self._phase_sides: dict[int, str | None] = {}  # phase_side per phase of the sequence

    # -- sides and phases -------------------------------------------------------------------

    @cached_property
    def first_side(self) -> str:
        for sc in self.scenarios():
            fp = plain(sc.first_player)
            if fp in self.game.sides:
                return fp
        return self.game.sides[0]

    def enemy_of(self, side: str) -> str:
        return next(s for s in self.game.sides if s != side)

    def phase_side(self, index: int) -> str | None:
        """The side whose phase this is (``None`` for a phase of both players); found once per phase of the
        sequence, which never changes (a referee asks at every phase change)."""
        sides = self._phase_sides
        if index not in sides:
            sides[index] = self._phase_side(index)
        return sides[index]

    def _phase_side(self, index: int) -> str | None:
        who = self.game.info.sequence[index].player
        if who == "first":
            return self.first_side
        if who == "second":
            return self.enemy_of(self.first_side)
        return who if who in self.game.sides else None

    def phase_kind(self, index: int) -> str:
        """What kind of phase the sequence's ``index``-th phase is; the base knows no kinds: its id."""
        return self.game.info.sequence[index].id

    def scenarios(self) -> list:
        """The scenarios that may be played: the one chosen, else all of the game's (by id)."""
        if self.scenario is not None:
            return [self.game.scenarios[self.scenario]]
        return [self.game.scenarios[k] for k in sorted(self.game.scenarios)]

    def scenario_value(self, get, what: str) -> Any:
        """One value every scenario that may be played agrees on (``get(scenario)``), else :class:`Unknown`."""
        vals = []
        for sc in self.scenarios():
            v = plain(get(sc))
            if v is None or v == "unknown":
                return Unknown(what)
            vals.append(v)
        if not vals or any(v != vals[0] for v in vals):
            return Unknown(what + (" (the scenarios differ; the log does not say which is played)" if vals else ""))
        return vals[0]

    def last_turn(self, state: GameState) -> int | Unknown:
        """The last game turn (the scenario's ``last_turn``)."""
        return self._scenario_last_turn

    @cached_property
    def _scenario_last_turn(self) -> int | Unknown:
        """The scenario's ``last_turn``, read once (a referee asks at every phase change)."""
        v = self.scenario_value(lambda sc: sc.last_turn, "the scenario's last turn (scenario last_turn)")
        return v if isinstance(v, (int, Unknown)) else Unknown("a numeric last turn (scenario last_turn)")

    def after_event(self, state: GameState) -> GameState:
        """The state after each event, for rules that change it by themselves (none in the base system)."""
        return state

    def phase_ended(self, state: GameState, old_phase: int, turn: int | None, phase: int | None) -> GameState:
        """The state after a phase ends (games remove temporary works here, e.g. AAC 11.2)."""
        return state

    # -- units ------------------------------------------------------------------------------

    def unit(self, uid: str):
        return self.game.units[uid]

    def value(self, uid: str, column: str, state: GameState) -> float | Unknown:
        """A printed value of the unit's current side (``reduced_<column>`` once reduced)."""
        u = self.game.units[uid]
        v = u.values.get(f"reduced_{column}", u.values.get(column)) if uid in state.reduced else u.values.get(column)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return v
        return Unknown(f"{column} of unit {uid} (units.csv)")

    def mobility(self, uid: str) -> str | Unknown:
        m = self.game.units[uid].mobility
        return m if m in ("leg", "mobile") else Unknown(f"whether unit {uid} is leg or mobile (units.csv mobility)")

    def two_step(self, uid: str) -> bool:
        return self.game.units[uid].has_reduced_side

    # -- terrain ----------------------------------------------------------------------------

    def hex_types(self, h: Hex) -> frozenset[str] | None:
        """The hex-kind terrain types in a hex; ``None`` when it is unsurveyed."""
        t = self.terrain.of(h)
        if t is None:
            return None
        return frozenset(x for x in t if x not in self.terrain.types or self.terrain.types[x].kind == "hex")

    def tec_cell(self, terrain_id: str, column: str) -> Any:
        """A TEC cell's resolved value, or :class:`Unknown` naming the row and column."""
        if column not in self._tec.columns:
            return Unknown(f"TEC column {column!r}")
        if terrain_id not in self._tec.rows:
            return Unknown(f"TEC row {terrain_id!r}")
        v = self._tec.get(terrain_id, column)
        return Unknown(f"TEC {terrain_id!r} {column}") if v == "unknown" else v

    def on_map(self, h: Hex) -> bool:
        try:
            return (h.q, h.r) in self._cells  # a pair hashes in C, a Hex in Python (asked of every step tried)
        except AttributeError:
            return False  # not a hex (``None``: off the map)

    @cached_property
    def _cells(self) -> frozenset[tuple[int, int]]:
        """The map's hexes as (q, r) pairs (the map never changes while a system judges it)."""
        return frozenset((h.q, h.r) for h in self.map)

    def unreviewed(self, hexes: Iterable[Hex], hexsides: Iterable[Hexside] = ()) -> str | None:
        """A note for a verdict or legend resting on terrain a survey gave and no person reviewed yet, naming
        where; ``None`` when there is none. A hexside a survey gave is named as its pair; one known only
        because both its hexes are (no feature there means none) is named by its unreviewed hexes."""
        terrain = self.terrain
        if not terrain.surveyed_hexes and not terrain.surveyed_sides:
            return None  # no survey gave anything (a check asks this of every move it judges)
        name = lambda h: self.map.labels.get(h, repr(h))  # noqa: E731
        cited = {h for h in hexes if terrain.provenance(h) == "survey-unreviewed"}
        pairs: dict[Hexside, str] = {}
        for side in hexsides:
            if terrain.provenance(side) != "survey-unreviewed":
                continue
            if side in terrain.surveyed_sides:
                pairs[side] = "/".join(sorted(name(h) for h in side))
            else:
                cited |= {h for h in side if terrain.provenance(h) == "survey-unreviewed"}
        if not cited and not pairs:
            return None
        where = sorted(name(h) for h in cited) + sorted(pairs.values())
        more = f" and {len(where) - NAMED} more" if len(where) > NAMED else ""
        sources = sorted({terrain.survey_sources[p] for p in (*cited, *pairs) if p in terrain.survey_sources})
        return (f"rests on unreviewed surveyed terrain in {', '.join(where[:NAMED])}{more}"
                + (f" ({'; '.join(sources)})" if sources else "") + "; review it with hexforge survey review")

    def noting_survey(self, ov: Overlay) -> Overlay:
        """``ov`` with a note when the hexes it shows (or surveyed hexsides at them) rest on unreviewed
        surveyed terrain; an overlay of a game with no survey is returned as it is."""
        shown = set(ov.values) | set(ov.marks)
        note = self.unreviewed(shown, [s for s in self.terrain.surveyed_sides if s.a in shown or s.b in shown])
        if note is not None:
            ov.notes.append(f"this overlay {note}")
        return ov
