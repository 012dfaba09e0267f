"""Which step of a combat's computation the players got wrong (PtR 15.1-15.4, 20.1B), read from the result they
applied: the log shows the chits, the roll and the SP losses, never the Battle Strengths, the column or the DRMs the
players worked out. When the losses do not fit the correct result (15.5.1), each step is done again the way players
plausibly get it wrong (:data:`MISREADINGS`); a misreading whose result the losses fit names that step's rule, as the
F&M referee names the hex that blocks a line of sight.

Reading: only the numbers of hits are compared (a misread cell's boldface would change the Effectiveness Checks
too). A step is named only when every misreading the losses fit is of that one rule: when misreadings of different
rules fit (leaving out the HQ support or a +1 combat support reads the same cell), the verdict stays the losses'
15.5.1 and names the candidates."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Way:
    """How a combat's steps are done: every field at its default is the rulebook's way (15.1-15.4)."""

    attack_column: str | None = None  # 15.2.1D: the chit column role read for the attacker (None: its attack kind)
    defence_column: str | None = None  # 15.2.1D: one role for every defender (None: each unit's state, the marker)
    printed_cs: bool = False  # 15.2.1B: the printed CS instead of the current CS (SP losses left out)
    no_multiplier: bool = False  # 15.1.3: the CSs summed without their Combat Multipliers
    ratio_rounded: bool = False  # 15.1.4A: the ratio's fraction rounded the other way
    shift_first: bool = False  # 15.1.4C: the Air Support shift applied before the far-right clamp
    edge_dropped: bool = False  # 15.1.4E: a shift past the table's edge dropped whole, not stopped at the edge
    below_read: bool = False  # 15.1.4D: a ratio below the far-left column read in that column
    hq: str | None = None  # 15.4.3: the HQ support taken as "none", "half" or "all" of the HQ's ASPs
    armour: str | None = None  # 15.4.4: "none" (left out) or "unmodified" (the attacker's TPs not by terrain)
    clamp_between: bool = False  # 15.4B-D: the negative DRMs subtracted and the roll raised to 1 first
    support_disrupted: bool = False  # 15.4.2.2A: the defender's support counted though a defender is disrupted
    left_out: str | None = None  # one DRM or shift left out: a key of :data:`LEFT_OUT`


CORRECT = Way()

#: The DRMs and column shifts a misreading may leave out: key -> (rule, what).
LEFT_OUT: dict[str, tuple[str, str]] = {
    "attacker-support": ("PTR 15.4.2.1", "the attacker's combat support DRM"),
    "defender-support": ("PTR 15.4.2.2", "the defender's combat support DRM"),
    "terrain": ("PTR 15.4.1", "the Terrain Effects DRM"),
    "tiger": ("PTR 22.2A", "the Tiger unit's column shift"),
    "scare": ("PTR 22.2B", "the Tiger Tank Scare's column shift"),
    "special-drm": ("PTR 22.3A", "the railroad gun's DRM"),
    "special-shift": ("PTR 22.7A", "the Funkpanzer roll's column shift"),
    "town-drm": ("PTR 22.6", "the Brummbaer's +2 DRM against a town"),
    "asp-losses": ("PTR 14.2A / 20.2B1-D1", "the ASPs the HQ lost to an overstack or a displacement"),
}

#: (rule, what the players did, the way) for every attack; :func:`misreadings` adds those of the attack's kind.
MISREADINGS: tuple[tuple[str, str, Way], ...] = (
    ("PTR 15.2.1B", "Battle Strength from the printed CS, not the current CS (SP losses left out)",
     Way(printed_cs=True)),
    ("PTR 15.1.3", "Battle Strength as the bare CS, without the Combat Multipliers", Way(no_multiplier=True)),
    ("PTR 15.2.1D", "every defender read in the left (disrupted) chit column", Way(defence_column="disrupted")),
    ("PTR 15.2.1D", "every defender read in the center (undisrupted) chit column", Way(defence_column="undisrupted")),
    ("PTR 15.2.1D", "every defender read in the right (Improved Defense) chit column", Way(defence_column="improved")),
    ("PTR 15.1.4A", "the ratio's fraction rounded the other way", Way(ratio_rounded=True)),
    ("PTR 15.1.4C", "the column shift applied before the far-right column's clamp", Way(shift_first=True)),
    ("PTR 15.1.4D", "a ratio below the far-left column read in the far-left column, not as 5/0", Way(below_read=True)),
    ("PTR 15.1.4E", "a column shift past the table's edge dropped whole, not stopped at the edge",
     Way(edge_dropped=True)),
    ("PTR 15.4.4", "the Armor Superiority DRM left out", Way(armour="none")),
    ("PTR 15.4.4.2B", "the attacker's TPs not modified by the defender's terrain", Way(armour="unmodified")),
    ("PTR 15.4.2.2A", "the defender's combat support counted though a defender is disrupted",
     Way(support_disrupted=True)),
    *((rule, f"{what} left out", Way(left_out=key)) for key, (rule, what) in LEFT_OUT.items()),
    ("PTR 15.4B-D / 15.1.4F", "the negative DRMs subtracted and the roll raised to 1 before the positive ones were "
     "added (the final DRM is applied at once, and only the modified roll is clamped)", Way(clamp_between=True)),
)

#: The misreadings of one attack kind: its wrong chit columns (15.2.1D) and HQ support (15.4.3).
BY_KIND: dict[str, tuple[tuple[str, str, Way], ...]] = {
    "hasty": (("PTR 15.2.1D", "the attacker read in the center chit column (a Hasty attack reads the left)",
               Way(attack_column="regular")),
              ("PTR 15.2.1D", "the attacker read in the right chit column (a Hasty attack reads the left)",
               Way(attack_column="prepared")),
              ("PTR 15.4.3A", "HQ support (half the ASPs) claimed for a Hasty attack", Way(hq="half")),
              ("PTR 15.4.3A", "HQ support (all the ASPs) claimed for a Hasty attack", Way(hq="all"))),
    "regular": (("PTR 15.2.1D", "the attacker read in the left chit column (a Regular attack reads the center)",
                 Way(attack_column="hasty")),
                ("PTR 15.2.1D", "the attacker read in the right chit column (a Regular attack reads the center)",
                 Way(attack_column="prepared")),
                ("PTR 15.4.3C", "the HQ's support left out of a Regular attack", Way(hq="none")),
                ("PTR 15.4.3C", "all the HQ's ASPs for a Regular attack (it gets half, rounded up)", Way(hq="all"))),
    "prepared": (("PTR 15.2.1D", "the attacker read in the left chit column (a Prepared attack reads the right)",
                  Way(attack_column="hasty")),
                 ("PTR 15.2.1D", "the attacker read in the center chit column (a Prepared attack reads the right)",
                  Way(attack_column="regular")),
                 ("PTR 15.4.3D", "the HQ's support left out of a Prepared attack", Way(hq="none")),
                 ("PTR 15.4.3D", "half the HQ's ASPs for a Prepared attack (it gets all)", Way(hq="half"))),
}


def misreadings(kind: str, lone_hq: bool) -> tuple[tuple[str, str, Way], ...]:
    """The misreadings tried for an attack of ``kind``; against a lone HQ (20.1B: Battle Strength 1, no chit, no
    ATPs) the defender's chit column, CS and armour are no step of the combat."""
    ways = BY_KIND.get(kind, ()) + MISREADINGS
    if lone_hq:
        return tuple(w for w in ways if w[2].defence_column is None and w[2].armour is None)
    return ways
