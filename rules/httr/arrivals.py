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

At most ``move_limit_sp`` strength points (game.toml ``[special.offmap_areas]``; 30, ScR 10.2.6) move from one area
to another in a Movement Phase. Reading: the limit is per ordered pair of areas (from one to another) and per
Movement Phase, a Concentrated step (a complete GT) counting in its GT's; a unit counts its printed strength (the log
shows no strength losses). A unit's steps are forced into their phases when it came back as early as it could by a
single shortest route (10.2.3-10.2.5), and only forced steps make an excess illegal; an excess that steps of units
with time to spare may make is not checkable.

Units of ``waits`` (``[special.offmap_areas] waits``: area, side, turns; area 6E's German units, two turns, ScR
10.2.11) wait that many full turns in the area before entering from it. Reading, by 10.2.11's own gloss ("at the
start of the second turn in that area ... entering the map on the next turn"): the GT a unit reaches the area is its
first turn there, so it enters from GT reached + turns; a unit that moved into the area is read as reaching it as
early as it could. A reinforcement held in such an area (ScR 12.3.3) waits as the catalogue's READINGS
``offmap_wait_reinforcements`` reads 10.2.11 against 12.2.1 and 10.1.2 (``held_wait``, which rules/httr/schedule.py
calls: it knows the GT the unit is due).

10.2.11's warning ("at the start of the second turn in that area, the German player must inform the Allied player
there are units in that area that will be entering the map on the next turn") is the chat line ``offmap AREA``
(rules/httr/declaration.py). Reading: a unit entering from such an area in GT T needs the warning in GT T-1 (any
phase of it: "entering the map on the next turn"); one warning covers every unit entering from the area in GT T;
a log that begins after the warning side's first phase of GT T-1 may have missed it (not checkable). Every ``waits``
row is 10.2.11's, so each binds the warning too.

Each entry gets a verdict for each of its factors, in this order: the phase (12.2.1); a hex holding an enemy unit
(SR 9.2.2 with ScR 12.3.4); the time since it left (10.2.2-10.2.3: the first of them broken, both saying the entry
is early); the area's deactivation (10.3: the area it comes back from, and ``stranded``, the area it left into if
it was still there when that deactivated); the wait and the warning (10.2.11); the move between areas
(10.2.1-10.2.6). An entry that breaks two rules is flagged under both.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from hexforge.builder.timeline import ChatLine, Event
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.drop_rows import airborne, ground_row
from hexforge.rules.httr.landings import Landings
from hexforge.rules.httr.offmap_areas import (AREA, AREAS, DISPLAY, Left, area_steps, areas_of, back_after, clear_day,
                                             deactivated, deactivation, distances, movement_index, neighbours,
                                             unknown_area)
from hexforge.rules.httr.units import number
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict, worst

ENTRY_PHASES = ("movement", "reaction")  # ScR 12.2.1 (L1460): 'during either of its Movement Phases'
BETWEEN = ("travel", "concentrated")  # ScR 10.2.1 (L1421): only these modes move between off-map areas
LIMIT = "move_limit_sp"  # [special.offmap_areas]: SP moved from one area to another in a Movement Phase (10.2.6)
WAITS = "waits"  # [special.offmap_areas]: [{area, side, turns}], full turns in the area before entering (10.2.11)
HELD = "offmap_wait_reinforcements"  # catalogue.READINGS: a reinforcement held in a waits area (10.2.11 vs 12.2.1)
WARN = "offmap"  # the chat keyword of 10.2.11's warning (rules/httr/declaration.py)


class Position(Board, Protocol):
    readings: dict[str, str]
    landings: Landings
    rules: Any  # rules.system.RulesSystem: its ``scenario`` (drop_rows.ground_row)

    def turn_kind(self, turn: int) -> str | None: ...

    def calendar(self) -> dict[int, dict]: ...


class Passage(NamedTuple):
    """A unit's moves between off-map areas as the log implies them (ScR 10.2.4-10.2.6): its strength, the GTs whose
    Movement Phases its ``steps`` may fall in (``first``-``last``), each area's steps from where it left
    (``start``) and to where it came back (``goal``)."""

    uid: str
    sp: float | None
    first: int
    last: int
    steps: int
    start: dict[str, int]
    goal: dict[str, int]


@dataclass
class Arrivals:
    """Whether play has begun (a Movement Phase was reached); when and where each unit last left the map, the GT it
    last entered it; the moves between off-map areas read so far and the excesses already flagged (ScR 10.2.6)."""

    playing: bool = False
    left: dict[str, Left] = field(default_factory=dict)
    entered: dict[str, int] = field(default_factory=dict)
    passages: list[Passage] = field(default_factory=list)
    over: set[tuple[int, str, str]] = field(default_factory=set)
    warned: dict[str, set[int]] = field(default_factory=dict)  # area -> the GTs of 10.2.11's warnings for it
    began: tuple[int, int] | None = None  # the (GT, phase) the log's turn tracker first shows

    def seen(self, p: Position) -> None:
        if p.phase()[0] in ENTRY_PHASES:
            self.playing = True
        if self.began is None and p.state.turn is not None and p.state.phase is not None:
            self.began = (p.state.turn, p.state.phase)


def on_event(p: Position, arrivals: Arrivals, e: Event) -> list[Verdict]:
    """10.2.11's warning (``offmap AREA``): remembered for the area and its GT."""
    d = parse(e.text) if isinstance(e, ChatLine) else None
    if d is None or d.kind != WARN:
        return []
    if p.state.turn is None:
        return [NotCheckable("the GT of the warning (no turn tracker change yet)")]
    arrivals.warned.setdefault(d.target, set()).add(p.state.turn)
    return [Legal(detail=f"the German player warns that units in off-map area {d.target} enter the map next turn "
                  f"(GT {p.state.turn + 1}, ScR 10.2.11)")]


@rule("HTTR ScR 12.2.1 / 12.4.3 / 10.2.2-10.2.3", "OFF-1/OFF-2/OFF-5", "a unit enters the map in its side's Movement "
      "or Reaction Phase; one that left it returns only after a complete friendly Movement Phase off it, never in "
      "the GT it left")
def judge_entry(p: Position, arrivals: Arrivals, uid: str, h: Hex | None) -> list[Verdict]:
    """``uid`` enters on ``h``: a verdict for each factor (the module docstring's order). None while the log is
    still in its set-up (before its first Movement Phase)."""
    if not arrivals.playing:
        return []
    kind, side = p.phase()
    turn, phase = p.state.turn, p.state.phase
    if turn is None or phase is None:
        return [NotCheckable("the phase (no turn tracker change yet)")]
    own = p.state.side(uid)
    out: list[Verdict] = []
    if kind not in ENTRY_PHASES or side != own:
        out.append(Illegal("HTTR ScR 12.2.1", f"{uid} enters the map in the "
                           f"{p.game.info.sequence[phase].name.resolved}: units enter only in their side's Movement "
                           "Phases"))
    out += [v for v in (onto_enemy(p, arrivals, uid, h),) if v is not None]
    arrivals.entered[uid] = turn
    left = arrivals.left.pop(uid, None)
    if left is None:
        return out or [Legal(detail=f"{uid} enters in its side's {kind} phase (ScR 12.2.1)")]
    out += [v for v in (too_soon(p, uid, left),) if v is not None]
    closed = area_open(p, h)
    wait = waited(p, arrivals, uid, left, h)
    if isinstance(closed, NotCheckable) and wait and all(isinstance(v, NotCheckable) for v in wait):
        closed, wait = NotCheckable("; ".join([closed.needs, *(v.needs for v in wait)])), []  # one unknown: the area
    out += [v for v in (closed, stranded(p, uid, left, h), *wait, between(p, arrivals, uid, left, h)) if v is not None]
    return out or [Legal(detail=f"{uid} returns from off the map (ScR 10.2.3)")]


@rule("HTTR SR 9.2.2 / ScR 12.3.4", "OFF-5", "a unit entering the map by ground never enters a hex holding an enemy "
      "unit (a blocked entrance hex: an adjacent unblocked one)")
def onto_enemy(p: Position, arrivals: Arrivals, uid: str, h: Hex | None) -> Illegal | None:
    """``uid`` enters by ground (back from off the map, a ground reinforcement row's, or not airborne: an air
    landing, ScR 6.6.4.2, may come down on enemy units) on ``h``, which holds an enemy unit."""
    if h is None or p.landings.landed.get(uid) == p.state.turn or (
            uid not in arrivals.left and ground_row(p, uid) is None and airborne(p.game, uid)):
        return None
    side = p.state.side(uid)
    enemy = sorted(u for u in p.state.at(h) if p.state.side(u) not in (side, None))
    if not enemy:
        return None
    return Illegal("HTTR SR 9.2.2", f"{uid} enters the map on {p.game.map.labels.get(h, '?')}, which holds enemy "
                   f"unit {enemy[0]}: a unit using ground movement never enters such a hex (ScR 12.3.4: a blocked "
                   "entrance hex, enter on an adjacent unblocked one)")


def too_soon(p: Position, uid: str, left: Left) -> Illegal | None:
    """10.2.2-10.2.3: ``uid``, gone off the map as ``left``, comes back in the GT it left or before a complete
    friendly Movement Phase off it (the first broken)."""
    turn, phase = p.state.turn, p.state.phase
    if left.turn == turn:
        return Illegal("HTTR ScR 10.2.2", f"{uid} left the map this GT and may not re-enter it before the next")
    wait = back_after(p, p.state.side(uid), (left.turn, left.phase))
    if wait is not None and (turn, phase) <= wait:
        return Illegal("HTTR ScR 10.2.3", f"{uid} left the map in GT {left[0]} and comes back before a complete "
                       f"friendly Movement Phase off it (the one of GT {wait[0]})")
    return None


@rule("HTTR ScR 10.3 / 10.1.4", "OFF-3", "a unit comes back onto the map from the off-map area whose edge it enters "
      "by; an area deactivated on its GT (Table 3) holds no units from then on")
def area_open(p: Position, h: Hex | None) -> Verdict | None:
    """The off-map areas are the data's ``[[edges]] offmap-<area>`` (their map edge hexes, ScR 10.1.3) and the
    ``offmap_deactivation`` table (an area it does not list is never deactivated). A hex on the edges of two areas
    (their common boundary row, 10.1.4: 'between or on the two boundary hex rows') is closed only when both are. A
    hex on no area's edge: with the display transcribed (game.toml ``[special.offmap_areas] adjacent``) no unit
    comes back by it (10.1.4); else not checkable."""
    areas = areas_of(p, h)
    label = p.game.map.labels.get(h, "?") if h is not None else "?"
    if not areas:
        if isinstance((p.game.special(AREAS) or {}).get("adjacent"), list):
            return Illegal("HTTR ScR 10.1.4", f"{label} is on no off-map area's edge: a unit in an off-map area "
                           "enters the map between or on that area's boundary hex rows")
        return unknown_area(p, h)
    closed = deactivated(p, areas)
    if len(closed) == len(areas):
        return Illegal("HTTR ScR 10.3", f"{label} is the edge of off-map area {closed[0][0]}, deactivated on GT "
                       f"{closed[0][1]:g}: no unit comes back from it")
    return None


@rule("HTTR ScR 10.3", "OFF-3", "German units in an off-map area as it deactivates are removed from play: one that "
      "comes back by another area had left it before")
def stranded(p: Position, uid: str, left: Left, h: Hex | None) -> Illegal | None:
    """``uid`` left into ``left.areas`` and comes back by another area's edge (``h``). Reading: a Travel unit is in
    the area it left into until the Movement Phase of its first step (10.2.4), so it is removed when the area is
    deactivated on that GT or before; a Concentrated one's first step fills a complete GT (10.2.5), so it is removed
    when the area is deactivated before that GT."""
    back = areas_of(p, h)
    after = back_after(p, p.state.side(uid), (left.turn, left.phase))
    if not back or not left.areas or set(back) & set(left.areas) or left.mode not in BETWEEN or after is None \
            or p.state.side(uid) != "german":
        return None
    first = after[0] if left.mode == "travel" else left.turn + 1
    gts = deactivation(p, left.areas)
    late = {a: gt for a, gt in gts.items() if gt <= first - (left.mode != "travel")}
    if not late or len(late) < len(left.areas):
        return None
    area = min(late, key=lambda a: (late[a], a))
    return Illegal("HTTR ScR 10.3", f"{uid} left into off-map area {area}, deactivated on GT {late[area]:g}, and "
                   f"could move out of it only in GT {first} ({left.mode.title()} Mode): units in it then are removed "
                   "from play")


@rule("HTTR ScR 10.2.1 / 10.2.4-10.2.5 / 10.2.7-10.2.8", "OFF-1", "a unit coming back by another off-map area than "
      "the one it left into moved between adjacent areas, in Travel (a complete Movement Phase a step) or "
      "Concentrated Mode (a complete GT a step), by day with its HQ and out of clear weather")
def between(p: Position, arrivals: Arrivals, uid: str, left: Left, h: Hex | None) -> Verdict | None:
    """None when ``uid`` comes back by the area it left into (or its hex); else the move between areas (and its
    share of ScR 10.2.6's limit)."""
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
    timing = moved_in_time(p, uid, left, back[0], steps)
    if isinstance(timing, Illegal):
        return timing
    passage = passage_of(p, uid, left, back, pairs, steps)
    return worst([timing, moved_sp(p, arrivals, passage)]) if passage is not None else timing


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
    window = list(range(gts[0], turn if phase > m else turn - 1))  # GTs its steps may fall in (passage_of's)
    barred = [g for g in window if clear_day(p, g)]
    if len(window) - len(barred) < steps:
        return Illegal("HTTR ScR 10.2.7", f"{uid} needs {steps} move(s) between off-map areas in GT "
                       f"{window[0]}-{window[-1]}, and GT {', '.join(map(str, barred))} "
                       f"{'is a' if len(barred) == 1 else 'are'} clear weather day turn{'s' if len(barred) > 1 else ''} "
                       "(weather '0', ScR 13.2): no movement between areas then")
    if any(p.turn_kind(t) != "night" for t in gts):
        return NotCheckable(f"whether {uid}'s moves between off-map areas from GT {gts[0]}, not all by night, had "
                            "its controlling HQ with it and no clear weather (ScR 10.2.7-10.2.8; the display's moves "
                            "are not logged)")
    return Legal(detail=f"{uid} moved by night from area {left.areas[0]} to area {area} (ScR 10.2.4-10.2.5, 10.2.9)")


def passage_of(p: Position, uid: str, left: Left, back: tuple[str, ...], pairs: list, steps: int) -> Passage | None:
    """``uid``'s moves between areas: its steps fall in the friendly Movement Phases (Travel, 10.2.4) or complete
    GTs (Concentrated, 10.2.5) after it left, and end before the complete Movement Phase it spends in the area it
    comes back from (10.2.3)."""
    side = p.state.side(uid)
    m, turn, phase = movement_index(p, side), p.state.turn, p.state.phase
    after = back_after(p, side, (left.turn, left.phase))
    if m is None or turn is None or phase is None or after is None:
        return None
    first = after[0] if left.mode == "travel" else left.turn + 1
    sp = number(p.game, uid, "strength")
    return Passage(uid, None if isinstance(sp, Unknown) else sp, first, turn - 1 if phase > m else turn - 2, steps,
                   distances(pairs, left.areas), distances(pairs, back))


def possible(q: Passage, near: dict[str, set[str]]) -> set[tuple[int, str, str]]:
    """The (GT, from area, to area) steps ``q`` may have made: each reaches its area in time and leaves time to go on."""
    far = len(near) + 1
    return {(g, a, b) for g in range(q.first, q.last + 1) for a in near for b in near[a]
            if q.start.get(a, far) <= g - q.first and q.goal.get(b, far) <= q.last - g}


def forced(q: Passage) -> set[tuple[int, str, str]]:
    """The steps ``q`` must have made: it had no Movement Phase to spare and one shortest route only."""
    if q.last - q.first + 1 != q.steps:
        return set()
    layers = [{a for a, d in q.start.items() if d == i and q.goal.get(a) == q.steps - i} for i in range(q.steps + 1)]
    return {(q.first + i, next(iter(layers[i])), next(iter(layers[i + 1]))) for i in range(q.steps)
            if len(layers[i]) == 1 and len(layers[i + 1]) == 1}


@rule("HTTR ScR 10.2.6", "OFF-1", "no more than 30 strength points move from one off-map area to another in a "
      "Movement Phase")
def moved_sp(p: Position, arrivals: Arrivals, passage: Passage) -> Verdict:
    """``passage`` joins the moves read so far; an excess its forced steps complete is illegal (once a step)."""
    cfg = p.game.special(AREAS) or {}
    limit = plain(cfg.get(LIMIT))
    if not isinstance(limit, (int, float)) or isinstance(limit, bool):
        return NotCheckable(f"the strength points that may move between two off-map areas in a Movement Phase "
                            f"(game.toml [special.{AREAS}] {LIMIT}, ScR 10.2.6)")
    arrivals.passages.append(passage)
    near = neighbours(cfg.get("adjacent") or [])
    mine, doubt = possible(passage, near), None
    for key in sorted(mine):
        maybe = [q for q in arrivals.passages if key in possible(q, near)]
        sure = sum(q.sp for q in arrivals.passages if q.sp is not None and key in forced(q))
        if sure > limit and key in forced(passage) and key not in arrivals.over:
            arrivals.over.add(key)
            return Illegal("HTTR ScR 10.2.6", f"{sure:g} strength points moved from off-map area {key[1]} to area "
                           f"{key[2]} in GT {key[0]}'s Movement Phase ({', '.join(q.uid for q in maybe)}, each back as "
                           f"early as it could): at most {limit:g}")
        unknown = [q.uid for q in maybe if q.sp is None]
        if doubt is None and (unknown or sum(q.sp for q in maybe if q.sp is not None) > limit):
            doubt = NotCheckable(f"the strength of {', '.join(unknown)} (units.csv)" if unknown else
                                 f"the Movement Phases {', '.join(q.uid for q in maybe)} moved between off-map areas "
                                 f"in (ScR 10.2.6: at most {limit:g} SP from area {key[1]} to {key[2]} in GT "
                                 f"{key[0]}'s; {DISPLAY}'s moves are not logged)")
    return doubt or Legal(detail=f"no more than {limit:g} SP can have moved between two off-map areas in a Movement "
                          f"Phase with {passage.uid} (ScR 10.2.6)")


def reached(p: Position, uid: str, left: Left, area: str) -> int | None:
    """The GT ``uid`` (gone off the map as ``left``) reached off-map ``area`` at the earliest: the last of its steps
    there (10.2.4-10.2.5), each as early as its mode allows (None: the display's adjacency or the sequence unknown)."""
    if area in left.areas:
        return left.turn
    pairs = (p.game.special(AREAS) or {}).get("adjacent")
    steps = area_steps(pairs, left.areas, (area,)) if isinstance(pairs, list) else -1
    after = back_after(p, p.state.side(uid), (left.turn, left.phase))
    if steps < 0 or after is None:
        return None
    return after[0] + steps - 1 if left.mode == "travel" else left.turn + steps


def waited(p: Position, arrivals: Arrivals, uid: str, left: Left, h: Hex | None) -> list[Verdict]:
    """10.2.11 for ``uid`` coming back (gone off the map as ``left``): it reached a waiting area at the earliest
    as ``reached`` reads it."""
    return waits_from(p, arrivals, uid, h, lambda area: reached(p, uid, left, area))


@rule("HTTR ScR 10.2.11 / 12.2.1 / 12.3.3", "OFF-1", "a German reinforcement held in off-map area 6E waits there "
      "two full turns from its GT (catalogue READINGS offmap_wait_reinforcements)")
def held_wait(p: Position, arrivals: Arrivals, uid: str, h: Hex | None, due: int) -> list[Verdict]:
    """``uid``, a reinforcement due in GT ``due``, enters on ``h``. Reading ``held`` (the default): one entering in
    its GT is 12.2.1's, one entering later was held in the area (12.3.3) since its GT, its first turn there;
    ``called``: every reinforcement is in the area from its GT (10.1.2); ``exempt``: 10.2.11 binds no reinforcement."""
    reading = p.readings.get(HELD, "held")
    if reading == "exempt" or p.state.turn is None or (reading == "held" and p.state.turn <= due):
        return []
    return waits_from(p, arrivals, uid, h, lambda area: due)


@rule("HTTR ScR 10.3 / 12.3.3", "OFF-3", "a German reinforcement held off the map past its GT does not enter from an "
      "area deactivated since (its units are removed from play)")
def held_open(p: Position, uid: str, h: Hex | None, due: int) -> Illegal | None:
    """``uid``, due in GT ``due``, enters on ``h`` later: it was held in ``h``'s area (12.3.3), which is deactivated
    by now (every area whose edge holds ``h``), so it was removed from play (10.3)."""
    areas = areas_of(p, h)
    closed = deactivated(p, areas) if p.state.turn is not None and p.state.turn > due else []
    if areas and len(closed) == len(areas):
        return Illegal("HTTR ScR 10.3", f"{uid}, due in GT {due}, was held in off-map area {closed[0][0]}, "
                       f"deactivated on GT {closed[0][1]:g}: its units are removed from play")
    return None


@rule("HTTR ScR 10.2.11", "OFF-1", "German units in off-map area 6E wait there two full turns before entering the map, "
      "and the German player warns the turn before they enter")
def waits_from(p: Position, arrivals: Arrivals, uid: str, h: Hex | None,
               since: Callable[[str], int | None]) -> list[Verdict]:
    """The data's ``waits`` (area, side, turns) binding ``uid``'s side: coming back by such an area's edge, ``uid``
    enters no earlier than GT ``since(area)`` + turns, warned of in the GT before; by a hex of no known area, with
    such an area's edge unknown, it may be coming from it."""
    side, turn, back = p.state.side(uid), p.state.turn, areas_of(p, h)
    edges = p.game.map.terrain.edges
    for w in plain((p.game.special(AREAS) or {}).get(WAITS)) or []:
        area, turns = (str(w.get("area")), w.get("turns")) if isinstance(w, dict) else ("", None)
        if not isinstance(turns, int) or w.get("side") not in (None, side) or turn is None:
            continue
        if area not in back:
            if not back and edges.get(AREA + area) is None:
                return [NotCheckable(f"whether {p.game.map.labels.get(h, '?') if h else '?'} is on the map edge of "
                                     f"off-map area {area}, whose units wait {turns} full turns (terrain.toml "
                                     f"[[edges]] {AREA}{area}, ScR 10.2.11)")]
            continue
        first = since(area)
        if first is None:
            return [NotCheckable(f"when {uid} reached off-map area {area} ({DISPLAY}: game.toml [special.{AREAS}] "
                                 "adjacent, ScR 10.2.11)")]
        if turn < first + turns:
            wait: Verdict = Illegal("HTTR ScR 10.2.11", f"{uid} enters from off-map area {area} in GT {turn}, reached "
                                    f"in GT {first} at the earliest: units there wait {turns} full turns (enter from "
                                    f"GT {first + turns})")
        else:
            wait = Legal(detail=f"{uid} waited {turns} full turns in off-map area {area} (ScR 10.2.11)")
        return [wait, warned(p, arrivals, uid, area, side)]
    return []


def warned(p: Position, arrivals: Arrivals, uid: str, area: str, side: str | None) -> Verdict:
    """10.2.11's warning (the module docstring's reading): ``offmap AREA`` in the GT before ``uid`` enters."""
    turn = p.state.turn or 0
    if turn - 1 in arrivals.warned.get(area, set()):
        return Legal(detail=f"the German player warned in GT {turn - 1} that units in off-map area {area} would "
                     "enter (ScR 10.2.11)")
    ids = [q.id for q in p.game.info.sequence]
    first = next((i for i, q in enumerate(ids) if q.startswith(f"{side}_")), 0)
    if arrivals.began is None or arrivals.began > (turn - 1, first):
        return NotCheckable(f"whether the German player warned in GT {turn - 1} that units in off-map area {area} "
                            "would enter (ScR 10.2.11: the log begins after)")
    return Illegal("HTTR ScR 10.2.11", f"{uid} enters from off-map area {area} in GT {turn}: the German player did "
                   f"not warn in GT {turn - 1} that units there would enter the map (chat '{WARN} {area}')")


@rule("HTTR ScR 10.2.2 / 10.0 / 10.1.2-10.1.3 / 10.3", "OFF-2/OFF-3", "a unit leaves the map in its side's Movement "
      "Phases and not in the GT it entered; a German unit leaves into an off-map area (by its edge) not yet "
      "deactivated")
def judge_exit(p: Position, arrivals: Arrivals, uid: str) -> list[Verdict]:
    """``uid`` moves off the map: a verdict for each factor. Reading: leaving the map is a move (SR 4.1, 9.1.1;
    ScR 10.0: 'off-map movement takes place during the German Movement Phase'), in the side's Movement or Reaction
    Phase; a German unit leaves into the area whose edge it leaves by (10.1.2-10.1.3), which must not be
    deactivated (10.3: 'unavailable for German movement'); with the display transcribed, a hex on no area's edge
    leads into none."""
    turn, phase = p.state.turn, p.state.phase
    if turn is None or phase is None:
        return [NotCheckable("the phase (no turn tracker change yet)")]
    h = p.state.where(uid)
    arrivals.left[uid] = Left(turn, phase, h, areas_of(p, h), mem.mode(p.state, uid))
    kind, side = p.phase()
    out: list[Verdict] = []
    if kind not in ENTRY_PHASES or side != p.state.side(uid):
        out.append(Illegal("HTTR SR 4.1", f"{uid} leaves the map in the {p.game.info.sequence[phase].name.resolved}: "
                           "a unit moves only in its side's Movement or Reaction Phase (ScR 10.0)"))
    if arrivals.entered.get(uid) == turn:
        out.append(Illegal("HTTR ScR 10.2.2", f"{uid} entered the map this GT and may not leave it before the next"))
    if p.state.side(uid) == "german":
        out += [v for v in (into_area(p, uid, h),) if v is not None]
    return out or [Legal(detail=f"{uid} leaves the map (ScR 10.1.2: into an off-map area)")]


def into_area(p: Position, uid: str, h: Hex | None) -> Illegal | None:
    """A German unit leaving by ``h``: into a deactivated area (10.3), or, the display transcribed, into none."""
    areas, label = areas_of(p, h), p.game.map.labels.get(h, "?") if h is not None else "?"
    if not areas:
        if isinstance((p.game.special(AREAS) or {}).get("adjacent"), list):
            return Illegal("HTTR ScR 10.1.3", f"{uid} leaves the map from {label}, on no off-map area's edge: German "
                           "units that exit the map are placed in the area whose map edge hexes they leave by")
        return None
    closed = deactivated(p, areas)
    if len(closed) == len(areas):
        return Illegal("HTTR ScR 10.3", f"{uid} leaves the map into off-map area {closed[0][0]}, deactivated on GT "
                       f"{closed[0][1]:g}: it is unavailable for German movement")
    return None
