"""Hex grids and their VASSAL numbering, terrain, geometry and graphs of a map."""
