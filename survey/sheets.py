"""Which printed sheet a survey command works on, and its hexes' labels as the game names them.

A game printed on several sheets (Highway to the Reich: A-D) is surveyed one scan per sheet:
``--sheet A`` is required then, and must be one of the game's sheets. A one-sheet game needs no
``--sheet``. A hex on an overlap row belongs to both sheets; the survey stores it under the
game's canonical label (the first sheet of ``game.toml`` holding it names it).
"""
from __future__ import annotations

from hexforge.games import Game
from hexforge.maps.hexmap import Sheet


class SheetError(ValueError):
    """A ``--sheet`` that is missing or names no sheet of the game (a message for people)."""


def several(game: Game) -> bool:
    """Whether the game is printed on more than one sheet."""
    return len(game.map.sheets) > 1


def letters(game: Game) -> list[str]:
    """The game's sheet letters, in ``game.toml``'s order."""
    return [s.prefix for s in game.map.sheets]


def sheet_of(game: Game, letter: str | None, command: str = "survey grid") -> Sheet:
    """The sheet ``letter`` names (``None`` for a one-sheet game's only sheet)."""
    if not several(game):
        if letter not in (None, "", game.map.sheets[0].prefix):
            raise SheetError(f"{game.id} is printed on one sheet: give no --sheet (not --sheet {letter})")
        return game.map.sheets[0]
    names = ", ".join(letters(game))
    if letter is None:
        raise SheetError(f"{game.id} is printed on {len(game.map.sheets)} sheets ({names}): say which one the "
                         f"image shows, e.g. `hexforge {command} {game.path} --sheet {letters(game)[0]} ...`")
    for s in game.map.sheets:
        if s.prefix == letter:
            return s
    raise SheetError(f"--sheet {letter}: {game.id} has no sheet {letter!r} (its sheets: {names})")


def key(game: Game, sheet: Sheet) -> str:
    """The sheet's key in ``survey.toml`` (``""`` for a one-sheet game's ``[grid]``)."""
    return sheet.prefix if several(game) else ""


def canonical(game: Game, sheet: Sheet, labels: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Sheet-local labels (``0101``, as a fitted grid numbers them) -> the game's own labels
    (``A0101``; an overlap hex under the label its first sheet gives it)."""
    index, label = game.map.index, game.map.label
    return {label(index[sheet.prefix + k]): v for k, v in labels.items() if sheet.prefix + k in index}


def local(game: Game, sheet: Sheet, label: str) -> str:
    """A hex label the user typed for this sheet, without the sheet prefix (``A0101`` -> ``0101``);
    a label of another sheet is refused."""
    if sheet.prefix and label.startswith(sheet.prefix):
        return label[len(sheet.prefix):]
    other = next((s.prefix for s in game.map.sheets if s.prefix and s is not sheet and label.startswith(s.prefix)
                  and s.convention.parse(label[len(s.prefix):])), None)
    if other is not None:
        raise SheetError(f"{label} is a hex of sheet {other}, not of sheet {sheet.prefix} (the image's sheet)")
    return label
