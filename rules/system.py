"""The base rules system: what every system reads from a game's data (python-chess variant style).

A system is one class over the shared core (``rules/core``); a game with exclusive rules is a
subclass of its system. Every accessor returns :class:`Unknown` naming the missing datum instead
of guessing.
"""
from __future__ import annotations

from functools import cached_property
from typing import Any

from hexforge.games.game import Game
from hexforge.games.values import Datum, plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.state import GameState


class RulesSystem:
    """A rules system over one game's data; subclasses add the system's and the game's rules."""

    system_id = "base"
    book = ""  # the citation tag, e.g. "F&M"
    stack_limit = 1

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
        self._tec_rows = {str(r.key): r.cells for r in self.tec.rows} if self.tec else {}
        self._tec_cols = list(self.tec.columns) if self.tec else []

    # -- sides and phases -------------------------------------------------------------------

    @cached_property
    def first_side(self) -> str:
        for sc in self.scenarios():
            fp = sc.first_player.resolved if isinstance(sc.first_player, Datum) else sc.first_player
            if fp in self.game.sides:
                return fp
        return self.game.sides[0]

    def enemy_of(self, side: str) -> str:
        return next(s for s in self.game.sides if s != side)

    def phase_side(self, index: int) -> str | None:
        """The side whose phase this is (``None`` for a phase of both players)."""
        who = self.game.info.sequence[index].player
        if who == "first":
            return self.first_side
        if who == "second":
            return self.enemy_of(self.first_side)
        return who if who in self.game.sides else None

    def phase_kind(self, index: int) -> str:
        """movement | mobile-movement | bombardment | combat | mobile-combat | sfm | end | other."""
        pid = self.game.info.sequence[index].id.replace("_", "-")
        for kind in ("mobile-movement", "mobile-combat", "bombardment", "movement", "combat", "sfm", "end"):
            if pid == kind or pid.endswith("-" + kind):
                return kind
        return "other"

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
        v = self.scenario_value(lambda sc: sc.last_turn, "the scenario's last turn (scenario last_turn)")
        return v if isinstance(v, (int, Unknown)) else Unknown("a numeric last turn (scenario last_turn)")

    def sfm_allotment(self, turn: int, side: str) -> int | Unknown:
        """F&M 7.1: the support fire markers a side receives in a game turn (the GTRT, read from the
        scenario's ``turn_record`` ``sfm`` table)."""
        what = f"the SFM allotment of {side} for GT {turn} (scenario turn_record sfm, printed on the GTRT)"

        def get(sc):
            for tr in sc.turn_record:
                if tr.turn == turn:
                    sfm = (tr.model_extra or {}).get("sfm")
                    return sfm.get(side) if isinstance(sfm, dict) else None
            return None
        v = self.scenario_value(get, what)
        return v if isinstance(v, (int, Unknown)) and not isinstance(v, bool) else Unknown(what)

    def sfm_pool_rows(self, side: str) -> list[str]:
        """The rows of ``tables/sfm_pools.toml`` that make up a side's SFM pool (one row, the side's id)."""
        return [side]

    def sfm_removals(self, state: GameState | None) -> list[tuple[dict[str, list[int]], str | None]]:
        """Markers removed from the pool rows at the beginning of a Support Fire Marker Phase (``state``;
        ``None``: the log shows no such phase), one case per reading still open, each with what would decide
        it (``None`` for the case that is certain). F&M removes none."""
        return [({}, None)]

    def judge_return(self, checker, uid: str, h: Hex | None):
        """The verdict on an eliminated unit entering the map again, or ``None`` when no game rule returns
        units to play (then it is judged as any entry)."""
        return None

    sfm_removal_rule = "F&M 7.1"  # the rule removing markers from a pool (ARN 10.7.2)

    def sfm_pool(self, side: str, removed: dict[str, list[int]] | None = None) -> list[int] | Unknown:
        """F&M 7.1: the values of every support fire marker in a side's pool (``tables/sfm_pools.toml``
        column ``values``, one value per marker), less the ``removed`` values of each row."""
        from hexforge.rules.core.tables import row
        what = f"the SFM counter mix of {side} (tables/sfm_pools.toml column values)"
        t = self.game.tables.get("sfm_pools")
        if t is None or "values" not in t.columns:
            return Unknown(what)
        out: list[int] = []
        for key in self.sfm_pool_rows(side):
            cells = row(self.game, "sfm_pools", key)
            vals = cells[t.columns.index("values")] if not isinstance(cells, Unknown) else None
            if not isinstance(vals, list) or not all(isinstance(v, int) for v in vals):
                return Unknown(f"the SFM counter mix of {side}: row {key!r} of tables/sfm_pools.toml, column values")
            vals = list(vals)
            for v in (removed or {}).get(key, []):
                if v in vals:
                    vals.remove(v)
            out += vals
        return sorted(out)

    game_length_rule = "F&M 4.1"
    first_player_rule = "F&M 4.1"  # the rule naming the first player (the scenario's first_player)
    arrival_rule = "F&M 5.2"  # the rule on reinforcements arriving (where, when, not onto enemy units)
    arrivals_first = False  # reinforcements are placed before units on the map move (AAC 15.0)
    edge_shift = False  # a delayed reinforcement may shift its arrival hex along the map edge (ARN 11.1)
    returns_rule = "no rule of this game returns an eliminated unit to play"

    def conditional_arrival(self):
        """Reinforcements arriving on a condition instead of a GT (``rules/arrival.ConditionalArrival``), or
        ``None``."""
        return None

    def lands_by_air(self, uid: str) -> bool:
        """Whether the unit arrives by an airborne landing, whose hex another rule judges (ARN 11.4)."""
        return False

    def arrival_cost(self, state: GameState, uid: str, h: Hex, mobility: str):
        """The MP an arriving unit pays for its arrival hex (AAC 15.0: 'the number of movement points
        required to enter the hex of arrival'): its terrain cost, F&M 5.4."""
        from hexforge.rules.core.movement import hex_cost
        return hex_cost(self, h, mobility)

    def ended_now(self, state: GameState):
        """An ``Illegal`` for every later event when the game has just ended mid-turn (AAC 14.1), else ``None``."""
        return None

    def after_event(self, state: GameState) -> GameState:
        """The state after each event, for rules that change it by themselves (none in the base system)."""
        return state

    def phase_ended(self, state: GameState, old_phase: int, turn: int | None, phase: int | None) -> GameState:
        """The state after a phase ends (games remove temporary works here, e.g. AAC 11.2)."""
        return state

    def on_chat(self, checker, index: int, text: str) -> bool:
        """A chat line declaring an exclusive-rule action; ``True`` when this game handled it."""
        return False

    def victory_tracker(self):
        """The game's victory conditions as a tracker (``observe``/``final``, rules/fm/victory.py); ``None``
        when this rules class has none."""
        return None

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
        if column not in self._tec_cols:
            return Unknown(f"TEC column {column!r}")
        cells = self._tec_rows.get(terrain_id)
        if cells is None:
            return Unknown(f"TEC row {terrain_id!r}")
        v = cells[self._tec_cols.index(column)]
        v = v.resolved if isinstance(v, Datum) else v
        return Unknown(f"TEC {terrain_id!r} {column}") if v == "unknown" else v

    def friendly_edge(self, side: str) -> list[Hex] | Unknown:
        """F&M 8.3: the hexes of a side's friendly map edge (game.toml ``[special] friendly_edges``)."""
        edges = (self.game.info.special or {}).get("friendly_edges", {})
        eid = edges.get(side) if isinstance(edges, dict) else None
        hexes = self.terrain.edges.get(eid) if eid else None
        if not hexes:
            return Unknown(f"the friendly map edge of {side} (game.toml [special] friendly_edges, terrain.toml edges)")
        return sorted(hexes)

    def on_map(self, h: Hex) -> bool:
        return h in self.map


def rules_for(game: Game, scenario: str | None = None) -> RulesSystem:
    """The rules class for a game (its own subclass by id, else its system's class), for one of its
    scenarios when ``scenario`` names it."""
    from hexforge.rules.fm.aachen.system import Aachen
    from hexforge.rules.fm.arnhem.system import Arnhem
    from hexforge.rules.fm.system import FireAndMovement
    by_id = {"aachen": Aachen, "arnhem": Arnhem}
    by_system = {"fm": FireAndMovement}
    cls = by_id.get(game.info.id) or by_system.get(game.info.system)
    if cls is None:
        raise ValueError(f"no rules system for game {game.info.id!r} (system {game.info.system!r}); "
                         f"known systems: {', '.join(sorted(by_system))}")
    return cls(game, scenario)
