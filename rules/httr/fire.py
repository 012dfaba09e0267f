"""HTTR fire legality (SR 6.0-6.6, 7, 18): who may fire, by which method, in which phase, at what; the
referee calls :func:`judge_fire` for each fire declaration (``rules/httr/declaration.py``).

Readings: a firer named by hex is the top two units there (6.3.1.4); a target named by hex only, the top
unit there (6.3.1.5: one of the top two is targeted), though either of the top two may then adopt Defilade
(``fire_units.fired_at``) and may be the unit a conventional DF aims at (``fire_limits``); return fire follows the ``return_fire`` reading
(``catalogue.READINGS``); an OF declaration names one firer (``of_combined``: single units, 6.6.1.3).
"""
from __future__ import annotations

import math
from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import heavy_weapons as hw
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr import multi_formation, oos
from hexforge.rules.httr.at_fire import check_class
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.detached import detached_from, er_now
from hexforge.rules.httr.entrench import Works, benefits
from hexforge.rules.httr.fatigue import strength_now
from hexforge.rules.httr.ferried import as_ferried
from hexforge.rules.httr.firelog import FireLog, Reveals
from hexforge.rules.httr.fire_limits import limits, return_range
from hexforge.rules.httr.fire_units import fired_at, firers
from hexforge.rules.httr.fire_values import if_firer, if_modifiers, mode_line, result_line
from hexforge.rules.httr.if_control import control_distance
from hexforge.rules.httr.indirect import communication
from hexforge.rules.httr.of_fire import ferry_unknown
from hexforge.rules.httr.los import ADJACENT_ONLY, WITHIN_TWO, Observation, rule_of
from hexforge.rules.httr.units import is_kind, kind_of, number, printed_range, silhouetted
from hexforge.rules.httr.values import direct_fire_value, indirect_fire_value
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

COVERING = ADJACENT_ONLY | WITHIN_TWO  # SR 7.3.3 (L415)
METHOD = {"df": "conventional DF", "at": "AT fire", "if": "IF", "of": "opportunity fire", "return": "return fire"}


class Position(Board, Protocol):
    """What fire legality reads of the referee."""

    obs: Observation
    readings: dict[str, str]
    fire: FireLog
    reveals: Reveals
    works: Works


def judge_fire(p: Position, d: Declaration) -> list[Verdict]:
    """Every check of one fire declaration, in rule order; the firers are then recorded as having fired."""
    target = p.hex(d.target)
    units = firers(p, d)
    if isinstance(units, str):
        return [NotCheckable(f"a unit or hex named {units!r} (the declaration names no unit or hex of the game)")]
    out: list[Verdict] = [check_phase(p, d, units)]
    for u in units:
        out += [check_once(p, d, u), check_depleted(p, u), check_range(p, d, u, target), check_top(p, d, u),
                check_kind(p, d, u)]
    out += [check_target_order(p, d, target), check_target_unit(p, d, target), check_unit_order(p, d, target)]
    if d.kind == "of":
        out += [check_if_of(p, u, target) for u in units]
        out += [oos.check_oos(p, u) for u in units if is_kind(p.game, u, "hq")]  # SR 13.2.7.1
    if d.kind == "if":
        out += check_spotter(p, d, units, target) + [check_if_er(p, units)] + communication(p, d, units)
    if d.kind in ("at", "return"):
        out += [check_los(p, d, u, target) for u in units]
    if d.kind == "return":
        out += [check_return(p, d, u, target) for u in units]
    out += limits(p, d, units, target) + [hw.check_packet(p, d, units)]
    if any(isinstance(v, Illegal) for v in out):
        return out  # a fire that may not be made is no packet and uses no AT class (6.3.1.2, 6.4.1.7)
    if d.kind == "df":
        out.append(check_packet(p, d, units, target))
    if d.kind == "at":
        out.append(check_class(p, d, units))
    return out


@rule("HTTR SR 6.0 / 6.2.1 / 4.1", "FIR-1", "one fire method per unit per phase; the Reaction Phase DF only; "
      "OF only in the enemy's Movement Phase; DF, AT and IF by the phasing side, OF and return fire by the other")
def check_phase(p: Position, d: Declaration, units: list[str]) -> Verdict:
    """SR 6.0 (L156, L159), 4.1 (L124-L127): each player fires DF in their own Reaction Phase and DF, AT or IF in
    their own Fire Phase; the non-phasing player fires only opportunity, return and ambush fire."""
    kind, side = p.phase()
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    allowed = {"reaction": ("df", "at", "of", "return"), "fire": ("df", "at", "if", "return"),
               "movement": ("of", "return")}.get(kind, ())
    if d.kind not in allowed:
        return Illegal("HTTR SR 6.0", f"{METHOD[d.kind]} is not fired in a {kind} phase (Reaction: DF only; Fire "
                       "Phase: DF, AT or IF; OF in the enemy's Movement Phase, SR 6.0 L156, 6.6)")
    own = d.kind in ("df", "at", "if")
    for u in units:
        if side is None or p.state.side(u) is None:
            return NotCheckable(f"the side of unit {u} and of the {kind} phase (units.csv side, the sequence's player)")
        if (p.state.side(u) == side) != own:
            whose = "its own" if own else "the enemy's"
            return Illegal("HTTR SR 6.0", f"{u} fires {METHOD[d.kind]} in the {side} {kind} phase: "
                           f"{METHOD[d.kind]} is fired only in {whose} phases (the phasing player fires DF, AT and IF; "
                           "the non-phasing player opportunity, return and ambush fire, SR 6.0 L156, L159)")
    return Legal()


@rule("HTTR SR 6.2.1", "FIR-1", "a unit fires once in each phase, by one method (AT then conventional is illegal)")
def check_once(p: Position, d: Declaration, u: str) -> Verdict:
    done = p.fire.method.get(u)
    if d.kind in ("of", "return"):
        return Legal()  # DF OF each time triggered (6.6.4.2); return fire: check_return
    if done is not None:
        return Illegal("HTTR SR 18.1.1.3" if is_kind(p.game, u, "hw") else "HTTR SR 6.2.1", f"{u} already used "
                       f"{METHOD[done]} this phase: a unit fires once per phase, by one method (it may not also use "
                       f"{METHOD[d.kind]})")
    return Legal()


@rule("HTTR SR 6.1.10 / 13.3.2.1", "FIR-6", "depleted units never fire")
def check_depleted(p: Position, u: str) -> Verdict:
    if mem.has(p.state, u, "depleted"):
        return Illegal("HTTR SR 6.1.10", f"{u} is ammunition depleted and may not fire")
    return Legal()


@rule("HTTR SR 6.2.3 / 6.1.8 / 6.5.1 / 6.6.7.1", "DF-2/FIR-4/IF-1/AT-3", "conventional DF only at adjacent hexes; AT "
      "(at most 2, an unprinted range is 1), return fire (beyond 1 hex as AT fire) and IF within the printed range")
def check_range(p: Position, d: Declaration, u: str, target: Hex | None) -> Verdict:
    at = p.state.where(u)
    if at is None or target is None:
        return NotCheckable(f"where {u} and the target stand")
    dist = at.distance(target)
    if d.kind == "df" and dist > 1:
        return Illegal("HTTR SR 6.2.3", f"{u} fires conventional DF {dist} hexes away: conventional DF reaches "
                       "adjacent hexes only")
    if d.kind == "return" and dist > 1:  # 6.6.7.1: by the normal DF procedure, so beyond 1 hex it is AT fire
        return return_range(p, d, u, target, dist)
    if d.kind in ("at", "if"):
        rng = printed_range(p.game, u)
        if isinstance(rng, Unknown):
            return NotCheckable(rng.needs)
        limit = min(rng, 2) if d.kind == "at" else rng
        if d.kind == "if" and is_kind(p.game, u, "artillery", "spa"):
            limit = math.floor(rng * 4 / 3)  # 6.5.4.3: up to 33 % further (round down), at reduced strength
        if dist > limit:
            return Illegal("HTTR SR 6.1.8", f"{u} fires {METHOD[d.kind]} {dist} hexes away, beyond its range of "
                           f"{limit:g}" + (" (AT fire at most 2, SR 6.4.1.5)" if d.kind == "at" else ""))
    return Legal()


@rule("HTTR SR 6.3.1.4 / 6.4.1.3 / 18.1.1.6 / 18.2.5", "DF-5/DF-8/AT-2",
      "only a stack's top two fire DF and AT (one in-battery AT unit per infantry unit in the top two); IF by any")
def check_top(p: Position, d: Declaration, u: str) -> Verdict:
    if d.kind in ("if", "return"):  # return fire: check_return
        return Legal()
    at = p.state.where(u)
    if at is None:
        return NotCheckable(f"where {u} stands")
    order = mem.stack(p.state, at)
    if u in order[:2]:
        return Legal()
    if d.kind == "of" and d.target is not None and p.hex(d.target) is not None and \
            at.distance(p.hex(d.target)) > 1 and is_kind(p.game, u, "artillery", "spa", "hw"):
        return Legal(detail="IF as opportunity fire, from any place in the stack (SR 6.5.1.8)")
    if d.kind == "of" and d.trigger == "ca":
        return check_ca_defender(p, u, order)
    if d.kind == "at" and any(kind_of(p.game, x) is None for x in order[:2] + (u,)):
        return NotCheckable(f"the types of the units in {p.game.map.labels[at]} (units.csv type: an AT unit under "
                            "infantry of the top two fires, SR 6.4.1.4)")
    if d.kind == "at" and is_kind(p.game, u, "at"):
        infantry = [x for x in order[:2] if is_kind(p.game, x, "infantry")]
        below = [x for x in order[2:] if is_kind(p.game, x, "at")]
        if u in below[:len(infantry)]:
            return Legal(detail="an in-battery AT unit under an infantry unit of the top two (SR 6.4.1.4)")
    rule_ = "HTTR SR 18.2.5" if d.kind == "of" and is_kind(p.game, u, "at") else "HTTR SR 6.3.1.4"
    return Illegal(rule_, f"{u} is not one of the top two units in {p.game.map.labels[at]} "
                   f"(top: {', '.join(order[:2])}) and may not fire {METHOD[d.kind]}")


@rule("HTTR SR 6.6.3.1 / 6.6.3.3", "OF-9", "every unit of a close-assaulted stack may fire OF at the assaulting "
      "units, but artillery only from the top two")
def check_ca_defender(p: Position, u: str, order: tuple[str, ...]) -> Verdict:
    """A unit below the top two firing OF at close-assaulting units (``u`` is not in ``order[:2]``)."""
    art = is_kind(p.game, u, "artillery", "spa")  # SPA is armored artillery (SR 18.9.1 L950)
    if art is None:
        return NotCheckable(f"the type of unit {u} (units.csv type: artillery fire OF at a CA only from the top two)")
    if art:
        return Illegal("HTTR SR 6.6.3.3", f"{u} is artillery below the top two of its stack (top: "
                       f"{', '.join(order[:2])}): it fires OF at close-assaulting units only from the top two")
    return Legal(detail="every unit of a close-assaulted stack may fire OF at the assaulting units (SR 6.6.3.1)")


@rule("HTTR SR 6.5.1 / 6.6.4.3 / 6.5.1.11 / 18.4.1.3", "IF-1/OF-10/IF-5/OF-8/SPC-3",
      "IF only by artillery and HW; HQs fire only OF; disrupted units fire no IF, and OF only when close-assaulted; bridging engineers never fire")
def check_kind(p: Position, d: Declaration, u: str) -> Verdict:
    if kind_of(p.game, u) is None:
        return NotCheckable(f"the type of unit {u} (units.csv type)")
    if is_kind(p.game, u, "leader"):
        return Illegal("HTTR SR 19.1", f"{u} is a leader and never fires")
    if is_kind(p.game, u, "bridging_engineer"):
        return Illegal("HTTR SR 18.4.1.3", f"{u} is a bridging engineer and never fires")
    if is_kind(p.game, u, "hq") and d.kind != "of":
        return Illegal("HTTR SR 6.6.4.3", f"{u} is an HQ: HQs fire only opportunity fire")
    if d.kind == "if":
        k = is_kind(p.game, u, "artillery", "spa", "hw")
        if k is None:
            return NotCheckable(f"the type of unit {u} (units.csv type)")
        if not k:
            return Illegal("HTTR SR 6.5.1", f"{u} is neither artillery nor HW and fires no IF")
        if mem.has(p.state, u, "disrupted"):
            return Illegal("HTTR SR 6.5.1.11", f"{u} is disrupted and fires no IF")
    if mem.has(p.state, u, "disrupted") and d.kind == "of" and d.trigger != "ca":
        return Illegal("HTTR SR 6.6.3.1", f"{u} is disrupted: disrupted units fire OF only when close-assaulted")
    return Legal()


@rule("HTTR SR 6.1.4", "FIR-2", "all fire on one target hex is resolved before a new target hex is declared")
def check_target_order(p: Position, d: Declaration, target: Hex | None) -> Verdict:
    """The firing player's own fire (SR 6.0 L158, 6.1.4 L164). Opportunity fire answers the enemy's moves (6.6.2.1
    L343), wherever they happen, and return fire answers AT fire at its hex (6.4.1.11): neither is bound by it
    nor counts as a new target hex."""
    if d.kind in ("of", "return"):
        return Legal()
    if target is None:
        return NotCheckable("the target hex")
    done = p.fire.targets
    if target in done and done[-1] != target:
        return Illegal("HTTR SR 6.1.4", f"fire returns to {p.game.map.labels[target]} after a new target hex "
                       f"({p.game.map.labels[done[-1]]}) was declared")
    return Legal()


@rule("HTTR SR 6.1.5", "FIR-3", "fire on one target unit is finished before the next unit in that hex")
def check_unit_order(p: Position, d: Declaration, target: Hex | None) -> Verdict:
    if d.target_unit is None or target is None:
        return Legal()
    done = p.fire.target_units.setdefault(target, [])
    if d.target_unit in done and done[-1] != d.target_unit:
        return Illegal("HTTR SR 6.1.5", f"fire returns to {d.target_unit} after fire at {done[-1]} in the same hex")
    if not done or done[-1] != d.target_unit:
        done.append(d.target_unit)
    return Legal()


@rule("HTTR SR 6.5.1.2 / 6.6.6.1", "IF-2/OF-13", "artillery and HW fire IF as OF at most once per enemy Movement "
      "Phase (an OF beyond the adjacent hex is IF)")
def check_if_of(p: Position, u: str, target: Hex | None) -> Verdict:
    at = p.state.where(u)
    if at is None or target is None or at.distance(target) <= 1:
        return Legal()
    k = is_kind(p.game, u, "artillery", "spa", "hw")
    if k is None:
        return NotCheckable(f"the type of unit {u} (units.csv type)")
    if not k:
        return Legal()
    if u in p.fire.if_of:
        return Illegal("HTTR SR 6.5.1.2", f"{u} already fired IF as opportunity fire this phase: once per enemy "
                       "Movement Phase")
    p.fire.if_of.add(u)
    return Legal()


@rule("HTTR SR 6.3.1.5 / 19.3.3", "DF-6/MOR-5", "the target is one of the target stack's top two (IF: any "
      "unit); leaders are never fired at")
def check_target_unit(p: Position, d: Declaration, target: Hex | None) -> Verdict:
    if d.target_unit is None or target is None:
        return Legal()
    order = mem.stack(p.state, target)
    if d.target_unit not in order:
        return Illegal("HTTR SR 6.1", f"{d.target_unit} is not in {p.game.map.labels[target]}")
    if kind_of(p.game, d.target_unit) is None:
        return NotCheckable(f"the type of unit {d.target_unit} (units.csv type: leaders are never fired at)")
    if is_kind(p.game, d.target_unit, "leader"):
        return Illegal("HTTR SR 19.3.3", f"{d.target_unit} is a leader: leaders are never fired at")
    if d.kind not in ("if", "of") and d.target_unit not in order[:2]:  # OF: the trigger, SR 6.6.1.1
        return Illegal("HTTR SR 6.3.1.5", f"{d.target_unit} is not one of the top two in "
                       f"{p.game.map.labels[target]} (top: {', '.join(order[:2])})")
    return Legal()


@rule("HTTR SR 6.5.1.11-12 / 7.1.5 / 19.1.4 / 6.5.2.1 / 17.5.1-17.5.5", "IF-5/IF-7",
      "the spotter observes the target and is neither disrupted, in Travel nor a leader; artillery (SPA included) "
      "within two hexes of its controlling HQ (a division's), adjacent to its regimental HQ (a regiment's) or within "
      "three hexes of its battalion (a battalion's), unless self-observed")
def check_spotter(p: Position, d: Declaration, units: list[str], target: Hex | None) -> list[Verdict]:
    """SPA is artillery (SR 18.9.1 L950 'Armored artillery consist of self-propelled artillery') and the 6.5.2.1
    example (Figure 6, L307) measures an SPA's two hexes to its controlling HQ."""
    if d.spotter is None:
        return [Legal(detail="an unobserved barrage (no spotter declared)")]
    s = d.spotter
    if s not in p.game.units or p.state.where(s) is None or target is None:
        return [NotCheckable(f"where spotter {s} stands")]
    if kind_of(p.game, s) is None:
        return [NotCheckable(f"the type of unit {s} (units.csv type: leaders never spot)")]
    if is_kind(p.game, s, "leader"):
        return [Illegal("HTTR SR 19.1.4", f"{s} is a leader: leaders never spot")]
    if mem.has(p.state, s, "disrupted"):
        return [Illegal("HTTR SR 6.5.1.11", f"spotter {s} is disrupted and may not spot")]
    if mem.mode(p.state, s) == "travel":
        return [Illegal("HTTR SR 6.5.1.12", f"spotter {s} is in Travel Mode and may not spot")]
    aimed = d.target_unit or next(iter(mem.stack(p.state, target)), None)
    seen = p.obs.observe(p.state.where(s), target, revealed=aimed in p.reveals.units)  # SR 7.3.4: 'for LOS purposes'
    out: list[Verdict] = [Legal() if seen.visible else NotCheckable(seen.reason.removeprefix("not checkable: "))
                          if seen.visible is None else Illegal(rule_of(seen), f"spotter {s} does not observe "
                                                                              f"{d.target}: {seen.reason}")]
    if d.hq is not None and d.hq in p.game.units:
        if mem.mode(p.state, d.hq) == "travel":
            out.append(Illegal("HTTR SR 6.5.1.12", f"controlling HQ {d.hq} is in Travel Mode and controls no IF"))
        if mem.has(p.state, d.hq, "disrupted"):
            out.append(Illegal("HTTR SR 10.6.2", f"controlling HQ {d.hq} is disrupted and coordinates no IF"))
    for u in units:
        out += control_distance(p, d, u, p.readings) if is_kind(p.game, u, "artillery", "spa") else []
    return out


@rule("HTTR SR 6.2.2 / 6.4.1.2 / 6.4.1.6 / 7.0 / 7.3.4", "DF-1/AT-1/AT-4/OBS-8",
      "DF (AT and return fire) only at observed targets, along a line of sight (the verdict names what blocks it); a "
      "target two hexes away in covering terrain is spotted only once it fired from there this phase")
def check_los(p: Position, d: Declaration, u: str, target: Hex | None) -> Verdict:
    """Reading: 6.4.1.6 spots no unit two hexes away in covering terrain, 7.3.3 lets units in woods and town be
    seen from two hexes; the terrain rule 7.3.3 governs (woods/town seen at two, forest/city/rough not)."""
    at = p.state.where(u)
    if at is None or target is None:
        return NotCheckable(f"where {u} and the target stand")
    aimed = d.target_unit or next(iter(mem.stack(p.state, target)), None)
    seen = p.obs.observe(at, target, revealed=aimed in p.reveals.units)
    if seen.visible is None:
        return NotCheckable(seen.reason.removeprefix("not checkable: "))
    if not seen.visible and seen.by:
        dike = "dike" in seen.reason
        where = ", ".join(f"{'/'.join(sorted(p.game.map.terrain.of(h) or ())) or 'a dike'} in "
                          f"{p.game.map.labels[h]}" for h in seen.by)
        return Illegal("HTTR SR 7.3.1" if dike else "HTTR SR 7.1.3", f"{u} has no line of sight to "
                       f"{p.game.map.labels[target]}: blocked by {where}")
    if not seen.visible:
        rule_ = "HTTR SR 6.4.1.6" if "observed only" in seen.reason else rule_of(seen)
        return Illegal(rule_, f"{u} does not observe {p.game.map.labels[target]}: {seen.reason}")
    return Legal(detail=seen.reason)


@rule("HTTR SR 6.6.7.1-6.6.7.3 / 6.6.7.6 / 6.4.1.12", "AT-9/AT-10/AT-11",
      "return fire only by the AT target hex's top two, after AT fire, at most once per phase per AT class "
      "(reading return_fire)")
def check_return(p: Position, d: Declaration, u: str, target: Hex | None) -> Verdict:
    last = p.fire.last_at
    at = p.state.where(u)
    if last is None or at != last[0]:
        return Illegal("HTTR SR 6.6.7.1", f"{u} returns fire, but no AT fire was just made at its hex (IF and OF "
                       "never trigger return fire, SR 6.6.7.3)")
    if u not in mem.top_two(p.state, at):
        return Illegal("HTTR SR 6.6.7.2", f"{u} is not one of the top two of its hex and may not return fire")
    if target is None or not any(p.state.where(f) == target for f in last[1]):
        return Illegal("HTTR SR 6.6.7.1", f"{u} returns fire at {d.target}, not at the AT firers' hex")
    n = p.fire.returned.get(u, 0)
    once = p.readings.get("return_fire") == "once_per_phase"
    if n >= 1 and once:
        return Illegal("HTTR SR 6.6.7.6", f"{u} already returned fire this phase (reading return_fire: "
                       "once_per_phase)")
    return Legal()


@rule("HTTR SR 6.3.1.2", "DF-4", "firers of one ER at one target hex fire in one packet; a unit may join a "
      "lower-ER packet (the packet's ER is its lowest)")
def check_packet(p: Position, d: Declaration, units: list[str], target: Hex | None) -> Verdict:
    """Reading: packets are per target unit (SR 6.3.2.2: 'determine the target unit'); a second conventional DF
    packet at one target unit in a phase is illegal when its ER (the lowest of its firers' DF ERs, SR 6.3.4) is
    the ER of an earlier packet at it: those units had to combine. Travel Mode firers, which may not combine
    into one target hex (SR 6.3.1.12), are not bound by it."""
    if target is None:
        return NotCheckable("the target hex")
    if any(mem.mode(p.state, u) == "travel" for u in units):
        return Legal()
    ers = []
    for u in units:
        got = _firer(p, u, "df", units)
        if isinstance(got, Unknown):
            return NotCheckable(got.needs)
        ers.append(got[1])
    er = min(ers, default=0)
    aimed = d.target_unit or next(iter(mem.stack(p.state, target)), None)
    done = p.fire.packets.setdefault((target, aimed), [])
    if er in done:
        return Illegal("HTTR SR 6.3.1.2", f"a second packet of ER {er} fires at {aimed} in "
                       f"{p.game.map.labels[target]}: all units firing at one target with one ER combine in one packet")
    done.append(er)
    return Legal()


@rule("HTTR SR 6.5.1.10", "IF-6", "units combining in one IF packet have the same ER")
def check_if_er(p: Position, units: list[str]) -> Verdict:
    ers: dict[str, float] = {}
    for u in units:
        er = er_now(p, u)
        if isinstance(er, Unknown):
            return NotCheckable(er.needs)
        ers[u] = er
    if len(set(ers.values())) > 1:
        return Illegal("HTTR SR 6.5.1.10", "units of different ERs combine in one IF packet (" + ", ".join(
            f"{u} ER {e:g}" + (f" ({why})" if (why := detached_from(p, u)) else "") for u, e in ers.items())
            + "): only units of one ER combine")
    why = [w for u in units if (w := detached_from(p, u))]
    return Legal(detail=f"one IF packet at ER {next(iter(ers.values())):g} ({'; '.join(why)})") if why else Legal()


def record(p: Position, d: Declaration, units: list[str]) -> None:
    """After a fire declaration: its firers have fired, its target hex is the current one, its target's units
    were fired at (SR 5.2.1 exc. 1), an AT fire may be answered."""
    target = p.hex(d.target)
    p.fire.of_target = None
    for u in units:
        if d.kind == "return":
            p.fire.returned[u] = p.fire.returned.get(u, 0) + 1
        p.fire.method.setdefault(u, d.kind)
        at = p.state.where(u)
        if at is not None and (p.game.map.terrain.of(at) or frozenset()) & COVERING:
            p.reveals.units.add(u)  # SR 7.3.4: its cover no longer hides it (until it moves: firelog.Reveals)
    if target is not None:
        if d.kind not in ("of", "return") and (not p.fire.targets or p.fire.targets[-1] != target):
            p.fire.targets.append(target)  # OF and return fire answer the enemy (check_target_order)
        p.fire.fired_at.update(fired_at(p, d, target))
        for u in (d.target_unit,) if d.target_unit in p.state.at(target) else p.state.at(target)[:1]:
            p.fire.fired_kinds.setdefault(u, set()).add(d.kind)
        if d.kind == "if" and d.hq is not None:
            p.fire.hqs.add(d.hq)
        if d.kind in ("df", "at", "if"):  # the attack on the hex (SR 21.1.2, 21.1.5)
            seen = p.fire.hex_firers.setdefault(target, [])
            seen.extend(u for u in units if u not in seen)
        p.fire.pending = (d, tuple(units)) if d.kind in ("df", "if") else None
        p.fire.at_roll_due = d.kind == "at"
        if d.kind == "at":
            p.fire.last_at, p.fire.at_pending = (target, tuple(units)), (d, tuple(units))
        elif d.kind != "return":
            p.fire.last_at = None


def strength(game: Game, units: list[str]) -> float | Unknown:
    total = 0.0
    for u in units:
        s = number(game, u, "strength")
        if isinstance(s, Unknown):
            return s
        total += s
    return total


@rule("HTTR SR 6.3.2-6.3.5 / 6.5.3", "DF-12/DF-13", "a packet's fire value from its strength (AFV x2, Defilade "
      "1/2 but artillery/AT, disrupted 1/2, Travel 1 SP) and lowest ER (artillery 2, -1 in Travel or dismounted), "
      "each further 9 SP one column right, then the Fire Results Table on the target hex's line")
def resolve_fire(p: Position, d: Declaration, units: list[str], roll: int) -> Verdict:
    """The result of a DF or IF packet for its 2d6 roll (SR 6.3.2.2, 6.5.3); an entrenched target
    (``entrench.benefits``) takes DF on the matrix's entrenched line (6.3.5.2 example) and IF at 4 less (6.5.6.1).
    When the firer's optional roll change (6.3.5.2, 6.5.3) could give another result, none is recorded for the
    effects that follow."""
    target = p.hex(d.target)
    kinds = p.game.map.terrain.of(target) if target is not None else None
    if target is None or kinds is None:
        return NotCheckable(f"terrain of the target hex {d.target} (unsurveyed)")
    got = packet(p, d, units, target)
    if isinstance(got, Unknown):
        return NotCheckable(got.needs)
    seen = as_ferried(p, d, target)
    if isinstance(seen, Unknown):
        return NotCheckable(seen.needs)
    dug_in = target_entrenched(seen, d, target)
    if isinstance(dug_in, Unknown):
        return NotCheckable(dug_in.needs)
    total, er, less = got
    fixed, drm, afv_less = 0, 0, 0
    if d.kind == "if":
        value: object = indirect_fire_value(p.game, total, er)
        mods = if_modifiers(p, d, target, total)
        if isinstance(mods, Unknown):
            return NotCheckable(mods.needs)
        fixed, drm, afv_less = mods
        value = value - ENTRENCHED_IF if dug_in and not isinstance(value, Unknown) else value
        value = value - afv_less if not isinstance(value, Unknown) else value  # SR 6.5.6.2
    else:
        fv = direct_fire_value(p.game, total, er, entrenched=dug_in)
        value, drm = (fv, 0) if isinstance(fv, Unknown) else (fv.value, fv.drm)
    line = result_line(p, d, target, kinds)
    for x in (value, line):
        if isinstance(x, Unknown):
            return NotCheckable(x.needs)
    if d.kind != "if" and int(value) == 0:
        return minimal_attack(p, total, er, roll)
    if int(value) < 1:  # reading: an IF fire value taken below the table's first column registers nothing
        p.fire.last_result = "-"
        why = "4 less, SR 6.5.6.1" if dug_in else f"{afv_less} less at an AFV by its class, SR 6.5.6.2"
        return Legal(detail=f"IF of {total:g} SP at ER {er}: fire value {value} ({why}): no effect")
    rolls = sorted({max(2, min(12, roll + fixed + k)) for k in range(-drm, drm + 1)})
    got = mode_line(seen, d, target, line, int(value), rolls)  # SR 6.1.11: a Defilade target's line
    if isinstance(got, Unknown):
        return NotCheckable(got.needs)
    line, results = got
    result = results[rolls.index(max(2, min(12, roll + fixed)))]
    p.fire.last_result = str(result) if len(set(results)) == 1 else None
    extra = (f", +{fixed} at a hex of more than 18 SP (SR 6.5.3)" if fixed else "") + (
        f", the firer may change the roll by up to {drm} ({'SR 6.5.3' if d.kind == 'if' else 'SR 6.3.5.2'}: "
        f"{'/'.join(map(str, results))})" if drm else "")
    dug = (" (entrenched line)" if d.kind != "if" else " (4 less: entrenched, SR 6.5.6.1)") if dug_in else ""
    dug += f" ({afv_less} less: an AFV target by its class, SR 6.5.6.2)" if d.kind == "if" and afv_less else ""
    extra += f", ER {less} less: a multi-formation attack (SR 21.1.2)" if less else ""
    how = f"opportunity fire as {METHOD[d.kind]}" if p.fire.of_target else METHOD[d.kind]
    return Legal(detail=f"{how} of {total:g} SP at ER {er}: fire value {value}{dug}, 2d6 {roll} on the "
                 f"{line}: {result}{extra}", guess="the hex holds its units' printed strengths" if fixed else None)


ENTRENCHED_IF = 4  # SR 6.5.6.1 (L333)



def packet(p: Position, d: Declaration, units: list[str], target: Hex) -> tuple[float, int, int] | Unknown:
    """A DF or IF packet's strength, its ER (the lowest, SR 6.3.1.2, one more for OF at a unit using a ferry, 6.3.4.2,
    6.5.5.1, less any multi-formation penalty, SR 21.1.2) and that penalty; the attack on the hex is every unit that
    fired at it this phase (``multi_formation``). Reading: 'using a ferry' is the OF's trigger word ``ferry``."""
    total, er = 0.0, 9
    for u in units:
        got = if_firer(p, d, u, target) if d.kind == "if" else _firer(p, u, d.kind, units)
        if isinstance(got, Unknown):
            return got
        total, er = total + got[0], min(er, got[1])
    if d.trigger == "ferry":
        er = min(er + 1, 9)  # SR 6.3.4.2 (DF), 6.5.5.1 (IF): OF at a unit using a ferry, ER at most 9
    elif (ferry := ferry_unknown(p, d, target)) is not None:
        return ferry
    attack = p.fire.hex_firers.get(target) or units
    less = multi_formation.penalty(p, attack)
    return less if isinstance(less, Unknown) else (total, max(er - less, 1), less)


def target_entrenched(p: Position, d: Declaration, target: Hex) -> bool | Unknown:
    """Does the fire's target unit benefit from an entrenchment (``entrench.benefits``: SR 12.1.1-12.1.2; an OF's
    target not while moving or attacking, 12.1.1, 12.1.5: ``of_fire``)?"""
    aimed = d.target_unit or next(iter(mem.stack(p.state, target)), None)
    if aimed is None or aimed not in p.game.units:
        return False
    doing = p.fire.of_target
    dug_in = benefits(p, p.works, aimed, moving=doing == "moving", attacking=doing == "attacking")
    if dug_in is None:
        return Unknown(f"the type and mode of unit {aimed} (units.csv type, its Mode layer: who benefits from an "
                       "entrenchment, SR 12.1.2)")
    if doing == "unknown" and dug_in:
        return Unknown(f"the trigger of the opportunity fire at {aimed} (a trigger word: a unit conducting a "
                       "movement function has no entrenchment benefit, SR 12.1.1; a mode change keeps it, 6.6.2.2)")
    return dug_in


@rule("HTTR SR 6.3.5.3", "DF-14", "fire too weak to register makes one Minimal Fire Attack a phase: a 2 calls for "
      "the target's morale check (failed: a loss of 1; passed: DEF)")
def minimal_attack(p: Position, total: float, er: int, roll: int) -> Verdict:
    """A DF packet whose fire value is 0. Reading: 'one Minimal Fire Attack' is one per phase for the firing side;
    its morale check and result are followed by ``effects`` (the result 'minimal' until the check is rolled)."""
    if p.fire.minimal_used:
        return Illegal("HTTR SR 6.3.5.3", f"a second Minimal Fire Attack this phase ({total:g} SP at ER {er}): the "
                       "owning player may make one")
    p.fire.minimal_used = True
    p.fire.last_result = "minimal" if roll == 2 else "-"
    return Legal(detail=f"a Minimal Fire Attack of {total:g} SP at ER {er} (fire value 0): 2d6 {roll}" + (
        ", the target checks morale (failed: 1; passed: DEF)" if roll == 2 else ", no effect"))


def _firer(p: Position, u: str, kind: str, packet: list[str] | tuple[str, ...] = ()) -> tuple[float, int] | Unknown:
    """One firer's DF strength and ER in ``packet`` after SR 6.3.3-6.3.4 and 18.1.1.3 (IF: ``fire_values.if_firer``),
    from its strength halved while fatigued (optional SR 21.5.4)."""
    s, er = strength_now(p, u), er_now(p, u)
    for v in (s, er):
        if isinstance(v, Unknown):
            return v
    if kind_of(p.game, u) is None:
        return Unknown(f"the type of unit {u} (units.csv type)")
    gun = is_kind(p.game, u, "artillery", "spa", "at", "flak")  # L211; an SPA's Defilade side is in battery, 18.9.1
    m = mem.mode(p.state, u)
    silhouette = silhouetted(p.game, u)
    if silhouette is None and not german_armored_recon(p.game, u):
        return Unknown(f"whether unit {u} has an AFV silhouette (its counter: SR 6.3.3.1 doubles silhouetted AFVs and "
                       "German armored reconnaissance; an armored car may show an armor symbol instead, SR 18.9.7)")
    if silhouette or german_armored_recon(p.game, u):
        s *= 2  # 6.3.3.1
    if is_kind(p.game, u, "artillery", "spa") or is_kind(p.game, u, "at") and p.readings.get("at_df_er") == "two":
        er = 2  # 6.3.4.3 (SPA is artillery, 18.9.1); an AT unit's by the reading at_df_er (6.3.3.2 v the 6.3.1.8 note)
    if is_kind(p.game, u, "hw") and kind in hw.DIRECT:
        er = hw.df_er(p.game, u, packet or (u,))  # 18.1.1.3
    if m == "defilade" and not gun and not benefits(p, p.works, u):
        s = max(math.ceil(s / 2), 1)  # 6.3.3.3: unless the firer is entrenched
    if mem.has(p.state, u, "disrupted"):
        s = max(math.ceil(s / 2), 1)  # 6.3.3.5
    if m == "travel":
        s, er = min(s, 1), er - 1  # 6.3.3.4, 6.3.4.4
    if mem.has(p.state, u, "dismounted") and is_kind(p.game, u, "engineer", "infantry"):
        er -= 1  # 6.3.4.1
    return s, int(max(1, min(er, 9)))


def german_armored_recon(game: Game, u: str) -> bool:
    """SR 6.3.3.1 (L208): 'This doubling also applies to German Armored Reconnaissance units'. Reading: a German
    unit of kind recon (units.csv type), the kind the ``travel_fire`` reading reads as armored recon (6.3.1.11)."""
    return bool(is_kind(game, u, "recon")) and game.units[u].side.strip().lower() == "german"
