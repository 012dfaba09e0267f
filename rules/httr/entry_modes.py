"""HTTR units entering the map: the mode a piece brings on (ScR 12.01: reinforcements 'may enter in any of the modes
they possess at the owning player's discretion').

The log channel: an off-map piece's Mode layer (docs/log-channel.md). A built module's timeline gives each set-up
piece's layer levels (``Placement.layers``, as a step change names them; a hand-made one its ``markers``); a piece
the set-up does not show starts at its Mode layer's set-up level. A layer change logged while the piece is off the
map is its mode from then on (the referee remembers it as any layer change). When the piece enters the map (an
``Entered``, or a ``Move`` from an off-map holding box onto a hex) with its mode still unknown, it takes the mode
its piece shows.

Reading: a unit never yet on the map is a reinforcement, its mode changes off the map its choice of the mode it
enters in (ScR 12.01), not the Organization Phase's voluntary change (SR 5.2.1); one that left the map for an
off-map area changes mode by the usual rules.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import Entered, Event, Move, Placement, StepChange
from hexforge.games.channel import Channel
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.units import has_mode, mobility
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, Verdict


class Position(Board, Protocol):
    entry_modes: EntryModes


def setup_modes(setup: Iterable[Placement], channel: Channel) -> dict[str, str]:
    """The mode each off-map set-up piece's Mode layer shows (its ``layers``, else its ``markers``)."""
    modes: dict[str, str] = {}
    for p in setup:
        if p.hex is not None or not p.piece.unit:
            continue
        for trait, level in {**p.markers, **p.layers}.items():
            said = mem.layer_change(trait, level, channel)
            if said is not None and said[0] == "mode":
                modes[p.piece.unit] = str(said[1])
    return modes


@dataclass
class EntryModes:
    """The set-up mode of each unit off the map (``waiting``), the start level of the others (``start``) and the
    units that have been on the map."""

    waiting: dict[str, str] = field(default_factory=dict)
    start: Callable[[str], str | None] = lambda uid: None
    on_map: set[str] = field(default_factory=set)

    @classmethod
    def set_up(cls, setup: tuple[Placement, ...], channel: Channel, start: Callable[[str], str | None]) -> EntryModes:
        """``start(uid)``: the mode a built module's piece starts in (its Mode layer's set-up level)."""
        return cls(setup_modes(setup, channel), start, {p.piece.unit for p in setup if p.hex and p.piece.unit})


def on_event(p: Position, log: EntryModes, e: Event) -> list[Verdict]:
    """A unit coming onto the map with its mode unknown takes its piece's; returns no verdict (SR 5, ScR 12.01)."""
    uid = p.unit(e)
    to = e.hex if isinstance(e, Entered) else e.to_hex if isinstance(e, Move) else None
    if uid is None or p.hex(to) is None or p.state.where(uid) is not None:
        return []
    log.on_map.add(uid)
    if mem.mode(p.state, uid) is None:
        m = log.waiting.get(uid) or log.start(uid)
        if m is not None and has_mode(p.game, uid, m) is True:
            p.state = mem.with_mode(p.state, uid, m)
    return []


@rule("HTTR ScR 12.01 / 9.5.1.1", "OFF-5", "a reinforcement off the map takes any mode it possesses to enter in "
      "(only vehicular-capable units Travel)")
def off_map_mode(p: Position, e: StepChange) -> Verdict | None:
    """A Mode layer change of a unit never yet on the map; None for any other layer change."""
    uid = p.unit(e)
    said = mem.layer_change(e.trait, e.new, p.channel)
    if uid is None or said is None or said[0] != "mode" or uid in p.entry_modes.on_map \
            or p.state.where(uid) is not None:
        return None
    new = str(said[1])
    if has_mode(p.game, uid, new) is False:
        return Illegal("HTTR ScR 12.01", f"{uid}, a reinforcement, takes {new.title()} Mode, which it does not "
                       "possess (SR 5.2.2, 9.3.10): it enters in one of its own modes")
    if new == "travel" and mobility(p.game, uid) == "leg":
        return Illegal("HTTR SR 9.5.1.1", f"{uid} is a leg unit: only vehicular-capable units enter Travel Mode")
    return Legal(detail=f"{uid}, a reinforcement off the map, takes {new.title()} Mode to enter in (ScR 12.01)")
