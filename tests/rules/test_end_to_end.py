"""End to end: a VASSAL log written with our writer for a module built by our builder, with
planted violations; the checker flags exactly the planted events with the right rules."""
from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import build_timeline
from hexforge.games import load_game
from hexforge.rules import check
from hexforge.rules.fm.referee import FmReferee
from hexforge.rules.report import as_html, as_json, text
from hexforge.rules.verdict import Illegal, Legal
from tests.conftest import ROOT
from tests.rules.vlog import Writer

SYN = ROOT / "tests" / "data" / "synthetic-fm"


def planted_log(tmp: Path) -> Writer:
    w = Writer(load_game(SYN), tmp)
    w.phase(1, "first-movement")
    w.move("B1", "0205", "0405")                                           # legal: a drag, via 0305 (F&M 5.1)
    w.move("B3", "0103", "0203", "0303", "0403")                           # legal: road
    w.move("B5", "0109", "1009", plant="F&M 5.2")                          # a drag: no route of 7 MP gets there
    w.move("B4", "0102", "0202", "0302", "0402", "0502", "0602", "0702", "0802", "0902", "1002",
           plant="F&M 5.2")                                                # MA exceeded (river, EZOC surcharge)
    w.move("B2", "0207", "0307", "0407", "0507")                           # legal
    w.move("B3", "0403", "0503", plant="F&M 5.2")                          # moved again after finishing
    w.phase(1, "first-combat")
    w.chat("attack 0705 from 0405", plant="F&M 8.2")                       # not adjacent
    w.roll(4)                                                              # 3 - 3 = 0, clear: no effect
    w.phase(1, "first-mobile-movement")
    w.move("B1", "0405", "0404", plant="F&M 5.5")                          # leg unit in mobile movement
    w.phase(1, "second-movement")
    w.move("R1", "0705", "0605")                                           # legal
    w.move("R2", "0707", "0606", "0506", "0505", plant="F&M 6.1")          # goes on after entering an EZOC
    w.move("R3", "0909", "0808", "0708", "0707", "0706", "0605", plant="F&M 5.3")  # ends stacked with R1
    w.move("R4", "1003", "1004", "1005")                                   # legal: marsh, leg 3 MP
    w.phase(1, "second-combat", plant="F&M 5.3")                           # the stack is still there at phase end
    w.chat("attack 0404 from 0505 sfm 1 1 1", plant="F&M 8.2.1")           # three SFMs
    w.marks.append((w.step_no, "F&M 7.2"))                                 # and red is allotted 2 in GT 1
    w.roll(6)                                                              # 2 + 3 - 3 = +2, die 6: no effect
    w.phase(1, "first-movement", plant="F&M 4.1")                          # back in the sequence
    w.marks.append((w.step_no, "F&M 5.3"))                                 # and R1/R3 still stacked
    return w


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("e2e")
    w = planted_log(tmp)
    return w, w.write()


def test_planted_violations_are_flagged_exactly(written) -> None:
    w, path = written
    game = load_game(SYN)
    t = build_timeline(read_save(path), w.module, game)
    rep = check(game, t)
    got = sorted({(j.event.step, v.rule) for j in rep.judged for v in j.verdicts if isinstance(v, Illegal)})
    assert got == sorted(set(w.marks)), text(rep)
    assert rep.setup == [Legal()]  # our own pre-defined setup, drop zone markers included
    assert len({r for _, r in w.marks}) >= 7
    assert "illegal" in as_json(rep) and "<img" in as_html(game, rep)


@pytest.mark.vassal
def test_the_planted_log_is_a_valid_vassal_log(written, vassal_check) -> None:
    w, path = written
    rc, out = vassal_check("replay", w.vmod, path)
    assert rc == 0, out
