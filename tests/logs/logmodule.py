"""Modules for the log tests: a map of plain boards plus PieceSlots built on a prototype.

Pieces are named as the caller says (hexforge modules name them by unit id); each carries a
``Side`` Marker, a ``Strength`` Layer of two levels (full/reduced) and the ``Unit`` prototype,
whose ``Type`` Marker says ``Combat``. Written with builder/components.py, like the builder's.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hexforge.builder import pieces
from hexforge.builder.components import (board, build_file, game_module, map_window, module_data, piece_slot,
                                         piece_window, player_roster, prototype, prototypes_container)
from hexforge.builder.vmod import zip_bytes_to
from hexforge.maps.layout import MapLayout
from tests.vassal.gridmodule import png


@dataclass(frozen=True)
class PieceSpec:
    name: str
    side: str
    gpid: str


def piece_type(name: str, image: str) -> str:
    chain = [pieces.Trait("prototype;Unit", ""), pieces.Trait(pieces.marker_type(["Side"]), ""),
             pieces.Trait(pieces.layer_type("Strength", [image, image], ["full", "reduced"]), ""),
             pieces.Trait(pieces.basic_type(image, name), "")]
    return pieces.join(chain)[0]


def piece_state(side: str, gpid: str, level: int = 1) -> str:
    """A slot's state: prototype (none), Side marker, Layer level, BasicPiece off-map."""
    chain = [pieces.Trait("", ""), pieces.Trait("", side), pieces.Trait("", str(level)),
             pieces.Trait("", pieces.encode_basic_state(pieces.BasicState(None, 0, 0, gpid)))]
    return pieces.join(chain)[1]


def write_log_module(path: Path, map_name: str, layout: MapLayout, specs: list[PieceSpec],
                     name: str = "LogTest") -> Path:
    entries: dict[str, bytes] = {}
    boards = []
    for b in layout.boards:
        image = f"{b.name}.png"
        entries[f"images/{image}"] = png(b.grid.width, b.grid.height)
        boards.append(board(b.name, image, b.grid))
    entries["images/counter.png"] = png(40, 40)
    slots = [piece_slot(s.name, s.gpid, piece_type(s.name, "counter.png"), piece_state(s.side, s.gpid))
             for s in specs]
    proto_type = pieces.join([pieces.Trait(pieces.marker_type(["Type"]), ""),
                              pieces.Trait(pieces.basic_type("", ""), "")])[0]
    proto_state = pieces.join([pieces.Trait("", "Combat"), pieces.Trait("", "null;0;0;;0")])[1]
    sides = sorted({s.side for s in specs})
    module = game_module(name, "1.0", "log tests", [
        player_roster(sides),
        map_window(map_name, boards, layout.edge_width, layout.edge_height),
        piece_window("Pieces", slots),
        prototypes_container([prototype("Unit", proto_type, proto_state)]),
    ])
    entries["buildFile.xml"] = build_file(module)
    entries["moduledata"] = module_data(name, "1.0", "log tests")
    return zip_bytes_to(path, entries, force=True)
