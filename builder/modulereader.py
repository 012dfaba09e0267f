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
from typing import Callable

from lxml import etree
from PIL import Image

from hexforge.builder import pieces
from hexforge.builder.commands import AddPiece, Unknown, decode_command
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
# Limits far above real modules (prototypes nest a few levels, grids have at most a few hundred
# rows and columns, labels pad to 2-3 digits), checked before the work they bound.
MAX_PROTOTYPE_DEPTH = 100       # prototypes using prototypes
MAX_GRID_CELLS = 10_000         # hex columns (or rows) across a board
MAX_LEADING = 10                # leading zeros of a numbering (hLeading, vLeading)
MAX_OFFSET = 10_000             # numbering offsets (hOff, vOff)
MAX_BUILD_FILE = 64 * 2 ** 20   # bytes of buildFile: its parsed tree takes several times that
MAX_METADATA = 2 ** 20          # bytes of moduledata
MAX_XML_NODES = 2_000_000       # elements and attributes (counted as '<' and '=' before parsing)
MAX_PIECE_SLOTS = 200_000       # PieceSlots and CardSlots
MAX_PROTOTYPES = 50_000         # PrototypeDefinitions
MAX_MARKER_WORK = 20_000_000    # Marker values merged from prototypes into prototypes and pieces
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
    prototype_closures: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)

    def map(self, map_id: str) -> ModuleMap | None:
        return next((m for m in self.maps if m.id == map_id or m.name == map_id), None)

    def piece_by_gpid(self, gpid: str) -> PieceDef | None:
        return next((p for p in self.pieces if p.gpid == gpid), None)


def _version_tuple(v: str) -> tuple[int, ...]:
    """(major, minor, patch); a part of more than 9 digits reads as 999999999 (it is past any real version)."""
    parts = (x.lstrip("0") or "0" for x in re.findall(r"\d+", v)[:3])
    return tuple(int(x) if len(x) <= 9 else 999_999_999 for x in parts) or (0,)


def _parse_xml(sz: SafeZip, name: str, limit: int = MAX_METADATA) -> etree._Element:
    if sz.size(name) > limit:
        raise ModuleFormatError(sz.path, name, f"{sz.size(name):,} bytes; at most {limit:,} are read")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                             huge_tree=False, remove_comments=True)
    data = sz.read(name)
    if b"<!ENTITY" in data:  # checked before parsing: an entity bomb never reaches the parser
        raise ModuleFormatError(sz.path, name, "declares XML entities; modules never need them and they are not read")
    nodes = data.count(b"<") + data.count(b"=")
    if nodes > MAX_XML_NODES:
        raise ModuleFormatError(sz.path, name, f"about {nodes:,} XML elements and attributes; at most "
                                f"{MAX_XML_NODES:,} are read")
    try:
        return etree.parse(io.BytesIO(data), parser).getroot()
    except etree.XMLSyntaxError as e:
        raise ModuleFormatError(sz.path, name, f"not well-formed XML ({e})") from None


class _Reader:
    def __init__(self, sz: SafeZip) -> None:
        self.sz, self.warnings = sz, []
        self.marker_work = 0
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
                    version = _parse_xml(self.sz, name, MAX_BUILD_FILE).get("VassalVersion", "")
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
        shown = repr(raw) if len(raw) <= 40 else f"{raw[:20]!r}... ({len(raw):,} characters)"
        if len(raw.strip()) > 40:
            raise self.err(place, f"{key}={shown} is out of range")
        try:
            v = kind(raw.strip())
        except ValueError:
            raise self.err(place, f"{key}={shown} is not a number") from None
        if not math.isfinite(v) or abs(v) > 1e7:
            raise self.err(place, f"{key}={shown} is out of range")
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
        cells = max(width, height) / min(dx, dy)
        if cells > MAX_GRID_CELLS:
            raise self.err(place, f"dx={dx:g}, dy={dy:g} on a {width}x{height} board make about {cells:,.0f} hexes "
                           f"across; at most {MAX_GRID_CELLS:,} are read")
        grid = HexGrid(dx, dy, int(self.attr_num(g, "x0", 0, place, int)), int(self.attr_num(g, "y0", 32, place, int)),
                       g.get("sideways") == "true", g.get("snapTo", "true") == "true")
        n = g.find(NUMBERING)
        numbering = GridNumbering()
        if n is not None:
            p = place + " > HexGridNumbering"
            self.check_numbering(n, p)
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

    def check_numbering(self, n: etree._Element, place: str) -> None:
        """Leading zeros and offsets within :data:`MAX_LEADING` and :data:`MAX_OFFSET` (labels stay short)."""
        for key, limit in (("hLeading", MAX_LEADING), ("vLeading", MAX_LEADING), ("hOff", MAX_OFFSET),
                           ("vOff", MAX_OFFSET)):
            v = self.attr_num(n, key, 0, place, int)
            if abs(v) > limit:
                raise self.err(place, f"{key}={v}; at most {limit} is read")

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
            why = f": {cmd.reason}" if isinstance(cmd, Unknown) else ""
            self.warnings.append(f"{place}: not a piece definition ({(e.text or '')[:60]!r}){why}")
            return None
        return cmd

    def prototypes(self, root: etree._Element) -> dict[str, tuple[str, str]]:
        out = {}
        for e in root.iter(_B + "PrototypeDefinition"):
            cmd = self.add_piece(e, f"Prototype {e.get('name', '')!r}")
            if cmd is not None:
                out[e.get("name", "")] = (cmd.type, cmd.state)
        return out

    def spend(self, n: int, place: str) -> None:
        """Count Marker values merged from prototypes; past :data:`MAX_MARKER_WORK` the module is refused."""
        self.marker_work += n
        if self.marker_work > MAX_MARKER_WORK:
            raise self.err(place, f"pieces and prototypes give more than {MAX_MARKER_WORK:,} Marker values "
                           "to merge; real modules need a small fraction of that")

    def closures(self, protos: dict[str, tuple[str, str]]) -> dict[str, dict[str, str]]:
        """Every prototype's Marker closure, depth first without recursion (chains can be long)."""
        closures: dict[str, dict[str, str]] = {}
        uses = {name: [u for u in pieces.prototypes(t) if u in protos] for name, (t, _) in protos.items()}
        for top in protos:
            path, todo = [top], [iter(uses[top])]
            while path:
                child = next((u for u in todo[-1] if u not in closures and u not in path), None)
                if child is not None:
                    if len(path) >= MAX_PROTOTYPE_DEPTH:
                        raise self.err(f"Prototype {top!r}", f"prototypes use each other more than "
                                       f"{MAX_PROTOTYPE_DEPTH} deep ({' > '.join(repr(p) for p in path[:3])} > ...)")
                    path.append(child)
                    todo.append(iter(uses[child]))
                    continue
                name = path.pop()
                todo.pop()
                ptype, pstate = protos[name]
                out = pieces.markers(ptype, pstate)
                for u in uses[name]:
                    self.spend(len(closures.get(u, ())), f"Prototype {name!r}")
                    for k, v in closures.get(u, {}).items():
                        out.setdefault(k, v)
                closures[name] = out
        return closures

    def pieces(self, root: etree._Element, closures: dict[str, dict[str, str]]) -> tuple[PieceDef, ...]:
        out = []
        for e in (x for x in root.iter() if x.tag in SLOT_TAGS):
            entry = e.get("entryName", "")
            cmd = self.add_piece(e, f"PieceSlot {entry!r}")
            if cmd is None:
                continue
            marks = pieces.markers(cmd.type, cmd.state)
            self.spend(sum(len(closures.get(n, ())) for n in pieces.prototypes(cmd.type)), f"PieceSlot {entry!r}")
            for k, v in prototype_markers(cmd.type, closures).items():
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


def prototype_markers(type_: str, closures: dict[str, dict[str, str]]) -> dict[str, str]:
    """Marker values a piece gets from the prototypes it uses (and theirs), first found wins.

    ``closures`` is :attr:`Module.prototype_closures`: each prototype's own Markers, then its
    prototypes' closures in order (the order VASSAL expands them in; a prototype met again
    adds nothing, so a diamond of prototypes costs its size, not 2**depth).
    """
    out: dict[str, str] = {}
    for name in pieces.prototypes(type_):
        for k, v in closures.get(name, {}).items():
            out.setdefault(k, v)
    return out


def _check_counts(root: etree._Element, err: Callable[[str, str], Exception]) -> None:
    """At most :data:`MAX_PIECE_SLOTS` slots and :data:`MAX_PROTOTYPES` prototypes, before reading any."""
    slots = protos = 0
    for e in root.iter():
        slots += e.tag in SLOT_TAGS
        protos += e.tag == _B + "PrototypeDefinition"
    for what, n, limit in (("PieceSlots", slots, MAX_PIECE_SLOTS), ("PrototypeDefinitions", protos, MAX_PROTOTYPES)):
        if n > limit:
            raise err(root.tag, f"{n:,} {what}; at most {limit:,} are read")


def read_module(path: str | Path) -> Module:
    """Read a .vmod; raise :class:`ModuleFormatError` (file, place, what) when it cannot be read."""
    with SafeZip(Path(path), ModuleFormatError) as sz:
        r = _Reader(sz)
        chosen, version = r.choose_build_file()
        root = _parse_xml(sz, chosen, MAX_BUILD_FILE)
        if not root.tag.startswith("VASSAL.build.GameModule") and root.tag != "VASSAL.launch.BasicModule":
            raise r.err(chosen, f"root element is {root.tag!r}, not VASSAL.build.GameModule")
        _check_counts(root, r.err)
        protos = r.prototypes(root)
        closures = r.closures(protos)
        sides = tuple((x.text or "").strip() for roster in root.iter(_B + "PlayerRoster") for x in roster.iter("entry"))
        return Module(str(path), root.get("name", ""), root.get("version", ""), version, chosen, r.maps(root),
                      r.pieces(root, closures), protos, sides, r.trackers(root), tuple(r.warnings), closures)
