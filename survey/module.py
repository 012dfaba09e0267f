"""A community module's boards laid over the game's sheets: which board hex is which game hex.

A module made by someone else names its hexes its own way (``A1``, ``0101``, ``1.1``) on a
grid of its own (VASSAL ``HexGrid``: dx, dy, x0, y0, sideways). :func:`align` finds, for a
board and a sheet of the game, the column and row offsets that turn the board's numbers into
the sheet's printed labels *and* put the game's hexes on the board's with neighbours still
neighbours (the two lattices differ by one translation). The board's labels are trusted to be
the printed ones in the module's own format (letters, separators, leading zeros): offsets that
keep them (0, 0, or 1 for letters: VASSAL reads ``A`` as 0) win a tie; also tried are offsets
putting the board's first column and row on the sheet's. What is found
becomes the ``[boards]`` table of a binding (:mod:`hexforge.survey.binding`) and the fitted
grid of each sheet of the game (:func:`module_grids`): the board's image is the map scan, the
HexGrid is exact. Sheets of one game are numbered alike; a board is told to be sheet A's by its
labels carrying the letter (``A$gridLocation$``) or its name ending in it (``Sheet A``).
"""
from __future__ import annotations

import hashlib
import math
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from hexforge.builder.errors import ModuleFormatError
from hexforge.builder.modulereader import MAP_TAGS, MAX_BUILD_FILE, SLOT_TAGS, Module, ModuleBoard, ModuleMap
from hexforge.builder.safezip import SafeZip
from hexforge.maps.grid import BadLabel
from hexforge.maps.hexes import Hex
from hexforge.maps.hexmap import Sheet
from hexforge.output import check_target, write_atomic
from hexforge.survey.gridfile import FittedGrid, lattice_steps, write_grid

SETUP_TAG = "VASSAL.build.module.map.SetupStack"
MAX_CELLS = 400_000  # hexes of one board looked at (a 7,000-hex map sheet is far below)
MIN_SHARE = 0.5      # share of a sheet's hexes a board must hold to be that sheet


class ModuleGridError(ValueError):
    """A module whose boards cannot be laid over the game's map (a message for people)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One hex of a module board: its raw VASSAL indices, label, printed numbers, exact centre."""

    hex: Hex
    label: str
    numbers: tuple[int, int]
    centre: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Alignment:
    """A module board laid over a game sheet."""

    map: ModuleMap
    board: ModuleBoard
    sheet: Sheet
    column_offset: int      # added to the board's column numbers to get the sheet's
    row_offset: int
    matched: int            # sheet hexes found on the board where the sheet's lattice puts them
    total: int              # hexes of the sheet
    shift: Hex              # board hex = game hex + shift

    @property
    def share(self) -> float:
        return self.matched / self.total if self.total else 0.0

    def key(self) -> str:
        """The binding's name for the board: ``<map>/<board>``."""
        return f"{self.map.id}/{self.board.name}"


def board_cells(board: ModuleBoard) -> list[Cell]:
    """Every hex whose centre lies on the board, with the board's own label and numbers."""
    bg = board.grid
    assert bg is not None
    g = bg.grid
    fw, fh = (board.height, board.width) if g.sideways else (board.width, board.height)
    c0, c1 = math.floor(-g.x0 / g.dx) - 1, math.ceil((fw - g.x0) / g.dx) + 1
    r0, r1 = math.floor(-g.y0 / g.dy) - 1, math.ceil((fh - g.y0) / g.dy) + 1
    if (c1 - c0) * (r1 - r0) > MAX_CELLS:
        raise ModuleGridError(f"board {board.name!r}: about {(c1 - c0) * (r1 - r0):,} hexes; at most "
                              f"{MAX_CELLS:,} are laid over the game map")
    out = []
    for c in range(c0, c1 + 1):
        for r in range(r0, r1 + 1):
            h = bg.hex_of_raw(c, r)
            x, y = bg.centre(h)
            if not (0 <= x < board.width and 0 <= y < board.height):
                continue
            label = bg.label_of_raw(c, r)
            try:
                numbers = bg.game_numbers(label)
            except BadLabel:
                continue
            out.append(Cell(h, label, numbers, (x, y)))
    return out


def _label(sheet: Sheet, column: int, row: int) -> str | None:
    conv = sheet.convention
    if conv.columns.first <= column <= conv.columns.last and conv.rows.first <= row <= conv.rows.last:
        return sheet.prefix + conv.label(column, row)
    return None


def _try(cells: list[Cell], sheet: Sheet, index: dict[str, Hex], co: int, ro: int) -> tuple[int, Hex | None]:
    """How many cells land, with offsets (co, ro), on sheet hexes sharing one lattice translation."""
    shifts: Counter[Hex] = Counter()
    for cell in cells:
        label = _label(sheet, cell.numbers[0] + co, cell.numbers[1] + ro)
        if label is not None:
            shifts[cell.hex - index[label]] += 1
    if not shifts:
        return 0, None
    shift, n = shifts.most_common(1)[0]
    return n, shift


def align(m: ModuleMap, board: ModuleBoard, sheet: Sheet, index: dict[str, Hex]) -> Alignment | None:
    """The offsets that lay ``board`` over ``sheet`` best (None when the board has no hex grid or no match).

    Tried: the board's own numbers as printed, and offsets that put the board's lowest numbers on
    the sheet's first column/row (and one either side, for boards with a half column at an edge);
    the most sheet hexes sharing one lattice translation wins.
    """
    if board.grid is None or board.grid.grid.sideways != (sheet.convention.orientation == "rows"):
        return None  # hexes in columns never lie over hexes in rows
    cells = board_cells(board)
    if not cells:
        return None
    conv = sheet.convention
    numbering = board.grid.numbering
    printed = (int(numbering.h_type == "A"), int(numbering.v_type == "A"))  # VASSAL reads letter A as 0; a printed A is 1
    if board.grid.grid.sideways:
        printed = printed[::-1]
    low_c = min(c.numbers[0] for c in cells)
    low_r = min(c.numbers[1] for c in cells)
    candidates = {(0, 0), printed} | {(conv.columns.first - low_c + i, conv.rows.first - low_r + j)
                                      for i in (-1, 0, 1) for j in (-1, 0, 1)}
    total = conv.columns.count * conv.rows.count
    best = max(((_try(cells, sheet, index, co, ro), (co, ro)) for co, ro in sorted(candidates)),
               key=lambda t: (t[0][0], t[1] == printed, -abs(t[1][0]) - abs(t[1][1])))
    (n, shift), (co, ro) = best
    if shift is None:
        return None
    return Alignment(m, board, sheet, co, ro, n, total, shift)


def alignments(module: Module, sheets: tuple[Sheet, ...], index: dict[str, Hex]) -> list[Alignment]:
    """For every board with a hex grid, the sheet it holds best (boards holding too little are left out)."""
    out = []
    for m in module.maps:
        for board in m.boards:
            found = [a for s in sheets if (a := align(m, board, s, index)) is not None]
            if found:
                best = max(found, key=lambda a: (a.share, _names(a)))
                if best.share >= MIN_SHARE:
                    out.append(best)
    return out


def _names(a: Alignment) -> tuple[bool, bool]:
    """Whether the board names the sheet: its labels carry the sheet's letter (``A0101``), or its
    name ends with it (``Sheet A``). Sheets of one game are numbered alike, so this breaks their tie."""
    if not a.sheet.prefix:
        return False, False
    grid = a.board.grid
    assert grid is not None
    fmt = grid.numbering.location_format
    return fmt.startswith(a.sheet.prefix) and fmt[len(a.sheet.prefix):].startswith("$"), \
        a.board.name.rstrip().endswith(a.sheet.prefix)


def _build_file(module: Module):
    """The module's buildFile, parsed as the module reader parses it (no DTD, entities or network)."""
    from lxml import etree
    with SafeZip(Path(module.path), ModuleFormatError) as sz:
        if sz.size(module.build_file) > MAX_BUILD_FILE:
            raise ModuleFormatError(module.path, module.build_file, f"more than {MAX_BUILD_FILE:,} bytes")
        data = sz.read(module.build_file)
    if b"<!ENTITY" in data:
        raise ModuleFormatError(module.path, module.build_file, "declares XML entities, which are not read")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        return etree.fromstring(data, parser)
    except etree.XMLSyntaxError as e:
        raise ModuleFormatError(module.path, module.build_file, f"not well-formed XML ({e})") from None


def setup_hexes(module: Module, found: list[Alignment]) -> dict[str, str]:
    """GPID of each piece in a set-up stack placed by grid location -> the game hex it starts in."""
    by_board = {(a.map.id, a.board.name): a for a in found}
    out: dict[str, str] = {}
    root = _build_file(module)
    maps = [e for e in root.iter() if e.tag in MAP_TAGS]
    for i, m in enumerate(maps):
        map_id = m.get("mapName", "") or f"Map{i}"
        for stack in m.iter(SETUP_TAG):
            a = by_board.get((map_id, stack.get("owningBoard", "")))
            if a is None or stack.get("useGridLocation") != "true" or a.board.grid is None:
                continue
            try:
                column, row = a.board.grid.game_numbers(stack.get("location", ""))
            except BadLabel:
                continue
            label = _label(a.sheet, column + a.column_offset, row + a.row_offset)
            if label is not None:
                out.update({slot.get("gpid", ""): label for slot in stack if slot.tag in SLOT_TAGS and slot.get("gpid")})
    return out


@dataclass(frozen=True, slots=True)
class ModuleGrid:
    """A module board's image and where the sheet's hexes are on it, as ``survey grid`` records a fit."""

    image: bytes
    grid: FittedGrid


def module_grids(module: Module, game, board_name: str | None = None) -> dict[Sheet, ModuleGrid]:
    """Every sheet of the game that a module board with an image holds -> that board's image and
    grid (the board holding most of the sheet; ``board_name`` limits the boards looked at)."""
    path = module.path
    found = alignments(module, game.map.sheets, game.map.index)
    if board_name is not None:
        found = [a for a in found if board_name in (a.board.name, a.key())]
    found = [a for a in found if a.board.image]
    if not found:
        names = ", ".join(repr(b.name) for m in module.maps for b in m.boards) or "none"
        what = f"{game.id}'s hexes" if len(game.map.sheets) == 1 else "the hexes of any sheet of " + game.id
        raise ModuleGridError(f"{path}: no board{f' {board_name!r}' if board_name else ''} with an image and a hex "
                              f"grid holds at least {MIN_SHARE:.0%} of {what} (boards: {names})")
    out = {}
    for sheet in game.map.sheets:
        mine = [a for a in found if a.sheet is sheet]
        if mine:
            out[sheet] = _module_grid(path, game, max(mine, key=lambda a: (a.share, a.board.width * a.board.height)))
    return out


def module_grid(module: Module, game, board_name: str | None = None) -> ModuleGrid:
    """The map image and the grid of the module board that holds the game's (single) sheet."""
    if len(game.map.sheets) != 1:
        raise ModuleGridError(f"{game.id} is printed on {len(game.map.sheets)} sheets; take each sheet's board "
                              "with module_grids")
    return module_grids(module, game, board_name)[game.map.sheets[0]]


def _module_grid(path: str, game, a: Alignment) -> ModuleGrid:
    assert a.board.grid is not None and a.board.image
    g = a.board.grid.grid
    conv = a.sheet.convention
    first = next(k for k, v in lattice_steps(conv).items() if v == (0, 0))
    origin = a.board.grid.centre(game.map.index[a.sheet.prefix + first] + a.shift)
    # one line on is half a hex further down (columns) or right (rows); one hex down a line is dy
    steps = (((g.dx, g.dy / 2), (0.0, g.dy)) if not g.sideways else ((g.dy / 2, g.dx), (g.dy, 0.0)))
    image = _image(path, a.board.image)
    source = (f"module {Path(path).name}, board {a.key()!r} (HexGrid dx={g.dx:g} dy={g.dy:g} x0={g.x0} y0={g.y0}"
              f"{' sideways' if g.sideways else ''}; {a.matched} of {a.total} hexes)")
    grid = FittedGrid(a.board.image, hashlib.sha256(image).hexdigest(), a.board.width, a.board.height,
                      "rows" if g.sideways else "columns", g.dx, g.dy, 0.0, origin, first, *steps, 0.0, 0.0, (),
                      "module", source)
    return ModuleGrid(image, grid)


def _image(path: str, name: str) -> bytes:
    with SafeZip(Path(path), ModuleFormatError) as sz:
        entry = next((n for n in sz.names() if n.startswith("images/") and n.rsplit("/", 1)[-1] == name), None)
        return sz.read(entry or name)


def import_grids(game_dir: Path, module: Module, game, board_name: str | None = None,
                 force: bool = False) -> dict[Sheet, tuple[Path, FittedGrid]]:
    """Write each sheet's board image into the game folder and its grid into ``survey.toml``
    (``[grid]``, or ``[grid.sheets.A]`` per sheet of several); sheet -> (image file, grid written).

    An image of that name already in the folder is kept when it is the same file, else refused
    without ``force``. Every image is checked before anything is written.
    """
    grids = module_grids(module, game, board_name)
    targets = {}
    for sheet, mg in grids.items():
        name = Path(mg.grid.image).name
        if not name or name in (".", ".."):
            raise ModuleGridError(f"{module.path}: the board's image name {mg.grid.image!r} cannot be a file name")
        if name in {t.name for t in targets.values()}:
            raise ModuleGridError(f"{module.path}: two sheets' boards share the image {name!r}; take one board "
                                  "at a time with --board")
        targets[sheet] = Path(game_dir) / name
    for sheet, target in targets.items():
        if not (target.is_file() and target.read_bytes() == grids[sheet].image):
            check_target(target, force, [Path(module.path)])
    out = {}
    several = len(game.map.sheets) > 1
    for sheet, target in targets.items():
        mg = grids[sheet]
        if not (target.is_file() and target.read_bytes() == mg.image):
            write_atomic(target, mg.image, force, [Path(module.path)])
        grid = replace(mg.grid, image=target.name)
        write_grid(game_dir, grid, sheet.prefix if several else "")
        out[sheet] = (target, grid)
    return out


def import_grid(game_dir: Path, module: Module, game, board_name: str | None = None,
                force: bool = False) -> tuple[Path, Path]:
    """A one-sheet game's :func:`import_grids`: (image file, survey.toml)."""
    if len(game.map.sheets) != 1:
        raise ModuleGridError(f"{game.id} is printed on {len(game.map.sheets)} sheets; use import_grids")
    (target, _), = import_grids(game_dir, module, game, board_name, force).values()
    return target, Path(game_dir) / "survey.toml"
