"""HTTR airstrike range (ScR 7.2.8): no airstrike falls on a hex more than 30 hexes from the spearhead units of
30 Corps.

The game's ``[special.spearhead]``: ``formations`` (the 30 Corps formations, all of whose units the data lists).

Reading: the spearhead is among the 30 Corps units on the map, so a hex more than 30 hexes from every one of them is
out of range, and one within 30 of each of them in range; between the two, which units lead is not read (it needs
Club Route's hexes), so not checkable. READINGS ``airstrike_range``: the range binds every airstrike (``all``:
7.2.8's 'No Airstrike') or only those of the spearhead's own side (``allied``, the default: 15.8.3-15.8.4 and
9.2.7 speak of it as the Allied player's range), the side of the units of ``formations``. The ferry strike of
ScR 9.2.7 is no Airstrike marker on a hex, so it is not judged here.
"""
from __future__ import annotations

from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "spearhead"  # game.toml [special.spearhead]
RANGE = 30  # ScR 7.2.8 (L1276): 'more than 30 hexes from the Spearhead units of 30 Corps'


class Position(Board, Protocol):
    readings: dict[str, str]


@rule("HTTR ScR 7.2.8", "AS-8", "no airstrike on a hex more than 30 hexes from the 30 Corps spearhead")
def in_range(p: Position, h: Hex, label: str, side: str | None) -> Verdict:
    formations = (p.game.special(DATA) or {}).get("formations")
    if formations is None:
        return NotCheckable(f"the 30 Corps formations (game.toml [special.{DATA}] formations) and Club Route's hexes "
                            "(which units are the spearhead), ScR 7.2.8")
    corps = [at for u, at in p.state.positions.items()
             if at is not None and u in p.game.units and belongs(p.game, u, list(formations))]
    if p.readings.get("airstrike_range", "allied") == "allied":
        own = {p.game.units[u].side for u in p.game.units if belongs(p.game, u, list(formations))}
        if own and side not in own:
            return Legal(detail=f"a {side} airstrike: the 30-hex range binds the Allied player's (ScR 15.8.3-15.8.4, "
                         "READINGS airstrike_range)")
    if not corps:
        return NotCheckable("a 30 Corps unit on the map (the spearhead), ScR 7.2.8")
    near, far = min(h.distance(a) for a in corps), max(h.distance(a) for a in corps)
    if near > RANGE:
        return Illegal("HTTR ScR 7.2.8", f"an airstrike on {label}, {near} hexes from the nearest 30 Corps unit: no "
                       f"more than {RANGE} from its spearhead")
    if far <= RANGE:
        return Legal(detail=f"{label} is within {RANGE} hexes of every 30 Corps unit (ScR 7.2.8)")
    return NotCheckable(f"which 30 Corps units are the spearhead ({label} is {near}-{far} hexes from them; Club "
                        "Route's hexes), ScR 7.2.8")
