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

import re
from functools import lru_cache
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
    """``SequenceEncoder.Decoder``: tokens one at a time, with VASSAL's typed readers.

    A token ends at the first delimiter not preceded by a backslash; inside it every
    backslash + delimiter stands for the delimiter. Found with one compiled pattern per
    delimiter and ``str.replace`` (both in C), so decoding is linear in the text; a text with
    no backslash at all is split once, up front.
    """

    def __init__(self, value: str | None, delim: str) -> None:
        self._val = value
        self._delim = delim
        self._end = _delimiter(delim)
        self._start = 0
        # no backslash, so no escaped delimiter: the tokens are a plain split (most states are like that)
        self._parts = value.split(delim) if value is not None and "\\" not in value else None
        self._i = 0

    def has_more(self) -> bool:
        return self._val is not None

    def remaining(self) -> str:
        return self._val[self._start:] if self._val is not None else ""

    def __next__(self) -> str:
        if self._val is None:
            raise StopIteration
        return self.next_token()

    def next_token(self) -> str:
        val = self._val
        if val is None:
            raise ValueError("no more tokens")
        parts = self._parts
        if parts is not None:
            i = self._i
            text = parts[i]
            self._i, self._start = i + 1, self._start + len(text) + 1
            if i + 1 == len(parts):
                self._val = None
            return text[1:-1] if len(text) > 1 and text[0] == "'" and text[-1] == "'" else text
        start = self._start
        if start == len(val):
            self._val = None
            return ""
        m = self._end.search(val, start)
        if m is None:
            text = val[start:]
            self._val = None
        else:
            text = val[start:m.start()]
            self._start = m.start() + 1
        return unescape(text, self._delim)

    def next_int(self, default: int) -> int:
        """``Integer.parseInt`` of the next token, ``default`` when it is not a Java int."""
        if self._val is None:
            return default
        v = java_int(self.next_token())
        return default if v is None else v

    def next_bool(self, default: bool) -> bool:
        return self.next_token() == "true" if self._val is not None else default


_INT = re.compile(r"[+-]?0*(\d{1,10})")
JAVA_INT = 2 ** 31


def java_int(text: str) -> int | None:
    """``Integer.parseInt(text)``, or None where Java throws (not digits, or outside int range).

    Checked before conversion, so a number of thousands of digits costs nothing.
    """
    if len(text) < 10 and text.isascii() and text.isdigit():
        return int(text)
    m = _INT.fullmatch(text)
    if m is None:
        return None
    v = int(m.group(1))
    v = -v if text[0] == "-" else v
    return v if -JAVA_INT <= v < JAVA_INT else None


@lru_cache(maxsize=None)
def _delimiter(delim: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\\)" + re.escape(delim))


def unescape(text: str, delim: str) -> str:
    """A token as split from the text (its escaped delimiters and quotes as written) -> the token."""
    escaped = "\\" + delim
    if escaped in text:
        text = text.replace(escaped, delim)
    return text[1:-1] if len(text) > 1 and text[0] == "'" and text[-1] == "'" else text


def split(pieces: Iterable[str], delim: str) -> Iterator[str]:
    """The tokens of a text given in pieces, as written (:func:`unescape` each), split where :class:`Decoder`
    splits the whole text: at each delimiter no backslash precedes. Only the token being read is held."""
    end = _delimiter(delim)
    rest = ""
    for piece in pieces:
        buf = rest + piece if rest else piece
        start = 0
        m = end.search(buf, len(rest))  # ``rest`` holds no delimiter; the look-behind still sees its last character
        while m is not None:
            yield buf[start:m.start()]
            start = m.end()
            m = end.search(buf, start)
        rest = buf[start:]
    yield rest


def decode(text: str | None, delim: str) -> list[str]:
    """All tokens of an encoded string."""
    if text is None:
        return []
    if "\\" not in text:  # no escapes: a plain split, then only quotes to strip
        parts = text.split(delim)
        return [unescape(t, delim) for t in parts] if "'" in text else parts
    return [unescape(t, delim) for t in _delimiter(delim).split(text)]
