"""The actions an engine script is made of (``tools/vassal/play.py`` plays them), shared by the planted-log scripts.

Rolls are pressed with a seed: the engine rolls from ``java.util.Random(seed)``, so a script knows the dice it will
log and a test checks them."""
from __future__ import annotations

from hexforge.builder.tracks import track_layout
from hexforge.games.channel import TRACKS_MAP
from hexforge.games.game import Game

MASK = (1 << 48) - 1


def java_dice(seed: int, n: int, sides: int = 6) -> tuple[int, ...]:
    """The first ``n`` rolls ``nextInt(sides) + 1`` of ``java.util.Random(seed)`` (the LCG the Java API
    specifies; ``sides`` is not a power of two and the rejection step of ``nextInt`` is checked)."""
    s, out = (seed ^ 0x5DEECE66D) & MASK, []
    while len(out) < n:
        s = (s * 0x5DEECE66D + 0xB) & MASK
        bits = s >> 17
        val = bits % sides
        if bits - val + (sides - 1) < (1 << 31):
            out.append(val + 1)
    return tuple(out)


def seed_for(dice: tuple[int, ...], sides: int = 6) -> int:
    """The smallest seed whose first rolls are ``dice``."""
    return next(s for s in range(100_000) if java_dice(s, len(dice), sides) == dice)


def chat(text: str) -> dict:
    return {"do": "chat", "text": text}


def drag(piece: str, to: str) -> dict:
    return {"do": "drag", "piece": piece, "to": to}


def drop_on(piece: str, onto: str) -> dict:
    return {"do": "drop_on", "piece": piece, "onto": onto}


def key(piece: str, letter: str) -> dict:
    return {"do": "key", "piece": piece, "key": f"ctrl {letter}"}


def to_box(game: Game, marker: str, box: str) -> dict:
    """Drag a track marker (piece name) onto a box of its track: the box's pixel on the Tracks map (a box label
    such as "3" names a box of every track board)."""
    x, y = track_layout(game).position(game.channel.track(game.channel.marker(marker).track), box)
    return {"do": "drag", "piece": marker, "map": TRACKS_MAP, "to": [x, y]}
