"""HTTR scenario limits (ScR 16.1, 17.1, 18.5) on the synthetic scenario 'drop': played on Map B between hex rows
02 and 06 until GT 4; A-REG1 stands in B0205 from the beginning of GT 3 and never leaves it, A-REG2 stands in B0206
then; A-REG3's units exit via B0210 by the end of GT 2 and never come back."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from tests.rules.httr.helpers import Log, illegal, rules_broken, unsure

START = {"A-REG1": "B0205", "A-REG2": "B0206", "A-INF4": "B0209", "G-INF1": "B0405"}
POSTED = {u: h for u, h in START.items() if u != "A-INF4"}


def judged(log: Log) -> list:
    """The verdicts of the last event, with the scenario 'drop' played."""
    return HttrReferee(rules_for(log.game, "drop"), log.timeline()).run().judged[-1].verdicts


def test_play_ends_with_the_last_turn():  # SCN-1, ScR 16.1 (L1521)
    assert not illegal(judged(Log(START).phase(4, "allied_movement")))
    assert rules_broken(judged(Log(START).phase(4, "allied_movement").phase(5, "weather"))) == ["HTTR ScR 16.1"]


def test_a_one_map_scenario_stays_in_its_area():  # SCN-1, ScR 16.1, 17.1 (L1521, L1548)
    ok = Log(START).phase(1, "allied_movement").move("A-REG2", "B0306")
    assert not illegal(judged(ok))
    off_rows = Log(START).phase(1, "german_movement").move("G-INF1", "B0505", "B0605", "B0705")
    assert "HTTR ScR 17.1" in rules_broken(judged(off_rows))
    other_map = Log(START).phase(1, "german_movement").enter("G-INF2", "A0305")
    assert "HTTR ScR 16.1" in rules_broken(judged(other_map))


def test_regimental_hqs_stand_on_their_hexes_when_gt_three_begins():  # SCN-3, ScR 18.5.1 (L1595-L1599)
    assert not illegal(judged(Log(POSTED).phase(2, "german_organization").phase(3, "weather")))
    away = Log(POSTED).phase(2, "allied_movement").move("A-REG2", "B0306").phase(2, "german_organization") \
        .phase(3, "weather")
    assert rules_broken(judged(away)) == ["HTTR ScR 18.5.1"]
    stays = Log(POSTED).phase(3, "allied_movement").move("A-REG1", "B0305")
    assert "HTTR ScR 18.5.1" in rules_broken(judged(stays))
    free = Log(POSTED).phase(3, "allied_movement").move("A-REG2", "B0306")
    assert "HTTR ScR 18.5.1" not in rules_broken(judged(free))


def test_a_formation_bound_to_exit_leaves_by_its_hex_in_time_and_stays_out():  # SCN-4, ScR 18.5.2 (L1600)
    gone = Log(START).phase(1, "allied_movement").move("A-INF4", "B0210").leave("A-INF4")
    assert not illegal(judged(gone))
    assert rules_broken(judged(Log(START).phase(1, "allied_movement").leave("A-INF4"))) == ["HTTR ScR 18.5.2"]
    late = Log(START).phase(2, "german_organization").phase(3, "weather")
    assert rules_broken(judged(late)) == ["HTTR ScR 18.5.2"]
    back = gone.phase(2, "allied_movement").enter("A-INF4", "B0210")
    assert "HTTR ScR 18.5.2" in rules_broken(judged(back))


def test_scenario_18s_posts_and_exit_on_the_bundled_data():  # SCN-3, SCN-4, ScR 18.5.1-18.5.2 (L1595-L1600)
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED

    def run(log: Log) -> list:
        return HttrReferee(rules_for(BUNDLED, "s18"), log.timeline()).run().judged[-1].verdicts
    hqs = {"502/101": "C1114", "506/101": "C0118"}
    moved = Log(hqs, BUNDLED).phase(3, "allied_movement").move("502/101", "C1115")
    assert "HTTR ScR 18.5.1" in rules_broken(run(moved))
    assert "HTTR ScR 18.5.2" in rules_broken(run(Log(hqs, BUNDLED).phase(3, "allied_movement").leave("506/101")))
    out = Log(hqs, BUNDLED).phase(3, "allied_movement").move("506/101", "C0117").leave("506/101")
    assert "HTTR ScR 18.5.2" not in rules_broken(run(out))
    assert "HTTR ScR 16.1" in rules_broken(run(Log(hqs, BUNDLED).phase(3, "allied_movement").enter("501/101", "A1010")))
    pf = Log(hqs, BUNDLED).phase(1, "allied_movement").place("pf", "Pathfinder Drop Zone (DZ)", "C1011")  # SCN-2
    assert not illegal(run(pf))
    assert rules_broken(run(pf.place("pf2", "Pathfinder Drop Zone (DZ)", "C1012"))) == ["HTTR ScR 6.2.1"]


def test_flak_suppression_before_play():  # SCN-7, ScR 23.1.4 (L1727)
    def flak(disrupted: bool, *rolls: int) -> list:
        setup = {**POSTED, "G-FLAK": ("B0405", {"Disrupted": "Disrupted"}) if disrupted else "B0405"}
        log = Log(setup)
        for r in rolls:
            log.roll("Flak Suppression", r)
        return judged(log.phase(1, "allied_movement"))
    assert not illegal(flak(True, 3))
    assert not illegal(flak(False, 6))
    assert rules_broken(flak(False, 2)) == ["HTTR ScR 23.1.4"]  # a 1-5 leaves it disrupted
    assert rules_broken(flak(True)) == ["HTTR ScR 23.1.4"]  # no roll for it
    late = Log(POSTED).phase(1, "allied_movement").roll("Flak Suppression", 3)
    assert rules_broken(judged(late)) == ["HTTR ScR 23.1.4"]


def test_the_bundled_campaign_does_not_know_its_flak():  # SCN-7 on the bundled data: not checkable, never legal
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    log = Log({"107PzB": "A1010"}, BUNDLED).roll("Flak Suppression", 2).phase(1, "allied_movement")
    verdicts = HttrReferee(rules_for(BUNDLED, "s23"), log.timeline()).run().judged[-1].verdicts
    assert any("which german units are flak" in v.needs for v in unsure(verdicts))
    assert not [v for v in verdicts if "23.1.4" in (getattr(v, "detail", None) or "")]


def test_pathfinders_go_on_the_scenarios_hexes():  # SCN-2, ScR 6.2.1 (L1177), 18.2 (L1583)
    def placed(*hexes: str) -> list:
        log = Log(POSTED).phase(1, "allied_movement")
        for i, h in enumerate(hexes):
            log.place(f"pf{i}", "Pathfinder A-REG1", h)
        return judged(log)
    assert not illegal(placed("B0305", "B0308"))
    assert rules_broken(placed("B0306")) == ["HTTR ScR 6.2.1"]
    assert rules_broken(placed("B0305", "B0305")) == ["HTTR ScR 6.2.1"]


def deployed(setup: dict, turn: int = 1) -> list:
    """The set-up's verdicts in the synthetic scenario 'deploy' (A-REG1, A-INF1 within two hexes of B0305)."""
    log = Log(setup).phase(turn, "allied_movement")
    return HttrReferee(rules_for(log.game, "deploy"), log.timeline()).run().judged[-1].verdicts


def test_set_ups_within_hexes_of_a_hex():  # SCN-2, ScR 16.2, 17.2 (L1523, L1552-L1557)
    assert not illegal(deployed({"A-REG1": "B0305", "A-INF1": "B0105"}))  # two hexes away
    assert rules_broken(deployed({"A-REG1": "B0305", "A-INF1": "B0605"})) == ["HTTR ScR 17.2"]  # three
    assert rules_broken(deployed({"A-REG1": "B0305"})) == ["HTTR ScR 17.2"]  # A-INF1 not set up
    assert not illegal(deployed({"A-REG1": "B0305", "A-INF1": "B0605"}, turn=2))  # the log begins later
    assert any("the 2nd regiment's battalion (all)" in v.needs for v in unsure(deployed({"A-REG1": "B0305"})))
    early = Log({"A-REG1": "B0305", "A-INF1": "B0605"}).move("A-INF1", "B0505").phase(1, "allied_movement")
    got = HttrReferee(rules_for(early.game, "deploy"), early.timeline()).run().judged[-1].verdicts
    assert "HTTR ScR 17.2" in rules_broken(got)  # the set-up is the position before the log's first event


def test_the_bundled_set_ups_within_hexes():  # SCN-2 on the bundled data: S17's named HQs (ScR 17.2 L1553-L1557)
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    def s17(**where: str) -> list:
        log = Log(where, BUNDLED).phase(35, "weather")
        return HttrReferee(rules_for(BUNDLED, "s17"), log.timeline()).run().judged[-1].verdicts
    near = {"501/101": "C3214", "2/506 5-3 no.1": "C4418", "506/101": "C4419", "107PzB": "C3231", "85xx": "C3603"}
    assert not [v for v in illegal(s17(**near)) if v.rule == "HTTR ScR 17.2"]
    far = {**near, "501/101": "C3216"}
    assert "HTTR ScR 17.2" in rules_broken(s17(**far))
    assert any("1/501 (all)" in v.needs for v in unsure(s17(**near)))  # the battalions' companies are not listed


def test_the_scenarios_supply_heads_are_the_places_hexes():  # SCN-2: SUP-16's check_placed judges the marker there
    from hexforge.games.values import plain
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    places = {pl.name: pl.hexes for pl in BUNDLED.map.terrain.places}
    for sc, key, place in (("s19", "supply_head_82", "LZ N Supply (82nd Airborne supply head)"),
                           ("s20", "supply_head_1", "DZ L Supply (1st Airborne supply head)")):
        assert {BUNDLED.map.hex(plain(BUNDLED.scenarios[sc].special_rules[key]))} == set(places[place]), sc
