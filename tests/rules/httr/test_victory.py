"""HTTR scenario victory (ScR 17.6-23.4, SCN-10) and ScR 19.5.2's unsupplied Allied units (SCN-5) on the synthetic
scenario 'victory' (ScR 19.6.1's shape, last GT 3): a German point each for 4 Allied SP destroyed, B0505 clear of
Allied units and two undisrupted Germans within two hexes of the Pathfinder marker; an Allied point for B0101 and
B0102. A-INF3 (5 SP) is out of supply at the end: A-REG2, its HQ, is not on the map."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.replay import Report
from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log, all_legal, game, last, rules_broken

SETUP = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0305", "A-INF1": "B0304",
         "A-INF3": "B0310", "G-INF2": "B0607", "G-INF3": "B0609"}


def play(log: Log, scenario: str = "victory", g=None) -> Report:
    return HttrReferee(rules_for(g or game(), scenario), log.timeline()).run()


def claim(text: str, setup: dict | None = None) -> list:
    log = Log(setup or SETUP).marker("pf", "Pathfinder A-REG1", "B0608").phase(3, "allied_reaction").say(text)
    return last(play(log))


def test_a_claim_names_the_level_the_points_give():  # SCN-10, ScR 19.6.1 (L1632-L1643)
    got = claim("victory German decisive")  # 3 German points, no Allied one
    assert all_legal(got) and "3 points" in got[0].detail
    assert rules_broken(claim("victory Draw")) == ["HTTR ScR 19.6.1"]
    held = {**SETUP, "A-INF1": "B0101", "A-REG1": "B0102"}  # the Allied point: 3 - 1
    assert all_legal(claim("victory German substantive", held))
    crowded = {**SETUP, "A-INF1": "B0504"}  # an Allied unit next to B0505: one German point fewer
    assert rules_broken(claim("victory German decisive", crowded)) == ["HTTR ScR 19.6.1"]


def test_unsupplied_allied_units_count_as_destroyed():  # SCN-5, ScR 19.5.2 (L1629)
    assert rules_broken(claim("victory German substantive")) == ["HTTR ScR 19.5.2"]  # A-INF3's 5 SP decide
    supplied = {k: v for k, v in SETUP.items() if k != "A-INF3"}  # nothing destroyed: the SP point is unknown
    got = claim("victory German decisive", supplied)
    assert got and all(isinstance(v, NotCheckable) for v in got) and "SP lost" in got[0].needs
    assert rules_broken(claim("victory Draw", supplied)) == ["HTTR ScR 19.6.1"]  # 2 or 3 points either way


def test_the_end_of_the_last_gt_gives_the_report_its_victory():  # SCN-10, ScR 16.1 (L1521)
    done = play(Log(SETUP).marker("pf", "Pathfinder A-REG1", "B0608").phase(3, "allied_reaction"))
    assert done.victory.winner == "german" and "German decisive" in done.victory.text
    early = play(Log(SETUP).marker("pf", "Pathfinder A-REG1", "B0608").phase(3, "german_movement"))
    assert early.victory.winner is None and "before the end" in early.victory.text


def test_the_bundled_scenario_19_lacks_the_road_to_nijmegen():  # SCN-10, SCN-5: roads, supply, strengths
    g = load_game("highway-to-the-reich")
    report = play(Log({"504/82": "B1132"}, g).phase(10, "allied_reaction").say("victory Draw"), "s19", g)
    got = last(report)
    assert got and all(isinstance(v, NotCheckable) for v in got) and "B0122 to Nijmegen" in got[0].needs
    assert report.victory.winner is None and "B0122 to Nijmegen" in report.victory.needs
    assert "the HQ '82' 504/82 traces to" in got[0].needs  # SCN-5: the 82nd's division HQ is not in units.csv


def test_a_level_the_table_lacks_is_a_wrong_claim():  # SCN-10
    assert rules_broken(claim("victory Allied decisive")) == ["HTTR ScR 19.6.1"]


def test_bundled_scenario_20_judges_the_allied_hexes_and_names_the_river():  # SCN-10, ScR 20.5 (L1664-L1669)
    g = load_game("highway-to-the-reich")
    held = {"501/101": "A1927", "2/506 5-3 no.1": "A2232", "506/101": "A2728"}  # the Allied point: at most 3 - 1

    def said(text: str) -> list:
        return last(play(Log(held, g).phase(10, "allied_reaction").say(text), "s20", g))
    assert rules_broken(said("victory Decisive German")) == ["HTTR ScR 20.5"]
    got = said("victory Draw")
    assert got and all(isinstance(v, NotCheckable) for v in got) and "Neder Rijn" in got[0].needs


def test_bundled_scenario_18_needs_the_bridges_on_its_road():  # SCN-10, ScR 18.6.1 (L1602-L1607)
    g = load_game("highway-to-the-reich")
    report = play(Log({"501/101": "C2010"}, g).phase(10, "allied_reaction"), "s18", g)
    assert report.victory.winner is None and "bridges on the road from C0117 to C6122" in report.victory.needs


def test_every_allied_unit_out_of_supply_scores():  # SCN-10, ScR 21.4 (L1685) on the synthetic 'victory' conditions
    from hexforge.rules.httr.victory import all_unsupplied
    cut = Log({"A-INF3": "B0310", "G-INF2": "B0607"})  # A-INF3's HQ A-REG2 is not on the map
    ref = HttrReferee(rules_for(game(), "victory"), cut.timeline())
    ref.run()
    assert all_unsupplied(ref, {"of": "allied"}) == (True, None)
    both = HttrReferee(rules_for(game(), "victory"), Log({**SETUP}).timeline())
    both.run()
    assert all_unsupplied(both, {"of": "allied"}) == (False, None)  # A-INF1 traces to A-REG1


def test_bundled_scenario_21_needs_the_neder_rijn():  # SCN-10, ScR 21.4 (L1683-L1695)
    g = load_game("highway-to-the-reich")
    got = last(play(Log({"501/101": "A2420"}, g).phase(30, "allied_reaction").say("victory Decisive German"), "s21", g))
    assert got and all(isinstance(v, NotCheckable) for v in got) and "Neder Rijn's bridges" in got[0].needs
    assert rules_broken(last(play(Log({"501/101": "A2420"}, g).phase(30, "allied_reaction").say("victory Draw"),
                                  "s21", g))) == ["HTTR ScR 21.4"]  # S21 has no draw


def test_eliminated_units_count_their_printed_sp():  # SCN-10, ScR 19.6.1 (L1634): SP destroyed
    supplied = {k: v for k, v in SETUP.items() if k != "A-INF3"}
    log = Log(supplied).marker("pf", "Pathfinder A-REG1", "B0608").phase(3, "allied_fire").kill("A-INF1", "B0304") \
        .phase(3, "allied_reaction").say("victory German decisive")  # A-INF1's 5 SP: the German point
    assert all_legal(last(play(log)))
