"""HTTR modes after recovery from disruption (SR 10.6.6, ScR 8.1.13): a recovered unit is in the mode it had before
(the Mode layer keeps it while the unit is disrupted), except disrupted HQs, which always adopt Defilade, and the
units of the side the data names (``[special.recover_to_defilade]``) that started on the map, which adopt
Defilade too. Such a unit may go into Defilade at once on recovering and must be in it by the end of the phase.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import EventStream, Timeline
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, NotCheckable, Verdict

RECOVER_TO_DEFILADE = "recover_to_defilade"  # game.toml [special.recover_to_defilade]: side (ScR 8.1.13)


class Position(Board, Protocol):
    t: Timeline | EventStream


@dataclass
class Recoveries:
    """The units that recovered this phase and must end it in Defilade: unit -> the event of its recovery; the
    Morale Check a recovery took (SR 10.6.4: one roll for a disrupted unit or stack, rules/httr/recovery.py)."""

    due: dict[str, int] = field(default_factory=dict)
    roll: tuple[int, Hex | None] | None = None  # this phase's Morale Check taken by a recovery, and its stack's hex


def to_defilade(p: Position, uid: str) -> bool | None:
    """Does ``uid`` adopt Defilade on recovering (an HQ, SR 10.6.6; a unit of ScR 8.1.13's side that started on
    the map)? None when its type is unknown."""
    hq = is_kind(p.game, uid, "hq")
    side = (p.game.special(RECOVER_TO_DEFILADE) or {}).get("side")
    if side is not None and p.state.side(uid) == side and any(pl.piece.unit == uid and pl.hex is not None
                                                               for pl in p.t.setup):
        return True
    return hq


@rule("HTTR SR 10.6.6 / ScR 8.1.13", "MOD-10", "a recovered unit reverts to its mode before disruption; HQs (and "
      "the data's side's units that started on the map) adopt Defilade")
def end_phase(p: Position, recoveries: Recoveries) -> list[tuple[int, Verdict]]:
    out: list[tuple[int, Verdict]] = []
    for uid, index in sorted(recoveries.due.items(), key=lambda x: x[1]):
        m = mem.mode(p.state, uid)
        if p.state.where(uid) is None or mem.has(p.state, uid, "disrupted") or m == "defilade":
            continue
        out.append((index, NotCheckable(f"the mode of unit {uid} after its recovery (its Mode layer)") if m is None
                    else Illegal("HTTR SR 10.6.6", f"{uid} recovered from disruption but is in {m.title()} Mode at "
                                 "the end of the phase: it adopts Defilade")))
    recoveries.due.clear()
    recoveries.roll = None
    return out
