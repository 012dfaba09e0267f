"""Reading any .vmod: maps, boards and their grids, piece definitions, prototypes, turn trackers.

Enough of a module to name every piece and every location in its saves and logs. The buildFile
is chosen as VASSAL chooses it (``buildFile.xml`` when the module's VassalVersion, from
``moduledata`` else the buildFile, is 3.5 or later, else ``buildFile``) and parsed without
DTDs, entity expansion or network access.
"""
from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree
from PIL import Image

from hexforge.builder import pieces
from hexforge.builder.commands import AddPiece, decode_command
from hexforge.builder.errors import ModuleFormatError
from hexforge.builder.safezip import SafeZip
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid

_B = "VASSAL.build.module."
MAP_TAGS = {_B + "Map", _B + "PrivateMap", _B + "PlayerHand"}
SLOT_TAGS = {"VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot"}
BOARD_TAG = _B + "map.boardPicker.Board"
HEX_GRID = _B + "map.boardPicker.board.HexGrid"
NUMBERING = _B + "map.boardPicker.board.mapgrid.HexGridNumbering"
TRACKER_TAG = _B + "turn.TurnTracker"
LEVEL_TAGS = {_B + "turn.CounterTurnLevel": "counter", _B + "turn.ListTurnLevel": "list"}


@dataclass(frozen=True, slots=True)
class ModuleBoard:
    """A board: name, pixel size, and its hex grid (None when it has no plain HexGrid)."""

    name: str
    width: int
    height: int
    grid: BoardGrid | None
    image: str = ""


@dataclass(frozen=True, slots=True)
class ModuleMap:
    """A map window: its id as saves name it (the map's name, else ``Map<n>``), edge buffer, boards."""

    id: str
    name: str
    edge_width: int
    edge_height: int
    boards: tuple[ModuleBoard, ...]

    def board(self, name: str) -> ModuleBoard | None:
        return next((b for b in self.boards if b.name == name), None)


@dataclass(frozen=True, slots=True)
class PieceDef:
    """A PieceSlot: palette entry, GPID, BasicPiece name, prototypes used, Marker values (prototypes' too)."""

    entry_name: str
    gpid: str
    name: str
    type: str
    state: str
    prototypes: tuple[str, ...]
    markers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TurnLevelDef:
    """A turn tracker level: ``counter`` (start, incr) or ``list`` (items), with its sub-levels."""

    kind: str
    name: str
    property: str
    start: int = 1
    incr: int = 1
    items: tuple[str, ...] = ()
    levels: tuple[TurnLevelDef, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnTrackerDef:
    """A turn tracker: the id its ``TURN`` commands carry, and its top levels."""

    id: str
    name: str
    levels: tuple[TurnLevelDef, ...]


@dataclass(frozen=True, slots=True)
class Module:
    """What a module says about its maps, pieces and turn structure."""

    path: str
    name: str
    version: str
    vassal_version: str
    build_file: str
    maps: tuple[ModuleMap, ...]
    pieces: tuple[PieceDef, ...]
    prototypes: dict[str, tuple[str, str]]
    sides: tuple[str, ...]
    turn_trackers: tuple[TurnTrackerDef, ...]
    warnings: tuple[str, ...] = ()

    def map(self, map_id: str) -> ModuleMap | None:
        return next((m for m in self.maps if m.id == map_id or m.name == map_id), None)

    def piece_by_gpid(self, gpid: str) -> PieceDef | None:
        return next((p for p in self.pieces if p.gpid == gpid), None)


def _version_tuple(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", v)[:3]) or (0,)


def _parse_xml(sz: SafeZip, name: str) -> etree._Element:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                             huge_tree=False, remove_comments=True)
    data = sz.read(name)
    if b"<!ENTITY" in data:  # checked before parsing: an entity bomb never reaches the parser
        raise ModuleFormatError(sz.path, name, "declares XML entities; modules never need them and they are not read")
    try:
        return etree.parse(io.BytesIO(data), parser).getroot()
    except etree.XMLSyntaxError as e:
        raise ModuleFormatError(sz.path, name, f"not well-formed XML ({e})") from None


class _Reader:
    def __init__(self, sz: SafeZip) -> None:
        self.sz, self.warnings = sz, []
        self.images = {n.rsplit("/", 1)[-1]: n for n in sz.names() if n.startswith("images/")}

    def err(self, place: str, what: str) -> ModuleFormatError:
        return ModuleFormatError(self.sz.path, place, what)

    def choose_build_file(self) -> tuple[str, str]:
        version = ""
        if "moduledata" in self.sz:
            data = _parse_xml(self.sz, "moduledata")
            version = (data.findtext("VassalVersion") or "").strip()
        if not version:
            for name in ("buildFile.xml", "buildFile"):
                if name in self.sz:
                    version = _parse_xml(self.sz, name).get("VassalVersion", "")
                    break
        chosen = "buildFile.xml" if _version_tuple(version) >= (3, 5) else "buildFile"
        if chosen not in self.sz:
            raise self.err("zip container", f"no {chosen!r} entry, which VASSAL reads for VassalVersion "
                           f"{version or 'unknown'} ('buildFile.xml' from 3.5 on, 'buildFile' before)")
        return chosen, version

    def attr_num(self, e: etree._Element, key: str, default: float, place: str, kind=float) -> float:
        raw = e.get(key)
        if raw is None or raw.strip() == "":
            return default
        try:
            v = kind(raw.strip())
        except ValueError:
            raise self.err(place, f"{key}={raw!r} is not a number") from None
        if not math.isfinite(v) or abs(v) > 1e7:
            raise self.err(place, f"{key}={raw!r} is out of range")
        return v

    def board(self, e: etree._Element, place: str) -> ModuleBoard:
        name = e.get("name", "")
        place = f"{place} > Board {name!r}"
        image = e.get("image", "")
        width = int(self.attr_num(e, "width", 0, place, int))
        height = int(self.attr_num(e, "height", 0, place, int))
        if image:
            entry = self.images.get(image) or (image if image in self.sz else None)
            if entry is None:
                raise self.err(place, f"image {image!r} is not in the module, so the board's size is unknown")
            try:
                with Image.open(io.BytesIO(self.sz.read(entry))) as im:
                    width, height = im.size
            except (OSError, ValueError, Image.DecompressionBombError) as ex:
                raise self.err(f"{place} > image {image!r}", f"not a readable image ({ex})") from None
        grids = [g for g in e.iter(HEX_GRID)]
        grid = self.hex_grid(grids[0], width, height, place) if grids else None
        if grid is None:
            self.warnings.append(f"{place}: no HexGrid; locations on it are named by the board")
        return ModuleBoard(name, width, height, grid, image)

    def hex_grid(self, g: etree._Element, width: int, height: int, place: str) -> BoardGrid:
        place += " > HexGrid"
        dy = self.attr_num(g, "dy", 64.0, place)
        dx = self.attr_num(g, "dx", dy * math.sqrt(3) / 2, place)
        if dx <= 0 or dy <= 0:
            raise self.err(place, "dx and dy must be positive")
        grid = HexGrid(dx, dy, int(self.attr_num(g, "x0", 0, place, int)), int(self.attr_num(g, "y0", 32, place, int)),
                       g.get("sideways") == "true", g.get("snapTo", "true") == "true")
        n = g.find(NUMBERING)
        numbering = GridNumbering()
        if n is not None:
            p = place + " > HexGridNumbering"
            try:
                numbering = GridNumbering(
                    n.get("first", "H"), n.get("sep", ""), n.get("hType", "N"), n.get("vType", "N"),
                    int(self.attr_num(n, "hLeading", 1, p, int)), int(self.attr_num(n, "vLeading", 1, p, int)),
                    int(self.attr_num(n, "hOff", 1, p, int)), int(self.attr_num(n, "vOff", 1, p, int)),
                    n.get("hDescend") == "true", n.get("vDescend") == "true", n.get("stagger", "true") == "true",
                    n.get("locationFormat", "$gridLocation$"))
            except ValueError as ex:
                raise self.err(p, str(ex)) from None
        return BoardGrid(grid, numbering, width, height)

    def maps(self, root: etree._Element) -> tuple[ModuleMap, ...]:
        out = []
        for i, m in enumerate(e for e in root.iter() if e.tag in MAP_TAGS):
            name = m.get("mapName", "")
            place = f"Map {name or i!r}"
            boards = tuple(self.board(b, place) for b in m.iter(BOARD_TAG))
            out.append(ModuleMap(name or f"Map{i}", name, int(self.attr_num(m, "edgeWidth", 0, place, int)),
                                 int(self.attr_num(m, "edgeHeight", 0, place, int)), boards))
        return tuple(out)

    def add_piece(self, e: etree._Element, place: str) -> AddPiece | None:
        cmd = decode_command((e.text or "").strip("\n"))
        if not isinstance(cmd, AddPiece):
            self.warnings.append(f"{place}: not a piece definition ({(e.text or '')[:60]!r})")
            return None
        return cmd

    def prototypes(self, root: etree._Element) -> dict[str, tuple[str, str]]:
        out = {}
        for e in root.iter(_B + "PrototypeDefinition"):
            cmd = self.add_piece(e, f"Prototype {e.get('name', '')!r}")
            if cmd is not None:
                out[e.get("name", "")] = (cmd.type, cmd.state)
        return out

    def pieces(self, root: etree._Element, protos: dict[str, tuple[str, str]]) -> tuple[PieceDef, ...]:
        out = []
        for e in (x for x in root.iter() if x.tag in SLOT_TAGS):
            entry = e.get("entryName", "")
            cmd = self.add_piece(e, f"PieceSlot {entry!r}")
            if cmd is None:
                continue
            marks = pieces.markers(cmd.type, cmd.state)
            for k, v in prototype_markers(cmd.type, protos).items():
                marks.setdefault(k, v)
            out.append(PieceDef(entry, e.get("gpid", ""), pieces.basic_name(cmd.type), cmd.type, cmd.state,
                                tuple(pieces.prototypes(cmd.type)), marks))
        return tuple(out)

    def level(self, e: etree._Element) -> TurnLevelDef:
        kind = LEVEL_TAGS[e.tag]
        place = f"turn level {e.get('name', '')!r}"
        subs = tuple(self.level(c) for c in e if c.tag in LEVEL_TAGS)
        items = tuple(x for x in (e.get("list", "") or "").split(",") if x) if kind == "list" else ()
        return TurnLevelDef(kind, e.get("name", ""), e.get("property", ""),
                            int(self.attr_num(e, "start", 1 if kind == "counter" else 0, place, int)),
                            int(self.attr_num(e, "incr", 1, place, int)), items, subs)

    def trackers(self, root: etree._Element) -> tuple[TurnTrackerDef, ...]:
        return tuple(TurnTrackerDef(f"TurnTracker{i}", t.get("name", ""),
                                    tuple(self.level(c) for c in t if c.tag in LEVEL_TAGS))
                     for i, t in enumerate(root.iter(TRACKER_TAG)))


def prototype_markers(type_: str, protos: dict[str, tuple[str, str]], seen: frozenset[str] = frozenset()) -> dict[str, str]:
    """Marker values a piece gets from the prototypes it uses (and theirs), first found wins."""
    out: dict[str, str] = {}
    for name in pieces.prototypes(type_):
        if name in seen or name not in protos:
            continue
        ptype, pstate = protos[name]
        for k, v in pieces.markers(ptype, pstate).items():
            out.setdefault(k, v)
        for k, v in prototype_markers(ptype, protos, seen | {name}).items():
            out.setdefault(k, v)
    return out


def read_module(path: str | Path) -> Module:
    """Read a .vmod; raise :class:`ModuleFormatError` (file, place, what) when it cannot be read."""
    with SafeZip(Path(path), ModuleFormatError) as sz:
        r = _Reader(sz)
        chosen, version = r.choose_build_file()
        root = _parse_xml(sz, chosen)
        if not root.tag.startswith("VASSAL.build.GameModule") and root.tag != "VASSAL.launch.BasicModule":
            raise r.err(chosen, f"root element is {root.tag!r}, not VASSAL.build.GameModule")
        protos = r.prototypes(root)
        sides = tuple((x.text or "").strip() for roster in root.iter(_B + "PlayerRoster") for x in roster.iter("entry"))
        return Module(str(path), root.get("name", ""), root.get("version", ""), version, chosen, r.maps(root),
                      r.pieces(root, protos), protos, sides, r.trackers(root), tuple(r.warnings))
