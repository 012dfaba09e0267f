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
