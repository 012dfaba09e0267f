"""HTTR artillery's distance from its control for observed IF (SR 6.5.2.1, 17.5.1, 17.5.3-17.5.5), by the level of
the HQ the artillery is subordinate to (units.csv ``formation``, that HQ's ``size``). Called by
``fire.check_spotter`` for each artillery or SPA unit of an IF declaration naming a spotter.

Readings: 17.5.3 and 17.5.4 are the specific rules of artillery subordinate to a regiment/brigade (or KG, the same
level, 17.4.3 L854) or to a battalion, and replace 6.5.2.1's two hexes from a controlling HQ: a regiment's artillery
is stacked with or adjacent to its own regimental HQ, whichever HQ controls the fire; a battalion's is within three
hexes of at least one other unit of its battalion ('any other unit': one suffices), the battalion's HQ counter
included. A division's or corps' artillery (17.5.1) is measured to the declared controlling HQ by the reading
``artillery_control`` (6.5.2.1's two hexes, or its example's adjacency). The subordination is the data's
(units.csv), not an attachment made in play. An artillery unit spotting its own target is self-observed (17.5.5).
"""
from __future__ import annotations

from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.units import controlling_hq, formation_chain
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DIVISIONAL = frozenset({"division", "corps"})  # SR 17.5.1 (L857): 'subordinate to a division' (or corps, L856)
REGIMENTAL = frozenset({"regiment", "brigade", "kg"})  # SR 17.5.3 (L859) 'regiment/brigade'; KG: 17.4.3 (L854)
BATTALION = "battalion"  # SR 17.5.4 (L860)
REGIMENT_REACH = 1  # SR 17.5.3: 'stacked with or adjacent to the regimental HQ'
BATTALION_REACH = 3  # SR 17.5.4: 'within three hexes of any other unit in the same battalion'


def control_distance(p: Board, d: Declaration, u: str, readings: dict[str, str]) -> list[Verdict]:
    """Whether artillery ``u`` stands near enough to its control to fire this observed IF (SR 6.5.2.1, 17.5.1,
    17.5.3-17.5.5); no verdict for a division's artillery when no placed controlling HQ is declared (``indirect``
    asks for it)."""
    at = p.state.where(u)
    if at is None or u == d.spotter:
        return [] if at is None else [Legal(detail=f"{u} observes its own target (SR 17.5.5)")]
    own = controlling_hq(p.game, u)
    size = p.game.units[own].size.strip().lower() if own is not None else ""
    if size in DIVISIONAL:
        hq = p.state.where(d.hq) if d.hq is not None and d.hq in p.game.units else None
        if hq is None:
            return []
        far = 2 if readings.get("artillery_control") == "within_two" else 1
        if at.distance(hq) > far:
            return [Illegal("HTTR SR 6.5.2.1", f"{u} is {at.distance(hq)} hexes from its controlling HQ {d.hq}: at "
                            f"most {far} (reading artillery_control; SR 17.5.1)")]
        return [Legal()]
    if size in REGIMENTAL:
        hq = p.state.where(own)
        if hq is None:
            return [NotCheckable(f"where {u}'s regimental HQ {own} stands (SR 17.5.3: its artillery is stacked with "
                                 "or adjacent to it)")]
        if at.distance(hq) > REGIMENT_REACH:
            return [Illegal("HTTR SR 17.5.3", f"{u} is {at.distance(hq)} hexes from its regimental HQ {own}: a "
                            "regiment's artillery fires only stacked with or adjacent to it")]
        return [Legal()]
    if size == BATTALION:
        return [battalion_reach(p, u, own)]
    return [NotCheckable(f"the level of the HQ artillery unit {u} is subordinate to (units.csv formation "
                         f"{p.game.units[u].formation!r} and that HQ's size: within two hexes of a division's HQ, SR "
                         "17.5.1; adjacent to its regiment's, 17.5.3; within three hexes of its battalion, 17.5.4)")]


def battalion_reach(p: Board, u: str, battalion: str) -> Verdict:
    """SR 17.5.4 (L860): a battalion's artillery is within three hexes of another unit of its battalion."""
    at = p.state.where(u)
    mates = [v for v, h in p.state.positions.items() if v != u and v in p.game.units
             and (v == battalion or battalion in formation_chain(p.game, v))]
    near = min((at.distance(p.state.where(v)) for v in mates), default=None) if at is not None else None
    if near is None or near > BATTALION_REACH:
        away = "no other unit of it is on the map" if near is None else f"its nearest unit is {near} hexes away"
        return Illegal("HTTR SR 17.5.4", f"{u} of battalion {battalion} fires IF but {away}: at most "
                       f"{BATTALION_REACH} hexes from another unit of its battalion")
    return Legal()
