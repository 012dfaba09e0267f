"""Arnhem die-roll procedures: bridge demolition (ARN 10.6.3), bridge repair (ARN 10.6.4) and the
airborne landing procedure with the drop table (ARN 11.4).

A log declares them in chat, each followed by its die roll:
``demolish 3325/3424``, ``repair 1422/1423 by <engineer>``, ``land <unit>`` (after the unit is placed
in its landing hex; ``land <unit> displaced`` when its drop zone marker was moved an additional hex at
setup, Scenario 2, ARN 12.0). A chat line ``result <outcome>`` after the roll states the outcome the players
applied; it is matched against the table. Landing losses are read from the unit's step changes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from hexforge.builder.timeline import ChatLine, Eliminated, StepChange
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.movement import BRIDGES, hex_cost, label
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.registry import rule
from hexforge.rules.core.tables import column_of
from hexforge.rules.state import STEP_TRAIT
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.fm.judge import Attempt, Judge
from hexforge.rules.fm.memory import Crossing, crossing, with_crossing
from hexforge.rules.replay import Judged


DEMOLISH = re.compile(r"^\s*demolish\s+(\w+)\s*/\s*(\w+)\s*$", re.I)
REPAIR = re.compile(r"^\s*repair\s+(\w+)\s*/\s*(\w+)\s+by\s+(\S+)\s*$", re.I)
LAND = re.compile(r"^\s*land\s+(\S+)(\s+displaced)?\s*$", re.I)
RESULT = re.compile(r"^\s*result\s+(.*\S)\s*$", re.I)


def allied(rules) -> str:
    """ARN 10.4: the Allied player is the first player."""
    return rules.first_side


def german(rules) -> str:
    return rules.enemy_of(rules.first_side)


@dataclass
class DiceAction:
    """An exclusive-rule procedure: declared, then one die roll, then (optionally) the stated result."""

    rule: str
    what: str
    roll: int | None = None
    roll_index: int | None = None
    outcome: str | Unknown | None = None
    declared: int = 0

    def on_roll(self, ch: Judge, index: int, die: int) -> None:
        self.roll, self.roll_index = die, index
        self.outcome = self.resolve(ch, die)
        if isinstance(self.outcome, Unknown):
            ch.say(index, NotCheckable(self.outcome.needs))
        else:
            ch.say(index, Legal(f"{self.what}: roll {die}, {self.outcome}"))

    def resolve(self, ch: Judge, die: int) -> str | Unknown:
        raise NotImplementedError

    def takes(self, ch: Judge, j: Judged) -> bool:
        """Judge a ``result ...`` chat line after the roll; ``False`` for events this action does not own."""
        m = RESULT.match(j.event.text) if isinstance(j.event, ChatLine) else None
        if m is None or self.roll is None:
            return False
        said = m.group(1).lower()
        if isinstance(self.outcome, Unknown):
            ch.say(j.index, NotCheckable(self.outcome.needs))
        elif said != self.outcome:
            ch.say(j.index, Illegal(self.rule, f"{self.what}: the roll of {self.roll} means {self.outcome}, "
                                    f"not {said}"))
        else:
            ch.say(j.index, Legal())
        return True

    def close(self, ch: Judge) -> None:
        return None


def _hexside(ch: Judge, la: str, lb: str) -> tuple[Hex, Hex] | None:
    a, b = ch.hex(la), ch.hex(lb)
    return (a, b) if a is not None and b is not None and a.distance(b) == 1 else None


def bridge_type(rules: FireAndMovement, a: Hex, b: Hex) -> str | None | Unknown:
    """canal_bridge | railroad_bridge | highway_bridge; ``None`` if no bridge spans the hexside."""
    kinds = {f.kind for f in rules.terrain.features(a, b)}
    for k in ("canal_bridge", "railroad_bridge", "highway_bridge"):
        if k in kinds:
            return k
    if kinds & set(BRIDGES):
        return Unknown(f"the type of the bridge at {label(rules, a)}/{label(rules, b)} (terrain.toml hexsides: "
                       "canal_bridge, railroad_bridge or highway_bridge)")
    if rules.terrain.of(a) is None or rules.terrain.of(b) is None:
        return Unknown(f"hexsides of {label(rules, a)}/{label(rules, b)} (unsurveyed: is there a bridge?)")
    return None


# -- demolition (ARN 10.6.3) ---------------------------------------------------------------------

@dataclass
class Demolition(DiceAction):
    side: Hexside | None = None
    kind: str | Unknown | None = None

    def resolve(self, ch: Judge, die: int) -> str | Unknown:
        if isinstance(self.kind, Unknown):
            return self.kind
        col = column_of(ch.game, "bridge_demolition", self.kind, die)
        if isinstance(col, Unknown):
            return col
        if col is not None:
            ch.state = with_crossing(ch.state, self.side, Crossing("demolished", german(ch.rules), turn=ch.state.turn))
            return "demolished"
        return "intact"


@rule("ARN 10.6.3", "ARN-4", "bridge demolition: in an Allied (Mobile) Movement Phase the instant an Allied unit "
      "enters a hex adjoining the bridge, a German unit within its MA in hexes, once per bridge per GT, not if an "
      "Allied unit began the phase adjoining it, not the GT it was repaired; the roll against the table")
def declare_demolition(rules: FireAndMovement, ch: Judge, index: int, la: str, lb: str) -> None:
    ab = _hexside(ch, la, lb)
    if ab is None:
        ch.say(index, Illegal("ARN 10.6.3", f"{la}/{lb} is not a hexside between two adjacent map hexes"))
        return
    a, b = ab
    st, hs = ch.state, Hexside.between(a, b)
    kind, phasing = ch.phase()
    kind_of = bridge_type(rules, a, b)
    why: list[str] = []
    if kind_of is None:
        why.append("no bridge spans that hexside")
    if kind not in ("movement", "mobile-movement") or phasing != allied(ch.rules):
        why.append("it is not an Allied Movement or Mobile Movement Phase")
    elif ch.mover is None or st.side(ch.mover.uid) != allied(ch.rules) or ch.mover.at not in (a, b):
        why.append("no Allied unit has just entered a hex adjoining the bridge")
    if any(ch.phase_start.side(u) == allied(ch.rules) for h in (a, b) for u in ch.phase_start.at(h)):
        why.append("an Allied unit began the phase in a hex adjoining the bridge")
    if Attempt("demolish", st.turn, hs) in ch.attempts:
        why.append(f"the bridge has already been the subject of an attempt in GT {st.turn}")
    c = crossing(st, hs)
    if c is not None and c.bridge == "demolished":
        why.append("the bridge is already demolished")
    if c is not None and c.bridge == "repaired" and c.turn == st.turn:
        why.append("the bridge was repaired this GT")
    reach = [rules.in_range(st, u, (a, b)) for u in st.positions if st.side(u) == german(ch.rules)]
    if True not in reach and not any(isinstance(r, Unknown) for r in reach):
        why.append("no German unit is within its movement range of the bridge")
    ch.attempts.add(Attempt("demolish", st.turn, hs))
    act = Demolition("ARN 10.6.3", f"demolition of the bridge {la}/{lb}", side=hs, kind=kind_of)
    if why:
        ch.say(index, Illegal("ARN 10.6.3", f"demolition of {la}/{lb} not allowed: " + "; ".join(why)))
        act.kind = Unknown("an allowed demolition attempt")
    elif True not in reach:
        ch.say(index, NotCheckable(next(r for r in reach if isinstance(r, Unknown)).needs))
    else:
        ch.say(index, Legal())
    ch.action = act


# -- repair (ARN 10.6.4) -------------------------------------------------------------------------

@dataclass
class Repair(DiceAction):
    side: Hexside | None = None
    kind: str | Unknown | None = None

    def resolve(self, ch: Judge, die: int) -> str | Unknown:
        if isinstance(self.kind, Unknown):
            return self.kind
        key = "highway_bridge" if self.kind == "highway_bridge" else "canal_or_railroad_bridge"
        col = column_of(ch.game, "bridge_repair", key, die)
        if isinstance(col, Unknown):
            return col
        if col is not None:
            ch.state = with_crossing(ch.state, self.side, Crossing("repaired", allied(ch.rules), turn=ch.state.turn))
            return "repaired"
        return "failed"


def engineer_declaration(rules: FireAndMovement, ch: Judge, index: int, rule_no: str, what: str, la: str, lb: str,
                         uid: str) -> tuple[Hex, Hex, list[str]] | None:
    """The shared start of an engineer's declaration (repair, ferry): the hexside and the unit must exist
    (else one illegal verdict and ``None``); it must come at the start of the Allied Movement Phase."""
    ab = _hexside(ch, la, lb)
    if ab is None or uid not in rules.game.units:
        ch.say(index, Illegal(rule_no, f"{what}: not a map hexside or not a unit"))
        return None
    kind, phasing = ch.phase()
    why: list[str] = []
    if kind != "movement" or phasing != allied(ch.rules):
        why.append("it is not the Allied Movement Phase (declared in the Movement Phase only, not Mobile)")
    elif ch.moved_phase:
        why.append("units have already moved in this phase (the declaration comes first)")
    return ab[0], ab[1], why


@rule("ARN 10.6.4", "ARN-5", "bridge repair: at the start of the Allied Movement Phase, a demolished bridge within "
      "the engineer's range, not adjoining a German-occupied hex or German ZOC, once per bridge per GT; the engineer "
      "does not move that phase; the roll against the table")
def declare_repair(rules: FireAndMovement, ch: Judge, index: int, la: str, lb: str, uid: str) -> None:
    start = engineer_declaration(rules, ch, index, "ARN 10.6.4", f"repair of {la}/{lb} by {uid}", la, lb, uid)
    if start is None:
        return
    a, b, why = start
    st, hs = ch.state, Hexside.between(a, b)
    c = crossing(st, hs)
    if c is None or c.bridge != "demolished":
        why.append("that bridge is not demolished")
    enemy = german(ch.rules)
    if any(st.side(u) == enemy for h in (a, b) for u in st.at(h)) or any(in_ezoc(rules, st, h, allied(ch.rules))
                                                                         for h in (a, b)):
        why.append("the hexside adjoins a German-occupied hex or a hex in a German ZOC")
    if Attempt("repair", st.turn, hs) in ch.attempts:
        why.append(f"the bridge has already been the subject of a repair attempt in GT {st.turn}")
    if Attempt("ferry", st.turn) in ch.attempts:  # ARN 10.6.5 Important: not both in one GT
        why.append(f"the engineer conducts a ferry operation in GT {st.turn}")
    reach = rules.in_range(st, uid, (a, b))
    if reach is False:
        why.append(f"the bridge is beyond {uid}'s movement range")
    ch.attempts.add(Attempt("repair", st.turn, hs))
    ch.frozen[uid] = Illegal("ARN 10.6.4", f"{uid} moved in the Movement Phase in which it attempted a bridge repair")
    engineer = rules.is_engineer(uid) is True
    act = Repair("ARN 10.6.4", f"repair of the bridge {la}/{lb}", side=hs, kind=bridge_type(rules, a, b))
    if why:
        ch.say(index, Illegal("ARN 10.6.4", f"repair of {la}/{lb} by {uid} not allowed: " + "; ".join(why)))
        act.kind = Unknown("an allowed repair attempt")
    elif not engineer:
        ch.say(index, NotCheckable(f"whether {uid} is the Allied engineer unit (units.csv type; ARN 10.6.4 does "
                                   "not name the counter)"))
    elif isinstance(reach, Unknown):
        ch.say(index, NotCheckable(reach.needs))
    else:
        ch.say(index, Legal())
    ch.action = act


# -- airborne landing (ARN 11.4) -----------------------------------------------------------------

DROP_KEYS = {"no_effect": "no effect", "depleted": "depleted", "eliminated": "eliminated"}


@dataclass
class Landing(DiceAction):
    unit: str = ""
    hex: Hex | None = None
    drm: int | Unknown = 0
    row: str | Unknown = ""
    losses: list[tuple[int, object]] = field(default_factory=list)

    def resolve(self, ch: Judge, die: int) -> str | Unknown:
        for v in (self.drm, self.row):
            if isinstance(v, Unknown):
                return v
        col = column_of(ch.game, "drop", self.row, die + self.drm)
        if isinstance(col, Unknown):
            return col
        if col is None:
            return Unknown(f"a drop table entry for a modified roll of {die + self.drm} ({self.row})")
        out = DROP_KEYS.get(col, col)
        if out == "depleted":
            ch.frozen[self.unit] = Illegal("ARN 11.4", f"{self.unit} was depleted on landing and may not move "
                                           "this Movement Phase")
        return out

    def takes(self, ch: Judge, j: Judged) -> bool:
        if super().takes(ch, j):
            return True
        e = j.event
        if self.roll is not None and ch.unit(e) == self.unit and isinstance(e, (Eliminated, StepChange)):
            if isinstance(e, StepChange) and e.trait != STEP_TRAIT:
                return False
            self.losses.append((j.index, e))
            return True
        return False

    @rule("ARN 11.4", "ARN-7", "the drop result is applied exactly: no effect, depleted (a step), eliminated")
    def close(self, ch: Judge) -> None:
        if self.roll is None:
            ch.say(self.declared, Illegal("ARN 11.4", f"{self.what}: no die roll on the drop table followed"))
            return
        if isinstance(self.outcome, Unknown):
            for i, _ in self.losses:
                ch.say(i, NotCheckable(self.outcome.needs))
            return
        gone = any(isinstance(e, Eliminated) for _, e in self.losses)
        one_step = not rules_two_step(ch, self.unit)
        want = {"no effect": 0, "depleted": 1, "eliminated": 2}[self.outcome]
        got = 2 if gone else len(self.losses)
        if want == 1 and one_step:
            want = 2  # F&M 8.3 Important: a one-step unit that must deplete is eliminated
        if got == want:
            for i, _ in self.losses:
                ch.say(i, Legal())
            return
        reason = f"{self.what}: the result is {self.outcome}"
        if self.losses:
            for i, _ in self.losses:
                ch.say(i, Illegal("ARN 11.4", reason + f", not what was applied to {self.unit}"))
        else:
            ch.say(self.roll_index, Illegal("ARN 11.4", reason + f", but {self.unit} was not changed"))


def rules_two_step(ch: Judge, uid: str) -> bool:
    return ch.rules.two_step(uid)


def drop_row(rules: FireAndMovement, h: Hex) -> str | Unknown:
    """The drop-table row for the landing hex's terrain (roads and trails do not count, ARN 11.4)."""
    types = rules.hex_types(h)
    if types is None:
        return Unknown(f"terrain of hex {label(rules, h)} (unsurveyed) for the drop table")
    keys = {str(r.key) for r in rules.game.tables["drop"].rows} if "drop" in rules.game.tables else set()
    rows = sorted(t for t in types if t in keys)
    if len(rows) != 1:
        return Unknown(f"one drop table row for the terrain of {label(rules, h)} ({', '.join(sorted(types))})")
    return rows[0]


def _special(rules: FireAndMovement, key: str, what: str):
    return rules.scenario_value(lambda sc: (sc.special_rules or {}).get(key), what)


@rule("ARN 11.4", "ARN-7", "a landing unit lands within three hexes of its division's drop zone marker (the "
      "scenario reinforcement entry naming a [special_rules] drop_zone_markers hex)")
def drop_zone(rules: FireAndMovement, uid: str) -> Hex | Unknown:
    """The hex of the drop zone marker ``uid`` lands at (ARN 11.4 L521; S1 markers ARN 11.0 L468-L471)."""
    need = Unknown(f"the drop zone marker hex of {uid}'s division (scenario [[reinforcements]] entry naming a hex "
                   "of [special_rules] drop_zone_markers)")
    markers = _special(rules, "drop_zone_markers", need.needs)
    entry = rules.scenario_value(lambda sc: next((r.entry for r in sc.reinforcements
                                                  if isinstance(r.units, list) and uid in r.units), None), need.needs)
    if isinstance(markers, Unknown) or isinstance(entry, Unknown):
        return markers if isinstance(markers, Unknown) else entry
    if not (isinstance(entry, list) and len(entry) == 1 and entry[0] in dict(markers).values()):
        return need
    return rules.map.hex(entry[0])


@rule("ARN 12.0", "ARN-7", "Scenario 2: +1 on the drop table when the division's drop zone marker had to be "
      "moved an additional hex off a German unit at setup (declared 'land <unit> displaced')")
def displaced_drm(rules: FireAndMovement, displaced: bool) -> int | Unknown | Illegal:
    """ARN 12.0 (L571-L573): the extra DRM; only in a scenario with that rule ([special_rules]
    dz_marker_on_german_unit)."""
    if not displaced:
        return 0
    has = [bool((sc.special_rules or {}).get("dz_marker_on_german_unit")) for sc in rules.scenarios()]
    if not any(has):
        return Illegal("ARN 12.0", "the +1 DRM for a displaced drop zone marker applies only in Scenario 2 "
                       "(free deployment)")
    return 1 if all(has) else Unknown("which scenario is played (the displaced drop zone DRM is a Scenario 2 "
                                      "rule, ARN 12.0)")


@rule("ARN 11.4", "ARN-7", "airborne landing: at the start of the Allied Movement Phase before any unit moves; "
      "roll + DRMs (glider +1, German unit adjacent +1) on the drop table row of the landing hex; depleted or "
      "EZOC-landed units do not move; the others first pay the landing hex's terrain cost")
def declare_landing(rules: FireAndMovement, ch: Judge, index: int, uid: str, displaced: bool = False) -> None:
    st = ch.state
    h = st.where(uid)
    if uid not in rules.game.units or h is None:
        ch.say(index, Illegal("ARN 11.4", f"{uid} is not a unit placed on the map to land"))
        return
    if ch.mover is not None and ch.mover.uid == uid:
        ch.mover = None  # placed to land: its move has not begun
    ch.arrivals.landed(uid)
    kind, phasing = ch.phase()
    why: list[str] = []
    if kind != "movement" or phasing != allied(ch.rules) or st.side(uid) != allied(ch.rules):
        why.append("landings take place in the Allied Movement Phase")
    elif ch.moved_phase:
        why.append("units have already moved in this phase (landings come first)")
    utype = str(rules.game.units[uid].type).lower()
    glider: int | Unknown = 1 if "glider" in utype else (Unknown(f"whether {uid} is a glider unit (units.csv type)")
                                                        if utype in ("", "unknown") else 0)
    adjacent = 1 if any(st.side(u) == german(ch.rules) for n in h.neighbours() for u in st.at(n)) else 0
    extra = displaced_drm(rules, displaced)
    if isinstance(extra, Illegal):
        why.append(extra.reason)
        extra = 0
    drm = next((v for v in (glider, extra) if isinstance(v, Unknown)), None) or glider + adjacent + extra
    zone = drop_zone(rules, uid)
    if isinstance(zone, Hex) and h.distance(zone) > 3:
        why.append(f"{label(rules, h)} is {h.distance(zone)} hexes from {uid}'s drop zone marker at "
                   f"{label(rules, zone)} (at most three, ARN 11.4)")
    act = Landing("ARN 11.4", f"landing of {uid} in {label(rules, h)}", declared=index, unit=uid, hex=h, drm=drm,
                  row=drop_row(rules, h))
    if why:
        ch.say(index, Illegal("ARN 11.4", f"landing of {uid} not allowed: " + "; ".join(why)))
    else:
        ch.say(index, NotCheckable(zone.needs) if isinstance(zone, Unknown) else Legal())
    if in_ezoc(rules, st, h, allied(ch.rules), ignore=uid):
        ch.frozen[uid] = Illegal("ARN 11.4", f"{uid} landed in an enemy ZOC and may not move this Movement Phase")
    mob = rules.mobility(uid)
    ch.start_spent[uid] = mob if isinstance(mob, Unknown) else (hex_cost(rules, h, mob) or 0.0)
    ch.action = act
