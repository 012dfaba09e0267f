"""HTTR bridge engineers ferrying units across an unbridged canal or river hexside (ScR 9.1.1-9.1.5): the engineer
and the ferried unit stand in the same hex next to the hexside at the start of the Movement Phase; the unit
crosses for 6 MP above the terrain; an engineer ferries at most its own SP a phase and does not move in it; it may
ferry itself instead (then it ferries no one else and moves no further). Only infantry, heavy weapons, HQs,
combat engineers and leaders are ferried.

A move that crosses is judged with the ferry available when one is; the referee then records which engineer
carried it (:meth:`FerryLog.record`). A fatigued engineer ferries no one, itself included (optional SR 21.5.4), nor
does a disrupted one (SR 10.6.2, ``engineer_functions``). A unit whose units.csv type is not known is never read as
"not a bridge engineer": a crossing the known engineers cannot make, with such a companion there that may be one,
is not checkable, naming its type (as is a mover of unknown type).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr.engineer_functions import disrupted, functions_lost
from hexforge.rules.httr.fatigue import engineer_barred
from hexforge.rules.httr.units import is_kind, number
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, NotCheckable

FERRY_MP = 6.0  # ScR 9.1.1 (L1354)
FERRIED_KINDS = ("infantry", "hw", "hq", "engineer", "leader")  # ScR 9.1 (L1353)
ENGINEER = "bridging_engineer"


class Mover(Protocol):
    game: Game
    state: GameState
    uid: str


@dataclass
class FerryLog:
    """One Movement Phase's ferrying: the position at its start, SP each engineer carried, the engineers that
    ferried themselves, and the units that moved; ``tired``: whether an engineer is fatigued (SR 21.5.4)."""

    start: GameState
    tired: Callable[[str], bool] = lambda _uid: False
    carried: dict[str, float] = field(default_factory=dict)
    itself: set[str] = field(default_factory=set)
    moved: set[str] = field(default_factory=set)

    def engineers(self, m: Mover, a: Hex, typed: bool | None = True) -> list[str]:
        """The bridging engineers stacked with the mover in ``a`` at the phase's start, still there, unmoved
        (``typed=None``: the units there whose units.csv type is not known, each of which may be one)."""
        if self.start.where(m.uid) != a:
            return []
        side = m.state.side(m.uid)
        return sorted(u for u in self.start.at(a) if m.state.side(u) == side and is_kind(m.game, u, ENGINEER) is typed
                      and m.state.where(u) == a and (u == m.uid or u not in self.moved))

    @rule("HTTR ScR 9.1.1-9.1.5", "FRY-1/FRY-2", "a bridge engineer ferries units stacked with it next to the "
          "hexside at the phase's start, at most its SP a phase, for 6 MP more; it does not move, or it ferries "
          "itself and no one else")
    def why_not(self, m: Mover, a: Hex) -> Illegal | NotCheckable | None:
        """None when an engineer may ferry the mover across a water hexside of ``a`` now, else why not; not
        checkable when the mover's type is not known, or when no known engineer may and a companion of unknown type
        may be one."""
        if is_kind(m.game, m.uid, ENGINEER) is None:
            return NotCheckable(f"the type of unit {m.uid} (units.csv type: only a bridge engineer, ferrying itself, "
                                "and infantry, heavy weapons, HQs, combat engineers and leaders are ferried, ScR 9.1)")
        if is_kind(m.game, m.uid, ENGINEER):  # one that ferried others does not move at all (Movement.barred)
            if self.start.where(m.uid) != a:
                return Illegal("HTTR ScR 9.1.4", f"{m.uid} ferries itself only from the hex it began the Movement "
                               "Phase in")
            return engineer_barred(self.tired, [m.uid], "ferry troops, themselves included") or functions_lost(
                m.state, [m.uid], "ferry itself")
        if not is_kind(m.game, m.uid, *FERRIED_KINDS):
            return Illegal("HTTR ScR 9.1", f"{m.uid} is not of a type a bridge engineer ferries (infantry, heavy "
                           "weapons, HQs, combat engineers and leaders only)")
        barred = self.barred(m, a)
        maybe = [u for u in self.engineers(m, a, typed=None) if self.may_carry(m, u)]
        if barred is not None and maybe:
            return NotCheckable(f"the type of unit {maybe[0]} (units.csv type: whether it is a bridge engineer that "
                                f"may ferry {m.uid}, ScR 9.1.1-9.1.2)")
        return barred

    def may_carry(self, m: Mover, u: str) -> bool:
        """Whether ``u``, of unknown type, may be a bridge engineer able to ferry the mover now: neither fatigued nor
        disrupted, and of SP not known or at least the mover's (ScR 9.1.2)."""
        room, mine = number(m.game, u, "strength"), number(m.game, m.uid, "strength")
        small = not isinstance(room, Unknown) and not isinstance(mine, Unknown) and not is_kind(
            m.game, m.uid, "leader") and mine > room
        return not (self.tired(u) or disrupted(m.state, u) or small)

    def barred(self, m: Mover, a: Hex) -> Illegal | NotCheckable | None:
        """Why none of the bridge engineers known may ferry the mover (not itself one) from ``a``, else None."""
        near = self.engineers(m, a)
        if not near:
            return Illegal("HTTR ScR 9.1.1", f"{m.uid} crosses unbridged water with no bridge engineer that began the "
                           "Movement Phase stacked with it there and has not moved")
        tired = engineer_barred(self.tired, near, "ferry troops") or functions_lost(m.state, near, "ferry troops")
        if tired is not None:
            return tired
        mine = 0.0 if is_kind(m.game, m.uid, "leader") else number(m.game, m.uid, "strength")
        unknown = mine if isinstance(mine, Unknown) else None
        for u in near:
            room = number(m.game, u, "strength")
            if u in self.itself or self.tired(u) or disrupted(m.state, u):
                continue
            if isinstance(room, Unknown) or isinstance(mine, Unknown):
                unknown = unknown or room
                continue
            if self.carried.get(u, 0.0) + mine <= room:
                return None
        if isinstance(unknown, Unknown):
            return NotCheckable(f"{unknown.needs}: a bridge engineer ferries at most its own SP a phase (ScR 9.1.2)")
        return Illegal("HTTR ScR 9.1.2", f"{m.uid} would take the bridge engineers in {', '.join(near)} past their SP "
                       "ferried this phase")

    def record(self, m: Mover, crossed: list[tuple[Hex, Hex]]) -> None:
        """After a move: the mover moved; each ferry crossing of its route is charged to an engineer."""
        self.moved.add(m.uid)
        for a, _ in crossed:
            if is_kind(m.game, m.uid, ENGINEER):
                self.itself.add(m.uid)
                continue
            mine = 0.0 if is_kind(m.game, m.uid, "leader") else number(m.game, m.uid, "strength")
            for u in self.engineers(m, a):
                room = number(m.game, u, "strength")
                if u not in self.itself and not self.tired(u) and not disrupted(m.state, u) \
                        and not isinstance(room, Unknown) \
                        and not isinstance(mine, Unknown) \
                        and self.carried.get(u, 0.0) + mine <= room:
                    self.carried[u] = self.carried.get(u, 0.0) + mine
                    break
