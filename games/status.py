"""What a game's data knows and what it does not: the `hexforge data status` report."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterator

from pydantic import BaseModel

from hexforge.games.game import Game
from hexforge.games.values import Datum


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


def status(game: Game) -> Status:
    cats: dict[str, Tally] = {}

    def tally(name: str, model: Any, prefix: str) -> None:
        t = cats.setdefault(name, Tally())
        for place, d in data(model):
            t.add(f"{prefix}: {place}", d)

    tally("game and grid", game.info, "game.toml")
    tally("terrain", game.terrain_file, "terrain.toml")
    units = cats.setdefault("units", Tally())
    for u in game.units.values():
        for col, v in u.values.items():
            units.add(f"units.csv: {u.id}.{col}", Datum(v))
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
    return Status(game, cats, sum(1 for h in game.map if game.map.terrain.surveyed(h)), missing, partial,
                  Counter(u.type for u in game.units.values()))


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
    if verbose:
        lines += ["", "unknown values:"] + [f"  {p}" for t in s.categories.values() for p in t.unknown_places]
    else:
        n = sum(t.unknown for t in s.categories.values())
        lines += ["", f"({n} unknown values; --verbose lists each)"]
    return "\n".join(lines)

