"""PtR combat arithmetic (15.1-15.6), effectiveness checks (16.1) and attrition (18.6) as pure functions over
values the caller has read from the game data; each answers with the rule's number."""
from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from fractions import Fraction

ATTACK_KINDS = ("hasty", "regular", "prepared")  # PtR 11.4 / 15.2.1D
CHIT_COLUMN = {"hasty": "left (red)", "regular": "center (yellow)", "prepared": "right (green)",
               "disrupted": "left (red)", "undisrupted": "center (yellow)", "improved": "right (green)"}
MODIFIED_ROLL = (1, 20)  # PtR 15.1.4F / 15.4D


def chit_column(role: str) -> str:
    """PtR 15.2.1D: the chit column an attack kind (``hasty``/``regular``/``prepared``) or a defender's state
    (``disrupted``/``undisrupted``/``improved``) reads."""
    return CHIT_COLUMN[role]


def battle_strength(units: list[tuple[int, int]]) -> int:
    """PtR 15.1.3 / 15.2.1B: CV = the sum over units of current CS x its Combat Multiplier."""
    return sum(cs * mult for cs, mult in units)


def ratio(attack: int, defence: int) -> tuple[int, int]:
    """PtR 15.1.4A: A >= D: floor(A/D):1; D > A: 1:ceil(D/A)."""
    if attack <= 0 or defence <= 0:
        raise ValueError("combat values must be positive")
    if attack >= defence:
        return attack // defence, 1
    return 1, -(-defence // attack)


def clamp_roll(value: int) -> int:
    """PtR 15.1.4F: a modified combat roll below 1 is 1, above 20 is 20."""
    return max(MODIFIED_ROLL[0], min(MODIFIED_ROLL[1], value))


def final_tp(tp: int, modifier: Fraction | int) -> int:
    """PtR 15.4.4.2B / 15.4.4.3B: the attacker's TPs times the terrain modifier, rounded down (0.9 is 0)."""
    return math.floor(Fraction(tp) * Fraction(modifier))


@dataclass(frozen=True, slots=True)
class ArmorSide:
    """A side's best armour unit for 15.4.4: its TPs or ATPs (never both), and its current CS (ties)."""

    tp: int = 0
    atp: int = 0


def armor_superiority(attacker: ArmorSide, defender: ArmorSide, tp_modifier: Fraction | int = 1,
                      atp_bonus: int = 0) -> int:
    """PtR 15.4.4: the Armor Superiority DRM (positive favours the attacker, negative the defender)."""
    if attacker.tp <= 0 and defender.tp <= 0:
        return 0  # 15.4.4.1 (and 15.4.4.4 needs defender TPs)
    if attacker.tp <= 0:
        return -defender.tp  # 15.4.4.4A: the defender's full TPs
    a = final_tp(attacker.tp, tp_modifier)
    if defender.tp > 0:
        return a - defender.tp  # 15.4.4.3D: defending TPs never modified by terrain
    return max(0, a - (defender.atp + atp_bonus))  # 15.4.4.2D-E: ATPs never establish superiority


def effective(die: int, er: int) -> bool:
    """PtR 16.1: an Effectiveness Check passes iff the die is at most the ER."""
    return die <= er


def attrition_loss(die: int, er: int) -> int:
    """PtR 18.6A: an isolated disrupted unit loses max(0, die - ER) SPs."""
    return max(0, die - er)


def battle_victory(attacker_hits: int, defender_hits: int, attacker_wiped: bool, defender_wiped: bool) -> str | None:
    """PtR 15.6A: the side with strictly fewer CHs wins unless all its units were eliminated; ties: none."""
    if attacker_hits < defender_hits and not attacker_wiped:
        return "attacker"
    if defender_hits < attacker_hits and not defender_wiped:
        return "defender"
    return None


def bonus_allows(cost: int, bonus: int, remaining: int) -> bool:
    """PtR 15.6B-C: an Action the winners spend the bonus AP on may add any remaining APs."""
    return cost <= bonus + remaining


def attacker_support(kind: str, hexes: list[list[tuple[bool, bool, bool]]]) -> int:
    """PtR 15.4.2.1: the attacker's support DRM, per supporting hex: each unit there as (same formation as the
    attacker, exerts a ZOC into the attacked hex, in CR); a hex gives its best unit's DRM."""
    if kind == "hasty":
        return 0  # 15.4.2.1A
    table = {("regular", True): 1, ("prepared", True): 2, ("prepared", False): 1}  # 15.4.2.1B
    return sum(max([table.get((kind, same), 0) for same, zoc, cr in units if zoc and cr] or [0]) for units in hexes)


def defender_support(defence: str, any_disrupted: bool, hexes: list[list[tuple[bool, bool, bool]]]) -> int:
    """PtR 15.4.2.2: the defender's support DRM (``defence``: ``regular`` or ``improved``); none when any
    defending unit is disrupted (15.4.2.2A)."""
    if any_disrupted:
        return 0
    table = {("regular", True): -1, ("improved", True): -2, ("improved", False): -1}  # 15.4.2.2B
    return sum(min([table.get((defence, same), 0) for same, zoc, cr in units if zoc and cr] or [0]) for units in hexes)


def parse_result(cell: str) -> tuple[int, bool, int, bool] | None:
    """PtR 15.5A-D: a CRT cell ``A/D`` as (attacker hits, bold, defender hits, bold); a boldface number is written
    with a trailing ``*`` (``2*/1``). ``None`` when the cell is no such result."""
    m = re.fullmatch(r"\s*(\d+)(\*?)\s*/\s*(\d+)(\*?)\s*", str(cell))
    if m is None:
        return None
    return int(m.group(1)), bool(m.group(2)), int(m.group(3)), bool(m.group(4))


MAX_CHECKED = 7  # units whose checks are matched to dice by trying every order (7! = 5040)


def failure_sets(dice: tuple[int, ...], ers: dict[str, int]) -> set[frozenset[str]]:
    """PtR 16.1: the sets of units that fail under some way of giving each unit one of ``dice`` (a log does not say
    which die was whose): a unit fails when its die is above its ER."""
    units = sorted(ers)
    return {frozenset(u for u, d in zip(units, order) if d > ers[u]) for order in itertools.permutations(dice)}
