"""The scripted HTTR play for ``test_httr_planted``: Game Turn 1 of the synthetic game
(``tests/games/httr-synthetic``, whose every table is known) from its Allied Fire Phase to the German
Movement Phase, with planted violations, each marked with the HTTR rule it breaks.

``SETUP`` is the set-up, unit -> hex in placement order (a hex's last unit on top); HQs, artillery and AT
start in Defilade (SR 5.2.2 L145). A piece is named as VASSAL names it, with the suffix of each layer level
other than the first ("A-REG1 Defilade", ``builder/layers.py``). Rolls are pressed with a seed (``tools/vassal/play.py``): the engine
rolls from ``java.util.Random(seed)``, so the script knows the dice it will log and the test checks them.
"""
from __future__ import annotations

from functools import cache

from hexforge.games import load_game
from hexforge.games.game import Game
from tests.rules.httr.helpers import SYNTHETIC
from tests.vassal import scripting
from tests.vassal.scripting import chat, drag, drop_on, key, seed_for  # noqa: F401  (the script's vocabulary)

SETUP: dict[str, str] = {
    # the first fire: two Germans in B0304 (G-INF1 on top), Allied firers around it (two stacks of two)
    "G-AFV": "B0304", "G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0302", "A-AT": "B0203", "A-TANK": "B0203",
    "A-ENG": "B0305", "A-TANK2": "B0306", "A-HW": "B0204", "A-INF6": "B0204",
    # the second: G-INF2 in B0602
    "G-INF2": "B0602", "A-BENG": "B0601", "A-INF3": "B0603",
    # a German HQ and a lone leader in B0609 / B0610; Allied recon next to both
    "G-LDR": "B0610", "G-KG1": "B0609", "A-REC": "B0510",
    # HQs and artillery in the rear, movers and a German company on sheet A
    "A-CORPS": "B0105", "A-DIV": "B0105", "A-REG1": "B0205", "A-REG2": "B0108", "A-ART": "B0102", "G-DIV": "B0409",
    "G-IND1": "B0404", "A-LDR": "B0502", "A-INF4": "A0305", "A-SLOW": "A0405", "G-ART": "A0610",
    # KG 2's company, held until GT 2 by the synthetic game's ScR 8.1.7 pattern ([special.movement_holds])
    "G-INF3": "A0609",
}


def roll(button: str, *dice: int) -> dict:
    return {"do": "dice", "button": button, "seed": seed_for(dice), "dice": list(dice)}


@cache
def game() -> Game:
    return load_game(SYNTHETIC)


def to_box(marker: str, box: str) -> dict:
    return scripting.to_box(game(), marker, box)


NEXT = {"do": "next_turn"}
DF, AT, CA = "Direct Fire", "AT Fire", "Close Action"
MODE, DISRUPTED = "O", "I"  # the layers' keys (builder/layers.py LayerKeys: a letter of the name); checked by the test

# (action, the rule it breaks, the rules where it breaks several, or None)
SCRIPT: list[tuple[dict, str | tuple[str, ...] | None]] = [
    (NEXT, None), (NEXT, None),                              # CP and Logistic, German Reaction
    (NEXT, None),                                            # Allied Command
    (chat("cp A-REG1 2"), None),
    (chat("cp A-REG1 1"), "HTTR SR 14.3.1"),                 # a third CP to one subordinate HQ
    (to_box("A-DIV CP", "2"), None),                         # the division's track debited (SR 14.3.6)
    (drag("A-INF4", "A0306"), "HTTR SR 4.1"),                # a move in the Command Phase
    (NEXT, None),                                            # Allied Fire
    (chat("at B0304 from A-ENG target G-AFV"), "HTTR SR 6.4.1.9"),  # engineers fire AT in close action only
    (chat("at B0304 from A-AT target G-AFV"), None),
    (roll(AT, 2, 3), None),                                  # medium AT fire: G-AFV loses 1 SP ...
    (key("G-AFV", MODE), None),                              # ... and adopts Defilade at once (SR 6.7.3)
    (chat("at B0304 from A-TANK target G-AFV"), "HTTR SR 6.4.1.7"),   # a second medium AT fire at G-AFV
    (chat("at B0304 from A-TANK2 target G-AFV"), "HTTR SR 6.1.8"),    # no printed range: adjacent only
    (chat("df B0304 from A-AT target G-INF1"), "HTTR SR 6.2.1"),    # a second fire method (G-AFV done, 6.1.5)
    (chat("df B0304 from A-INF2"), "HTTR SR 6.2.3"),                # two hexes away
    (chat("df B0304 from A-INF1 target G-INF1"), None),
    (roll(DF, 6, 6), "HTTR SR 6.7.7"),                       # G-INF1 loses 2 SP, stays Concentrated, no morale check
    (chat("df B0304 from A-INF6 target G-INF1"), "HTTR SR 6.3.1.2"),  # ER 5 at G-INF1 again: join A-INF1's packet
    (chat("return B0303 from G-AFV"), "HTTR SR 6.6.7.1"),    # return fire answers AT fire only
    (chat("df B0602 from A-BENG"), "HTTR SR 18.4.1.3"),      # bridging engineers never fire
    (chat("if B0602 from A-INF3"), "HTTR SR 6.5.1"),         # infantry is not IF-capable
    (chat("df B0610 from A-REC target G-LDR"), "HTTR SR 19.3.3"),  # a leader is never a target
    (chat("if B0609 from A-ART target G-KG1"), "HTTR SR 6.5.1.5"),  # an unobserved barrage at an HQ
    (chat("df B0304 from A-HW"), "HTTR SR 6.1.4"),           # back to a hex already done with
    (NEXT, None),                                            # Allied Movement
    (drag("A-INF1", "B0403"), "HTTR SR 6.1.9"),              # it fired this turn
    (drag("A-SLOW", "A0408"), "HTTR SR 9.2.3"),              # three hexes for an MA of 2
    (key("A-HW", MODE), "HTTR SR 5.2.1"),                    # a voluntary mode change outside the Organization Phase
    (key("A-INF4", DISRUPTED), "HTTR SR 5.1"),               # disruption is never voluntary
    (drag("A-INF4 Disrupted", "A0304"), "HTTR SR 9.5.3"),    # a disrupted unit moves one hex (2nd div.: near the route)
    (drag("A-REG2 Defilade", "B0109"), None),
    (drag("A-REG1 Defilade", "B0206"), None),
    (drag("A-REG2 Defilade", "B0209"), "HTTR SR 9.1.2"),              # one unit or stack at a time
    (chat("ca A0610 from A0408"), "HTTR SR 10.1.4"),         # not adjacent
    (roll(CA, 2), None),
    (chat("ca B0602 from B0603"), "HTTR SR 10.1.9"),         # A-INF3 fired (IF) in the Fire Phase
    (roll(CA, 2), None),
    (drag("A-LDR", "B0602"), "HTTR SR 9.2.2"),               # into an enemy hex
    (NEXT, None),                                            # Allied Organization
    (key("A-INF3", MODE), None),                             # Concentrated to Defilade
    (key("A-INF3 Defilade", MODE), "HTTR SR 5.2.1"),                  # a second change in the phase
    (key("A-HW Defilade", MODE), "HTTR SR 9.5.1.1"),                  # a leg unit into Travel
    (drop_on("A-CORPS Defilade", "A-DIV Defilade"), "HTTR SR 11.1.1"),         # a stack reordered outside the Movement Phase
    (NEXT, None), (NEXT, None),                              # German Command, German Fire
    (chat("df B0510 from G-DIV"), "HTTR SR 6.6.4.3"),        # an HQ fires opportunity fire only
    (NEXT, None),                                            # German Movement
    (chat("ca B0305 from B0304 lead G-INF1"), None),
    (roll(CA, 5), None),
    (chat("of B0404 from A-INF1 target G-IND1 trigger leave"), None),  # before G-IND1 leaves A-INF1's ZOC
    (roll(DF, 2, 3), "HTTR SR 6.7.2"),                       # the OF as DF: 5 SP, fire value 5, 2d6 5: DEF, never taken
    (drop_on("G-IND1", "G-INF1"), "HTTR SR 9.6.3"),          # joins a stack in an enemy ZOC on top, not at its bottom
    (drag("G-INF3", "A0608"), "HTTR ScR 8.1.7"),             # KG 2 becomes active in GT 2
    (NEXT, None), (NEXT, None),                              # German Organization, Allied Reaction
    (chat("df B0304 from A-INF1 target G-AFV"), ("HTTR SR 6.3.1.5",  # G-AFV is under the top two, and
                                                 "HTTR SR 6.2")),     # DF at an AFV is AT fire (L175)
]


def planted(rule: str | tuple[str, ...] | None) -> tuple[str, ...]:
    """The rules one action of :data:`SCRIPT` breaks."""
    return (rule,) if isinstance(rule, str) else rule or ()


def actions() -> list[dict]:
    """The engine actions of the script (``dice`` is the test's; the harness ignores it)."""
    return [a for a, _ in SCRIPT]
