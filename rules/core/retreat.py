"""Retreat path legality, displacement and advance along the path of retreat (F&M 8.3-8.5)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

if TYPE_CHECKING:
    from hexforge.rules.system import RulesSystem


def blocked(rules: RulesSystem, state: GameState, uid: str, a: Hex, b: Hex) -> str | Unknown | None:
    """Why a retreat step ``a -> b`` is forbidden (a sentence), or ``None`` when it is allowed.
    F&M 8.3: never off the map, into an enemy-occupied hex or an EZOC hex (friendly units and
    friendly ZOC do not negate it), nor into prohibited terrain."""
    side = state.side(uid)
    name = rules.map.labels.get
    if a.distance(b) != 1:
        return f"{name(b, '?')} is not adjacent to {name(a, '?')}"
    if not rules.on_map(b):
        return "off the map"
    if any(state.side(u) != side for u in state.at(b)):
        return f"into enemy-occupied {name(b)}"
    if in_ezoc(rules, state, b, side, ignore=uid):
        return f"into {name(b)}, in an enemy ZOC"
    return rules.retreat_blocked(state, uid, a, b)


def legal_retreats(rules: RulesSystem, state: GameState, uid: str, origin: Hex, n: int,
                   vacant_only: bool) -> list[tuple[Hex, ...]]:
    """Every retreat path of up to ``n`` hexes, each step further from ``origin`` (F&M 8.3 'away')."""
    out: list[tuple[Hex, ...]] = []
    frontier: list[tuple[Hex, ...]] = [(origin,)]
    side = state.side(uid)
    for _ in range(n):
        nxt = []
        for path in frontier:
            for b in path[-1].neighbours():
                if b.distance(origin) != len(path) or isinstance(blocked(rules, state, uid, path[-1], b), (str, Unknown)):
                    continue
                if vacant_only and any(u != uid and state.side(u) == side for u in state.at(b)):
                    continue
                nxt.append(path + (b,))
        out += nxt
        frontier = nxt
    return out


def judge_retreat(rules: RulesSystem, state: GameState, uid: str, origin: Hex, path: list[Hex], n: int,
                  book: str = "F&M") -> tuple[Verdict, bool]:
    """Judge a retreat of ``n`` hexes along ``path`` (hexes after ``origin``); returns the verdict and
    whether the unit owes a step for falling short (F&M 8.3)."""
    prev = origin
    side = state.side(uid)
    unknown = None
    for i, b in enumerate(path):
        why = blocked(rules, state, uid, prev, b)
        if isinstance(why, Unknown):
            unknown = unknown or why
        elif why:
            return Illegal(f"{book} 8.3", f"{uid} retreated {why}"), False
        if b.distance(origin) != i + 1:
            return Illegal(f"{book} 8.3", f"{uid} retreated to {rules.map.labels.get(b)}, not away from "
                           f"{rules.map.labels.get(origin)}"), False
        prev = b
    if len(path) > n:
        return Illegal(f"{book} 8.3", f"{uid} retreated {len(path)} hexes; the result is {n}"), False
    friendly = [b for b in path if any(u != uid and state.side(u) == side for u in state.at(b))]
    if friendly and legal_retreats(rules, state, uid, origin, n, vacant_only=True):
        longest = max(len(p) - 1 for p in legal_retreats(rules, state, uid, origin, n, vacant_only=True))
        if longest >= len(path):
            return Illegal(f"{book} 8.3", f"{uid} retreated through friendly-occupied "
                           f"{rules.map.labels.get(friendly[0])} while a path of vacant hexes was open"), False
    short = len(path) < n
    if short:
        longest = max((len(p) - 1 for p in legal_retreats(rules, state, uid, origin, n, vacant_only=False)), default=0)
        if longest > len(path):
            return Illegal(f"{book} 8.3", f"{uid} retreated {len(path)} of {n} hexes although it could "
                           f"retreat {longest}"), False
    if unknown:
        return NotCheckable(unknown.needs), short
    return Legal(), short


def judge_advance(rules: RulesSystem, retreat_path: list[Hex], path: list[Hex], uid: str,
                  book: str = "F&M") -> Verdict:
    """An advance after combat follows the path of retreat, starting with the vacated combat hex,
    and never strays from it; EZOC is ignored (F&M 8.5)."""
    for i, h in enumerate(path):
        if i >= len(retreat_path) or h != retreat_path[i]:
            return Illegal(f"{book} 8.5", f"{uid} advanced to {rules.map.labels.get(h, '?')}, off the path of "
                           f"retreat ({' '.join(rules.map.labels.get(x, '?') for x in retreat_path)})")
    return Legal()
