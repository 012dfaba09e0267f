"""The scripted PtR play for ``test_ptr_planted``: Turn 1 of the synthetic game (``tests/games/ptr-synthetic``,
whose every table is known) played through its Operations Cycle, with planted violations, each marked with the
PtR rule it breaks. Rolls are pressed with a seed (``tools/vassal/play.py``): the engine rolls from
``java.util.Random(seed)``, so the script knows the die it will log and the test checks that it did.
"""
from __future__ import annotations

MASK = (1 << 48) - 1


def java_die(seed: int, sides: int = 10) -> int:
    """The first ``nextInt(sides) + 1`` of ``java.util.Random(seed)`` (the LCG the Java API specifies)."""
    s = ((seed ^ 0x5DEECE66D) & MASK) * 0x5DEECE66D + 0xB & MASK
    return (s >> 17) % sides + 1  # next(31); for these bounds the rejection step never fires on a first draw


def seed_for(die: int) -> int:
    """The smallest seed whose first d10 roll is ``die``."""
    return next(s for s in range(1000) if java_die(s) == die)


def roll(button: str, die: int) -> dict:
    return {"do": "dice", "button": button, "seed": seed_for(die), "die": die}


def chat(text: str) -> dict:
    return {"do": "chat", "text": text}


def drag(piece: str, to: str) -> dict:
    return {"do": "drag", "piece": piece, "to": to}


NEXT = {"do": "next_turn"}
US, GE, AP = "Initiative US", "Initiative German", "Action Points"

# (action, rule it breaks or None). Hex geometry as in tests/rules/ptr/test_actions.py.
SCRIPT: list[tuple[dict, str | None]] = [
    (NEXT, None),                                         # to the Organization Phase
    (chat("act 1inf"), "PTR 5.1F"),                       # a declaration outside the Operations Cycle
    (NEXT, None), (NEXT, None), (NEXT, None), (NEXT, None),  # to the Operations Cycle
    # segment 1: the US holds the Initiative without a roll (21.0C)
    (chat("act 116pz"), "PTR 9.4"),                       # the Germans do not hold it
    (chat("act 1inf"), None),
    (roll(AP, 6), None),                                  # level 4, die 6: 4 APs
    (roll(AP, 3), "PTR 10.1.2B"),                         # one AP roll per activation
    (chat("refit 1-b"), "PTR 11.4.3A"),                   # 1-B is not disrupted
    (drag("9-IN", "1610"), "PTR 11.2.1"),                 # not of the activated formation
    (drag("1-A", "1312"), None),                          # 3 APs left
    (drag("1-TD", "1416"), None),                         # 2
    (drag("1-A", "1311"), None),                          # 1
    (drag("1-TD", "1415"), None),                         # 0
    (drag("1-A", "1312"), "PTR 11.1B"),                   # a Movement Action with no AP left
    (chat("attack 1710 from 1512 hasty"), "PTR 15.1.1"),    # not adjacent
    (chat("attack 1413 from 1512 hasty"), "PTR 11.4.5A"),   # an adjacent hex with no enemy in it
    (chat("done"), None),
    # segment 2: the Germans win
    (roll(US, 2), None),
    (roll(US, 5), "PTR 9.2.1A"),                          # a second US roll in the segment
    (roll(GE, 8), None),
    (chat("act 116pz"), None),
    (roll(AP, 8), None),                                  # level 5, die 8: 5 APs
    (chat("react 1inf"), "PTR 10.2.1A"),                  # no enemy Movement Action to react to
    (drag("G116-HQ", "1615"), "PTR 11.4.1B"),             # an HQ in a Movement Action
    (drag("116-IN", "1617"), "PTR 12.0B"),                # five hexes for a leg MA of 4
    (drag("116-PG", "1314"), None),                       # via 1414: stops in the EZOC of 3-AI and 1-TD
    (chat("attack 1214 from 1314 1415 hasty"), "PTR 15.4.2.1A"),  # a Hasty attack has no supporting hex
    (drag("116-PG", "1316"), "PTR 13.4.1"),               # from EZOC to EZOC and on
    (drag("116-TK", "1512"), "PTR 12.2E"),                # into a hex an enemy combat unit holds
    (chat("done"), None),
    # segment 3: the US wins (9 + 2 for the marker) and transfers; the Germans may not transfer back
    (roll(US, 9), None), (roll(GE, 1), None),
    (chat("transfer"), None),
    (chat("transfer"), "PTR 9.4.2B"),
    (chat("pass"), None),
    # segment 4: the US wins (9 against 1 + 2)
    (roll(US, 9), None), (roll(GE, 1), None),
    (chat("transfer"), "PTR 9.4.2A"),                     # not to a side that passed
    (chat("pass"), None),                                 # the second Pass: the OC ends
    (chat("act 116pz"), "PTR 9.5"),
]


def actions() -> list[dict]:
    """The engine actions of the script (the ``die`` key is the test's, the harness ignores it)."""
    return [a for a, _ in SCRIPT]
