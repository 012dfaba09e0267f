"""HTTR units entering and leaving the map (ScR 10.2.2-10.2.3, 12.2.1, 12.4.3): a unit enters (a reinforcement, or
back from the off-map areas) only in its side's Movement or Reaction Phase; one that left the map spends one
complete friendly Movement Phase off it before it comes back, and never comes back in the GT it left; one that
entered does not leave in the same GT.

A unit moved from a hex to no hex of the map (an off-map box) leaves it; one put on the map from off it
enters (``Entered``). Placements before the log's first Movement Phase are the set-up, judged as such.

Reading: 10.2.2-10.2.3 are in the German off-map rules, but nothing in them is German-only; they are applied to
every unit that leaves the map and comes back.

A unit that comes back by another area's edge than the one it left by moved between areas (10.2.1-10.2.8): the
areas are the edges' (``[[edges]] offmap-<area>``), their adjacency game.toml ``[special.offmap_areas] adjacent``
(pairs of areas; the Off-Map Movement Display's). Reading: the display's moves are not logged, so the unit is read
as moving in the mode it left in, each step as early as it may (Travel: one complete friendly Movement Phase,
10.2.4; Concentrated: one complete GT, 10.2.5), then one complete Movement Phase in the area it enters from
(10.2.3); its day steps' HQ and weather (10.2.7-10.2.8) the log does not show: not checkable.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr import memory as mem
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

ENTRY_PHASES = ("movement", "reaction")  # ScR 12.2.1 (L1460): 'during either of its Movement Phases'
AREA = "offmap-"  # terrain.toml [[edges]] id of an Off-Map Movement Area's map edge hexes (ScR 10.1.3)
DEACTIVATED = "deactivated on GT"  # the offmap_deactivation table's column (ScR 10.3 Table 3)
AREAS = "offmap_areas"  # game.toml [special.offmap_areas] adjacent: pairs of adjacent areas (ScR 10.2.4-10.2.5)
DISPLAY = "the Off-Map Movement Display"
BETWEEN = ("travel", "concentrated")  # ScR 10.2.1 (L1421): only these modes move between off-map areas


class Position(Protocol):
    game: Game
    state: GameState

    def phase(self) -> tuple[str, str | None]: ...
    def turn_kind(self, turn: int) -> str | None: ...


class Left(NamedTuple):
    """When (GT, phase index) and where (hex, its areas) a unit left the map, in which mode."""

    turn: int
    phase: int
    hex: Hex | None
    areas: tuple[str, ...]
    mode: str | None


@dataclass
class Arrivals:
    """Whether play has begun (a Movement Phase was reached); when and where each unit last left the map, the GT it
    last entered it."""

    playing: bool = False
    left: dict[str, Left] = field(default_factory=dict)
    entered: dict[str, int] = field(default_factory=dict)

    def seen(self, p: Position) -> None:
        if p.phase()[0] in ENTRY_PHASES:
            self.playing = True


def movement_index(p: Position, side: str | None) -> int | None:
    ids = [q.id for q in p.game.info.sequence]
    return next((i for i, q in enumerate(ids) if q == f"{side}_movement"), None)


def back_after(p: Position, side: str | None, left: tuple[int, int]) -> tuple[int, int] | None:
    """The (GT, phase) of the side's first Movement Phase after ``left``: the one it must spend off the map."""
    m = movement_index(p, side)
    if m is None:
        return None
    t, ph = left[0], left[1]
    return (t, m) if ph < m else (t + 1, m)


def areas_of(p: Position, h: Hex | None) -> tuple[str, ...]:
    """The off-map areas whose map edge holds ``h`` (terrain.toml ``[[edges]] offmap-<area>``, ScR 10.1.3)."""
    return tuple(sorted(i.removeprefix(AREA) for i, hexes in p.game.map.terrain.edges.items()
                        if i.startswith(AREA) and hexes is not None and h in hexes))


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
    if closed is not None:
        return closed
    return between(p, uid, left, h) or Legal(detail=f"{uid} returns from off the map (ScR 10.2.3)")


@rule("HTTR ScR 10.3 / 10.1.4", "OFF-3", "a unit comes back onto the map from the off-map area whose edge it enters "
      "by; an area deactivated on its GT (Table 3) holds no units from then on")
def area_open(p: Position, h: Hex | None) -> Verdict | None:
    """The off-map areas are the data's ``[[edges]] offmap-<area>`` (their map edge hexes, ScR 10.1.3) and the
    ``offmap_deactivation`` table (an area it does not list is never deactivated)."""
    areas = areas_of(p, h)
    if not areas:
        return unknown_area(p, h)
    label = p.game.map.labels.get(h, "?") if h is not None else "?"
    table = Cells.of(p.game, "offmap_deactivation")
    for area in areas:
        gt = table.get(area, DEACTIVATED)
        if isinstance(gt, (int, float)) and not isinstance(gt, bool) and p.state.turn is not None \
                and p.state.turn >= gt:
            return Illegal("HTTR ScR 10.3", f"{label} is the edge of off-map area {area}, deactivated on GT {gt:g}: "
                           "no unit comes back from it")
    return None


def unknown_area(p: Position, h: Hex | None) -> NotCheckable:
    label = p.game.map.labels.get(h, "?") if h is not None else "?"
    return NotCheckable(f"which off-map area's edge hex {label} is ({DISPLAY}, ScR 10.1.3: terrain.toml [[edges]] "
                        f"{AREA}<area>)")


@rule("HTTR ScR 10.2.1 / 10.2.4-10.2.5 / 10.2.7-10.2.8", "OFF-1", "a unit coming back by another off-map area than "
      "the one it left into moved between adjacent areas, in Travel (a complete Movement Phase a step) or "
      "Concentrated Mode (a complete GT a step), by day with its HQ and out of clear weather")
def between(p: Position, uid: str, left: Left, h: Hex | None) -> Verdict | None:
    """None when ``uid`` comes back by the area it left into (or its hex); else the move between areas."""
    back = areas_of(p, h)
    if (h is not None and h == left.hex) or set(back) & set(left.areas):
        return None
    pairs = (p.game.special(AREAS) or {}).get("adjacent")
    if not isinstance(pairs, list):
        if not back or not left.areas:
            return unknown_area(p, h if not back else left.hex)
        return NotCheckable(f"which off-map areas are adjacent ({DISPLAY}: game.toml [special.{AREAS}] adjacent, "
                            "ScR 10.2.5)")
    if not back or not left.areas:
        return None  # the display is transcribed: a hex on no area's edge leads into none (ScR 10.1.3)
    steps = area_steps(pairs, left.areas, back)
    if steps < 0:
        return Illegal("HTTR ScR 10.2.5", f"{uid} left into area {left.areas[0]} and comes back by area {back[0]}, "
                       f"which no chain of adjacent off-map areas joins to it")
    if left.mode not in BETWEEN:
        return NotCheckable(f"the mode {uid} left the map in") if left.mode is None else \
            Illegal("HTTR ScR 10.2.1", f"{uid} left the map in {left.mode.title()} Mode and comes back by area "
                    f"{back[0]}: only units in Travel or Concentrated Mode move between off-map areas")
    return moved_in_time(p, uid, left, back[0], steps)


def area_steps(pairs: list, start: tuple[str, ...], goal: tuple[str, ...]) -> int:
    """The fewest steps between adjacent areas (``pairs``) from ``start`` to ``goal`` (-1: none joins them)."""
    near: dict[str, set[str]] = {}
    for a, b in pairs:
        near.setdefault(a, set()).add(b)
        near.setdefault(b, set()).add(a)
    seen, frontier, steps = set(start), set(start), 0
    while frontier:
        if frontier & set(goal):
            return steps
        frontier = {n for a in frontier for n in near.get(a, ()) if n not in seen}
        seen |= frontier
        steps += 1
    return -1


def moved_in_time(p: Position, uid: str, left: Left, area: str, steps: int) -> Verdict:
    """ScR 10.2.4-10.2.5, 10.2.3: ``steps`` moves as early as the mode allows, then a Movement Phase in ``area``."""
    side = p.state.side(uid)
    m, turn, phase = movement_index(p, side), p.state.turn, p.state.phase
    if m is None or turn is None or phase is None:
        return NotCheckable(f"the {side} Movement Phase of the sequence of play")
    if left.mode == "travel":
        first = back_after(p, side, (left.turn, left.phase))[0]
        gts = list(range(first, first + steps))
        ready = (first + steps, m)
    else:
        gts = list(range(left.turn + 1, left.turn + 1 + steps))
        ready = (left.turn + steps + 1, m)
    if (turn, phase) <= ready:
        return Illegal("HTTR ScR 10.2.4" if left.mode == "travel" else "HTTR ScR 10.2.5",
                       f"{uid} ({left.mode.title()} Mode) needs {steps} move(s) between off-map areas and a complete "
                       f"Movement Phase in area {area} (ScR 10.2.3): it comes back only after GT {ready[0]}'s Movement Phase")
    if any(p.turn_kind(t) != "night" for t in gts):
        return NotCheckable(f"whether {uid}'s moves between off-map areas from GT {gts[0]}, not all by night, had "
                            "its controlling HQ with it and no clear weather (ScR 10.2.7-10.2.8; the display's moves "
                            "are not logged)")
    return Legal(detail=f"{uid} moved by night from area {left.areas[0]} to area {area} (ScR 10.2.4-10.2.5, 10.2.9)")


@rule("HTTR ScR 10.2.2", "OFF-2", "a unit that entered the map does not leave it in the same GT")
def judge_exit(p: Position, arrivals: Arrivals, uid: str) -> Verdict:
    turn, phase = p.state.turn, p.state.phase
    if turn is None or phase is None:
        return NotCheckable("the phase (no turn tracker change yet)")
    h = p.state.where(uid)
    arrivals.left[uid] = Left(turn, phase, h, areas_of(p, h), mem.mode(p.state, uid))
    if arrivals.entered.get(uid) == turn:
        return Illegal("HTTR ScR 10.2.2", f"{uid} entered the map this GT and may not leave it before the next")
    return Legal(detail=f"{uid} leaves the map (ScR 10.1.2: into an off-map area)")
