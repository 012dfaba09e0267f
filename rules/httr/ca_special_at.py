"""HTTR special AT fire in close action (SR 10.2.2-10.2.11): an ``at`` declaration while a close action is declared
and not yet rolled is the CA's special AT fire, by infantry and engineers against the other side's AFVs. Its AT
Fire roll comes before the CA's die; its ATFV is the class's primary value plus the AT fire strength the excess
infantry and engineer SP give (``values.ca_special_at_points``: 10.2.6-10.2.9, the engineer negation of 10.2.8), with
AT fire's modifiers but no defilade benefit for a defending AFV in covering terrain (10.2.11); a loss it inflicts
has the effects of fire (SR 6.7, ``effects.after_result``: 10.2.12 speaks of the mode change it causes).

Readings: the firers are the units named, or a hex's infantry and engineers of the CA; a German infantry unit's AT
class is medium at printed morale 6 or more, light below (10.2.5), every Allied one light, engineers medium;
defending infantry fire in any terrain (10.2.2; 10.2.6's example: a primary ATFV without other infantry SP), but
their excess SP count only when entrenched (``entrench.benefits``) or in town, forest or city (10.2.9: its limit
is the infantry's; defending engineers add their SP, 10.2.7, wherever the defender has an infantry excess); the side
with fewer engineer SP (when both have engineers) is negated: its engineers make no special AT fire (10.2.8); the
engineers that contribute are the firing ones, never a disrupted one (it has no engineer functions, SR 10.6.2: left
out of a hex's firers; engineers named that are all disrupted, with no infantry firing, make no shot); the target is
the declaration's ``target`` unit, else the one AFV of the enemy in the target hex; a depleted unit never fires (SR
13.3.2.1): named, the fire is illegal; in a hex named, it is left out of the firers.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Event, TurnChange
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.at_fire import COVERING, modifiers, target_class
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.effects import after_result
from hexforge.rules.httr.engineer_functions import functions_lost, undisrupted
from hexforge.rules.httr.entrench import Works, benefits
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.units import is_kind, number
from hexforge.rules.httr.values import at_fire_value, ca_special_at_points
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

COVER = frozenset({"town", "forest", "city"})  # SR 10.2.9 (L565): 'entrenched or in town, forest or city hexes'
MEDIUM_MORALE = 6  # SR 10.2.5 (L556)


@dataclass(frozen=True)
class Shot:
    """A special AT fire declared and judged legal, awaiting its AT Fire roll."""

    units: tuple[str, ...]
    target: str | None
    points: float
    cls: str
    defending: bool


@dataclass
class SpecialAt:
    """The special AT fire awaiting its roll."""

    pending: Shot | None = None


class Position(Board, Protocol):
    ca: CaLog
    fire: FireLog
    works: Works
    readings: dict[str, str]
    special_at: SpecialAt


def firing(p: Position, d: Declaration, pool: list[str]) -> list[str] | None:
    """The declared firers among the CA's units: unit ids, or a hex's infantry and engineers."""
    out: list[str] = []
    for f in d.firers:
        h = p.hex(f)
        if h is not None:
            out += [u for u in p.state.at(h) if u in pool and is_kind(p.game, u, "infantry", "engineer")]
        elif f in pool:
            out.append(f)
        else:
            return None
    return out


def at_class(game: Game, uid: str) -> str | Unknown:
    """SR 10.2.5: engineers medium; German infantry medium at printed morale 6+, else light; Allied light."""
    if is_kind(game, uid, "engineer"):
        return "medium"
    if game.units[uid].side != "german":
        return "light"
    m = number(game, uid, "morale")
    return m if isinstance(m, Unknown) else "medium" if m >= MEDIUM_MORALE else "light"


@rule("HTTR SR 10.2.2-10.2.9", "CA-17", "special AT fire in CA: by infantry and engineers at the other side's AFVs; "
      "infantry only defending, defending engineers only with excess infantry, negated engineers not at all; one AT "
      "class per fire")
def judge_special_at(p: Position, d: Declaration) -> list[Verdict]:
    src, target, attackers = p.ca.pending
    defenders = list(mem.stack(p.state, target))
    named = firing(p, d, [*attackers, *defenders])
    depleted = check_depleted(p, d, named or [])
    if depleted is not None:
        return [depleted]
    named = [u for u in named if not mem.has(p.state, u, "depleted")] if named else named  # a hex's: they do not fire
    engineers = [u for u in named or [] if is_kind(p.game, u, "engineer")]
    units = [u for u in named or [] if u not in engineers or u in undisrupted(p.state, engineers)]
    lost = functions_lost(p.state, engineers, "make special AT fire in close action (SR 10.2.6-10.2.7)")
    if named and not units and lost is not None:
        return [lost]
    if not units:
        return [Illegal("HTTR SR 10.2.2", f"{', '.join(d.firers)}: special AT fire in CA is by the CA's infantry and "
                        "engineers")]
    defending = units[0] in defenders
    if any((u in defenders) != defending for u in units):
        return [Illegal("HTTR SR 10.2.4", "each side's special AT fire is its own event")]
    enemy = list(attackers) if defending else defenders
    afv = [is_kind(p.game, u, "afv") for u in enemy]
    if True not in afv and None in afv:
        return [NotCheckable(f"the type of {enemy[afv.index(None)]} (units.csv type: special AT fire is only "
                             "against AFVs, SR 10.2.2)")]
    if True not in afv:
        return [Illegal("HTTR SR 10.2.2", "special AT fire in CA is only against enemy AFVs")]
    classes = [at_class(p.game, u) for u in units]
    unknown = next((c for c in classes if isinstance(c, Unknown)), None)
    if unknown is not None:
        return [NotCheckable(unknown.needs + " (the AT class of infantry, SR 10.2.5)")]
    if len(set(classes)) > 1:
        return [Illegal("HTTR SR 10.2.3", "medium and light AT capability units fire as separate events")]
    side = check_side(p, units, defending, enemy, defenders if defending else list(attackers))
    if not isinstance(side, Legal):
        return [side]
    points = shot_points(p, units, defending, enemy, defenders if defending else list(attackers), target)
    if isinstance(points, Unknown):
        return [NotCheckable(points.needs)]
    shot = Shot(tuple(units), aimed(p, d, enemy), points, str(classes[0]), defending)
    p.special_at.pending = shot
    if shot.target is not None:  # fired at: it may go to Defilade at once (SR 5.2.1 exc. 1, 10.2.12)
        p.fire.fired_at.add(shot.target)
        p.fire.fired_kinds.setdefault(shot.target, set()).add("at")
    return [side]


@rule("HTTR SR 13.3.2.1", "FIR-6/CA-17", "a depleted unit never fires: no special AT fire in CA")
def check_depleted(p: Position, d: Declaration, named: list[str]) -> Illegal | None:
    """A depleted unit named as a firer (SR 13.3.2.1: 'may never conduct any kind of fire'); a hex named leaves its
    depleted units out of the fire instead."""
    bad = [u for u in named if u in d.firers and mem.has(p.state, u, "depleted")]
    if not bad:
        return None
    return Illegal("HTTR SR 13.3.2.1", f"{', '.join(bad)} {'is' if len(bad) == 1 else 'are'} depleted and may not "
                   "make special AT fire: a depleted unit never fires")


def check_side(p: Position, units: list[str], defending: bool, enemy: list[str], own: list[str]) -> Verdict:
    """SR 10.2.2, 10.2.7, 10.2.8: who of each side may fire."""
    infantry = [u for u in units if is_kind(p.game, u, "infantry")]
    engineers = [u for u in units if is_kind(p.game, u, "engineer")]
    if infantry and not defending:
        return Illegal("HTTR SR 10.2.2", f"{', '.join(infantry)} attack: infantry's special AT fire is defensive only")
    mine, theirs = kind_sp(p.game, own, "engineer"), kind_sp(p.game, enemy, "engineer")
    ours, foes = kind_sp(p.game, own, "infantry"), kind_sp(p.game, enemy, "infantry")
    unknown = next((v for v in (mine, theirs, ours, foes) if isinstance(v, Unknown)), None)
    if engineers and unknown is not None:
        return NotCheckable(unknown.needs)
    if engineers and theirs > 0 and mine <= theirs:
        return Illegal("HTTR SR 10.2.8", f"{', '.join(engineers)}: its side's {mine:g} engineer SP are negated by the "
                       f"enemy's {theirs:g} (only the side with more engineers uses its excess)")
    if defending and engineers and ours <= foes:
        return Illegal("HTTR SR 10.2.7", f"defending engineers fire AT only with an excess of infantry SP "
                       f"({ours:g} against {foes:g})")
    return Legal(detail="special AT fire in close action (SR 10.2)")


def kind_sp(game: Game, units, kind: str) -> float | Unknown:
    """The strength points of the units of ``kind`` (infantry, engineer)."""
    total = 0.0
    for u in units:
        if is_kind(game, u, kind):
            s = number(game, u, "strength")
            if isinstance(s, Unknown):
                return s
            total += s
    return total


def shot_points(p: Position, units: list[str], defending: bool, enemy: list[str], own: list[str], target: Hex) \
        -> float | Unknown:
    """SR 10.2.6-10.2.9: the AT fire strength of the excess infantry and engineer SP (the firing engineers')."""
    firing_eng = kind_sp(p.game, units, "engineer")
    got = [kind_sp(p.game, own, "infantry"), kind_sp(p.game, enemy, "infantry"), firing_eng,
           kind_sp(p.game, enemy, "engineer")]
    unknown = next((v for v in got if isinstance(v, Unknown)), None)
    if unknown is not None:
        return unknown
    covered = True
    if defending:
        kinds = p.game.map.terrain.of(target)
        if kinds is None:
            return Unknown(f"terrain of hex {p.game.map.labels[target]} (unsurveyed; SR 10.2.9)")
        shelter = [benefits(p, p.works, u) for u in units if is_kind(p.game, u, "infantry")]
        if None in shelter:
            return Unknown("the modes of the defending infantry (whether they are entrenched, SR 10.2.9)")
        covered = bool(kinds & COVER) or any(shelter)
    return ca_special_at_points(*got, defending=defending, open_terrain=not covered)


def aimed(p: Position, d: Declaration, enemy: list[str]) -> str | None:
    """The AFV the special AT fire aims at: the declaration's target unit, else the one enemy AFV in its hex."""
    if d.target_unit in enemy:
        return d.target_unit
    h = p.hex(d.target)
    afvs = [u for u in enemy if is_kind(p.game, u, "afv") and (h is None or p.state.where(u) == h)]
    return afvs[0] if len(afvs) == 1 else None


def on_event(p: Position, log: SpecialAt, index: int, e: Event) -> list[tuple[int, Verdict]]:
    """The AT Fire roll of a pending special AT fire (before the referee's other checks)."""
    if isinstance(e, TurnChange):
        log.pending = None
        return []
    if not isinstance(e, DiceRoll) or log.pending is None:
        return []
    button = p.channel.dice(e.name)
    if button is not None and button.purpose != "at-fire":
        return []
    shot, log.pending = log.pending, None
    return [(index, v) for v in resolve_special(p, index, shot, e.total if e.total is not None else sum(e.values))]


@rule("HTTR SR 10.2.2 / 10.2.6-10.2.11 / 6.4.5", "CA-17", "special AT fire's roll comes before the CA's die; ATFV = "
      "primary + the excess SP's strength, no defilade benefit for a defending AFV in cover; its loss has fire's "
      "effects")
def resolve_special(p: Position, index: int, shot: Shot, roll: int) -> list[Verdict]:
    if p.ca.pending is None:
        return [Illegal("HTTR SR 10.2.2", "the special AT fire is rolled after its close action: it is made before "
                        "the CA procedure")]
    if shot.target is None or shot.target not in p.game.units:
        return [NotCheckable("which enemy AFV the special AT fire aims at (at HEX from UNITS target UNIT)")]
    if roll == 12:
        return [Legal(detail=f"special AT fire at {shot.target}: 2d6 12, a miss (SR 6.4.5)")]
    tcls = target_class(p, shot.target)
    if isinstance(tcls, Unknown):
        return [NotCheckable(tcls.needs)]
    value = at_fire_value(p.game, shot.cls, tcls, max(shot.points, 1.0))
    if isinstance(value, Unknown):
        return [NotCheckable(value.needs)]
    value += modifiers(p, list(shot.units), shot.target) + cover_undone(p, shot)
    loss = 0 if roll > value else 2 if roll <= math.ceil(value / 2) else 1
    out: list[Verdict] = [Legal(detail=f"{shot.cls} special AT fire at {shot.target} ({tcls} target): ATFV {value} "
                                f"({shot.points:g} excess SP), 2d6 {roll}: {f'{loss} SP lost' if loss else 'a miss'}")]
    return out + after_result(p, index, shot.target, str(loss) if loss else "-", "at", named=True)


def cover_undone(p: Position, shot: Shot) -> int:
    """SR 10.2.11: a defending AFV targeted in covering terrain loses its defilade benefit (the -2 of 6.4.4)."""
    at = p.state.where(shot.target) if shot.target else None
    cover = bool((p.game.map.terrain.of(at) or frozenset()) & COVERING) if at is not None else False
    return 2 if not shot.defending and cover and mem.mode(p.state, shot.target) == "defilade" else 0
