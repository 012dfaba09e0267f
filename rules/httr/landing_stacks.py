"""HTTR over-stacking on landing (ScR 6.6.3.1-6.6.3.2): when a serial's landing overstacks a hex, the fewest units
needed are displaced to fix it (any of them, so long as no fewer would do), and artillery is never displaced.

The log channel: a unit of the serial being landed (rules/httr/scatter.py) that leaves its landing hex while that
hex is overstacked is displaced; the serial's displacements are judged when its landing ends (the next serial's
Air Landing roll, or the end of the phase).

Reading: the fewest are counted among the serial's own units in the hex (6.6.3.1: 'an over-stack ... arising
from a single serial'; units there before it are not displaced by this rule, 6.6.6.4-6.6.6.5). The hex's stacking
limit is its TEC ``stacking_limit`` (the least of its terrain types'); leaders and
static units do not count (SR 11.2.6).
"""
from __future__ import annotations

from typing import Any, Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.overstack import overstacked
from hexforge.rules.httr.units import is_kind, number
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    landings: Any  # rules.httr.landings.Landings: each dropped unit's serial (``dropped``, ``serial_units``)


def displacing(p: Position, at: Hex | None) -> bool:
    """Is a serial's unit leaving ``at`` displaced (the hex overstacked)?"""
    return at is not None and overstacked(p.game, p.state, at) is True


def limit(game: Game, h: Hex) -> float | Unknown:
    """SR 11.2.1: the hex's stacking limit (TEC ``stacking_limit``)."""
    kinds = game.map.terrain.of(h)
    if not kinds:
        return Unknown(f"the terrain of {game.map.labels.get(h, repr(h))} (unsurveyed)")
    cells = [Cells.of(game, "tec").get(k, "stacking_limit") for k in sorted(kinds)]
    known = [float(c) for c in cells if isinstance(c, (int, float)) and not isinstance(c, bool)]
    return min(known) if len(known) == len(cells) else Unknown(f"the TEC stacking limit of {sorted(kinds)}")


def strength(game: Game, units: list[str]) -> float | Unknown:
    total = 0.0
    for u in units:
        if is_kind(game, u, "leader", "static") is True:
            continue
        s = number(game, u, "strength")
        if isinstance(s, Unknown):
            return s
        total += s
    return total


def serial(p: Position, h: Hex, moved: list[str]) -> list[str]:
    """The displaced units' serial: those of it displaced and those still in ``h`` (ScR 6.6.3.1)."""
    step = p.landings.dropped.get(moved[0]) if moved else None
    units = p.landings.serial_units.get(step, []) if step is not None else []
    return [u for u in units if u in moved or p.state.where(u) == h] or list(moved)


@rule("HTTR ScR 6.6.3.1-6.6.3.2", "AIR-13", "a landing overstack is fixed by displacing the fewest units; artillery "
      "is never displaced")
def judge_displaced(p: Position, h: Hex, moved: list[str]) -> list[Verdict]:
    """The units a serial's landing displaced from ``h`` (now gone from it)."""
    label = p.game.map.labels[h]
    out: list[Verdict] = []
    guns = [u for u in moved if is_kind(p.game, u, "artillery")]
    if guns:
        out.append(Illegal("HTTR ScR 6.6.3.2", f"{', '.join(guns)} displaced from {label}: artillery units may not be "
                           "displaced from an overstacked landing hex"))
    cap, there, away = limit(p.game, h), strength(p.game, list(p.state.at(h))), strength(p.game, moved)
    missing = next((x for x in (cap, there, away) if isinstance(x, Unknown)), None)
    if missing is not None:
        return out + [NotCheckable(missing.needs)]
    excess, fewest = there + away - cap, 0
    movable = [u for u in serial(p, h, moved) if not is_kind(p.game, u, "artillery")]
    for s in sorted((strength(p.game, [u]) for u in movable), reverse=True):
        if excess <= 0:
            break
        excess, fewest = excess - s, fewest + 1
    if len(moved) > max(fewest, 0):
        out.append(Illegal("HTTR ScR 6.6.3.1", f"{len(moved)} units displaced from {label} ({', '.join(moved)}): "
                           f"{fewest} would fix its overstack, and the fewest must be displaced"))
    else:
        out.append(Legal(detail=f"{len(moved)} unit(s) displaced from {label}, the fewest (ScR 6.6.3.1)"))
    return out
