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


# SUP-12: A-ART3 (ER 5) is A-REG1's artillery, A-ART (ER 6) A-DIV's; A-DIV's HQs are A-DIV, A-REG1, A-REG2 and GB-6GH
DIVISION = {**ALLIES, "GB-6GH": "B0406"}


def er_after(*lines: str, killed: tuple[str, ...], unit: str = "A-ART3") -> tuple[list, float]:
    """The verdicts on the last line of an Allied Command Phase after ``killed`` fall, and ``unit``'s ER then."""
    from hexforge.rules.httr.detached import er_now
    log = Log(DIVISION).phase(1, "allied_fire")
    for hq in killed:
        log.kill(hq, "B0305")
    log.phase(2, "allied_command")
    for line in lines:
        log.say(line)
    ref = HttrReferee(rules_for(log.game), log.timeline())
    return last(ref.run()), er_now(ref, unit)


def test_re_subordinated_artillery_loses_one_er_in_its_division():  # SUP-12, SR 17.5.8 (L863)
    got, er = er_after("attach A-ART3 to A-REG2", killed=("A-REG1",))
    assert all_legal(got) and er == 4 and "ER -1" in got[0].detail
    got, er = er_after("attach A-ART to A-REG1", killed=("A-DIV",), unit="A-ART")  # to a lower HQ of its division
    assert all_legal(got) and er == 5
    got, er = er_after("attach A-ART3 to A-DIV", killed=("A-REG1",))  # to a higher HQ: no
    assert rules_broken(got) == ["HTTR SR 17.5.7"] and er == 5


def test_artillery_leaves_its_division_only_when_all_its_hqs_are_destroyed():  # SUP-12, SR 17.5.9 (L864)
    got, er = er_after("attach A-ART3 to A-REG3", killed=("A-REG1",))
    assert rules_broken(got) == ["HTTR SR 17.5.9"] and er == 5
    got, er = er_after("attach A-ART3 to A-REG3", killed=("A-REG1", "A-REG2", "GB-6GH", "A-DIV"))
    assert all_legal(got) and er == 3 and "ER -2" in got[0].detail


def test_the_artillery_penalties_are_not_cumulative():  # SUP-12, SR 17.5.10 (L865)
    log = Log(DIVISION).phase(1, "allied_fire").kill("A-REG1", "B0305").phase(2, "allied_command") \
        .say("attach A-ART3 to A-REG2").phase(2, "allied_fire")
    for hq in ("A-REG2", "GB-6GH", "A-DIV"):
        log.kill(hq, "B0305")
    log.phase(3, "allied_command").say("attach A-ART3 to A-REG3")
    from hexforge.rules.httr.detached import er_now
    ref = HttrReferee(rules_for(log.game), log.timeline())
    assert all_legal(last(ref.run())) and er_now(ref, "A-ART3") == 3  # -2, not -1 and -2


def test_re_subordinated_artillery_fires_at_its_reduced_er():  # SUP-12, SR 17.5.8 (L863), SR 6.5.1.10 (L296)
    def packet(*lines: str) -> list:  # A-HW (ER 5) and A-ART3 (ER 5, 4 after its HQ's loss) in one IF packet
        setup = {**DIVISION, "A-ART3": ("B0303", {"Mode": "Defilade"}), "A-HW": "B0302", "A-REG2": "B0302",
                 "G-INF1": "B0305", "A-INF1": "B0304"}
        log = Log(setup).phase(1, "allied_fire").kill("A-REG1", "B0305").phase(2, "allied_command")
        for line in lines:
            log.say(line)
        return last(log.phase(2, "allied_fire").say("if B0305 from A-ART3 A-HW").check())
    assert "HTTR SR 6.5.1.10" not in rules_broken(packet("attach A-HW to A-REG2"))
    mixed = packet("attach A-HW to A-REG2", "attach A-ART3 to A-REG2")
    assert "HTTR SR 6.5.1.10" in rules_broken(mixed)
    assert any("since its HQ A-REG1 was lost, HTTR SR 17.5.8" in v.reason for v in mixed if hasattr(v, "reason"))


def test_the_bundled_artillery_says_not_checkable():  # SUP-12: the bundled formations that name no unit
    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    g = load_game("highway-to-the-reich")
    art = next(u for u, x in g.units.items() if x.type.strip().lower() == "artillery" and x.side == "allied"
               and x.formation not in g.units)
    hq = next(u for u, x in g.units.items() if x.side == "allied" and x.type.strip().lower() == "hq")
    got = last(Log({art: "C2808", hq: "C2807"}, g).phase(6, "allied_command").say(f'attach "{art}" to "{hq}"').check())
    assert got and all(isinstance(v, NotCheckable) for v in got) and "names no unit" in got[0].needs


def test_30_corps_units_join_an_airborne_division_in_its_command_radius():  # SUP-10, ScR 4.0.1 / 8.2.2.8 (L1326)
    setup = {"A-DIV2": ("B0106", {"Mode": "Defilade"}), "A-REG3": "B0201", "A-HCAV": "B0101", "A-BDE1": "B0105",
             "A-GD": "B0305", "A-INF1": "B0202", "A-REG1": "B0302"}
    def say(*lines: str, **moved: str) -> list:
        return attach({**setup, **moved}, *lines, side="allied")
    assert all_legal(say("attach A-HCAV to A-REG3"))  # 30 Corps: an exception to 4.0.1
    assert rules_broken(say("attach A-HCAV to A-REG3", **{"A-HCAV": "A0610"})) == ["HTTR ScR 8.2.2.8"]  # > 12 hexes
    assert all_legal(say("attach A-BDE1 to A-DIV2"))  # an independent 30 Corps formation, to the division HQ
    assert rules_broken(say("attach A-BDE1 to A-REG3")) == ["HTTR SR 13.4.1"]
    assert all_legal(say("attach A-HCAV to A-REG3", "attach A-HCAV to A-GD"))  # back to its own HQ
    assert rules_broken(say("attach A-INF1 to A-REG3")) == ["HTTR SR 17.4.3"]  # not 30 Corps: the ordinary rules


def test_the_bundled_30_corps_attachment_needs_the_map():  # SUP-10, ScR 8.2.2.8 (L1326): the command radius
    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    g = load_game("highway-to-the-reich")
    got = last(Log({"HCav Troop A": "C2808", "501/101": "C2810"}, g).phase(6, "allied_command")
               .say('attach "HCav Troop A" to 501/101').check())
    assert got and all(isinstance(v, NotCheckable) for v in got) and "command radius" in got[0].needs


def test_units_of_a_destroyed_regiment_trace_to_the_higher_hq():  # SUP-11, SR 17.4.3 (L851-852): the second option
    def traced(inf1: str, kill: bool, div_cp: int = 0, div: str = "B0205") -> object:
        setup = {"A-CORPS": "B0105", "A-DIV": (div, {"Mode": "Defilade"}), "A-REG1": "B0305", "A-REG2": "B0405",
                 "A-INF1": inf1}
        log = Log(setup).on_track("A-DIV CP", 4 + div_cp).phase(8, "cp_logistic").phase(8, "allied_command") \
            .say("cp A-REG1 2").say("cp A-REG2 2").say(f"cp A-DIV {div_cp}").track("A-DIV CP", 0)  # SR 14.4
        if kill:
            log.phase(8, "german_fire").kill("A-REG1", "B0305")
        ref = HttrReferee(rules_for(log.game), log.timeline())
        ref.run()
        return supplied(ref, "A-INF1")
    # B0306: next to A-REG1 and A-DIV, two hexes from the Allied source B0105 (next to it, a unit is in supply
    # without its HQ, SR 13.2.6.5)
    assert traced("B0306", kill=False).full is True  # under A-REG1
    got = traced("B0306", kill=True, div_cp=2)  # A-REG1 destroyed: to A-DIV, no declaration, on its 2 CP
    assert got.full is True and "to A-DIV" in got.why
    assert traced("B0306", kill=True).full is False  # A-DIV kept no CP for its own units
    assert traced("A0610", kill=True, div_cp=2).path is True  # 10 hexes from A-DIV: within 12 (SR 13.2.6.1 L722)
    assert traced("A0710", kill=True, div_cp=2, div="B0101").path is False  # 15 hexes: no path to the higher HQ
