"""HTTR self-propelled artillery after firing (SR 18.9.2, L951; 4.1, L127): an SPA unit that fired in the Fire Phase
in Concentrated Mode "may move up to half their current MA" in the next Movement Phase (any other unit that fired
does not move, SR 6.1.9: the referee's ``on_move``).

Reading: 'current MA' is the MA the move is judged with (``Movement.ma_known``: leaders, frost, fatigue); the half
is not rounded (an MA of 9 allows 4.5 MP).
"""
from __future__ import annotations

from typing import Protocol

from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.movement import Movement, Step
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, NotCheckable, Verdict


class Position(Board, Protocol):
    fired_in: dict[str | None, set[str]]


@rule("HTTR SR 18.9.2 / 4.1", "FIR-5", "an SPA unit that fired in the Fire Phase moves in Concentrated Mode at most "
      "half its current MA in the next Movement Phase")
def judge_half(p: Position, mv: Movement, uid: str, spent: Step) -> list[Verdict]:
    """The MP ``uid`` has spent this Movement Phase (``spent``) against half its MA, when it is an SPA that fired."""
    kind, side = p.phase()
    if kind != "movement" or uid not in p.fired_in.get(side, set()) or not is_kind(p.game, uid, "spa") \
            or mem.mode(p.state, uid) != "concentrated":
        return []
    ma = mv.ma_known()
    if isinstance(ma, Unknown):
        return [NotCheckable(f"{ma.needs} (SR 18.9.2: an SPA that fired moves at most half its MA)")]
    if spent.mp > ma / 2:
        return [Illegal("HTTR SR 18.9.2", f"{uid} fired in the Fire Phase and has spent {spent.mp:g} MP: an SPA "
                        f"moves at most half its MA ({ma / 2:g} of {ma:g}) after firing")]
    if spent.unsure is not None:
        return [NotCheckable(f"{spent.unsure} (SR 18.9.2: an SPA that fired moves at most {ma / 2:g} MP)")]
    return []
