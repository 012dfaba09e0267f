"""HTTR fire values beyond the matrices (SR 6.1.11, 6.3.5.4, 6.5.3-6.5.6): the Fire Results Table line of a towed
target and of a target in Defilade Mode, an IF firer's strength and ER, and the IF roll modifiers. Called by
``fire.resolve_fire``.

Readings: the strength in the barraged unit's hex is its units' printed strengths (losses are not read: the
verdict says it guessed); a modified roll beyond the table is read at its edge (2 or 12); who is entrenched is
``entrench.benefits`` (SR 12.1.1-12.1.2: the Entrenchment markers, units in Defilade, no AFV or Travel unit).
"""
from __future__ import annotations

import math
from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.detached import er_now
from hexforge.rules.httr.entrench import Works, benefits
from hexforge.rules.httr.fatigue import strength_now
from hexforge.rules.httr.los import Observation
from hexforge.rules.httr.route_barrages import counts_observed, route_needs
from hexforge.rules.httr.units import formation_chain, is_kind, number, printed_range
from hexforge.rules.httr.values import fire_result
from hexforge.rules.registry import rule

TOWED_KINDS = ("artillery", "at", "flak")  # SR 6.3.5.4 (L226): 'artillery, antitank, FLAK, rocket artillery'
NO_COVER_FOR_TOWED = frozenset({"rough", "city"})
TOWED_LINE_OF = "forest"  # the 'forest, town, or broken' line: the line of forest on the TEC


class Position(Board, Protocol):
    obs: Observation
    works: Works
    readings: dict[str, str]


def target_unit(p: Position, d: Declaration, target: Hex) -> str | None:
    return d.target_unit or next(iter(mem.stack(p.state, target)), None)


@rule("HTTR SR 6.3.5.4", "DF-15", "towed targets (artillery, AT, flak) in rough or city use the 'forest, town, or "
      "broken' line (an entrenched AT unit excepted)")
def result_line(p: Position, d: Declaration, target: Hex, kinds: frozenset[str]) -> str | Unknown:
    """The Fire Results Table line of the fire's target: its hex's TEC line, or 6.3.5.4's for a towed target."""
    tec = Cells.of(p.game, "tec")
    aimed = target_unit(p, d, target)
    dug_in = aimed in p.game.units and is_kind(p.game, aimed, "at") and benefits(p, p.works, aimed)  # the exception
    if aimed in p.game.units and kinds & NO_COVER_FOR_TOWED and is_kind(p.game, aimed, *TOWED_KINDS) and not dug_in:
        line = str(tec.get(TOWED_LINE_OF, "fire_results_line"))
        return line if line != "unknown" else Unknown(f"TEC {TOWED_LINE_OF!r} fire_results_line (SR 6.3.5.4)")
    lines = sorted({str(tec.get(k, "fire_results_line")) for k in kinds})
    if len(lines) != 1 or lines[0] == "unknown":
        return Unknown(f"the Fire Results Table line of {d.target} (TEC fire_results_line of "
                       f"{'/'.join(sorted(kinds))})")
    return lines[0]


@rule("HTTR SR 6.1.11 / 6.3.2.2", "DF-12", "a target in Defilade Mode takes fire on its terrain's Defilade line of "
      "the Fire Results Table")
def mode_line(p: Position, d: Declaration, target: Hex, line: str, value: int,
              rolls: list[int]) -> tuple[str, list[str]] | Unknown:
    """The line the fire's target reads and its results for ``rolls``. Reading: 6.1.11 ('That benefit is integrated
    into the Fire Results Table') and 6.3.2.2 ('taking into consideration any modifications for defender terrain or
    unit mode'): the table holds, beside each terrain line, the line of a target in Defilade Mode (rows
    '<line> (defilade)|<fire value>'); a table without it leaves a Defilade target's result unknown (never the
    terrain line on a guess). A target whose mode the log never gave: the result when both lines agree."""
    aimed = target_unit(p, d, target)
    m = mem.mode(p.state, aimed) if aimed in p.game.units else None
    shaded = f"{line} (defilade)"
    out = []
    for ln in [shaded] if m == "defilade" else [line] if m is not None else [line, shaded]:
        results = [fire_result(p.game, ln, value, r) for r in rolls]
        unknown = next((r for r in results if isinstance(r, Unknown)), None)
        if unknown is not None:
            return unknown
        out.append((ln, [str(r) for r in results]))
    if len(out) > 1 and out[0][1] != out[1][1]:
        return Unknown(f"the mode of unit {aimed} (its Mode layer: a target in Defilade Mode reads the Defilade line "
                       "of the Fire Results Table, SR 6.1.11)")
    return out[0]


@rule("HTTR SR 6.5.4-6.5.5 / 6.5.6.2 / 18.9.2", "IF-12", "IF strength: towed artillery and SPA doubled at "
      "conventional targets (not an SPA in Concentrated Mode) but not beyond their printed range (there halved at "
      "AFVs), HW in Defilade halved, an unobserved barrage quartered; ER -2 under an HQ outside the artillery's "
      "original command (reading if_control_er); +2 on the roll at a hex of more than 18 SP, +-1 per 12 SP beyond 16 "
      "(at most +-3 in all); AFV targets by their class")
def if_firer(p: Position, d: Declaration, u: str, target: Hex) -> tuple[float, int] | Unknown:
    s, er, rng = strength_now(p, u), er_now(p, u), printed_range(p.game, u)  # SR 21.5.4: halved while fatigued
    for v in (s, er, rng):
        if isinstance(v, Unknown):
            return v
    aimed = target_unit(p, d, target)
    afv = is_kind(p.game, aimed, "afv") if aimed in p.game.units else None
    at = p.state.where(u)
    gun = is_kind(p.game, u, "artillery", "spa")
    if gun is None or afv is None or at is None:
        return Unknown(f"the types of units {u} and {aimed} (units.csv type) and where {u} stands")
    spa = is_kind(p.game, u, "spa")
    mobile = spa and mem.mode(p.state, u) == "concentrated"  # 18.9.2: no doubling from Concentrated Mode
    if spa and mem.mode(p.state, u) is None:
        return Unknown(f"the mode of unit {u} (its Mode layer: an SPA firing in Concentrated Mode does not double "
                       "its strength, SR 18.9.2)")
    if gun:
        if at.distance(target) > rng:  # 6.5.4.3: extended range
            s = math.ceil(s / 2) if afv else s
        elif not afv and not mobile:
            s *= 2  # 6.5.4.1
        if d.spotter is None:
            seen = p.obs.observe(at, target).visible
            if seen is None:
                return Unknown(f"whether {u} observes {d.target} (an unobserved barrage is quartered, SR 6.5.4.4)")
            if not seen:  # ScR 23.1.3: some barrages count as observed
                counted = counts_observed(p, [u], target)
                if counted is None:
                    return Unknown(f"{route_needs(p)}: whether {u}'s unobserved barrage counts as observed")
                s = s if counted else math.ceil(s / 4)
        if d.hq is not None and d.hq in p.game.units and not original_command(p, u, d.hq):
            er -= 2  # 6.5.5.2
    elif is_kind(p.game, u, "hw") and mem.mode(p.state, u) == "defilade" and not benefits(p, p.works, u):
        s = max(math.ceil(s / 2), 1)  # 6.5.4.2: unless entrenched
    return s, int(max(1, min(er, 9)))


CONTROL_ER = "if_control_er"  # the reading of SR 6.5.5.2's 'originally attached' (catalogue.READINGS)


def original_command(p: Position, u: str, hq: str) -> bool:
    """SR 6.5.5.2 (L331): is ``hq`` one the artillery ``u`` 'was originally attached' to (its ER then not two less)?
    Reading ``if_control_er``: ``original_command`` (default), an HQ above it or below its own HQ (the controllers
    of 6.5.2.2, its example L304 and 17.5.1 L857), so that only an HQ it was attached to later (SR 13.4; ScR 4.4.1,
    4.4.3) costs 2; ``above_only``, any HQ not above it."""
    chain = formation_chain(p.game, u)
    if hq in chain:
        return True
    return p.readings.get(CONTROL_ER) != "above_only" and bool(chain) and chain[0] in formation_chain(p.game, hq)


#: SR 6.5.6.2 (L334): the IF fire value lost at an AFV target by its class (units.csv afv_class, 1 very light ...
#: 5 very heavy). Reading: a very light AFV, which the rule does not name, loses nothing.
IF_AFV_LESS = {1: 0, 2: 1, 3: 2, 4: 4, 5: 4}


def if_modifiers(p: Position, d: Declaration, target: Hex, strength: float) -> tuple[int, int, int] | Unknown:
    """SR 6.5.3 (L316-L317), 6.5.6.2 (L334): (the fixed roll change, the firer's optional roll change, the fire
    value lost at an AFV target by its class: light 1, medium 2, heavy or very heavy 4)."""
    aimed = target_unit(p, d, target)
    less = 0
    if aimed in p.game.units and is_kind(p.game, aimed, "afv"):
        code = p.game.units[aimed].values.get("afv_class")
        if code not in IF_AFV_LESS:
            return Unknown(f"afv_class of unit {aimed} (units.csv: its AFV target class; IF at a light AFV -1, "
                           "medium -2, heavy -4, SR 6.5.6.2)")
        less = IF_AFV_LESS[int(code)]
    hexes = 0.0
    for u in p.state.at(target):
        sp = number(p.game, u, "strength")
        hexes += sp if not isinstance(sp, Unknown) else 0.0
    fixed = 2 if hexes > 18 else 0
    optional = int(max(strength - 16, 0) // 12)
    optional = max(min(optional, 3 - fixed), 0)
    return fixed, optional, less
