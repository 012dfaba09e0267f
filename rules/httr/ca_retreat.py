"""HTTR retreats after close action (SR 10.5.1, 10.5.5-10.5.6, 11.4.4): whether a defender retreats, where it may,
which defenders are eliminated instead, the ground a retreat may cross, and the bridge hex a disrupted unit may not
stop on. The retreat's length itself (exactly one hex, SR 10.5.1) is judged by the referee's ``retreat_or_advance``
with :func:`retreat_hexes`; whether the result's retreat and advance were made at all, by
``rules/httr/ca_obligations.py``.

Readings: "in battery" (10.5.5) is an artillery, AT or flak unit in Defilade Mode (their only modes are in
battery and Travel, SR 9.3.10); a morale check for 10.5.6 is the phase's last Morale Check roll, judged against
the unit's morale or that of a leg unit stacked with it, whichever is better (L621), each ``morale.for_check``'s
for this retreat (no -4 for disruption, L621; a leader or HQ stacked or adjacent +2, SR 16.3). A retreat is
movement into a hex (SR 10.1.16 calls it involuntary movement): a step the unit's TEC column prohibits is no retreat
(as a CA may not go where the unit may not enter, SR 10.1.13), and a retreat no bridging engineer ferries.
"""
from __future__ import annotations

from itertools import pairwise
from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.los import Observation
from hexforge.rules.httr.morale import RETREAT, for_check, note
from hexforge.rules.httr.movement import Movement
from hexforge.rules.httr.thoroughfares import bridged
from hexforge.rules.httr.units import is_kind, mobility, number
from hexforge.rules.httr.values import morale_passes
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Tri, Verdict

BRIDGES = frozenset({"bridge", "pontoon_bridge"})  # SR 11.4.4 (L673): 'including an engineer constructed pontoon'


class Position(Board, Protocol):
    morale_roll: int | None
    ca: CaLog
    obs: Observation
    night: bool


def has_bridge(game: Game, h: Hex) -> Tri:
    """Does hex ``h`` contain a bridge (a bridge on one of its hexsides, or a bridge place)? ``None``: unsurveyed."""
    t = game.map.terrain
    if any(p.kind in BRIDGES and p.hexes and h in p.hexes for p in t.places):
        return True
    sides = [n for n in h.neighbours() if n in game.map.labels]
    if any(f.kind in BRIDGES for n in sides for f in t.features(h, n)):
        return True
    return None if t.of(h) is None or any(t.of(n) is None for n in sides) else False


def retreat_hexes(game: Game, start: Hex, to: Hex, path: list[Hex]) -> bool:
    """SR 10.5.1 / 11.4.4: a retreat is one hex, or two when the first is a bridge hex a disrupted unit may not
    stop on."""
    d = start.distance(to)
    return d == 1 or (d == 2 and len(path) == 2 and has_bridge(game, path[0]) is True)


def judge_retreat(p: Position, uid: str, start: Hex, path: list[Hex]) -> list[Verdict]:
    """Every check of a defender's retreat after close action."""
    due = check_retreat_due(p, uid)
    if isinstance(due, Illegal):
        return [due]
    return [due, check_ground(p, uid, start, path), check_in_battery(p, uid), check_battery_ground(p, uid, start, path),
            check_into_ezoc(p, uid, path[-1]), check_bridge(p, uid, path), check_second_disruption(p, uid)]


def judge_advance(p: Position, uid: str, to: Hex) -> list[Verdict]:
    """An attacker of a resolved close action moving into the hex it attacked (SR 10.5.4); its other moves, and a
    disrupted attacker's, are the referee's ``retreat_or_advance``."""
    if to != p.ca.involved.get(uid) or mem.has(p.state, uid, "disrupted"):
        return []
    return [check_advance(p, uid, to)]


@rule("HTTR SR 10.5.4", "CA-25", "an attacker advances only into the hex its defenders vacated")
def check_advance(p: Position, uid: str, to: Hex) -> Verdict:
    """SR 10.5.4 (L619): undisrupted attackers 'advance to occupy the hex vacated by any retreating disrupted
    defending units'. Reading: while an enemy unit is still in the attacked hex (no retreat was due, or it is not
    made yet: the defenders retreat first), no attacker enters it."""
    held = sorted(u for u in p.state.at(to) if p.state.side(u) != p.state.side(uid))
    if held:
        return Illegal("HTTR SR 10.5.4", f"{uid} advances into {p.game.map.labels[to]}, which {', '.join(held)} "
                       "still hold: attackers advance only into the hex the defenders vacated")
    return Legal()


#: CA Results Table results that do not disrupt the defender: no effect, and the attacker's own disruption.
NO_DEFENDER_RESULT = ("-", "A")


@rule("HTTR SR 10.5.1", "CA-22", "a defender retreats after close action only when the result disrupted it")
def check_retreat_due(p: Position, uid: str) -> Verdict:
    """SR 10.5.1 (L616): 'When disruption is caused following CA, the defending units must also retreat one hex'; no
    effect ("-") or a result against the attacker alone ("A") causes no defender retreat. Reading: the result is that
    of the CA the unit last defended in; when it is not known (the table's cell, or a unit value it needs) the move
    is not checkable."""
    result = p.ca.results.get(uid)
    if result is None:
        return NotCheckable(f"the result of the close action {uid} defended against (the CA Results Table and the "
                            "units' values it reads, SR 10.3)")
    if result in NO_DEFENDER_RESULT:
        return Illegal("HTTR SR 10.5.1", f"{uid} retreats after a close action whose result ({result}) did not "
                       "disrupt the defender: only a disrupted defender retreats")
    return Legal()


@rule("HTTR SR 10.5.2", "CA-24", "a disrupted defender disrupted again loses half its current strength and retreats; "
      "left with half an SP it is eliminated")
def check_second_disruption(p: Position, uid: str) -> Verdict:
    """Reading: a second disruption is a D or SP-loss result against a defender already disrupted when the CA was
    resolved; its current strength is its printed one when that is 1 SP (less cannot be), otherwise not known (the
    log shows no SP losses). A defender whose CA result is unknown and that is disrupted as it retreats (the CA
    log keeps no earlier disruption for an unresolved CA) may have been disrupted again: not checkable, naming the
    result."""
    result = p.ca.results.get(uid)
    if result is None and mem.has(p.state, uid, "disrupted"):
        return NotCheckable(f"the result of the close action {uid} defended against, already disrupted (the CA "
                            "Results Table and the units' values it reads, SR 10.3): whether it was disrupted a second "
                            "time and lost half its strength (SR 10.5.2)")
    if uid not in p.ca.disrupted_before or result in (None, *NO_DEFENDER_RESULT):
        return Legal()
    sp = number(p.game, uid, "strength")
    if isinstance(sp, Unknown):
        return NotCheckable(sp.needs + " (SR 10.5.2)")
    if sp <= 1:
        return Illegal("HTTR SR 10.5.2", f"{uid} was disrupted a second time with {sp:g} SP: half an SP is left and it "
                       "is eliminated, not retreated")
    return NotCheckable(f"the current strength of {uid} (the log shows no SP losses; SR 10.5.2)")


@rule("HTTR SR 10.5.5-10.5.6", "CA-26/CA-27", "in-battery artillery forced to retreat is eliminated instead; "
      "in-battery AT and flak retreat only after a passed morale check")
def check_in_battery(p: Position, uid: str) -> Verdict:
    """A unit in Defilade of unknown type may be artillery or AT/flak in battery: not checkable, naming its type."""
    if mem.mode(p.state, uid) != "defilade":
        return Legal()
    if is_kind(p.game, uid, "artillery"):
        return Illegal("HTTR SR 10.5.5", f"{uid} is in-battery artillery forced to retreat: it is eliminated instead")
    battery = is_kind(p.game, uid, "at", "flak")
    if battery is None:
        return NotCheckable(f"the type of unit {uid} (units.csv type: in-battery artillery forced to retreat is "
                            "eliminated, SR 10.5.5; AT and flak in Defilade retreat only after a passed morale check, "
                            "SR 10.5.6)")
    if not battery:
        return Legal()
    if p.morale_roll is None:
        return Illegal("HTTR SR 10.5.6", f"{uid} (AT/flak in Defilade) retreats without a morale check")
    here = p.state.where(uid)
    leg = [u for u in (p.state.at(here) if here else ()) if u != uid and mobility(p.game, u) == "leg"
           and not is_kind(p.game, u, "leader")]  # a leader is no Leg unit with a Morale rating (SR 19.0)
    morale = [for_check(p, u, RETREAT, p.morale_roll) for u in (uid, *leg)]  # no -4, +2, Ferocity: morale.py
    if any(isinstance(m, Unknown) for m in morale):
        return NotCheckable(next(m for m in morale if isinstance(m, Unknown)).needs + " (SR 10.5.6)")
    best = max(morale)
    if not morale_passes(best, p.morale_roll):
        return Illegal("HTTR SR 10.5.6", f"{uid} failed its morale check ({p.morale_roll} against {best:g}{note(best)}): it is "
                       "eliminated, not retreated")
    return Legal(detail=f"{uid} passed its morale check ({p.morale_roll} against {best:g}{note(best)}, SR 10.5.6)")


@rule("HTTR SR 10.5.1", "CA-23", "a retreating defender never enters an enemy-controlled hex unless a friendly unit "
      "is there")
def check_into_ezoc(p: Position, uid: str, to: Hex) -> Verdict:
    if any(p.state.side(u) == p.state.side(uid) for u in p.state.at(to) if u != uid):
        return Legal()
    mv = Movement(p.game, p.state, uid, obs=p.obs, night=p.night)  # the 2-hex ZOC by what is observed (SR 8.4.1)
    ez = mv.in_ezoc(to)
    if ez is None:
        return NotCheckable(mv.zoc_needs(to))
    if ez:
        return Illegal("HTTR SR 10.5.1", f"{uid} retreats into {p.game.map.labels[to]}, an enemy-controlled hex "
                       "with no friendly unit: it may not (it is eliminated if it has no other hex)")
    return Legal()


@rule("HTTR SR 11.4.4", "CA-28", "a disrupted unit retreating onto a bridge hex goes one hex farther or is "
      "eliminated")
def check_bridge(p: Position, uid: str, path: list[Hex]) -> Verdict:
    if not mem.has(p.state, uid, "disrupted"):
        return Legal()
    end = has_bridge(p.game, path[-1])
    if end is None:
        return NotCheckable(f"whether {p.game.map.labels[path[-1]]} holds a bridge (map bridges, SR 11.4.4)")
    if end:
        return Illegal("HTTR SR 11.4.4", f"{uid} (disrupted) ends its retreat on the bridge hex "
                       f"{p.game.map.labels[path[-1]]}: it retreats one hex farther or is eliminated")
    return Legal()


def steps(start: Hex, path: list[Hex]) -> list[tuple[Hex, Hex]]:
    """The retreat's steps between adjacent hexes (a longer jump is the referee's ``retreat_or_advance``'s)."""
    return [(a, b) for a, b in pairwise((start, *path)) if a.distance(b) == 1]


@rule("HTTR SR 10.5.1", "CA-22", "a retreat steps only where the unit may enter (no prohibited hexside or hex)")
def check_ground(p: Position, uid: str, start: Hex, path: list[Hex]) -> Verdict:
    """SR 10.5.1 (L616) 'retreat one hex or be eliminated': a step the TEC prohibits to the unit's mode and class (a
    river or canal hexside with no bridge, SR 9.2; a leader's cheapest column, SR 19.5) is no retreat, so the unit is
    eliminated instead (reading: as SR 10.1.13 bars a CA into such a hex; no ferrying in a retreat)."""
    mv = Movement(p.game, p.state, uid)
    column = mv.column()
    if isinstance(column, Unknown):
        return NotCheckable(f"{column.needs} (the ground {uid} may retreat over, SR 10.5.1)")
    unknown = None
    for a, b in steps(start, path):
        cost = mv.enter_cost(a, b, column)
        if cost == "prohibited":
            return Illegal("HTTR SR 10.5.1", f"{uid} retreats from {p.game.map.labels[a]} into "
                           f"{p.game.map.labels[b]}, which its {column} column of the TEC prohibits: a retreat goes "
                           "only where the unit may enter, else it is eliminated")
        if isinstance(cost, Unknown):
            unknown = unknown or cost.needs
    if unknown is not None:
        return NotCheckable(f"{unknown} (whether {uid} may retreat there, SR 10.5.1)")
    return Legal()


#: SR 10.5.6 (L621): the hexsides an in-battery AT or flak unit does not retreat across ('For example, not up slopes or
#: across streams or dikes'); a slope only upward, a stream only where no bridge spans it (SR 9.4.3).
BATTERY_BARRIERS = ("stream", "dike")


@rule("HTTR SR 10.5.6", "CA-27", "in-battery AT and flak retreat not up a slope, nor across a stream or dike")
def check_battery_ground(p: Position, uid: str, start: Hex, path: list[Hex]) -> Verdict:
    """SR 10.5.6 (L621): AT and flak in Defilade retreat 'provided ... terrain constraints are met. For example, not up
    slopes or across streams or dikes'. Reading: the example's hexsides are the constraints (a bridged stream is
    crossed on the bridge, SR 9.4.3); what the TEC prohibits is :func:`check_ground`'s. A hexside between unsurveyed
    hexes is not known, nor a slope whose high side the data does not give."""
    if mem.mode(p.state, uid) != "defilade" or is_kind(p.game, uid, "at", "flak") is not True:
        return Legal()  # an untyped unit in Defilade: check_in_battery says its type is needed
    t, label = p.game.map.terrain, p.game.map.labels
    unknown = None
    for a, b in steps(start, path):
        feats = t.features(a, b)
        barrier = next((f.kind for f in feats if f.kind in BATTERY_BARRIERS
                        and not (f.kind == "stream" and bridged(p.game, a, b))), None)
        upward = any(f.kind == "slope" and f.high_side == b for f in feats)
        if barrier or upward:
            return Illegal("HTTR SR 10.5.6", f"{uid} (in battery) retreats from {label[a]} into {label[b]} "
                           f"{'up a slope' if upward else f'across a {barrier}'}: AT and flak in Defilade retreat "
                           "only where the terrain allows, not up slopes or across streams or dikes")
        if any(f.kind == "slope" and f.high_side is None for f in feats):
            unknown = unknown or f"the high side of the slope between {label[a]} and {label[b]} (map slopes)"
        elif t.of(a) is None or t.of(b) is None:
            unknown = unknown or f"the hexside between {label[a]} and {label[b]} (map hexsides: slopes, streams, dikes)"
    if unknown is not None:
        return NotCheckable(f"{unknown}, whether {uid} in battery may retreat over it (SR 10.5.6)")
    return Legal()
