"""HTTR Off-Map Movement Areas (ScR 10.1.3, 10.2.4-10.2.5, 10.2.7, 10.3), read by the off-map checks
(rules/httr/arrivals.py, rules/httr/schedule.py): each area's map edge hexes (terrain.toml ``[[edges]]
offmap-<area>``), their adjacency (game.toml ``[special.offmap_areas] adjacent``, the Off-Map Movement Display's),
their deactivation (the ``offmap_deactivation`` table, ScR 10.3 Table 3), the friendly Movement Phase a unit gone off
the map spends off it (10.2.3) and the weather-'0' day turns that bar moves between areas (10.2.7).
"""
from __future__ import annotations

from typing import NamedTuple, Protocol

from hexforge.maps.hexes import Hex
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.los import WEATHER_DATA
from hexforge.rules.verdict import NotCheckable

AREA = "offmap-"  # terrain.toml [[edges]] id of an Off-Map Movement Area's map edge hexes (ScR 10.1.3)
DEACTIVATED = "deactivated on GT"  # the offmap_deactivation table's column (ScR 10.3 Table 3)
AREAS = "offmap_areas"  # game.toml [special.offmap_areas] adjacent: pairs of adjacent areas (ScR 10.2.4-10.2.5)
DISPLAY = "the Off-Map Movement Display"


class Position(Board, Protocol):
    def calendar(self) -> dict[int, dict]: ...


class Left(NamedTuple):
    """When (GT, phase index) and where (hex, its areas) a unit left the map, in which mode."""

    turn: int
    phase: int
    hex: Hex | None
    areas: tuple[str, ...]
    mode: str | None


def movement_index(p: Position, side: str | None) -> int | None:
    ids = [q.id for q in p.game.info.sequence]
    return next((i for i, q in enumerate(ids) if q == f"{side}_movement"), None)


def back_after(p: Position, side: str | None, left: tuple[int, int]) -> tuple[int, int] | None:
    """The (GT, phase) of the side's first Movement Phase after ``left``: the one it must spend off the map."""
    m = movement_index(p, side)
    if m is None:
        return None
    t, ph = left[0], left[1]
    return (t, m) if ph < m else (t + 1, m)


def areas_of(p: Position, h: Hex | None) -> tuple[str, ...]:
    """The off-map areas whose map edge holds ``h`` (terrain.toml ``[[edges]] offmap-<area>``, ScR 10.1.3)."""
    return tuple(sorted(i.removeprefix(AREA) for i, hexes in p.game.map.terrain.edges.items()
                        if i.startswith(AREA) and hexes is not None and h in hexes))


def deactivation(p: Position, areas: tuple[str, ...]) -> dict[str, float]:
    """The GT each of ``areas`` is deactivated on (the ``offmap_deactivation`` table, ScR 10.3 Table 3); an area it
    does not list is never."""
    table = Cells.of(p.game, "offmap_deactivation")
    gts = [(a, table.get(a, DEACTIVATED)) for a in areas]
    return {a: float(gt) for a, gt in gts if isinstance(gt, (int, float)) and not isinstance(gt, bool)}


def deactivated(p: Position, areas: tuple[str, ...]) -> list[tuple[str, float]]:
    """The areas of ``areas`` deactivated by now, with their GT."""
    turn = p.state.turn
    return [(a, gt) for a, gt in deactivation(p, areas).items() if turn is not None and turn >= gt]


def unknown_area(p: Position, h: Hex | None) -> NotCheckable:
    label = p.game.map.labels.get(h, "?") if h is not None else "?"
    return NotCheckable(f"which off-map area's edge hex {label} is ({DISPLAY}, ScR 10.1.3: terrain.toml [[edges]] "
                        f"{AREA}<area>)")


def neighbours(pairs: list) -> dict[str, set[str]]:
    """Each area's adjacent areas (``pairs``: the display's adjacency, both ways)."""
    near: dict[str, set[str]] = {}
    for a, b in pairs:
        near.setdefault(a, set()).add(b)
        near.setdefault(b, set()).add(a)
    return near


def distances(pairs: list, start: tuple[str, ...]) -> dict[str, int]:
    """The fewest steps between adjacent areas from ``start`` to each area it joins."""
    near, out, frontier, steps = neighbours(pairs), {a: 0 for a in start}, set(start), 0
    while frontier:
        steps += 1
        frontier = {n for a in frontier for n in near.get(a, ()) if n not in out}
        out.update({n: steps for n in frontier})
    return out


def area_steps(pairs: list, start: tuple[str, ...], goal: tuple[str, ...]) -> int:
    """The fewest steps between adjacent areas (``pairs``) from ``start`` to ``goal`` (-1: none joins them)."""
    far = distances(pairs, start)
    return min((far[g] for g in goal if g in far), default=-1)


def clear_day(p: Position, turn: int) -> bool:
    """ScR 10.2.7: GT ``turn`` is a day turn of weather '0' on every route: a date the data's ``[special.weather]
    clear_dates`` gives (ScR 13.2: '0' on the first two days). Reading: later weather is a rating the calendar does
    not give as '0', so only those dates bar the moves (10.2.10's unequal areas then never arise)."""
    row = p.calendar().get(turn) or {}
    dates = (p.game.special(WEATHER_DATA) or {}).get("clear_dates") or ()
    return row.get("kind") == "day" and row.get("date") in dates
