"""HTTR units entering and leaving the map (ScR 10.2.2-10.2.3, 12.2.1, 12.4.3): a unit enters (a reinforcement, or
back from the off-map areas) only in its side's Movement or Reaction Phase; one that left the map spends one
complete friendly Movement Phase off it before it comes back, and never comes back in the GT it left; one that
entered does not leave in the same GT.

A unit moved from a hex to no hex of the map (an off-map box) leaves it; one put on the map from off it
enters (``Entered``). Placements before the log's first Movement Phase are the set-up, judged as such.

Reading: 10.2.2-10.2.3 are in the German off-map rules, but nothing in them is German-only; they are applied to
every unit that leaves the map and comes back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.core.tables import Cells
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

ENTRY_PHASES = ("movement", "reaction")  # ScR 12.2.1 (L1460): 'during either of its Movement Phases'
AREA = "offmap-"  # terrain.toml [[edges]] id of an Off-Map Movement Area's map edge hexes (ScR 10.1.3)
DEACTIVATED = "deactivated on GT"  # the offmap_deactivation table's column (ScR 10.3 Table 3)


class Position(Protocol):
    game: Game
    state: GameState

    def phase(self) -> tuple[str, str | None]: ...


@dataclass
class Arrivals:
    """Whether play has begun (a Movement Phase was reached), and when each unit last left or entered the map, as
    (GT, phase index)."""

    playing: bool = False
    left: dict[str, tuple[int, int]] = field(default_factory=dict)
    entered: dict[str, int] = field(default_factory=dict)

    def seen(self, p: Position) -> None:
        if p.phase()[0] in ENTRY_PHASES:
            self.playing = True


def back_after(p: Position, side: str | None, left: tuple[int, int]) -> tuple[int, int] | None:
    """The (GT, phase) of the side's first Movement Phase after ``left``: the one it must spend off the map."""
    ids = [q.id for q in p.game.info.sequence]
    mine = [i for i, q in enumerate(ids) if q == f"{side}_movement"]
    if not mine:
        return None
    t, ph = left
    return (t, mine[0]) if ph < mine[0] else (t + 1, mine[0])


@rule("HTTR ScR 12.2.1 / 12.4.3 / 10.2.2-10.2.3", "OFF-1/OFF-2/OFF-5", "a unit enters the map in its side's Movement "
      "or Reaction Phase; one that left it returns only after a complete friendly Movement Phase off it, never in "
      "the GT it left")
def judge_entry(p: Position, arrivals: Arrivals, uid: str, h: Hex | None) -> Verdict | None:
    """``uid`` enters on ``h``. None while the log is still in its set-up (before its first Movement Phase)."""
    if not arrivals.playing:
        return None
    kind, side = p.phase()
    turn, phase = p.state.turn, p.state.phase
    if turn is None or phase is None:
        return NotCheckable("the phase (no turn tracker change yet)")
    own = p.state.side(uid)
    if kind not in ENTRY_PHASES or side != own:
        return Illegal("HTTR ScR 12.2.1", f"{uid} enters the map in the {p.game.info.sequence[phase].name.resolved}: "
                       "units enter only in their side's Movement Phases")
    arrivals.entered[uid] = turn
    left = arrivals.left.pop(uid, None)
    if left is None:
        return Legal(detail=f"{uid} enters in its side's {kind} phase (ScR 12.2.1)")
    if left[0] == turn:
        return Illegal("HTTR ScR 10.2.2", f"{uid} left the map this GT and may not re-enter it before the next")
    wait = back_after(p, own, left)
    if wait is not None and (turn, phase) <= wait:
        return Illegal("HTTR ScR 10.2.3", f"{uid} left the map in GT {left[0]} and comes back before a complete "
                       f"friendly Movement Phase off it (the one of GT {wait[0]})")
    closed = area_open(p, h)
    return closed if closed is not None else Legal(detail=f"{uid} returns from off the map (ScR 10.2.3)")


@rule("HTTR ScR 10.3 / 10.1.4", "OFF-3", "a unit comes back onto the map from the off-map area whose edge it enters "
      "by; an area deactivated on its GT (Table 3) holds no units from then on")
def area_open(p: Position, h: Hex | None) -> Verdict | None:
    """The off-map areas are the data's ``[[edges]] offmap-<area>`` (their map edge hexes, ScR 10.1.3) and the
    ``offmap_deactivation`` table (an area it does not list is never deactivated)."""
    label = p.game.map.labels.get(h, "?") if h is not None else "?"
    areas = sorted(i.removeprefix(AREA) for i, hexes in p.game.map.terrain.edges.items()
                   if i.startswith(AREA) and hexes is not None and h in hexes)
    if not areas:
        return NotCheckable(f"which off-map area's edge hex {label} is (the Off-Map Movement Display, ScR 10.1.3: "
                            f"terrain.toml [[edges]] {AREA}<area>)")
    table = Cells.of(p.game, "offmap_deactivation")
    for area in areas:
        gt = table.get(area, DEACTIVATED)
        if isinstance(gt, (int, float)) and not isinstance(gt, bool) and p.state.turn is not None \
                and p.state.turn >= gt:
            return Illegal("HTTR ScR 10.3", f"{label} is the edge of off-map area {area}, deactivated on GT {gt:g}: "
                           "no unit comes back from it")
    return None


@rule("HTTR ScR 10.2.2", "OFF-2", "a unit that entered the map does not leave it in the same GT")
def judge_exit(p: Position, arrivals: Arrivals, uid: str) -> Verdict:
    turn, phase = p.state.turn, p.state.phase
    if turn is None or phase is None:
        return NotCheckable("the phase (no turn tracker change yet)")
    arrivals.left[uid] = (turn, phase)
    if arrivals.entered.get(uid) == turn:
        return Illegal("HTTR ScR 10.2.2", f"{uid} entered the map this GT and may not leave it before the next")
    return Legal(detail=f"{uid} leaves the map (ScR 10.1.2: into an off-map area)")
