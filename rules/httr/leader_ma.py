"""The MP a leader adds to the MA (SR 19.2.3, 19.6.2): "If a leader is stacked with his HQ, add one MP to the MA
of all units subordinate to that HQ. This effect is cumulative for other leaders and HQs within the same
division."

Readings: a leader's HQ is the HQ his units.csv formation names (the synthetic game: ``A-LDR`` of ``A-DIV``);
"subordinate to that HQ" is every unit below it in the chain of HQs (a company of a regiment of the division
is subordinate to the division HQ), not the HQ itself; each leader stacked with his own HQ anywhere in the
unit's chain adds one MP (the cumulative effect). A leader stacked with another HQ adds nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from hexforge.games.game import Game
from hexforge.rules.httr.units import (
    controlling_hq,
    formation_chain,
    is_kind,
    unresolved_formation,
)
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState


@dataclass(frozen=True, slots=True)
class Bonus:
    """The MP leaders add (``mp``) and, when more may be added, what would tell (``unsure``)."""

    mp: int = 0
    unsure: str | None = None


@rule("HTTR SR 19.2.3 / 19.6.2", "MOV-26", "a leader stacked with his HQ adds 1 MP to the MA of every unit "
      "subordinate to that HQ, cumulative within the division")
def leader_bonus(game: Game, state: GameState, uid: str) -> Bonus:
    """+1 MP for each leader on the map stacked with his own HQ when ``uid`` is subordinate to it."""
    chain = formation_chain(game, uid)
    top = chain[-1] if chain else uid
    open_top = unresolved_formation(game, top)  # the HQs above ``top`` are not known
    side = state.side(uid)
    mp, unsure = 0, None
    for u, at in sorted(state.positions.items()):
        if u == uid or state.side(u) != side:
            continue
        leader = is_kind(game, u, "leader")
        if leader is False:
            continue
        mates = [m for m in state.at(at) if m != u]
        hq = controlling_hq(game, u)
        if hq is None:
            f = unresolved_formation(game, u)
            near = any(m in chain for m in mates) or (open_top and any(is_kind(game, m, "hq") is not False
                                                                         for m in mates))
            if leader and f and near:
                unsure = unsure or f"the HQ of leader {u} (units.csv formation {f!r}: a leader stacked with his " \
                    "HQ adds 1 MP, SR 19.2.3)"
        elif hq in mates and hq in chain:
            if leader:
                mp += 1
            else:
                unsure = unsure or f"the type of unit {u} (units.csv type: a leader stacked with his HQ adds 1 MP, " \
                    "SR 19.2.3)"
        elif hq in mates and leader and open_top:
            unsure = unsure or f"the HQ above {top} (units.csv formation {open_top!r}: leader {u} stacked with " \
                f"his HQ {hq} adds 1 MP to its units, SR 19.6.2)"
    return Bonus(mp, unsure)
