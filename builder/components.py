"""A small declarative model of VASSAL buildFile components, written with lxml.

Each :class:`Component` is one element of ``buildFile.xml``: VASSAL's Java class name as the
tag, its attributes, its children. Helpers below make the components a map needs from our
grid model, with attribute names and value spellings exactly as VASSAL reads them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from hexforge.maps.grid import BoardGrid

VASSAL_VERSION = "3.6.0"
_PKG = "VASSAL.build.module"


@dataclass(slots=True)
class Component:
    """One buildFile element: ``tag`` is the VASSAL class, ``attrs`` its attributes."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Component] = field(default_factory=list)
    text: str | None = None

    def element(self) -> etree._Element:
        e = etree.Element(self.tag, {k: self.attrs[k] for k in sorted(self.attrs)})
        if self.text is not None:
            e.text = self.text
        e.extend(c.element() for c in self.children)
        return e


def java_bool(v: bool) -> str:
    return "true" if v else "false"


def java_double(v: float) -> str:
    """A double as Java's ``Double.valueOf`` reads it back exactly (Python's repr is shortest round-trip)."""
    return repr(float(v))


def hex_grid(bg: BoardGrid, visible: bool = False) -> Component:
    """``HexGrid`` with its ``HexGridNumbering`` child."""
    g, n = bg.grid, bg.numbering
    numbering = Component(f"{_PKG}.map.boardPicker.board.mapgrid.HexGridNumbering", {
        "color": "0,0,0", "first": n.first, "fontSize": "9", "hDescend": java_bool(n.h_descend),
        "hDrawOff": "0", "hLeading": str(n.h_leading), "hOff": str(n.h_off), "hType": n.h_type,
        "locationFormat": n.location_format, "rotateText": "0", "sep": n.sep,
        "stagger": java_bool(n.stagger), "vDescend": java_bool(n.v_descend), "vDrawOff": "0",
        "vLeading": str(n.v_leading), "vOff": str(n.v_off), "vType": n.v_type, "visible": "false",
    })
    return Component(f"{_PKG}.map.boardPicker.board.HexGrid", {
        "color": "0,0,0", "cornersLegal": "false", "dotsVisible": "false", "dx": java_double(g.dx),
        "dy": java_double(g.dy), "edgesLegal": "false", "sideways": java_bool(g.sideways),
        "snapTo": java_bool(g.snap_to), "visible": java_bool(visible), "x0": str(g.x0), "y0": str(g.y0),
    }, [numbering])


def board(name: str, image: str, bg: BoardGrid) -> Component:
    return Component(f"{_PKG}.map.boardPicker.Board",
                     {"image": image, "name": name, "reversible": "false"}, [hex_grid(bg)])


def map_window(name: str, boards: list[Component], edge_width: int = 0, edge_height: int = 0,
               extra: list[Component] | None = None) -> Component:
    """A ``Map`` with its board picker and the standard helpers VASSAL's editor adds."""
    picker = Component(f"{_PKG}.map.BoardPicker", {
        "addColumnText": "Add column", "addRowText": "Add row", "boardPrompt": "Select board",
        "slotHeight": "125", "slotScale": "0.2", "slotWidth": "350", "title": "Choose Boards",
    }, boards)
    helpers = [Component(f"{_PKG}.map.{c}") for c in (
        "ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
        "StackExpander", "PieceMover", "KeyBufferer", "ImageSaver", "CounterDetailViewer")]
    stack_metrics = Component(f"{_PKG}.map.StackMetrics", {
        "bottom": "", "disabled": "false", "down": "", "exSepX": "6", "exSepY": "18", "top": "",
        "unexSepX": "2", "unexSepY": "4", "up": ""})
    return Component(f"{_PKG}.Map", {
        "allowMultiple": "false", "backgroundcolor": "255,255,255", "buttonName": name,
        "changeFormat": "$message$", "color": "0,0,0",
        "createFormat": "$pieceName$ created in $location$ *",
        "edgeHeight": str(edge_height), "edgeWidth": str(edge_width), "hideKey": "", "hotkey": "",
        "icon": "", "launch": "false", "mapName": name, "markMoved": "Never",
        "moveToFormat": "$pieceName$ moves $previousLocation$ -> $location$ *",
        "moveWithinFormat": "$pieceName$ moves $previousLocation$ -> $location$ *",
        "showKey": "", "thickness": "3",
    }, [picker, stack_metrics, *helpers, *(extra or [])])


def game_module(name: str, version: str, description: str, children: list[Component]) -> Component:
    base = [Component(f"{_PKG}.BasicCommandEncoder"), Component(f"{_PKG}.Documentation"),
            Component(f"{_PKG}.Chatter")]
    return Component("VASSAL.build.GameModule", {
        "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION,
        "description": description, "name": name, "nextPieceSlotId": "1", "version": version,
    }, base + children)


def build_file(module: Component) -> bytes:
    """``buildFile.xml`` bytes (UTF-8, deterministic attribute order)."""
    return etree.tostring(module.element(), xml_declaration=True, encoding="UTF-8",
                          standalone=False, pretty_print=True)


def module_data(name: str, version: str, description: str) -> bytes:
    """The ``moduledata`` entry VASSAL reads before the buildFile."""
    root = etree.Element("data", version="1")
    for tag, text in (("version", version), ("extra1", ""), ("extra2", ""),
                      ("VassalVersion", VASSAL_VERSION), ("dateSaved", "0"),
                      ("description", description), ("name", name)):
        etree.SubElement(root, tag).text = text
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)


def _add_piece_text(type_: str, state: str) -> str:
    """A PieceSlot/PrototypeDefinition body: an AddPiece command with a null id (``+/null/type/state``)."""
    from hexforge.builder import sequence
    return "+/" + (sequence.encode(["null", type_, state], "/") or "")


def piece_slot(entry_name: str, gpid: str, type_: str, state: str, width: int = 48, height: int = 48) -> Component:
    """A ``PieceSlot`` palette entry holding a piece's (nested) type and state."""
    return Component("VASSAL.build.widget.PieceSlot", {
        "entryName": entry_name, "gpid": gpid, "height": str(height), "width": str(width)},
        text=_add_piece_text(type_, state))


def prototype(name: str, type_: str, state: str = "", description: str = "") -> Component:
    """A ``PrototypeDefinition`` (piece traits shared through ``prototype;name``)."""
    return Component(f"{_PKG}.PrototypeDefinition", {"description": description, "name": name},
                     text=_add_piece_text(type_, state))


def prototypes_container(prototypes: list[Component]) -> Component:
    return Component(f"{_PKG}.PrototypesContainer", {}, prototypes)


def piece_window(name: str, slots: list[Component], list_name: str = "Counters") -> Component:
    """A ``PieceWindow`` palette holding one list of slots."""
    widget = Component("VASSAL.build.widget.ListWidget", {
        "divider": "150", "entryName": list_name, "height": "0", "scale": "1.0", "width": "0"}, slots)
    return Component(f"{_PKG}.PieceWindow", {
        "allowHidingPieces": "false", "buttonText": name, "hidden": "false", "hotkey": "", "icon": "",
        "name": name, "scale": "1.0", "text": name, "tooltip": f"Show/Hide the {name} window"}, [widget])


def player_roster(sides: list[str]) -> Component:
    """A ``PlayerRoster`` with one entry per side."""
    return Component(f"{_PKG}.PlayerRoster", {
        "buttonKeyStroke": "", "buttonText": "Retire", "buttonToolTip": "Switch sides"},
        [Component("entry", text=s) for s in sides])
