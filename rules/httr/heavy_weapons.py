"""HTTR heavy weapons (HW) in direct fire (SR 18.1.1, 6.3.1.10): an HW unit fires DF alone at ER 4, or adds its
strength to a conventional DF packet of units of its own battalion at their ER. Called by ``fire.py`` (the packet's
legality and each firer's ER); one method per phase is ``fire.check_once``, the target among the top two
``fire.check_target_unit`` (SR 18.1.1.6 = 6.3.1.5; IF at any unit, 6.5.1.7).

Readings: an HW unit's battalion is its own HQ (units.csv ``formation``), as IF-8 reads SR 6.5.2.1's "spotting
company from the same battalion" (``indirect.check_chain``); a packet of HW units only fires "alone" (ER 4 each);
in a packet with its battalion's other units an HW unit takes "the same value as other firing units from the same
battalion in that packet", so it never lowers the packet's ER.
"""
from __future__ import annotations


from hexforge.games.game import Game
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.units import controlling_hq, is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

ALONE_ER = 4  # SR 18.1.1.3 (L881): 'if firing alone with an ER of 4 rather than the printed value'
IN_SUPPORT_ER = 9  # the highest ER (SR 6.3.4): an HW unit in support never lowers its packet's ER
DIRECT = ("df", "of", "return")  # the DF methods an HW unit may use (SR 18.1.1.3-18.1.1.4)


Position = Board


def df_er(game: Game, u: str, packet: list[str] | tuple[str, ...]) -> int:
    """SR 18.1.1.3 / 6.3.1.10: the DF ER of HW unit ``u`` in ``packet``: 4 alone (no unit other than HW units), else
    that of the packet's other units (``IN_SUPPORT_ER``: their lowest ER decides)."""
    return ALONE_ER if all(is_kind(game, x, "hw") for x in packet) else IN_SUPPORT_ER


@rule("HTTR SR 18.1.1.3 / 6.3.1.10 / 18.1.1.6-18.1.1.7", "SPC-1", "an HW unit fires DF alone at ER 4 or in a "
      "conventional DF packet with units of its own battalion at their ER; one method per fire phase (a Reaction "
      "Phase DF does not bar the Fire Phase's IF); DF at the top two, IF at any unit")
def check_packet(p: Position, d: Declaration, units: list[str]) -> Verdict:
    """A DF declaration's HW units and the battalions of the units they fire with."""
    if d.kind != "df" or len(units) < 2:
        return Legal()
    if any(is_kind(p.game, u, "hw") is None for u in units):
        return NotCheckable("the types of units " + ", ".join(u for u in units if is_kind(p.game, u, "hw") is None)
                            + " (units.csv type: an HW unit fires DF only with its own battalion, SR 18.1.1.3)")
    for hw in (u for u in units if is_kind(p.game, u, "hw")):
        battalion = controlling_hq(p.game, hw)
        if battalion is None:
            return NotCheckable(f"the battalion of HW unit {hw} (units.csv formation: the Formation Displays)")
        stray = next((u for u in units if not is_kind(p.game, u, "hw") and p.game.units[u].formation != battalion),
                     None)
        if stray is not None:
            return Illegal("HTTR SR 18.1.1.3", f"the HW unit {hw} fires DF in a packet with {stray}, not of its "
                           f"battalion {battalion}: an HW unit fires DF alone or with units of its own battalion "
                           "(SR 6.3.1.10)")
    return Legal()
