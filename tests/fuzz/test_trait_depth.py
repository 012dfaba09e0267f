"""The trait chain codec refuses pieces nested deeper than any real module's, before the work
(unwinding costs time cubic in the depth: 1,500 levels took 6 s, 3,000 about a minute), with a
message naming the piece; a piece at the limit is still read in full."""
from __future__ import annotations

import time

import pytest

from hexforge.builder import traits
from hexforge.builder.commands import MAX_TRAITS
from hexforge.builder.traits import BasicPiece, Marker, TooManyTraits
from tests.fuzz.make_corpus import _nested_traits, piece_type


@pytest.mark.parametrize("read", [traits.own_types, traits.read_piece, lambda t: traits.split(t, "")],
                         ids=["own_types", "read_piece", "split"])
def test_a_piece_nested_1500_deep_is_refused_at_once_naming_it(read) -> None:
    deep = _nested_traits(1500)
    start = time.monotonic()
    with pytest.raises(TooManyTraits) as info:
        read(deep)
    assert time.monotonic() - start < 2  # refused before the work: unwinding it takes 6 s (a guard, not a speed figure)
    message = str(info.value)
    assert message.startswith("piece 'Deep': 1,500 TAB-nested traits; at most 1,000 are read"), message
    assert "\n" not in message and len(message) < 200


def test_a_piece_without_a_basic_piece_is_named_by_its_type() -> None:
    headless = _nested_traits(1200).rsplit("\t", 1)[0]  # drop the innermost BasicPiece
    with pytest.raises(TooManyTraits, match=r"^piece of type 'mark;K0\\tmark;K1"):
        traits.read_piece(headless)


def test_a_piece_at_the_limit_is_read_in_full() -> None:
    at_limit = _nested_traits(MAX_TRAITS)
    assert at_limit.count("\t") == MAX_TRAITS
    read = traits.read_piece(at_limit)
    assert len(read) == MAX_TRAITS + 1
    assert [t.keys for t in read[:2]] == [("K0",), ("K1",)] and all(isinstance(t, Marker) for t in read[:-1])
    assert isinstance(read[-1], BasicPiece) and read[-1].name == "Deep"


def test_an_ordinary_piece_is_not_affected() -> None:
    read = traits.read_piece(piece_type("Unit", ["P0"], ["mark;Side"]))
    assert [type(t).__name__ for t in read] == ["UsePrototype", "Marker", "BasicPiece"] and read[-1].name == "Unit"
