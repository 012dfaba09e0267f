"""Dice buttons: the game's plain dice, and one button per ``[[dice_buttons]]`` entry named by purpose.

A named button's roll reaches the log as ``** <name> = <result> *** <player>`` (the report format
below) and the button's ``<name>_result``/``<name>_total`` properties, which the timeline reads as a
``DiceRoll`` carrying the name (docs/log-channel.md).
"""
from __future__ import annotations

import re

from hexforge.builder.components import Component, java_bool
from hexforge.games.game import Game

_M = "VASSAL.build.module"
REPORT = "** $name$ = $result$ *** &lt;$playerName$&gt;"


def dice_button(name: str, n: int, sides: int, tooltip: str, total: bool) -> Component:
    """A ``DiceButton`` rolling ``n`` dice of ``sides`` sides; its report is the total (``total``) or each die
    ("3,2"); either way the button's ``_result`` and ``_total`` properties hold both (``DiceButton.DR``)."""
    return Component(f"{_M}.DiceButton", {
        "name": name, "text": name, "tooltip": tooltip, "icon": "", "hotkey": "", "nDice": str(n),
        "nSides": str(sides), "plus": "0", "addToTotal": "0", "reportTotal": java_bool(total), "prompt": "false",
        "sortDice": "false", "keepDice": "false", "keepOption": ">", "keepCount": "1", "reportFormat": REPORT})


def _kind(kind: str) -> tuple[int, int]:
    m = re.fullmatch(r"([1-9]?)d(\d+)", kind)
    assert m  # the schema checked the pattern
    return int(m.group(1) or 1), int(m.group(2))


def dice_buttons(game: Game) -> list[Component]:
    """The plain buttons (one die, and the game's usual number of dice), then the named ones in data order,
    which report every die (a rule may read one die of two, e.g. a leader dies on a two, HTTR SR 19.3.3)."""
    n, sides = _kind(game.info.dice.kind)
    plain = [dice_button(f"{k}d{s}" if k > 1 else f"d{s}", k, s, f"Roll {k}d{s}", k > 1)
             for k, s in sorted({(n, sides), (1, sides)})]
    named = []
    for b in game.info.dice_buttons:
        k, s = _kind(b.dice)
        named.append(dice_button(b.name, k, s, f"{b.name}: {b.purpose.replace('-', ' ')} ({b.dice}, {b.source})",
                                 False))
    return plain + named
