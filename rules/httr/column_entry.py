"""HTTR entry onto the map by ground (ScR 12.3.1-12.3.2, 12.4.2, 10.1.4): a unit entering by a map-edge hex pays that
hex's cost first (12.3.1: it "begins paying movement costs from when the unit enters the first map edge hex"); units
that arrive by one hex in one Movement Phase enter in successive stacks, "later" stacks paying movement costs before
they reach the map: the column stretches along the hypothetical road off the map (12.3.1: roads and trails run off
it), every stack but the first paying for its road hexes there.

The log channel: the ``Entered`` events of one phase onto one hex, in log order; a unit's MP on the map are the
referee's moves (``movement.Step``) at the phase's end (the next phase change), where the column's cost is added.

Reading: the stacks are filled in the order the units enter, each up to the entry hex's stacking limit (SR 11.2.1,
the TEC ``stacking_limit``; leaders and static units do not count, SR 11.2.6) before the next begins (12.4.2: "more
than the maximum stacking limit into a single hex ... successive stacks"); the k-th stack (the first is 0) pays k
hexes of the road off the map. That road is the best thoroughfare running through the entry hex, at its TEC rate in
the unit's column (SR 9.4.1.2: no road rate in Defilade; doubled at night, SR 20.3); an entry hex no road or trail
runs through gives the off-map hexes its own terrain's cost. The entry hex costs what one of those hexes does (its
road from off the map, else its terrain; EZOC costs are not added). 12.4.2 binds the Allied player by the column
rule; reading: the entry hex's cost (stated for the Germans, 12.3.1) binds every unit entering by ground (SR 9.1.3:
each hex entered costs MP; ScR 10.1.4: placement on the map edge hex from the Off-Map Display consumes MP). An air
landing (ScR 6) is no entry by ground.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import Entered, Event, TurnChange
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.arrivals import ENTRY_PHASES, Arrivals
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.landing_stacks import limit, strength
from hexforge.rules.httr.landings import Landings
from hexforge.rules.httr.movement import Movement
from hexforge.rules.httr.thoroughfares import RAISED, ROADS, links
from hexforge.rules.registry import rule
from hexforge.rules.state import phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    arrivals: Arrivals
    moves: dict  # unit -> its move so far this phase (movement.Step: mp, hexes)
    night: bool
    landings: Landings


@dataclass
class Columns:
    """This phase's columns: per entry hex its stacks (the SP of each), and each unit entered by a map-edge hex as
    (event index, entry hex, its stack's place k: 0 is the first stack)."""

    stacks: dict[Hex, list[float | Unknown]] = field(default_factory=dict)
    entered: dict[str, tuple[int, Hex, int]] = field(default_factory=dict)


def on_event(p: Position, log: Columns, index: int, e: Event) -> list[tuple[int, Verdict]]:
    """(event index, verdict) pairs of ScR 12.3.2 (before the referee's other checks)."""
    if isinstance(e, TurnChange):
        if phase_of(p.game, e) == (p.state.turn, p.state.phase):
            return []  # the tracker said again the phase it was in: the phase goes on
        out = [(i, judge_column(p, uid, h, k)) for uid, (i, h, k) in log.entered.items()]
        log.stacks, log.entered = {}, {}
        return out
    uid = p.unit(e)
    h = p.hex(e.hex) if isinstance(e, Entered) else None
    if uid is None or h is None or not p.arrivals.playing or p.phase()[0] not in ENTRY_PHASES \
            or p.landings.landed.get(uid) == p.state.turn or all(n in p.game.map for n in h.neighbours()):
        return []  # not a ground entry by a map-edge hex
    place = join(p.game, log, uid, h)
    if isinstance(place, Unknown):
        return [(index, NotCheckable(f"{place.needs} (the stacks of a column entering by "
                                     f"{p.game.map.labels[h]}, ScR 12.3.2)"))]
    log.entered[uid] = (index, h, place)
    return []


def join(game: Game, log: Columns, uid: str, h: Hex) -> int | Unknown:
    """The place of ``uid``'s stack in the column entering by ``h`` (0: the first stack)."""
    stacks = log.stacks.setdefault(h, [])
    sp = strength(game, [uid])
    if not stacks:
        stacks.append(sp)
        return 0
    cap, last = limit(game, h), stacks[-1]
    for x in (cap, sp, last):
        if isinstance(x, Unknown):
            return x
    if last + sp > cap:  # type: ignore[operator]
        stacks.append(sp)
    else:
        stacks[-1] = last + sp  # type: ignore[operator]
    return len(stacks) - 1


def road_cost(p: Position, mv: Movement, h: Hex) -> float | str | Unknown:
    """MP of one hex of the off-map road at ``h`` (the module docstring's reading)."""
    column = mv.column()
    if isinstance(column, Unknown):
        return column
    roads = {k for n in h.neighbours() for k in links(p.game, h, n) if k in ROADS}
    if column == "move_concentrated_vehicular":
        roads -= RAISED  # SR 9.4.2.1
    if roads and mem.mode(p.state, mv.uid) in ("concentrated", "travel"):
        rates = [mv.cell(r, column) for r in sorted(roads)]
        known = [float(v) for v in rates if isinstance(v, (int, float))]
        if known:
            return min(known) * (2.0 if p.night else 1.0)
    kinds = p.game.map.terrain.of(h)
    if not kinds:
        return Unknown(f"the terrain of {p.game.map.labels[h]} (unsurveyed)")
    costs = [mv.cell(k, column) for k in sorted(kinds)]
    bad = next((c for c in costs if isinstance(c, Unknown) or c == "prohibited"), None)
    return bad if bad is not None else max(float(c) for c in costs)  # type: ignore[arg-type]


@rule("HTTR ScR 12.3.1-12.3.2 / 12.4.2", "OFF-5", "a unit entering by a map-edge hex pays for it; units arriving by "
      "one hex in one Movement Phase enter in successive stacks: each stack behind the first pays for its hexes of "
      "the road off the map")
def judge_column(p: Position, uid: str, h: Hex, k: int) -> Verdict:
    """At the phase's end: ``uid`` entered by ``h`` in the column's stack ``k`` (0: the first)."""
    mv = Movement(p.game, p.state, uid)
    ma, cost = mv.ma_known(), road_cost(p, mv, h)
    for x in (ma, cost):
        if isinstance(x, Unknown):
            return NotCheckable(x.needs)
    label = p.game.map.labels[h]
    rule_no = "HTTR ScR 12.3.1" if k == 0 else "HTTR ScR 12.3.2" if p.state.side(uid) == "german" else \
        "HTTR ScR 12.4.2"
    if cost == "prohibited":
        return Illegal(rule_no, f"{uid} enters by {label}: its mode may not move through {label}'s terrain" + (
            f", so no column stretches off the map behind it (stack {k + 1})" if k else ""))
    step = p.moves.get(uid)
    spent, edge, off = (step.mp if step is not None else 0.0), float(cost), k * float(cost)  # type: ignore[arg-type]
    paid = f"{edge:g} MP for {label} itself (ScR 12.3.1)" + (
        f" after {k} road hex{'es' if k > 1 else ''} off the map ({off:g} MP) as stack {k + 1} of its column" if k
        else "")
    if spent + edge + off > ma:  # type: ignore[operator]
        return Illegal(rule_no, f"{uid} entered by {label}: it pays {paid}, so its {spent:g} MP beyond {label} make "
                       f"{spent + edge + off:g}, over its MA of {ma:g}")
    return Legal(detail=f"{uid} entered by {label}: {paid}, then {spent:g} MP on the map, "
                 f"{spent + edge + off:g} of its MA of {ma:g}")
