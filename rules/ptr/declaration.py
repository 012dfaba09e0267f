"""The PtR chat grammar: what a player types for what a move cannot show (PtR 9.4, 10.1-10.2, 11.4, 15, 17.6).
A line declares when it begins with one of these (case does not matter; words are separated by spaces)::

    act FORMATION                 9.4A / 10.1: a Formation Activation (formation id, its start, or its HQ)
    transfer                      9.4B: Transfer Initiative
    pass                          9.4C: Pass
    react FORMATION               10.2: a Formation Reaction attempt
    done                          11.1D: the formation concludes its activation (unused APs are lost)
    refit UNIT                    11.4.3: a Refit Action for one disrupted unit
    improved defense HEX          11.4.4 (also ``id HEX``): an Improved Defense Action in a hex
    relocate HQ                   11.4.2: an HQ Relocation Action (then the HQ's move)
    attack HEX from HEX {HEX} KIND   15.1: KIND is hasty, regular or prepared (infiltration, 22.1); the
                                  first hex after ``from`` attacks, the others support (15.4.2)
    chits N [N]                   15.2.1: the attacker's and the defender's Combat Chit numbers (the attacker's
                                  alone against an HQ alone in its hex, 20.1B1)
    cv N N                        15.1.3: the attacker's and the defender's CV the players worked out
    column A:D                    15.1.4: the CRT column the players read (after the clamp and the shifts)
    drm N                         15.4: the final combat DRM the players worked out (signed: -5, +2)
    emergency supply HQ           17.6: the HQ flips to Emergency Supply
    assign UNIT to FORMATION      6.1C-D, 6.2.1-6.2.2: (re)assign a unit in the Organization Phase
    detach UNIT                   6.1C, 6.2.2: a detached unit returns to its own formation
    replace UNIT [N]              7.1: N (default 1) US Replacement Points rebuild N SPs of UNIT
    cannibalize UNIT              7.2B: a German unit removed for RPs (then its removal from the map)
    reorganize UNIT [N]           7.2C: N (default 1) cannibalization RPs rebuild N SPs of UNIT
    refuse plan                   21.4.4.3A: the US puts the Plan chit it drew back (once per game)
    use UNIT                      22.3-22.4, 22.7: an optional rule's special unit is used now (a railroad gun or
                                  Funkpanzer for the Prepared attack under way; the sharpshooters)

A UNIT may be written with its spaces (``assign LXXXI-526 Inf to 116pz``): the words up to ``to`` (or to the
number) name it.

Anything else is chat. The line is read once, token by token, and at most :data:`MAX_TOKENS` tokens are read:
linear in the line's length, whatever it holds.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

TOKEN = re.compile(r"[^\s,]+")
MAX_TOKENS = 24
KINDS = ("hasty", "regular", "prepared", "infiltration")
WORD = re.compile(r"[\w./:+\-]+")


@dataclass(frozen=True, slots=True)
class Declared:
    """One declaration: its verb and its words as typed (``args``); an attack's hexes and kind."""

    verb: str
    args: tuple[str, ...] = ()
    target: str | None = None
    attackers: tuple[str, ...] = ()
    kind: str | None = None


def parse(text: str) -> Declared | None:
    """The declaration a chat line makes, else ``None``."""
    words: list[str] = []
    for n, m in enumerate(TOKEN.finditer(text)):
        if n == MAX_TOKENS:
            return None  # too long to be a declaration
        words.append(m.group().lower())
    if not words or not all(WORD.fullmatch(w) for w in words):
        return None
    verb, rest = words[0], words[1:]
    if verb in ("transfer", "pass", "done") and not rest:
        return Declared(verb)
    if verb in ("act", "react", "refit", "relocate") and len(rest) == 1:
        return Declared(verb, tuple(rest))
    if verb == "improved" and len(rest) == 2 and rest[0] == "defense":
        return Declared("improved-defense", (rest[1],))
    if verb == "id" and len(rest) == 1:
        return Declared("improved-defense", tuple(rest))
    if verb == "emergency" and len(rest) == 2 and rest[0] == "supply":
        return Declared("emergency-supply", (rest[1],))
    if verb == "chits" and len(rest) in (1, 2) and all(w.isdigit() for w in rest):
        return Declared("chits", tuple(rest))
    if verb == "attack":
        return _attack(rest)
    if verb in ("cv", "column", "drm"):
        return _step(verb, rest)
    if verb == "use" and rest:
        return Declared("use", (" ".join(rest),))
    return _organization(verb, rest)


def _organization(verb: str, rest: list[str]) -> Declared | None:
    """The Organization and Replacement Phase forms (6.1-7.2) and ``refuse plan`` (21.4.4.3A)."""
    if verb == "refuse" and rest == ["plan"]:
        return Declared("refuse-plan")
    if verb == "assign" and "to" in rest[1:-1] and rest.count("to") == 1:
        cut = rest.index("to")
        return Declared("assign", (" ".join(rest[:cut]), " ".join(rest[cut + 1:])))
    if verb in ("detach", "cannibalize", "replace", "reorganize") and rest:
        return Declared(verb, (" ".join(rest),))  # a trailing number (N) is told from a unit's id by the referee
    return None


STEP_FORMS = {"cv": re.compile(r"\d+ \d+"), "column": re.compile(r"\d+:\d+"), "drm": re.compile(r"[+-]?\d+")}


def _step(verb: str, rest: list[str]) -> Declared | None:
    """``cv N N``, ``column A:D``, ``drm N``: a number the players worked out for the combat under way."""
    if STEP_FORMS[verb].fullmatch(" ".join(rest)) is None:
        return None
    return Declared(verb, tuple(rest))


def _attack(rest: list[str]) -> Declared | None:
    """``attack HEX from HEX {HEX} KIND``."""
    if len(rest) < 4 or rest[1] != "from" or rest[-1] not in KINDS:
        return None
    hexes = tuple(rest[2:-1])
    if not hexes or any(not w.isdigit() for w in (rest[0],) + hexes):
        return None
    return Declared("attack", (), rest[0], hexes, rest[-1])
