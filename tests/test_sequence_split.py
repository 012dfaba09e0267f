"""The decoder's split path (a text with no backslash) reads as VASSAL's ``SequenceEncoder.Decoder`` does: with no
backslash no delimiter is escaped, so each token runs to the next delimiter, and a token wrapped in single quotes
loses them (``SequenceEncoder.Decoder.nextToken``); ``remaining`` is the text after the tokens read."""
from __future__ import annotations

from hypothesis import given, strategies as st

from hexforge.builder.sequence import Decoder


@given(st.text(alphabet="ab;,' ", max_size=12), st.sampled_from([";", ","]), st.integers(0, 8))
def test_a_text_without_backslash_splits_at_every_delimiter(text: str, delim: str, k: int) -> None:
    raw = text.split(delim)
    want = [t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t for t in raw]
    d = Decoder(text, delim)
    got = []
    while d.has_more() and len(got) < k:
        got.append(d.next_token())
    assert got == want[:k]
    assert d.has_more() == (k < len(raw))
    assert d.remaining() == (delim.join(raw[k:]) if k < len(raw) else "")


def test_the_split_path_gives_way_to_the_escapes_when_a_backslash_is_there() -> None:
    d = Decoder("a\\;b;c", ";")
    assert [d.next_token(), d.next_token()] == ["a;b", "c"] and not d.has_more()
    d = Decoder("'q';x;", ";")
    assert [d.next_token(), d.remaining()] == ["q", "x;"]
    assert [d.next_token(), d.next_token()] == ["x", ""] and not d.has_more()
