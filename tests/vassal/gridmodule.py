"""A module holding only a map of plain boards with our grids, for asking VASSAL about them."""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from hexforge.builder.components import board, build_file, game_module, map_window, module_data
from hexforge.builder.vmod import zip_bytes_to
from hexforge.maps.layout import MapLayout

MAP_NAME = "Main Map"


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (220, 230, 210)).save(out, "PNG", optimize=True)
    return out.getvalue()


def write_grid_module(path: Path, layout: MapLayout) -> Path:
    entries: dict[str, bytes] = {}
    boards = []
    for b in layout.boards:
        image = f"{b.name}.png"
        entries[f"images/{image}"] = png(b.grid.width, b.grid.height)
        boards.append(board(b.name, image, b.grid))
    module = game_module("GridCheck", "1.0", "grid conformance",
                         [map_window(MAP_NAME, boards, layout.edge_width, layout.edge_height)])
    entries["buildFile.xml"] = build_file(module)
    entries["moduledata"] = module_data("GridCheck", "1.0", "grid conformance")
    return zip_bytes_to(path, entries, force=True)
