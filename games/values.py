"""A datum of the game data: a value with its source, or explicitly unknown, or disputed."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

UNKNOWN = "unknown"

_VALUE_KEYS = {"value", "source", "note", "printed", "inferred"}
_READINGS_KEYS = {"readings", "chosen", "note", "source"}


@dataclass(frozen=True, slots=True)
class Datum:
    """One value from a rulebook: ``value`` (``"unknown"`` when not given) and where it came from.

    ``source`` is ``None`` when the value inherits its section's source. ``readings`` holds
    conflicting readings; ``chosen`` says which one the code uses (``None``: undecided).
    """

    value: Any
    source: str | None = None
    note: str | None = None
    printed: Any = None
    inferred: str | None = None
    readings: tuple[Datum, ...] = ()
    chosen: int | None = None

    @property
    def known(self) -> bool:
        return self.resolved != UNKNOWN

    @property
    def disputed(self) -> bool:
        return bool(self.readings)

    @property
    def resolved(self) -> Any:
        """The value the code uses: the chosen reading for a disputed datum, ``unknown`` if undecided."""
        if self.readings:
            return self.readings[self.chosen].value if self.chosen is not None else UNKNOWN
        return self.value


def parse_datum(raw: Any) -> Datum:
    """Read one value in any of the forms ``games/README.md`` allows; raise ``ValueError`` otherwise."""
    if isinstance(raw, Datum):
        return raw
    if not isinstance(raw, dict):
        return Datum(raw)
    if "readings" in raw:
        extra = set(raw) - _READINGS_KEYS
        if extra:
            raise ValueError(f"unexpected keys {sorted(extra)} beside 'readings' (valid: {sorted(_READINGS_KEYS)})")
        readings = raw["readings"]
        if not isinstance(readings, list) or len(readings) < 2:
            raise ValueError("'readings' must be a list of at least two values")
        parsed = tuple(parse_datum(r) for r in readings)
        chosen = raw.get("chosen")
        if chosen is not None and (not isinstance(chosen, int) or not 0 <= chosen < len(parsed)):
            raise ValueError(f"'chosen' must be an index 0..{len(parsed) - 1} of 'readings'")
        return Datum(value=None, source=_text(raw, "source"), note=_text(raw, "note"),
                     readings=parsed, chosen=chosen)
    if "value" not in raw:
        raise ValueError("a value table needs 'value' (or 'readings'); "
                         f"valid keys: {sorted(_VALUE_KEYS)}")
    extra = set(raw) - _VALUE_KEYS
    if extra:
        raise ValueError(f"unexpected keys {sorted(extra)} (valid: {sorted(_VALUE_KEYS)})")
    inferred = raw.get("inferred")
    if isinstance(inferred, bool):
        inferred = "yes" if inferred else None
    return Datum(value=raw["value"], source=_text(raw, "source"), note=_text(raw, "note"),
                 printed=raw.get("printed"), inferred=inferred)


def _text(raw: dict, key: str) -> str | None:
    v = raw.get(key)
    if v is not None and (not isinstance(v, str) or not v.strip()):
        raise ValueError(f"'{key}' must be non-empty text")
    return v


def plain(raw: Any) -> Any:
    """A value as the code uses it, however a free-form table wrote it: a :class:`Datum`'s resolved value,
    a ``{ value = ..., source = ... }`` table's value, or the value itself."""
    if isinstance(raw, Datum):
        return raw.resolved
    return raw["value"] if isinstance(raw, dict) and "value" in raw else raw
