"""The '!VCSK' text is decoded a chunk at a time (a long log's entry is twice its text): the same text, errors
and warnings as decoding it whole, whatever falls on a chunk boundary."""
from __future__ import annotations

import pytest

from hexforge.builder import savefile
from hexforge.builder.errors import LogFormatError
from hexforge.builder.savefile import VCSK, deobfuscate, obfuscate

TEXT = "begin_save\x1b+/Ärmel Straße ☃ 𝄞 A3930\x1bend_save"


@pytest.mark.parametrize("chunk", [2, 4, 6, 10, 1 << 22])
def test_every_chunk_size_gives_the_same_text(monkeypatch, chunk: int) -> None:
    monkeypatch.setattr(savefile, "CHUNK", chunk)
    for key in (0, 0x2A, 0xFF):
        assert deobfuscate(obfuscate(TEXT, key)) == (TEXT, "VCSK", [])


def test_a_bad_hex_digit_in_a_later_chunk_is_named_at_its_byte(monkeypatch) -> None:
    monkeypatch.setattr(savefile, "CHUNK", 4)
    raw = bytearray(obfuscate(TEXT, 7))
    raw[len(VCSK) + 13] = ord("g")
    with pytest.raises(LogFormatError, match=f"byte {len(VCSK) + 13}.*'g' is not a hex digit"):
        deobfuscate(bytes(raw))


def test_invalid_utf8_in_a_later_chunk_is_warned_with_its_byte_as_whole_text_would(monkeypatch) -> None:
    data = b"abcdefgh\xffijkl"  # byte 8 is no UTF-8
    raw = VCSK + b"05" + bytes(b ^ 5 for b in data).hex().encode()
    whole = deobfuscate(raw)
    monkeypatch.setattr(savefile, "CHUNK", 4)
    assert deobfuscate(raw) == whole
    text, _, warnings = whole
    assert text == "abcdefgh\ufffdijkl" and "first at byte 8" in warnings[0]
