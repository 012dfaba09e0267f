"""HTTR CP and AmP deliveries (SR 14.1.1, 15.1, ScR 5.2.1-5.2.3) on the synthetic game: ``logistics`` declarations
in the CP/Logistic Phase, the Logistic Tables (tests/games/httr-synthetic/tables) and the record tracks' rise.
GT4 (17 Sep) and GT8 (18 Sep) are the synthetic game's 1501 and 0601 turns."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

ALLIES = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"})}
GERMANS = {"G-CORPS": "A0605", "G-DIV": ("A0505", {"Mode": "Defilade"}), "G-DIV2": ("A0504", {"Mode": "Defilade"})}


def declare(setup: dict, *lines: str, turn: int = 8, phase: str = "cp_logistic") -> list:
    log = Log(setup).phase(turn, phase)
    for line in lines:
        log.say(line)
    return last(log.check())


def test_airborne_and_club_route_rates():  # CP-4, ScR 5.2.2.1 (L1145), 5.2.3.1 (L1151)
    assert all_legal(declare(ALLIES, "logistics A-DIV cp 30 amp 70"))
    assert rules_broken(declare(ALLIES, "logistics A-DIV cp 40 amp 70")) == ["HTTR ScR 5.2.2.1"]
    assert all_legal(declare(ALLIES, "logistics A-DIV cp 25 amp 25 ma 50"))
    assert rules_broken(declare(ALLIES, "logistics A-DIV cp 50 amp 50 ma 25")) == ["HTTR ScR 5.2.3.1"]
    assert all_legal(declare(ALLIES, "logistics A-DIV cp 50 amp - ma 50"))  # a dropped column: +2 DRM
    assert rules_broken(declare(ALLIES, "logistics A-DIV cp 50 amp - ma -")) == ["HTTR ScR 5.2.3.1"]


def test_deliveries_in_the_cp_logistic_phase():  # CP-1, SR 14.1.1 (L769)
    assert rules_broken(declare(ALLIES, "logistics A-DIV cp 30 amp 70", phase="allied_command")) \
        == ["HTTR SR 14.1.1"]
    assert rules_broken(declare(GERMANS, "logistics G-DIV cp 30 amp 70")) == ["HTTR ScR 5.2.1.1"]


def test_german_levels_by_date():  # CP-2, ScR 5.2.1.1 (L1137-1141) as the synthetic timetable gives it
    assert all_legal(declare(GERMANS, "logistics G-DIV normal", turn=4))  # 17 Sep: one division at normal
    south = {**GERMANS, "G-DIV": ("B0505", {"Mode": "Defilade"})}
    assert rules_broken(declare(south, "logistics G-DIV normal", turn=4)) == ["HTTR ScR 5.2.1.1"]  # on map A only
    assert rules_broken(declare(GERMANS, "logistics G-DIV normal", "logistics G-DIV2 normal", turn=4)) \
        == ["HTTR ScR 5.2.1.1"]
    assert all_legal(declare(GERMANS, "logistics G-DIV normal", "logistics G-DIV2 low"))  # 18 Sep: G-DIV named
    assert rules_broken(declare(GERMANS, "logistics G-DIV2 normal")) == ["HTTR ScR 5.2.1.1"]
    swoboda = declare(GERMANS, "logistics G-DIV2 intense")
    assert swoboda and all(isinstance(v, NotCheckable) for v in swoboda)
    assert rules_broken(declare(GERMANS, "logistics G-DIV2 intense", turn=4)) == ["HTTR ScR 5.2.1.1"]


def test_the_tracks_rise_by_the_table():  # CP-1, SR 14.1.1 (L769), 15.1.3 (L806); the synthetic tables
    german = Log(GERMANS).on_track("G-DIV CP", 1).phase(8, "cp_logistic").say("logistics G-DIV low") \
        .roll("Logistics", 4, 4)  # low, 8: 2 CP
    assert all_legal(last(german.track("G-DIV CP", 3).check()))
    german = Log(GERMANS).on_track("G-DIV CP", 1).phase(8, "cp_logistic").say("logistics G-DIV low") \
        .roll("Logistics", 4, 4)
    assert rules_broken(last(german.track("G-DIV CP", 4).check())) == ["HTTR SR 14.1.1"]
    allied = Log(ALLIES).on_track("A-DIV CP", 2).on_track("A-DIV AmP", 2).phase(8, "cp_logistic") \
        .say("logistics A-DIV cp 30 amp 70").roll("Logistics", 6, 6).roll("Logistics", 3, 3)  # 1 CP, 1 AmP
    assert all_legal(last(allied.track("A-DIV CP", 3).check()))
    assert all_legal(last(allied.track("A-DIV AmP", 3).check()))
    unrolled = Log(ALLIES).on_track("A-DIV CP", 2).phase(8, "cp_logistic").track("A-DIV CP", 3)
    assert rules_broken(last(unrolled.check())) == ["HTTR SR 14.1.1"]
    undeclared = Log(ALLIES).on_track("A-DIV CP", 2).phase(8, "cp_logistic").roll("Logistics", 6, 6) \
        .track("A-DIV CP", 3)
    assert "logistics declaration" in " ".join(getattr(v, "needs", "") for v in last(undeclared.check()))


def test_the_bundled_tables_are_not_transcribed():  # CP-1 on the bundled data
    g = load_game("highway-to-the-reich")
    got = last(Log({"85xx": ("C2808", {"Mode": "Defilade"})}, g).phase(6, "cp_logistic").say("logistics 85xx low")
               .roll("Logistics", 4, 4).check())
    assert got and all(isinstance(v, NotCheckable) for v in got)
    assert "german_logistics" in " ".join(v.needs for v in got)


def test_the_booster_raises_its_division_one_level():  # CP-3, ScR 5.2.1.2 (L1142); G-KGX stands for Swoboda's HQ
    booster = {**GERMANS, "G-KGX": "A0503"}
    raised = declare(booster, "attach G-KGX to G-DIV2", "logistics G-DIV2 normal")  # 18 Sep: low, plus one
    assert all_legal(raised)
    assert rules_broken(declare(booster, "attach G-KGX to G-DIV2", "logistics G-DIV2 intense")) \
        == ["HTTR ScR 5.2.1.2"]
    assert all_legal(declare(booster, "attach G-KGX to G-DIV", "logistics G-DIV intense"))  # normal, plus one
    late = Log(booster).on_track("G-DIV CP", 1).phase(8, "cp_logistic").say("logistics G-DIV low") \
        .roll("Logistics", 3, 3).say("attach G-KGX to G-DIV2")
    assert rules_broken(last(late.check())) == ["HTTR ScR 5.2.1.2"]  # only before the rolls
    arriving = Log(GERMANS).phase(8, "cp_logistic").enter("G-KGX", "A0503").say("attach G-KGX to G-DIV2") \
        .say("logistics G-DIV2 normal")
    assert rules_broken(last(arriving.check())) == ["HTTR ScR 5.2.1.1"]  # from the turn after it arrives


def test_an_airdrop_is_halved_in_p_weather():  # CP-5, ScR 5.2.2.5 (L1149), 5.2.2.3 (L1147); GT11 has P weather
    def drop(turn: int, box: int) -> list:
        log = Log(ALLIES).on_track("A-DIV CP", 0).phase(turn, "cp_logistic").say("logistics A-DIV cp 100 amp 0") \
            .roll("Logistics", 6, 6).roll("Logistics", 1, 1)  # CP 100% on 12: 4 CP
        return last(log.track("A-DIV CP", box).check())
    assert all_legal(drop(8, 4))  # clear weather: the table's 4
    assert all_legal(drop(11, 2))  # P: half
    assert rules_broken(drop(11, 4)) == ["HTTR ScR 5.2.2.5"]
    fewer = drop(8, 3)  # one less: a step loss on the DZ the log does not show
    assert fewer and isinstance(fewer[0], NotCheckable) and "supply DZ" in fewer[0].needs


def test_a_club_route_delivery_is_shared_among_the_divisions():  # CP-1, ScR 5.2.3.1 (L1151)
    corps = {"A-CORPS": ("B0105", {"Mode": "Defilade"}), "A-DIV": ("B0205", {"Mode": "Defilade"}),
             "A-DIV2": ("B0106", {"Mode": "Defilade"})}

    def share(first: int, second: int) -> list:
        log = Log(corps).on_track("A-DIV CP", 0).on_track("A-DIV2 CP", 0).phase(8, "cp_logistic") \
            .say("logistics A-CORPS cp 50 amp 25 ma 25").roll("Logistics", 6, 6).roll("Logistics", 1, 1)  # 2 CP
        return everything(log.track("A-DIV CP", first).track("A-DIV2 CP", second).check())
    assert not [v for v in share(1, 1) if type(v).__name__ == "Illegal"]
    assert rules_broken(share(2, 1)) == ["HTTR ScR 5.2.3.1"]


def everything(report) -> list:
    return [v for j in report.judged for v in j.verdicts]


def test_the_bundled_timetable_names_divisions_with_no_hq_counter():  # CP-2 on the bundled data
    g = load_game("highway-to-the-reich")
    got = last(Log({"85xx": ("C2808", {"Mode": "Defilade"})}, g).phase(13, "cp_logistic")  # 19 Sep, 0601
               .say("logistics 85xx normal").check())
    assert got and all(isinstance(v, NotCheckable) for v in got) and "9th SS Panzer" in got[0].needs
