"""Reading a game's tables (``tables/<id>.toml``): a table's cells by row key and column, read once
(the TEC, the ZOC Chart), and the die-roll tables of exclusive rules (which column lists a roll).
Unknown cells give :class:`Unknown` naming the table and row."""
from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.terrain import Unknown


@dataclass(frozen=True)
class Cells:
    """A table's resolved cells by row key, read once; a game without the table gives an empty one."""

    columns: tuple[str, ...] = ()
    rows: dict[str, list[object]] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game, table: str) -> Cells:
        t = game.tables.get(table)
        if t is None:
            return cls()
        return cls(tuple(t.columns), {str(r.key): [plain(c) for c in r.cells]
                                      for r in t.rows})

    def get(self, key: str, column: str) -> object:
        """The cell of row ``key`` in ``column``; ``"unknown"`` when the table has no such row or column."""
        r = self.rows.get(key)
        return r[self.columns.index(column)] if r is not None and column in self.columns else "unknown"


def row(game: Game, table: str, key: str) -> list[object] | Unknown:
    """The resolved cells of one row of ``tables/<table>.toml``."""
    t = game.tables.get(table)
    if t is None:
        return Unknown(f"table {table} (tables/{table}.toml)")
    for r in t.rows:
        if str(r.key) == key:
            return [plain(c) for c in r.cells]
    return Unknown(f"row {key!r} of table {table} (tables/{table}.toml)")


def column_of(game: Game, table: str, key: str, roll: int) -> str | None | Unknown:
    """The column whose cell lists ``roll`` in row ``key``; ``None`` when no column does (off the table)."""
    cells = row(game, table, key)
    if isinstance(cells, Unknown):
        return cells
    cols = game.tables[table].columns
    for col, cell in zip(cols, cells):
        if cell == "unknown":
            return Unknown(f"{table} row {key!r}, column {col} (tables/{table}.toml)")
        if isinstance(cell, list) and roll in cell:
            return col
    return None
