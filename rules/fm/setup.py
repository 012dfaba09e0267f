"""The position at the start of a log against the scenario's set-up (SET-1, SET-2, SET-3; STK-3 at set-up).

Fixed set-ups (``[[setup]]`` entries with a hex) are matched counter by counter: by unit in Arnhem (ARN
11.0 names each unit), by type and combat strengths in Aachen (AAC 14.0: "Place units by type and combat
strengths in the hexes listed", so any counter of that type and strengths fills a listed hex). Areas (hex
ranges, regions) are terrain.toml places; where a place's hexes are unknown the verdict is not checkable
naming it. Drop zone markers a scenario fixes ([special_rules] drop_zone_markers) stand in their hexes
(ARN 11.0); Arnhem's free deployment is judged in ``arnhem_setup`` (ARN 12.0).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from hexforge.builder.timeline import Eliminated, Entered, Move, Placement, Timeline, TurnChange
from hexforge.games.game import Game
from hexforge.games.schema import ScenarioFile, SetupEntry
from hexforge.games.values import UNKNOWN, Datum, plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.stacking import overstacked
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState, phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict, with_guess
from hexforge.rules.system import RulesSystem


RANGE = re.compile(r"\b(\d{4})\s*(?:–|-|to)\s*(\d{4})\b")


@dataclass(frozen=True, slots=True)
class Start:
    """Who stands where at the start: each unit's hex (the first, by hex, of a doubled counter), every hex of a
    unit placed more than once, and the hexes of each game marker recognised on the map."""

    units: dict[str, Hex]
    doubled: dict[str, list[Hex]]
    markers: dict[str, list[Hex]]


@dataclass(slots=True)
class Demand:
    """One unit a set-up entry places: in one of ``hexes``, or (``hexes`` None) in the area ``area`` names."""

    uid: str
    rule: str
    hexes: frozenset[Hex] | None
    area: str  # where, in words: the hex label(s), or the area text
    reading: str | None  # the chosen reading of a disputed entry, when the entry is disputed


def cite(source: str | None, default: str = "") -> str:
    """The rule a source names: ``"AAC 14.0 (L653)"`` -> ``"AAC 14.0"``."""
    head = (source or "").split(";")[0].split("(")[0].strip()
    return head if re.match(r"[A-Z&]+ \d", head) else default


def scenario_rule(sc: ScenarioFile) -> str:
    """The rule of a scenario's set-up: the one most of its set-up entries cite."""
    cites = Counter(cite(e.source) for e in sc.setup if cite(e.source))
    return min(cites, key=lambda c: (-cites[c], c)) if cites else cite(sc.source, sc.id)


def marker_names(game: Game) -> dict[str, str]:
    return {m.id: m.name.resolved for m in game.info.markers}


def marker_id(p: Placement, names: dict[str, str]) -> str | None:
    """The game marker a piece is: the builder's Marker trait (``Marker`` = id), else its piece name (the
    marker's name or id)."""
    if p.markers.get("Marker") in names:
        return p.markers["Marker"]
    return next((k for k, n in sorted(names.items()) if p.piece.name in (k, n)), None)


def start_of(game: Game, timeline: Timeline) -> Start:
    """The units and markers standing on game hexes in the timeline's set-up."""
    units: dict[str, list[Hex]] = {}
    markers: dict[str, list[Hex]] = {}
    names = marker_names(game)
    for p in timeline.setup:
        h = game.map.index.get(p.hex) if p.hex else None
        if h is None:
            continue
        if p.piece.unit in game.units:
            units.setdefault(p.piece.unit, []).append(h)
        elif p.piece.unit is None and (mid := marker_id(p, names)) is not None:
            markers.setdefault(mid, []).append(h)
    order = game.map.label
    return Start({u: min(hs, key=order) for u, hs in units.items()},
                 {u: sorted(hs, key=order) for u, hs in units.items() if len(hs) > 1},
                 {m: sorted(hs, key=order) for m, hs in markers.items()})


def kind_of(game: Game, uid: str) -> object:
    """What makes counters interchangeable at set-up: type and combat strengths in AAC 14.0 (when all known),
    else the unit itself."""
    u = game.units[uid]
    if game.special("setup_by") == "type and combat strengths":
        vals = tuple(sorted((k, v) for k, v in u.values.items() if not k.startswith(("printed_", "reduced_"))))
        if UNKNOWN not in (u.type, *(v for _, v in vals)):
            return u.side, u.type, vals
    return uid


def who(game: Game, uid: str) -> str:
    name = game.units[uid].name
    return uid if name == uid else f"{uid} ({name})"


def _reading(d: Datum, source: str | None) -> str | None:
    if not d.disputed or d.chosen is None:
        return None
    r = d.readings[d.chosen]
    return f"{source or 'the set-up row'} read as: {r.note or r.value}"


def demands(game: Game, sc: ScenarioFile) -> tuple[list[Demand], list[tuple[SetupEntry, str, list[str]]],
                                                   list[SetupEntry]]:
    """The units each set-up entry places; apart, the entries whose hex list is empty (their units are not
    set up: entry, rule, units) and the entries whose units, or whose hex and area, are "unknown"."""
    default = scenario_rule(sc)
    out: list[Demand] = []
    off: list[tuple[SetupEntry, str, list[str]]] = []
    unknown: list[SetupEntry] = []
    for e in sc.setup:
        r = cite(e.source, default)
        d = e.hex if e.hex is not None else e.hexes
        where = e.area.resolved if e.area is not None else None
        where = where[:1].lower() + where[1:] if isinstance(where, str) else None  # "Any hex in X" -> "any hex in X"
        hexes = None
        if d is not None and d.resolved != UNKNOWN:
            v = d.resolved
            hexes = frozenset(h for spec in ([v] if isinstance(v, str) else v) for h in game.map.hexes(spec))
            where = " or ".join(v) if isinstance(v, list) else v
        if not isinstance(e.units, list) or (hexes is None and where is None):
            unknown.append(e)
        elif hexes is not None and not hexes:
            off.append((e, r, e.units))
        else:
            out += [Demand(u, r, hexes, where, _reading(d, e.source) if d else None) for u in e.units]
    return out, off, unknown


def match(game: Game, start: Start, ds: list[Demand]) -> dict[int, str]:
    """Demand index -> the unit filling it: fixed hexes first (the unit itself, then any counter of its kind
    standing there), then areas (likewise, anywhere on the map); each unit fills one demand."""
    filled: dict[int, str] = {}
    used: set[str] = set()
    for fixed in (True, False):
        for own in (True, False):
            for i, d in enumerate(ds):
                if i in filled or (d.hexes is not None) != fixed:
                    continue
                if own:
                    pool = [d.uid] if d.uid in start.units else []
                else:
                    pool = sorted(u for u in start.units if kind_of(game, u) == kind_of(game, d.uid))
                for u in pool:
                    if u not in used and (not fixed or start.units[u] in d.hexes):
                        filled[i] = u
                        used.add(u)
                        break
    return filled


def region(game: Game, area: str) -> frozenset[Hex] | Unknown:
    """The hexes of a set-up area: a hex range is the terrain.toml place with those end points; any other
    area ("Any hex in Germany", "Any hex north of the Waal River") the place named after it."""
    places = game.map.terrain.places
    m = RANGE.search(area)
    if m:
        ends = {game.map.index.get(m.group(1)), game.map.index.get(m.group(2))}
        p = next((p for p in places if p.endpoints and set(p.endpoints) == ends), None)
        what = f"the hexes of '{area}' (a terrain.toml [[places]] entry with endpoints {m.group(1)}, {m.group(2)})"
    else:
        name = re.sub(r"^any hex (in )?", "", area.strip(), flags=re.I)
        p = next((p for p in places if p.name.casefold() == name.casefold()), None)
        what = f"the hexes of '{name}' (a terrain.toml [[places]] entry named '{name}')"
    if p is None:
        return Unknown(what)
    if p.hexes is None:
        return Unknown(f"the hexes of '{p.name}' (terrain.toml [[places]]: hexes unknown)")
    return p.hexes


@rule("AAC 14.0 / ARN 11.0 / ARN 12.0", "SET-1/SET-2/SET-3", "each unit stands in its set-up hex (by type and "
      "combat strengths in Aachen) or area; no other unit is on the map at the start")
def judge_units(game: Game, sc: ScenarioFile, start: Start) -> list[Verdict]:
    """AAC 14.0, ARN 11.0, ARN 12.0: the units against the scenario's [[setup]] entries."""
    ds, off, unknown = demands(game, sc)
    filled = match(game, start, ds)
    free = {u for u in start.units if u not in filled.values()}
    out: list[Verdict] = []
    regions: dict[tuple[str, str, str], list[str]] = {}
    for i, d in enumerate(ds):
        if i not in filled:
            out.append(with_guess(missing(game, d, start, free), d.reading))
        elif d.hexes is None:
            u, h = filled[i], start.units[filled[i]]
            zone = region(game, d.area)
            if isinstance(zone, Unknown):
                regions.setdefault((zone.needs, d.rule, d.area), []).append(u)
            elif h not in zone:
                out.append(with_guess(Illegal(d.rule, f"{who(game, u)} is set up in {game.map.label(h)}; {d.rule} "
                                                      f"sets it up in {d.area}"), d.reading))
    out += [NotCheckable(f"{needs}, to judge {', '.join(sorted(us))} ({r}: {area})")
            for (needs, r, area), us in sorted(regions.items())]
    for e, r, units in off:
        reading = _reading(e.hexes, e.source) if e.hexes is not None else None
        for u in units:
            if u in free:
                free.discard(u)
                out.append(with_guess(Illegal(r, f"{who(game, u)} is on the map in {game.map.label(start.units[u])} "
                                                 f"at the start; {r} does not set it up"), reading))
            elif reading:
                out.append(Legal(reading))
    return out + [unknown_row(game, sc, e, start, free) for e in unknown] + strays(game, sc, start, free)


def missing(game: Game, d: Demand, start: Start, free: set[str]) -> Illegal:
    """A demand no counter fills: the unit (or, by kind, another counter like it) is set up elsewhere, is not on
    the map, or fills another demand of its kind. Takes the unit named from ``free``."""
    name = game.units[d.uid].name
    kin = sorted(u for u in free if kind_of(game, u) == kind_of(game, d.uid))
    u = d.uid if d.uid in free else (kin[0] if kin else None)
    if u is not None and d.hexes is not None:
        free.discard(u)
        tail = "it" if u == d.uid else f"no such unit there, and a {name}"
        return Illegal(d.rule, f"{who(game, u)} is set up in {game.map.label(start.units[u])}; {d.rule} places "
                               f"{tail} in {d.area}")
    if d.uid not in start.units:
        return Illegal(d.rule, f"{who(game, d.uid)} is not on the map at the start; {d.rule} places it in {d.area}")
    return Illegal(d.rule, f"no {name} stands in {d.area} at the start; {d.rule} places one there ({d.uid} fills "
                           f"another {name}'s place)")


def unknown_row(game: Game, sc: ScenarioFile, e: SetupEntry, start: Start, free: set[str]) -> NotCheckable:
    """A set-up row whose units, or whose hex, are not given: not checkable; units standing in its hex, and its
    own units, are its (taken from ``free``)."""
    r = cite(e.source, scenario_rule(sc))
    if isinstance(e.units, list):
        free -= set(e.units)
        return NotCheckable(f"where {', '.join(e.units)} set up ({r}: the data gives no hex or area)")
    spot = e.hex.resolved if e.hex is not None else (e.area.resolved if e.area is not None else None)
    there = sorted(u for u in free if spot is not None and game.map.label(start.units[u]) == spot)
    free -= set(there)
    said = f"; {', '.join(there)} stand{'s' if len(there) == 1 else ''} there" if there else ""
    return NotCheckable(f"which units set up in {spot or 'this row'} ({r}: {e.what or 'units unknown'}){said}")


def strays(game: Game, sc: ScenarioFile, start: Start, free: set[str]) -> list[Verdict]:
    """Units on the map at the start that no set-up entry places, and counters placed twice."""
    r = scenario_rule(sc)
    later = {u for x in sc.reinforcements if isinstance(x.units, list) for u in x.units}
    out: list[Verdict] = []
    for u in sorted(free):
        why = " (it arrives as a reinforcement)" if u in later else ""
        out.append(Illegal(r, f"{who(game, u)} is on the map in {game.map.label(start.units[u])} at the start; "
                           f"{r} does not set it up{why}"))
    for u, hs in sorted(start.doubled.items()):
        out.append(Illegal(r, f"{who(game, u)} is on the map {len(hs)} times at the start "
                           f"({', '.join(game.map.label(h) for h in hs)})"))
    return out


def fixed_markers(sc: ScenarioFile) -> tuple[dict[str, str], str]:
    """A scenario's drop zone markers with fixed hexes ([special_rules] drop_zone_markers) and their rule."""
    raw = (sc.special_rules or {}).get("drop_zone_markers")
    if raw is None:
        return {}, ""
    value = plain(raw)
    source = raw.get("source") if isinstance(raw, dict) else None
    return (dict(value) if isinstance(value, dict) else {}), cite(source, scenario_rule(sc))


def unseen_markers(game: Game, ids: list[str]) -> NotCheckable:
    names = marker_names(game)
    return NotCheckable("the drop zone markers in the set-up (no piece on the map is named "
                        + ", ".join(f"'{names.get(m, m)}'" for m in ids) + " or has the Marker property "
                        + ", ".join(ids) + ")")


@rule("ARN 11.0", "SET-2", "the drop zone markers stand in the hexes the scenario gives (3717, 1007, 2323)")
def judge_fixed_markers(game: Game, sc: ScenarioFile, start: Start) -> list[Verdict]:
    """ARN 11.0 (L468-L471): each drop zone marker in its hex. When none is recognised on the map the module
    may name them otherwise: not checkable, naming what is looked for."""
    fixed, r = fixed_markers(sc)
    if not fixed:
        return []
    ids = sorted(fixed)
    if not any(m in start.markers for m in ids):
        return [unseen_markers(game, ids)]
    names, out = marker_names(game), []
    for m in ids:
        hs, name = start.markers.get(m, []), names.get(m, m)
        if not hs:
            out.append(Illegal(r, f"the marker '{name}' is not on the map at the start; {r} places it in {fixed[m]}"))
        out += [Illegal(r, f"the marker '{name}' is in {game.map.label(h)}; {r} places it in {fixed[m]}")
                for h in hs if game.map.label(h) != fixed[m]]
    return out


@rule("F&M 5.3", "STK-3", "no two units share a hex at the set-up (AAC 14.0, ARN 12.0: stacking limits apply)")
def judge_stacking(rules: RulesSystem, timeline: Timeline) -> list[Verdict]:
    state = GameState.from_setup(rules.game, timeline)
    return [Illegal(f"{rules.book} 5.3", f"{' and '.join(us)} are stacked in {rules.game.map.label(h)} at the start")
            for h, us in overstacked(rules, state)]


def judge_scenario(rules: RulesSystem, sid: str, timeline: Timeline) -> list[Verdict]:
    """Every set-up finding against one scenario (empty: nothing wrong)."""
    game = rules.game
    sc = game.scenarios[sid]
    start = start_of(game, timeline)
    return (judge_units(game, sc, start) + judge_fixed_markers(game, sc, start)
            + rules.judge_free_deployment(sc, start) + judge_stacking(rules, timeline))


def late_start(game: Game, timeline: Timeline, first: int) -> NotCheckable | None:
    """Not checkable when the log does not begin at the set-up: its first turn tracker change is past the
    scenario's first GT."""
    e = next((e for e in timeline.events if isinstance(e, TurnChange)), None)
    turn = phase_of(game, e)[0] if e is not None else None
    if turn is None or turn <= first:
        return None
    return NotCheckable(f"a log that begins at the set-up (this one's first turn is GT {turn}, the scenario "
                        f"begins in GT {first})")


def first_turn(sc: ScenarioFile) -> int:
    v = plain(sc.first_turn)
    return v if isinstance(v, int) else 1


def has_fixed(sc: ScenarioFile) -> bool:
    return any(isinstance(e.units, list) and (e.hex is not None or (e.hexes is not None and e.hexes.resolved))
               for e in sc.setup)


def fixed_fit(game: Game, sc: ScenarioFile, start: Start) -> bool:
    """Every unit of the scenario's fixed hexes stands in one (by kind), and its drop zone markers, when
    recognised on the map, in theirs."""
    ds = [d for d in demands(game, sc)[0] if d.hexes is not None]
    if len(match(game, start, ds)) != len(ds):
        return False
    fixed, _ = fixed_markers(sc)
    if not any(m in start.markers for m in fixed):
        return True
    return all([game.map.label(h) for h in start.markers.get(m, [])] == [x] for m, x in fixed.items())


def identify_scenario(rules: RulesSystem, timeline: Timeline) -> str | None:
    """The scenario the timeline's set-up is, or None when undecidable.

    A game with one scenario: that one. Otherwise, when the log begins at the set-up: the one scenario with a
    fixed set-up (entries with a hex) whose every unit stands in its hex (by kind, see ``kind_of``) and whose
    fixed drop zone markers, when recognised on the map, stand in theirs; two matching: None. When none
    matches: the one free-deployment scenario (no fixed hexes) under which nothing in the set-up is illegal;
    none or several such: None. So a fixed set-up with one unit misplaced may be taken for a free deployment
    whose constraints the data cannot check; the report says which scenario was assumed and why.
    """
    game = rules.game
    ids = sorted(game.scenarios)
    if len(ids) == 1:
        return ids[0]
    if ids and late_start(game, timeline, min(first_turn(game.scenarios[s]) for s in ids)) is not None:
        return None
    start = start_of(game, timeline)
    fixed = [s for s in ids if has_fixed(game.scenarios[s])]
    hits = [s for s in fixed if fixed_fit(game, game.scenarios[s], start)]
    if hits:
        return hits[0] if len(hits) == 1 else None
    fits = [s for s in ids if s not in fixed and _fits(rules, s, timeline)]
    return fits[0] if len(fits) == 1 else None


def _fits(rules: RulesSystem, sid: str, timeline: Timeline) -> bool:
    return not any(isinstance(v, Illegal) for v in judge_scenario(type(rules)(rules.game, sid), sid, timeline))


def _undecided(rules: RulesSystem, timeline: Timeline) -> Verdict:
    """No scenario identified: illegal when the set-up is illegal under every scenario, else not checkable."""
    game = rules.game
    if not game.scenarios:
        return NotCheckable(f"a scenario with a set-up (game {game.id} has no scenarios)")
    late = next((v for sc in game.scenarios.values() if (v := late_start(game, timeline, first_turn(sc)))), None)
    if late is not None:
        return late
    firsts: dict[str, Illegal | None] = {}
    for sid in sorted(game.scenarios):
        firsts[sid] = next((v for v in judge_scenario(rules, sid, timeline) if isinstance(v, Illegal)), None)
    if firsts and all(firsts.values()):
        rules_cited = " / ".join(sorted({v.rule for v in firsts.values()}))
        return Illegal(rules_cited, "the set-up fits no scenario: " + "; ".join(
            f"{sid}: {v.reason}" for sid, v in firsts.items()))
    fit = [s for s, v in firsts.items() if v is None]
    return NotCheckable(f"which scenario is played (the set-up fits {' and '.join(fit)}; name it with --scenario)")


def setup_events(rules: RulesSystem, timeline: Timeline) -> int:
    """How many of the log's first events are the set-up being made: those before its first turn tracker
    change, when that change goes to the scenarios' first GT and no later than its first Movement Phase (before
    it no unit moves in play, so a unit placed then is being set up; e.g. Aachen's 3rd Armored Division,
    placed along its map edge ranges, AAC 14.0, or Arnhem's Scenario 2 free deployment, ARN 12.0)."""
    game = rules.game
    i, e = next(((i, e) for i, e in enumerate(timeline.events) if isinstance(e, TurnChange)), (0, None))
    if e is None or not game.scenarios:
        return 0
    turn, phase = phase_of(game, e)
    moving = [k for k in range(len(game.info.sequence)) if rules.phase_kind(k) == "movement"]
    firsts = {first_turn(sc) for sc in game.scenarios.values()}
    if turn is None or phase is None or turn not in firsts or not moving or phase > moving[0]:
        return 0
    return i


def as_set_up(timeline: Timeline, n: int) -> Timeline:
    """The timeline with its first ``n`` events (the set-up being made) folded into its set-up position."""
    placed = {p.piece.id: p for p in timeline.setup}
    for e in timeline.events[:n]:
        if isinstance(e, (Move, Entered)):
            to, at = (e.to, e.to_hex) if isinstance(e, Move) else (e.location, e.hex)
            old = placed.get(e.piece.id)
            placed[e.piece.id] = replace(old, location=to, hex=at) if old else Placement(e.piece, to, at)
        elif isinstance(e, Eliminated):
            placed.pop(e.piece.id, None)
    return replace(timeline, setup=tuple(placed.values()), events=timeline.events[n:])


def judge_setup(rules: RulesSystem, timeline: Timeline) -> list[Verdict]:
    """The set-up findings of a log (its set-up position and the set-up events before play, ``setup_events``):
    the scenario ``rules.scenario`` when known, else the one ``identify_scenario`` recognises (said as a guess),
    else one verdict on why it is undecided. ``[Legal()]`` when nothing is wrong."""
    timeline = as_set_up(timeline, setup_events(rules, timeline))
    game = rules.game
    sid, guess = rules.scenario, None
    if sid is None:
        sid = identify_scenario(rules, timeline)
        if sid is None:
            return [_undecided(rules, timeline)]
        if len(game.scenarios) > 1:
            guess = (f"scenario {sid}, recognised from the set-up" if has_fixed(game.scenarios[sid]) else
                     f"scenario {sid} (free deployment): the set-up matches no fixed scenario set-up")
    late = late_start(game, timeline, first_turn(game.scenarios[sid]))
    found = [late] if late else judge_scenario(rules, sid, timeline)
    return [with_guess(v, guess) for v in found] or [Legal(guess)]
