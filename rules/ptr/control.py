"""Hex control (PtR 3.5): at a scenario's start the US controls the hexes its combat units are in and their ZOCs
reach, the Germans every other hex, both a hex both sides' ZOCs reach (3.5A); a hex changes hands when a combat unit
of the other side enters it or comes to exert a ZOC into it while it is free of enemy units (3.5B). The changes are
``PtrMemory.control`` (hex -> the sides controlling it, or Unknown when a ZOC was not known: ZOC Chart, terrain).
``control_of`` is what the checks ask (S5's entries on a US-controlled edge hex, 21.5.6 A/E/G; 11.4.2B's
friendly-controlled HQ destinations). A mixin of the PtR referee."""
from __future__ import annotations

from dataclasses import dataclass

from hexforge.builder.timeline import Entered, Move
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.command import paths
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.ptr.command import brief
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.state import GameState

Control = frozenset[str] | Unknown


@dataclass(frozen=True, slots=True)
class StartControl:
    """3.5A: the hexes the US set-up controls (alone or with the Germans), those not known, and why."""

    known: dict[Hex, frozenset[str]]
    unsure: frozenset[Hex]
    needs: str


class ControlMixin:
    """Who controls each hex; see the module docstring."""

    def other_side(self, side: str) -> str:
        return next(s for s in self.game.sides if s != side)

    @rule("PTR 3.5", "PTR3-4", "hex control: the US holds its units' hexes and ZOCs at the start, the Germans the "
          "rest; a hex switches when an enemy combat unit enters it or exerts a ZOC into it while free of enemies")
    def control_of(self, h: Hex) -> Control:
        """The sides controlling ``h`` now (3.5A-B)."""
        if h in self.mem.control:
            return self.mem.control[h]
        start = self.__dict__.get("_start_control") or self.__dict__.setdefault("_start_control", self.start_control())
        if h in start.known:
            return start.known[h]
        return Unknown(start.needs) if h in start.unsure else frozenset({self.other_side(self.data.us_side)})

    def start_control(self) -> StartControl:
        """3.5A from the log's set-up: the hexes the US units hold or reach (the rest is German)."""
        us = self.data.us_side
        state = GameState.from_setup(self.game, self.t)
        p = paths(self.data, state)
        known: dict[Hex, frozenset[str]] = {}
        unsure: set[Hex] = set()
        for u, h in sorted(state.positions.items()):
            if state.side(u) != us:
                continue
            known[h] = frozenset({us})  # 3.5A: 'hexes containing friendly units' (an HQ's too; it exerts no ZOC)
            for n in (x for x in h.neighbours() if x in self.game.map):
                z = p.exerts_zoc_into(u, n)
                if z is None:
                    unsure.add(n)
                elif z and n not in known:
                    known[n] = frozenset({us}) | (frozenset({self.other_side(us)}) if p.ezoc(n, us) else frozenset())
        return StartControl(known, frozenset(unsure - set(known)),
                            "who controls the hexes next to the US set-up (3.5A): " + brief(p.needs))

    def watch_control(self, j: Judged) -> None:
        """After a combat unit's move or entry: its hex and the enemy-free hexes it exerts a ZOC into are its
        side's (with the other side too where that side's ZOC also reaches, 3.5A)."""
        e, uid = j.event, self.unit(j.event)
        if uid is None or not isinstance(e, (Move, Entered)) or self.data.is_hq(uid):
            return  # 3.5B: a combat unit; a disrupted one takes its hex but exerts no ZOC (13.1)
        h, side = self.state.where(uid), self.state.side(uid)
        if h is None or side is None or isinstance(self.data.us_side, Unknown):
            return
        p = paths(self.data, self.state)
        ctl = dict(self.mem.control)
        ctl[h] = frozenset({side})
        for n in (x for x in h.neighbours() if x in self.game.map and not p.enemies_at(x, side)):
            z = p.exerts_zoc_into(uid, n)
            both = p.ezoc(n, side) if z else False
            if z is None or both is None:
                ctl[n] = Unknown(f"who controls hex {self.game.map.label(n)} (3.5B): {brief(p.needs)}")
            elif z:
                ctl[n] = frozenset({side}) | (frozenset({self.other_side(side)}) if both else frozenset())
        self.set(control=frozen_map(ctl))
