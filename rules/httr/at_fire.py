"""HTTR AT fire resolution (SR 6.4.1.7-6.4.1.8, 6.4.2-6.4.5, 18.3.1): classes, the AT fire value (ATFV), the 2d6
result, and what the log must then show. Called by ``fire.judge_fire`` (the classes of a declaration), the
referee (the AT Fire roll) and ``effects.judge_effects`` (at the phase's end).

Data: ``units.csv`` value columns ``at_class`` (the dots' class: 1 light, 2 medium, 3 heavy) and ``afv_class``
(the AFV target type: 1 very light, 2 light, 3 medium, 4 heavy, 5 very heavy); artillery's class is its ER's
(6.4.1.8: 7 light, 8-9 medium). Leg units are targets by 18.3.1 (city heavy, town medium) or, in Travel Mode,
very light (6.2 exception).

Readings: an artillery unit's AT fire strength is its strength (no dots printed), halved (6.4.3.1); 'covering
terrain' for 6.4.4.3-6.4.4.4 is forest, city, rough, woods and town (7.3.3); who is entrenched is
``entrench.benefits`` (a towed AT unit's doubling, 6.4.3.2; a leg target's class one step heavier, 18.3.1); SP
losses are not logged, so a result is checked against what the log shows: a target every AT shot missed is not
eliminated by them, and a loss of at least its printed strength eliminates it.
"""
from __future__ import annotations

import math
from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.entrench import Works, benefits
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.ferried import as_ferried
from hexforge.rules.httr.los import ADJACENT_ONLY, WITHIN_TWO
from hexforge.rules.httr.units import is_kind, mobility, number
from hexforge.rules.httr.values import at_fire_value
from hexforge.rules.httr.fatigue import strength_now
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

FIRE_CLASSES = {1: "light", 2: "medium", 3: "heavy"}
TARGET_CLASSES = {1: "very light", 2: "light", 3: "medium", 4: "heavy", 5: "very heavy"}
COVERING = ADJACENT_ONLY | WITHIN_TWO


class Position(Board, Protocol):
    fire: FireLog
    works: Works
    readings: dict[str, str]


def fire_class(game: Game, u: str) -> str | Unknown:
    """SR 6.4.1.8: the class of the unit's AT fire."""
    if is_kind(game, u, "artillery"):
        er = number(game, u, "effectiveness")
        if isinstance(er, Unknown):
            return er
        return "light" if er == 7 else "medium" if er >= 8 else Unknown(
            f"an AT fire class for artillery unit {u} of ER {er:g} (SR 6.4.1.8 rates ER 7 light, 8-9 medium)")
    code = game.units[u].values.get("at_class")
    if code not in FIRE_CLASSES:
        return Unknown(f"at_class of unit {u} (units.csv: the class of its AT dots, SR 6.4.1.8)")
    return FIRE_CLASSES[int(code)]


def towed_gun(game: Game, u: str) -> bool:
    """SR 6.2 exception (L176): 'This applies to towed artillery, AT and flak units as well as leg infantry': a unit
    that moves towed (units.csv mobility), or of kind artillery or AT (towed: SR 9.3.10 L474; SPA is its own kind)."""
    return mobility(game, u) == "towed" or bool(is_kind(game, u, "artillery", "at"))


def target_class(p: Position, u: str) -> str | Unknown:
    """The AFV target type of the unit fired at (6.4.2.1; leg units 18.3.1; leg and towed units in Travel 6.2)."""
    if towed_gun(p.game, u) and not is_kind(p.game, u, "afv") and mem.mode(p.state, u) == "travel":
        return "very light"  # SR 6.2 exception (L176)
    if mobility(p.game, u) == "leg" and not is_kind(p.game, u, "afv"):
        at = p.state.where(u)
        kinds = p.game.map.terrain.of(at) if at is not None else None
        if mem.mode(p.state, u) == "travel":
            return "very light"
        if kinds is None:
            return Unknown(f"terrain of the hex of {u} (18.3.1: leg targets in a city are heavy, in a town medium)")
        if benefits(p, p.works, u):
            return "very heavy" if "city" in kinds else "heavy"  # 18.3.1: entrenched
        return "heavy" if "city" in kinds else "medium"
    code = p.game.units[u].values.get("afv_class")
    if code not in TARGET_CLASSES:
        return Unknown(f"afv_class of unit {u} (units.csv: its AFV target type on the AT Fire Table)")
    return TARGET_CLASSES[int(code)]


def aimed(p: Position, d: Declaration) -> str | None:
    target = p.hex(d.target)
    return d.target_unit or (next(iter(mem.stack(p.state, target)), None) if target is not None else None)


@rule("HTTR SR 6.4.1.7 / 6.4.2.1", "AT-5", "AT firers of one class fire together; an AFV target is shot at most "
      "once per Fire Phase by each AT class")
def check_class(p: Position, d: Declaration, units: list[str]) -> Verdict:
    classes = {u: fire_class(p.game, u) for u in units}
    unknown = next((c for c in classes.values() if isinstance(c, Unknown)), None)
    if unknown is not None:
        return NotCheckable(unknown.needs)
    if len(set(classes.values())) > 1:
        return Illegal("HTTR SR 6.4.2.1", "AT firers of different classes combine (" + ", ".join(
            f"{u} {c}" for u, c in classes.items()) + "): each class resolves its AT fire separately")
    target = aimed(p, d)
    cls = next(iter(classes.values()), None)
    if target is None or cls is None:
        return NotCheckable(f"which unit in {d.target} the AT fire aims at")
    shot = p.fire.at_classes.setdefault(target, set())
    if cls in shot:
        return Illegal("HTTR SR 6.4.1.7", f"{target} was already shot by {cls} AT fire this phase: once by each AT "
                       "class")
    shot.add(str(cls))
    return Legal()


def at_strength(p: Position, u: str) -> float | Unknown:
    """SR 6.4.2.1, 6.4.3: strength x dots; an AFV in Defilade and artillery halved (round up), an entrenched AT unit
    doubled."""
    s = strength_now(p, u)  # halved while fatigued (optional SR 21.5.4)
    if isinstance(s, Unknown):
        return s
    if is_kind(p.game, u, "artillery"):
        return math.ceil(s / 2)
    dots = number(p.game, u, "at_dots")
    if isinstance(dots, Unknown):
        return dots
    points = s * dots
    if is_kind(p.game, u, "at") and benefits(p, p.works, u):
        return points * 2  # 6.4.3.2: a towed AT unit entrenched
    return math.ceil(points / 2) if is_kind(p.game, u, "afv") and mem.mode(p.state, u) == "defilade" else points


@rule("HTTR SR 6.4.2.1 / 6.4.3-6.4.5", "AT-7/AT-8", "ATFV = primary + floor((AT strength - 1) x multiplier) "
      "with the mode and terrain modifiers; 2d6 above it misses, above half (round up) takes 1 SP, else 2; 12 misses")
def resolve_at(p: Position, roll: int) -> Verdict:
    """The AT Fire roll of the AT fire declared last (``FireLog.at_pending``)."""
    d, units = p.fire.at_pending
    target = aimed(p, d)
    if target is None or target not in p.game.units:
        return NotCheckable(f"which unit in {d.target} the AT fire aims at")
    if roll == 12:  # whatever the ATFV
        p.fire.at_results.append((p.fire.at_roll_index, target, 0))
        return Legal(detail=f"AT fire at {target}: 2d6 12, a miss (a roll of 12 always misses)")
    seen = as_ferried(p, d, p.state.where(target))  # OF at a ferried unit: its mode by ScR 9.3.1
    if isinstance(seen, Unknown):
        return NotCheckable(seen.needs)
    got = [fire_class(p.game, units[0]), target_class(seen, target)] + [at_strength(p, u) for u in units]
    unknown = next((x for x in got if isinstance(x, Unknown)), None)
    if unknown is not None:
        return NotCheckable(unknown.needs)
    value = at_fire_value(p.game, str(got[0]), str(got[1]), max(sum(got[2:]), 1))
    if isinstance(value, Unknown):
        return NotCheckable(value.needs)
    value += modifiers(seen, units, target)
    loss = 0 if roll > value else 2 if roll <= math.ceil(value / 2) else 1
    p.fire.at_results.append((p.fire.at_roll_index, target, loss))
    said = "a miss" if not loss else f"{loss} SP lost"
    return Legal(detail=f"{got[0]} AT fire at {target} ({got[1]} target): ATFV {value}, 2d6 {roll}: {said}")


def modifiers(p: Position, units: list[str], target: str) -> int:
    """SR 6.4.4: -2 for a disrupted firer; +2 at a Travel target; -1 at a defiladed target, -2 in cover."""
    out = -2 if any(mem.has(p.state, u, "disrupted") for u in units) else 0
    m = mem.mode(p.state, target)
    at = p.state.where(target)
    cover = bool((p.game.map.terrain.of(at) or frozenset()) & COVERING) if at is not None else False
    return out + (2 if m == "travel" else -2 if m == "defilade" and cover else -1 if m == "defilade" else 0)


@rule("HTTR SR 6.4.2.1", "AT-7/AT-8", "what the log shows after AT fire: a target every shot missed is not "
      "eliminated by it; a loss of its printed strength eliminates it")
def judge_at_results(p: Position) -> list[tuple[int, Verdict]]:
    """At the phase's end, each AT-fired target's results (verdicts on its last AT roll)."""
    out: list[tuple[int, Verdict]] = []
    by_target: dict[str, list[tuple[int, int]]] = {}
    for index, t, loss in p.fire.at_results:
        by_target.setdefault(t, []).append((index, loss))
    for t, shots in by_target.items():
        index, losses = shots[-1][0], [loss for _, loss in shots]
        gone = p.state.where(t) is None
        other = p.fire.fired_kinds.get(t, set()) - {"at"}
        strength = number(p.game, t, "strength")
        if gone and not any(losses) and not other:
            out.append((index, Illegal("HTTR SR 6.4.2.1", f"{t} is eliminated, but every AT shot at it this phase "
                                       "missed")))
        elif not gone and not isinstance(strength, Unknown) and sum(losses) >= strength:
            out.append((index, Illegal("HTTR SR 6.4.2.1", f"{t} lost {sum(losses)} SP to AT fire, its printed "
                                       f"strength {strength:g}, but is still on the map")))
    p.fire.at_results.clear()
    return out
