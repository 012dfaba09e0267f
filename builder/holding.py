"""The holding-boxes board: units that start off the main map, in rows sized to what they hold.

Row 0 holds units set up in an area rather than a hex; then one row per turn of arrival; a last
row holds reinforcements whose turn is not stated; the very last row is the Eliminated box, holding a
pile (a VASSAL deck, :data:`ELIMINATED`) that a unit's Eliminate command sends it to; a unit
dropped anywhere in the box is eliminated too (:mod:`hexforge.builder.eliminated` reads it so). A row holds at most :data:`PER_LINE`
counters a line and grows more lines as needed, so every placed counter lies on the board
(VASSAL finds no board for a piece outside every board's rectangle).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from PIL import Image, ImageDraw

from hexforge.counters.fonts import font
from hexforge.games.game import Game
from hexforge.games.schema import ScenarioFile
from hexforge.games.values import UNKNOWN

LEFT, SLOT, PER_LINE = 240, 70, 20  # first counter's centre x, counter pitch, counters per line
ROW, LINE, MARGIN = 80, 72, 5       # a one-line row's height, each further line, outer margin
TITLE_SIZE = 12
ELIMINATED = "Eliminated"  # the Eliminated box's title and its pile's (deck's) name
PILE = 60                  # the pile's width and height: the area a counter is dropped on
BOX_INSET, BOX_GAP = 4, 2  # a row's rectangle: inset from the board's sides, gap to the next row


def holding_turns(game: Game) -> int:
    """The last turn any reinforcement of any scenario arrives on (rows of the holding board)."""
    last = 1
    for sc in game.scenarios.values():
        for r in sc.reinforcements or []:
            if isinstance(r.turn.resolved, int):
                last = max(last, r.turn.resolved)
    return last


def off_map(game: Game, scenario: ScenarioFile) -> list[tuple[str, int, str]]:
    """The scenario's units (known to units.csv) that start in a holding row: (unit, row, why)."""
    turns = holding_turns(game)
    out: list[tuple[str, int, str]] = []
    for entry in scenario.setup or []:
        label = entry.hex.resolved if entry.hex is not None else None
        if entry.units == UNKNOWN or (isinstance(label, str) and label != UNKNOWN):
            continue
        out += [(uid, 0, "set-up area") for uid in entry.units if uid in game.units]
    for r in scenario.reinforcements or []:
        if r.units == UNKNOWN:
            continue
        turn = r.turn.resolved
        row = turn if isinstance(turn, int) and 1 <= turn <= turns else turns + 1
        out += [(uid, row, "reinforcement") for uid in r.units if uid in game.units]
    return out


@dataclass(frozen=True, slots=True)
class HoldingLayout:
    """Row titles and how many lines of counters each row has."""

    titles: tuple[str, ...]
    lines: tuple[int, ...]
    per_line: int

    def top(self, row: int) -> int:
        return MARGIN + sum(ROW + LINE * (n - 1) for n in self.lines[:row])

    def slot(self, row: int, index: int) -> tuple[int, int]:
        """Board pixel of the ``index``-th counter of ``row``."""
        line, col = divmod(index, self.per_line)
        return LEFT + SLOT * col, self.top(row) + ROW // 2 + LINE * line

    @property
    def eliminated(self) -> tuple[int, int]:
        """Board pixel of the Eliminated pile (the first slot of the last row)."""
        return self.slot(len(self.lines) - 1, 0)

    def box(self, row: int) -> tuple[int, int, int, int]:
        """Board pixels (left, top, right, bottom; edges included) of the rectangle drawn round ``row``."""
        return BOX_INSET, self.top(row) + BOX_GAP, self.width - BOX_INSET, self.top(row + 1) - BOX_GAP

    @property
    def eliminated_box(self) -> tuple[int, int, int, int]:
        """The Eliminated box, the last row's rectangle: the pile lies in it, and a unit dropped anywhere
        in it is eliminated (the board says so: the box is titled Eliminated), on the pile or beside it."""
        return self.box(len(self.lines) - 1)

    @property
    def width(self) -> int:
        return LEFT + SLOT * (self.per_line - 1) + SLOT // 2 + MARGIN

    @property
    def height(self) -> int:
        return self.top(len(self.lines)) + MARGIN

    def image(self) -> Image.Image:
        img = Image.new("RGB", (self.width, self.height), "#e6e6dc")
        d = ImageDraw.Draw(img)
        for i, title in enumerate(self.titles):
            d.rectangle(self.box(i), outline="#8a8a7a")
            d.text((10, self.top(i) + ROW // 2), title, fill="#333333", font=font(TITLE_SIZE), anchor="lm")
        return img


def row_titles(turns: int) -> tuple[str, ...]:
    return ("Set-up areas (free deployment)", *(f"Turn {t}" for t in range(1, turns + 1)), "Turn not stated",
            ELIMINATED)


def holding_layout(game: Game) -> HoldingLayout:
    """Rows as long and with as many lines as the fullest scenario needs (at least 8 slots wide); the
    Eliminated box is one line (its pile holds any number of counters)."""
    titles = row_titles(holding_turns(game))
    most: Counter[int] = Counter()
    for sc in game.scenarios.values():
        for row, n in Counter(row for _, row, _ in off_map(game, sc)).items():
            most[row] = max(most[row], n)
    per_line = min(PER_LINE, max(8, *most.values(), 0))
    lines = tuple(max(1, -(-most[i] // per_line)) for i in range(len(titles)))
    return HoldingLayout(titles, lines, per_line)
