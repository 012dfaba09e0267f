"""Each game's printed numbering, turned into VASSAL attributes, reproduces the rulebooks' adjacencies."""
from __future__ import annotations

import pytest

from hexforge.maps.convention import Convention, board_grid, sheet_hexes
from hexforge.maps.hexmap import HexMap
from tests.games.rawdata import rulebook_line

ARNHEM = Convention.from_pattern("CCRR", "columns", (1, 39, "right"), (1, 26, "down"), "even")
ARNHEM_OTHER_PARITY = Convention.from_pattern("CCRR", "columns", (1, 39, "right"), (1, 26, "down"), "odd")
PTR = Convention.from_pattern("RRCC", "rows", (0, 28, "right"), (10, 55, "up"), "odd")


@pytest.mark.parametrize("line, a, b", [(367, "0507", "0606"), (390, "3325", "3424")])
def test_arnhem_hexsides_named_in_the_rules_are_adjacent(line: int, a: str, b: str) -> None:
    text = rulebook_line("arnhem-farthest-bridge.txt", line)
    assert f"{a}/{b}" in text
    m = HexMap.single(ARNHEM)
    assert m.hex(a).distance(m.hex(b)) == 1
    other = HexMap.single(ARNHEM_OTHER_PARITY)
    assert other.hex(a).distance(other.hex(b)) != 1  # the parity is decided by these pairs


# PTR 8.x example (L916-L922) and 21.3 (L1124): pairs the text says are adjacent.
@pytest.mark.parametrize("line, a, b", [
    (916, "2013", "2114"),  # "two hexes distant" -> checked below as distance 2
    (918, "2013", "2113"), (918, "2013", "2014"), (922, "2114", "2015"), (922, "2114", "2215"),
    (1124, "5321", "5421"), (1124, "5420", "5421"), (1124, "5420", "5520"),
])
def test_ptr_example_adjacencies(line: int, a: str, b: str) -> None:
    text = rulebook_line("piercing-the-reich.txt", line)
    assert a in text and b in text
    m = HexMap.single(PTR)
    expected = 2 if (a, b) == ("2013", "2114") else 1
    assert m.hex(a).distance(m.hex(b)) == expected


@pytest.mark.parametrize("conv", [ARNHEM, ARNHEM_OTHER_PARITY, PTR,
                                  Convention.from_pattern("CCRR", "columns", (1, 9, "left"), (1, 7, "up"), "odd"),
                                  Convention.from_pattern("RRCC", "rows", (3, 11, "left"), (2, 8, "down"), "even")])
def test_every_printed_label_is_what_vassal_names_the_hex(conv: Convention) -> None:
    g = board_grid(conv)
    hexes = sheet_hexes(conv, g)
    assert len(hexes) == conv.columns.count * conv.rows.count
    for sh in hexes:
        x, y = g.pixel(sh.hex)
        assert 0 <= x < g.width and 0 <= y < g.height
        assert g.label_at(x, y) == conv.label(sh.column, sh.row)


def test_shifted_lines_sit_towards_higher_numbers() -> None:
    # Arnhem: even columns are half a hex lower (rows grow downwards): 0201 is below 0101.
    g = board_grid(ARNHEM)
    assert g.point_of_label("0201")[1] > g.point_of_label("0101")[1]
    assert g.point_of_label("0301")[1] == g.point_of_label("0101")[1]
    # PtR: odd rows sit towards higher columns (to the right).
    p = board_grid(PTR)
    assert p.point_of_label("1100")[0] > p.point_of_label("1000")[0]
    assert p.point_of_label("1100")[1] < p.point_of_label("1000")[1]  # rows grow northwards (up)


def test_bad_pattern_is_refused() -> None:
    with pytest.raises(ValueError, match="CCRR"):
        Convention.from_pattern("CRCR", "columns", (1, 2, "right"), (1, 2, "down"), "even")


@pytest.mark.parametrize("orientation", ["columns", "rows"])
def test_half_hex_edges_cut_through_the_edge_hexes_centres(orientation: str) -> None:
    conv = Convention.from_pattern("CCRR", orientation, (1, 9, "right"), (1, 7, "down"), "even",
                                   frozenset({"left", "top", "right", "bottom"}))
    g = board_grid(conv)
    pixels = [g.pixel(sh.hex) for sh in sheet_hexes(conv, g)]
    xs, ys = [p[0] for p in pixels], [p[1] for p in pixels]
    assert min(xs) == 0 and max(xs) == g.width - 1
    assert min(ys) == 0 and max(ys) == g.height - 1
    for sh in sheet_hexes(conv, g):
        assert g.label_at(*g.pixel(sh.hex)) == conv.label(sh.column, sh.row)
    with pytest.raises(ValueError, match="not sheet edges"):
        Convention.from_pattern("CCRR", "rows", (1, 2, "right"), (1, 2, "down"), "even", frozenset({"north"}))
