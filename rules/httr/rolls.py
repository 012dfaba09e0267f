"""The HTTR referee's roll dispatch: each dice roll goes to the topic that reads it (morale, bridge demolition,
weather, depletion, CP and logistics, the pending close action's 1d6, AT fire, direct and indirect fire)."""
from __future__ import annotations

from typing import Protocol

from hexforge.rules.httr import ammunition as ammo
from hexforge.rules.httr import command_points as cpl
from hexforge.rules.httr import demolition
from hexforge.rules.httr import logistics as logi
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr import supply_heads as heads
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.close_action import CaLog, resolve
from hexforge.rules.httr.effects import after_at, after_result, on_morale
from hexforge.rules.httr.fire import resolve_fire
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.weather import Routine, on_weather_roll
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    """The HTTR referee, as the roll dispatch reads it (each topic it calls reads the referee as its own Position)."""

    morale_roll: int | None
    demolitions: demolition.Demolitions
    weather_routine: Routine
    ca: CaLog
    fire: FireLog

    def say(self, index: int, v: Verdict) -> None: ...


def on_roll(p: Position, j: Judged) -> None:
    """A roll: the pending close action's 1d6 (a Close Action button's, or any single die in a game whose
    data names no buttons) resolves it."""
    e = j.event
    heads.rolled(p, e)
    button = p.channel.dice(e.name)
    ca_die = button.purpose == "close-action" if button is not None else len(e.values) == 1
    total = e.total if e.total is not None else sum(e.values)
    if button is not None and button.purpose == "morale":
        p.morale_roll = total
        told = on_morale(p, total)
        if told is not None:
            p.say(j.index, told)
            return
    if button is not None and button.purpose == "bridge-demolition":
        p.say(j.index, demolition.judge_roll(p, p.demolitions, j.index, e))
        return
    if button is not None and button.purpose == "weather" and p.phase()[0] == "weather":
        for v in on_weather_roll(p, p.weather_routine, total):
            p.say(j.index, v)
        return
    if ammo.on_roll(p, button.purpose if button is not None else None, total):
        p.say(j.index, Legal(detail="a Depletion Check: the marker or AmP spend that follows is judged with it"))
        return
    said = cpl.on_roll(p, e, button.purpose if button is not None else None)
    delivered = logi.on_roll(p, total) if button is not None and button.purpose == "logistics" else None
    said = (said or []) + [delivered] if delivered is not None else said
    if said is not None:
        for v in said:
            p.say(j.index, v)
        return
    if p.ca.pending is not None and ca_die:
        p.say(j.index, resolve(p, total))
        return
    if p.fire.at_roll_due and (button is None or button.purpose == "at-fire"):
        p.fire.at_roll_due = False
        p.fire.at_roll_index = j.index
        for v in after_at(p, j.index, total) if p.fire.at_pending else [NotCheckable("the AT fire this "
                                                                                             "roll resolves")]:
            p.say(j.index, v)
        return
    pending = p.fire.pending
    purpose = {"df": "direct-fire", "if": "indirect-fire"}
    if pending is not None and (button.purpose == purpose[pending[0].kind] if button is not None
                                else len(e.values) == 2):
        p.fire.pending, p.fire.last_result = None, None
        resolved = resolve_fire(p, pending[0], list(pending[1]), total)
        p.say(j.index, resolved)
        target = p.hex(pending[0].target)
        if p.fire.last_result is None and target is not None:  # what the result calls for is not known (SR 6.7)
            p.fire.unknown.append((j.index, target, resolved.needs if isinstance(resolved, NotCheckable) else
                                   "which result the firer's roll change gave, SR 6.3.5.2 / 6.5.3"))
        unit = pending[0].target_unit or (mem.stack(p.state, target)[:1] or (None,))[0] if target else None
        if p.fire.last_result == "DEF" and unit is not None:
            p.fire.defilade_due.append((j.index, unit))
        for v in after_result(p, j.index, unit, p.fire.last_result, pending[0].kind,
                              pending[0].target_unit is not None):
            p.say(j.index, v)
