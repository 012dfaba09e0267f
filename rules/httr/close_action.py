"""HTTR close action (SR 10, 17.7, 18.1.2): who may attack, from where, with which lead units; and the
result of a declared CA once its 1d6 is rolled (SR 10.3-10.4, the golden example Fig 17 L623).

Readings: the attacking units are all the phasing side's units in the declared hex except those that
may never attack (artillery, AT, leaders, disrupted, depleted): the log cannot show which of a stack's
units join, so those that may not are reported only when they would stop the stack (top unit, 10.1.17,
13.3.2.2); "began the phase non-adjacent" (10.1.12) compares with the phase's first position.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import command_points as cpl
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.attachment import Attachments
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.ca_combining import COORDINATING, coordinates, judge_combining
from hexforge.rules.httr.ca_value import (CEASED, INFANTRY, OVERRIDE_VALUE, Override, Settled, began_adjacent,
                                         dis_override, lead_first, settle)
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.entrench import Works
from hexforge.rules.httr.fatigue import strength_now
from hexforge.rules.httr.los import Observation
from hexforge.rules.httr.morale import CA, for_check
from hexforge.rules.httr.movement import CA_COST, EZOC_EXIT, Movement, Step
from hexforge.rules.httr.supply_rules import arrival_supply, before_supply_rules, controlling  # SR 17.4.3 included
from hexforge.rules.httr.thoroughfares import BRIDGES
from hexforge.rules.httr.units import is_kind, kind_of
from hexforge.rules.httr.values import DIS, ca_result, odds
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

if TYPE_CHECKING:
    from hexforge.rules.httr.landings import Landings

NEVER_ATTACK = ("artillery", "at")  # SR 10.1.17, 18.2.6
NO_DOUBLING = frozenset({"woods", "forest", "town", "city", "rough"})  # SR 10.4.4.10 (L613)
HALVING_SIDES = BRIDGES | {"dike"}  # SR 10.4.4.3, 10.4.4.5 (L606, L608)


@dataclass(slots=True)
class CaLog:
    """The phase's close actions: units that attacked, each target hex with its attackers."""

    attacked: set[str] = field(default_factory=set)
    against: dict[Hex, list[str]] = field(default_factory=dict)  # target -> the phase's attackers (ca_combining)
    pending: tuple[Hex, Hex, tuple[str, ...]] | None = None  # (from, target, attackers) awaiting the 1d6
    involved: dict[str, Hex] = field(default_factory=dict)  # units of a resolved CA -> its target hex
    declared: int | None = None  # the event index of the pending CA's declaration
    modes_at: dict[str, str | None] = field(default_factory=dict)  # the attackers' modes when it was declared
    leads: tuple[str, ...] = ()  # the pending CA's declared lead units (SR 10.3: 'lead X Y')
    results: dict[str, str] = field(default_factory=dict)  # defender -> the result of the CA it last defended in
    disrupted_before: set[str] = field(default_factory=set)  # defenders already disrupted when their CA was resolved


class Position(Board, Protocol):
    phase_start: GameState
    ca: CaLog
    night: bool
    obs: Observation
    fired_in: dict[str | None, set[str]]
    readings: dict[str, str]
    moves: dict[str, Step]
    cp: cpl.CpLedger
    morale_roll: int | None
    attach: Attachments
    works: Works
    landings: Landings  # the phase's landings on enemy units (ScR 6.6.4.2): ``contested``, hex -> (step, units)
    cp_ma: Any  # rules.httr.cp_ma.CpMa (a watcher's memory): ``used``, unit -> (index, the MA rolled for want of CP)


def attackers(p: Position, at: Hex, side: str | None) -> list[str]:
    return [u for u in mem.stack(p.state, at) if p.state.side(u) == side and not is_kind(p.game, u, *NEVER_ATTACK)
            and not mem.has(p.state, u, "disrupted") and not mem.has(p.state, u, "depleted")]


def judge_ca(p: Position, d: Declaration) -> list[Verdict]:
    """Every check of a CA declaration; the attackers are then recorded."""
    src, target = p.hex(d.firers[0]), p.hex(d.target)
    if src is None or target is None:
        return [NotCheckable(f"hexes named {d.firers[0]!r} and {d.target!r}")]
    kind, side = p.phase()
    order = mem.stack(p.state, src)
    if src == target:  # a landing's CA on the enemy units in its own hex (ScR 6.6.4.2): its stack is its own units
        order = tuple(u for u in order if p.state.side(u) == side)
    units = attackers(p, src, side)
    unsure = [u for u in order if p.state.side(u) == side and kind_of(p.game, u) is None]
    out = [NotCheckable(f"the type of unit {unsure[0]} (units.csv type: which units may close-assault, SR 10.1.17)")
           ] if unsure else []
    out += [check_phase(p, kind), check_adjacent(p, src, target, units), check_stoppers(p, order, side),
           check_company(p, units), check_once(p, units), check_start(p, units, src, target),
           check_lead(p, d, order, tuple(u for u in mem.stack(p.state, target) if p.state.side(u) != side)),
           check_hw(p, order, units), *judge_combining(p, units, target)]
    out.append(check_cp(p, units))
    if src.distance(target) == 1:
        out += [check_cost(p, u, src, target) for u in units]
    if not units:
        out.append(Illegal("HTTR SR 10.1", f"no unit in {d.firers[0]} may attack (artillery, AT, leaders, HQs, "
                           "disrupted and depleted units never attack)"))
    p.ca.attacked.update(units)
    p.ca.pending = (src, target, tuple(units))
    p.ca.modes_at = {u: mem.mode(p.state, u) for u in units}
    p.ca.leads = d.lead
    p.morale_roll = None  # a morale check for this CA comes after its declaration (SR 10.2.13, 10.5.6)
    return out


@rule("HTTR SR 4.1 / 10.1.1", "CA-1", "CA at the end of a unit's move, in its Movement (or Reaction) Phase")
def check_phase(p: Position, kind: str) -> Verdict:
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind not in ("movement", "reaction"):
        return Illegal("HTTR SR 4.1", f"a close action in a {kind} phase: CA belongs to Movement and Reaction Phases")
    return Legal()


@rule("HTTR SR 10.1.4-10.1.5", "CA-3", "a CA only against an adjacent hex, the attackers from one hex (units "
      "that landed on enemy units this phase: their own hex, ScR 6.6.4.2)")
def check_adjacent(p: Position, src: Hex, target: Hex, units: list[str]) -> Verdict:
    """SR 10.1.4: attacker and defender adjacent; a CA declared from the target hex itself (``ca B0306 from
    B0306``) is the mandatory CA of units that landed there on enemy units this phase, made "as though [it]
    originated from an adjacent hex" (ScR 6.6.4.2): legal when every attacker is one of them."""
    label = p.game.map.labels[target]
    if src == target:
        landed = p.landings.contested.get(src, (0, []))[1]
        strangers = [u for u in units if u not in landed]
        if strangers or not landed:
            who = f"{', '.join(strangers)} did not land" if strangers else "no unit landed"
            return Illegal("HTTR SR 10.1.4", f"a close action from {label} on itself, but {who} on enemy units there "
                           "this phase: only such units close-assault their own hex (ScR 6.6.4.2), others an "
                           "adjacent one")
    elif src.distance(target) != 1:
        return Illegal("HTTR SR 10.1.4", f"{p.game.map.labels[src]} is not adjacent to {label}")
    side = p.state.side(units[0]) if units else p.phase()[1]
    if not any(p.state.side(u) != side for u in p.state.at(target)):
        return Illegal("HTTR SR 10.1.4", f"{label} holds no enemy unit to close-assault")
    if src == target:
        return Legal(detail=f"the mandatory close action of the units landed on enemy units in {label} (ScR 6.6.4.2)")
    return Legal()


@rule("HTTR SR 10.1.17 / 18.2.6 / 13.3.2.2 / 10.4.4.1", "CA-10/CA-11",
      "artillery and AT never attack; artillery or a depleted unit on top stops the stack's CA")
def check_stoppers(p: Position, order: tuple[str, ...], side: str | None) -> Verdict:
    mine = [u for u in order if p.state.side(u) == side]
    if not mine:
        return Illegal("HTTR SR 10.1", "the attacking hex holds none of the phasing side's units")
    top = mine[0]
    artillery = is_kind(p.game, top, "artillery")
    if artillery:
        return Illegal("HTTR SR 18.2.6", f"{top} (artillery) is on top of the stack, which may not close-assault")
    if mem.has(p.state, top, "depleted"):
        return Illegal("HTTR SR 13.3.2.2", f"{top} is depleted and on top of the stack, which may not close-assault")
    if artillery is None:
        return NotCheckable(f"the type of unit {top} (units.csv type: artillery on top stops the stack's CA, "
                            "SR 10.1.17)")
    return Legal()


@rule("HTTR SR 10.1.3 / 10.1.9", "CA-2/FIR-5", "one CA per unit per Movement Phase as attacker; no CA by a unit "
      "that fired in the Fire Phase (reading fired_close_action)")
def check_once(p: Position, units: list[str]) -> Verdict:
    again = [u for u in units if u in p.ca.attacked]
    if again:
        return Illegal("HTTR SR 10.1.3", f"{', '.join(again)} already attacked in a CA this phase")
    fired = [u for u in units if u in p.fired_in.get(p.phase()[1], set())]
    if fired and p.phase()[0] == "movement" and p.readings.get("fired_close_action") != "allowed":
        return Illegal("HTTR SR 10.1.9", f"{', '.join(fired)} fired in the Fire Phase and may not close-assault in "
                       "the next Movement Phase")
    return Legal()


@rule("HTTR SR 14.6.1 / ScR 5.2.5.2", "CA-13", "no CA by a unit of a formation without access to any CP")
def check_cp(p: Position, units: list[str]) -> Verdict:
    """Reading: a unit's formation is its controlling HQ (a division asset's: the CP its division expended for
    its assets, SR 14.4); before the supply rules begin every formation has its CP (ScR 5.2)."""
    early = before_supply_rules(p.game, p.state.turn)
    if early is True:
        return Legal()
    for u in units:
        arrived = arrival_supply(p, u)  # ScR 5.1.3.9 its arrival turn, 5.1.3.6 an airborne unit's GTs after its drop
        if isinstance(arrived, Unknown):
            return NotCheckable(arrived.needs)
        if arrived is not None:
            continue
        hq = controlling(p, u)
        if hq not in p.game.units:
            return NotCheckable(f"the controlling HQ of {u} (units.csv formation; SR 14.6.1)")
        cp = cpl.effective(p, hq, p.state.where(u))
        if isinstance(cp, Unknown) or isinstance(early, Unknown):
            return NotCheckable((cp if isinstance(cp, Unknown) else early).needs)
        if cp <= 0:
            has = cpl.held(p, hq) or 0
            if has > 0:
                return Illegal("HTTR ScR 5.2.5.2", f"{hq} holds {has} CP and its location's extra CP leave none: "
                               f"{u}'s formation has no CP and may not initiate CA (SR 14.6.1)")
            return Illegal("HTTR SR 14.6.1", f"{u}'s HQ {hq} has no CP: its units may not initiate CA")
    return Legal()


@rule("HTTR SR 10.1.12 / 20.4", "CA-7/CA-14", "at most two attackers that began the phase non-adjacent; "
      "at night only from an adjacent start")
def check_start(p: Position, units: list[str], src: Hex, target: Hex) -> Verdict:
    """A unit off the map at the phase's start (a reinforcement) began it away (``ca_value.began_adjacent``). A leader
    is none of 10.1.12's 'two units' (it has no combat strength, SR 11.2.6); a unit of unknown type may be one."""
    far = [u for u in units if not began_adjacent(p, u, src, target)]
    if far and p.night:
        return Illegal("HTTR SR 20.4", f"{', '.join(far)} began the phase away from the defender: at night a CA "
                       "is made only from an adjacent start")
    leader = {u: is_kind(p.game, u, "leader") for u in far}
    counted = [u for u in far if leader[u] is False]
    if len(counted) > 2:
        return Illegal("HTTR SR 10.1.12", f"{len(counted)} attackers began the phase non-adjacent "
                       f"({', '.join(counted)}): at most two (leaders not counted, SR 11.2.6)")
    unsure = [u for u in far if leader[u] is None]
    if len(counted) + len(unsure) > 2:
        return NotCheckable(f"the type of unit {', '.join(unsure)} (units.csv type: a leader is not counted among "
                            "SR 10.1.12's two units, 11.2.6)")
    return Legal()


@rule("HTTR SR 10.3", "CA-18", "lead units come from the top two and are fixed at declaration")
def check_lead(p: Position, d: Declaration, order: tuple[str, ...], defenders: tuple[str, ...]) -> Verdict:
    """Each declared lead unit is one of the top two of the attacking or of the defending stack (SR 10.3, L571:
    'lead units for the attacker and defender')."""
    tops = (order[:2], defenders[:2])
    bad = [u for u in d.lead if not any(u in top for top in tops)]
    if bad:
        return Illegal("HTTR SR 10.3", f"lead unit {', '.join(bad)} is not one of the top two of the attacking "
                       f"({', '.join(order[:2])}) or the defending stack ({', '.join(defenders[:2])})")
    return Legal()


@rule("HTTR SR 18.1.2.1-18.1.2.3", "CA-12", "HW never CA alone or on top; each needs line infantry of its "
      "subordination")
def check_hw(p: Position, order: tuple[str, ...], units: list[str]) -> Verdict:
    """An attacker whose units.csv type is unknown may be a HW, or the line infantry a HW needs: not checkable."""
    kinds = {u: kind_of(p.game, u) for u in units}
    if units and kinds[units[0]] == "hw" and order and order[0] == units[0]:
        return Illegal("HTTR SR 18.1.2.2", f"{units[0]} (HW) is on top of the attacking stack")
    for u in (x for x in units if kinds[x] == "hw"):
        hq = p.game.units[u].formation
        mates = [x for x in units if p.game.units[x].formation == hq]
        if any(kinds[x] == "infantry" for x in mates):
            continue
        unsure = [x for x in mates if kinds[x] is None]
        if unsure:
            return NotCheckable(f"the type of unit {unsure[0]} (units.csv type: a HW unit attacks only with line "
                                "infantry of its subordination, SR 18.1.2.1)")
        return Illegal("HTTR SR 18.1.2.1", f"{u} (HW) attacks without line infantry of its subordination ({hq})")
    unsure = [u for u in units if kinds[u] is None]
    if unsure:
        return NotCheckable(f"the type of unit {unsure[0]} (units.csv type: a HW unit never close-assaults alone or "
                            "on top, SR 18.1.2.1-18.1.2.2)")
    return Legal()


@rule("HTTR SR 10.1.6 / 19.1.3", "CA-4", "HQs, leaders and engineers attack only with units of their "
      "organisation")
def check_company(p: Position, units: list[str]) -> Verdict:
    lone = [u for u in units if is_kind(p.game, u, *COORDINATING)]  # SR 10.1.6, 19.1.3: with their organisation
    others = [u for u in units if u not in lone]
    if lone and not others:
        return Illegal("HTTR SR 10.1.6", f"{', '.join(lone)} close-assault without a unit of their organisation")
    for u in lone:
        ok = coordinates(p, u, others)
        if isinstance(ok, Unknown):
            return NotCheckable(ok.needs + " (SR 10.1.6)")
        if not ok:
            return Illegal("HTTR SR 10.1.6", f"{u} close-assaults with no unit of its organisation (SR 10.1.6, 17.7.3)")
    return Legal()


@rule("HTTR SR 10.3-10.4 / 13.3.2 / 10.1.14", "CA-19/CA-20/CA-21/CA-14/SUP-6/CA-9", "the CA value from the ER and morale differentials by "
      "the defender's terrain (two columns left at night), the odds rounded down, the 1d6 result")
@rule("HTTR SR 10.1.10-10.1.11 / 10.1.13", "CA-6/CA-8", "no CA into a hex the unit may not enter; a CA costs the defender hex's terrain (no road) + leaving the EZOC + 3 "
      "MP within the MA; a unit that has not moved may always CA an adjacent hex")
def check_cost(p: Position, u: str, src: Hex, target: Hex) -> Verdict:
    """Reading: the defender hex's terrain is its hex terrain, hexside features not added (Fig 16, L541: '3 MP to
    enter the attacked hex (ignore the road)'). Where the move crossed a step of unknown MP (``Step.unsure``) its MP
    are a lower bound: over the MA on it is illegal, within it not checkable naming that datum. A unit moving on an MA
    rolled for want of CP (SR 13.2.7.5-13.2.7.7, ``cp_ma``) pays the CA within that MA."""
    mv = Movement(p.game, p.state, u, obs=p.obs, night=p.night)  # the 2-hex ZOC by what is observed (SR 8.4.1, 7.2)
    rolled = p.cp_ma.used.get(u)
    column, kinds = mv.column(), p.game.map.terrain.of(target)
    ma = float(rolled[1]) if rolled is not None else mv.ma_known()
    for v in (column, ma):
        if isinstance(v, Unknown):
            return NotCheckable(v.needs)
    if kinds is None:
        return NotCheckable(f"terrain of hex {p.game.map.labels[target]} (unsurveyed)")
    cells = [mv.cell(k, str(column)) for k in sorted(kinds)]
    bad = next((c for c in cells if isinstance(c, Unknown)), None)
    if bad is not None:
        return NotCheckable(bad.needs)
    if "prohibited" in cells or mv.enter_cost(src, target, str(column)) == "prohibited":
        return Illegal("HTTR SR 10.1.13", f"{u} may not enter {p.game.map.labels[target]} and may not close-assault it")
    spent = p.moves.get(u)
    if spent is None or spent.hexes == 0:
        return Legal(detail="a unit that has not moved may always close-assault an adjacent hex (SR 10.1.10)")
    ez = mv.in_ezoc(src)
    if ez is None:
        return NotCheckable(mv.zoc_needs(src))
    cost = max(float(c) for c in cells) + (EZOC_EXIT if ez else 0.0) + CA_COST
    if spent.mp + cost > ma:  # spent.mp is at least what the move cost: over the MA on it is over on any
        return Illegal("HTTR SR 10.1.11", f"{u} spent {'at least ' if spent.unsure else ''}{spent.mp:g} MP moving "
                       f"and the CA costs {cost:g} more: {spent.mp + cost:g} of an MA of {ma:g}"
                       f"{' rolled for want of CP (SR 13.2.7.5)' if rolled is not None else ''}")
    if spent.unsure is not None:
        return NotCheckable(f"{spent.unsure} (the MP {u} spent moving, at least {spent.mp:g}: the CA's {cost:g} MP "
                            f"more must stay within the MA of {ma:g}, SR 10.1.11)")
    return Legal(detail=f"{spent.mp:g} + {cost:g} MP of {ma:g} (SR 10.1.11)")


def resolve(p: Position, roll: int) -> Verdict:
    """SR 10.3-10.4: the pending CA's result for its 1d6 (the uppermost units give ER and morale, modified by the
    factors of 10.4.1-10.4.3 in ``ca_value.settle``; defenders in defilade are not halved; depleted defenders defend
    at 1/2, 13.3.2; fatigued units at morale -1 and 1/2 strength, optional 21.5.4)."""
    src, target, units = p.ca.pending
    shaken = check_afv_lost(p, units)
    p.ca.pending = None
    side = p.state.side(units[0]) if units else None  # a landing's CA shares its hex with its defenders (6.6.4.2)
    defenders = tuple(u for u in mem.stack(p.state, target) if side is None or p.state.side(u) != side)
    if not isinstance(shaken, Legal):
        p.ca.involved.update({u: target for u in (*units, *defenders)})
        return shaken
    p.ca.involved.update({u: target for u in (*units, *defenders)})
    if not units or not defenders:
        return Legal(detail="no CA to resolve")
    for u in defenders:  # this CA's result, not an earlier one's, is what their retreat answers to
        p.ca.results.pop(u, None)
        p.ca.disrupted_before.discard(u)
    att, dfn, weak = strengths(p, units, defenders)
    ratio = odds(att, dfn) if weak is None else ""
    over: list[Override] = []

    def result_of(value: int) -> str | Unknown:
        if weak is not None or value > DIS:
            return weak or ca_result(p.game, value, ratio, roll)
        o = dis_override(p, lead_first(p, units)[0], att, dfn)
        over[:] = [] if isinstance(o, Unknown) else [o]
        return o if isinstance(o, Unknown) else ca_result(p.game, OVERRIDE_VALUE, odds(o.attack, dfn), roll) \
            if o.passed else CEASED

    got = settle(p, src, target, lead_first(p, units), lead_first(p, defenders), result_of)
    if isinstance(got, Unknown):  # SR 10.4 factors: rules/httr/ca_value.py
        return NotCheckable(got.needs)
    p.ca.results.update(dict.fromkeys(defenders, "A" if got.result == CEASED else got.result))
    p.ca.disrupted_before |= {u for u in defenders if mem.has(p.state, u, "disrupted")}
    if got.result == CEASED:
        return Illegal("HTTR SR 10.3", f"the CA value is DIS and {over[0].why}: the attacker is disrupted and the "
                       f"CA ceases, yet its die was rolled ({roll}); {got.detail()}")
    if got.value == DIS and over:
        return Legal(detail=f"CA value DIS ignored, {over[0].why}: value {OVERRIDE_VALUE}, odds {over[0].attack:g}:"
                     f"{dfn:g} = {odds(over[0].attack, dfn)}, 1d6 {roll}: result {got.result} (SR 10.3); "
                     f"{got.detail()}")
    return Legal(detail=f"CA value {got.value}, odds {att:g}:{dfn:g} = {ratio}, 1d6 {roll}: result {got.result} "
                 f"(SR 10.3); {got.detail()}")


def strengths(p: Position, units: tuple[str, ...], defenders: tuple[str, ...]) -> tuple[float, float, Unknown | None]:
    """SR 10.3 / 10.4.4: the attack and defence strengths, each unit's own (2.4.2): an AFV doubled with infantry or
    engineers of its side in the CA, the defender's hex not woods, forest, town, city or rough (10.4.4.10); then each
    of these halves it, rounding up: an attacker in Defilade (10.4.4.7), crossing a bridge or a dike hexside (10.4.4.3,
    10.4.4.5); a defender depleted (13.3.2.3), disrupted (10.4.4.1, 10.6.2) or in Travel Mode (10.4.4.9; in Defilade
    not, 10.4.4.8). What is not known (a mode, a type, the hexside or the defender's terrain) is said where its answers
    give other odds. Attackers lost to the preliminary fire (SR 10.2) count no strength: 'all the attacking units' are
    those still there (10.3 bullet 5). Reading: doubling before halving; a map ferry (10.4.4.4) is not read."""
    units = tuple(u for u in units if p.state.where(u) is not None)
    target = p.state.where(defenders[0]) if defenders else None
    src = p.state.where(units[0]) if units else None
    doubts: list[str] = []
    side_cut = crossing(p, src, target, doubts)

    def attack_cuts(u: str) -> tuple[int, int]:
        m = mem.mode(p.state, u)
        if m is None:
            doubts.append(f"the mode of {u} (its Mode layer: an attacker in Defilade is halved, SR 10.4.4.7)")
        return int(m == "defilade") + side_cut[0], int(m is None) + side_cut[1]

    def defence_cuts(u: str) -> tuple[int, int]:
        m = mem.mode(p.state, u)
        if m is None:
            doubts.append(f"the mode of {u} (its Mode layer: a defender in Travel Mode is halved, SR 10.4.4.9)")
        sure = sum(mem.has(p.state, u, x) for x in ("depleted", "disrupted")) + int(m == "travel")
        return sure, int(m is None)

    att = bounds(p, units, attack_cuts, doubled(p, units, target, doubts))
    dfn = bounds(p, defenders, defence_cuts, doubled(p, defenders, target, doubts))
    for v in (att, dfn):
        if isinstance(v, Unknown):
            return 0.0, 0.0, v
    if odds(att[2], dfn[1]) != odds(att[1], dfn[2]):
        return att[0], dfn[0], Unknown("; ".join(dict.fromkeys(doubts)) + " (the CA odds depend on them, SR 10.4.4)")
    return att[0], dfn[0], None


def crossing(p: Position, src: Hex | None, target: Hex | None, doubts: list[str]) -> tuple[int, int]:
    """The attackers' halvings for the hexside they attack across (a bridge, a dike: 10.4.4.3, 10.4.4.5): (sure,
    maybe); a landing's CA in its own hex crosses none, nor one from a hex not adjacent (illegal: SR 10.1.4)."""
    if src is None or target is None or src.distance(target) != 1:
        return 0, 0
    t = p.game.map.terrain
    kinds = {f.kind for f in t.features(src, target)}
    sure = int(bool(kinds & BRIDGES)) + int("dike" in kinds)
    why = t.unknown_features(Hexside.between(src, target), HALVING_SIDES)
    if why is None:
        return sure, 0
    labels = p.game.map.labels
    doubts.append(f"whether hexside {labels[src]}/{labels[target]} is a bridge or dike ({why}; SR 10.4.4.3, 10.4.4.5)")
    return sure, 1


def doubled(p: Position, side: tuple[str, ...], target: Hex | None, doubts: list[str]) -> Callable[[str], bool | None]:
    """SR 10.4.4.10: whether a unit of ``side`` is an AFV doubled (True, False, or None: not known)."""
    kinds = p.game.map.terrain.of(target) if target is not None else None
    open_ = None if kinds is None else not kinds & NO_DOUBLING

    def of(u: str) -> bool | None:
        afv = is_kind(p.game, u, "afv")
        mates = [is_kind(p.game, v, *INFANTRY) for v in side if v != u]
        escort = True if True in mates else None if None in mates else False
        got = False if False in (afv, escort, open_) else None if None in (afv, escort, open_) else True
        if got is None:
            doubts.append(f"whether {u} is an AFV doubled with infantry in the open (units.csv type; the terrain of "
                          "the defender's hex: SR 10.4.4.10)")
        return got
    return of


def bounds(p: Position, units, cuts, doubles) -> tuple[float, float, float] | Unknown:
    """The strength of ``units`` as known, at least and at most (leaders none; a fatigued unit's halved, optional SR
    21.5.4; ``cuts``: a unit's halvings sure and maybe, ``doubles``: whether it is doubled), halving rounding up."""
    known = low = high = 0.0
    for u in units:
        if is_kind(p.game, u, "leader"):
            continue
        s = strength_now(p, u)
        if isinstance(s, Unknown):
            return s
        (sure, maybe), twice = cuts(u), doubles(u)
        known += halved(s * (2 if twice else 1), sure)
        low += halved(s * (2 if twice else 1), sure + maybe)
        high += halved(s * (1 if twice is False else 2), sure)
    return known, low, high


def halved(s: float, times: int) -> float:
    """``s`` halved ``times`` times, each rounding up (SR 2.4.2, 13.3.2.3 L746)."""
    for _ in range(times):
        s = float(math.ceil(s / 2))
    return s


def sum_strength(p: Position, units, halve=lambda u: False) -> float | Unknown:
    """The CA strength of ``units`` (leaders none; a fatigued unit's halved, optional SR 21.5.4; ``halve``: those
    halved again, rounding up)."""
    got = bounds(p, units, lambda u: (int(bool(halve(u))), 0), lambda u: False)
    return got if isinstance(got, Unknown) else got[0]


@rule("HTTR SR 10.1.2 / 10.1.8", "CA-1/CA-5", "an announced CA is executed, and resolved before another unit moves "
      "or another CA is declared")
def unresolved(p: Position, why: str) -> Verdict:
    """The pending CA is dropped (``why``: what came before its roll); one of value DIS ceased (SR 10.3)."""
    pending, p.ca.pending = p.ca.pending, None
    units = pending[2] if pending else ()
    if pending and units:
        stopped = ceased(p, *pending)
        if stopped is not None:
            return stopped
    changed = [u for u in units if u in p.ca.modes_at and mem.mode(p.state, u) != p.ca.modes_at[u]]
    if changed:
        return continued(changed, why)
    return Illegal("HTTR SR 10.1.8", f"a close action was announced but not resolved before {why}: once announced "
                   "it must be executed, before another unit moves (SR 10.1.2)")


def outcome(p: Position, src: Hex, target: Hex, units: tuple[str, ...]) -> tuple[Settled | Unknown | None,
                                                                             Override | None]:
    """SR 10.3 (L576): whether the pending CA ceases on a DIS (result :data:`CEASED`) or its die is due ("rolled": a
    value, or a DIS ignored), with the DIS override tried; (None, None) when its hex holds no defender."""
    side = p.state.side(units[0])
    defenders = tuple(u for u in mem.stack(p.state, target) if p.state.side(u) != side)
    if not defenders:
        return None, None
    att, dfn, weak = strengths(p, units, defenders)
    over: list[Override] = []

    def result_of(value: int) -> str | Unknown:
        if value > DIS:
            return "rolled"
        o = dis_override(p, lead_first(p, units)[0], att, dfn) if weak is None else weak
        over[:] = [] if isinstance(o, Unknown) else [o]
        return o if isinstance(o, Unknown) else "rolled" if o.passed else CEASED

    return settle(p, src, target, lead_first(p, units), lead_first(p, defenders), result_of), (over or [None])[0]


def ceased(p: Position, src: Hex, target: Hex, units: tuple[str, ...]) -> Verdict | None:
    """SR 10.3 (L576): a CA of value DIS, not overridden, ceases without its die; every attacker (but leaders) is then
    disrupted. None when its die was due (a value, or a DIS ignored), or when, the value not known, an attacker is not
    disrupted (illegal either way: the die was due or the DIS disrupts them; 10.1.8 says so)."""
    got, over = outcome(p, src, target, units)
    if got is None:
        return None
    side = p.state.side(units[0])
    defenders = tuple(u for u in mem.stack(p.state, target) if p.state.side(u) != side)
    calm = [u for u in units if p.state.where(u) is not None and not is_kind(p.game, u, "leader")
            and not mem.has(p.state, u, "disrupted")]
    if isinstance(got, Unknown):  # undisrupted attackers: its die was due whatever the value (SR 10.1.8)
        return None if calm else NotCheckable(got.needs + " (whether the CA value is DIS and the CA ceased, SR 10.3)")
    if got.result != CEASED:
        return None
    p.ca.involved.update({u: target for u in (*units, *defenders)})
    p.ca.results.update(dict.fromkeys(defenders, "A"))
    if calm:
        return Illegal("HTTR SR 10.3", f"the CA value is DIS and {over.why}: the CA ceases and the attacker is "
                       f"disrupted, but {', '.join(calm)} {'is' if len(calm) == 1 else 'are'} not")
    return Legal(detail=f"the CA value is DIS and {over.why}: the CA ceased, the attackers disrupted (SR 10.3)")


@rule("HTTR SR 10.3 / 10.5", "CA-19/MOD-1", "while a CA awaits its die nothing of it disrupts a defender, and an "
      "attacker only on a DIS not ignored (the CA ceases; a passed 3:1 override proceeds without disruption)")
def disrupted_pending(p: Position, uid: str) -> Verdict | None:
    """A Disrupted layer put on ``uid`` while the close action declared last awaits its die; None when ``uid`` is not
    in it. Its results come with its die (SR 10.3 bullet 5: 'applied immediately'); before it a DIS disrupts every
    attacker and ends the CA against them alone, and a 3:1 attacker whose lead unit passed the morale check 'proceed[s]
    with a CA value of one without disruption' (bullet 4). Illegal and not checkable verdicts are the caller's last
    word: fire, a landing or an overstack may still have disrupted the unit (``modes_rules.judge_disruption``)."""
    if p.ca.pending is None:
        return None
    src, target, units = p.ca.pending
    label = p.game.map.labels[target]
    if uid not in units:
        side = p.state.side(units[0]) if units else p.phase()[1]
        if p.state.where(uid) != target or p.state.side(uid) == side:
            return None
        return Illegal("HTTR SR 10.3", f"{uid} becomes disrupted while the close action on {label} awaits its die: a "
                       "CA's result comes with its die, and a DIS ends it against the attacker alone (SR 10.3)")
    got, over = outcome(p, src, target, units)
    if got is None:
        return None
    if isinstance(got, Unknown):
        return NotCheckable(got.needs + " (whether the CA value is DIS and disrupts the attackers, SR 10.3)")
    if got.result == CEASED:
        return Legal(detail=f"the CA value is DIS and {over.why}: the attackers are disrupted (SR 10.3)")
    why = f"the CA value is DIS, ignored: {over.why}" if got.value == DIS and over is not None else \
        f"the CA value is {got.value}"
    return Illegal("HTTR SR 10.3", f"{uid} becomes disrupted while its close action on {label} awaits its die, but "
                   f"{why}: only a DIS not ignored disrupts the attackers before the die")


@rule("HTTR SR 10.2.12", "CA-15", "a CA continues even when preliminary fire changed an attacker's mode")
def continued(changed: list[str], why: str) -> Verdict:
    return Illegal("HTTR SR 10.2.12", f"the close action was not resolved before {why} after {', '.join(changed)} "
                   "changed mode: a unit must continue with a CA despite a mode change from fire preceding it")


@rule("HTTR SR 10.2.13", "CA-16", "leg attackers whose accompanying AFV was eliminated or defiladed by preliminary "
      "fire continue only after a passed morale check")
def check_afv_lost(p: Position, units: tuple[str, ...]) -> Verdict:
    """Reading: one Morale Check after the declaration, by the top non-AFV attacker still there (SR 16.4 bullet 2,
    L832: 'If the top non-AFV unit fails, the CA is stopped'; 10.2.13 names 'the attacking leg unit'); a failed or
    missing one stops the CA when every AFV is lost."""
    def gone(u: str) -> bool:  # eliminated, or defiladed, by the preliminary fire
        return p.state.where(u) is None or mem.mode(p.state, u) == "defilade" and p.ca.modes_at.get(u) != "defilade"

    afv = [u for u in units if is_kind(p.game, u, "afv")]
    maybe = [u for u in units if is_kind(p.game, u, "afv") is None and gone(u)]  # untyped: may have been an AFV
    lost = [u for u in afv if gone(u)] or maybe[:1]
    leg = [u for u in units if u not in afv and u not in maybe and p.state.where(u) is not None
           and not is_kind(p.game, u, "leader")]
    if not lost or not leg or len(leg) + len(afv) - len(lost) > len(leg):
        return Legal()
    morale = for_check(p, leg[0], CA, p.morale_roll)  # disrupted -4, leader/HQ +2 (SR 10.6.2, 16.3): morale.py
    if isinstance(morale, Unknown):
        return NotCheckable(morale.needs + " (SR 10.2.13)")
    if p.morale_roll is not None and p.morale_roll <= morale:
        return Legal()
    if not [u for u in lost if u in afv]:
        return NotCheckable(f"the type of unit {lost[0]} (units.csv type: if it was an AFV lost to preliminary fire, "
                            "the others continue only after a passed morale check, SR 10.2.13)")
    return Illegal("HTTR SR 10.2.13", f"{', '.join(lost)} (AFV) was lost to preliminary fire: {', '.join(leg)} "
                   f"continue the CA only after a passed morale check of the top one, {leg[0]} (SR 16.4; "
                   f"{'none rolled' if p.morale_roll is None else f'{p.morale_roll} against {morale:g}'})")
