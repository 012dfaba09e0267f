"""SequenceEncoder behaviour, from VASSAL's own SequenceEncoderTest cases and its source."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from hexforge.builder.sequence import Decoder, decode, encode


def test_plain_join_and_escaped_delimiter() -> None:
    assert encode(["a", "b;c", ""], ";") == "a;b\\;c;"
    assert decode("a;b\\;c;", ";") == ["a", "b;c", ""]


def test_quoting_of_leading_backslash_and_quoted_tokens() -> None:
    assert encode(["\\x", "'y'"], ",") == "'\\x',''y''"
    assert decode("'\\x',''y''", ",") == ["\\x", "'y'"]


def test_nested_trait_types_escape_once_per_level() -> None:
    # vassal-check README: prototype;Unit \t mark;Side \\\t piece;;;img.png;Name
    inner = encode(["mark;Side", "piece;;;img.png;Name"], "\t")
    outer = encode(["prototype;Unit", inner], "\t")
    assert outer == "prototype;Unit\tmark;Side\\\tpiece;;;img.png;Name"
    first, rest = decode(outer, "\t")
    assert first == "prototype;Unit" and decode(rest, "\t") == ["mark;Side", "piece;;;img.png;Name"]


def test_empty_and_null() -> None:
    assert encode([], ";") is None
    assert decode(None, ";") == []
    assert decode("", ";") == [""]
    assert encode([None, True, 3], ";") == ";true;3"


def test_typed_readers_fall_back_to_defaults() -> None:
    d = Decoder("12;x;true", ";")
    assert d.next_int(0) == 12 and d.next_int(7) == 7 and d.next_bool(False) is True
    assert d.next_int(5) == 5 and not d.has_more()


def test_a_token_ending_in_backslash_is_refused() -> None:
    with pytest.raises(ValueError, match="backslash"):
        encode(["a\\", "b"], ";")


tokens = st.lists(st.text(alphabet="ab;\\'\t ", max_size=6).filter(lambda s: not s.endswith("\\")), max_size=6)


@given(tokens, st.sampled_from([";", "\t", "/", ","]))
def test_round_trip(items: list[str], delim: str) -> None:
    enc = encode(items, delim)
    assert decode(enc, delim) == items


@given(st.lists(tokens.filter(bool), min_size=1, max_size=4))
def test_nesting_round_trip(levels: list[list[str]]) -> None:
    enc = None
    for items in levels:
        enc = encode(items + ([enc] if enc is not None else []), "\t")
    for items in reversed(levels):
        got = decode(enc, "\t")
        if items is levels[0]:
            assert got == items
        else:
            assert got[:-1] == items
            enc = got[-1]
