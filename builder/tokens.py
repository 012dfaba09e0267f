"""The tokens of one trait's type or state, read and written as VASSAL's ``SequenceEncoder`` and
its typed readers do (``nextInt``, ``nextBoolean``, ``nextNamedKeyStroke``, ``nextStringArray``)."""
from __future__ import annotations

from typing import Protocol

from hexforge.builder.sequence import Decoder, decode

CTRL = 130  # KeyStroke.getModifiers() for Ctrl: CTRL_MASK | CTRL_DOWN_MASK
JAVA_INT = 2 ** 31


class Trait(Protocol):
    def type(self) -> str: ...
    def state(self) -> str: ...


def keystroke(key: str, modifiers: int = CTRL) -> str:
    """``NamedHotKeyConfigurer.encode`` of a plain keystroke: key code, modifiers."""
    return f"{ord(key.upper())},{modifiers}"


def stroke(text: str) -> str:
    """A keystroke token in VASSAL's written form (``nextNamedKeyStroke``: no comma = Ctrl+char)."""
    return f"{ord(text[0])},{CTRL}" if text and "," not in text else text


def java_int(text: str) -> int | None:
    """``Integer.parseInt``: ``None`` where Java throws (not an optionally signed decimal, or out of range)."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits.lstrip("0")) > 10:
        return None
    v = int(text)
    return v if -JAVA_INT <= v < JAVA_INT else None


class Fields:
    """One trait's tokens read in order with ``SequenceEncoder.Decoder``'s typed defaults."""

    def __init__(self, text: str | None, delim: str = ";") -> None:
        self._d = Decoder(text, delim)

    def token(self, default: str = "") -> str:
        return self._d.next_token() if self._d.has_more() else default

    def optional(self) -> str | None:
        """The next token, or ``None`` when the type ends before it (a field older writers omit)."""
        return self._d.next_token() if self._d.has_more() else None

    def int(self, default: int) -> int:
        if not self._d.has_more():
            return default
        v = java_int(self._d.next_token())
        return default if v is None else v

    def bool(self, default: bool) -> bool:
        return self._d.next_token() == "true" if self._d.has_more() else default

    def stroke(self, default: str = "") -> str:
        return stroke(self._d.next_token()) if self._d.has_more() else default

    def array(self, min_length: int) -> tuple[str, ...]:
        """``nextStringArray``: a comma list, padded with empty strings to ``min_length``."""
        text = self.token()
        items = tuple(decode(text, ",")) if text else ()
        return items + ("",) * (min_length - len(items))


def body(type_: str, prefix: str) -> str:
    return type_[len(prefix):] if type_.startswith(prefix) else type_


def written(tokens: list[str | int | bool | None], trailing: tuple[str | None, ...] = ()) -> list:
    """``tokens`` plus the optional trailing fields up to the last one present."""
    present = [i for i, t in enumerate(trailing) if t is not None]
    return tokens + list(trailing[:present[-1] + 1] if present else ())
