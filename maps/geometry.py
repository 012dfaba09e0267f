"""Shapely geometry of a numbered grid: hex polygons and hexside segments in board pixels."""
from __future__ import annotations

from shapely.geometry import LineString, Polygon

from hexforge.maps.grid import BoardGrid
from hexforge.maps.hexes import DIRECTIONS, Hex, Hexside


def hex_polygon(grid: BoardGrid, h: Hex) -> Polygon:
    """The hexagon of ``h`` (VASSAL's shape)."""
    return Polygon(grid.corners(h))


def hexside_segment(grid: BoardGrid, side: Hexside) -> LineString:
    """The edge shared by the two hexes of ``side``."""
    direction = DIRECTIONS.index(side.b - side.a)
    corners = grid.corners(side.a)
    # Direction i's neighbour shares corners (3 - i) and (4 - i) of the frame's corner order.
    return LineString([corners[(3 - direction) % 6], corners[(4 - direction) % 6]])
