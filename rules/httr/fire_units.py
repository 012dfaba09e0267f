"""The units an HTTR fire declaration names (SR 6.3.1.4) and those it aims at (SR 6.7.1): read by fire legality
(``fire.py``) and by the scenario rules that judge fire declarations (``route_barrages.py``, ``route_exiles.py``),
which ``fire_limits`` calls in turn, so it stands apart from ``fire.py``."""
from __future__ import annotations

from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.firelog import FireLog

Position = Board


class Aimed(Board, Protocol):
    """What :func:`fired_at` reads: the phase's fire (the last AT fire's firers)."""

    fire: FireLog


def firers(p: Position, d: Declaration) -> list[str] | str:
    """The units a declaration names (a hex: its top two, 6.3.1.4), else what word names nothing."""
    out: list[str] = []
    for w in d.firers:
        if w in p.game.units:
            out.append(w)
        elif p.hex(w) is not None:
            out.extend(mem.top_two(p.state, p.hex(w)))
        else:
            return w
    return out


def fired_at(p: Aimed, d: Declaration, target: Hex) -> tuple[str, ...]:
    """The units a fire aimed at, which may then adopt Defilade (SR 6.7.1 L385: after DF 'the targeted unit', after
    IF any unit in the hex). Reading: a DF or AT fire naming only the hex aimed at one of its top two (6.3.1.5,
    6.4.1.3), either of which may be it; return fire naming only the hex, at the AT firers there (6.6.7.1, 6.6.7.5);
    an OF naming only the hex, at its trigger (6.6.1.1), which may be any unit there."""
    here = p.state.at(target)
    if d.kind == "if":
        return tuple(here)
    if d.target_unit in here:
        return (str(d.target_unit),)
    if d.kind in ("df", "at"):
        return mem.top_two(p.state, target)
    if d.kind == "return" and p.fire.last_at is not None:
        return tuple(u for u in p.fire.last_at[1] if u in here) or tuple(here)
    return tuple(here)
