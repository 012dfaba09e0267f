"""Die-roll tables of the exclusive rules (bridge demolition and repair, the airborne drop table):
which column of a row lists a roll. Unknown cells give :class:`Unknown` naming the table and row."""
from __future__ import annotations

from hexforge.games.game import Game
from hexforge.games.values import Datum
from hexforge.maps.terrain import Unknown


def row(game: Game, table: str, key: str) -> list[object] | Unknown:
    """The resolved cells of one row of ``tables/<table>.toml``."""
    t = game.tables.get(table)
    if t is None:
        return Unknown(f"table {table} (tables/{table}.toml)")
    for r in t.rows:
        if str(r.key) == key:
            return [c.resolved if isinstance(c, Datum) else c for c in r.cells]
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
