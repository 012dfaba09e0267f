"""HTTR organisation modes and unit states as the log shows them (layer changes): SR 5 (one voluntary mode
change per turn, in the Organization Phase, by the legal transitions; Defilade at once after being fired at
or a CA; Travel to Concentrated at the end of a move for 2 MP), SR 5.1 (disruption is never voluntary),
SR 9.3.7 (mount or dismount once per phase), SR 9.3.8 (remount on a road-or-trail supply line), SR 9.5.1.1
(only vehicular-capable units enter Travel).

Reading: SR 4.1's note (L128) lets players make the Organization Phase's changes at the end of a unit's
move "if no German unit is within OF range" to speed play; the referee holds to the Organization Phase, as
an OF range needs the ZOC and LOS of every enemy unit.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from hexforge.builder.timeline import EventStream, StepChange, Timeline
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.airborne_travel import travel_barred
from hexforge.rules.httr.ammunition import judge_depleted
from hexforge.rules.httr.attachment import Attachments
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.ca_retreat import NO_DEFENDER_RESULT
from hexforge.rules.httr.close_action import CaLog, disrupted_pending
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.landings import Landings, landing_disruption
from hexforge.rules.httr.movement import Movement, Step
from hexforge.rules.httr.overstack import Overstacks
from hexforge.rules.httr.recovery import judge_recovery
from hexforge.rules.httr.recovery_modes import Recoveries, to_defilade
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.httr.supply_rules import controlling  # SR 17.4.3 included
from hexforge.rules.httr.thoroughfares import needs_raised, raised_at
from hexforge.rules.httr.units import has_mode, is_kind, mobility
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

FIRST_DAY = "first_day_defilade"  # game.toml [special.first_day_defilade]: side, until_turn, until_phase (ScR 8.1.2)
NO_CONCENTRATED = ("hq", "artillery", "spa")  # SR 5.2.2 (L145), 18.9.4 (L953); towed units by mobility


class Position(Board, Protocol):
    t: Timeline | EventStream
    overstacks: Overstacks
    recoveries: Recoveries
    fire: FireLog
    ca: CaLog
    mode_turn: set[str]
    dismounts: set[str]
    moves: dict[str, Step]
    attach: Attachments
    landings: Landings  # the air landings' memory (ScR 6), read by MOD-1
    patrols: Any  # rules.httr.optional.Patrols: the optional gliders' landings (ScR 15.2), read by MOD-1
    readings: dict[str, str]

    def calendar(self) -> dict[int, dict]: ...


def judge_layer(p: Position, e: StepChange, uid: str, index: int = -1) -> list[Verdict]:
    """The verdicts on one layer change of a unit (``index``: the event's, where a recovery's later verdict goes)."""
    said = mem.layer_change(e.trait, e.new, p.channel)
    if said is None:
        return []
    what, value = said
    if what == "mode":
        return [judge_mode(p, uid, str(value))]
    if what == "disrupted":
        if value:
            return [judge_disruption(p, uid)]
        if to_defilade(p, uid):
            p.recoveries.due[uid] = index
        return [judge_recovery(p, uid)]
    if what == "dismounted":
        return [judge_dismount(p, uid, bool(value))] + ([] if value else [judge_remount(p, uid)])
    if what == "depleted":
        return judge_depleted(p, uid, bool(value))  # SR 13.2.7.4-13.2.7.7, 13.3: the ammunition topic's checks
    return [Legal(detail=f"the {what} marker (the fire it marks is judged with its declaration)")]


@rule("HTTR SR 5.2.1-5.2.3 / 9.5.1.1 / 6.7.1 / 6.7.10", "MOD-2/MOD-3/MOD-4/MOD-5/MOD-7/EFF-1/EFF-7",
      "one voluntary mode change per turn in the Organization Phase, by the legal transitions; Defilade at once "
      "when fired at or after a CA; Travel to Concentrated at the end of a move for 2 MP; Travel only for "
      "vehicular-capable units")
def judge_mode(p: Position, uid: str, new: str) -> Verdict:
    old = mem.mode(p.state, uid)
    if old == new:
        return Legal(detail="no change of mode")
    if has_mode(p.game, uid, new) is False:
        return Illegal("HTTR SR 9.3.10", f"{uid} has no {new.title()} Mode (HQs, artillery and towed units: in "
                       "battery or Travel only, SR 5.2.2, 9.3.10)")
    kind, side = p.phase()
    own = p.state.side(uid) == side
    held = first_day(p, uid, old, new) or out_of_column(p, uid, old, new)
    if held is not None:
        return held
    if new == "defilade" and uid in p.recoveries.due:
        return Legal(detail=f"{uid} adopts Defilade on recovering (SR 10.6.6, ScR 8.1.13)")
    if new == "defilade" and (uid in p.fire.fired_at or uid in p.ca.involved):
        return Legal(detail="Defilade at once after being fired at or a close action (SR 5.2.1 exc. 1, 6.7.1, 10.5.7)")
    if old == "travel" and new == "concentrated" and kind == "movement" and own and uid in p.moves:
        return end_of_move(p, uid)
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind != "organization" or not own:
        return Illegal("HTTR SR 5.2.1", f"{uid} changes mode ({old or 'unknown'} -> {new}) outside its side's "
                       "Organization Phase")
    if uid in p.mode_turn:
        return Illegal("HTTR SR 5.2.1", f"{uid} already made its one voluntary change of mode this turn")
    p.mode_turn.add(uid)
    barred = travel_barred(p, uid) if new == "travel" else None  # MOD-7 (rules/httr/airborne_travel.py)
    if barred is not None:
        return barred
    if old is None:
        return NotCheckable(f"the mode of unit {uid} before the change (its Mode layer: the log never showed it)")
    if {old, new} == {"defilade", "travel"}:
        typed, mob = is_kind(p.game, uid, *NO_CONCENTRATED), mobility(p.game, uid)
        can = typed or mob == "towed"
        if not can and (typed is None or isinstance(mob, Unknown)):  # an unknown type or mobility may be one of them
            return NotCheckable(f"the type of unit {uid} (units.csv type)" if typed is None else mob.needs)
        if not can:
            return Illegal("HTTR SR 5.2.3", f"{uid} goes from {old} to {new} directly: only units without a "
                           "concentrated mode (HQ, artillery, towed) and SPA may")
    return Legal()


@rule("HTTR ScR 8.1.1-8.1.2 / 8.1.4 / 24.1.5", "MOD-9", "units of the side the data names that start on the map "
      "stay in Defilade until its Organization Phase of the GT it names (HQs and artillery assaulted and forced to "
      "retreat excepted; with reading first_day_guns day_one, HQs and artillery through day one)")
def first_day(p: Position, uid: str, old: str | None, new: str) -> Verdict | None:
    """Reading: 'Turn 2' (ScR 8.1.2) is GT 2 of the game's calendar (the rule is titled 'First Day'), whatever GT a
    scenario starts on; the data's ``[special.first_day_defilade]`` names the side and that phase."""
    cfg = p.game.special(FIRST_DAY) or {}
    if not cfg or old != "defilade" or new == "defilade" or p.state.side(uid) != cfg.get("side"):
        return None
    if not any(pl.piece.unit == uid and pl.hex is not None for pl in p.t.setup):
        return None  # a reinforcement operates normally (ScR 8.1.5)
    ids = [q.id for q in p.game.info.sequence]
    until = (int(cfg["until_turn"]), ids.index(cfg["until_phase"])) if cfg.get("until_phase") in ids else None
    if until is None or p.state.turn is None or p.state.phase is None:
        return NotCheckable(f"the phase (the first-day Defilade of {uid} lasts until {cfg.get('until_phase')} of GT "
                            f"{cfg.get('until_turn')}, ScR 8.1.2)")
    gun = is_kind(p.game, uid, "hq", "artillery")
    day_one = p.readings.get("first_day_guns") == "day_one" and gun is not False and on_day_one(p)
    if (p.state.turn, p.state.phase) >= until and not day_one:
        return None
    retreats = forced_to_retreat(p, uid)
    if retreats is not False and gun is not False:
        if retreats is None or gun is None:
            return NotCheckable(f"whether {uid} is an HQ or artillery unit (units.csv type) assaulted and forced to "
                                "retreat (ScR 8.1.4)" if gun is None else f"the result of the close action on {uid} "
                                "(whether it was forced to retreat, ScR 8.1.4)")
        return Legal(detail=f"{uid}, assaulted and forced to retreat, changes mode (ScR 8.1.4)")
    if (p.state.turn, p.state.phase) >= until:  # an HQ or artillery unit of unknown type on day one
        return Illegal("HTTR ScR 24.1.5", f"{uid} is an HQ or artillery unit that started the game on the map in "
                       "Defilade: it stays so on day one (reading first_day_guns: day_one)") if gun else \
            NotCheckable(f"whether {uid} is an HQ or artillery unit (units.csv type; ScR 24.1.5, reading "
                         "first_day_guns: day_one)")
    return Illegal("HTTR ScR 8.1.2", f"{uid} started the game on the map and stays in Defilade until the "
                   f"{p.game.info.sequence[until[1]].name.resolved} of GT {until[0]}")


def on_day_one(p: Position) -> bool:
    """Is the GT on the date of GT 1 (ScR 24.1.5 'day one'; the calendar's, as 8.1.2's 'Turn 2' is)?"""
    cal = p.calendar()
    first = cal.get(1, {}).get("date")
    return first is not None and p.state.turn is not None and cal.get(p.state.turn, {}).get("date") == first


def forced_to_retreat(p: Position, uid: str) -> bool | None:
    """Was ``uid`` assaulted this phase with a result that makes it retreat (ScR 8.1.4 'assaulted and forced to
    retreat'; a disrupting result, SR 10.5.1)? None when it defended a close action of unknown result."""
    if uid not in p.ca.involved:
        return False
    if uid in p.ca.results:
        return p.ca.results[uid] not in NO_DEFENDER_RESULT
    return None if p.state.where(uid) == p.ca.involved[uid] else False  # in the target hex: it defended


@rule("HTTR SR 9.4.2.2 / 9.5.1.3 / 9.4.6", "MOD-8", "a unit in Travel Mode on a raised road or railroad, or in "
      "marsh, may not leave Travel Mode voluntarily")
def out_of_column(p: Position, uid: str, old: str | None, new: str) -> Verdict | None:
    """Reading: every mode change a player makes is voluntary, the Defilade of a unit fired at included (its
    vehicles, in column on the embankment, cannot descend: 9.4.2.2)."""
    h = p.state.where(uid)
    if old != "travel" or new == "travel" or h is None:
        return None
    unknown = needs_raised(p.game, h)
    if unknown is not None:
        return NotCheckable(unknown.needs)
    if raised_at(p.game, h):
        return Illegal("HTTR SR 9.4.2.2", f"{uid} is in Travel Mode on a raised road or railroad "
                       f"({p.game.map.labels[h]}) and may not leave it")
    if "marsh" in (p.game.map.terrain.of(h) or ()):
        return Illegal("HTTR SR 9.4.6", f"{uid} is in marsh ({p.game.map.labels[h]}) and must stay in Travel Mode")
    return None


def end_of_move(p: Position, uid: str) -> Verdict:
    """SR 5.2.1 exc. 2 / 9.5.1.4: Travel to Concentrated at the end of a move costs 2 MP, within the MA."""
    spent = p.moves[uid]
    ma = Movement(p.game, p.state, uid).ma_known()
    if isinstance(ma, Unknown):
        return NotCheckable(ma.needs)
    if spent.unsure is not None:
        return NotCheckable(f"the MP {uid} spent moving ({spent.unsure}; Travel to Concentrated at the end of a move "
                            "costs 2 MP within the MA, SR 9.5.1.4)")
    if spent.mp + 2 > ma and spent.hexes > 1:
        return Illegal("HTTR SR 9.5.1.4", f"{uid} has {ma - spent.mp:g} MP left and changes from Travel to "
                       "Concentrated at the end of its move, which costs 2 MP")
    p.moves[uid] = replace(spent, mp=spent.mp + 2)  # its unsure and stop flags kept
    return Legal(detail="Travel to Concentrated at the end of its move, 2 MP (SR 5.2.1 exc. 2)")


def ca_may_disrupt(p: Position, uid: str) -> bool:
    """Whether a close action ``uid`` was in may have disrupted it: its result, where known, disrupts its side (SR 10.3:
    "-" no one, "A" the attacker alone); unknown results may."""
    if uid not in p.ca.involved:
        return False
    if uid in p.ca.results:
        return p.ca.results[uid] not in NO_DEFENDER_RESULT
    hex_ = p.ca.involved[uid]  # an attacker: the result of the CA on its target hex
    result = next((r for d, r in p.ca.results.items() if p.ca.involved.get(d) == hex_), None)
    return result != "-"


@rule("HTTR SR 5.1", "MOD-1", "disruption is never voluntary: only fire, CA, airstrikes, an overstack or an air "
      "landing (ScR 6.6.3.2, 6.6.4.2, 6.7.4; optional gliders 15.2.1) disrupt")
def judge_disruption(p: Position, uid: str) -> Verdict:
    if mem.has(p.state, uid, "disrupted"):
        return Legal(detail="already disrupted")
    if ca_may_disrupt(p, uid):
        return Legal(detail="disrupted by close action")
    pending = disrupted_pending(p, uid)  # the CA awaiting its die: a DIS disrupts its attackers alone (SR 10.3)
    if isinstance(pending, Legal):
        return pending
    by_fire = fire_disrupts(p, uid)
    if by_fire is not None:
        return by_fire
    landed = landing_disruption(p, uid)
    if landed is not None:
        return Legal(detail=landed)
    if p.overstacks.disrupts(uid):
        return Legal(detail="disrupted by an overstack this phase (SR 11.2.3)")
    h = p.state.where(uid)
    over = Movement(p.game, p.state, uid).check_stacking(h) if h is not None else Legal()
    if isinstance(over, NotCheckable):
        return over
    if isinstance(over, Illegal):
        return Legal(detail="disrupted by an overstack (SR 11.2.3)")
    if pending is not None:
        return pending
    return Illegal("HTTR SR 5.1", f"{uid} becomes disrupted, but it was neither fired at nor in a close action "
                   "this phase, nor overstacked: disruption is never voluntary")


def fire_disrupts(p: Position, uid: str) -> Verdict | None:
    """What this phase's fire results at the unit's hex (``FireLog.results``: they may pass on in the hex, SR 6.3.1.6,
    6.5.3) say of its disruption: a loss may (a Travel unit is disrupted, 6.7.8; a failed check with it), a DEF on an
    HQ or artillery unit may (its failed check, 6.7.6), a Minimal Fire Attack's check may (6.3.5.3); '-' and any other
    DEF never do; an airstrike's target is judged by its result (ScR 7.4). None when no fire result reached it."""
    results = p.fire.results.get(uid)
    if uid in p.fire.struck:
        return Legal(detail="disrupted after an airstrike: judged with its result (ScR 7.3.2-7.4)")
    if not results:
        return None
    if any(r is None for r in results):
        return NotCheckable(f"whether the fire at {uid} this phase disrupts it: its result is not known (SR 6.7)")
    gun = is_kind(p.game, uid, "hq", "artillery")
    if any(r == "minimal" or r.isdigit() and int(r) > 0 or r == "DEF" and gun is not False for r in results):
        return Legal(detail="disrupted by fire (SR 6.7.6-6.7.8)")
    return Illegal("HTTR SR 5.1", f"{uid} becomes disrupted, but the fire at it this phase gave {', '.join(results)}: "
                   "no loss, and DEF disrupts only an HQ or artillery unit failing its check (SR 6.7.2, 6.7.6)")


@rule("HTTR SR 9.3.5-9.3.7 / 9.5.1.5 / 18.9.6", "MOV-7", "mount or dismount at most once per phase, in the unit's "
      "own Movement Phase for 2 MP within its MA; dismount free after fire at it")
def judge_dismount(p: Position, uid: str, dismount: bool = True) -> Verdict:
    """The Dismounted marker put on (``dismount``) or taken off. Readings: the 2 MP (9.3.5-9.3.6) join the phase's MP
    of the unit, before or after its move (9.3.3: 'dismounted and then moved like a leg unit'; 9.5.1.5: at its
    end); 18.9.6's free dismount 'after any fire combat against them' is a dismount after fire at it this phase."""
    if uid in p.dismounts:
        return Illegal("HTTR SR 9.3.7", f"{uid} mounts or dismounts a second time this phase")
    p.dismounts.add(uid)
    if dismount and uid in p.fire.fired_at:
        return Legal(detail=f"{uid} dismounts after fire at it: no MP (SR 18.9.6)")
    kind, side = p.phase()
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind != "movement" or p.state.side(uid) != side:
        return Illegal("HTTR SR 9.5.1.5", f"{uid} {'dis' if dismount else 're'}mounts outside its side's Movement "
                       "Phase: a phasing unit does so for 2 MP (a dismount after fire at it is free, SR 18.9.6)")
    spent = p.moves.get(uid, Step(0.0, 0))
    ma = Movement(p.game, p.state, uid).ma_known()
    if isinstance(ma, Unknown):
        return NotCheckable(ma.needs)
    p.moves[uid] = replace(spent, mp=spent.mp + 2)
    if spent.mp + 2 > ma:  # ``mp`` is a lower bound when a step's MP are unknown: over it, over for certain
        return Illegal("HTTR SR 9.3.5", f"{uid} has {ma - spent.mp:g} MP left and {'dis' if dismount else 're'}mounts, "
                       "which costs 2 MP")
    if spent.unsure is not None:
        return NotCheckable(f"the MP {uid} spent moving ({spent.unsure}; a mount or dismount costs 2 MP within the "
                            "MA, SR 9.3.5-9.3.6)")
    return Legal(detail=f"{'dis' if dismount else 're'}mounting, 2 MP: {spent.mp + 2:g} of {ma:g} (SR 9.3.5-9.3.6)")


@rule("HTTR SR 9.3.8", "MOV-8", "a unit remounts only if it can trace a supply line along roads or trails back to "
      "its controlling HQ")
def judge_remount(p: Position, uid: str) -> Verdict:
    """The Dismounted marker comes off: the unit's road-or-trail line to the HQ it answers to now (SR 13.4
    attachments included), through no enemy unit or un-negated EZOC (``HttrSupply.road_line``)."""
    hq = controlling(p, uid)
    if not hq:
        return NotCheckable(f"the controlling HQ of {uid} (units.csv formation)")
    modes = mem.memory(p.state).modes
    sup = HttrSupply(p.game, p.state, [], travel=frozenset(u for u, m in modes.items() if m == "travel"),
                     disrupted=frozenset(u for u in p.state.positions if mem.has(p.state, u, "disrupted")))
    line = sup.road_line(uid, hq)
    if line.supplied is None:
        return NotCheckable("; ".join(sup.missing()) or line.reason)
    if line.supplied is False:
        return Illegal("HTTR SR 9.3.8", f"{uid} remounts without a supply line along roads or trails to {hq} "
                       f"({line.reason})")
    return Legal(detail=line.reason)
