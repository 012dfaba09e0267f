"""Binding files: pieces by GPID or name, boards through offsets or explicit labels, clear errors."""
from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.builder.binding import Binding, BoardBinding, load_binding
from hexforge.builder.errors import BindingError
from hexforge.builder.locations import Location
from hexforge.builder.modulereader import read_module
from hexforge.games import load_game
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.layout import MapLayout, PlacedBoard
from tests.conftest import SYNTHETIC
from tests.logs.logmodule import PieceSpec, write_log_module


def test_gpid_wins_over_name_and_unit_ids_bind_themselves() -> None:
    game = load_game(SYNTHETIC)
    b = Binding({"gpid:7": "R2", "Panzer": "B2"})
    assert b.unit("Panzer", "7", game) == "R2"
    assert b.unit("Panzer", "8", game) == "B2"
    assert b.unit("B1", "", game) == "B1" and b.unit("Nobody", "", game) is None


def test_board_offsets_and_label_table(tmp_path: Path) -> None:
    game = load_game(SYNTHETIC)
    numbering = GridNumbering(first="V", v_type="A", h_leading=0, v_off=0, stagger=False)
    grid = BoardGrid(HexGrid(55.4, 64.0, 30, 32), numbering, 300, 540)
    layout = MapLayout((PlacedBoard("North", grid),))
    module = read_module(write_log_module(tmp_path / "m.vmod", "M", layout, [PieceSpec("x", "blue", "1")]))
    b = Binding(boards={"North": BoardBinding(column_offset=2, row_offset=1, labels={"A1": "0808"})})
    # RRCC with letters for rows: "C2" is row C (=2) column 2 -> game column 4, row 3.
    assert b.hex(Location("M", "North", "C2"), module, game) == "0403"
    assert b.hex(Location("M", "North", "A1"), module, game) == "0808"
    assert b.hex(Location("M", "North", "Z9"), module, game) is None  # off the game map
    assert b.hex(Location("M", None, "offboard"), module, game) is None


@pytest.mark.parametrize("text, what", [
    ('[pieces]\n"a" = 3\n', "must be a unit id"),
    ('[units]\n', "unknown table"),
    ('[boards."B"]\nsheet = "Q"\n', "has no sheet 'Q'"),
    ('[boards."B"]\ncolumn_offset = "2"\n', "is not an integer"),
    ('[boards."B"]\ncolour = 1\n', "unknown key"),
    ('[pieces\n', "not valid TOML"),
])
def test_binding_errors_name_file_place_and_what(tmp_path: Path, text: str, what: str) -> None:
    path = tmp_path / "b.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BindingError) as info:
        load_binding(path, load_game(SYNTHETIC))
    assert str(path) in str(info.value) and what in str(info.value)
