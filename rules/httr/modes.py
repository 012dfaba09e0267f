"""Unit modes read from a saved game (HTTR SR 2.6.3): which pieces show Travel Mode or disruption."""
from __future__ import annotations

import re

from hexforge.builder.timeline import Eliminated, Entered, Move, StepChange, Timeline
from hexforge.games.game import Game
from hexforge.games.values import plain


#: Names a piece's Marker/Layer state or a marker counter may give Travel Mode and disruption
#: (the game's ``travel``/``disrupted`` markers, SR 2.6.3 L63), compared without case, spaces or _.
MODE_NAMES = {"travel": ("travel", "travelmode"), "disrupted": ("disrupted", "disruption")}
OFF = ("", "0", "false", "off", "no", "none")


def _norm(text: str) -> str:
    return re.sub(r"[\s_-]+", "", text.lower())


def _names(game: Game) -> dict[str, set[str]]:
    out = {k: set(v) for k, v in MODE_NAMES.items()}
    for m in game.info.markers:
        if m.id in out:
            out[m.id].add(_norm(str(plain(m.name))))
    return out


def _on(key: str, value: str, names: set[str]) -> bool:
    """Does a Marker/Layer ``key = value`` say the state ``names``? (key named and set, or the value
    naming it, as a Layer's active level name does)."""
    v = value.strip().lower()
    is_set = int(v) > 0 if v.lstrip("-").isdigit() else v not in OFF  # a Layer level <= 0 is off
    return (_norm(key) in names and is_set) or _norm(value) in names


def modes(game: Game, timeline: Timeline, step: int | None = None) -> tuple[frozenset[str], frozenset[str], frozenset[str], list[str]]:
    """(Travel Mode units, disrupted units, units whose state is unsure, notes) at ``step`` of a
    saved game (SR 13.2.2.6, 8.6.2): from each unit piece's Marker state at setup and its
    Marker/Layer changes (:class:`~hexforge.builder.timeline.StepChange`), and from marker
    counters named Travel Mode / Disrupted standing in a hex with one unit; a marker counter in a
    hex with several units marks each of them as unsure (the save gives no stacking order here)."""
    names = _names(game)
    traits: dict[str, dict[str, str]] = {}
    counters: dict[str, tuple[str, str | None]] = {}  # marker piece id -> (state, hex)
    units: dict[str, str | None] = {}

    def marker_of(name: str) -> str | None:
        return next((k for k, ns in names.items() if _norm(name) in ns), None)

    for p in timeline.setup:
        if p.piece.unit is not None:
            traits[p.piece.unit] = dict(p.markers)
            units[p.piece.unit] = p.hex
        elif marker_of(p.piece.name):
            counters[p.piece.id] = (marker_of(p.piece.name), p.hex)
    for e in timeline.events:
        if step is not None and e.step > step:
            break
        piece = getattr(e, "piece", None)
        if piece is None:
            continue
        to = e.to_hex if isinstance(e, Move) else e.hex if isinstance(e, Entered) else None
        if isinstance(e, (Move, Entered, Eliminated)):
            h = None if isinstance(e, Eliminated) else to
            if piece.unit is not None:
                units[piece.unit] = h
            elif marker_of(piece.name):
                counters[piece.id] = (marker_of(piece.name), h)
        elif isinstance(e, StepChange) and piece.unit is not None:
            traits.setdefault(piece.unit, {})[e.trait] = e.new
    found: dict[str, set[str]] = {"travel": set(), "disrupted": set()}
    unsure: set[str] = set()
    notes: list[str] = []
    for uid, tr in traits.items():
        for state, ns in names.items():
            if any(_on(k, v, ns) for k, v in tr.items()):
                found[state].add(uid)
    for pid, (state, h) in sorted(counters.items()):
        here = sorted(u for u, at in units.items() if at is not None and at == h)
        if len(here) == 1:
            found[state].add(here[0])
        elif here:
            unsure.update(here)
            notes.append(f"which unit in hex {h} the {state} marker {pid} is on (the save's stacking order)")
    return frozenset(found["travel"]), frozenset(found["disrupted"]), frozenset(unsure), notes
