"""The Operations Cycle's arithmetic (PtR 9.2-9.3), as pure functions the referee and the tests call."""
from __future__ import annotations

from dataclasses import dataclass



@dataclass(frozen=True, slots=True)
class DrmMarker:
    """The Initiative +DRM marker: the side whose symbol shows (``None`` in the 0-box) and its box."""

    side: str | None = None
    box: int = 0

    def text(self) -> str:
        return "the 0-box" if self.box == 0 or self.side is None else f"box {self.box} ({self.side} showing)"


def modified(side: str, die: int, marker: DrmMarker, us: str, interdiction: int = 0) -> int:
    """PtR 9.2.1A-B: a side's Initiative total: the die, the marker's box for the side it shows, and the
    Interdiction Level for the US (``us``: the side the rules call the US)."""
    return die + (marker.box if marker.side == side else 0) + (interdiction if side == us else 0)


def winner(rolls: dict[str, int], marker: DrmMarker, us: str, interdiction: int = 0) -> str | None:
    """PtR 9.2.1C: the side with the higher modified total; ties go to the US (``None``: a tie and no side
    of the game is the US)."""
    (a, da), (b, db) = sorted(rolls.items())
    ta, tb = modified(a, da, marker, us, interdiction), modified(b, db, marker, us, interdiction)
    if ta == tb:
        return us if us in rolls else None
    return a if ta > tb else b


def next_marker(marker: DrmMarker, reaction_side: str) -> DrmMarker:
    """PtR 9.2.2B-C: from the 0-box to box 2 showing the Reaction side; two boxes up when it already shows
    the Reaction side; otherwise flipped to the Reaction side in box 2 (the L725-732 example)."""
    if marker.box == 0 or marker.side is None:
        return DrmMarker(reaction_side, 2)
    if marker.side == reaction_side:
        return DrmMarker(reaction_side, marker.box + 2)
    return DrmMarker(reaction_side, 2)


def sudden_end(dice: dict[str, int], segment: int, first_segment: int = 11) -> bool:
    """PtR 9.3B-C: both unmodified rolls are 10, from segment 11 on."""
    return segment >= first_segment and len(dice) == 2 and all(d == 10 for d in dice.values())


def die_value(raw: int, zero_is_ten: bool) -> int:
    """PtR 3.1: a d10's 0 counts 10."""
    return 10 if zero_is_ten and raw == 0 else raw
