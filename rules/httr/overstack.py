"""HTTR overstacking (SR 11.2.3, 11.4.3): when a hex holds more SP than its stacking limit, even for a moment, every
unit in it becomes disrupted (by the end of the phase); if the overstack persists at the end of the phase, units
must have been displaced; a unit that begins a phase overstacked moves one hex at most in it.

An overstack is seen after each move or entry into a hex (a voluntary one is illegal as well, SR 11.2.2: the
step judge says so); every unit in the hex while it is overstacked is disrupted, those already there and those that
enter it later in the phase while it still is (a later serial landing on it, ScR 6.6.6.4).

Reading: "at the end of movement" is read as the end of the phase in which the hex became overstacked.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.movement import Movement
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Tri, Verdict


Position = Board


def stack_limit(game: Game, state: GameState, h: Hex) -> Verdict | None:
    """The TEC stacking limit's verdict on ``h`` (SR 11.2.1; leaders and static units do not count): Illegal when
    overstacked, NotCheckable naming what is missing, None or Legal when not overstacked."""
    units = [u for u in state.at(h) if is_kind(game, u, "leader", "static") is not True]
    return Movement(game, state, units[0]).over_limit(h) if units else None


def overstacked(game: Game, state: GameState, h: Hex) -> Tri:
    """More SP in ``h`` than its TEC stacking limit?"""
    v = stack_limit(game, state, h)
    return True if isinstance(v, Illegal) else None if isinstance(v, NotCheckable) else False


def unknown_overstack(label: str, v: NotCheckable) -> NotCheckable:
    """The end-of-phase answer on a hex whose overstack is not known: not checkable, naming what the limit needs."""
    return NotCheckable(f"whether {label} was overstacked (SR 11.2.3: every unit in it disrupted, the fewest "
                        f"displaced): {v.needs}")


@dataclass
class Overstacks:
    """This phase's overstacked hexes: hex -> (the event that overstacked it, the units then in it); ``unsure``: the
    hexes a move or entry left not known to be overstacked or not, hex -> (that event, what the limit needed)."""

    seen: dict[Hex, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    unsure: dict[Hex, tuple[int, NotCheckable]] = field(default_factory=dict)
    prior: dict[Hex, set[str]] = field(default_factory=dict)  # units disrupted before they were overstacked

    def after(self, game: Game, state: GameState, index: int, at: Hex | None) -> None:
        """A unit moved or entered into ``at``: note the hex if it is now overstacked, and every unit then in it
        (one entering a hex already overstacked as well, SR 11.2.3 "all units in the hex"; ScR 6.6.6.4 a later
        serial's units); the event kept is the one that first overstacked it."""
        v = stack_limit(game, state, at) if at is not None else None
        if isinstance(v, NotCheckable) and at not in self.unsure:
            self.unsure[at] = (index, v)
        if at is None or not isinstance(v, Illegal):
            return
        first, units = self.seen.get(at, (index, ()))
        new = tuple(u for u in state.at(at) if u not in units)
        self.seen[at] = (first, units + new)
        self.prior.setdefault(at, set()).update(u for u in new if mem.has(state, u, "disrupted")
                                                and is_kind(game, u, "leader") is not True)

    def disrupts(self, uid: str) -> bool:
        """Was ``uid`` in a hex overstacked this phase (its disruption is then the overstack's, SR 11.2.3)?"""
        return any(uid in units for _, units in self.seen.values())

    @rule("HTTR SR 11.2.3", "STK-3", "an overstack disrupts every unit in the hex; if it persists at the end of "
          "movement, units are displaced one hex")
    def end_phase(self, p: Position) -> list[tuple[int, Verdict]]:
        """At the phase's end: each unit of an overstacked hex is disrupted, and no hex is overstacked still; a hex
        whose overstack was not known (its terrain, the TEC's limit or a unit's SP missing) is not checkable, naming
        what was missing, as the move's own step was."""
        out: list[tuple[int, Verdict]] = []
        for h, (index, units) in sorted(self.seen.items(), key=lambda x: x[1][0]):
            label = p.game.map.labels.get(h, repr(h))
            calm = [u for u in units if p.state.where(u) is not None and not mem.has(p.state, u, "disrupted")
                    and is_kind(p.game, u, "leader") is not True]
            if calm:
                out.append((index, Illegal("HTTR SR 11.2.3", f"{label} was overstacked: every unit in it becomes "
                                           f"disrupted, but {', '.join(calm)} is not")))
            now = stack_limit(p.game, p.state, h)
            if isinstance(now, Illegal):
                out.append((index, Illegal("HTTR SR 11.2.3", f"{label} is still overstacked at the end of the phase: "
                                           "the fewest units needed are displaced one hex")))
            elif isinstance(now, NotCheckable):
                out.append((index, unknown_overstack(label, now)))
            out += [(index, v) for v in check_prior(p, h, sorted(self.prior.get(h, ())))]
        for h, (index, v) in sorted(self.unsure.items(), key=lambda x: x[1][0]):
            if h not in self.seen:
                out.append((index, unknown_overstack(p.game.map.labels.get(h, repr(h)), v)))
        self.seen.clear()
        self.unsure.clear()
        self.prior.clear()
        return out


@rule("HTTR SR 11.2.3", "STK-3", "units already disrupted when their hex is overstacked are retreated one hex and "
      "lose half their current SP (losses rounded down)")
def check_prior(p: Position, h: Hex, units: list[str]) -> list[Verdict]:
    """At the phase's end, each unit that was disrupted before it was in the overstack (there when the hex became
    overstacked, or entering it while it was): off the hex by exactly one hex, or eliminated. Readings: the retreat
    is due whenever the hex was overstacked, as the others' disruption is (a disrupted unit disrupted again, as in
    SR 10.5.2), not only when the overstack persists; the half SP lost is not read (the log shows no SP losses), so
    a retreat of one hex is legal with that guess."""
    label = p.game.map.labels.get(h, repr(h))
    out: list[Verdict] = []
    for u in units:
        at = p.state.where(u)
        if at == h:
            out.append(Illegal("HTTR SR 11.2.3", f"{u} was disrupted before {label} was overstacked: it is retreated "
                               "one hex and loses half its current SP, but it is still there"))
        elif at is not None and at.distance(h) != 1:
            out.append(Illegal("HTTR SR 11.2.3", f"{u} was disrupted before {label} was overstacked and is "
                               f"retreated {at.distance(h)} hexes from it: one hex"))
        elif at is not None:
            out.append(Legal(detail=f"{u}, disrupted before {label} was overstacked, is retreated one hex (SR 11.2.3)",
                             guess="it lost half its current SP (the log shows no SP losses)"))
    return out


@rule("HTTR SR 11.4.3", "STK-3", "a unit that begins a phase overstacked has an MA of one hex in it")
def began_overstacked(game: Game, start: GameState, uid: str) -> bool:
    h = start.where(uid)
    return h is not None and overstacked(game, start, h) is True
