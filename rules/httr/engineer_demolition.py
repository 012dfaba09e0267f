"""HTTR bridges blown by bridge engineers (ScR 9.5.6-9.5.7, Table 2): a Destroyed Bridge marker placed in its
owner's Command Phase with no demolition roll before it is the engineers' work: bridge engineers of at least 3 SP,
concentrated and undisturbed (not moved, no change of mode, not disrupted) next to an end of the bridge for 3 GTs
(a bridge over a stream) or 5 (over a river or canal, then also a 1d6 of 1-3, which the log does not tie to the
bridge); a road bridge over a river is never blown.

Readings: the cycle is counted, as entrenchments are, from the Command Phase of GT t-3 (or t-5) to that of GT t;
"next to a bridge hex" is within one hex of an end of the bridged hexside.
"""
from __future__ import annotations

from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.engineer_functions import functions_lost
from hexforge.rules.httr.entrench import Works, engineers_at_work, first_turn
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

ENGINEER_SP = 3.0  # ScR 9.5.6 (L1394)
TURNS = {"stream": 3, "river": 5, "canal": 5}  # ScR 9.5.6-9.5.7 Table 2 (L1394-L1395, L1406-L1410)
Bridge = tuple[Hex, Hex]


class Position(Board, Protocol):
    works: Works


@rule("HTTR ScR 9.5.6-9.5.7 Table 2", "FRY-6", "bridge engineers of 3 SP, concentrated next to a bridge for 3 GTs "
      "(stream) or 5 (river, canal: and a 1d6 of 1-3), blow it; never a road bridge over a river")
def judge_engineers(p: Position, br: Bridge, water: str, road_over_river: bool) -> Verdict:
    label = "/".join(p.game.map.labels.get(h, repr(h)) for h in br)
    if road_over_river:
        return Illegal("HTTR ScR 9.4.2", f"the road bridge over the river at {label} may not be destroyed")
    kind, side = p.phase()
    if kind == "unknown" or p.state.turn is None or p.state.phase is None:
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind != "command":
        return Illegal("HTTR ScR 9.5.6", f"a Destroyed Bridge marker at {label} with no demolition roll, outside a "
                       "Command Phase: bridge engineers complete a demolition in it (SR 4.1)")
    turns = TURNS[water]
    start = (p.state.turn - turns, p.state.phase)
    near = sorted({u for h in br for n in [h, *h.neighbours()] for u in p.state.at(n) if p.state.side(u) == side
                   and is_kind(p.game, u, "bridging_engineer")})
    got = engineers_at_work(p, p.works, near, start)
    if isinstance(got, NotCheckable):
        return got
    ready, total = got
    if total < ENGINEER_SP:
        return functions_lost(p.state, near, "blow a bridge") or Illegal(
            "HTTR ScR 9.5.6", f"the bridge at {label} is marked destroyed with no demolition roll and no bridge "
            f"engineers of {ENGINEER_SP:g} SP concentrated next to it for {turns} GTs ({total:g} SP: "
            f"{', '.join(ready) or 'none'})")
    if start[0] < first_turn(p.game):
        return Illegal("HTTR ScR 9.5.6", f"the bridge at {label} is marked destroyed in GT {p.state.turn}: no "
                       f"demolition of {turns} GTs could have begun before the first GT")
    if p.works.began is None or p.works.began > start:
        return NotCheckable(f"what {', '.join(ready)} did before the log began (ScR 9.5.6: {turns} GTs)")
    roll = " after its 1d6 of 1-3 (ScR 9.5.7)" if turns > 3 else ""
    return Legal(detail=f"blown by {', '.join(ready)} ({total:g} SP) over {turns} GTs{roll}",
                 guess="the 1d6 of 1-3 was rolled (the log does not tie a roll to the bridge)" if roll else None)
