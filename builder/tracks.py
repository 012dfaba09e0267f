"""The Tracks map: one board per record track of the game data, one box per track box.

A track board carries a one-row sideways hex grid whose location format is the row number
(``$row$``), numbered from the track's first box: VASSAL names the box a marker is dropped in by its
label ("0", "3", ...), and so does the timeline (:class:`hexforge.builder.locations.Locator`).
A marker dropped left of the first box (on the track's title) is in no box.
"""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from hexforge.builder.components import Component, board, map_window
from hexforge.counters.fonts import font
from hexforge.games.channel import TRACKS_MAP
from hexforge.games.game import Game
from hexforge.games.schema import Track
from hexforge.maps.png import png_bytes
from hexforge.maps.grid import BoardGrid, GridNumbering, HexGrid
from hexforge.maps.layout import MapLayout, PlacedBoard

BOX_W, ROW_H = 74, 64        # a box's width (the grid's hex width) and the distance between grid rows
HEIGHT, TITLE_W = 90, 240    # a track board's height; the title's width left of the first box
CENTRE_Y = HEIGHT // 2


@dataclass(frozen=True, slots=True)
class TrackLayout:
    """The Tracks map's boards, one per track in data order, and where each box's centre is."""

    tracks: tuple[Track, ...]
    layout: MapLayout

    def position(self, track: Track, box: str) -> tuple[int, int]:
        """The map pixel of a box's centre (where VASSAL snaps a marker dropped in it)."""
        bx, by = self.layout.origin(track.name)
        return bx + TITLE_W + BOX_W // 2 + BOX_W * track.boxes.index(box), by + CENTRE_Y


def track_grid(track: Track) -> BoardGrid:
    """A sideways hex grid of one row of boxes (VASSAL swaps x0/y0 for a sideways grid)."""
    grid = HexGrid(float(ROW_H), float(BOX_W), x0=CENTRE_Y, y0=TITLE_W + BOX_W // 2, sideways=True)
    numbering = GridNumbering(h_off=0, v_off=int(track.boxes[0]), h_leading=0, v_leading=0,
                              location_format="$row$")
    return BoardGrid(grid, numbering, _width(track), HEIGHT)


def track_layout(game: Game) -> TrackLayout | None:
    """The Tracks map's layout, or None when the game has no tracks."""
    tracks = tuple(game.info.tracks)
    if not tracks:
        return None
    placed = tuple(PlacedBoard(t.name, track_grid(t), 0, i) for i, t in enumerate(tracks))
    return TrackLayout(tracks, MapLayout(placed))


def tracks_map(game: Game, entries: dict[str, bytes]) -> Component | None:
    """The Tracks map window (its board images added to ``entries``), or None without tracks."""
    tl = track_layout(game)
    if tl is None:
        return None
    boards = []
    for i, t in enumerate(tl.tracks):
        image = f"track-{i:02d}.png"
        entries[f"images/{image}"] = png_bytes(draw_track(t))
        boards.append(board(t.name, image, track_grid(t)))
    return map_window(TRACKS_MAP, boards)


def board_setup(game: Game) -> str | None:
    """The Tracks map's ``BoardPicker`` line of a saved game (its boards one under another)."""
    tl = track_layout(game)
    if tl is None:
        return None
    return f"{TRACKS_MAP}BoardPicker\t" + "\t".join(f"{b.name}\t{b.column}\t{b.row}" for b in tl.layout.boards)


def draw_track(track: Track) -> Image.Image:
    """The track's title and its boxes, each labelled with its number."""
    img = Image.new("RGB", (_width(track), HEIGHT), "#eef1e6")
    d = ImageDraw.Draw(img)
    d.text((10, CENTRE_Y), track.name[:34], fill="#222222", font=font(14), anchor="lm")
    for i, b in enumerate(track.boxes):
        x0 = TITLE_W + BOX_W * i
        d.rectangle((x0 + 2, 6, x0 + BOX_W - 2, HEIGHT - 6), outline="#55606a", width=2)
        d.text((x0 + 6, 9), b, fill="#55606a", font=font(12), anchor="la")
    return img


def _width(track: Track) -> int:
    return TITLE_W + BOX_W * len(track.boxes) + 10
