"""The scripted PtR play for ``test_ptr_planted``: Turn 1 of the synthetic game (``tests/games/ptr-synthetic``,
whose every table is known) played through its Operations Cycle to a Sudden End, then Turn 2's Recovery and
Organization Phases, with planted violations, each marked with the PtR rule it breaks: declarations in chat, named
dice buttons, drags of units, track markers dragged onto their boxes, layers (Disrupted, Emergency Supply, the
+DRM marker's Symbol, a FAM's Reserve) stepped by their keys and a combat result taken by an elimination. Rolls are
pressed with a seed (``tools/vassal/play.py``): the engine rolls from ``java.util.Random(seed)``, so the script knows
the die it will log and the test checks that it did.
"""
from __future__ import annotations

from functools import cache

from hexforge.builder.layers import LayerKeys
from hexforge.games import load_game
from hexforge.games.game import Game
from tests.rules.ptr.helpers import SYNTHETIC
from tests.vassal import scripting
from tests.vassal.scripting import chat, drag, seed_for  # noqa: F401  (the script's vocabulary)


def roll(button: str, die: int) -> dict:
    return {"do": "dice", "button": button, "seed": seed_for((die,), 10), "die": die}


@cache
def game() -> Game:
    return load_game(SYNTHETIC)


def to_box(marker: str, box: str) -> dict:
    return scripting.to_box(game(), marker, box)


def layer_key(piece: str, layer_id: str) -> dict:
    """Press the key that steps a piece's layer to its next level (Ctrl+letter, docs/log-channel.md); ``piece``
    is its name as VASSAL shows it (with the suffix of a layer level other than the first)."""
    return {"do": "key", "piece": piece, "key": "ctrl " + LayerKeys.of(list(game().info.layers)).keys[layer_id]}


def eliminate(piece: str) -> dict:
    """Press a unit's Eliminate key (Ctrl+E, docs/log-channel.md): it leaves the map for the Eliminated box."""
    return {"do": "key", "piece": piece, "key": "ctrl E"}


NEXT = {"do": "next_turn"}
US, GE, AP = "Initiative US", "Initiative German", "Action Points"
COMBAT, REACTION, INTERDICTION, EC = "Combat", "Reaction Check", "Interdiction", "Effectiveness Check"
US_AP, DRM, FAM_116 = "US AP", "Initiative +DRM", "116th Panzer FAM"

# (action, rule it breaks or None). Hex geometry as in tests/rules/ptr/test_actions.py.
SCRIPT: list[tuple[dict, str | None]] = [
    (NEXT, None),                                         # to the Organization Phase
    (chat("act 1inf"), "PTR 5.1F"),                       # a declaration outside the Operations Cycle
    (NEXT, None), (NEXT, None), (NEXT, None), (NEXT, None),  # to the Operations Cycle
    # segment 1: the US holds the Initiative without a roll (21.0C)
    (chat("act 116pz"), "PTR 9.4"),                       # the Germans do not hold it
    (chat("act 1inf"), None),
    (to_box("1st Infantry FAM", "3"), None),              # its FAM one box down (10.1.1B)
    (roll(AP, 6), None),                                  # level 4, die 6: 4 APs
    (to_box(US_AP, "4"), None),
    (roll(AP, 3), "PTR 10.1.2B"),                         # one AP roll per activation
    (chat("refit 1-b"), "PTR 11.4.3A"),                   # 1-B is not disrupted
    (drag("9-IN", "1610"), "PTR 11.2.1"),                 # not of the activated formation
    (drag("1-A", "1312"), None),                          # 3 APs left
    (to_box(US_AP, "1"), "PTR 10.1.4A"),                  # the marker shows 1 AP, not the 3 left
    (drag("1-TD", "1416"), None),                         # 2
    (drag("1-A", "1311"), None),                          # 1
    (drag("1-TD", "1415"), None),                         # 0
    (drag("1-A", "1312"), "PTR 11.1B"),                   # a Movement Action with no AP left
    (chat("attack 1710 from 1512 hasty"), "PTR 15.1.1"),    # not adjacent
    (chat("attack 1413 from 1512 hasty"), "PTR 11.4.5A"),   # an adjacent hex with no enemy in it
    (roll(COMBAT, 4), "PTR 15.1.4F"),                     # a combat roll with no attack declared
    (roll(REACTION, 2), "PTR 10.2.3A"),                   # a Reaction Check with no reaction declared
    (roll(INTERDICTION, 5), "PTR 5.2.1D"),                # Interdiction is rolled in the Recovery Phase
    (roll("Attrition Check", 6), "PTR 18.6"),             # so is an Attrition Check
    (chat("done"), None),
    (chat("done"), "PTR 11.1D"),                          # no formation is activated
    # segment 2: the Germans win
    (roll(US, 2), None),
    (roll(US, 5), "PTR 9.2.1A"),                          # a second US roll in the segment
    (roll(GE, 8), None),
    (roll(GE, 4), "PTR 9.2.1A"),                          # a re-roll once both sides rolled: ignored
    (to_box(DRM, "3"), "PTR 9.2.2"),                      # 9.2.2B: from the 0-box to box 2
    (to_box(DRM, "2"), None),
    (layer_key(DRM, "initiative-symbol"), None),          # German -> US, the Reaction side (9.2.2B)
    (layer_key(DRM + " US", "initiative-symbol"), "PTR 9.2.2B"),  # back to German: the Reaction side shows
    (chat("act 9pz"), "PTR 10.1.1B"),                     # its FAM is in the 0-box
    (chat("act 116pz"), None),
    (to_box(FAM_116, "7"), "PTR 10.3C"),                  # above its Maximum Activation Level 6
    (to_box(FAM_116, "4"), None),                         # one box down from 5
    (roll(AP, 8), None),                                  # level 5, die 8: 5 APs
    (chat("react 1inf"), "PTR 10.2.1A"),                  # no enemy Movement Action to react to
    (drag("G116-HQ", "1615"), "PTR 11.4.1B"),             # an HQ in a Movement Action
    (drag("116-IN", "1617"), "PTR 12.0B"),                # five hexes for a leg MA of 4
    (drag("116-PG", "1314"), None),                       # via 1414: stops in the EZOC of 3-AI and 1-TD
    (chat("attack 1214 from 1314 1415 hasty"), "PTR 15.4.2.1A"),  # a Hasty attack has no supporting hex
    (roll(EC, 2), None),                                  # 116-PG is isolated (EZOCs all round): 2 <= ER 7
    (drag("116-PG", "1316"), "PTR 13.4.1"),               # from EZOC to EZOC and on (2 APs out of command)
    (drag("116-TK", "1512"), "PTR 12.2E"),                # into a hex an enemy combat unit holds
    (chat("done"), None),
    # segment 3: the US wins (9 + 2 for the marker) and activates 3arm (level 6, die 9: 6 APs)
    (roll(US, 9), None), (roll(GE, 1), None),
    (chat("act 3arm"), None),
    (to_box("3rd Armored FAM", "5"), None),
    (roll(AP, 9), None),
    (drag("3-AI", "1312"), "PTR 14.1D"),                  # two infantry-type units with 1-A (5 APs left)
    (chat("react 116pz"), "PTR 10.2.1B"),                 # none of its units is next to 3-AI's hexes
    (drag("3-TK", "1414"), None),                         # the next Action (4 APs left) ends 3-AI's ...
    (layer_key("3-AI", "disrupted"), None),               # ... and 3-AI is disrupted by the overstack (14.2A) ...
    (drag("3-TK", "1514"), "PTR 14.2A"),                  # ... but 1-A is not, and play goes on
    (chat("react 116pz"), "PTR 10.2.2A"),                 # its HQ stands alone next to 1514: it is displaced
    (chat("react 9pz"), "PTR 10.2.2B"),                   # only after that displacement
    (drag("3-TK2", "1216"), None),                        # a new Movement Action (3 APs left), next to 116-PG
    (chat("react 116pz"), None),
    (roll(REACTION, 9), None),                            # 9 > Reaction Rating 5: it fails, 3-TK2 goes on
    (chat("react 116pz"), "PTR 10.2.1C"),                 # one attempt per Movement Action
    (chat("id 1312"), "PTR 16.3B4"),                      # a disrupted unit is never under Improved Defense
    (chat("refit 3-ai"), None),                           # 2 APs left
    (roll(EC, 7), None),                                  # 7 > disrupted ER 3: it stays disrupted
    (layer_key("3-AI Disrupted", "disrupted"), "PTR 11.4.3C"),  # flipped back after a failed Refit
    (layer_key("G9-HQ", "emergency-supply"), "PTR 17.6A"),  # an HQ in supply flips to Emergency Supply
    (layer_key("G9-HQ Emergency Supply", "emergency-supply"), "PTR 17.6C"),  # back outside a Recovery Phase
    (chat("relocate 3armhq"), None),                      # its 2 Relocation Points: the last 2 APs (11.4.2A)
    (drag("US3-HQ", "1011"), "PTR 20.0C5"),               # a clear hex: not a town, city or industrial hex
    (chat("done"), None),
    # segment 4: the US wins (9 against 1 + 2) and transfers; the Germans may not transfer back
    (roll(US, 9), None), (roll(GE, 1), None),
    (chat("transfer"), None),
    (chat("transfer"), "PTR 9.4.2B"),
    (chat("pass"), None),
    # segment 5: the US wins (9 against 1 + 4)
    (roll(US, 9), None), (roll(GE, 1), None),
    (chat("transfer"), "PTR 9.4.2A"),                     # not to a side that passed
    (chat("act 1inf"), None), (roll(AP, 10), None),      # level 3, die 10: 5 APs
    (drag("1-B", "1412"), "PTR 18.5.2A"),                 # 1-B is isolated (116-TK's EZOCs): no check first
    (drag("1-TD", "1416"), None),                         # next to 116-PG (2 APs left)
    (chat("attack 1316 from 1416 hasty"), None),          # (1 AP left)
    (chat("chits 3 3"), None),
    (chat("chits 2 2"), "PTR 15.2.1B"),                   # one Combat Chit per side
    (roll("Air Support", 5), "PTR 15.3B"),                # only a Prepared attack rolls for Air Support
    (roll(COMBAT, 5), None),                              # CV 8:24, below the far-left column: 5/0 (15.1.4D)
    (eliminate("1-TD"), None),                            # 5 hits on its 4 SP: the combat result followed
    (chat("done"), None),
    # segments 6-10: the Germans, who passed, win: nothing happens (9.4.3D); two 10s in segment 6 are no
    # Sudden End before segment 11 (9.3C); the +DRM marker climbs on the US side: 2, 4, 6, 8, 10
    (roll(US, 10), None), (roll(GE, 10), None),           # 10 against 10 + 6
    (roll(US, 1), None), (roll(GE, 10), None),            # 1 + 2 against 10
    (roll(US, 1), None), (roll(GE, 10), None),            # 1 + 4
    (roll(US, 1), None), (roll(GE, 10), None),            # 1 + 6
    (roll(US, 1), None), (roll(GE, 10), None),            # 1 + 8
    # segment 11: two unmodified 10s: Sudden End, the OC ends (9.3B, 9.5A2)
    (roll(US, 10), None), (roll(GE, 10), None),
    (chat("act 116pz"), "PTR 9.5"),
    # Turn 2's Recovery Phase (5.2.1, 10.3): supplied FAMs recover; the US rolls the Interdiction Level
    (NEXT, None), (NEXT, None),                           # End Turn; Turn 2's Recovery Phase
    (to_box("1st Infantry FAM", "7"), None),              # 2 + its rating 5, at most its maximum 7 (10.3.1)
    (roll(INTERDICTION, 4), None),                        # Interdiction Level 0 (19.0A)
    (to_box("9th Panzer FAM", "4"), None),                # 0 + 4, the HQ Recovery Chart's rating 4 at level 0
    (to_box(FAM_116, "7"), "PTR 10.3C"),                  # 4 + 3 (rating 3), but at most its maximum 6
    (roll("Attrition Check", 6), "PTR 18.6"),             # no unit is isolated and disrupted
    (layer_key("1st Infantry FAM", "reserve"), "PTR 22.8.1A"),  # Reserve Mode begins in the Organization Phase
    (NEXT, None),                                         # the Organization Phase
    (layer_key("1st Infantry FAM In Reserve", "reserve"), None),  # it leaves Reserve Mode there
]


def actions() -> list[dict]:
    """The engine actions of the script (the ``die`` key is the test's, the harness ignores it)."""
    return [a for a, _ in SCRIPT]
