"""Shapely hexes tile the plane, hexside segments are shared edges, the graph mirrors adjacency."""
from __future__ import annotations

import math

import pytest
from shapely.geometry import Point

from hexforge.maps.convention import Convention
from hexforge.maps.geometry import hex_polygon, hexside_segment
from hexforge.maps.graph import edge_hexes, map_graph
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.hexmap import HexMap
from hexforge.maps.terrain import HexsideFeature, Terrain, Unknown, best_for_defender, most_costly

DX = 64 * math.sqrt(3) / 2


@pytest.mark.parametrize("sideways", [False, True])
def test_neighbouring_polygons_share_exactly_the_hexside_segment(sideways: bool) -> None:
    g = BoardGrid(HexGrid(DX, 64.0, 40, 40, sideways=sideways), GridNumbering(), 800, 800)
    h = g.hex_of_raw(3, 3)
    poly = hex_polygon(g, h)
    assert poly.area == pytest.approx(3 * math.sqrt(3) / 2 * (2 * DX / 3) ** 2)
    assert poly.contains(Point(*g.centre(h)))
    for n in h.neighbours():
        seg = hexside_segment(g, Hexside.between(h, n))
        other = hex_polygon(g, n)
        assert poly.intersection(other).area == pytest.approx(0, abs=1e-6)
        assert poly.boundary.buffer(1e-6).contains(seg) and other.boundary.buffer(1e-6).contains(seg)
        assert seg.length == pytest.approx(2 * DX / 3, rel=1e-6)
    far = g.hex_of_raw(6, 3)
    assert not poly.intersects(hex_polygon(g, far))


def test_graph_nodes_edges_and_hexside_features() -> None:
    conv = Convention.from_pattern("CCRR", "columns", (1, 4, "right"), (1, 3, "down"), "even")
    terrain = Terrain()
    m = HexMap.single(conv, terrain)
    a, b = m.hex("0101"), m.hex("0201")
    terrain.add_hexside(Hexside.between(a, b), HexsideFeature("river", "Test"))
    terrain.add_thoroughfare([m.hex("0101"), m.hex("0102")], "road")
    terrain.add_hex(a, "woods")
    g = map_graph(m, m.label, terrain)
    assert g.number_of_nodes() == 12
    # 4 columns x 3 rows, even columns shifted down: 9 vertical + 11 diagonal sides
    assert g.number_of_edges() == sum(1 for h in m for n in h.neighbours() if n in m) // 2
    assert g.edges[a, b]["features"] == {HexsideFeature("river", "Test")}
    assert g.edges[a, m.hex("0102")]["thoroughfares"] == {"road"}
    assert g.nodes[a]["terrain"] == {"woods"} and g.nodes[b]["terrain"] is None  # unsurveyed
    assert g.nodes[a]["label"] == "0101"
    assert edge_hexes(g) == set(m) - {m.hex("0202"), m.hex("0302")}  # the two hexes with six neighbours


def test_precedence_most_costly_and_best_for_defender() -> None:
    cost = {"clear": 1, "woods": 2, "town": 1}.get
    assert most_costly({"clear", "woods"}, cost) == ("woods", 2)
    benefit = {"woods": 1, "town": 2, "swamp": Unknown("TEC: swamp")}.get
    assert best_for_defender({"woods", "town"}, benefit) == ("town", 2)
    assert best_for_defender({"woods", "swamp"}, benefit) == Unknown("TEC: swamp")
    assert isinstance(most_costly(set(), cost), Unknown)


def test_map_label_errors_name_the_valid_range() -> None:
    m = HexMap.single(Convention.from_pattern("CCRR", "columns", (1, 4, "right"), (1, 3, "down"), "even"))
    with pytest.raises(KeyError, match="0101..0403"):
        m.hex("0504")
    assert Hex(0, 0) in m
