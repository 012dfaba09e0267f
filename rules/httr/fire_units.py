"""The units an HTTR fire declaration names (SR 6.3.1.4): read by fire legality (``fire.py``) and by the scenario
rules that judge fire declarations (``route_barrages.py``, ``route_exiles.py``), which ``fire_limits`` calls in
turn, so it stands apart from ``fire.py``."""
from __future__ import annotations


from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration


Position = Board


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
