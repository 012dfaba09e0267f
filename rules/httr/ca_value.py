"""HTTR close action value (SR 10.3, 10.4.1-10.4.3; CA-19): the lead units' modified ER and morale and the CA Value
Table's column shifts, each factor named with its rule, and the value they give.

The lead units are those declared, else the uppermost attacker and defender, never a leader (``lead_first``). Their ER is ``er_now`` (printed,
less detachment penalties, ScR 8.1.11 / SR 17.5.8) and their morale ``morale_now`` (printed, less one while
fatigued, SR 21.5.4): neither applies a factor of 10.4, so none counts twice. The factors:

- ER (10.4.1): AT, flak and artillery defenders ER 2 (10.4.1.3); a HW defender at most 4 (18.1.2.4); a depleted defender ER 1 (10.4.1.1, 13.3.2.4);
  a lead unit in Travel Mode, or a disrupted defender, halved rounding up (10.4.1.2); a dismounted armored unit -1
  (10.4.1.4, 9.3.4); the landed stack of an overstacked landing -2 (10.4.1.5, ScR 6.6.4.3).
- morale (10.4.2): depleted -2 (10.4.2.10, 13.3.2.3); disrupted -4 (10.4.2.6); artillery defending -2 (10.4.2.11);
  a leader over the unit stacked with it +2 (10.4.2.5, 19.1.1, one leader only 19.1.2; or, by the reading
  ``ca_leader_bonus``, 16.3's friendly leader or HQ stacked or adjacent, to at most 9); a defender in Defilade +2
  for its entrenchment unless an attacking combat engineer negates it (10.4.2.1, 10.4.2.3-10.4.2.4) and +2 in
  forest or city, +1 in rough, town or woods (10.4.2.1); a combat engineer among a side's top two +2 to that side
  (10.4.2.2, 10.4.2.4; an armored one only dismounted, 18.4.2.3); armor with infantry +1 (+2 heavy AT) unless
  the other side has AT of that class
  (10.4.2.8; the attackers still on the map when it is resolved: one lost to preliminary fire counts for neither
  side); armor attacking alone into woods, rough, forest, town or city +3 to the defender (10.4.2.9).
- columns (10.4.3): a hilltop defender one left (10.4.3.1); every attacker adjacent at the start one right
  (10.4.3.2, in ``values.ca_value``); night two left (SR 20.4).

Where a factor's datum is not known (a unit's type: each kind of ``units.KINDS``; its mode: each of SR 5's; an AFV's
AT class, a leader's organisation: yes or no) each answer is tried, and only data a factor asks are: the CA's result
stands when every answer gives the same one (the detail names the data and the values they span), else not checkable
naming the data. SR 10.4.2.7 (earlier SP losses) cannot be applied: the log shows no strength loss markers, so the morale
is read as printed and the detail says so.

Readings: "rough" is the terrain ``rough`` (not ``broken``); "woods", "forest", "town", "city" the terrain ids of
those names; a hex of several terrains takes the best bonus (SR 12.0: best case for combat); "hilltop" is the
defender hex's terrain ``hilltop``. The column shifts move the value one step each, as the adjacent start does in
``values.ca_value`` (Fig 17: 8 -> 9). 10.4.1.2's "when defending" qualifies disrupted units (a disrupted unit does
not attack), Travel Mode halves either lead unit, and a unit both halved once. 10.4.1.3's ER 2 replaces the printed
ER and depletion's ER 1 then applies; 18.1.2.4's cap (a HW defending on top: ER at most 4) likewise
replaces the printed ER, before 10.4.1's other factors (a disrupted HW of ER 7 defends at 2, not 4).
"Armored" (10.4.1.4) is units.csv mobility ``tracked`` (a ``wheeled`` or
``motorized`` unit is motorized: no penalty, 9.3.4). A combat engineer's "strength of two" is at least two, its
"other combat unit" any unit of its side in its hex but leaders and HQs; the engineer bonus counts once per side.
"Silhouetted armor" (10.4.2.8-10.4.2.9) is an AFV; "infantry type units" infantry, engineers and HW; an AFV's AT
value is its ``at_class`` (3 heavy: +2, else +1); "AT units with similar AT dots" an opposing unit of the same AT
fire class (``at_fire.fire_class``). A leader is over a unit when the unit is of its organisation
(``ca_combining.coordinates``).

DIS (SR 10.3 bullet 4, L576; 10.4.3.3, L602): a CA Value Table cell "DIS" is ``values.DIS``, the step below 1; the
column shifts move along that scale like any value (an adjacent start lifts a DIS cell to 1, a shift left of 1 or
below gives DIS: below 1 is DIS). On a DIS the attacker is disrupted and the CA ceases with no die
(``close_action.ceased``: every attacker but leaders then carries its Disrupted layer; the defenders' result is "A",
against the attacker only); a CA die rolled for it is illegal (``close_action.resolve``). Readings: "the attacker"
disrupted is every attacking unit (the failed override's "all the attacking units" says no less); the override's
"three-to-one combat ratio" is the CA odds (rounded down, 10.3 bullet 5) before its loss; its morale check is the
last Morale Check rolled since the declaration (as 10.2.13's, ``close_action.check_afv_lost``), the lead unit's at
``morale.for_check``'s CA kind (16.3); "proceed with a CA value of one" is value 1 and 10.4.3.3's shift one column
right gives :data:`OVERRIDE_VALUE` 2 (no other shift: they made the DIS); the override's SP loss comes before the
odds are taken (the bullets' order), so the odds are of one SP less. The SP losses (the override's one, the failed
override's step loss) are not shown by the log (no strength markers), so they are not judged.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.at_fire import fire_class
from hexforge.rules.httr.ca_combining import coordinates
from hexforge.rules.httr.detached import er_now
from hexforge.rules.httr.entrench import benefits
from hexforge.rules.httr.fatigue import morale_now, strength_now
from hexforge.rules.httr.morale import CA, CA_MOST, for_check, friends
from hexforge.rules.httr.units import KINDS, is_kind
from hexforge.rules.httr.values import DIS, ODDS, ca_value, morale_passes, odds

OPEN = frozenset({"clear", "mixed"})  # the CA Value Table's open-terrain line (Fig 17: 'For open terrain')
DEFILADE_TERRAIN = {"forest": 2, "city": 2, "rough": 1, "town": 1, "woods": 1}  # SR 10.4.2.1 (L589)
ARMOR_ALONE = frozenset({"woods", "rough", "forest", "town", "city"})  # SR 10.4.2.9 (L596)
INFANTRY = ("infantry", "engineer", "hw")  # 'infantry type units' (10.4.2.9), 'infantry or engineers' (10.4.2.8)
NOT_COMBAT = ("leader", "hq")
ARMORED, UNARMORED = frozenset({"tracked", "afv"}), frozenset({"wheeled", "motorized", "leg", "towed"})  # SR 9.3.4
KIND_OPTIONS = tuple(sorted(set(KINDS.values())))  # what a unit of unknown type may be (units.KINDS)
MODE_OPTIONS = ("concentrated", "defilade", "travel")  # SR 5
MAX_TRIES = 128  # sets of answers tried for the data not known
HW_CAP = 4.0  # SR 18.1.2.4 (L894): a HW unit defending on top in a CA has its ER capped at four
ENGINEER_READING, CA_SECTION = "ca_engineer", "ca_section"  # catalogue.READINGS: SR 10.4.2.4 vs 18.4.2
LEAD_READING, DECLARED = "ca_lead", "declared"  # catalogue.READINGS: SR 10.3 L571 vs L574 / Fig 17
LEADER_READING, SUBORDINATE = "ca_leader_bonus", "subordinate"  # catalogue.READINGS: SR 10.4.2.5/19.1.1 vs 16.3


class Doubts:
    """The answers assumed for the data not known (``assume``: datum -> answer) and the data asked, each with the
    answers it may have."""

    def __init__(self, assume: dict[str, object]) -> None:
        self.assume: dict[str, object] = assume
        self.asked: dict[str, tuple[object, ...]] = {}

    def pick(self, needs: str, options: tuple[object, ...]) -> object:
        """The answer assumed for the datum ``needs`` (one of ``options``)."""
        self.asked.setdefault(needs, options)
        return self.assume.get(needs, options[0])

    def know(self, value: bool | None, needs: str) -> bool:
        """``value``, or when it is not known (None) the answer assumed for ``needs``."""
        return value if value is not None else bool(self.pick(needs, (False, True)))


@dataclass(slots=True)
class Numbers:
    """The lead units' ER and morale, the column shifts, and the factors applied (each with its rule)."""

    er_a: float
    mo_a: float
    er_d: float
    mo_d: float
    shift: int = 0
    factors: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Close:
    """One CA: its position, src and target hexes, attackers and defenders (stack order), the defender's terrain."""

    p: Any
    src: Hex
    target: Hex
    units: tuple[str, ...]
    defenders: tuple[str, ...]
    kinds: frozenset[str]
    doubts: Doubts

    def kind(self, u: str, *kinds: str) -> bool:
        got = is_kind(self.p.game, u, *kinds)
        return got if got is not None else self.doubts.pick(f"the type of unit {u} (units.csv type)",
                                                            KIND_OPTIONS) in kinds

    def mode(self, u: str, m: str) -> bool:
        got = mem.mode(self.p.state, u)
        return (got if got is not None else self.doubts.pick(
            f"the mode of unit {u} (its Mode layer: the log never showed it)", MODE_OPTIONS)) == m

    def own(self, u: str) -> tuple[str, ...]:
        """The units of ``u``'s side in its hex, top first."""
        h = self.p.state.where(u)
        side = self.p.state.side(u)
        return tuple(x for x in mem.stack(self.p.state, h) if self.p.state.side(x) == side) if h else ()


@dataclass(frozen=True, slots=True)
class Settled:
    """The CA value and result, the factors applied and the data that were not known but change nothing."""

    value: int
    result: str
    factors: tuple[str, ...]
    unknown: tuple[str, ...]
    values: tuple[int, ...]  # the values every answer to the unknown data gives

    def detail(self) -> str:
        out = "factors: " + ("; ".join(self.factors) or "none")
        out += "; morale as printed: earlier SP losses are not logged (SR 10.4.2.7, 16.1)"
        span = f" (CA value {self.values[0]}-{self.values[-1]})" if len(self.values) > 1 else ""
        return out + (f"; not known, changing no result{span}: " + "; ".join(self.unknown) if self.unknown else "")


def settle(p: Any, src: Hex, target: Hex, units: tuple[str, ...], defenders: tuple[str, ...],
           result_of: Callable[[int], str | Unknown]) -> Settled | Unknown:
    """SR 10.3-10.4: the CA value and its result (``result_of``: the CA Results Table for a value), each datum not
    known tried both ways; Unknown when the answers give different results, or a datum every result needs."""
    printed = [v for u in (units[0], defenders[0]) for v in (er_now(p, u), morale_now(p, u))]
    bad = next((v for v in printed if isinstance(v, Unknown)), None)
    if bad is not None:
        return bad
    kinds = p.game.map.terrain.of(target)
    if kinds is None:
        return Unknown(f"terrain of hex {p.game.map.labels[target]} (unsurveyed)")
    todo: list[dict[str, object]] = [{}]
    leaves: list[tuple[int, str, Numbers]] = []
    asked: list[str] = []
    while todo:
        assume = todo.pop(0)
        c = Close(p, src, target, units, defenders, frozenset(kinds), Doubts(assume))
        got = value_of(c)
        if isinstance(got, Unknown):
            return got
        free = [k for k in c.doubts.asked if k not in assume]
        asked += [k for k in c.doubts.asked if k not in asked]
        if free:
            if len(leaves) + len(todo) >= MAX_TRIES:
                return Unknown("; ".join(asked) + " (SR 10.4)")
            todo += [{**assume, free[0]: v} for v in c.doubts.asked[free[0]]]
            continue
        result = result_of(got[0])
        if isinstance(result, Unknown):
            return result
        leaves.append((got[0], result, got[1]))
    if len({r for _, r, _ in leaves}) > 1:
        return Unknown("; ".join(asked) + " (the CA result depends on them, SR 10.4)")
    value, result, numbers = leaves[0]
    return Settled(value, result, tuple(numbers.factors), tuple(asked), tuple(sorted({v for v, _, _ in leaves})))


def lead_first(p: Any, stack: tuple[str, ...]) -> tuple[str, ...]:
    """``stack`` (top first) with its lead unit first (SR 10.3), by the reading ``ca_lead`` (catalogue.READINGS):
    ``declared``, the lead declared for it (``p.ca.leads``, one of its top two: ``close_action.check_lead``), else
    its uppermost unit; ``top``, its uppermost unit. A leader is never the lead: it has no ER (SR 11.2.6, 11.5.5),
    the next unit is. The others keep their order."""
    declared = getattr(getattr(p, "ca", None), "leads", ())
    if p.readings.get(LEAD_READING, DECLARED) != DECLARED:
        declared = ()
    named = [u for u in stack[:2] if u in declared]
    fighters = [u for u in stack if is_kind(p.game, u, "leader") is not True]
    lead = named[0] if named else fighters[0] if fighters else stack[0] if stack else None
    return stack if lead is None else (lead, *(u for u in stack if u != lead))


def value_of(c: Close) -> tuple[int, Numbers] | Unknown:
    """The CA value of one set of answers, and the numbers it came from."""
    a, d = c.units[0], c.defenders[0]
    n = Numbers(*(float(v) for u in (a, d) for v in (er_now(c.p, u), morale_now(c.p, u))))  # known: settle
    for step in (er_factors, morale_factors, engineer_factors, armor_factors):
        bad = step(c, n)
        if bad is not None:
            return bad
    if "hilltop" in c.kinds:
        n.shift -= 1
        n.factors.append("the defender on a hilltop: one column left (SR 10.4.3.1)")
    line = "open" if c.kinds <= OPEN else "cover"
    adjacent = all(began_adjacent(c.p, u, c.src, c.target) for u in c.units)
    value = ca_value(c.p.game, line, int(n.er_a - n.er_d), int(n.mo_a - n.mo_d), adjacent)
    if isinstance(value, Unknown):
        return value
    if adjacent:
        n.factors.append("every attacker began adjacent: one column right (SR 10.4.3.2)")
    if c.p.night:
        n.shift -= 2
        n.factors.append("night: two columns left (SR 20.4)")
    return max(value + n.shift, DIS), n  # below 1 is DIS (the docstring's reading)


def began_adjacent(p: Any, u: str, src: Hex, target: Hex) -> bool:
    """Whether attacker ``u`` began the phase adjacent to (or in) the defender's hex (SR 10.1.12, 10.4.3.2, 20.4): a
    unit not on the map then (a reinforcement, a landing) began away, but in a landing's CA from its own hex, made
    'as though [it] originated from an adjacent hex' (ScR 6.6.4.2)."""
    start = p.phase_start.where(u)
    return src == target if start is None else start.distance(target) <= 1


def er_factors(c: Close, n: Numbers) -> Unknown | None:
    """SR 10.4.1.1-10.4.1.5."""
    p, a, d = c.p, c.units[0], c.defenders[0]
    if c.kind(d, "at", "flak", "artillery"):
        n.er_d = 2.0
        n.factors.append(f"{d} (AT, flak or artillery) defends at ER 2 (SR 10.4.1.3)")
    if n.er_d > HW_CAP and c.kind(d, "hw"):
        n.er_d = HW_CAP
        n.factors.append(f"{d} (HW) defends on top at ER at most {HW_CAP:g} (SR 18.1.2.4)")
    if mem.has(p.state, d, "depleted"):
        n.er_d = 1.0
        n.factors.append(f"{d} depleted: ER 1 (SR 10.4.1.1, 13.3.2.4)")
    for u, defending in ((a, False), (d, True)):
        disrupted = defending and mem.has(p.state, u, "disrupted")
        if disrupted or c.mode(u, "travel"):
            why = "disrupted" if disrupted else "in Travel Mode"
            if defending:
                n.er_d = float(math.ceil(n.er_d / 2))
            else:
                n.er_a = float(math.ceil(n.er_a / 2))
            n.factors.append(f"{u} {why}: ER halved, rounded up (SR 10.4.1.2)")
        if mem.has(p.state, u, "dismounted"):
            mob = p.game.units[u].mobility.strip().lower()
            armored = c.doubts.know(True if mob in ARMORED else False if mob in UNARMORED else None,
                                    f"whether unit {u} is armored (units.csv mobility tracked, SR 9.3.4)")
            if armored:
                n.er_d, n.er_a = (n.er_d - 1, n.er_a) if defending else (n.er_d, n.er_a - 1)
                n.factors.append(f"{u} dismounted armored unit: ER -1 (SR 10.4.1.4)")
    seen = getattr(getattr(p, "overstacks", None), "seen", {})
    if c.src == c.target and c.target in seen:
        n.er_a -= 2
        n.factors.append("the landing overstacked the hex: the landed stack's ER -2 (SR 10.4.1.5, ScR 6.6.4.3)")
    return None


def morale_factors(c: Close, n: Numbers) -> Unknown | None:
    """SR 10.4.2.1, 10.4.2.5-10.4.2.6, 10.4.2.10-10.4.2.11."""
    p, a, d = c.p, c.units[0], c.defenders[0]
    if mem.has(p.state, d, "depleted"):
        n.mo_d -= 2
        n.factors.append(f"{d} depleted: morale -2 (SR 10.4.2.10, 13.3.2.3)")
    if c.kind(d, "artillery"):
        n.mo_d -= 2
        n.factors.append(f"{d} artillery defending: morale -2 (SR 10.4.2.11)")
    for u, defending in ((a, False), (d, True)):
        bonus = 0.0
        if mem.has(p.state, u, "disrupted"):
            bonus -= 4
            n.factors.append(f"{u} disrupted: morale -4 (SR 10.4.2.6)")
        extra = leader_factor(c, u, (n.mo_d if defending else n.mo_a) + bonus)
        if extra is not None:
            bonus += extra[0]
            n.factors.append(extra[1])
        n.mo_d, n.mo_a = (n.mo_d + bonus, n.mo_a) if defending else (n.mo_d, n.mo_a + bonus)
    if c.mode(d, "defilade"):
        n.mo_d += defilade_bonus(c, n)
    return None


def leader_factor(c: Close, u: str, level: float) -> tuple[float, str] | None:
    """The leader bonus to the lead unit ``u``'s morale ``level`` (its own state's factors applied) and its factor, by
    the reading ``ca_leader_bonus`` (catalogue.READINGS): ``subordinate``, +2 for a leader stacked with ``u`` that ``u``
    is subordinate to (SR 10.3 bullet 2, 10.4.2.5, 19.1.1); ``any_leader_hq``, +2 for a friendly leader or HQ stacked
    with or adjacent to ``u``, subordinated or not, raising it to at most 9 (SR 16.3; a level above 9 is not lowered).
    Either replaces the other (SR 19.1.2: one leader bonus); the terrain, engineer and armor factors come after."""
    if c.p.readings.get(LEADER_READING, SUBORDINATE) == SUBORDINATE:
        leader = led(c, u)
        return (2.0, f"{u} stacked with its leader {leader}: morale +2 (SR 10.4.2.5, 19.1.1)") if leader else None
    near = nearby(c, u)
    if near is None:
        return None
    raised = max(min(level + 2, CA_MOST), level)
    return raised - level, (f"{u} with the leader or HQ {near} stacked or adjacent: morale +{raised - level:g} (at "
                            "most 9, SR 16.3; reading ca_leader_bonus)")


def nearby(c: Close, u: str) -> str | None:
    """A friendly leader or HQ stacked with or adjacent to ``u`` (SR 16.3); units of unknown type may be one."""
    at = c.p.state.where(u)
    mates = friends(c.p, u, [at, *at.neighbours()]) if at is not None else []
    kinds = {x: is_kind(c.p.game, x, "leader", "hq") for x in mates}
    known = [x for x in mates if kinds[x]]
    if known:
        return known[0]
    unsure = [x for x in mates if kinds[x] is None]
    if unsure and c.doubts.know(None, f"whether {', '.join(unsure)} is a leader or HQ (units.csv type: one stacked "
                                "or adjacent adds 2 in a CA, SR 16.3)"):
        return unsure[0]
    return None


def led(c: Close, u: str) -> str | None:
    """The leader stacked with ``u`` whose organisation ``u`` is of (one only, SR 19.1.2), else None."""
    for x in c.own(u):
        if x != u and c.kind(x, "leader"):
            ok = coordinates(c.p, x, [u])
            if c.doubts.know(None if isinstance(ok, Unknown) else ok,
                             f"whether {u} is of leader {x}'s organisation (units.csv formation, SR 19.1.2)"):
                return x
    return None


def defilade_bonus(c: Close, n: Numbers) -> float:
    """SR 10.4.2.1 / 10.4.2.3-10.4.2.4: the Defilade defender's entrenchment (+2 unless an attacking combat engineer
    of two SP and positive morale negates it; by the reading ``ca_engineer`` ``engineer_section`` it must also be
    Concentrated, 18.4.2.2) and terrain (+2 forest or city, +1 rough, town or woods)."""
    d, out = c.defenders[0], 0.0
    dug = c.doubts.know(benefits(c.p, c.p.works, d), f"whether {d} benefits from its entrenchment (its type and "
                        "mode, SR 12.1.1)")
    if dug:
        strict = c.p.readings.get(ENGINEER_READING, CA_SECTION) == CA_SECTION  # else 18.4.2.2: Concentrated too
        by = next((u for u in c.units if c.kind(u, "engineer") and able(c, u) and afoot(c, u)
                   and (strict or c.mode(u, "concentrated"))), None)
        if by is None:
            out += 2
            n.factors.append(f"{d} entrenched in Defilade: morale +2 (SR 10.4.2.1)")
        else:
            n.factors.append(f"the attacking combat engineer {by} negates the entrenchment (SR 10.4.2.3)")
    cover = max((DEFILADE_TERRAIN.get(k, 0) for k in c.kinds), default=0)
    if cover:
        out += cover
        n.factors.append(f"{d} in Defilade in {'/'.join(sorted(c.kinds))}: morale +{cover} (SR 10.4.2.1)")
    return out


def able(c: Close, u: str) -> bool:
    """SR 10.4.2.4: a combat engineer of at least two SP and positive morale (and not disrupted: a disrupted engineer
    has no engineer functions, SR 10.6.2)."""
    if mem.has(c.p.state, u, "disrupted"):
        return False
    sp, mo = strength_now(c.p, u), morale_now(c.p, u)
    strong = c.doubts.know(None if isinstance(sp, Unknown) else sp >= 2, f"strength of unit {u} (units.csv)")
    keen = c.doubts.know(None if isinstance(mo, Unknown) else mo > 0, f"morale of unit {u} (units.csv)")
    return strong and keen


def afoot(c: Close, u: str) -> bool:
    """SR 18.4.2.3: an armored engineer (units.csv mobility ``tracked``, 9.3.4) has its CA functions only
    dismounted."""
    mob = c.p.game.units[u].mobility.strip().lower()
    armored = c.doubts.know(True if mob in ARMORED else False if mob in UNARMORED else None,
                            f"whether unit {u} is armored (units.csv mobility tracked: an armored engineer must be "
                            "dismounted, SR 18.4.2.3)")
    return not armored or mem.has(c.p.state, u, "dismounted")


def engineer_factors(c: Close, n: Numbers) -> Unknown | None:
    """SR 10.4.2.2: a combat engineer among a side's top two gives that side's morale +2 (once); by the reading
    ``ca_engineer`` (catalogue.READINGS) ``ca_section`` it must be able (10.4.2.4), stacked with another combat unit
    and in Concentrated Mode; ``engineer_section`` (18.4.2.1) any mode and one SP suffice (not disrupted, 10.6.2)."""
    strict = c.p.readings.get(ENGINEER_READING, CA_SECTION) == CA_SECTION
    for lead, defending in ((c.units[0], False), (c.defenders[0], True)):
        stack = c.own(lead) if not defending else c.defenders
        for u in stack[:2]:
            fit = able(c, u) if strict else not mem.has(c.p.state, u, "disrupted")
            if not (c.kind(u, "engineer") and fit and afoot(c, u)):
                continue
            mates = [x for x in stack if x != u and not c.kind(x, *NOT_COMBAT)]
            if not strict or mates and c.mode(u, "concentrated"):
                n.mo_d, n.mo_a = (n.mo_d + 2, n.mo_a) if defending else (n.mo_d, n.mo_a + 2)
                why = "SR 10.4.2.2, 10.4.2.4" if strict else "SR 18.4.2.1; reading ca_engineer"
                n.factors.append(f"combat engineer {u} among the top two: morale +2 ({why})")
                break
    return None


def armor_factors(c: Close, n: Numbers) -> Unknown | None:
    """SR 10.4.2.8 (armor with infantry: + its AT value unless the other side has AT of its class; the attackers still
    on the map when the CA is resolved, "participating": one eliminated by preliminary fire, 10.2, gives or cancels
    no bonus) and 10.4.2.9 (armor attacking alone into cover, as it initiated the CA: defender +3)."""
    here = tuple(u for u in c.units if c.p.state.where(u) is not None)  # lost to preliminary fire: no part
    for own, other, defending in ((here, c.defenders, False), (c.defenders, here, True)):
        armor = [u for u in own if c.kind(u, "afv")]
        if not armor or not any(c.kind(u, *INFANTRY) for u in own):
            continue
        best = max(armor, key=lambda u: str(fire_class(c.p.game, u)) == "heavy")
        heavy = fire_class(c.p.game, best)
        known = None if isinstance(heavy, Unknown) else heavy == "heavy"
        big = c.doubts.know(known, f"at_class of unit {best} (units.csv: heavy AT gives +2, SR 10.4.2.8)")
        cls = "heavy" if big else heavy if not isinstance(heavy, Unknown) else "not heavy"
        if any(matches(c, u, cls) for u in other):
            n.factors.append(f"{best}'s armor bonus cancelled by the other side's AT of its class (SR 10.4.2.8)")
            continue
        bonus = 2 if big else 1
        n.mo_d, n.mo_a = (n.mo_d + bonus, n.mo_a) if defending else (n.mo_d, n.mo_a + bonus)
        n.factors.append(f"armor {best} with infantry: morale +{bonus} (SR 10.4.2.8)")
    alone = c.kinds & ARMOR_ALONE and all(c.kind(u, "afv") for u in c.units)
    if alone and not any(c.kind(u, *INFANTRY) for u in c.own(c.units[0])):
        n.mo_d += 3
        n.factors.append(f"armor attacks alone into {'/'.join(sorted(c.kinds & ARMOR_ALONE))}: defender morale +3 "
                         "(SR 10.4.2.9)")
    return None


def matches(c: Close, u: str, cls: str) -> bool:
    """Is ``u`` an AT-capable unit of AT fire class ``cls`` (SR 10.4.2.8's 'similar AT dots')?"""
    capable = c.p.game.units[u].values.get("at_class") not in (None, "") or c.kind(u, "at", "afv", "artillery", "flak")
    if not capable:
        return False
    got = fire_class(c.p.game, u)
    if isinstance(got, Unknown):
        return c.doubts.know(None, f"at_class of unit {u} (units.csv: AT of a similar class cancels the armor bonus, "
                             "SR 10.4.2.8)")
    return got == cls or cls == "not heavy" and got != "heavy"



CEASED = "DIS"  # the result of a CA whose value is DIS, not overridden: it ceases, no CA die (SR 10.3)
OVERRIDE_VALUE = 1 + 1  # SR 10.3 (L576) 'a CA value of one', one column right on the Results Table (10.4.3.3)


@dataclass(frozen=True, slots=True)
class Override:
    """SR 10.3 (L576) on a DIS: whether the attacker ignored it (``passed``), why, and the attack strength left."""

    passed: bool
    why: str
    attack: float


def dis_override(p: Any, lead: str, attack: float, defence: float) -> Override | Unknown:
    """SR 10.3 bullet 4 / 10.4.3.3: a DIS is ignored at odds of at least 3:1 when the lead unit then passes a
    Morale Check (the last one rolled since the declaration, ``p.morale_roll``; CA kind: 16.3's leader bonus); it
    then loses one SP before the odds are taken (the bullets' order)."""
    if odds(attack, defence) not in ODDS[ODDS.index("3:1"):]:
        return Override(False, f"odds {attack:g}:{defence:g} below 3:1: the DIS may not be ignored", attack)
    if p.morale_roll is None:
        return Override(False, f"no morale check of the lead unit {lead} to ignore it", attack)
    morale = for_check(p, lead, CA)
    if isinstance(morale, Unknown):
        return Unknown(morale.needs + " (the morale check to ignore a DIS, SR 10.3)")
    if not morale_passes(morale, p.morale_roll):
        return Override(False, f"{lead} failed the morale check to ignore it ({p.morale_roll} against {morale:g}"
                        f"{morale.note}): every attacker is disrupted and {lead} loses a step", attack)
    return Override(True, f"{lead} passed the morale check to ignore it ({p.morale_roll} against {morale:g}"
                    f"{morale.note}): one SP lost, CA value 1 shifted one column right (SR 10.4.3.3)", attack - 1)
