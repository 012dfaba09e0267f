"""Movement cost of one step from the TEC: hex terrain (most costly governs), hexside costs
added, road and trail rates (F&M 5.4-5.4.2). Unknown TEC cells and unsurveyed hexes give
:class:`Unknown`; a prohibited step gives ``None``.

The interface other code calls (movement-range overlays, the checker) is :func:`step_cost`
and :func:`must_stop`; both delegate to the rules system so variants can change them.
"""
from __future__ import annotations

import re
from weakref import WeakKeyDictionary

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown, most_costly
from hexforge.rules.core.board import Board, Cost
from hexforge.rules.state import GameState


ROADS = ("road", "secondary-road", "autobahn", "raised-road")
BRIDGES = ("bridge", "bridge-highway", "bridge-railroad", "bridge-canal", "bridge-trail", "temporary-bridge",
           "highway_bridge", "canal_bridge",
           "railroad_bridge")
WATER = ("river", "canal", "stream")
PROHIBITED = "prohibited"


def step_cost(rules: Board, state: GameState, unit_id: str, a: Hex, b: Hex) -> Cost:
    """MP to move ``unit_id`` from ``a`` into adjacent ``b`` (terrain, hexside, EZOC surcharge);
    ``None`` when the step is prohibited, :class:`Unknown` when the data does not tell."""
    return rules.step_cost(state, unit_id, a, b)


def must_stop(rules: Board, state: GameState, unit_id: str, a: Hex, b: Hex) -> bool | Unknown:
    """Whether entering ``b`` from ``a`` ends the unit's move (an EZOC stop, F&M 6.1)."""
    return rules.must_stop(state, unit_id, a, b)


def label(rules: Board, h: Hex) -> str:
    return rules.map.labels.get(h, repr(h))


def cell_cost(rules: Board, terrain_id: str, mobility: str) -> Cost:
    """One TEC movement cell as a cost: a number, ``None`` (prohibited) or :class:`Unknown`."""
    v = rules.tec_cell(terrain_id, f"movement_{mobility}")
    if isinstance(v, Unknown):
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    if v == PROHIBITED:
        return None
    return Unknown(f"a numeric TEC cost for {terrain_id!r} movement_{mobility} (the cell says {v!r})")


def thoroughfare_rate(rules: Board, a: Hex, b: Hex, mobility: str) -> Cost | bool:
    """The road rate (F&M 5.4.1) or trail rate (F&M 5.4.2) when a road/trail joins ``a`` and ``b``
    through their hexside; ``False`` when none does."""
    conn = rules.terrain.connections(a, b)
    if any(r in conn for r in ROADS):
        return rate(rules, "road", mobility)
    if "trail" in conn:
        return rate(rules, "trail", mobility)
    return False


def rate(rules: Board, kind: str, mobility: str) -> Cost:
    """The road (F&M 5.4.1: 1/2 MP) or trail (F&M 5.4.2: 1 MP) rate, regardless of other terrain; the
    game's TEC row when it has one."""
    v = cell_cost(rules, kind, mobility)
    return {"road": 0.5, "trail": 1.0}[kind] if isinstance(v, Unknown) and "TEC row" in v.needs else v


def hex_cost(rules: Board, b: Hex, mobility: str) -> Cost:
    """In-hex cost of entering ``b``: the most costly terrain governs (F&M 5.4)."""
    types = rules.hex_types(b)
    if types is None:
        return Unknown(f"terrain of hex {label(rules, b)} (unsurveyed)")
    if not types:
        return Unknown(f"terrain of hex {label(rules, b)} (no hex terrain recorded)")
    plus = {t: a for t in types if (a := added_cost(rules, t, mobility)) is not None}
    base = [t for t in types if t not in plus]
    costs = {t: cell_cost(rules, t, mobility) for t in base}
    if not base or any(c is None for c in costs.values()):
        return None if base else Unknown(f"the base terrain of hex {label(rules, b)} (only '+N' terrain recorded)")
    got = most_costly(base, lambda t: costs[t])
    return got if isinstance(got, Unknown) else got[1] + sum(plus.values())


def added_cost(rules: Board, terrain_id: str, mobility: str) -> float | None:
    """F&M 5.4 (AAC L247): an in-hex terrain whose TEC cell reads "+N" adds N to the other terrain's cost."""
    v = rules.tec_cell(terrain_id, f"movement_{mobility}")
    return float(v[1:]) if isinstance(v, str) and re.fullmatch(r"\+\d+(\.\d+)?", v) else None


def hexside_cost(rules: Board, a: Hex, b: Hex, mobility: str) -> Cost:
    """Sum of the hexside costs crossed, added to the hex cost (F&M 5.4); a bridge carries the
    unit over the water it spans."""
    if rules.terrain.of(a) is None or rules.terrain.of(b) is None:
        missing = a if rules.terrain.of(a) is None else b
        return Unknown(f"hexsides of hex {label(rules, missing)} (unsurveyed)")
    kinds = {f.kind for f in rules.terrain.features(a, b)}
    if kinds & set(BRIDGES):
        kinds = {k for k in kinds if k not in WATER}
    total = 0.0
    for k in sorted(kinds):
        c = cell_cost(rules, k, mobility)
        if c is None or isinstance(c, Unknown):
            return c
        total += c
    return total


_PRINTED: WeakKeyDictionary[Board, dict[tuple[int, int, int, int, str], Cost]] = WeakKeyDictionary()


def terrain_cost(rules: Board, a: Hex, b: Hex, mobility: str) -> Cost:
    """The terrain part of a step's cost (no ZOC): road/trail rate, else hex + hexside costs.

    It reads only the printed map and TEC of ``rules`` (what players change, e.g. a demolished bridge, is
    the system's to judge before it asks for this), so it is remembered per rules object: at most one entry
    per hexside and mobility of the map."""
    memo = _PRINTED.get(rules)
    if memo is None:
        memo = _PRINTED[rules] = {}
    key = (a.q, a.r, b.q, b.r, mobility)  # plain values hash in C, a Hex in Python
    if key not in memo:
        memo[key] = _terrain_cost(rules, a, b, mobility)
    return memo[key]


def _terrain_cost(rules: Board, a: Hex, b: Hex, mobility: str) -> Cost:
    if not rules.on_map(b):
        return None
    rate = thoroughfare_rate(rules, a, b, mobility)
    if rate is not False:
        return rate
    h = hex_cost(rules, b, mobility)
    if h is None or isinstance(h, Unknown):
        return h
    s = hexside_cost(rules, a, b, mobility)
    if s is None or isinstance(s, Unknown):
        return s
    return h + s
