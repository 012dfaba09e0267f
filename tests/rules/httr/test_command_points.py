"""HTTR command point records (SR 14-15, ScR 5.2) on the synthetic game: the division's CP and AmP Record Tracks
(markers on the Tracks map), allocations, attenuation and the CP a close action needs. GT8 is the synthetic
game's 0601 turn and its first turn under the supply rules (game.toml [special.supply_rules])."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken

HQS = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0305"}


def everything(report) -> list:
    return [v for j in report.judged for v in j.verdicts]


def command(setup: dict | None = None, box: int = 5, turn: int = 8) -> Log:
    """A log that opens the GT8 CP/Logistic Phase, then the Allied Command Phase."""
    return Log(setup or HQS).on_track("A-DIV CP", box).phase(turn, "cp_logistic").phase(turn, "allied_command")


def test_cp_come_from_what_the_track_holds():  # CP-11, SR 14.3.1 (L777)
    assert all_legal(last(command(box=2).say("cp A-REG1 2").check()))
    assert rules_broken(last(command(box=1).say("cp A-REG1 2").check())) == ["HTTR SR 14.3.1"]


def test_the_track_is_debited_the_allocation():  # CP-11, SR 14.3.6 (L782)
    ok = command().say("cp A-REG1 2").track("A-DIV CP", 3).phase(8, "allied_fire").check()
    assert not illegal(everything(ok))
    bad = command().say("cp A-REG1 2").track("A-DIV CP", 4).phase(8, "allied_fire").check()
    assert rules_broken(everything(bad)) == ["HTTR SR 14.3.6"]


def test_the_debit_is_the_allocation_not_what_attenuation_left():  # CP-11, SR 14.3.6 (L782): 'initial allocation'
    far = {**HQS, "A-REG1": "B0310"}  # 5 MP: attenuated on a 2d6 above 8
    log = command(far).say("cp A-REG1 2").roll("CP Attenuation", 6, 5).track("A-DIV CP", 4).phase(8, "allied_fire")
    assert rules_broken(everything(log.check())) == ["HTTR SR 14.3.6"]


def test_at_most_eight_cp_after_allocations():  # CP-12, SR 14.5.3 (L792)
    assert not illegal(everything(command(box=8).phase(8, "allied_fire").check()))
    assert rules_broken(everything(command(box=10).phase(8, "allied_fire").check())) == ["HTTR SR 14.5.3"]


def test_at_most_four_cp_carried_over():  # CP-12, SR 14.5.2 (L791), 14.5.1 (L790): adjusted before any new CP
    opening = Log(HQS).on_track("A-DIV CP", 6).phase(8, "cp_logistic")
    assert rules_broken(last(opening.roll("Logistics", 3, 3).check())) == ["HTTR SR 14.5.2"]
    adjusted = Log(HQS).on_track("A-DIV CP", 6).phase(8, "cp_logistic").track("A-DIV CP", 4).roll("Logistics", 3, 3)
    assert all_legal(last(adjusted.check()))


def test_new_cp_only_to_a_supplied_undisrupted_division_in_defilade():  # CP-6, CP-7, SUP-3: SR 14.1.2, 14.1.5, 14.1.4
    def receive(setup: dict) -> list:
        return last(Log(setup).on_track("A-DIV CP", 2).phase(8, "cp_logistic").say("logistics A-DIV cp 30 amp 70")
                    .roll("Logistics", 6, 6).track("A-DIV CP", 3).check())  # 1 CP (the synthetic table)
    assert all_legal(receive(HQS))
    assert rules_broken(receive({**HQS, "A-DIV": ("B0205", {"Mode": "Travel"})})) == ["HTTR SR 14.1.2"]
    assert rules_broken(receive({**HQS, "A-DIV": ("B0205", {"Mode": "Defilade", "Disrupted": "Disrupted"})})) \
        == ["HTTR SR 14.1.5"]
    cut = {**HQS, "A-CORPS": "B0101"}  # the corps HQ off the road to its source (SR 13.2.3.1): the division is OOS
    assert rules_broken(receive(cut)) == ["HTTR SR 14.1.4"]


def test_attenuation_needs_its_roll_over_four_mp():  # CP-10, SR 14.3.3-14.3.4 (L779-780)
    far = {**HQS, "A-REG1": "B0310"}  # 5 MP of Travel Mode path from A-DIV
    rolled = command(far).say("cp A-REG1 2").roll("CP Attenuation", 4, 4).track("A-DIV CP", 3).phase(8, "allied_fire")
    assert not illegal(everything(rolled.check()))
    missing = command(far).say("cp A-REG1 2").track("A-DIV CP", 3).phase(8, "allied_fire")
    assert rules_broken(everything(missing.check())) == ["HTTR SR 14.3.4"]
    near = command().say("cp A-REG1 2").track("A-DIV CP", 3).phase(8, "allied_fire")  # 0.5 MP: no roll
    assert not illegal(everything(near.check()))


def test_the_corps_transfers_only_to_division_hqs():  # CP-13, ScR 5.2.3.3 (L1153)
    corps = {**HQS, "A-CORPS": ("B0105", {"Mode": "Defilade"})}
    log = Log(corps).on_track("A-CORPS CP", 6).on_track("A-DIV CP", 0).phase(8, "cp_logistic") \
        .phase(8, "allied_command")
    assert all_legal(last(log.say("cp A-DIV 2 from A-CORPS").check()))
    log = Log(corps).on_track("A-CORPS CP", 6).on_track("A-DIV CP", 0).phase(8, "cp_logistic") \
        .phase(8, "allied_command")
    assert rules_broken(last(log.say("cp A-REG1 2 from A-CORPS").check())) == ["HTTR ScR 5.2.3.3"]
    late = Log(corps).on_track("A-CORPS CP", 6).on_track("A-DIV CP", 4).phase(8, "cp_logistic") \
        .phase(8, "allied_command").say("cp A-REG1 1").say("cp A-DIV 2 from A-CORPS")
    assert rules_broken(last(late.check())) == ["HTTR ScR 5.2.3.3"]


def test_the_corps_saves_at_most_eight():  # CP-13, ScR 5.2.3.2 (L1152)
    def saved(box: int) -> list:
        corps = {**HQS, "A-CORPS": ("B0105", {"Mode": "Defilade"})}
        return everything(Log(corps).on_track("A-CORPS CP", box).phase(8, "allied_command").phase(8, "allied_fire")
                          .check())
    assert not illegal(saved(8))
    assert rules_broken(saved(9)) == ["HTTR ScR 5.2.3.2"]


def test_a_bundled_track_marker_names_no_hq():  # CP-11: the 101st's marker names a division no HQ unit carries
    log = Log({}, load_game("highway-to-the-reich")).phase(6, "cp_logistic").track("101st Airborne CP", 3)
    got = last(log.check())
    assert got and all(isinstance(v, NotCheckable) for v in got)
    assert "formation names no unit" in got[0].needs


def test_arrivals_are_supplied_and_arriving_hqs_hold_two_cp():  # SUP-18, ScR 5.1.3.9 (L1107), 12.02 (L1456)
    front = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "G-INF1": "B0304", "A-INF1": "B0303"}

    def movement(setup: dict) -> Log:
        return Log(setup).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command") \
            .phase(8, "allied_fire").phase(8, "allied_movement")
    arriving_hq = movement(front).enter("A-REG1", "B0305").say("ca B0304 from B0303")
    assert all_legal(last(arriving_hq.check()))
    assert rules_broken(last(movement({**front, "A-REG1": "B0305"}).say("ca B0304 from B0303").check())) \
        == ["HTTR SR 14.6.1"]
    company = {k: v for k, v in front.items() if k != "A-INF1"}
    arriving = movement({**company, "A-REG1": "B0305"}).enter("A-INF1", "B0303").say("ca B0304 from B0303") \
        .roll("Close Action", 4).roll("Depletion Check", 1).layer("A-INF1", "Depleted", "1", " Depleted")
    assert rules_broken(last(arriving.check())) == ["HTTR SR 13.2.7.4"]  # supplied on its arrival turn


def test_the_bundled_30th_corps_zones_are_not_transcribed():  # CP-14, ScR 5.2.5.2 on the bundled data
    from hexforge.maps.terrain import Unknown
    from hexforge.rules import rules_for
    from hexforge.rules.httr.command_points import extra_cp
    from hexforge.rules.httr.referee import HttrReferee
    g = load_game("highway-to-the-reich")
    ref = HttrReferee(rules_for(g), Log({"GA HQ": "C2808", "501/101": "C2810"}, g).timeline())
    got = extra_cp(ref, "GA HQ")
    assert isinstance(got, Unknown) and "Maas/Waal bands" in got.needs
    assert extra_cp(ref, "501/101") == 0.0  # not a 30th Corps HQ: no extra CP


def test_a_city_30th_corps_units_moved_through_supplies_a_division():  # SUP-14, ScR 5.1.2 (L1096), 5.1.5.1
    """The synthetic city A0505 is on the road back to the Allied train (B0105); A-CORPS stands off the road."""
    cut = {"A-CORPS": "B0101", "A-DIV": ("A0504", {"Mode": "Defilade"}), "A-INF1": "A0405"}

    def receive(setup: dict, *moves: tuple[str, ...]) -> list:
        log = Log(setup).on_track("A-DIV CP", 2).phase(7, "allied_movement")
        for m in moves:
            log.move(*m)
        return last(log.phase(8, "cp_logistic").say("logistics A-DIV cp 30 amp 70").roll("Logistics", 6, 6)
                    .track("A-DIV CP", 3).check())
    assert rules_broken(receive(cut)) == ["HTTR SR 14.1.4"]  # not activated: the corps HQ is cut off
    assert all_legal(receive(cut, ("A-INF1", "A0505", "A0506")))  # A-INF1 moved through the city
    blocked = {**cut, "G-INF1": "B0505"}  # the road from the city to the train is held
    assert rules_broken(receive(blocked, ("A-INF1", "A0505", "A0506"))) == ["HTTR SR 14.1.4"]


def test_cp_that_leave_the_track_undeclared_leave_the_hqs_unknown():  # CP-11, SR 14.3.6; CA-13
    front = {**HQS, "G-INF1": "B0304", "A-INF1": "B0303"}
    log = command(front).track("A-DIV CP", 3).phase(8, "allied_fire")  # two CP gone, no cp declaration
    report = log.check()
    assert not illegal(everything(report))
    assert "which HQs A-DIV's other 2 CP went to" in " ".join(getattr(v, "needs", "") for v in everything(report))
    attack = last(log.phase(8, "allied_movement").say("ca B0304 from B0303").check())
    assert not illegal(attack) and "the CP held by A-REG1" in " ".join(getattr(v, "needs", "") for v in attack)


def test_without_the_division_track_an_hq_holding_is_not_known():  # CA-13, SR 14.3.8: undeclared CP would not show
    front = {**HQS, "G-INF1": "B0304", "A-INF1": "B0303"}
    log = Log(front).phase(8, "cp_logistic").phase(8, "allied_command").phase(8, "allied_fire") \
        .phase(8, "allied_movement").say("ca B0304 from B0303")
    got = last(log.check())
    assert not illegal(got) and "the CP held by A-REG1" in " ".join(getattr(v, "needs", "") for v in got)
