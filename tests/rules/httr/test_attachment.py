"""HTTR subordination changes (SR 13.4, 17.4-17.5, 18.5.3, ScR 4.0-4.3) on the synthetic game: ``attach UNIT to
HQ`` in the Command Phase. GT1 is the synthetic game's 0601 turn, GT2 its 0901 turn; G-IND1..9 are independent
companies, G-IBN1..5 independent battalions, G-KGX an independent KG HQ."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.httr.supply_rules import supplied
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

GERMANS = {"G-CORPS": "A0605", "G-DIV": ("A0505", {"Mode": "Defilade"}), "G-KG1": "A0405", "G-KG2": "A0305"}
ALLIES = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0305", "A-REG2": "B0405",
          "A-DIV2": ("B0106", {"Mode": "Defilade"}), "A-REG3": "B0206", "A-INF1": "B0304", "A-ART3": "B0303"}


def attach(setup: dict, *lines: str, turn: int = 1, side: str = "german", phase: str = "command",
           killed: tuple[str, ...] = ()) -> list:
    log = Log(setup).phase(turn, f"{side}_{phase}")
    for hq in killed:
        log.kill(hq, "B0305")
    for line in lines:
        log.say(line)
    return last(log.check())


def test_independent_units_in_any_command_phase():  # SUP-8, SR 13.4.1-13.4.2 (L753-754), 17.4.1 (L848)
    setup = {**GERMANS, "G-IND1": "A0404"}
    assert all_legal(attach(setup, "attach G-IND1 to G-KG1", turn=2))
    assert rules_broken(attach(setup, "attach G-IND1 to G-KG1", phase="fire")) == ["HTTR SR 13.4.2"]
    assert rules_broken(attach(setup, "attach G-IND1 to G-DIV")) == ["HTTR SR 17.4.1"]  # a company goes to a KG


def test_independent_formations_only_at_0601_and_1501():  # SUP-8, SR 13.4.2 (L754), ScR 4.0.2 (L1068)
    setup = {**GERMANS, "G-KGX": "A0406"}
    assert all_legal(attach(setup, "attach G-KGX to G-DIV", turn=1))
    assert rules_broken(attach(setup, "attach G-KGX to G-DIV", turn=2)) == ["HTTR SR 13.4.2"]


def test_at_most_four_battalions_and_eight_independent_companies():  # SUP-9, SR 13.4.3-13.4.4, 17.4.2
    companies = {**GERMANS, **{f"G-IND{i}": "A0404" for i in range(1, 10)}}
    lines = [f"attach G-IND{i} to G-KG1" for i in range(1, 9)]
    assert all_legal(attach(companies, *lines))
    assert rules_broken(attach(companies, *lines, "attach G-IND9 to G-KG1")) == ["HTTR SR 13.4.4"]
    battalions = {**GERMANS, **{f"G-IBN{i}": "A0404" for i in range(1, 6)}}
    lines = [f"attach G-IBN{i} to G-KG1" for i in range(1, 5)]
    assert all_legal(attach(battalions, *lines))
    assert rules_broken(attach(battalions, *lines, "attach G-IBN5 to G-KG1")) == ["HTTR SR 13.4.3"]


def test_units_change_hq_only_when_theirs_is_destroyed():  # SUP-11, SR 17.4.3 (L850-853)
    assert rules_broken(attach(ALLIES, "attach A-INF1 to A-REG2", side="allied")) == ["HTTR SR 17.4.3"]
    assert all_legal(attach(ALLIES, "attach A-INF1 to A-REG2", side="allied", killed=("A-REG1",)))
    assert all_legal(attach(ALLIES, "attach A-INF1 to A-DIV", side="allied", killed=("A-REG1",)))  # a higher HQ


def test_allied_lines_of_command_never_cross_divisions():  # SUP-10, ScR 4.0.1 (L1067)
    assert rules_broken(attach(ALLIES, "attach A-INF1 to A-REG3", side="allied", killed=("A-REG1",))) \
        == ["HTTR ScR 4.0.1"]
    assert rules_broken(attach(ALLIES, "attach A-REG1 to A-DIV2", side="allied")) == ["HTTR SR 17.4.3"]


def test_german_divisions_and_kg_are_reassigned_at_0601_and_1501():  # SUP-10, ScR 4.0.2 (L1068)
    setup = {**GERMANS, "G-KGX": "A0406"}
    assert all_legal(attach(setup, "attach G-KG1 to G-CORPS", turn=1))
    assert rules_broken(attach(setup, "attach G-KG1 to G-CORPS", turn=2)) == ["HTTR SR 17.4.3"]


def test_regimental_artillery_goes_to_an_equivalent_or_lower_hq():  # SUP-12, SR 17.5.7-17.5.8 (L862-863)
    assert rules_broken(attach(ALLIES, "attach A-ART3 to A-DIV", side="allied", killed=("A-REG1",))) \
        == ["HTTR SR 17.5.7"]
    assert all_legal(attach(ALLIES, "attach A-ART3 to A-REG2", side="allied", killed=("A-REG1",)))
    assert rules_broken(attach(ALLIES, "attach A-ART3 to A-REG2", side="allied")) == ["HTTR SR 17.4.3"]


def test_flak_joins_any_hq_and_spends_the_turn_out_of_supply():  # SUP-13, SR 18.5.3 (L930), ScR 4.3.2 (L1079)
    setup = {**GERMANS, "G-FLAK": ("A0404", {"Mode": "Defilade"})}
    log = Log(setup).on_track("G-DIV CP", 4).phase(8, "cp_logistic").phase(8, "german_command") \
        .say("cp G-KG1 2").say("cp G-KG2 2").track("G-DIV CP", 0)
    stays = HttrReferee(rules_for(log.game), log.timeline())
    stays.run()
    assert supplied(stays, "G-FLAK").full is True
    log.say("attach G-FLAK to G-KG2")
    assert all_legal(last(log.check()))
    moved = HttrReferee(rules_for(log.game), log.timeline())
    moved.run()
    assert supplied(moved, "G-FLAK").full is False
    assert rules_broken(attach(setup, "attach G-FLAK to G-KG2", phase="movement")) == ["HTTR SR 13.4.2"]


def test_the_bundled_game_says_not_checkable():  # SUP-8: the bundled formations that name no unit
    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    g = load_game("highway-to-the-reich")
    got = last(Log({"ICG/5 2-5-8 no.1": "C2808", "IG/Gds": "C2807"}, g).phase(6, "allied_command")
               .say('attach "ICG/5 2-5-8 no.1" to IG/Gds').check())
    assert got and all(isinstance(v, NotCheckable) for v in got) and "names no unit" in got[0].needs


def test_a_destroyed_division_hq_returns_after_2d6_turns():  # SUP-11, SR 17.4.4 (L854)
    setup = {"A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0305", "A-REG2": "B0405"}

    def back(turn: int, where: str, phase: str = "allied_command", hq: str = "A-DIV") -> list:
        log = Log(setup).phase(1, "allied_fire").kill(hq, "B0205").roll("2d6", 2, 1)  # three turns
        return last(log.phase(turn, phase).enter(hq, where).check())
    assert all_legal(back(4, "B0304"))  # next to A-REG1
    assert rules_broken(back(3, "B0304")) == ["HTTR SR 17.4.4"]  # too early
    assert rules_broken(back(4, "B0101")) == ["HTTR SR 17.4.4"]  # away from its units
    assert rules_broken(back(4, "B0304", phase="allied_movement")) == ["HTTR SR 17.4.4"]
    assert "HTTR SR 17.4.4" in rules_broken(back(4, "B0304", hq="A-REG1"))  # a regimental HQ does not return
