"""A game definition becomes a VASSAL module: maps, counters, prototypes, turn track, dice, charts, and
the log channel of docs/log-channel.md (record tracks, state layers, named dice: tracks/layers/dice.py).

:func:`module_entries` returns every file of the ``.vmod`` (name -> bytes); the same game gives
the same bytes. Scenario setups are added by :mod:`hexforge.builder.setups`.
"""
from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass, field, replace
from typing import Callable

from PIL import Image

from hexforge.builder.charts import render_table
from hexforge.builder.dice import dice_buttons
from hexforge.builder.components import (Component, board, build_file, game_module, map_window,
                                         module_data, player_roster, prototypes_container)
from hexforge.builder.holding import ELIMINATED, PILE, HoldingLayout, holding_layout, holding_turns
from hexforge.builder.layers import marker_layers, unit_layers
from hexforge.builder.overlays import overlay_prototype
from hexforge.builder.provenance import stamp, with_extras
from hexforge.builder.tracks import TrackLayout, track_layout, tracks_map
from hexforge.builder.traits import (BasicPiece, Delete, Layer, Marker, Mask, SendToLocation, Trait, UsePrototype,
                                     keystroke, piece_slot, prototype)
from hexforge.counters.art import faces, render, render_marker
from hexforge.counters.unit import Unit
from hexforge.games.game import Game
from hexforge.maps.convention import ImageGrid, board_grid
from hexforge.maps.draw import draw_board, draw_key
from hexforge.maps.png import png_bytes
from hexforge.maps.hexmap import SheetBoard
from hexforge.maps.layout import MapLayout, PlacedBoard

MAIN_MAP = "Main Map"
HOLDING_MAP = "Holding Boxes"
HOLDING_BOARD = "Holding Boxes"
VERSION = "hexforge-1"
POOLS_MAP = "Pools"
POOLS_BOARD = "Pools"
ELIMINATE_KEY = keystroke("E")  # Ctrl+E: no other trait of ours, nor VASSAL's own map keys, uses it
_W = "VASSAL.build.widget"
_M = "VASSAL.build.module"

Progress = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class UnitPiece:
    """A unit's piece in the module: its palette gpid and traits."""

    unit: Unit
    gpid: str
    traits: list[Trait]


@dataclass(frozen=True, slots=True)
class MarkerPiece:
    """A game marker's piece in the module: its palette gpid and traits."""

    marker: str
    gpid: str
    traits: list[Trait]


@dataclass(frozen=True, slots=True)
class Module:
    """The module's parts before its buildFile is written: archive entries, the top-level
    components, the main map layout, every unit's piece and the holding-box rows."""

    entries: dict[str, bytes]
    components: list[Component]
    layout: MapLayout
    pieces: dict[str, UnitPiece]
    holding_turns: int
    next_gpid: int
    side_maps: tuple[tuple[str, str], ...]  # (map, its one board) of the off-map windows
    markers: dict[str, MarkerPiece] = field(default_factory=dict)
    tracks: TrackLayout | None = None  # the Tracks map (docs/log-channel.md), if the game has tracks


def image_name(kind: str, key: str) -> str:
    """A safe, unique, stable image file name for a unit or marker id."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "_", key).strip("_")[:40] or "x"
    return f"{kind}-{slug}-{hashlib.sha256(key.encode()).hexdigest()[:6]}.png"


#: A user's map images by sheet letter ("" for a one-sheet game): the image bytes and its VASSAL grid.
MapImages = dict[str, tuple[bytes, ImageGrid]]


def main_layout(game: Game, images: ImageGrid | dict[str, ImageGrid] | None = None
                ) -> tuple[MapLayout, dict[str, SheetBoard]]:
    """The main map's boards (one per printed sheet, north at the top) and each board's sheet;
    with ``images`` (a grid, or grids by sheet letter), those sheets' grids are placed on the user's
    own map images, the other sheets keep the drawn map's."""
    boards = game.map.sheet_boards()
    grids = images if isinstance(images, dict) else {boards[0].sheet.prefix: images} if images else {}
    for i, sb in enumerate(boards):
        if sb.sheet.prefix in grids:
            grid = board_grid(sb.sheet.convention, image=grids[sb.sheet.prefix])
            named = sb.grid.numbering.location_format  # a sheet's labels carry its letter (A0101)
            if named != grid.numbering.location_format:
                grid = replace(grid, numbering=replace(grid.numbering, location_format=named))
            boards[i] = SheetBoard(sb.sheet, grid, {})
    up = boards[0].sheet.convention.rows.increase == "up"
    boards.sort(key=lambda b: -b.sheet.row_offset if up else b.sheet.row_offset)
    placed, by_name = [], {}
    for i, sb in enumerate(boards):
        name = f"Sheet {sb.sheet.prefix}" if sb.sheet.prefix else "Map"
        placed.append(PlacedBoard(name, sb.grid, 0, i))
        by_name[name] = sb
    return MapLayout(tuple(placed)), by_name


def assemble(game: Game, progress: Progress | None = None,
             map_image: tuple[bytes, ImageGrid] | MapImages | None = None) -> Module:
    """Everything but the buildFile; ``map_image`` is a user's map (PNG/JPEG bytes, its grid), or
    one per sheet letter (:data:`MapImages`; sheets without one keep the drawn map)."""
    say = progress or (lambda _: None)
    entries: dict[str, bytes] = {}
    images = map_image if isinstance(map_image, dict) else (
        {game.map.sheets[0].prefix: map_image} if map_image else {})
    layout, sheets = main_layout(game, {k: grid for k, (_, grid) in images.items()})

    say("drawing the map")
    boards = []
    for b in layout.boards:
        image = image_name("board", b.name)
        own = images.get(sheets[b.name].sheet.prefix)
        entries[f"images/{image}"] = own[0] if own else png_bytes(draw_board(game.map, sheets[b.name]))
        boards.append(board(b.name, image, b.grid))

    say("drawing the counters")
    hold = holding_layout(game)
    pieces: dict[str, UnitPiece] = {}
    gpid = 0
    for unit in game.units.values():
        gpid += 1
        front, back = faces(unit, game.info.system)
        front_img = image_name("unit", unit.id)
        entries[f"images/{front_img}"] = render(front)
        traits: list[Trait] = [_eliminate(hold), Delete(), UsePrototype(_side_prototype(unit.side))]
        back_img = None
        if back is not None:
            back_img = image_name("unit-back", unit.id)
            entries[f"images/{back_img}"] = render(back)
        layers, shows_back = unit_layers(game, unit, back_img, entries, image_name)
        if back_img is not None and not shows_back:
            traits.append(Layer("Step", ("", back_img), "F", "Flip (step loss)", description="reduced side"))
        traits += layers
        traits.append(Marker((("UnitId", unit.id), ("Formation", unit.formation), ("UnitType", unit.type))))
        traits.append(BasicPiece(front_img, unit.id))
        pieces[unit.id] = UnitPiece(unit, str(gpid), traits)

    say("drawing the markers")
    marker_tab, pools, markers, gpid = _markers(game, entries, gpid)

    say("drawing the charts")
    entries["images/map-key.png"] = png_bytes(draw_key(game.map.terrain))
    charts = [Component(f"{_W}.Chart", {"chartName": "Map key", "fileName": "map-key.png"})]
    for tid, table in sorted(game.tables.items()):
        name = image_name("chart", tid)
        entries[f"images/{name}"] = png_bytes(render_table(table))
        charts.append(Component(f"{_W}.Chart", {"chartName": table.name.resolved, "fileName": name}))

    turns = holding_turns(game)
    entries["images/holding-boxes.png"] = png_bytes(hold.image())
    children = [
        player_roster([s.name.resolved for s in game.info.sides]),
        _global_options(),
        map_window(MAIN_MAP, boards),
        _holding_map(hold),
        *([tm] if (tm := tracks_map(game, entries)) is not None else []),
        _palette(game, pieces, marker_tab),
        *([pools] if pools else []),
        prototypes_container([
            prototype(_side_prototype(s.id), [Marker((("Side", s.id),))], f"units of {s.name.resolved}")
            for s in game.info.sides] + [overlay_prototype(entries, layout.boards[0].grid)]),
        _turn_tracker(game),
        *dice_buttons(game),
        Component(f"{_M}.ChartWindow", {"name": "Charts", "text": "Charts", "tooltip": "Game charts and tables",
                                        "icon": "", "hotkey": ""},
                  [Component(f"{_W}.TabWidget", {"entryName": "Charts"}, charts)]),
    ]
    side_maps = ((HOLDING_MAP, HOLDING_BOARD),) + (((POOLS_MAP, POOLS_BOARD),) if pools else ())
    return Module(entries, children, layout, pieces, turns, gpid + 1, side_maps, markers, track_layout(game))


def finish(game: Game, module: Module) -> dict[str, bytes]:
    """Write the buildFile and module metadata; returns every entry of the archive."""
    root = game_module(game.title, VERSION, f"{game.title} (built by hexforge from game data)", module.components)
    root.attrs["nextPieceSlotId"] = str(module.next_gpid)
    other1, other2 = stamp(game)  # the game id and data checksum, read back by hexforge.builder.provenance
    root.attrs["ModuleOther1"], root.attrs["ModuleOther2"] = other1, other2
    entries = dict(module.entries)
    entries["buildFile.xml"] = build_file(root)
    entries["moduledata"] = with_extras(module_data(game.title, VERSION, f"{game.title} (built by hexforge)"),
                                        other1, other2)
    return entries


def _side_prototype(side: str) -> str:
    return f"Side {side}"


def _global_options() -> Component:
    return Component(f"{_M}.GlobalOptions", {
        "autoReport": "Always", "centerOnMove": "Use Preferences Setting", "chatterHTMLSupport": "Never",
        "hotKeysOnClosedWindows": "Never", "inventoryForAll": "Always", "nonOwnerUnmaskable": "Use Preferences Setting",
        "playerIdFormat": "$playerName$", "promptString": "Opponents can unmask pieces",
        "sendToLocationMoveTrails": "Never"})


def _eliminate(hold: HoldingLayout) -> SendToLocation:
    """The Eliminate command (SendToLocation.java, destination "L"): onto the Eliminated pile of the
    holding board, which the piece joins (``Map.placeOrMerge`` merges it into the deck there)."""
    x, y = hold.eliminated
    return SendToLocation("Eliminate", ELIMINATE_KEY, HOLDING_MAP, HOLDING_BOARD, str(x), str(y),
                          description="send the unit to the Eliminated box")


def _holding_map(hold: HoldingLayout) -> Component:
    """An off-map window with one board for area setups, reinforcements by turn and the Eliminated
    pile: a deck that keeps its counters face up and in order, any one of which can be taken back."""
    b = Component(f"{_M}.map.boardPicker.Board", {"name": HOLDING_BOARD, "image": "holding-boxes.png",
                                                  "reversible": "false"})
    x, y = hold.eliminated
    pile = Component(f"{_M}.map.DrawPile", {
        "name": ELIMINATED, "owningBoard": HOLDING_BOARD, "x": str(x), "y": str(y), "width": str(PILE),
        "height": str(PILE), "allowMultiple": "false", "allowSelect": "true", "faceDown": "Never",
        "drawFaceUp": "false", "shuffle": "Never", "reversible": "false", "draw": "true",
        "color": "120,0,0", "reshufflable": "false", "canSave": "false"})
    return map_window(HOLDING_MAP, [b], extra=[pile])


def _palette(game: Game, pieces: dict[str, UnitPiece], markers: Component) -> Component:
    """Counters grouped by side (tabs) and formation (panels); a last tab of markers."""
    tabs = []
    for side in game.info.sides:
        by_formation: dict[str, list[Component]] = {}
        for p in pieces.values():
            if p.unit.side == side.id:
                by_formation.setdefault(p.unit.formation or "Other", []).append(
                    piece_slot(p.unit.id, p.gpid, p.traits))
        panels = [Component(f"{_W}.PanelWidget", {"entryName": f, "fixed": "false", "nColumns": "8",
                                                   "vert": "false", "scale": "1.0"}, slots)
                  for f, slots in by_formation.items()]
        tabs.append(Component(f"{_W}.ListWidget", {"entryName": side.name.resolved, "scale": "1.0",
                                                    "width": "0", "height": "0", "divider": "150"}, panels))
    return Component(f"{_M}.PieceWindow", {"name": "Counters", "text": "Counters", "tooltip": "Counters by side",
                                           "hidden": "false", "icon": "", "hotkey": "", "scale": "1.0"},
                     [Component(f"{_W}.TabWidget", {"entryName": "Counters"}, [*tabs, markers])])


def _markers(game: Game, entries: dict[str, bytes],
             gpid: int) -> tuple[Component, Component | None, dict[str, MarkerPiece], int]:
    """Every marker as a palette piece (a layer through its printed values, if any); markers drawn
    from a pool also become a deck on the Pools map, face down where the rules say so, holding
    as many cards as the rules give (an empty deck when the count is not given)."""
    slots, decks, pieces = [], [], {}
    for m in game.info.markers:
        gpid += 1
        name = m.name.resolved
        values = m.values.resolved if m.values is not None and isinstance(m.values.resolved, list) else []
        traits: list[Trait] = [Delete(), Marker((("Marker", m.id),))]
        if values:
            images = []
            for v in values:
                img = image_name("marker", f"{m.id}={v}")
                entries[f"images/{img}"] = render_marker(name, str(v))
                images.append(img)
            traits += [Layer("Value", tuple(images), "V", "Next value"), BasicPiece("", name)]
        else:
            img = image_name("marker", m.id)
            entries[f"images/{img}"] = render_marker(name, "?" if m.pool else "")
            traits += marker_layers(game, m, entries, image_name, lambda level, n=name: render_marker(n, level))
            traits.append(BasicPiece(img, name))
        if m.pool and m.pool.face_down:
            back = image_name("marker-back", m.id)
            entries[f"images/{back}"] = render_marker(name, "", colour="#c9c9c9")
            traits.insert(0, Mask(back, description="face down until revealed"))
        slots.append(piece_slot(name, str(gpid), traits))
        pieces[m.id] = MarkerPiece(m.id, str(gpid), traits)
        if m.pool:
            count = m.count.resolved if isinstance(m.count.resolved, int) else 0
            cards = []
            for _ in range(count):
                gpid += 1
                cards.append(piece_slot(name, str(gpid), traits, card=True))
            decks.append(_deck(name, m.pool.face_down, len(decks), cards))
    tab = Component(f"{_W}.PanelWidget", {"entryName": "Markers", "fixed": "false", "nColumns": "8",
                                          "vert": "false", "scale": "1.0"}, slots)
    if not decks:
        return tab, None, pieces, gpid
    titles = [d.attrs["name"] for d in decks]
    entries["images/pools.png"] = png_bytes(_pools_image(titles))
    board_c = Component(f"{_M}.map.boardPicker.Board", {"name": POOLS_BOARD, "image": "pools.png",
                                                        "reversible": "false"})
    return tab, map_window(POOLS_MAP, [board_c], extra=decks), pieces, gpid


def _deck(name: str, face_down: bool, index: int, cards: list[Component]) -> Component:
    x, y = _deck_position(index)
    return Component(f"{_M}.map.DrawPile", {
        "name": name, "owningBoard": POOLS_BOARD, "x": str(x), "y": str(y), "width": "80", "height": "80",
        "allowMultiple": "false", "allowSelect": "false", "faceDown": "Always" if face_down else "Never",
        "drawFaceUp": "false", "shuffle": "Always", "reversible": "false", "draw": "true",
        "color": "255,255,255", "reshufflable": "false", "canSave": "false"}, cards)


def _deck_position(index: int) -> tuple[int, int]:
    return 120 + 220 * (index % 5), 110 + 200 * (index // 5)


def _pools_image(titles: list[str]) -> Image.Image:
    from PIL import ImageDraw

    from hexforge.counters.art import font
    rows = (len(titles) + 4) // 5
    img = Image.new("RGB", (1140, 200 * rows + 40), "#dfe6e9")
    d = ImageDraw.Draw(img)
    for i, t in enumerate(titles):
        x, y = _deck_position(i)
        d.rectangle((x - 50, y - 50, x + 50, y + 50), outline="#55606a", width=2)
        d.text((x, y + 66), t[:30], fill="#222222", font=font(12), anchor="mm")
    return img


def _turn_tracker(game: Game) -> Component:
    """Turns, and inside each turn the game's own phases in order (so phase changes reach logs)."""
    names = game.phase_names()
    first = 1
    for sc in game.scenarios.values():
        if sc.first_turn and isinstance(sc.first_turn.resolved, int):
            first = min(first, sc.first_turn.resolved)
    from hexforge.builder.sequence import encode
    phases = Component(f"{_M}.turn.ListTurnLevel", {
        "name": "Phase", "property": "Phase", "turnFormat": "$value$", "list": encode(names, ",") or "",
        "configList": "false", "configFirst": "false", "prompt": "Choose the phase"})
    turns = Component(f"{_M}.turn.CounterTurnLevel", {
        "name": "Turn", "property": "Turn", "turnFormat": "Turn $value$", "start": str(first), "incr": "1",
        "loop": "false", "loopLimit": "-1"}, [phases])
    return Component(f"{_M}.turn.TurnTracker", {
        "name": "Turn", "buttonText": "Turn", "icon": "", "hotkey": "", "nexthotkey": "", "prevhotkey": "",
        "turnFormat": "$level1$ $level2$", "tooltip": "Turn and phase",
        "reportFormat": "* <$playerId$> Turn Updated from $oldTurn$ to $newTurn$"}, [turns])


def counter_sheet(module: Module, columns: int = 12) -> Image.Image:
    """All unit counters (front, then back if any) on one sheet, for a quick look."""
    images = []
    for p in module.pieces.values():
        for t in p.traits:
            if isinstance(t, BasicPiece):
                images.append(module.entries[f"images/{t.image}"])
            if isinstance(t, Layer):  # a back side, not a state's badge
                images.extend(module.entries[f"images/{i}"] for i in t.images if i.startswith("unit-back"))
    cell = 70
    rows = max(1, (len(images) + columns - 1) // columns)
    sheet = Image.new("RGB", (columns * cell, rows * cell), "#ffffff")
    for i, data in enumerate(images):
        sheet.paste(Image.open(io.BytesIO(data)), ((i % columns) * cell + 3, (i // columns) * cell + 3))
    return sheet
