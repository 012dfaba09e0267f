"""HTTR combat arithmetic from the game's tables: DF/IF fire values with their 9-SP increments (SR 6.3.5),
AT fire values (SR 6.4.2, 10.2), the close action value, odds and result (SR 10.3-10.4), morale checks
(SR 16.2). Every table cell comes from ``games/<game>/tables``; a missing one is :class:`Unknown` naming it."""
from __future__ import annotations

import math
from dataclasses import dataclass

from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells

ODDS = ("1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1")
DIS = 0  # a "DIS" CA value (SR 10.3, L576): the attacker is disrupted and the CA ceases


def _cell(game: Game, table: str, key: str, column: str) -> object:
    v = Cells.of(game, table).get(key, column)
    return Unknown(f"{table} row {key!r} column {column!r} (tables/{table}.toml)") if v == "unknown" else v


@dataclass(frozen=True, slots=True)
class FireValue:
    """A fire value after the 9-SP increments: the column used and the ±DRM increments left over."""

    value: int
    drm: int


def direct_fire_value(game: Game, strength: float, er: int, entrenched: bool = False,
                      table: str = "df_fire_value_matrix") -> FireValue | Unknown:
    """SR 6.3.5.1-6.3.5.2: the first 9 SP on the matrix (entrenched line when the target is), each further
    full 9 SP one column right up to 9, then each unused increment a ±1 DRM; the rest is redundant."""
    first = int(min(strength, 9))
    base = _cell(game, table, f"{first}{' entrenched' if entrenched else ''}", str(min(max(er, 1), 9)))
    if isinstance(base, Unknown):
        return base
    increments = int(max(strength - 9, 0) // 9)
    shifts = min(increments, 9 - int(base))
    return FireValue(int(base) + shifts, increments - shifts)


def indirect_fire_value(game: Game, strength: float, er: int) -> int | Unknown:
    """SR 6.5.3: the IF Fire Value Matrix cell (strength capped at 9)."""
    v = _cell(game, "if_fire_value_matrix", str(int(min(strength, 9))), str(min(max(er, 1), 9)))
    return v if isinstance(v, Unknown) else int(v)


def fire_result(game: Game, line: str, value: int, roll: int) -> str | Unknown:
    """SR 6.3.5, 6.7: the Fire Results Table result on the target's TEC line."""
    v = _cell(game, "fire_results", f"{line}|{value}", str(roll))
    return v if isinstance(v, Unknown) else str(v)


def at_fire_value(game: Game, fire_class: str, target_class: str, points: float) -> int | Unknown:
    """SR 6.4.2.1: ATFV = primary + floor((AT fire strength - 1) x multiplier), the secondary at least 1 when
    there is more than one point (6.4.5 example 1: 'rounds down but cannot be less than one')."""
    key = f"{fire_class}|{target_class}"
    primary, mult = _cell(game, "at_fire", key, "primary"), _cell(game, "at_fire", key, "multiplier")
    for v in (primary, mult):
        if isinstance(v, Unknown):
            return v
    extra = math.floor((points - 1) * float(mult)) if points > 1 else 0
    return int(primary) + (max(extra, 1) if points > 1 else 0)


def ca_special_at_points(own_infantry: float, enemy_infantry: float, own_engineers: float,
                         enemy_engineers: float = 0.0, defending: bool = False, open_terrain: bool = False) -> float:
    """SR 10.2.4-10.2.9: the AT fire strength special AT fire in CA may use: the excess infantry SP over the
    enemy's (none for a defender in open terrain, 10.2.9), the attacker's engineer SP capped by that excess
    (10.2.6), less the enemy's engineers (the side with fewer is negated, 10.2.8). A defender's engineers add their
    SP when it has an infantry excess (10.2.7), in open terrain too: 10.2.9's limit is the infantry's contribution
    (its example: 'no infantry contribution')."""
    excess = max(own_infantry - enemy_infantry, 0.0)
    engineers = max(own_engineers - enemy_engineers, 0.0)
    if defending:
        return (0.0 if open_terrain else excess) + (engineers if excess > 0 else 0.0)
    return min(engineers, excess)


def ca_value(game: Game, line: str, er_diff: int, morale_diff: int, adjacent_start: bool) -> int | Unknown:
    """SR 10.4.1-10.4.2: the CA Value Table cell, one column right when every attacker started adjacent
    (Fig 17, L623; the table's differentials clamped to its edges). A "DIS" cell (SR 10.3, L576) is :data:`DIS`,
    the step below 1 (``ca_value.py``'s reading)."""
    key, column = f"{line}|{max(-4, min(4, er_diff))}", str(max(-6, min(6, morale_diff)))
    v = _cell(game, "close_action_value", key, column)
    if isinstance(v, Unknown):
        return v
    text = str(v).strip()
    if text.upper() != "DIS" and not text.lstrip("-").isdigit():
        return Unknown(f"close_action_value row {key!r} column {column!r} (tables/close_action_value.toml: {text!r} "
                       "is neither a CA value nor DIS)")
    return (DIS if text.upper() == "DIS" else int(text)) + (1 if adjacent_start else 0)


def odds(attack: float, defence: float) -> str:
    """SR 10.3 / 2.4.2: attack SP over defence SP rounded down (below 1:1 only 1:2), capped at the table's
    6:1."""
    if defence <= 0:
        return ODDS[-1]
    r = attack / defence
    if r < 1:
        return "1:2"
    return f"{min(int(r), 6)}:1"


def ca_result(game: Game, value: int, ratio: str, roll: int) -> str | Unknown:
    """SR 10.3 (L577): the CA Results Table result for the 1d6 roll."""
    v = _cell(game, "close_action_results", f"{value}|{ratio}", str(roll))
    return v if isinstance(v, Unknown) else str(v)


def morale_passes(current_morale: float, roll: int) -> bool:
    """SR 16.2 (L827-829): a 2d6 roll greater than the current morale fails."""
    return roll <= current_morale


def leader_rolls(sp_lost: int) -> int:
    """SR 19.3.3 (L978): one 2d6 leader-casualty roll per SP its stack loses."""
    return max(int(sp_lost), 0)


def overstack_removals(strengths: list[float], limit: float) -> int:
    """ScR 6.6.3 (L1230-L1233): the fewest units whose removal brings a landed stack within ``limit`` SP."""
    total, out = sum(strengths), 0
    for s in sorted(strengths, reverse=True):
        if total <= limit:
            break
        total, out = total - s, out + 1
    return out
