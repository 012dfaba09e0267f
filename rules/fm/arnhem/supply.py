"""Arnhem 10.7.2(c): British non-airborne units' line of hexes to the south map edge road hex.

"If at the beginning of the Support Fire Marker Phase: ... c) Three or more British non-airborne
units cannot trace a line of hexes to the south map edge road hex, the Allied player must remove
three +6 [SFM] non-airpower markers from the British pool" (ARN 10.7.2, L441-L445).

The rule does not say what breaks a "line of hexes"; its preamble speaks of "Allied ground units
being cut off" and F&M has no supply rules (F&M 9.0). Readings (``blocked_by``):

- ``"enemy-units"`` (default): the line may not pass through a hex holding a German unit. This
  is the least the words need to mean anything ("cut off"); it asks nothing of terrain, which
  the rule never mentions, so it is checkable on a map whose terrain is not surveyed.
- ``"enemy-zoc"``: also not through a hex in a German ZOC unless a British/Allied unit is in it
  (how many wargames define a supply line; F&M 6.0 ZOCs "inhibit movement", not lines).

"The south map edge road hex" is map data (the game's ``supply-source`` place); when it is not
known, a unit that reaches no south-edge hex at all is surely cut off, one that reaches every
south-edge hex surely traces, and anything else is not checkable.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from hexforge.games.game import Game
from hexforge.maps.graph import Adjacency
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.maps.overlay import UNKNOWN, Overlay, legend
from hexforge.maps.trace import CLOSED, OPEN, Tri, reach_arrays
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.state import GameState
from hexforge.rules.fm.system import FireAndMovement

BlockedBy = Literal["enemy-units", "enemy-zoc"]
BLOCKED_BY: tuple[BlockedBy, ...] = ("enemy-units", "enemy-zoc")
SIDE, ENEMY, NATIONALITY = "allied", "german", "British"


@dataclass
class LineAnswer:
    """Per British non-airborne unit on the map: traces (True), cut off (False), unknown (None);
    ``reduction``: whether 10.7.2(c) removes the three +6 markers; ``needs``: what is missing."""

    units: dict[str, Tri]
    reduction: Tri
    needs: list[str] = field(default_factory=list)
    unclassified: list[str] = field(default_factory=list)  # British units not known to be (non-)airborne


def road_hexes(game: Game) -> frozenset[Hex] | None:
    """The south map edge road hex(es) from the map data (``None``: not known)."""
    for p in game.map.terrain.places:
        if p.kind == "supply-source" and "south" in p.name.lower():
            return frozenset(p.hexes) if p.hexes is not None else None
    return None


def lines_to_south_edge(rules: FireAndMovement, state: GameState, blocked_by: BlockedBy = "enemy-units",
                        targets: frozenset[Hex] | None = None) -> LineAnswer:
    """ARN 10.7.2(c) at the start of an SFM Phase; ``targets`` overrides the road hex(es)."""
    if blocked_by not in BLOCKED_BY:
        raise ValueError(f"blocked_by must be one of {', '.join(BLOCKED_BY)}, not {blocked_by!r}")
    game = rules.game
    enemy_at = {h for u, h in state.positions.items() if state.side(u) == ENEMY and u not in state.eliminated}
    friends_at = {h for u, h in state.positions.items() if state.side(u) == SIDE and u not in state.eliminated}

    def through(h: Hex) -> bool:
        if h in enemy_at:
            return False
        return not (blocked_by == "enemy-zoc" and h not in friends_at and in_ezoc(rules, state, h, SIDE))

    adj = game.map.adjacency()
    # The line's test per hex as an array: only a German hex, or (enemy-zoc) one next to a unit
    # not on the Allied side, may close; the test is asked there only.
    zoc_from = {h for u, h in state.positions.items() if h is not None and state.side(u) != SIDE}
    may_close = adj.near(zoc_from, 1) if blocked_by == "enemy-zoc" else _nodes(adj, frozenset(enemy_at))
    codes = np.full(len(adj), OPEN, dtype=np.int8)
    codes[may_close] = [OPEN if through(adj.hexes[i]) else CLOSED for i in may_close.tolist()]
    german = np.zeros(len(adj), dtype=bool)
    german[_nodes(adj, frozenset(enemy_at))] = True

    targets = road_hexes(game) if targets is None else targets
    south = game.map.terrain.edges.get("south")
    needs: list[str] = []
    if targets is None:
        needs.append("which south map edge hexes carry a road (terrain.toml place 'South map edge road hex(es)')")
    units: dict[str, Tri] = {}
    unclassified: list[str] = []
    for uid in sorted(state.positions):
        u = game.units.get(uid)
        if u is None or u.side != SIDE or u.nationality != NATIONALITY or uid in state.eliminated:
            continue
        ab = rules.is_airborne(uid)
        if ab is True:
            continue
        if isinstance(ab, Unknown):
            unclassified.append(uid)
        ends = _ends(adj, state.where(uid), codes, german)
        if targets is not None:
            units[uid] = bool(ends[_nodes(adj, targets)].any())
        elif not south:
            units[uid] = None
        else:
            at = _nodes(adj, south)
            units[uid] = True if len(at) == len(south) and ends[at].all() else False if not ends[at].any() else None
    if unclassified:
        needs.append("whether units " + ", ".join(unclassified) + " are airborne (units.csv type)")
    cut = sum(1 for uid, v in units.items() if v is False and uid not in unclassified)
    maybe = sum(1 for uid, v in units.items() if v is not True)
    reduction: Tri = True if cut >= 3 else False if maybe < 3 else None
    return LineAnswer(units, reduction, needs, unclassified)


def _ends(adj: Adjacency, h: Hex | None, codes: np.ndarray, german: np.ndarray) -> np.ndarray:
    """The hexes a line of hexes from ``h`` can end in (bool per node): reached through open hexes
    (one search on the array path), not a German hex (the line ends in the road hex)."""
    start = np.full(len(adj), CLOSED, dtype=np.int8)
    node = adj.nodes_of([h]) if h is not None else np.array([-1])
    if node[0] < 0:
        return np.zeros(len(adj), dtype=bool)  # off the map: no line
    start[node[0]] = OPEN
    return (reach_arrays(adj, start, codes).value == OPEN) & ~german


def _nodes(adj: Adjacency, hexes: frozenset[Hex]) -> np.ndarray:
    """The map nodes of ``hexes`` (hexes off the map left out)."""
    got = adj.nodes_of(sorted(hexes))
    return got[got >= 0]


def line_overlay(rules: FireAndMovement, state: GameState, blocked_by: BlockedBy = "enemy-units",
                 targets: frozenset[Hex] | None = None):
    """Each British non-airborne unit's hex: traces, cut off or unknown (ARN 10.7.2 c)."""
    ans = lines_to_south_edge(rules, state, blocked_by, targets)
    ov = Overlay(f"ARN 10.7.2(c) lines of hexes to the south map edge road hex (blocked by {blocked_by})",
                 legend({"traces": ("yes", "traces a line of hexes to the south edge road hex"),
                         "cut": ("no", "cut off: no line of hexes"),
                         UNKNOWN: (UNKNOWN, "unknown: road hex or unit type not in the game data")}))
    for uid, v in ans.units.items():
        h = state.where(uid)
        ov.values[h] = "traces" if v is True else "cut" if v is False else UNKNOWN
        ov.marks[h] = uid
    for uid, h in sorted(state.positions.items()):
        if state.side(uid) == ENEMY and uid not in state.eliminated:
            ov.marks.setdefault(h, uid)  # the German units that may cut the lines
    verdict = {True: "three +6 British markers are removed", False: "no reduction",
               None: "reduction not checkable"}[ans.reduction]
    ov.notes.append(f"10.7.2(c): {verdict}")
    if ans.needs:
        ov.notes.append("missing: " + "; ".join(ans.needs))
    return ov
