"""Reinforcements (PtR 5.2.5A, 8.0-8.1A) on the synthetic game: 3-TK2 and 9-TK start off the map."""
from __future__ import annotations

from tests.rules.ptr.helpers import PtrLog, illegal, verdicts

SETUP = {"US1-HQ": "1311", "1-A": "1311", "US3-HQ": "1010", "3-AI": "1214", "G116-HQ": "1614", "116-PG": "1513",
         "G9-HQ": "1710", "9-IN": "1611"}


def test_reinforcements_from_turn_2_in_their_phase(syn):
    r = PtrLog(syn, SETUP).phase(2, "reinforcement").enter("9-TK", "1710").enter("3-TK2", "1011").check()
    assert illegal(r) == [] and "9-TK enters 1710" in verdicts(r, 1)[0].detail
    r = PtrLog(syn, SETUP).phase(1, "reinforcement").enter("3-TK2", "1011").check()
    assert illegal(r) == [(1, "PTR 8.0A")]
    r = PtrLog(syn, SETUP).phase(2, "organization").enter("3-TK2", "1011").check()
    assert illegal(r) == [(1, "PTR 5.2.5A")]


def test_germans_place_first(syn):
    r = PtrLog(syn, SETUP).phase(2, "reinforcement").enter("3-TK2", "1011").enter("9-TK", "1710").check()
    assert illegal(r) == [(2, "PTR 8.0D")]


def test_entry_hex_not_next_to_the_enemy_nor_overstacked(syn):
    r = PtrLog(syn, SETUP).phase(2, "reinforcement").enter("3-TK2", "1413").check()  # next to 116-PG in 1513
    assert illegal(r) == [(1, "PTR 8.1A1")]
    setup = dict(SETUP, **{"3-TK": "1011", "1-TD": "1011"})
    r = PtrLog(syn, setup).phase(2, "reinforcement").enter("3-TK2", "1011").check()  # a third support-type unit
    assert illegal(r) == [(1, "PTR 8.1A4")]
