"""HTTR SR 10.6.2 (L635): "Engineer functions are lost" while a unit is disrupted. The engineer functions the
referee judges are building an entrenchment (SR 18.4.3.1, ``entrench``), repairing a bridge (ScR 9.6.1,
``bridge_repair``), blowing one (ScR 9.5.6, ``engineer_demolition``), ferrying across a river or canal (ScR 9.1,
``ferries``) and building or working the permanent ferry (ScR 9.2, ``pannerden``); each asks here whether the
engineers it would rely on are all disrupted.

Reading: where undisrupted engineers stand with disrupted ones, the work is judged on the undisrupted ones alone by the
function's own rule (SR 18.4.3.1's 2 SP, ScR 9.1.2's SP ferried, ...); SR 10.6.2 is the rule broken only when the
engineers there are all disrupted. A disruption also restarts a work in progress (SR 18.4.3.1, ``entrench.Works``).
"""
from __future__ import annotations

from hexforge.rules.httr import memory as mem
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal


def disrupted(state: GameState, uid: str) -> bool:
    """Does ``uid`` carry a Disrupted marker now (SR 10.6)?"""
    return mem.has(state, uid, "disrupted")


def undisrupted(state: GameState, units: list[str]) -> list[str]:
    """Those of ``units`` that keep their engineer functions (SR 10.6.2)."""
    return [u for u in units if not disrupted(state, u)]


@rule("HTTR SR 10.6.2", "DIS-1", "a disrupted engineer has no engineer functions: it builds no entrenchment, repairs "
      "or blows no bridge, ferries no one and works no permanent ferry")
def functions_lost(state: GameState, units: list[str], work: str) -> Illegal | None:
    """The Illegal when the engineers ``units`` the ``work`` would fall to are all disrupted, else None."""
    if not units or undisrupted(state, units):
        return None
    return Illegal("HTTR SR 10.6.2", f"{', '.join(units)} {'is' if len(units) == 1 else 'are'} disrupted: a "
                   f"disrupted engineer has no engineer functions and cannot {work}")
