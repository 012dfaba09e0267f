"""Supply and command range as the referee asks for them (PtR 10.1.3, 17, 18), through ``rules/ptr/supply.py``'s
path searches: one three-valued answer (``True``/``False``/:class:`Unknown` naming what it needed). A search's
answers are kept per position (units' hexes, disrupted units, turn): a log asks about one position many times."""
from __future__ import annotations

from typing import Any, Callable

from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.data import PtrData
from hexforge.rules.ptr.supply import PtrPaths, command_range, supply
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState

Answer = bool | Unknown
MEMO = 256  # searches remembered per game (positions recur only while nothing moves)


@rule("PTR 13.1", "PTR13-1", "disrupted units and HQs exert no ZOC")
def paths(data: PtrData, state: GameState) -> PtrPaths:
    """The path searches over ``state``: disrupted combat units exert no ZOC (13.1); HQs never do."""
    return PtrPaths(data.game, state, disrupted={u for u in state.reduced if not data.is_hq(u)})


def brief(needs: set[str] | tuple[str, ...]) -> str:
    """What a path search needed, short: the data named once, the unsurveyed hexes counted."""
    hexes = {n for n in needs if n.startswith("terrain of hex ")}
    rest = sorted(set(needs) - hexes)
    count = len({n.split(" ")[3] for n in hexes})
    return "; ".join(rest + ([f"the terrain of {count} unsurveyed hexes"] if count else [])) or "unknown map data"


def _memo(data: PtrData, state: GameState, what: tuple, search: Callable[[PtrPaths], Any]) -> tuple[Any, set[str]]:
    """``search`` over ``state``'s paths, remembered with what it needed for this position."""
    cache: dict = data.__dict__.setdefault("_searches", {})
    key = (what, frozenset(state.positions.items()), state.reduced, state.turn)
    if key not in cache:
        if len(cache) >= MEMO:
            cache.clear()
        p = paths(data, state)
        cache[key] = (search(p), set(p.needs))
    return cache[key]


@rule("PTR 17.2-17.3", "PTR17-1", "an HQ's supply path to a friendly edge enters no enemy-occupied hex and no "
      "unnegated EZOC and crosses no anti-tank ditch")
def hq_supplied(data: PtrData, state: GameState, fid: str) -> Answer:
    """PtR 17.1-17.4: is formation ``fid``'s HQ in supply now?"""
    hq = data.formations[fid].hq
    if hq is None or state.where(hq) is None:
        return Unknown(f"where the HQ of formation {fid} stands (game.toml [special.formations] hq, on the map)")
    side = data.formations[fid].side
    answer, needs = _memo(data, state, ("supply", side), lambda p: supply(p, side, state.turn).hqs)
    got = answer.get(hq)
    if got is None:
        return Unknown(f"the supply path of HQ {hq}: {brief(needs)}")
    return got


def formation_now(data: PtrData, state: GameState, uid: str) -> str | None:
    """The formation a unit belongs to now: its assignment (6.1C, 6.2; the state's memory), else the one the
    scenario attaches it to at the start, else its own (units.csv)."""
    assigned = getattr(state.memory, "assigned", None) or {}  # PtrMemory's (memory.py names records of modules
    return assigned.get(uid) or data.attachments.get(uid) or data.formation_of(uid)  # that import this one)


@rule("PTR 18.0B / 18.2 / 18.3", "PTR18-1", "a CR path (HQ hex counted, unit hex not) within the HQ's command "
      "range, through no enemy unit, no unnegated EZOC, no terrain prohibited to the tracer")
def commanded(data: PtrData, state: GameState, uid: str) -> Answer:
    """PtR 18.0B-18.3: is ``uid`` within CR of its parent HQ (of the formation it belongs to now)?"""
    fid = formation_now(data, state, uid)
    hq = data.formations[fid].hq if fid else None
    at = state.where(uid)
    if hq is None or state.where(hq) is None or at is None:
        return Unknown(f"the parent HQ of {uid} on the map (units.csv formation; [special.formations] hq)")
    mobility = "motorized" if data.game.units[uid].mobility == "motorized" else "leg"  # as supply.in_command
    reach, needs = _memo(data, state, ("cr", hq, mobility), lambda p: command_range(p, hq, mobility))
    got = reach.get(at, (False, 0))[0]
    if got is None:
        return Unknown(f"the command range of {uid} to {hq}: {brief(needs)}")
    return got
