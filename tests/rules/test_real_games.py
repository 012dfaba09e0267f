"""End to end on the real games: logs written with our writer for modules built from the bundled Aachen
and Arnhem data, with planted violations, judged exactly (every planted violation flagged with its rule,
nothing else flagged); one real-engine replay each. The bundled maps are unsurveyed, so each test game
is a copy with a small TEST SURVEY (tests/rules/survey.py) of the hexes and units the log uses; checks
that need data still missing there (the CRT, the GTRT) must say not checkable and name it."""
from __future__ import annotations

import pytest

from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import build_timeline
from hexforge.games import load_game
from hexforge.rules import check
from hexforge.rules.fm.referee import FmReferee
from hexforge.rules.replay import Report
from hexforge.rules.report import text
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.survey import surveyed_copy
from tests.rules.vlog import Writer


def judged(w: Writer, game) -> tuple[Report, set[tuple[int, str]]]:
    t = build_timeline(read_save(w.write()), w.module, game)
    rep = check(game, t)
    return rep, {(j.event.step, v.rule) for j in rep.judged for v in j.verdicts if isinstance(v, Illegal)}


def needs(rep: Report, step: int) -> list[str]:
    return [v.needs for j in rep.judged if j.event.step == step for v in j.verdicts if isinstance(v, NotCheckable)]


def aachen_log(tmp) -> tuple[Writer, dict[str, int]]:
    clear = ["0101..0120", "0201..0220", "0301..0320", "0401..0420", "0501..0520", "0630", "0631"]
    leg = {"mobility": "leg"}
    game = load_game(surveyed_copy("aachen", tmp, {"clear": clear},
                                   {u: leg for u in ("us-0205", "us-0209", "us-0215", "us-0630", "ger-0415",
                                                     "ger-0518", "ger-0317", "ger-0409")},
                                   [("river", "0630", "0631")]))
    w = Writer(game, tmp)
    at: dict[str, int] = {}
    w.phase(18, "first-movement")
    w.chat("temporary bridge 0630/0631 by us-0630")                        # legal: engineer next to it
    w.chat("temporary bridge 0205/0206 by us-0332", plant="AAC 11.2")      # second this GT, out of range
    w.chat("repair 0205/0206 by us-0630", plant="AAC 11.0")                # no bridge repair in Aachen
    w.move("us-0205", "0205", "0305", "0405")                              # legal
    w.move("us-0203", "0203", "0403")                                      # a drag: its MA is not known
    w.move("ger-0409", "0409", "0408", plant="F&M 5.2")                    # German unit in the US phase
    w.move("us-0209", "0209", "0309")                                      # legal: stops in the EZOC of 0409
    w.move("us-0215", "0215", "0315", "0314", plant="F&M 6.1")             # goes on after entering an EZOC
    w.move("us-0630", "0630", "0730")
    at["unsurveyed"] = w.step_no
    w.phase(18, "first-bombardment")
    w.chat("bombard 0317 sfm 3", plant="AAC 12.1")                         # +3 SFM, no US unit adjacent
    w.roll(2)
    w.phase(18, "first-combat")
    w.chat("attack 0408 from 0309")                                        # legal (ger-0409 is now in 0408)
    w.roll(3)
    at["crt"] = w.step_no
    w.chat("attack 0518 from 0405 sfm 1 1 1", plant="F&M 8.2")             # not adjacent
    w.mark("F&M 8.2.1")                                                    # and three SFMs
    w.roll(1)
    w.phase(18, "first-mobile-movement")
    w.move("us-0205", "0405", "0404", plant="F&M 5.5")                     # leg unit in mobile movement
    w.phase(18, "second-movement")
    w.move("ger-0415", "0415", "0416")                                     # legal
    w.move("ger-0518", "0518", "0417")                                     # legal
    w.move("ger-0317", "0317", "0417", plant="F&M 5.3")                    # ends stacked
    w.phase(18, "second-combat", plant="F&M 5.3")                          # still stacked at phase end
    w.remove("us-0107")
    w.remove("us-0117")                                                    # 2nd US loss: GT 18 is the last
    w.phase(18, "second-mobile-movement", plant="AAC 14.1")                # the game is over
    return w, at


def arnhem_log(tmp) -> Writer:
    mixed = ["2321..2326", "2421..2426", "3321..3326", "3424"]
    para = {"mobility": "leg", "type": "parachute infantry"}
    game = load_game(surveyed_copy("arnhem", tmp, {"mixed": mixed},
                                   {"82nd_para_1": para, "82nd_para_2": para, "82nd_para_3": para,
                                    "101st_para_1": para, "9/9SS": {"mobility": "mobile"}}))
    w = Writer(game, tmp, "s1")
    w.phase(1, "p1_movement")
    w.move("82nd_para_1", "", "2324")                                      # lands next to 1/406 (+1 DRM)
    w.chat("land 82nd_para_1")
    w.roll(5)                                                              # 5 + 1 = 6, Mixed 1-6: no effect
    w.chat("result no effect")
    w.move("82nd_para_2", "", "2322")
    w.chat("land 82nd_para_2")
    w.roll(1)
    w.move("82nd_para_2", "2322", "2321")                                  # legal: 2 (landing) + 2 MP
    w.move("82nd_para_3", "", "2422")
    w.chat("land 82nd_para_3", plant="ARN 11.4")                           # a unit has already moved
    w.roll(1)
    w.move("82nd_para_1", "2324", "2424", plant="ARN 11.4")                # landed in an EZOC: may not move
    w.move("101st_para_1", "", "3325", plant="ARN 11.4")                   # next to the bridge, never landed
    w.chat("demolish 3325/3424")                                           # legal: 9/9SS is 3 hexes away
    w.roll(2)                                                              # canal bridge (L390), 1-3
    w.chat("result intact", plant="ARN 10.6.3")                            # it was demolished
    w.move("101st_para_1", "3325", "3424", plant="ARN 10.6.3")             # over the demolished bridge
    w.phase(1, "p1_combat")
    w.chat("attack 2325 from 2424")                                        # legal
    w.roll(3)
    w.chat("attack 2325 from 2424", plant="F&M 8.0")                       # 2325 attacked twice
    w.mark("F&M 8.2")                                                      # 82nd_para_1 attacks twice
    w.roll(3)
    w.phase(1, "p2_movement")
    w.move("1/Vt", "", "3920", plant="ARN 11.1")                           # due at 3907..3916 (ARN 11.2)
    w.move("9/9SS", "3322", "3323")                                        # legal
    w.phase(1, "p1_movement", plant="F&M 4.1")                             # back in the sequence
    return w


@pytest.fixture(scope="module")
def aachen(tmp_path_factory):
    return aachen_log(tmp_path_factory.mktemp("aachen"))


@pytest.fixture(scope="module")
def arnhem(tmp_path_factory):
    return arnhem_log(tmp_path_factory.mktemp("arnhem"))


def test_aachen_planted_violations_are_flagged_exactly(aachen) -> None:
    w, at = aachen
    rep, got = judged(w, w.game)
    assert got == set(w.marks), text(rep)
    assert any("unsurveyed" in n and "0730" in n for n in needs(rep, at["unsurveyed"])), text(rep)
    assert any("CRT" in n for n in needs(rep, at["crt"])), text(rep)


def test_arnhem_planted_violations_are_flagged_exactly(arnhem) -> None:
    rep, got = judged(arnhem, arnhem.game)
    assert got == set(arnhem.marks), text(rep)


def test_fifteen_different_rules_across_the_logs(aachen, arnhem, tmp_path) -> None:
    from tests.rules.test_end_to_end import planted_log
    rules = {r for _, r in aachen[0].marks} | {r for _, r in arnhem.marks} | {r for _, r in planted_log(tmp_path).marks}
    assert len(rules) >= 15, sorted(rules)


@pytest.mark.vassal
def test_the_real_game_logs_are_valid_vassal_logs(aachen, arnhem, vassal_check) -> None:
    for w in (aachen[0], arnhem):
        rc, out = vassal_check("replay", w.vmod, w.write())
        assert rc == 0, out
