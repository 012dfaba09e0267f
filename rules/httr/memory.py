"""What the HTTR referee remembers beyond positions, kept in ``GameState.memory``: each unit's
organisation mode (SR 5: concentrated, defilade, travel), its states (disrupted, depleted, dismounted,
fired, used: SR 2.6.3) and every hex's stacking order (SR 11: the top two units fire and are fired at).

The module shows modes and states as layers whose level changes are ``StepChange`` events
(``docs/log-channel.md``): the game's ``[[layers]]`` (``games.channel.Channel``) name them, the ``mode``
layer's levels naming the modes and a state layer on at any level but its first. A game without layer
data is read by the names :data:`MODE_TRAIT`, :data:`MODES` and :data:`STATES`, compared without case,
spaces, ``_`` or ``-``. The stacking order comes from a
``Move``'s ``stack`` (VASSAL's order, bottom first) when the log has it; else a unit dropped on a hex goes
on top (VASSAL puts a dropped piece on top), and the set-up keeps placement order (the last placed on top).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Callable, Mapping

from hexforge.builder.timeline import Placement
from hexforge.games.channel import Channel
from hexforge.maps.hexes import Hex
from hexforge.rules.state import GameState

MODE_TRAIT = "mode"
MODES = ("concentrated", "defilade", "travel")
STATES = ("disrupted", "depleted", "dismounted", "fired", "used")
ON = ("on", "true", "yes")
OFF = ("", "0", "off", "false", "no", "none")


def norm(text: str) -> str:
    return re.sub(r"[\s_-]+", "", text.lower())


def mode_named(level: str) -> str | None:
    """The mode a layer level names (``"Defilade Mode"`` -> defilade), else ``None``."""
    n = norm(level)
    return next((m for m in MODES if n.startswith(m) or n == m + "mode"), None)


def layer_change(trait: str, new: str, channel: Channel | None = None) -> tuple[str, str | bool] | None:
    """What a layer change says: ``("mode", mode)`` or ``(state, on?)``; ``None`` for other traits."""
    lay = channel.layer(trait) if channel is not None else None
    if lay is not None:
        if lay.id == MODE_TRAIT:  # the set-up level arrives as its number ("1"), the others by name
            m = mode_named(channel.level_name(trait, new) or new)
            return ("mode", m) if m else None
        if lay.id in STATES:
            level = channel.level(trait, new)
            return (lay.id, bool(level)) if level is not None else None
        return None
    t = norm(trait)
    if t in (MODE_TRAIT, "organisationmode", "organizationmode"):
        m = mode_named(new)
        return ("mode", m) if m else None
    if t in STATES:
        n = norm(new)
        return t, n == t or n in ON or (n.isdigit() and int(n) > 0)
    if t == "travel" or t == "travelmode":  # a Travel layer alone (on: travel, off: concentrated)
        return "mode", "travel" if norm(new) not in OFF else "concentrated"
    return None


@dataclass(frozen=True, slots=True)
class HttrMemory:
    """Modes, states and stacking order (top first) of the position."""

    modes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    states: Mapping[str, frozenset[str]] = field(default_factory=lambda: MappingProxyType({}))
    order: Mapping[Hex, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))


def memory(state: GameState) -> HttrMemory:
    return state.memory if isinstance(state.memory, HttrMemory) else HttrMemory()


def mode(state: GameState, uid: str) -> str | None:
    """The unit's mode, ``None`` when the log never said it."""
    return memory(state).modes.get(uid)


def has(state: GameState, uid: str, what: str) -> bool:
    return what in memory(state).states.get(uid, frozenset())


def with_mode(state: GameState, uid: str, m: str) -> GameState:
    mem = memory(state)
    d = dict(mem.modes)
    d[uid] = m
    return state.remember(replace(mem, modes=MappingProxyType(d)))


def with_state(state: GameState, uid: str, what: str, on: bool) -> GameState:
    mem = memory(state)
    d = dict(mem.states)
    now = d.get(uid, frozenset())
    d[uid] = now | {what} if on else now - {what}
    return state.remember(replace(mem, states=MappingProxyType(d)))


def stack(state: GameState, h: Hex) -> tuple[str, ...]:
    """The units in ``h``, top first: the remembered order, then any unit it does not hold (by id)."""
    here = set(state.at(h))
    known = tuple(u for u in memory(state).order.get(h, ()) if u in here)
    return known + tuple(sorted(here - set(known)))


def top_two(state: GameState, h: Hex) -> tuple[str, ...]:
    return stack(state, h)[:2]


def with_order(state: GameState, h: Hex, order: tuple[str, ...]) -> GameState:
    mem = memory(state)
    d = dict(mem.order)
    d[h] = order
    return state.remember(replace(mem, order=MappingProxyType(d)))


def moved(before: GameState, after: GameState, uid: str, to: Hex | None, logged: tuple[str, ...] = (),
          bottom: bool = False) -> GameState:
    """``after`` (the unit already placed at ``to``) with stacking orders updated: the unit leaves its old
    hex's order and goes on top of ``to`` (``bottom``: under the others, SR 9.6.3), or the ``logged``
    order (unit ids, top first) when the log gives it."""
    old = before.where(uid)
    if old is not None and old != to:
        after = with_order(after, old, tuple(u for u in stack(before, old) if u != uid))
    if to is None:
        return after
    if logged:
        return with_order(after, to, logged)
    rest = tuple(u for u in stack(before, to) if u != uid)
    return with_order(after, to, rest + (uid,) if bottom else (uid,) + rest)


def from_setup(state: GameState, setup: tuple[Placement, ...], channel: Channel | None = None,
               start: Callable[[str], str | None] | None = None, takes=lambda uid, m: True) -> GameState:
    """The set-up's modes, states (its pieces' layer levels) and stacking orders (the last placed on top);
    ``start(uid)``: the mode of a unit whose set-up shows none (a built module's Mode layer's set-up level),
    kept when ``takes(uid, mode)`` (a unit without that mode stays unknown)."""
    orders: dict[Hex, list[str]] = {}
    for p in setup:
        uid = p.piece.unit
        if uid is None or state.where(uid) is None:
            continue
        h = state.where(uid)
        orders.setdefault(h, []).insert(0, uid)
        for trait, level in {**p.markers, **p.layers}.items():  # a save gives layer levels as ``layers``
            said = layer_change(trait, level, channel)
            if said is None:
                continue
            state = with_mode(state, uid, said[1]) if said[0] == "mode" else with_state(state, uid, said[0], bool(said[1]))
    for h, units in orders.items():
        state = with_order(state, h, tuple(units))
    if start is not None:  # a built module starts every piece at its layer's set-up level (docs/log-channel.md)
        for uid in sorted(u for us in orders.values() for u in us):
            first = start(uid)
            if first is not None and mode(state, uid) is None and takes(uid, first):
                state = with_mode(state, uid, first)
    return state
