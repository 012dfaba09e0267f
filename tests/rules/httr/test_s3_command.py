"""HTTR command, supply, recovery and ammunition fixes of the second audit (issue #15) on the synthetic game: the
corps HQ's transfers (ScR 5.2.3.3, SR 14.1.2), the supply of dropped airborne units (ScR 5.1.3.6), recovery's
'out of supply' (reading recovery_supply) and its one roll per unit or stack (SR 10.6.4), AmP clearing depletion
(reading amp_clear_cp), an HQ cut off at the CP/Logistic Phase (reading cut_hq_cp), off-map German units
(ScR 5.1.8.3) and the P-weather extra division (ScR 5.2.1.1). GT 8 (18 Sep, 0601) is the synthetic game's first
turn of the supply rules; GT 11 (1501) has P weather."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken
from tests.rules.httr.test_command_points import HQS
from tests.rules.httr.test_landings import OFF, PF
from tests.rules.httr.test_logistics import GERMANS

DIS = {"Disrupted": "Disrupted"}
CORPS = {**HQS, "A-CORPS": ("B0105", {"Mode": "Defilade"})}


def transfer(line: str, setup: dict = CORPS) -> list:
    log = Log(setup).on_track("A-CORPS CP", 6).on_track("A-DIV CP", 0).phase(8, "cp_logistic") \
        .phase(8, "allied_command")
    return last(log.say(line).check())


def test_a_corps_transfer_to_a_division_has_no_two_cp_cap():  # CP-8, CP-13, ScR 5.2.3.3 (L1153), SR 14.3.1 (L777)
    """14.3.1's 'up to two CP' binds HQs 'below divisional level'; the corps 'may freely transfer CPs to a
    divisional HQ'. A regiment still takes at most two from its division."""
    assert all_legal(transfer("cp A-DIV 4 from A-CORPS"))
    assert rules_broken(transfer("cp A-REG1 3")) == ["HTTR SR 14.3.1"]


def test_a_division_hq_receives_cp_only_in_defilade():  # CP-6, SR 14.1.2 (L770)
    """'Corps and Divisional HQs must be in Defilade Mode to receive/expend/allocate CPs': the receiving division
    HQ too, not only the giver."""
    travel = {**CORPS, "A-DIV": ("B0205", {"Mode": "Travel"})}
    assert rules_broken(transfer("cp A-DIV 2 from A-CORPS", travel)) == ["HTTR SR 14.1.2"]
    assert all_legal(transfer("cp A-DIV 2 from A-CORPS"))


def dropped_then_moves(turn: int) -> list:
    """A-INF1 (of A-REG1, whose Pathfinder makes it airborne) drops in GT 8; A-REG1 holds no CP and is not on the
    map; in GT ``turn`` A-INF1 moves without an MA roll."""
    log = Log(OFF).on_track("A-DIV CP", 0).phase(8, "cp_logistic").phase(8, "allied_movement") \
        .place("pf1", PF, "B0305").enter("A-INF1", "B0306")
    return last(log.phase(turn, "allied_movement").move("A-INF1", "B0307").check())


def test_a_dropped_unit_is_in_supply_four_gts_after_its_drop():  # SUP-17, ScR 5.1.3.6 (L1104)
    """'for four GT after they are dropped' (reading: the four GTs after the drop's GT): GT 9 and GT 12 on its
    full MA; GT 13 it must roll (SR 13.2.7.6, its HQ holding no CP)."""
    assert all_legal(dropped_then_moves(9))
    assert all_legal(dropped_then_moves(12))
    assert rules_broken(dropped_then_moves(13)) == ["HTTR SR 13.2.7.5"]


RECOVER = {"A-INF1": ("B0303", DIS), "A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0305"}


def recover(cp: int | None, **readings: str) -> list:
    """A-INF1 (morale 8), two hexes from A-REG1 (no -2), recovers on 4 + 4 in GT 8: only the +1 out of supply can
    fail it; A-REG1 holds ``cp`` CP."""
    log = Log(RECOVER).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command")
    if cp:
        log.say(f"cp A-REG1 {cp}")
    log.roll("Morale Check", 4, 4).layer("A-INF1", "Disrupted", "Disrupted", "Normal")
    return last(log.check(**readings))


def test_recovery_out_of_supply_reads_13_5():  # DIS-2, SR 10.6.4 (L641), 13.5 (L759), 15.4.3 (L820)
    """Reading recovery_supply: summary (13.5, an HQ under 2 CP puts its units out of supply), zero_cp (15.4.3)
    or path (the supply path alone)."""
    assert all_legal(recover(2))
    assert rules_broken(recover(1)) == ["HTTR SR 10.6.4"]
    assert all_legal(recover(1, recovery_supply="zero_cp"))
    assert rules_broken(recover(None, recovery_supply="zero_cp")) == ["HTTR SR 10.6.4"]
    assert all_legal(recover(None, recovery_supply="path"))


def test_one_morale_check_serves_one_unit_or_stack():  # DIS-2, SR 10.6.4 (L638, L642)
    """'Roll a 2d6 for each disrupted unit ... When rolling for a disrupted stack of units, roll once': A-INF1 and
    A-INF2 (one stack) recover on one roll; A-INF3 in another hex needs its own."""
    setup = {"A-INF1": ("B0303", DIS), "A-INF2": ("B0303", DIS), "A-INF3": ("B0707", DIS)}
    log = Log(setup).phase(1, "allied_command").roll("Morale Check", 3, 3) \
        .layer("A-INF1", "Disrupted", "Disrupted", "Normal").layer("A-INF2", "Disrupted", "Disrupted", "Normal")
    stack = log.check()
    assert all(all_legal(j.verdicts) for j in stack.judged[-2:])
    assert rules_broken(last(log.layer("A-INF3", "Disrupted", "Disrupted", "Normal").check())) == ["HTTR SR 10.6.4"]
    assert all_legal(last(log.roll("Morale Check", 2, 3).layer("A-INF3", "Disrupted", "Disrupted", "Normal").check()))


def clear_gun(n: int, **readings: str) -> list:
    """A-DIV expends ``n`` CP for its assets; its depleted A-ART2 (ER 9) is cleared with one AmP."""
    setup = {**HQS, "A-ART2": ("B0306", {"Mode": "Defilade", "Depleted": "Depleted"})}  # not by B0105 (13.2.6.5)
    log = Log(setup).on_track("A-DIV CP", 4).on_track("A-DIV AmP", 5).phase(8, "cp_logistic") \
        .phase(8, "allied_command")
    if n:
        log.say(f"cp A-DIV {n}").track("A-DIV CP", 4 - n)
    return last(log.layer("A-ART2", "Depleted", " Depleted", "1").check(**readings))


def test_amp_clear_depletion_with_two_cp_or_any_cp():  # SUP-7, CP-16, SR 13.3.3.1-13.3.3.2 (L750-751), L813
    """Reading amp_clear_cp: full (13.3.3.2 'in addition to the requirement to be in supply': 2 CP) or any_cp (the
    15.2 note: not 'if that HQ does not have any CP')."""
    assert all_legal(clear_gun(2))
    assert rules_broken(clear_gun(1)) == ["HTTR SR 13.3.3.1"]
    assert all_legal(clear_gun(1, amp_clear_cp="any_cp"))
    assert rules_broken(clear_gun(0, amp_clear_cp="any_cp")) == ["HTTR SR 13.3.3.1"]


RING = (("G-INF1", "B0205"), ("G-INF2", "B0204"), ("G-INF3", "B0206"), ("G-AFV", "B0306"), ("G-KG1", "B0304"),
        ("G-KG2", "B0404"))  # German ZOCs around A-REG1 in B0305 (SR 13.2.2.3)


def cut_then_tops_up(cut: bool, **readings: str) -> list:
    """A-REG1 is allocated 2 CP in GT 8; German units ring it (``cut``) through GT 11's CP/Logistic Phase (1501),
    then are gone; in GT 11's Command Phase it is allocated 2 CP again."""
    log = Log({**HQS}).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command") \
        .say("cp A-REG1 2").track("A-DIV CP", 2)
    for u, h in RING if cut else ():
        log.enter(u, h)
    log.phase(11, "cp_logistic")
    for u, h in RING if cut else ():
        log.kill(u, h)
    return last(log.phase(11, "allied_command").say("cp A-REG1 2").check(**readings))


def test_a_cut_hq_keeps_its_cp_less_one():  # CP-11, CP-8, SR 15.4.2 (L819) vs 14.3.8 (L784), reading cut_hq_cp
    """Reading cut_hq_cp = retained: A-REG1, cut off at the CP/Logistic Phase, keeps 2 - 1 CP past it, so two more
    break 14.6.3's top-up to two; in supply its allocation ends there (14.3.8), and under 'ends' also when cut."""
    assert rules_broken(cut_then_tops_up(True)) == ["HTTR SR 14.6.3"]
    assert all_legal(cut_then_tops_up(False))
    assert all_legal(cut_then_tops_up(True, cut_hq_cp="ends"))


def receives(div: str, corps: str) -> list:
    """``div`` leaves the map (an off-map area); in GT 8's CP/Logistic Phase its track rises by the table."""
    side = "german" if div.startswith("G") else "allied"
    line = f"logistics {div} low" if side == "german" else f"logistics {div} cp 30 amp 70"
    log = Log({div: ("B0505", {"Mode": "Defilade"}), corps: "B0101"}).on_track(f"{div} CP", 1) \
        .phase(8, "cp_logistic").leave(div).say(line).roll("Logistics", 4, 4)
    if side == "allied":
        log.roll("Logistics", 3, 3)
    return last(log.track(f"{div} CP", 3).check())


def test_off_map_german_units_are_always_in_supply():  # SUP-3, ScR 5.1.8.3 (L1131), SR 14.1.4 (L772)
    """An off-map German division HQ receives its CP; an Allied one off the map traces no supply path."""
    german = receives("G-DIV", "G-CORPS")
    assert german and not illegal(german)
    assert "HTTR SR 14.1.4" in rules_broken(receives("A-DIV", "A-CORPS"))


def test_one_more_division_at_normal_levels_in_p_weather():  # CP-2, ScR 5.2.1.1 (L1141)
    """The synthetic 18 Sep row: no division besides G-DIV at normal levels, one more while the weather is P
    (p_weather_extra): GT 11 is P, GT 8 clear."""
    assert all_legal(last(Log(GERMANS).phase(11, "cp_logistic").say("logistics G-DIV2 normal").check()))
    assert rules_broken(last(Log(GERMANS).phase(8, "cp_logistic").say("logistics G-DIV2 normal").check())) \
        == ["HTTR ScR 5.2.1.1"]
    two = Log({**GERMANS, "G-KGX": "A0503"}).phase(11, "cp_logistic").say("logistics G-DIV2 normal") \
        .say("logistics G-CORPS normal")
    assert rules_broken(last(two.check())) == ["HTTR ScR 5.2.1.1"]  # only one more


ROUTE = {"A-CORPS": ("B0101", {"Mode": "Defilade"}), "A-GCO4": ("B0105", {"Mode": "Travel"}),
         "A-GCO3": ("B0104", {"Mode": "Travel"})}  # A-BDE2's companies stand for 30th Corps (game.toml route_envelope)
ALONG = ("B0205", "B0305", "B0405", "B0505", "B0605", "B0705")  # six route hexes north of B0105, 0.5 MP each


def on_club_route(unit: str, *path: str, start: str | None = None) -> list:
    """GT 4's CP/Logistic Phase: a Club Route delivery at MA 50 %, its third Logistics roll 7 (synthetic
    club_route_movement: MA 3); then ``unit`` moves along ``path`` in the Allied Movement Phase."""
    setup = {**ROUTE, unit: (start, {"Mode": "Travel"})} if start else ROUTE
    log = Log(setup).on_track("A-CORPS CP", 0).phase(4, "cp_logistic").say("logistics A-CORPS cp 25 amp 25 ma 50") \
        .roll("Logistics", 3, 4).roll("Logistics", 3, 4).roll("Logistics", 3, 4).phase(4, "allied_movement")
    return last(log.move(unit, *path).check())


def route_verdicts(verdicts: list) -> list:
    return [v for v in verdicts if "Club Route MA" in (getattr(v, "detail", None) or getattr(v, "reason", "")
                                                        or getattr(v, "needs", ""))]


def test_the_club_route_ma_caps_30th_corps_moves_on_it():  # RES-9, ScR 5.2.4.1-5.2.4.3 (L1157-1159)
    """A-GCO4 (not of the spearhead) spends 3 MP along Club Route on an MA of 3 (legal); one hex more, 3.5 MP, is
    5.2.4.1's (it moves only on the route); entering it from B0106, off the route, 5.2.4.2's. A-GCO3, of the
    spearhead formation and its lead, is not capped (5.2.4.3)."""
    assert all_legal(on_club_route("A-GCO4", *ALONG))
    assert rules_broken(on_club_route("A-GCO4", *ALONG, "A0205")) == ["HTTR ScR 5.2.4.1"]
    assert rules_broken(on_club_route("A-GCO4", "B0105", *ALONG, "A0205", start="B0106")) == ["HTTR ScR 5.2.4.2"]
    spear = on_club_route("A-GCO3", "B0105", *ALONG, "A0205")
    assert not route_verdicts(spear) and "HTTR ScR 5.2.4.1" not in rules_broken(spear)


def test_the_bundled_club_route_ma_is_not_known():  # RES-9 on the bundled data: tables/club_route_movement.toml
    httr = load_game("highway-to-the-reich")
    log = Log({"30 Corps HQ": ("D0119", {"Mode": "Defilade"})}, httr).phase(6, "cp_logistic") \
        .say('logistics "30 Corps HQ" cp 25 amp 25 ma 50').roll("Logistics", 3, 4).roll("Logistics", 3, 4) \
        .roll("Logistics", 3, 4)
    got = last(log.check())
    assert got and all(isinstance(v, NotCheckable) for v in got) and "club_route_movement" in got[0].needs


def route_move_gt8(unit_start: str | None, club_route: bool) -> list:
    """GT 8 (supply rules): A-GD's track known at 0 CP, so A-GRP4 holds none; a Club Route delivery (MA 3) or not;
    A-GCO4 moves three route hexes north."""
    setup = {**ROUTE, "A-GRP4": "B0107", **({"A-GCO4": (unit_start, {"Mode": "Travel"})} if unit_start else {})}
    log = Log(setup).on_track("A-CORPS CP", 0).on_track("A-GD CP", 0).phase(8, "cp_logistic")
    if club_route:
        log.say("logistics A-CORPS cp 25 amp 25 ma 50").roll("Logistics", 3, 4).roll("Logistics", 3, 4) \
            .roll("Logistics", 3, 4)
    path = ("B0105",) * bool(unit_start) + ALONG[:3]
    return last(log.phase(8, "allied_movement").move("A-GCO4", *path).check())


def test_only_along_club_route_no_cp_roll():  # MOV-24 / RES-9, ScR 5.2.4.1 (L1157), SR 13.2.7.6 (L735)
    """'30th Corps units moving exclusively along the Club Route expend MPs per the Club Route Log Table
    regardless of how many MPs could be expended with CPs': A-GCO4 moves on the Club Route MA without the 1d6 its
    HQ's zero CP call for; entering the route from B0106 it moves in normal fashion (5.2.4.2) and must roll."""
    assert "HTTR SR 13.2.7.5" not in rules_broken(route_move_gt8(None, True))
    assert not illegal(route_move_gt8(None, True))
    assert rules_broken(route_move_gt8("B0106", True)) == ["HTTR SR 13.2.7.5"]
    assert "HTTR SR 13.2.7.5" in rules_broken(route_move_gt8(None, False))


def test_a_unit_beside_its_source_is_in_supply_without_its_hq():  # SUP-7: SR 13.2.6.5 (L727), ScR 5.1.8.1 (L1129)
    """'the unit is in supply if it is on or adjacent to its supply source. This is an exception to routing supply
    via an HQ': A-INF1 next to the synthetic Allied source B0105 is fully in supply while its HQ A-REG1 acts on no
    CP (SR 13.5); two hexes from it, it is not."""
    from hexforge.rules import rules_for
    from hexforge.rules.httr.referee import HttrReferee
    from hexforge.rules.httr.supply_rules import supplied

    def state(inf: str) -> object:
        setup = {"A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "A0610", "A-INF1": inf}
        log = Log(setup).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command")
        ref = HttrReferee(rules_for(log.game), log.say("cp A-REG1 2").track("A-DIV CP", 2).timeline())
        ref.run()
        return supplied(ref, "A-INF1")
    assert state("B0106").full is True and "13.2.6.5" in state("B0106").why
    assert state("B0206").full is False


def test_a_dropped_unit_initiates_ca_four_gts_after_its_drop():  # CA-13, SR 14.6.1 (L794) with ScR 5.1.3.6 (L1104)
    """The same drop: A-INF1's HQ holds no CP, so from GT 13 its units may not initiate CA; in the four GTs after its
    drop it is in supply as on its arrival turn (5.1.3.9), which the CA's CP check read alone."""
    def attacks(turn: int) -> list:
        log = Log({**OFF, "G-INF1": "B0307"}).on_track("A-DIV CP", 0).phase(8, "cp_logistic") \
            .phase(8, "allied_movement").place("pf1", PF, "B0305").enter("A-INF1", "B0306")
        return last(log.phase(turn, "allied_movement").say("ca B0307 from B0306").check())
    assert all_legal(attacks(9)) and all_legal(attacks(12))
    assert rules_broken(attacks(13)) == ["HTTR SR 14.6.1"]
