"""HTTR entrenchments as the log shows them (SR 12.1.3-12.1.4, 18.4.3): an Entrenchment marker (the game's
``entrenchment`` marker, SR 12.1.1) placed on the map is a finished entrenchment, one taken off is a removal.

- Built (18.4.3.1-18.4.3.2): placed in its owner's Command Phase on a hex where combat engineers of at least 2 SP
  stand concentrated and undisturbed (not moved, no change of mode, not disrupted, no fire) since the owner's
  Command Phase three GTs before.
- Removed (12.1.3-12.1.4): by the owner in his Command Phase, or because an enemy unit occupies the hex (then by
  the end of that phase).

Readings: the owner is the side of the units in the hex when the marker is placed (at set-up too); "three
consecutive game turns with construction initiated and completed in the Command Phase" is read as from the
Command Phase of GT t-3 to that of GT t (so none is finished before the fourth GT); what a unit did before the
log began is unknown, so a build the log cannot see begin is not checkable.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import Eliminated, Entered, Event, Move, Placement, StepChange
from hexforge.games.channel import Channel
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.engineer_functions import functions_lost
from hexforge.rules.httr.fatigue import engineer_tired, fatigued
from hexforge.rules.httr.rubble import Rubble, on as rubble_on
from hexforge.rules.httr.units import is_kind, number
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

MARKER = "entrenchment"  # SR 12.1.1 (L685): the Entrenchment marker
ENGINEER_SP = 2.0  # SR 18.4.3.1 (L925)
BUILD_TURNS = 3  # SR 18.4.3.1 (L925)
DISTURBING = ("mode", "disrupted", "fired", "dismounted")  # SR 18.4.3.1-18.4.3.2: moving, fire, other functions


class Position(Board, Protocol):
    readings: dict[str, str]
    rubble: Rubble


@dataclass
class Works:
    """The entrenchments on the map (hex label -> owner side, None when unknown), each unit's last disturbance
    as (turn, phase index), the first (turn, phase) the log shows, and the moves that put enemy units on an
    entrenchment (hex label -> event index) whose marker must go by the end of the phase."""

    owners: dict[str, str | None] = field(default_factory=dict)
    disturbed: dict[str, tuple[int, int]] = field(default_factory=dict)
    began: tuple[int, int] | None = None
    occupied: dict[str, int] = field(default_factory=dict)

    def set_up(self, game: Game, setup: tuple[Placement, ...], state: GameState) -> None:
        for p in setup:
            if is_marker(game, p.piece.name) and p.hex is not None:
                self.owners[p.hex] = owner(game, state, p.hex)

    def disturb(self, state: GameState, uid: str) -> None:
        """``uid`` moved, changed mode, was disrupted or fired now (SR 18.4.3.1-18.4.3.2)."""
        if state.turn is not None and state.phase is not None:
            self.disturbed[uid] = (state.turn, state.phase)

    def after(self, game: Game, state: GameState, index: int, e: Event, uid: str, channel: Channel) -> None:
        """A unit's event: a move, an elimination or a change of mode, disruption or fire disturbs it; a move
        onto an entrenchment of the other side makes its removal due."""
        said = mem.layer_change(e.trait, e.new, channel) if isinstance(e, StepChange) else None
        if isinstance(e, (Move, Eliminated)) or (said is not None and said[0] in DISTURBING):
            self.disturb(state, uid)
        if isinstance(e, Move):
            occupied_due(game, state, self, index, e.to_hex)

    def seen(self, state: GameState) -> None:
        if self.began is None and state.turn is not None and state.phase is not None:
            self.began = (state.turn, state.phase)


def is_marker(game: Game, name: str) -> bool:
    m = next((m for m in game.info.markers if m.id == MARKER), None)
    return m is not None and str(plain(m.name)) == name


def marker_event(game: Game, e: Event) -> bool:
    """Is ``e`` an Entrenchment marker placed, moved or taken off?"""
    piece = getattr(e, "piece", None)
    return isinstance(e, (Entered, Eliminated, Move)) and piece is not None and piece.unit is None \
        and is_marker(game, piece.name)


def owner(game: Game, state: GameState, label: str) -> str | None:
    h = game.map.index.get(label)
    sides = {state.side(u) for u in state.at(h)} if h is not None else set()
    return sides.pop() if len(sides) == 1 else None


def judge_marker(p: Position, works: Works, e: Event) -> list[Verdict]:
    """The verdicts on an Entrenchment marker's event (a move: taken off one hex, placed on another)."""
    out = []
    if isinstance(e, (Eliminated, Move)):
        gone = e.hex if isinstance(e, Eliminated) else e.from_hex
        if gone is not None:
            out.append(judge_removal(p, works, gone))
    placed = e.hex if isinstance(e, Entered) else e.to_hex if isinstance(e, Move) else None
    if placed is not None:
        out.append(judge_build(p, works, placed))
    return out


@rule("HTTR SR 12.1.3-12.1.4", "ENT-3", "an entrenchment is removed by its owner in his Command Phase, or when an "
      "enemy unit occupies its hex")
def judge_removal(p: Position, works: Works, label: str) -> Verdict:
    side = works.owners.pop(label, None)
    works.occupied.pop(label, None)
    kind, phasing = p.phase()
    h = p.game.map.index.get(label)
    here = {p.state.side(u) for u in p.state.at(h)} if h is not None else set()
    if side is None:
        return NotCheckable(f"whose entrenchment was in {label} (no unit stood there when it was placed)")
    if here - {side}:
        return Legal(detail=f"an enemy unit occupies {label}: the entrenchment is removed (SR 12.1.4)")
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind == "command" and phasing == side:
        return Legal(detail="the owner destroys his entrenchment in his Command Phase (SR 12.1.3)")
    return Illegal("HTTR SR 12.1.3", f"the entrenchment in {label} is removed outside its owner's Command Phase "
                   "and no enemy unit occupies the hex")


def engineers_at_work(p: Position, works: Works, units: list[str], start: tuple[int, int] | None
                      ) -> tuple[list[str], float] | NotCheckable:
    """Those of ``units`` concentrated, undisrupted and undisturbed since ``start`` (GT, phase; ``None``: not
    known), with their SP in all (SR 18.4.3.1, ScR 9.5.6: engineer works last whole GTs)."""
    ready = [u for u in units if mem.mode(p.state, u) == "concentrated" and not mem.has(p.state, u, "disrupted")
             and (start is None or works.disturbed.get(u, (-1, -1)) < start)]
    strength = [number(p.game, u, "strength") for u in ready]
    bad = next((s for s in strength if isinstance(s, Unknown)), None)
    if bad is not None:
        return NotCheckable(bad.needs)
    return ready, sum(s for s in strength if not isinstance(s, Unknown))


@rule("HTTR SR 18.4.3.1-18.4.3.2", "ENT-4", "an entrenchment is built in the Command Phase by combat engineers of "
      "at least 2 SP, concentrated and undisturbed in the hex for three GTs, firing meanwhile at nothing")
def judge_build(p: Position, works: Works, label: str) -> Verdict:
    side = owner(p.game, p.state, label)
    works.owners[label] = side
    kind, phasing = p.phase()
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind != "command" or side != phasing:
        return Illegal("HTTR SR 18.4.3.1", f"an entrenchment is placed in {label} outside its builders' Command Phase")
    h = p.game.map.index[label]
    engineers = [u for u in p.state.at(h) if is_kind(p.game, u, "engineer") is not False]
    sure = [u for u in engineers if is_kind(p.game, u, "engineer")]
    if len(sure) < len(engineers):
        return NotCheckable(f"the type of unit {sorted(set(engineers) - set(sure))[0]} (units.csv type: combat "
                            "engineers build entrenchments, SR 18.4.3.1)")
    start = (p.state.turn - BUILD_TURNS, p.state.phase) if p.state.turn is not None else None
    got = engineers_at_work(p, works, sure, start)
    if isinstance(got, NotCheckable):
        return got
    ready, total = got
    if total < ENGINEER_SP:
        return functions_lost(p.state, sure, "build an entrenchment") or Illegal(
            "HTTR SR 18.4.3.1", f"an entrenchment is placed in {label} without combat engineers of "
            f"{ENGINEER_SP:g} SP concentrated and undisturbed there for {BUILD_TURNS} GTs "
            f"({total:g} SP: {', '.join(ready) or 'none'})")
    tired = [u for u in ready if fatigued(p, u)]
    rested = engineers_at_work(p, works, [u for u in ready if u not in tired], None) if tired else None
    if isinstance(rested, tuple) and rested[1] < ENGINEER_SP:
        return engineer_tired(tired, "build entrenchments")  # optional SR 21.5.4
    if start is not None and start[0] < first_turn(p.game):
        return Illegal("HTTR SR 18.4.3.1", f"an entrenchment is placed in {label} in GT {p.state.turn}: no work "
                       f"could begin {BUILD_TURNS} GTs before, before the first GT")
    if start is None or works.began is None or works.began > start:
        return NotCheckable(f"what {', '.join(ready)} did before the log began (SR 18.4.3.1: {BUILD_TURNS} GTs of "
                            "entrenching)")
    return Legal(detail=f"built by {', '.join(ready)} ({total:g} SP) over {BUILD_TURNS} GTs (SR 18.4.3.1)")


def occupied_due(game: Game, state: GameState, works: Works, index: int, label: str | None) -> None:
    """A unit moved into ``label``: if it is an enemy of the entrenchment's owner, the marker must go."""
    if label is None or label not in works.owners:
        return
    h = game.map.index.get(label)
    side = works.owners[label]
    if h is not None and side is not None and any(state.side(u) != side for u in state.at(h)):
        works.occupied.setdefault(label, index)


def check_occupied(works: Works) -> list[tuple[int, Verdict]]:
    """At the phase's end: every entrenchment an enemy unit occupied this phase is gone (SR 12.1.4)."""
    out = [(i, Illegal("HTTR SR 12.1.4", f"an enemy unit occupies {label}, but its entrenchment is still there at "
                       "the end of the phase"))
           for label, i in sorted(works.occupied.items(), key=lambda x: x[1]) if label in works.owners]
    works.occupied.clear()
    return out


def first_turn(game: Game) -> int:
    """The game's first GT (its turn calendar's first; 1 without one)."""
    cal = game.special("turn_calendar") or {}
    turns = [int(t["turn"]) for t in cal.get("turns", []) if isinstance(t, dict) and "turn" in t]
    return min(turns, default=1)


@rule("HTTR SR 12.1.1-12.1.2 / 12.1.5", "ENT-1/ENT-2", "only units in Defilade Mode benefit from an entrenchment: "
      "never AFVs, armored units or units in Travel Mode, nor units moving or attacking in a CA")
def benefits(p: Position, works: Works, uid: str, *, moving: bool = False, attacking: bool = False) -> bool | None:
    """Does ``uid`` benefit from an entrenchment in its hex now (``moving``: it is conducting a movement function,
    12.1.1; ``attacking``: it attacks in a CA, 12.1.5)? None when its type or mode is not known.
    Reading: 'armored units' are read as the reading ``travel_fire`` reads them (AFVs and armored recon, or AFVs
    only), the same words of SR 6.3.1.11. With optional Rubble on, a hex where a Rubble marker lies is entrenched for
    its defenders in Defilade (ScR 15.7.2 L1504), on the same terms."""
    h = p.state.where(uid)
    dug = h is not None and (p.game.map.labels.get(h) in works.owners or rubble_on(p) and h in p.rubble.lying)
    if not dug or moving or attacking:
        return False
    mode = mem.mode(p.state, uid)
    if mode == "travel":
        return False
    kinds = ("afv",) if p.readings.get("travel_fire") == "afv_only" else ("afv", "recon")
    armored = is_kind(p.game, uid, *kinds)
    if armored is None or mode is None:
        return None
    return not armored and mode == "defilade"

