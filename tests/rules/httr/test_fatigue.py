"""HTTR optional Fatigue (SR 21.5, setting ``optional_fatigue``) on the synthetic game, whose Fatigue layer stands for
the marker: GT 6-7 is the first night (exempt), GT 13-14 the second; a clear hex costs A-INF1 (MA 12) 3 MP at
night, so three hexes are more than half its MA."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log, all_legal, illegal, rules_broken

SETUP = {"A-INF1": "B0101", "G-INF1": "A0101"}
ON, OFF = ("Fatigue", "1", " Fatigued"), ("Fatigue", " Fatigued", "1")


def verdicts(log: Log, **readings: str) -> list:
    return [v for j in log.check(**({"optional_fatigue": "on"} | readings)).judged for v in j.verdicts]


def test_more_than_half_the_ma_in_a_night_gt_fatigues():  # OPT-3, SR 21.5.1 (L1028), 21.5.4 (L1031)
    far = Log(SETUP).phase(13, "allied_movement").move("A-INF1", "B0102", "B0103", "B0104")
    assert rules_broken(verdicts(Log(SETUP).phase(13, "allied_movement").move("A-INF1", "B0102", "B0103", "B0104")
                                 .phase(14, "allied_command"))) == ["HTTR SR 21.5.4"]
    marked = verdicts(far.layer("A-INF1", *ON).phase(14, "allied_command"))
    assert not illegal(marked) and any("more than half its MA" in (getattr(v, "detail", None) or "") for v in marked)
    assert rules_broken(verdicts(Log(SETUP).phase(13, "allied_movement").move("A-INF1", "B0102")
                                 .layer("A-INF1", *ON))) == ["HTTR SR 21.5.1"]  # 3 MP: no trigger
    assert not illegal(verdicts(Log(SETUP).phase(13, "allied_movement").move("A-INF1", "B0102", "B0103", "B0104")
                                .phase(14, "allied_command"), optional_fatigue="off"))  # the rule off


def test_any_move_in_both_night_gts_fatigues():  # OPT-3, SR 21.5.1 (L1028)
    log = Log(SETUP).phase(13, "allied_movement").move("A-INF1", "B0102").phase(14, "allied_movement") \
        .move("A-INF1", "B0103")
    assert rules_broken(verdicts(Log(SETUP).phase(13, "allied_movement").move("A-INF1", "B0102")
                                 .phase(14, "allied_movement").move("A-INF1", "B0103").phase(15, "allied_command"))) \
        == ["HTTR SR 21.5.4"]
    assert not illegal(verdicts(log.layer("A-INF1", *ON).phase(15, "allied_command")))


def test_night_combat_fatigues():  # OPT-3, SR 21.5.2 (L1029)
    setup = {"A-INF1": "B0303", "G-INF1": "B0304"}
    fired = verdicts(Log(setup).phase(13, "allied_fire").say("df B0304 from A-INF1").phase(14, "allied_command"))
    assert "HTTR SR 21.5.4" in rules_broken(fired)


def test_the_first_night_is_exempt():  # OPT-3, SR 21.5.3 (L1030)
    log = Log(SETUP).phase(6, "allied_movement").move("A-INF1", "B0102", "B0103", "B0104")
    assert all_legal(verdicts(Log(SETUP).phase(6, "allied_movement").move("A-INF1", "B0102", "B0103", "B0104")
                              .phase(7, "allied_command")))
    assert rules_broken(verdicts(log.layer("A-INF1", *ON))) == ["HTTR SR 21.5.3"]


def fatigued(then: Log) -> Log:
    return then.phase(13, "allied_movement").move("A-INF1", "B0102").phase(14, "allied_movement") \
        .move("A-INF1", "B0103").layer("A-INF1", *ON)


def test_the_marker_comes_off_after_a_rested_gt():  # OPT-3, SR 21.5.5 (L1032)
    rested = fatigued(Log(SETUP)).phase(15, "allied_command").phase(15, "allied_organization").layer("A-INF1", *OFF)
    assert not illegal(verdicts(rested))
    moved = fatigued(Log(SETUP)).phase(15, "allied_movement").move("A-INF1", "B0104") \
        .phase(15, "allied_organization").layer("A-INF1", *OFF)
    assert rules_broken(verdicts(moved)) == ["HTTR SR 21.5.5"]
    early = fatigued(Log(SETUP)).phase(15, "allied_command").layer("A-INF1", *OFF)
    assert rules_broken(verdicts(early)) == ["HTTR SR 21.5.5"]


def test_the_bundled_game_lacks_the_units_ma():  # OPT-3: units.csv movement
    g = load_game("highway-to-the-reich")
    log = Log({"2/506 5-3 no.1": "C2012"}, g).phase(11, "allied_movement").move("2/506 5-3 no.1", "C2013") \
        .phase(12, "allied_command")
    got = [v for j in log.check(optional_fatigue="on").judged for v in j.verdicts if isinstance(v, NotCheckable)]
    assert any("fatigued" in v.needs and "movement" in v.needs for v in got)


def test_the_bundled_fatigue_marker_marks_the_one_unit_of_its_hex():  # OPT-3, SR 21.5.4 (L1031): the marker
    g = load_game("highway-to-the-reich")
    a, b = "2/506 5-3 no.1", "2/506 5-3 no.2"
    both = Log({a: "C2012"}, g).phase(11, "allied_movement").move(a, "C2013").phase(12, "allied_movement") \
        .move(a, "C2014")
    marked = verdicts(both.place("f1", "Fatigue", "C2014"))
    assert any("both night GTs 11 and 12" in (getattr(v, "detail", None) or "") for v in marked)
    crowded = Log({a: "C2012", b: "C2014"}, g).phase(11, "allied_movement").move(a, "C2013") \
        .phase(12, "allied_movement").move(a, "C2014").place("f1", "Fatigue", "C2014")
    assert any(isinstance(v, NotCheckable) and "which unit" in v.needs for v in verdicts(crowded))
