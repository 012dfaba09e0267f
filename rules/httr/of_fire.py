"""HTTR opportunity fire resolved (SR 6.6.1.4): an ``of`` declaration's roll is resolved as the fire it takes the
form of, at its target as it stands before its triggering activity (6.6.1.2, 6.6.2.2), with what that activity
does to the target's entrenchment (12.1.1, 12.1.5). Its legality is ``opportunity.py``'s; the roll and its effects
are those of DF, IF or AT fire (``fire.resolve_fire``, ``at_fire.resolve_at``, ``effects``).

Readings: every trigger but a mode change is a movement function (12.1.1): leaving the hex, a stack reorder (11.5.6,
done in the Movement Phase), a (dis)mount (its 2 MP, 9.3.5-9.3.6), entering the hex for ambush fire, a move watched
for IF as OF (6.6.5.1), a crossing by ferry (``ferry``: the OF's ER is one more, 6.3.4.2, 6.5.5.1, in
``fire.packet``); a mode change is fired at in the original mode (6.6.2.2), entrenchment included. Without a
trigger word the trigger is not known when the roll is made (it is the activity that follows), so a target whose
benefit depends on it is not checkable.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr import pannerden
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.units import is_kind

MOVING = frozenset({"leave", "move", "order", "mount", "ambush", "ferry"})  # SR 12.1.1: movement functions


class Position(Board, Protocol):
    fire: FireLog


def as_fire(p: Position, d: Declaration, units: list[str]) -> Declaration:
    """The fire an OF takes the form of (SR 6.6.1.4): IF by an artillery, SPA or HW unit naming a spotter or firing
    beyond the adjacent hex (6.6.5, 6.6.6.1); AT fire by an AT unit at an AFV (18.2.5, 6.4), and by infantry or
    engineers ambushing an AFV ('using its infantry AT capability', 6.6.8.4: never conventional DF at an AFV, 6.2);
    else DF (6.6.4.1, 6.6.3.3, 6.6.6.2)."""
    target, at = p.hex(d.target), p.state.where(units[0])
    far = at is not None and target is not None and at.distance(target) > 1
    if is_kind(p.game, units[0], "artillery", "spa", "hw") and (d.spotter is not None or far):
        return replace(d, kind="if")
    aimed = d.target_unit or (mem.stack(p.state, target)[:1] or (None,))[0] if target is not None else None
    ambusher = d.trigger == "ambush" and is_kind(p.game, units[0], "infantry", "engineer")
    if (is_kind(p.game, units[0], "at") or ambusher) and aimed is not None and is_kind(p.game, aimed, "afv"):
        return replace(d, kind="at")
    return replace(d, kind="df")


def target_activity(d: Declaration, fired_as: Declaration) -> str:
    """What the OF's target is doing when fired at: ``moving`` (a movement function, SR 12.1.1, or the watched move
    of IF as OF, 6.6.5.1), ``attacking`` (a close action's attacker, 6.6.3, 12.1.5), ``in place`` (a mode change,
    6.6.2.2) or ``unknown`` (no trigger word)."""
    if d.trigger in MOVING or d.trigger is None and fired_as.kind == "if" and d.spotter is not None:
        return "moving"
    return {"ca": "attacking", "mode": "in place"}.get(d.trigger or "", "unknown")


def pend(p: Position, d: Declaration, units: list[str]) -> None:
    """After an OF declaration (``fire.record`` done): its roll, which comes next, resolves it as its fire."""
    if not units:
        return
    fired_as = as_fire(p, d, units)
    p.fire.of_target = target_activity(d, fired_as)
    if fired_as.kind == "at":
        p.fire.at_roll_due, p.fire.at_pending = True, (fired_as, tuple(units))  # no return fire: 6.6.7.3
    else:
        p.fire.pending = (fired_as, tuple(units))


def ferry_unknown(p: Position, d: Declaration, target: Hex) -> Unknown | None:
    """An OF without a trigger word at a unit that may be using a ferry: its ER is then one more (SR 6.3.4.2,
    6.5.5.1), unknown. Reading: a unit may be using a ferry when its hex holds a bridging engineer of its side (ScR
    9.1) or is a hex of the permanent ferry (ScR 9.2, ``[special.permanent_ferry]`` hexes)."""
    if p.fire.of_target != "unknown":
        return None
    aimed = d.target_unit or (mem.stack(p.state, target)[:1] or (None,))[0]
    side = p.state.side(aimed) if aimed is not None else None
    ends = {p.hex(str(h)) for h in pannerden.config(p.game).get("hexes") or ()}
    crew = [u for u in p.state.at(target) if is_kind(p.game, u, "bridging_engineer") and p.state.side(u) == side]
    if aimed is None or not crew and target not in ends:
        return None
    return Unknown(f"whether {aimed} is using a ferry (the OF's trigger word 'ferry': its ER is one more, SR 6.3.4.2, "
                   "6.5.5.1)")

