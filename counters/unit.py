"""The unit model: one counter of an order of battle (no file format here)."""
from __future__ import annotations

from dataclasses import dataclass, field

UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Unit:
    """One counter; ``values`` holds the game's value columns (``"unknown"`` where not given)."""

    id: str
    name: str
    side: str
    type: str
    source: str
    formation: str = ""
    size: str = ""
    mobility: str = ""
    nationality: str = ""
    note: str = ""
    values: dict[str, int | float | str] = field(default_factory=dict)
    inferred: dict[str, str] = field(default_factory=dict)  # value column -> why its value is an inference

    def value(self, column: str) -> int | float | str | None:
        """A value column: a number, ``"unknown"``, or ``None`` when it does not apply."""
        return self.values.get(column)

    @property
    def has_reduced_side(self) -> bool:
        return any(k.startswith("reduced_") for k in self.values)

    def reduced_values(self) -> dict[str, int | float | str]:
        """The values printed on the reduced/back side (front values where the back repeats them)."""
        out = {k: v for k, v in self.values.items() if not k.startswith(("reduced_", "printed_"))}
        out.update({k.removeprefix("reduced_"): v for k, v in self.values.items() if k.startswith("reduced_")})
        return out


def parse_inferred(text: str, columns: set[str]) -> tuple[dict[str, str], str | None]:
    """An ``inferred`` cell, ``"cs reduced_er: why"``: the value columns inferred, not printed, and why;
    the second item is what is wrong with the cell (None when it is right)."""
    if not text:
        return {}, None
    head, sep, why = text.partition(":")
    names = [n for n in head.replace(",", " ").split() if n]
    if not sep or not why.strip() or not names:
        return {}, "write the inferred value columns, a colon and why (e.g. 'cs reduced_er: from the 18.6 example')"
    bad = [n for n in names if n not in columns]
    if bad:
        return {}, f"{', '.join(bad)}: not a value column of this unit (valid: {', '.join(sorted(columns)) or 'none'})"
    return {n: why.strip() for n in names}, None
