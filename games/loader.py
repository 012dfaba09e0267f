"""Load and validate a game folder; every problem is reported at once, none as a traceback."""
from __future__ import annotations

import csv
import difflib
import io
import re
import typing
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from hexforge.counters.unit import Unit, parse_inferred
from hexforge.games.arrival_codes import VALID, arrival_code, meant_as_code
from hexforge.games.files import CELL_RULE, BadFile, read_text, read_toml, unit_cell
from hexforge.games import survey_data
from hexforge.games.channel import check as check_channel
from hexforge.games.find import bundled_games, resolve_game
from hexforge.games.game import Game
from hexforge.games.problems import GameDataError, Problem
from hexforge.games.schema import GameFile, GridSpec, Reinforcement, ScenarioFile, TableFile, TerrainFile
from hexforge.games.values import UNKNOWN, Datum
from hexforge.maps.convention import Convention
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.hexmap import HexMap, Sheet
from hexforge.maps.terrain import HexsideFeature, Place, Terrain, TerrainType

REQUIRED_UNIT_COLUMNS = ("id", "name", "side", "type", "source")
OPTIONAL_UNIT_COLUMNS = ("formation", "size", "mobility", "nationality", "note", "inferred")
MAX_SHEET_LINES = 200  # hex columns or rows of one sheet; the bundled games have at most 61
MAX_MAP_HEXES = 20_000  # hexes of the whole map; the bundled games have at most 7,224

__all__ = ["MAX_MAP_HEXES", "MAX_SHEET_LINES", "bundled_games", "check_game", "load_game", "resolve"]

resolve = resolve_game  # the older name


def check_game(ref: str | Path) -> list[Problem]:
    """Every problem in a game folder (empty when it is valid)."""
    try:
        load_game(ref)
    except GameDataError as e:
        return e.problems
    return []


def load_game(ref: str | Path) -> Game:
    """Load a game by bundled id or folder; raise :class:`GameDataError` listing every problem."""
    return _Loader(resolve_game(ref)).load()


class _Loader:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.problems: list[Problem] = []
        self.units_unread = False  # units.csv could not be read: its absent units are not each a problem

    def problem(self, file: Path, place: str, message: str) -> None:
        self.problems.append(Problem(file, place, message))

    # -- reading ----------------------------------------------------------------------------

    def read_toml(self, path: Path, model: type[BaseModel], aside: dict[str, Any] | None = None) -> Any:
        """``aside``: receives the surveyed tables of a terrain file, which ``model`` does not hold."""
        if not path.is_file():
            self.problem(path, "", "file is missing")
            return None
        try:
            raw = read_toml(path)
        except BadFile as e:
            self.problem(path, e.place, e.message)
            return None
        if aside is not None:
            aside.update(survey_data.split(raw))
        try:
            return model.model_validate(raw)
        except ValidationError as e:
            for err in e.errors():
                self.problem(path, _key_path(err["loc"]), _explain(err, model))
        return _valid_part(model, raw)

    # -- the whole folder -------------------------------------------------------------------

    def load(self) -> Game:
        f = self.folder
        info: GameFile | None = self.read_toml(f / "game.toml", GameFile)
        surveyed: dict[str, Any] = {}
        terrain_file: TerrainFile | None = self.read_toml(f / "terrain.toml", TerrainFile, surveyed)
        scenarios = {p: self.read_toml(p, ScenarioFile) for p in sorted((f / "scenarios").glob("*.toml"))}
        tables = {p: self.read_toml(p, TableFile) for p in sorted((f / "tables").glob("*.toml"))}
        hexmap = self.build_map(f / "game.toml", info.grid) if info and info.grid else None
        if info and info.id and info.id != f.name:
            self.problem(f / "game.toml", "id", f"id {info.id!r} differs from the folder name {f.name!r}")
        sides = {s.id for s in info.sides} if info and info.sides else set()
        units = self.read_units(f / "units.csv", info, sides) if info and info.units else {}
        if hexmap and terrain_file:
            hexmap.terrain = self.build_terrain(f / "terrain.toml", terrain_file, hexmap)
            survey_data.apply(f / "terrain.toml", surveyed, hexmap.terrain, hexmap, self.problem)
        if info and info.sequence:
            self.check_sequence(f / "game.toml", info.sequence, sides)
        for i, m in enumerate(info.markers or [] if info else []):
            if m.pool and m.pool.side is not None and m.pool.side not in sides:
                self.problem(f / "game.toml", f"markers[{i}].pool.side",
                             f"{m.pool.side!r} is not a side (valid: {', '.join(sorted(sides))})")
        if info:
            check_channel(f / "game.toml", info, sides, self.problem)
        for path, sc in scenarios.items():
            if sc and hexmap and sides:
                self.check_scenario(path, sc, sides, hexmap, units, terrain_file)
        for path, table in tables.items():
            if table:
                self.check_table(path, table)
        self.check_unique_ids(scenarios, "scenario")
        self.check_unique_ids(tables, "table")
        if self.problems:
            raise GameDataError(self.problems)
        assert info and hexmap and terrain_file
        return Game(path=f, info=info, map=hexmap, terrain_file=terrain_file, units=units,
                    scenarios={s.id: s for s in scenarios.values() if s},
                    tables={t.id: t for t in tables.values() if t})

    def check_unique_ids(self, items: dict[Path, Any], what: str) -> None:
        seen: dict[str, Path] = {}
        for path, item in items.items():
            if item is None:
                continue
            if item.id is None:
                continue
            if item.id in seen:
                self.problem(path, "id", f"{what} id {item.id!r} is also used by {seen[item.id].name}")
            seen[item.id] = path

    # -- the map ----------------------------------------------------------------------------

    def build_map(self, path: Path, grid: GridSpec) -> HexMap | None:
        orientation = self.choice(path, "grid.orientation", grid.orientation, ("columns", "rows"))
        shifted = self.choice(path, "grid.shifted", grid.shifted, ("even", "odd"))
        label = grid.label.resolved
        if not isinstance(label, str) or not re.fullmatch(r"C+R+|R+C+", label):
            self.problem(path, "grid.label", f"{label!r} is not a label pattern (valid: like 'CCRR' or 'RRCC')")
            return None
        if orientation is None or shifted is None:
            return None
        try:
            if grid.sheets:
                if grid.columns or grid.rows:
                    self.problem(path, "grid", "give either columns/rows or sheets, not both")
                    return None
                return self.build_sheets(path, grid, label, orientation, shifted)
            if not (grid.columns and grid.rows):
                self.problem(path, "grid", "needs 'columns' and 'rows' (or 'sheets')")
                return None
            conv = self.convention(label, orientation, grid.columns, grid.rows, shifted, grid.half_hexes)
            _check_hex_count([conv])
            return HexMap.single(conv)
        except ValueError as e:
            self.problem(path, "grid", str(e))
            return None

    @staticmethod
    def convention(label: str, orientation: str, columns: Any, rows: Any, shifted: str,
                   half_hexes: list[str] | None = None) -> Convention:
        def axis(a: Any, what: str) -> tuple[int, int, str]:
            values = (a.first.resolved, a.last.resolved, a.increase.resolved)
            if UNKNOWN in values:
                raise ValueError("the map's extent and numbering direction must be known to build it")
            if values[1] - values[0] + 1 > MAX_SHEET_LINES:
                raise ValueError(f"{what} {values[0]}..{values[1]} are {values[1] - values[0] + 1} hex {what}; "
                                 f"a sheet may have at most {MAX_SHEET_LINES} (no printed map has more)")
            return values  # type: ignore[return-value]

        return Convention.from_pattern(label, orientation, axis(columns, "columns"), axis(rows, "rows"), shifted,  # type: ignore[arg-type]
                                       frozenset(half_hexes or ()))

    def build_sheets(self, path: Path, grid: GridSpec, label: str, orientation: str, shifted: str) -> HexMap | None:
        conventions = {s.letter: self.convention(label, orientation, s.columns, s.rows, shifted, s.half_hexes)
                       for s in grid.sheets}
        _check_hex_count(list(conventions.values()))
        offsets: dict[str, tuple[int, int]] = {grid.sheets[0].letter: (0, 0)}
        pending = True
        while pending:
            pending = False
            for i, s in enumerate(grid.sheets):
                for j, o in enumerate(s.overlaps):
                    place = f"grid.sheets[{i}].overlaps[{j}]"
                    if o.sheet not in conventions:
                        self.problem(path, place + ".sheet", f"no sheet {o.sheet!r} (sheets: {', '.join(conventions)})")
                        return None
                    pair = o.hexes.resolved
                    if not (isinstance(pair, list) and len(pair) == 2):
                        self.problem(path, place + ".hexes", "must be a pair of hexes, one per sheet")
                        return None
                    a, b = (self.sheet_numbers(conventions, h) for h in pair)
                    if a is None or b is None or {a[0], b[0]} != {s.letter, o.sheet}:
                        self.problem(path, place + ".hexes",
                                     f"{pair} must be one hex of sheet {s.letter} and one of sheet {o.sheet}, "
                                     "as letter + number (e.g. 'A0101')")
                        return None
                    known, other = (a, b) if a[0] in offsets else (b, a)
                    if known[0] not in offsets or other[0] in offsets:
                        continue
                    ko = offsets[known[0]]
                    offsets[other[0]] = (ko[0] + known[1] - other[1], ko[1] + known[2] - other[2])
                    pending = True
        missing = [s.letter for s in grid.sheets if s.letter not in offsets]
        if missing:
            self.problem(path, "grid.sheets", f"sheets {missing} are not tied to the first sheet by any overlap")
            return None
        low_c = min(c for c, _ in offsets.values())
        low_r = min(r for _, r in offsets.values())
        sheets = tuple(Sheet(s.letter, conventions[s.letter], offsets[s.letter][0] - low_c,
                             offsets[s.letter][1] - low_r) for s in grid.sheets)
        return HexMap(sheets)

    @staticmethod
    def sheet_numbers(conventions: dict[str, Convention], label: str) -> tuple[str, int, int] | None:
        conv = conventions.get(label[:1])
        parsed = conv.parse(label[1:]) if conv else None
        return (label[:1], *parsed) if parsed else None

    def choice(self, path: Path, place: str, datum: Datum, valid: tuple[str, ...]) -> str | None:
        v = datum.resolved
        if datum.disputed and datum.chosen is None:
            self.problem(path, place, "has readings but no 'chosen' one; the map needs one to be built")
            return None
        if v not in valid:
            self.problem(path, place, f"{v!r} is not valid (valid: {', '.join(valid)})")
            return None
        return v

    # -- hex references ---------------------------------------------------------------------

    def hexes(self, path: Path, place: str, raw: Any, hexmap: HexMap) -> list[Hex] | None:
        """Labels and ranges -> hexes; ``None`` for ``unknown``; problems for bad labels."""
        if isinstance(raw, Datum):
            raw = raw.resolved
        if raw == UNKNOWN:
            return None
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            self.problem(path, place, "must be a list of hex labels or ranges like '0608..0612', or \"unknown\"")
            return []
        out: list[Hex] = []
        for i, item in enumerate(raw):
            where = f"{place}[{i}]"
            if ".." in item:
                out.extend(self.hex_range(path, where, item, hexmap))
            else:
                h = self.one_hex(path, where, item, hexmap)
                if h is not None:
                    out.append(h)
        return out

    def one_hex(self, path: Path, place: str, label: str, hexmap: HexMap) -> Hex | None:
        if not isinstance(label, str):
            self.problem(path, place, f"{label!r} is not a hex label ({hexmap.describe_labels()})")
            return None
        try:
            return hexmap.hex(label)
        except KeyError as e:
            self.problem(path, place, str(e))
            return None

    def hex_range(self, path: Path, place: str, item: str, hexmap: HexMap) -> list[Hex]:
        try:
            return hexmap.hexes(item)
        except (KeyError, ValueError) as e:
            self.problem(path, place, str(e))
            return []

    # -- terrain ----------------------------------------------------------------------------

    def build_terrain(self, path: Path, tf: TerrainFile, hexmap: HexMap) -> Terrain:
        terrain = Terrain()
        for i, t in enumerate(tf.types or []):
            if t.id in terrain.types:
                self.problem(path, f"types[{i}].id", f"terrain type {t.id!r} is defined twice")
            terrain.types[t.id] = TerrainType(t.id, t.name.resolved, t.kind, t.source or tf.source)
        kinds = {t.id: t.kind for t in tf.types or []}

        def expect(place: str, type_id: str, kind: str) -> None:
            if kinds.get(type_id) != kind:
                valid = ", ".join(sorted(k for k, v in kinds.items() if v == kind)) or "none defined"
                self.problem(path, place, f"{type_id!r} is not a terrain type of kind {kind} "
                                          f"(add it to [[types]]; defined: {valid})")

        for type_id, datum in (tf.hexes or {}).items():
            expect(f"hexes.{type_id}", type_id, "hex")
            for h in self.hexes(path, f"hexes.{type_id}", datum, hexmap) or []:
                terrain.add_hex(h, type_id)
        for i, hs in enumerate(tf.hexsides or []):
            place = f"hexsides[{i}]"
            expect(place + ".feature", hs.feature, "hexside")
            pairs = hs.pairs.resolved
            if pairs == UNKNOWN:  # known to exist, its hexsides not given: unknown on any hexside, never absent
                name = hs.name.resolved if hs.name else hs.feature
                terrain.unplaced[hs.feature] = "; ".join(filter(None, (terrain.unplaced.get(hs.feature), name)))
                continue
            if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
                self.problem(path, place + ".pairs", "must be a list of [hex, hex] pairs, or \"unknown\"")
                continue
            if hs.high_side is not None and len(hs.high_side) != len(pairs):
                self.problem(path, place + ".high_side", "needs one hex per pair")
            for j, (a_label, b_label) in enumerate(pairs):
                a = self.one_hex(path, f"{place}.pairs[{j}]", a_label, hexmap)
                b = self.one_hex(path, f"{place}.pairs[{j}]", b_label, hexmap)
                if a is None or b is None:
                    continue
                if a.distance(b) != 1:
                    self.problem(path, f"{place}.pairs[{j}]", f"{a_label} and {b_label} are not adjacent, "
                                                              "so they share no hexside")
                    continue
                high = None
                if hs.high_side is not None and j < len(hs.high_side):
                    high = self.one_hex(path, f"{place}.high_side[{j}]", hs.high_side[j], hexmap)
                name = hs.name.resolved if hs.name else ""
                terrain.add_hexside(Hexside.between(a, b), HexsideFeature(hs.feature, name, high))
        for i, tr in enumerate(tf.thoroughfares or []):
            place = f"thoroughfares[{i}]"
            expect(place + ".kind", tr.kind, "thoroughfare")
            path_hexes = self.hexes(path, place + ".hexes", tr.hexes, hexmap)
            if not path_hexes:
                continue
            for a, b in zip(path_hexes, path_hexes[1:]):
                if a.distance(b) != 1:
                    self.problem(path, place + ".hexes", f"{hexmap.label(a)} and {hexmap.label(b)} follow each "
                                                         "other in the path but are not adjacent")
                    break
            else:
                terrain.add_thoroughfare(path_hexes, tr.kind)
        for i, p in enumerate(tf.places or []):
            hexes = self.hexes(path, f"places[{i}].hexes", p.hexes, hexmap)
            ends = tuple(h for j, e in enumerate(p.endpoints)
                         if (h := self.one_hex(path, f"places[{i}].endpoints[{j}]", e, hexmap)) is not None)
            terrain.places.append(Place(p.name.resolved, p.kind, None if hexes is None else frozenset(hexes), ends,
                                        p.source or p.hexes.source or tf.source, p.side, p.feeds))
        for i, e in enumerate(tf.edges or []):
            if e.id in terrain.edges:
                self.problem(path, f"edges[{i}].id", f"edge {e.id!r} is defined twice")
            hexes = self.hexes(path, f"edges[{i}].hexes", e.hexes, hexmap)
            terrain.edges[e.id] = None if hexes is None else frozenset(hexes)
        return terrain

    # -- units ------------------------------------------------------------------------------

    def read_units(self, path: Path, info: GameFile, sides: set[str]) -> dict[str, Unit]:
        if not path.is_file():
            return self.unread(path, "", "file is missing")
        value_columns = list(info.units.values)
        allowed = set(REQUIRED_UNIT_COLUMNS) | set(OPTIONAL_UNIT_COLUMNS) | set(value_columns)
        allowed |= {f"{p}_{v}" for v in value_columns for p in ("reduced", "printed")}
        try:
            reader = csv.DictReader(io.StringIO(read_text(path), newline=""))
            header = reader.fieldnames or []
        except BadFile as e:
            return self.unread(path, e.place, e.message)
        except csv.Error as e:
            return self.unread(path, "line 1", f"not a readable CSV header ({e})")
        missing = [c for c in REQUIRED_UNIT_COLUMNS if c not in header]
        if missing:
            return self.unread(path, "line 1",
                               f"missing columns {missing} (required: {', '.join(REQUIRED_UNIT_COLUMNS)})")
        for c in header:
            if c not in allowed:
                hint = difflib.get_close_matches(c, sorted(allowed), n=1)
                self.problem(path, "line 1", f"unexpected column {c!r}"
                                             + (f"; did you mean {hint[0]!r}?" if hint else "")
                                             + f" (valid: {', '.join(sorted(allowed))}; "
                                               "value columns are declared in game.toml [units] values)")
        try:
            return self.unit_rows(path, reader, header, allowed, sides)
        except csv.Error as e:
            return self.unread(path, f"line {reader.line_num + 1}", f"not readable as CSV ({e})")

    def unread(self, path: Path, place: str, message: str) -> dict[str, Unit]:
        """units.csv cannot be read: one problem, and no unit references checked against it."""
        self.problem(path, place, message)
        self.units_unread = True
        return {}

    def unit_rows(self, path: Path, reader: csv.DictReader, header: list[str], allowed: set[str],
                  sides: set[str]) -> dict[str, Unit]:
        units: dict[str, Unit] = {}
        lines: dict[str, int] = {}
        for row in reader:
            line = reader.line_num
            where = f"line {line}"
            if None in row:
                self.problem(path, where, "more cells than columns")
                continue
            cells = {k: (v or "").strip() for k, v in row.items()}
            for c in REQUIRED_UNIT_COLUMNS:
                if not cells.get(c):
                    self.problem(path, f"{where}, column {c}", "must not be empty")
            uid = cells.get("id", "")
            if uid in lines:
                self.problem(path, f"{where}, column id", f"unit id {uid!r} is also used on line {lines[uid]}")
            if cells.get("side") and cells["side"] not in sides:
                self.problem(path, f"{where}, column side",
                             f"{cells['side']!r} is not a side (valid: {', '.join(sorted(sides))})")
            values = {}
            for c in header:
                if c in allowed - set(REQUIRED_UNIT_COLUMNS) - set(OPTIONAL_UNIT_COLUMNS):
                    v = unit_cell(cells.get(c, ""))
                    if v is None:
                        self.problem(path, f"{where}, column {c}",
                                     f"{_short(cells[c])} is not a number (valid: {CELL_RULE})")
                    elif cells.get(c, "") != "":
                        values[c] = v
            inferred, wrong = parse_inferred(cells.get("inferred", ""), set(values))
            if wrong:
                self.problem(path, f"{where}, column inferred", wrong)
            if uid:
                lines[uid] = line
                units[uid] = Unit(uid, cells.get("name", ""), cells.get("side", ""), cells.get("type", ""),
                                  cells.get("source", ""), cells.get("formation", ""), cells.get("size", ""),
                                  cells.get("mobility", ""), cells.get("nationality", ""),
                                  cells.get("note", ""), values, inferred)
        return units

    # -- sequence, scenarios, tables ----------------------------------------------------------

    def check_sequence(self, path: Path, sequence: list[Any], sides: set[str]) -> None:
        valid = {"first", "second", "both"} | sides
        seen: set[str] = set()
        for i, ph in enumerate(sequence):
            if ph.player not in valid:
                self.problem(path, f"sequence[{i}].player", f"{ph.player!r} is not valid "
                                                            f"(valid: {', '.join(sorted(valid))})")
            if ph.id in seen:
                self.problem(path, f"sequence[{i}].id", f"phase id {ph.id!r} is used twice")
            seen.add(ph.id)

    def check_scenario(self, path: Path, sc: ScenarioFile, sides: set[str], hexmap: HexMap,
                       units: dict[str, Unit], tf: TerrainFile | None) -> None:
        edges = {e.id for e in tf.edges or []} if tf else set()
        fp = sc.first_player.resolved if sc.first_player else UNKNOWN
        if fp != UNKNOWN and fp not in sides:
            self.problem(path, "first_player", f"{fp!r} is not a side (valid: {', '.join(sorted(sides))})")
        for field in ("first_turn", "last_turn"):
            v = getattr(sc, field).resolved if getattr(sc, field) else UNKNOWN
            if v != UNKNOWN and not isinstance(v, int):
                self.problem(path, field, f"{v!r} is not a turn number or \"unknown\"")

        def check_units(place: str, ids: list[str] | str) -> None:
            if ids == UNKNOWN or self.units_unread:
                return
            for j, uid in enumerate(ids):
                if uid not in units:
                    self.problem(path, f"{place}[{j}]", f"no unit {uid!r} in units.csv")

        for i, s in enumerate(sc.setup or []):
            check_units(f"setup[{i}].units", s.units)
            given = [k for k in ("hex", "hexes", "area") if getattr(s, k) is not None]
            if len(given) != 1:
                self.problem(path, f"setup[{i}]", "give exactly one of 'hex', 'hexes' or 'area'")
            if s.hex is not None and s.hex.resolved != UNKNOWN:
                self.one_hex(path, f"setup[{i}].hex", s.hex.resolved, hexmap)
            if s.hexes is not None:
                self.hexes(path, f"setup[{i}].hexes", s.hexes, hexmap)
        for i, d in enumerate(sc.deployment or []):
            check_units(f"deployment[{i}].units", d.units)
            if d.side is not None and d.side not in sides:
                self.problem(path, f"deployment[{i}].side", f"{d.side!r} is not a side")
            if d.hexes is not None:
                self.hexes(path, f"deployment[{i}].hexes", d.hexes, hexmap)
        for i, r in enumerate(sc.reinforcements or []):
            check_units(f"reinforcements[{i}].units", r.units)
            self.turn(path, f"reinforcements[{i}].turn", r.turn)
            if r.entry is not None:
                self.entry(path, f"reinforcements[{i}]", r, edges, hexmap)
        for i, w in enumerate(sc.withdrawals or []):
            check_units(f"withdrawals[{i}].units", w.units)
            self.turn(path, f"withdrawals[{i}].turn", w.turn)
        for i, v in enumerate(sc.victory or []):
            if v.side is not None and v.side not in sides | {"draw"}:
                self.problem(path, f"victory[{i}].side", f"{v.side!r} is not a side")
            if v.hexes is not None:
                self.hexes(path, f"victory[{i}].hexes", v.hexes, hexmap)
            if v.kind == "text" and not v.text:
                self.problem(path, f"victory[{i}].text", "a victory condition of kind 'text' needs its text")
        if sc.special_rules is not None and not sc.special_rules.get("source"):
            self.problem(path, "special_rules", "needs a 'source'")

    def entry(self, path: Path, place: str, r: Reinforcement, edges: set[str], hexmap: HexMap) -> None:
        """A reinforcement's entry: hexes, a map edge id, or an arrival code (``games/arrival_codes.py``) whose
        hex is on the map, whose edge is defined and whose GT is the row's ``turn``."""
        entry = r.entry.resolved if r.entry is not None else UNKNOWN
        if entry == UNKNOWN or (isinstance(entry, str) and entry in edges):
            return
        code = arrival_code(entry) if isinstance(entry, str) and entry not in hexmap.index else None
        where = f"{place}.entry"
        if code is None and isinstance(entry, str) and meant_as_code(entry) and entry not in hexmap.index:
            self.problem(path, where, f"{entry!r} is not an arrival code: {VALID}; the entry may also be hexes, a "
                                      f"map edge id ({', '.join(sorted(edges)) or 'none defined'}) or \"unknown\"")
        elif code is None:
            self.hexes(path, where, r.entry, hexmap)
        elif code.edge is not None and code.edge not in edges:
            self.problem(path, where, f"arrival code {entry!r} names map edge {code.edge!r}, which the terrain "
                                      f"file's [[edges]] does not define (defined: {', '.join(sorted(edges)) or 'none'})")
        elif code.hex is not None:
            self.one_hex(path, where, code.hex, hexmap)
        turn = r.turn.resolved
        if code is not None and isinstance(turn, int) and turn != code.turn:
            self.problem(path, where, f"arrival code {entry!r} is for GT {code.turn}, but the row's turn is {turn}")

    def turn(self, path: Path, place: str, datum: Datum) -> None:
        v = datum.resolved
        if v != UNKNOWN and not isinstance(v, int):
            self.problem(path, place, f"{v!r} is not a turn number or \"unknown\"")

    def check_table(self, path: Path, table: TableFile) -> None:
        if table.columns is None:
            return
        width = len(table.columns)
        keys: set[str] = set()
        for i, row in enumerate(table.rows or []):
            if len(row.cells) != width:
                self.problem(path, f"rows[{i}].cells", f"has {len(row.cells)} cells; the table has {width} columns "
                                                        "(write \"unknown\" for cells the source lacks)")
            if str(row.key) in keys:
                self.problem(path, f"rows[{i}].key", f"row key {row.key!r} is used twice")
            keys.add(str(row.key))


def _check_hex_count(conventions: list[Convention]) -> None:
    """Refuse a map larger than :data:`MAX_MAP_HEXES` before any hex of it is made."""
    total = sum(c.columns.count * c.rows.count for c in conventions)
    if total > MAX_MAP_HEXES:
        raise ValueError(f"the map would have {total} hexes; a map may have at most {MAX_MAP_HEXES} "
                         "(no printed game has more)")


def _valid_part(model: type[BaseModel], raw: dict[str, Any]) -> Any:
    """The model with only the top-level keys that are valid on their own (others ``None``),
    so that one mistake does not hide the problems elsewhere in the file."""
    good: dict[str, Any] = {}
    for name, f in model.model_fields.items():
        if name not in raw:
            good[name] = f.get_default(call_default_factory=True) if not f.is_required() else None
            continue
        try:
            kind = Annotated[f.annotation, *f.metadata] if f.metadata else f.annotation
            good[name] = TypeAdapter(kind).validate_python(raw[name])
        except ValidationError:
            good[name] = None
    return model.model_construct(**good)


def _short(text: str, limit: int = 40) -> str:
    """``text`` quoted, cut to ``limit`` characters so a 5,000-digit cell does not flood the report."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"


def _key_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _explain(err: dict[str, Any], model: type[BaseModel]) -> str:
    """Pydantic's message, plus the valid keys where a key is unknown or missing."""
    kind, msg = err["type"], err["msg"]
    if kind == "value_error":
        msg = msg.removeprefix("Value error, ")
    if kind in ("extra_forbidden", "missing"):
        owner = _model_at(model, err["loc"][:-1])
        if owner is not None:
            fields = owner.model_fields
            required = [k for k, f in fields.items() if f.is_required()]
            optional = [k for k in fields if k not in required]
            what = "unknown key" if kind == "extra_forbidden" else "required key is missing"
            close = difflib.get_close_matches(str(err["loc"][-1]), list(fields), n=1)
            if kind == "extra_forbidden" and close:
                what += f"; did you mean {close[0]!r}?"
            return f"{what} (required: {', '.join(required) or 'none'}; optional: {', '.join(optional)})"
    if kind == "string_pattern_mismatch":
        return f"{err['input']!r} does not match {err['ctx']['pattern']}"
    return msg


def _model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model class that owns the key at ``loc`` (walking fields, lists and optionals)."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)) or part not in current.model_fields:
            return None
        current = _inner_model(current.model_fields[part].annotation)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _inner_model(annotation: Any) -> Any:
    for arg in (annotation, *typing.get_args(annotation)):
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            return arg
        inner = typing.get_args(arg)
        for a in inner:
            if isinstance(a, type) and issubclass(a, BaseModel):
                return a
    return annotation

