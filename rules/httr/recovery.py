"""HTTR recovery from disruption (SR 10.6.4-10.6.5): in the owner's Command Phase, a passed morale check (2d6,
the Morale Check roll made in that phase before the change): -2 stacked with or next to a leader or HQ, +1
next to an undisrupted enemy unit, +1 out of supply; the modified roll at most the current morale. Without a
roll only the automatic recovery after two quiet night GTs (10.6.5) remains, which the referee does not follow.

Reading: a unit's current morale is its printed morale less losses (16.1); SP losses are not read, so a pass is
judged on the printed morale and says so, and a failure on it is a failure on any lower morale too.
"""
from __future__ import annotations

from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.units import is_kind, number
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Protocol):
    game: Game
    rules: RulesSystem
    state: GameState
    morale_roll: int | None

    def phase(self) -> tuple[str, str | None]: ...


@rule("HTTR SR 10.6.4", "DIS-2", "recovery in the owner's Command Phase on 2d6 <= morale, -2 with a leader or HQ "
      "stacked or adjacent, +1 next to an undisrupted enemy, +1 out of supply")
def judge_recovery(p: Position, uid: str) -> Verdict:
    kind, side = p.phase()
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind != "command" or p.state.side(uid) != side:
        return Illegal("HTTR SR 10.6.4", f"{uid} recovers from disruption outside its side's Command Phase")
    if p.morale_roll is None:
        return NotCheckable(f"whether {uid} stayed unmoved and away from the enemy for two night GTs (SR 10.6.5: "
                            "automatic recovery; no morale check was rolled)")
    morale = number(p.game, uid, "morale")
    if isinstance(morale, Unknown):
        return NotCheckable(morale.needs)
    at = p.state.where(uid)
    near = [u for u in p.state.at(at) + tuple(x for h in at.neighbours() for x in p.state.at(h))] if at else []
    friends = [u for u in near if p.state.side(u) == side and u != uid]
    helped = any(is_kind(p.game, u, "leader", "hq") for u in friends)
    enemy = any(p.state.side(u) != side and not mem.has(p.state, u, "disrupted") and p.state.where(u) != at
                for u in near)
    roll = p.morale_roll - (2 if helped else 0) + (1 if enemy else 0)
    if roll > morale:
        return Illegal("HTTR SR 10.6.4", f"{uid} recovers, but its morale check fails: {p.morale_roll}"
                       f"{' - 2' if helped else ''}{' + 1' if enemy else ''} > morale {morale:g}")
    if roll + 1 > morale:  # the +1 out of supply decides
        supplied = p.rules.supplied(p.state, uid)
        if supplied.supplied is None:
            return NotCheckable(f"whether {uid} is in supply (SR 10.6.4: +1 out of supply): {supplied.reason}")
        if supplied.supplied is False:
            return Illegal("HTTR SR 10.6.4", f"{uid} recovers, but out of supply its check fails: {roll} + 1 > "
                           f"morale {morale:g}")
    return Legal(detail=f"morale check {roll} <= {morale:g}", guess="its morale is the printed one (SP losses are "
                 "not read)")
