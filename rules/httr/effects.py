"""HTTR effects of fire (SR 6.7) and the morale checks they call for (SR 16): after a DF or IF packet's result, or
an AT fire's (``after_at``), the referee follows its target to the end of the phase. The log shows modes,
disruption, morale rolls and eliminations, not strength point losses, so a loss is judged by what must come with it.

- A loss (``1``, ``2``, ...) puts the target in Defilade (6.7.3); a Concentrated target may instead stay
  Concentrated with one more loss after a passed morale check (6.7.7; failed: both); a Travel target is disrupted
  at the end of the phase (6.7.8) and leaves Travel for Defilade unless it has no Concentrated Mode; of two
  Travel units in the hex the top one takes the loss.
- A DEF result on an HQ or artillery unit already in Defilade calls for a morale check (6.7.6); failed, the
  unit is disrupted or loses a point (the owner's choice: a failure without disruption is read as the loss).
  Reading: 6.7.6 is the exception to 6.7.2.1's "already in defilade" only; a DEF on a unit already disrupted
  has "no further effect" (6.7.2.1), so it calls for no check.
  DEF itself is ``referee.check_defilade_due`` (6.7.2); a passed 6.7.7 check lifts it.

A Morale Check roll belongs to the last result's target that awaits one (reading: the log names no unit).
Current morale is the printed one less one level per loss (16.1); losses are not read, so a pass is judged on
the printed morale and says it guessed, and a failure on it is a failure on any lower morale (as
``recovery.py``). A leader stacked with the unit adds one (16.5); optional Ferocity's morale 10 (ScR 15.5) is
``morale.for_check``'s, as in every other morale check.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr import ferocity, leader_loss, overflow, rubble
from hexforge.rules.httr.at_fire import judge_at_results, resolve_at
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.opportunity import judge_whole_stack
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.morale import CHECK, for_check, note
from hexforge.rules.httr.units import has_mode, is_kind, kind_of
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    fire: FireLog
    phase_start: GameState
    rubble: rubble.Rubble
    ferocity: ferocity.Ferocity
    ca: CaLog
    leader_rolls: leader_loss.LeaderRolls
    readings: dict[str, str]


@dataclass(slots=True)
class Effect:
    """One fire result on one unit: the roll's event, the unit, the result, its mode then, its morale check."""

    index: int
    unit: str
    result: str
    mode: str | None
    morale: bool | None = None  # passed? (None: no check rolled yet)
    needs_check: bool = False  # 6.7.6: an HQ/artillery in Defilade took DEF
    afvs: tuple[str, ...] = ()  # 6.3.2.2: the AFVs in a leg target's hex when conventional DF hit it


def losses(result: str | None) -> int:
    """The strength points a Fire Results Table result takes (0 for '-' and DEF)."""
    return int(result) if result is not None and result.isdigit() else 0


def after_result(p: Position, index: int, unit: str | None, result: str | None, kind: str = "df",
                 named: bool = True) -> list[Verdict]:
    """A packet's result on ``unit``: remember what it calls for; the verdicts it gets at once (6.7.8). A result
    on a stack whose declaration named no target unit is not followed: the firer chooses which unit takes it
    (SR 6.3.2.2), and the log does not say which."""
    if unit is None or unit not in p.game.units:
        return []
    where = p.state.where(unit)
    for u in p.state.at(where) if where is not None else (unit,):  # results may pass on in the hex (6.3.1.6, 6.5.3)
        p.fire.results.setdefault(u, []).append(result)
    p.fire.unresolved = where if result is None else None if p.fire.unresolved == where else p.fire.unresolved
    if result is None:
        leader_loss.on_result(p, p.leader_rolls, index, where, (unit,), None)  # SR 19.3.3: its rolls are not known
        return []
    if kind == "if" and losses(result) and where is not None:
        rubble.if_loss(p, p.rubble, where)  # optional ScR 15.7.1
    if not named and where is not None and len(p.state.at(where)) > 1:
        overflow.remember(p, index, where, unit, kind, 0)  # which unit took it was the firer's choice (6.3.2.2)
        leader_loss.on_result(p, p.leader_rolls, index, where, p.state.at(where), result)  # SR 19.3.3
        return []
    overflow.remember(p, index, where, unit, kind, losses(result))  # SR 6.3.1.6
    if losses(result):
        ferocity.on_loss(p, p.ferocity, unit)  # optional ScR 15.5.1
    m = mem.mode(p.state, unit)
    gun = is_kind(p.game, unit, "hq", "artillery")
    at = p.state.where(unit)
    afvs = tuple(u for u in p.state.at(at) if is_kind(p.game, u, "afv")) if at and kind == "df" and \
        is_kind(p.game, unit, "afv") is False else ()
    calm = not mem.has(p.state, unit, "disrupted")  # SR 6.7.2.1: a DEF on a disrupted unit has no further effect
    e = Effect(index, unit, result, m, needs_check=result == "DEF" and m == "defilade" and bool(gun) and calm,
               afvs=afvs)
    if kind == "if" and at is not None:
        p.fire.last_if = (at, unit)
    elif p.fire.last_if is not None and p.fire.last_if[0] == at:
        p.fire.last_if = None  # a later fire at the hex was not IF: its excess is ignored (6.7.9)
    if losses(result) or e.needs_check or result == "minimal":
        p.fire.effects.append(e)
    leader_loss.on_result(p, p.leader_rolls, index, at, (unit,), result, e)  # SR 19.3.3
    return [check_travel_top(p, unit)] if losses(result) and m == "travel" else []


def after_at(p: Position, index: int, roll: int) -> list[Verdict]:
    """An AT Fire roll (``at_fire.resolve_at``), then what its loss calls for, as a DF result's (6.7.3, 6.7.7-6.7.8).
    Reading: 6.7's effects are those of every fire, AT fire's losses included (its 2d6 gives 1 or 2 SP lost)."""
    d, _ = p.fire.at_pending
    shots = len(p.fire.at_results)
    out = [resolve_at(p, roll)]
    if len(p.fire.at_results) > shots:
        _, unit, loss = p.fire.at_results[-1]
        out += after_result(p, index, unit, str(loss) if loss else "-", "at", named=True)
    elif isinstance(out[0], NotCheckable) and (at := p.hex(d.target)) is not None:
        p.fire.unknown.append((index, at, out[0].needs))
        for u in p.state.at(at):
            p.fire.results.setdefault(u, []).append(None)
    return out


@rule("HTTR SR 6.7.8", "EFF-6", "of two Travel units in the hex the top one takes the loss")
def check_travel_top(p: Position, unit: str) -> Verdict:
    at = p.state.where(unit)
    travel = [u for u in mem.stack(p.state, at) if mem.mode(p.state, u) == "travel"] if at else []
    if travel and travel[0] != unit:
        return Illegal("HTTR SR 6.7.8", f"the loss falls on {unit}, but {travel[0]} is the top Travel unit in "
                       f"{p.game.map.labels[at]}: with two Travel units the top one takes it")
    return Legal()


@rule("HTTR SR 16.1-16.2 / 16.5", "MOR-1", "a morale check fails when 2d6 exceeds the current morale (+1 stacked "
      "with a leader)")
def morale_check(p: Position, unit: str, roll: int) -> tuple[bool | None, str]:
    """(passed?, why); ``None`` when the unit's morale is not known, or whether optional Ferocity raises it
    (ScR 15.5) is not and decides the roll (``morale.for_check``; one less while fatigued, optional SR 21.5.4)."""
    level = for_check(p, unit, CHECK, roll)  # disrupted -4, +1 with a leader, Ferocity (10.6.2, 16.5, ScR 15.5)
    if isinstance(level, Unknown):
        return None, level.needs
    return roll <= level, f"2d6 {roll} {'<=' if roll <= level else '>'} morale {level:g}" + note(level)


def on_morale(p: Position, roll: int) -> Verdict | None:
    """A Morale Check roll: the check of the last result's target awaiting one (``None`` if there is none; not
    checkable when a fire's result this phase is not known: it may be that result's check)."""
    e = next((x for x in reversed(p.fire.effects) if x.morale is None and (
        x.needs_check or x.result == "minimal" or x.mode == "concentrated")), None)
    if e is None:
        due = [u for _, u in p.fire.defilade_due if mem.mode(p.state, u) == "concentrated"]
        if not due and p.fire.unknown:
            _, at, needs = p.fire.unknown[-1]
            return NotCheckable(f"whose morale check this is and what it decides: the result of the fire at "
                                f"{p.game.map.labels.get(at, '?')} is not known ({needs}; SR 6.7.6-6.7.7, 16)")
        if not due:
            return None
        e = Effect(-1, due[-1], "DEF", "concentrated")  # 6.7.7 on a DEF result
        p.fire.effects.append(e)
    passed, why = morale_check(p, e.unit, roll)
    if passed is None:
        return NotCheckable(why)
    if e.result == "minimal":  # SR 6.3.5.3: failed, a loss of 1; passed, DEF
        e.result = "DEF" if passed else "1"
        if passed:
            p.fire.defilade_due.append((e.index, e.unit))
        return Legal(detail=f"the Minimal Fire Attack's morale check of {e.unit}: {why}: {e.result}")
    e.morale = passed
    if passed and e.result == "DEF" and e.mode == "concentrated":
        p.fire.defilade_due[:] = [(i, u) for i, u in p.fire.defilade_due if u != e.unit]  # 6.7.7: it may stay
    return Legal(detail=f"morale check of {e.unit}: {why}", guess="its morale is the printed one (losses are not "
                 "read)" if passed else None)


def judge_effects(p: Position) -> list[tuple[int, Verdict]]:
    """At the phase's end: what each remembered result called for (6.7.3, 6.7.6-6.7.8; AT fire: ``at_fire``; OF at
    a stack that changed wholly: ``opportunity.judge_whole_stack``)."""
    out = []
    for e in p.fire.effects:
        if e.afvs:
            out.append((e.index, check_no_afv_overflow(p, e)))
        if e.index < 0 or p.state.where(e.unit) is None:
            continue  # a 6.7.7 check on a DEF result (referee.check_defilade_due), or the unit is gone
        if e.result == "minimal":
            out.append((e.index, Illegal("HTTR SR 6.3.5.3", f"a Minimal Fire Attack rolled 2 at {e.unit}, but no "
                                         "morale check followed")))
            continue
        if e.result == "DEF" and not e.needs_check:
            continue  # a Minimal Fire Attack's DEF: referee.check_defilade_due
        if e.needs_check:
            out.append((e.index, check_gun_morale(p, e)))
        elif e.mode == "travel":
            out.append((e.index, check_travel_loss(p, e)))
        else:
            out.append((e.index, check_loss_defilade(p, e)))
    p.fire.effects.clear()
    out += [(i, NotCheckable(f"what the fire's result calls for at {p.game.map.labels.get(at, '?')} (SR 6.7.2-6.7.8: "
                             f"Defilade, a morale check, disruption): {needs}")) for i, at, needs in p.fire.unknown]
    return out + judge_at_results(p) + judge_whole_stack(p, p.phase_start) + overflow.judge_overflows(p)


@rule("HTTR SR 6.7.3 / 6.7.7 / 16.4", "EFF-3/EFF-5/MOR-2", "a unit that loses strength adopts Defilade; a "
      "Concentrated one may stay Concentrated with one more loss only after a passed morale check")
def check_loss_defilade(p: Position, e: Effect) -> Verdict:
    m = mem.mode(p.state, e.unit)
    if m is None:
        return NotCheckable(f"the mode of unit {e.unit} after its loss (its Mode layer)")
    if m == "defilade" or e.mode == "defilade":
        return Legal()
    if e.mode == "concentrated" and m == "concentrated" and e.morale:
        return Legal(detail=f"{e.unit} stays Concentrated with one more loss after a passed morale check (SR 6.7.7)")
    why = ("its morale check failed" if e.morale is False else "no morale check was rolled") \
        if e.mode == "concentrated" else f"it is in {m.title()} Mode"
    return Illegal("HTTR SR 6.7.7" if e.mode == "concentrated" else "HTTR SR 6.7.3",
                   f"{e.unit} lost {e.result} SP but is not in Defilade at the end of the phase ({why}): a unit "
                   "that loses strength adopts Defilade (a Concentrated one may stay only after a passed morale "
                   "check)")


@rule("HTTR SR 6.3.2.2", "DF-11", "excess hits of conventional DF on a leg unit never pass to an AFV")
def check_no_afv_overflow(p: Position, e: Effect) -> Verdict:
    """An AFV of the hex eliminated this phase though no AT fire, IF or return fire was aimed at it."""
    lost = [u for u in e.afvs if p.state.where(u) is None and not p.fire.fired_kinds.get(u, set()) - {"df"}]
    if lost:
        return Illegal("HTTR SR 6.3.2.2", f"{lost[0]}, an AFV, was eliminated by the conventional DF at {e.unit}: "
                       "excess hits on a leg unit never pass to an AFV")
    return Legal()


@rule("HTTR SR 6.7.8", "EFF-6", "a Travel unit losing strength is disrupted at the end of the phase and leaves "
      "Travel for Defilade unless it has no Concentrated Mode")
def check_travel_loss(p: Position, e: Effect) -> Verdict:
    if not mem.has(p.state, e.unit, "disrupted"):
        return Illegal("HTTR SR 6.7.8", f"{e.unit} lost {e.result} SP in Travel Mode but is not disrupted at the end "
                       "of the phase")
    keeps = has_mode(p.game, e.unit, "concentrated")
    m = mem.mode(p.state, e.unit)
    if keeps is None:
        return NotCheckable(f"whether unit {e.unit} has a Concentrated Mode (units.csv type and mobility)")
    if keeps and m == "travel":
        return Illegal("HTTR SR 6.7.3", f"{e.unit} lost {e.result} SP but stays in Travel Mode: it adopts Defilade "
                       "(only units without a Concentrated Mode stay in Travel, SR 6.7.8)")
    return Legal()


@rule("HTTR SR 6.7.6 / 16.4", "EFF-4/MOR-2", "an HQ or artillery unit in Defilade taking DEF checks morale; "
      "failed, it is disrupted or loses a point")
def check_gun_morale(p: Position, e: Effect) -> Verdict:
    disrupted = mem.has(p.state, e.unit, "disrupted")
    if e.morale is None:
        return Illegal("HTTR SR 6.7.6", f"{e.unit}, an HQ or artillery unit in Defilade, took DEF but made no morale "
                       "check")
    if e.morale and disrupted:
        return Illegal("HTTR SR 6.7.6", f"{e.unit} passed its morale check after DEF but is disrupted")
    if not e.morale and not disrupted:
        return Legal(guess=f"{e.unit} failed its check and took a strength point loss (losses are not logged)")
    return Legal()


@rule("HTTR SR 6.5.3.2 / 6.7.9", "IF-13", "IF losses beyond the target pass to the other units of the hex, no unit "
      "type taking a second hit before each other type took one (a 'spill' declaration names who took them)")
def judge_spill(p: Position, d: Declaration) -> Verdict:
    """Reading: the types are the units' kinds (units.csv type); the types present are those of the hex's units
    other than the IF's target when the spill-over is declared."""
    at = p.hex(d.target)
    excess = excess_ignored(p, d.target, at)
    if excess is not None:
        return excess
    if p.fire.last_df is not None and p.fire.last_df.at == at:
        return overflow.check_spill(p, d, p.fire.last_df)  # a conventional DF's overflow (SR 6.3.1.6)
    target = p.fire.last_if[1]
    others = [u for u in p.state.at(at) if u != target]
    stray = next((u for u in d.firers if u not in others), None)
    if stray is not None:
        return Illegal("HTTR SR 6.5.3.2", f"{stray} is not one of the other units in {d.target} ({', '.join(others)})")
    kinds = {u: kind_of(p.game, u) for u in others}
    if None in kinds.values():
        return NotCheckable(f"the types of the units in {d.target} (units.csv type)")
    hits = {k: 0 for k in kinds.values()}
    for u in d.firers:
        k = kinds[u]
        low = min((o for o in hits if o != k), key=lambda o: hits[o], default=None)
        if low is not None and hits[k] > hits[low]:
            return Illegal("HTTR SR 6.5.3.2", f"{u} ({k}) takes hit {hits[k] + 1} of its type before the {low} units "
                           f"took {hits[k]}: no unit type takes another hit before each other type took one")
        hits[k] += 1
    return Legal(detail=f"spill-over hits on {', '.join(d.firers)} alternate their types (SR 6.5.3.2)")


@rule("HTTR SR 6.3.1.7 / 6.7.9 / 6.5.3.2", "DF-7", "losses beyond the target are ignored, except IF losses beyond an "
      "eliminated target, which pass to the other units of its hex, and conventional DF's, to the new top two (6.3.1.6)")
def excess_ignored(p: Position, label: str | None, at: Hex | None) -> Verdict | None:
    """A 'spill' declaration in ``label`` (losses put on units other than the target): None when the last fire
    resolved there was IF and its target is off the map (6.5.3.2), or a conventional DF loss (its overflow,
    ``overflow.check_spill``), else why the excess is ignored."""
    if at is not None and p.fire.unresolved == at:
        return NotCheckable(f"the result of the last fire at {label} (what it was and whether its target was "
                            "eliminated decide whether losses spill over, SR 6.5.3.2, 6.7.9)")
    if p.fire.last_df is not None and p.fire.last_df.at == at:
        return None
    if p.fire.last_if is None or p.fire.last_if[0] != at:
        return Illegal("HTTR SR 6.7.9", f"spill-over losses in {label}, but the last fire resolved there was neither "
                       "IF nor a conventional DF loss: losses beyond a hex's strength are ignored unless the fire was "
                       "indirect (SR 6.3.1.7; a DF's overflow goes to the new top two, 6.3.1.6)")
    target = p.fire.last_if[1]
    if p.state.where(target) is not None:
        return Illegal("HTTR SR 6.5.3.2", f"spill-over losses in {label}, but the IF's target {target} is still on "
                       "the map: only losses beyond its strength pass to the other units of the hex")
    return None
