"""VASSAL's numbering rules, worked out by hand from HexGridNumbering/RegularGridNumbering.

The conformance tests in tests/vassal ask the engine itself; these pin the quirks so that a
change shows up without Java installed.
"""
from __future__ import annotations

import math

import pytest
from hypothesis import given, strategies as st

from hexforge.maps.grid import BadLabel, BoardGrid, GridNumbering, HexGrid, java_round

DX = 64 * math.sqrt(3) / 2


def grid(**numbering) -> BoardGrid:
    return BoardGrid(HexGrid(DX, 64.0, 37, 32), GridNumbering(**numbering), 573, 544)


def test_stagger_numbers_odd_raw_columns_one_row_higher() -> None:
    # vassal-check README: with stagger=true, (col 1, row 0) is 0202; without it, 0201.
    assert grid(stagger=True).label_of_raw(1, 0) == "0202"
    assert grid(stagger=False).label_of_raw(1, 0) == "0201"


def test_centres_are_truncated_not_rounded() -> None:
    # Column 2 lies at 2 * 55.4256 + 37 = 147.85: VASSAL truncates to 147.
    g = grid(stagger=False)
    assert g.point_of_label("0301") == (147, 32)
    assert g.point_of_label("0201") == (92, 64)


def test_names_come_from_rectangles_not_hexagons() -> None:
    # (68, 30) lies inside hexagon 0101 (its right corner is at x = 37 + 2*dx/3 = 73.9), but
    # right of the column boundary x0 + dx/2 = 64.7: VASSAL names it by its rectangle, 0200.
    from shapely.geometry import Point

    from hexforge.maps.geometry import hex_polygon

    g = grid(stagger=False)
    assert hex_polygon(g, g.hex_of_raw(0, 0)).contains(Point(68, 30))
    assert g.label_at(68, 30) == "0200"
    assert g.label_at(64, 30) == "0101"


def test_leading_zeros_and_alphabetic_parts() -> None:
    g = grid(h_type="A", v_leading=2, h_off=0, v_off=0)
    assert g.label_of_raw(0, 0) == "A000"
    assert g.label_of_raw(27, 5) == "BB006"  # 27 -> BB; stagger adds one row in odd columns
    assert g.numbers_of_label("BB006") == (27, 6)


def test_negative_numbers_and_bad_labels() -> None:
    g = grid(h_off=-3, stagger=False)
    assert g.label_of_raw(1, 0) == "-0201"
    assert g.hex_of_label("-0201") == g.hex_of_raw(1, 0)
    with pytest.raises(BadLabel):
        g.point_of_label("-101")  # VASSAL: BadCoords (each part needs two digits)
    with pytest.raises(BadLabel):
        g.point_of_label("hello")


def test_location_format_with_literal_text() -> None:
    g = grid(location_format="Hex $column$/$row$", stagger=False)
    assert g.label_of_raw(4, 6) == "Hex 05/07"
    assert g.hex_of_label("Hex 05/07") == g.hex_of_raw(4, 6)


def test_unsupported_format_property_is_refused() -> None:
    with pytest.raises(ValueError, match="not supported"):
        GridNumbering(location_format="$mapName$ $gridLocation$")


def test_java_round_ties_go_up() -> None:
    assert [java_round(v) for v in (0.5, -0.5, 1.5, -1.5, 0.49999999999999994)] == [1, 0, 2, -1, 0]


@given(st.integers(-5, 30), st.integers(-5, 30), st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_hex_centre_is_named_as_its_hex(c: int, r: int, sideways: bool, stagger: bool, hd: bool, vd: bool) -> None:
    g = BoardGrid(HexGrid(DX, 64.0, 37, 32, sideways=sideways),
                  GridNumbering(stagger=stagger, h_descend=hd, v_descend=vd, h_off=40, v_off=40), 900, 800)
    h = g.hex_of_raw(c, r)
    assert g.hex_at(*g.pixel(h)) == h
    assert g.raw_of_hex(h) == (c, r)
    if not (stagger and (hd or vd)):
        assert g.hex_of_label(g.label(h)) == h
