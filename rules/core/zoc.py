"""Zones of control: projection into the six surrounding hexes and its exceptions (F&M 6.0)."""
from __future__ import annotations


from hexforge.maps.hexes import Hex
from hexforge.rules.core.board import Board
from hexforge.rules.state import GameState



def zoc(rules: Board, state: GameState, uid: str) -> list[Hex]:
    """The hexes ``uid`` projects ZOC into (F&M 6.0: the six surrounding hexes, all terrain,
    all hexsides, minus what the game's exceptions negate)."""
    h = state.where(uid)
    if h is None or not rules.exerts_zoc(uid):
        return []
    return [n for n in h.neighbours() if rules.on_map(n) and rules.projects_zoc(uid, n, state)]


def in_ezoc(rules: Board, state: GameState, h: Hex, side: str, ignore: str | None = None) -> bool:
    """Whether ``h`` is in the ZOC of a unit enemy to ``side`` (F&M 6.0: friendly ZOC never
    negates it; other units never affect it). ``ignore`` leaves one unit out (the mover)."""
    for n in h.neighbours():
        for u in state.at(n):
            if u != ignore and state.side(u) != side and rules.exerts_zoc(u) and rules.projects_zoc(u, h, state):
                return True
    return False
