"""The result of judging one thing a player did: legal, illegal (rule, reason) or not checkable (needs)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

Tri = bool | None  # three-valued: True, False, or None (unknown)


@dataclass(frozen=True, slots=True)
class Legal:
    """Nothing wrong found; ``guess`` says what the checker had to infer (e.g. the phase), ``detail`` what
    made it legal when that is not obvious (the route found for a drag)."""

    guess: str | None = None
    detail: str | None = None

    def text(self) -> str:
        return "legal" + (f": {self.detail}" if self.detail else "") + (f" (guess: {self.guess})" if self.guess else "")


@dataclass(frozen=True, slots=True)
class Illegal:
    """Against ``rule`` (e.g. ``"F&M 6.1"``), with a sentence a player understands."""

    rule: str
    reason: str
    guess: str | None = None

    def text(self) -> str:
        return f"ILLEGAL: {self.reason}: {self.rule}" + (f" (guess: {self.guess})" if self.guess else "")


@dataclass(frozen=True, slots=True)
class NotCheckable:
    """The check needs data the game does not give (``needs`` names it)."""

    needs: str
    guess: str | None = None

    def text(self) -> str:
        return f"not checkable: needs {self.needs}" + (f" (guess: {self.guess})" if self.guess else "")


Verdict = Union[Legal, Illegal, NotCheckable]


def with_guess(v: Verdict, guess: str | None) -> Verdict:
    """The same verdict carrying ``guess`` (joined to any guess it already has)."""
    if not guess:
        return v
    joined = f"{v.guess}; {guess}" if v.guess else guess
    if isinstance(v, Legal):
        return Legal(joined, v.detail)
    if isinstance(v, Illegal):
        return Illegal(v.rule, v.reason, joined)
    return NotCheckable(v.needs, joined)


def worst(verdicts: list[Verdict]) -> Verdict:
    """Illegal beats not checkable beats legal (the first of the worst kind)."""
    for kind in (Illegal, NotCheckable):
        for v in verdicts:
            if isinstance(v, kind):
                return v
    return verdicts[0] if verdicts else Legal()


def tri_and(*vs: Tri) -> Tri:
    """Three-valued and: False if any is False, else unknown if any is unknown, else True."""
    if any(v is False for v in vs):
        return False
    return None if any(v is None for v in vs) else True


def tri_or(*vs: Tri) -> Tri:
    """Three-valued or: True if any is True, else unknown if any is unknown, else False."""
    if any(v is True for v in vs):
        return True
    return None if any(v is None for v in vs) else False


def tri_not(v: Tri) -> Tri:
    """Three-valued not: unknown stays unknown."""
    return None if v is None else not v
