"""The chat grammar (README "declarations"; F&M 8.0-8.2, ARN 10.6.3-10.7, AAC 11.2): what each line
declares, and that no line a player can type makes reading it slow (a 64 KB chat line is the longest
the log reader accepts)."""
from __future__ import annotations

import time

import pytest

from hexforge.rules.fm.aachen.bridges import REPAIR as AAC_REPAIR, TEMPORARY_BRIDGE
from hexforge.rules.fm.arnhem.actions import DEMOLISH, LAND, REPAIR, RESULT
from hexforge.rules.fm.arnhem.ferry import FERRY
from hexforge.rules.fm.arnhem.sfm import AIRPOWER
from hexforge.rules.fm.declaration import parse_declaration
from hexforge.rules.fm.sfm import parse_marks


def test_a_full_declaration() -> None:
    d = parse_declaration("attack 0705 from 0604 0605 sfm 2 2 vs 3")
    assert (d.kind, d.targets, d.attackers, d.sfm, d.dsfm) == ("attack", ("0705",), ("0604", "0605"), "2 2", "3")
    assert [m.value for m in parse_marks(d.sfm)] == [2, 2]


def test_bombardment_tags_and_several_targets() -> None:
    d = parse_declaration("Ann: bombard 0705 sfm 6 priest, 3 british")
    assert d.kind == "bombard" and d.targets == ("0705",) and d.attackers == () and d.dsfm is None
    assert [(m.value, m.tags) for m in parse_marks(d.sfm)] == [(6, frozenset({"priest"})), (3, frozenset({"british"}))]
    two = parse_declaration("attacks 0705, 0706 and 0707 from B1")
    assert two.targets == ("0705", "0706", "0707") and two.target == "0705, 0706 and 0707" and two.attackers == ("B1",)


@pytest.mark.parametrize("line", [
    "we attack at dawn!",           # ends in punctuation: not the grammar
    "attack 0705 sfm 2 x",          # x is no marker value or tag
    "attack 0705 from",             # no attacker named
    "attack 0705 vs 2 sfm 3",       # sections out of order
    "attacker 0705",                # not the opening word
    "let us talk",
])
def test_lines_that_are_not_declarations(line: str) -> None:
    assert parse_declaration(line) is None


def test_a_later_opening_word_can_declare() -> None:
    assert parse_declaration("attack! ok: attack 0705 from 0604").targets == ("0705",)


LONG = 64 * 1024
ADVERSARIAL = [
    "attack 0705 sfm " + "2 " * 20 + "x",          # exponential for the old pattern (65 s at 45 characters)
    "attack 0705 sfm " + "2 " * (LONG // 2) + "x",
    "attack " + "0705 " * (LONG // 5) + "x",
    "attack " * (LONG // 7),
    "attack 0705 from " + "0604 , " * (LONG // 7) + "!",
    "result " + " " * LONG + "x",
    "temporary bridge " + "a " * (LONG // 2),
    "repair 0405/" + " " * LONG + "x",
    "ferry 0405 /" + "0" * LONG,
    "land " + "x" * LONG + " displaced" + " " * 10 + "!",
    " " * LONG + "airpower!",
]


@pytest.mark.parametrize("line", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_no_chat_line_is_slow_to_read(line: str) -> None:
    """Every chat pattern on lines built to make patterns backtrack; the bound is generous (a hang, not a
    speed, is what it catches)."""
    start = time.process_time()
    parse_declaration(line)
    for p in (TEMPORARY_BRIDGE, AAC_REPAIR, DEMOLISH, LAND, REPAIR, RESULT, FERRY, AIRPOWER):
        p.search(line)
    assert time.process_time() - start < 2.0
