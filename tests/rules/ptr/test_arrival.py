"""Reinforcements (PtR 5.2.5A, 8.0-8.1A) on the synthetic game: 3-TK2 and 9-TK start off the map."""
from __future__ import annotations

from tests.rules.ptr.helpers import PtrLog, illegal, unsure, verdicts

SETUP = {"US1-HQ": "1311", "1-A": "1311", "US3-HQ": "1010", "3-AI": "1214", "G116-HQ": "1614", "116-PG": "1513",
         "G9-HQ": "1710", "9-IN": "1611"}


def test_reinforcements_from_turn_2_in_their_phase(syn):
    """PTR6-14 / PTR6-15 / PTR5-7 / 5.2.5A / 8.0A: reinforcements enter in Turn 2's Reinforcement Phase, the German
    9-TK (1710) before the US 3-TK2 (1011), each in a hex next to no enemy and not overstacked; in Turn 1, or in
    another phase, they may not."""
    r = PtrLog(syn, SETUP).phase(2, "reinforcement").enter("9-TK", "1710").enter("3-TK2", "1011").check()
    assert illegal(r) == [] and "9-TK enters 1710" in verdicts(r, 1)[0].detail
    r = PtrLog(syn, SETUP).phase(1, "reinforcement").enter("3-TK2", "1011").check()
    assert illegal(r) == [(1, "PTR 8.0A")]
    r = PtrLog(syn, SETUP).phase(2, "organization").enter("3-TK2", "1011").check()
    assert illegal(r) == [(1, "PTR 5.2.5A")]


def test_germans_place_first(syn):
    """PTR6-14 / 8.0D: the Germans place their reinforcements before the US: a German entry after a US one is not
    allowed."""
    r = PtrLog(syn, SETUP).phase(2, "reinforcement").enter("3-TK2", "1011").enter("9-TK", "1710").check()
    assert illegal(r) == [(2, "PTR 8.0D")]


def test_entry_hex_not_next_to_the_enemy_nor_overstacked(syn):
    """PTR6-15 / 8.1A1/8.1A4: 3-TK2 may not enter next to 116-PG, nor as a third support-type unit in 1011."""
    r = PtrLog(syn, SETUP).phase(2, "reinforcement").enter("3-TK2", "1413").check()  # next to 116-PG in 1513
    assert illegal(r) == [(1, "PTR 8.1A1")]
    setup = dict(SETUP, **{"3-TK": "1011", "1-TD": "1011"})
    r = PtrLog(syn, setup).phase(2, "reinforcement").enter("3-TK2", "1011").check()  # a third support-type unit
    assert illegal(r) == [(1, "PTR 8.1A4")]


# -- the scenario's schedule (synthetic scenario s2: G9-HQ, 9-IN, 9-TK on turn 2 on or next to 1615; 3-TK2 next to a
# 3arm unit; 9pz's FAM to box 6 on arrival) ----------------------------------------------------------------------

S2 = {"US1-HQ": "1111", "1-A": "1111", "1-B": "1112", "1-TD": "1212", "US3-HQ": "1010", "3-AI": "1213",
      "3-TK": "1213", "G116-HQ": "1614", "116-PG": "1513", "116-TK": "1612", "116-IN": "1612"}
FAT = "Formation Activation Track"


def arrive(syn, *entries: tuple[str, str], setup: dict[str, str] | None = None) -> PtrLog:
    log = PtrLog(syn, setup or S2).phase(2, "reinforcement")
    for u, h in entries:
        log.enter(u, h)
    return log


def test_entry_in_command_range_and_in_supply(syn):
    """PTR6-16 (8.1A2-3): 9-IN next to its HQ is in its range; 3-TK2 at 1216 is out of US3-HQ's (1010)."""
    r = arrive(syn, ("G9-HQ", "1615"), ("9-IN", "1616")).check("s2")
    assert illegal(r) == [] and unsure(r) == []
    r = arrive(syn, ("3-TK2", "1214")).check("s2")
    assert illegal(r) == []
    r = arrive(syn, ("3-TK2", "1216"), setup=dict(S2, **{"3-AI": "1215", "3-TK": "1215"})).check("s2")
    assert illegal(r) == [(1, "PTR 8.1A2")]


def test_entry_on_or_next_to_the_named_hexes(syn):
    """PTR6-17 (21.5.6 B/D/F, 21.5.8 A/B): the 9pz enters on or next to 1615, not at 1611."""
    r = arrive(syn, ("G9-HQ", "1615"), ("9-IN", "1616")).check("s2")
    assert illegal(r) == []
    r = arrive(syn, ("G9-HQ", "1611")).check("s2")
    assert illegal(r) == [(1, "PTR 21.5.6")]


def test_entry_next_to_its_formation(syn):
    """PTR6-18 (21.5.6 A/C/E): 3-TK2 enters next to or with a 3arm unit: 1214 is next to 1213, 1013 is next to none."""
    r = arrive(syn, ("3-TK2", "1214")).check("s2")
    assert illegal(r) == []
    r = arrive(syn, ("3-TK2", "1013")).check("s2")
    assert illegal(r) == [(1, "PTR 21.5.6")]


def test_pillbox_line_entries(syn):
    """PTR6-18 (21.5.8 C-D): 9-TK enters on the line (row 14 in s2) or on 1615 itself, not next to 1615."""
    r = arrive(syn, ("G9-HQ", "1615"), ("9-TK", "1415")).check("s2")
    assert illegal(r) == []
    r = arrive(syn, ("G9-HQ", "1615"), ("9-TK", "1515")).check("s2")
    assert illegal(r) == [(2, "PTR 21.5.8")]


def test_bundled_pillbox_entries_need_the_line(ptr):
    """PTR6-18 on the bundled S5: the 49th enters on the Westwall between 4004 and 2304, whose hexes are not given."""
    r = PtrLog(ptr, {}).phase(2, "reinforcement").enter("49-I", "3005").check("s5")
    assert any("Westwall pillbox hexes" in n for _, n in unsure(r)) and illegal(r) == []


def test_arriving_formation_places_its_fam(syn):
    """PTR6-19 (21.0G, 21.5.7 '*'): the 9pz arrives with its FAM at box 6 (fam_on_arrival), not 7 (its maximum)."""
    r = arrive(syn, ("G9-HQ", "1615")).marker("9th Panzer FAM", FAT, 6).check("s2")
    assert illegal(r) == [] and "FAM in box 6" in verdicts(r, 2)[0].detail
    r = arrive(syn, ("G9-HQ", "1615")).marker("9th Panzer FAM", FAT, 7).check("s2")
    assert illegal(r) == [(2, "PTR 21.0G")]


def test_bundled_entries_need_the_hq_ranges(ptr):
    """PTR6-16 on the bundled data (S5: 2nd Armored on or next to 3401, turn 4): command ranges unknown."""
    r = PtrLog(ptr, {}).phase(4, "reinforcement").enter("XIX-2 Arm", "3401").enter("2A-B/41", "3402").check("s5")
    assert illegal(r) == [] and any("command_range" in n for _, n in unsure(r))
