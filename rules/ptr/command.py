"""Supply and command range as the referee asks for them (PtR 10.1.3, 17, 18), through ``rules/ptr/supply.py``'s
path searches: one three-valued answer (``True``/``False``/:class:`Unknown` naming what it needed)."""
from __future__ import annotations

from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.data import PtrData
from hexforge.rules.ptr.supply import PtrPaths, in_command, supply
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState

Answer = bool | Unknown


@rule("PTR 13.1", "PTR13-1", "disrupted units and HQs exert no ZOC")
def paths(data: PtrData, state: GameState) -> PtrPaths:
    """The path searches over ``state``: disrupted combat units exert no ZOC (13.1); HQs never do."""
    return PtrPaths(data.game, state, disrupted={u for u in state.reduced if not data.is_hq(u)})


@rule("PTR 17.2-17.3", "PTR17-1", "an HQ's supply path to a friendly edge enters no enemy-occupied hex and no "
      "unnegated EZOC and crosses no anti-tank ditch")
def hq_supplied(data: PtrData, state: GameState, fid: str) -> Answer:
    """PtR 17.1-17.4: is formation ``fid``'s HQ in supply now?"""
    hq = data.formations[fid].hq
    if hq is None or state.where(hq) is None:
        return Unknown(f"where the HQ of formation {fid} stands (game.toml [special.formations] hq, on the map)")
    p = paths(data, state)
    got = supply(p, data.formations[fid].side, state.turn).hqs.get(hq)
    if got is None:
        return Unknown("the supply path of HQ " + hq + ": " + ("; ".join(sorted(p.needs)) or "unknown map data"))
    return got


@rule("PTR 18.0B / 18.2 / 18.3", "PTR18-1", "a CR path (HQ hex counted, unit hex not) within the HQ's command "
      "range, through no enemy unit, no unnegated EZOC, no terrain prohibited to the tracer")
def commanded(data: PtrData, state: GameState, uid: str) -> Answer:
    """PtR 18.0B-18.3: is ``uid`` within CR of its parent HQ?"""
    fid = data.formation_of(uid)
    hq = data.formations[fid].hq if fid else None
    if hq is None or state.where(hq) is None or state.where(uid) is None:
        return Unknown(f"the parent HQ of {uid} on the map (units.csv formation; [special.formations] hq)")
    p = paths(data, state)
    got = in_command(p, uid, hq)
    if got is None:
        return Unknown(f"the command range of {uid} to {hq}: " + ("; ".join(sorted(p.needs)) or "unknown map data"))
    return got
