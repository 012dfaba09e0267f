"""VASSAL's ``SequenceEncoder``: how every trait, state and command string is joined and split.

Tokens are joined by a delimiter; a delimiter inside a token is preceded by a backslash; a
token that starts with a backslash, or starts and ends with a single quote, is wrapped in
single quotes. Nesting (a decorator's type holding the inner piece's type) simply encodes an
already-encoded string again, so each level escapes the inner delimiters once more.

Behaviour matches ``VASSAL.tools.SequenceEncoder`` exactly, quirks included: a token that
*ends* with a backslash followed by a delimiter cannot be told from an escaped delimiter, and
VASSAL reads the two tokens as one. :func:`encode` refuses such input instead of writing it.
"""
from __future__ import annotations

from typing import Iterable, Iterator


def encode(tokens: Iterable[str | int | bool | None], delim: str) -> str | None:
    """Join tokens as VASSAL does; ``None`` for no tokens (VASSAL's ``getValue()``)."""
    if len(delim) != 1:
        raise ValueError("the delimiter is one character")
    parts = []
    items = list(tokens)
    for i, tok in enumerate(items):
        s = _text(tok)
        if i < len(items) - 1 and s.endswith("\\") and not _quoted(s):
            raise ValueError(f"token {s!r} ends with a backslash; VASSAL would merge it with the next token")
        escaped = s.replace(delim, "\\" + delim)
        parts.append(f"'{escaped}'" if _quoted(s) else escaped)
    return delim.join(parts) if items else None


def _quoted(s: str) -> bool:
    return bool(s) and (s[0] == "\\" or (s[0] == "'" and s[-1] == "'"))


def _text(tok: str | int | bool | None) -> str:
    if tok is None:
        return ""
    if isinstance(tok, bool):
        return "true" if tok else "false"
    return str(tok)


class Decoder(Iterator[str]):
    """``SequenceEncoder.Decoder``: tokens one at a time, with VASSAL's typed readers."""

    def __init__(self, value: str | None, delim: str) -> None:
        self._val = value
        self._delim = delim
        self._start = 0
        self._stop = len(value) if value is not None else 0

    def has_more(self) -> bool:
        return self._val is not None

    def remaining(self) -> str:
        return self._val[self._start:self._stop] if self._val is not None else ""

    def __next__(self) -> str:
        if self._val is None:
            raise StopIteration
        return self.next_token()

    def next_token(self) -> str:
        val, d = self._val, self._delim
        if val is None:
            raise ValueError("no more tokens")
        if self._start == self._stop:
            self._val = None
            return ""
        buf: list[str] = []
        tok = None
        i = self._start
        while i < self._stop:
            if val[i] == d:
                if i > 0 and val[i - 1] == "\\":
                    buf.append(val[self._start:i - 1])
                    self._start = i
                else:
                    if not buf:
                        tok = val[self._start:i]
                    else:
                        buf.append(val[self._start:i])
                    self._start = i + 1
                    break
            i += 1
        if self._start < i:
            if not buf:
                tok = val[self._start:]
            else:
                buf.append(val[self._start:self._stop])
            self._val = None
        text = tok if tok is not None else "".join(buf)
        return text[1:-1] if len(text) > 1 and text[0] == "'" and text[-1] == "'" else text

    def next_int(self, default: int) -> int:
        if self._val is None:
            return default
        try:
            return int(self.next_token())
        except ValueError:
            return default

    def next_bool(self, default: bool) -> bool:
        return self.next_token() == "true" if self._val is not None else default


def decode(text: str | None, delim: str) -> list[str]:
    """All tokens of an encoded string."""
    return list(Decoder(text, delim))
