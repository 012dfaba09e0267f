"""What a game's data knows and what it does not: the `hexforge data status` report.

Units are counted column by column, including the descriptive columns the rules read
(``mobility``, ``type`` ...), not only the printed values. Given the checker's catalogue of checks
and the data each needs (``RulesSystem.catalogue`` of the game's rules, passed in by the caller: games
know no rules), the report ranks the missing data by how many checks it would unlock.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from pydantic import BaseModel

from hexforge.games.game import Game
from hexforge.games.values import Datum, parse_datum

#: units.csv columns besides the value columns that the rules read: ``mobility`` (system.py,
#: arrival.py, arnhem.py), ``type`` (commandos, engineers, airborne units), ``formation`` (Aachen's
#: 30th Division, HTTR command chains), ``nationality`` (Arnhem SFMs and supply), ``size`` (HTTR HQs).
RULE_COLUMNS = ("mobility", "type", "formation", "nationality", "size")

#: One check of a rules catalogue: (predicate id, rule section, what it checks, the data it needs).
Check = tuple[str, str, str, str]


@dataclass(slots=True)
class Tally:
    known: int = 0
    unknown: int = 0
    disputed: list[str] = field(default_factory=list)
    unknown_places: list[str] = field(default_factory=list)

    def add(self, place: str, d: Datum) -> None:
        if d.disputed:
            self.disputed.append(place)
        if d.known:
            self.known += 1
        else:
            self.unknown += 1
            self.unknown_places.append(place)


@dataclass(slots=True)
class Status:
    game: Game
    categories: dict[str, Tally]
    surveyed_hexes: int
    missing_tables: list[str]
    partial_tables: list[tuple[str, int, int]]
    unit_types: Counter[str]
    unit_columns: dict[str, Tally] = field(default_factory=dict)
    unlocks: list[Unlock] | None = None  # None: no catalogue of checks for this system
    records: dict[str, dict[str, Tally]] = field(default_factory=dict)  # [special.<table>] field -> tally
    inferred: list[str] = field(default_factory=list)  # unit values inferred, not printed: "183-219.cs"


@dataclass(frozen=True, slots=True)
class Unlock:
    """Missing data and the checks that need it."""

    data: str           # e.g. "units.csv mobility"
    missing: str        # how much is missing, e.g. "49 of 49 units"
    checks: tuple[tuple[str, str], ...]  # (predicate, rule section)


def data(model: Any, path: str = "") -> Iterator[tuple[str, Datum]]:
    """Every datum in a loaded model, with its key path."""
    if isinstance(model, Datum):
        yield path, model
    elif isinstance(model, BaseModel):
        for name in type(model).model_fields:
            yield from data(getattr(model, name), f"{path}.{name}" if path else name)
    elif isinstance(model, (list, tuple)):
        for i, item in enumerate(model):
            yield from data(item, f"{path}[{i}]")
    elif isinstance(model, dict):
        for k, v in model.items():
            yield from data(v, f"{path}.{k}" if path else str(k))


def status(game: Game, catalogue: Iterable[Check] | None = None) -> Status:
    """What the game's data knows; with ``catalogue``, also what missing data blocks which checks."""
    cats: dict[str, Tally] = {}

    def tally(name: str, model: Any, prefix: str) -> None:
        t = cats.setdefault(name, Tally())
        for place, d in data(model):
            t.add(f"{prefix}: {place}", d)

    tally("game and grid", game.info, "game.toml")
    tally("terrain", game.terrain_file, "terrain.toml")
    units = cats.setdefault("units", Tally())
    columns: dict[str, Tally] = {}
    for u in game.units.values():
        row = {**{c: getattr(u, c) for c in RULE_COLUMNS if getattr(u, c) != ""}, **u.values}
        for col, v in row.items():
            units.add(f"units.csv: {u.id}.{col}", Datum(v))
            columns.setdefault(col, Tally()).add(u.id, Datum(v))
    for sid, sc in game.scenarios.items():
        tally("scenarios", sc, f"scenarios/{sid}.toml")
    missing, partial = [], []
    for tid, table in sorted(game.tables.items()):
        tally("tables", table, f"tables/{tid}.toml")
        cells = [c for row in table.rows for c in row.cells]
        known = sum(1 for c in cells if c.known)
        if known == 0:
            missing.append(f"{tid} ({table.name.resolved})")
        elif known < len(cells):
            partial.append((tid, known, len(cells)))
    surveyed = sum(1 for h in game.map if game.map.terrain.surveyed(h))
    s = Status(game, cats, surveyed, missing, partial, Counter(u.type for u in game.units.values()), columns,
               records=special_records(game),
               inferred=[f"{u.id}.{c}" for u in game.units.values() for c in sorted(u.inferred)])
    if catalogue is not None:
        s.unlocks = unlocks(s, catalogue)
    return s


def unresolved_formations(game: Game) -> Counter[str]:
    """The units.csv formations that name no HQ unit, with how many units carry each: no unit id, and no
    ``[special.formation_hqs]`` entry mapping it to one (``unknown`` is no name). Empty for a game whose formations
    name no HQ at all (neither an id nor a mapping): its formations are not read as HQs."""
    table = game.special("formation_hqs")
    rows = table.get("hqs") if isinstance(table, dict) else None
    mapped = {r.get("formation") for r in rows or () if isinstance(r, dict) and r.get("hq") in game.units}
    names = Counter(u.formation for u in game.units.values() if u.formation and u.formation != "unknown")
    if not mapped and not any(f in game.units for f in names):
        return Counter()
    return Counter({f: n for f, n in names.items() if f not in game.units and f not in mapped})


RECORD_TEXT = ("name", "side", "source", "note")  # a record's descriptive fields, not data to count


def special_records(game: Game) -> dict[str, dict[str, Tally]]:
    """The ``[special]`` tables of records (e.g. PtR's ``[special.formations.<id>]``), field by field."""
    out: dict[str, dict[str, Tally]] = {}
    for key, table in sorted((game.info.special or {}).items()):
        records = {k: v for k, v in table.items() if isinstance(v, dict)} if isinstance(table, dict) else {}
        if len(records) < 2 or "value" in table or "readings" in table:
            continue
        fields = out.setdefault(key, {})
        for rid, rec in records.items():
            for name, raw in rec.items():
                if name not in RECORD_TEXT:
                    fields.setdefault(name, Tally()).add(rid, parse_datum(raw))
    return {k: v for k, v in out.items() if v}


def _applies(section: str, game: Game) -> bool:
    """Whether a rule section is this game's: its system's rules or its own (``ARN 10.6`` for Arnhem)."""
    own = game.info.source.split()[0] if game.info.source else ""
    return any(p.split()[0] in (own, "F&M", "PtR", "PTR", "HTTR") and (p.split()[0] == own or
               p.split()[0] not in ("AAC", "ARN")) for p in section.split("/") if p.strip())


def _items(needs: str) -> list[str]:
    """The data items a catalogue entry needs: ``"units.csv mobility, TEC rows"`` -> two items;
    commas inside parentheses or before a number (``1422/1423, 3325/3424``) do not split."""
    return [i.strip() for i in re.split(r",(?!\s*\d)(?![^()]*\))", needs) if i.strip()]


def _missing(s: Status, item: str) -> str | None:
    """How much of the item's data is missing; None when the game has all of it; "" when not measured."""
    m = re.match(r"units\.csv (\w+(?:\s*&\s*\w+)*)", item)
    if m:
        columns = [c.strip() for c in m.group(1).split("&")]
        said = [g for g in (_column_gap(s, c) for c in columns) if g is not None]
        return ("; ".join(said) if len(columns) > 1 else said[0].split(" ", 1)[1]) if said else None
    g = s.game
    table = _table_named(g, item)
    if table is not None:
        cells = [c for r in table.rows for c in r.cells]
        unknown = sum(1 for c in cells if not c.known)
        return None if cells and unknown == 0 else f"{unknown} of {len(cells)} cells unknown"
    for kind in ("tec", "crt"):
        if item.lower().startswith(kind):
            cells = [c for t in g.tables.values() if t.kind == kind for r in t.rows for c in r.cells]
            unknown = sum(1 for c in cells if not c.known)
            return None if cells and unknown == 0 else f"{unknown} of {len(cells)} cells unknown"
    if item.startswith("map terrain"):
        total = len(g.map)
        return None if s.surveyed_hexes == total else f"{total - s.surveyed_hexes} of {total} hexes unsurveyed"
    return ""


def _column_gap(s: Status, column: str) -> str | None:
    t = s.unit_columns.get(column)
    if t is None:
        return f"{column}: no such column"
    return None if t.unknown == 0 else f"{column} unknown for {t.unknown} of {t.known + t.unknown} units"


def _table_named(g: Game, item: str) -> Any:
    """The table a catalogue item names: by its name ("Combat Chits"), the end of its name ("Infiltration
    Results Chart"), or its id as the item's first word ("AP Table" -> ap, "ZOC Chart" -> zoc)."""
    want = item.lower().strip()
    first = want.split()[0] if want else ""
    for tid, t in sorted(g.tables.items()):
        name = str(t.name.resolved).lower()
        if name == want or (len(want) > 8 and name.endswith(want)) or tid == first:
            return t
    return None


def unlocks(s: Status, catalogue: Iterable[Check]) -> list[Unlock]:
    """The data the game lacks, each with the checks of ``catalogue`` that need it, most checks first."""
    need: dict[str, tuple[str, list[tuple[str, str]]]] = {}
    for pred, section, _what, needs in catalogue:
        if not needs or not _applies(section, s.game):
            continue
        for item in _items(needs):
            key = item.split(" (")[0]
            missing = _missing(s, key)
            if missing is not None:
                need.setdefault(key, (missing, []))[1].append((pred, section))
    out = [Unlock(k, m, tuple(c)) for k, (m, c) in need.items()]
    return sorted(out, key=lambda u: (-len(u.checks), u.data))


def report(s: Status, verbose: bool = False) -> str:
    g = s.game
    lines = [f"{g.title} ({g.id}), system {g.info.system}", ""]
    lines.append(f"{'category':<16}{'known':>8}{'unknown':>9}{'disputed':>10}")
    for name, t in s.categories.items():
        lines.append(f"{name:<16}{t.known:>8}{t.unknown:>9}{len(t.disputed):>10}")
    total = len(g.map)
    lines += ["", f"map: {total} hexes, terrain surveyed in {s.surveyed_hexes}, "
                  f"unsurveyed in {total - s.surveyed_hexes}"]
    places = g.map.terrain.places
    unplaced = [p.name for p in places if p.hexes is None]
    lines.append(f"places: {len(places)} named, {len(unplaced)} without stated hexes"
                 + (f" ({', '.join(unplaced)})" if unplaced else ""))
    lines.append(f"units: {len(g.units)} counters; scenarios: {len(g.scenarios)}; tables: {len(g.tables)}")
    if s.missing_tables:
        lines += ["", "missing tables (every cell unknown):"] + [f"  {t}" for t in s.missing_tables]
    if s.partial_tables:
        lines += ["", "partly known tables:"] + [f"  {t}: {k} of {n} cells known" for t, k, n in s.partial_tables]
    disputed = [p for t in s.categories.values() for p in t.disputed]
    if disputed:
        lines += ["", "disputed values (readings differ):"] + [f"  {p}" for p in disputed]
    lines += ["", "units.csv columns (the values, and every other column the rules read):"]
    lines += [f"  {col:<24}{t.known:>5} known{t.unknown:>5} unknown" for col, t in sorted(s.unit_columns.items())]
    asked = sorted({c.strip() for u in s.unlocks or [] if (m := re.match(r"units\.csv (\w+(?:\s*&\s*\w+)*)", u.data))
                    for c in m.group(1).split("&") if c.strip() not in s.unit_columns})
    lines += [f"  {col:<24}    0 known{len(g.units):>5} unknown  (not a column yet; the checks ask for it)"
              for col in asked]
    if s.inferred:
        lines += ["", "unit values inferred, not printed (units.csv inferred column):"]
        by_unit: dict[str, list[str]] = {}
        for v in s.inferred:
            by_unit.setdefault(v.split(".")[0], []).append(v.split(".", 1)[1])
        lines += [f"  {uid} {', '.join(cols)}: {g.units[uid].inferred[cols[0]]}" for uid, cols in by_unit.items()]
    if gaps := unresolved_formations(g):
        lines += ["", "formations naming no HQ unit (no units.csv id, no game.toml [special.formation_hqs] entry): "
                  + ", ".join(f"{f} ({n} unit{'s' if n > 1 else ''})" for f, n in sorted(gaps.items()))]
    for key, fields in s.records.items():
        lines += ["", f"[special.{key}] fields, one record per {key.rstrip('s')}:"]
        for name, t in sorted(fields.items()):
            lines.append(f"  {name:<24}{t.known:>5} known{t.unknown:>5} unknown"
                         + (f"  (unknown: {', '.join(t.unknown_places)})" if t.unknown and verbose else ""))
    lines += _unlock_lines(s)
    if verbose:
        lines += ["", "unknown values:"] + [f"  {p}" for t in s.categories.values() for p in t.unknown_places]
    else:
        n = sum(t.unknown for t in s.categories.values())
        lines += ["", f"({n} unknown values; --verbose lists each)"]
    return "\n".join(lines)



def _unlock_lines(s: Status) -> list[str]:
    if s.unlocks is None:
        return ["", f"(which data would unlock which checks: no catalogue of checks was given for system "
                    f"{s.game.info.system})"]
    if not s.unlocks:
        return ["", "every check of the catalogue has the data it needs"]
    lines = ["", "data that would unlock the most checks:"]
    for u in s.unlocks:
        sections = ", ".join(dict.fromkeys(sec for _, sec in u.checks))
        preds = ", ".join(p for p, _ in u.checks)
        missing = f": {u.missing}" if u.missing else " (not measured by data status)"
        lines.append(f"  {u.data}{missing}; unlocks {len(u.checks)} check{'s' if len(u.checks) > 1 else ''}: {sections} ({preds})")
    return lines
