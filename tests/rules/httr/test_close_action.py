"""HTTR close action (SR 10, 17.7, 18.1.2, 20.4) on the synthetic game: each predicate with a legal and an
illegal case. G-INF1 holds B0304; B0303 is next to it, B0301 three hexes away."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken


def ca(setup: dict, *steps, turn: int = 1, phase: str = "allied_movement") -> list:
    log = Log(setup).phase(turn, phase)
    for s in steps:
        log.move(*s) if isinstance(s, tuple) else log.say(s)
    return last(log.check())


def test_close_action_in_the_movement_phase():  # CA-1, SR 4.1 (L127), 10.1.1 (L526)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303"}
    assert all_legal(ca(setup, "ca B0304 from B0303"))
    assert rules_broken(ca(setup, "ca B0304 from B0303", phase="allied_fire")) == ["HTTR SR 4.1"]


def test_only_against_an_adjacent_enemy_hex():  # CA-3, SR 10.1.4 (L529)
    assert rules_broken(ca({"G-INF1": "B0304", "A-INF1": "B0302"}, "ca B0304 from B0302")) == ["HTTR SR 10.1.4"]
    assert rules_broken(ca({"A-INF1": "B0303"}, "ca B0304 from B0303")) == ["HTTR SR 10.1.4"]


def test_artillery_or_a_depleted_unit_on_top_stops_the_attack():  # CA-10, CA-11: SR 18.2.6, 13.3.2.2
    assert rules_broken(ca({"G-INF1": "B0304", "A-INF1": "B0303", "A-ART": ("B0303", {"Mode": "Defilade"})}, "ca B0304 from B0303")) \
        == ["HTTR SR 18.2.6"]
    depleted = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": ("B0303", {"Depleted": "Depleted"})}
    assert rules_broken(ca(depleted, "ca B0304 from B0303")) == ["HTTR SR 13.3.2.2"]
    assert all_legal(ca({"G-INF1": "B0304", "A-ART": ("B0303", {"Mode": "Defilade"}), "A-INF1": "B0303"}, "ca B0304 from B0303"))


def test_disrupted_units_never_attack():  # CA-11, DIS-1: SR 10.4.4.1 (L604), 10.6.2 (L628)
    dis = {"G-INF1": "B0304", "A-INF1": ("B0303", {"Disrupted": "Disrupted"})}
    assert rules_broken(ca(dis, "ca B0304 from B0303")) == ["HTTR SR 10.1"]


def test_one_close_action_per_unit_per_phase():  # CA-2, SR 10.1.3 (L528)
    setup = {"G-INF1": "B0304", "G-INF2": "B0403", "A-INF1": "B0303"}
    assert rules_broken(ca(setup, "ca B0304 from B0303", "ca B0403 from B0303")) == ["HTTR SR 10.1.3"]


def test_no_close_action_after_firing_in_the_fire_phase():  # FIR-5, SR 10.1.9 (L538)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0305"}
    log = Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1").phase(1, "allied_movement")
    assert rules_broken(last(log.say("ca B0304 from B0303").check())) == ["HTTR SR 10.1.9"]
    assert all_legal(last(Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1").phase(1, "allied_movement")
                          .say("ca B0304 from B0305").check()))


def test_at_most_two_units_from_a_distance():  # CA-7, SR 10.1.12 (L543)
    setup = {"G-INF1": "B0304", "A-INF1": "B0301", "A-INF2": "B0301", "A-INF5": "B0301"}  # one regiment (10.1.6)
    three = ca(setup, ("A-INF1", "B0303"), ("A-INF2", "B0303"), ("A-INF5", "B0303"), "ca B0304 from B0303")
    assert rules_broken(three) == ["HTTR SR 10.1.12"]
    two = ca(setup, ("A-INF1", "B0303"), ("A-INF2", "B0303"), "ca B0304 from B0303")
    assert all_legal(two)


def test_at_night_only_from_an_adjacent_start():  # CA-14, SR 20.4 (L992): GT6 is a night turn
    setup = {"G-INF1": "B0304", "A-INF1": "B0302"}
    moved = ca(setup, ("A-INF1", "B0303"), "ca B0304 from B0303", turn=6)
    assert rules_broken(moved) == ["HTTR SR 20.4"]
    assert all_legal(ca({"G-INF1": "B0304", "A-INF1": "B0303"}, "ca B0304 from B0303", turn=6))


def test_lead_units_from_the_top_two():  # CA-18, SR 10.3 (L571)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0303", "A-ENG": "B0303"}  # top: A-ENG, A-INF2
    assert all_legal(ca(setup, "ca B0304 from B0303 lead A-ENG A-INF2"))
    assert rules_broken(ca(setup, "ca B0304 from B0303 lead A-INF1")) == ["HTTR SR 10.3"]


def test_heavy_weapons_never_alone_or_on_top():  # CA-12, SR 18.1.2.1-18.1.2.2 (L891-L892)
    assert rules_broken(ca({"G-INF1": "B0304", "A-INF1": "B0303", "A-HW": "B0303"}, "ca B0304 from B0303")) \
        == ["HTTR SR 18.1.2.2"]
    assert all_legal(ca({"G-INF1": "B0304", "A-HW": "B0303", "A-INF1": "B0303"}, "ca B0304 from B0303"))
    other_regiment = {"G-INF1": "B0304", "A-HW": "B0303", "A-INF3": "B0303"}  # A-INF3 is of A-REG2
    assert rules_broken(ca(other_regiment, "ca B0304 from B0303")) == ["HTTR SR 18.1.2.1", "HTTR SR 10.1.6"]  # CA-4 too


def test_no_mixing_of_divisions_against_one_hex():  # CA-4, SR 10.1.6 (L531)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF4": "B0305", "A-INF2": "B0403"}
    assert rules_broken(ca(setup, "ca B0304 from B0303", "ca B0304 from B0305")) == ["HTTR SR 10.1.6"]
    assert all_legal(ca(setup, "ca B0304 from B0303", "ca B0304 from B0403"))


def test_retreat_one_hex_and_advance_into_the_vacated_hex():  # CA-22, CA-25: SR 10.5.1, 10.5.4 (L616-L619)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303"}
    log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4)
    resolved = log.check()
    assert "result" in last(resolved)[0].detail
    assert rules_broken(last(Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303")
                             .roll("Close Action", 4).move("G-INF1", "B0306").check())) == ["HTTR SR 10.5.1"]
    ok = log.move("G-INF1", "B0305").move("A-INF1", "B0304").check()
    assert all(not illegal(j.verdicts) for j in ok.judged)
    astray = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4) \
        .move("G-INF1", "B0305").move("A-INF1", "B0203").check()
    assert rules_broken(last(astray)) == ["HTTR SR 10.5.4"]


def test_hqs_leaders_and_engineers_attack_with_their_organisation():  # CA-4, SR 10.1.6 (L531), 19.1.3 (L969)
    assert rules_broken(ca({"G-INF1": "B0304", "A-ENG": "B0303"}, "ca B0304 from B0303")) == ["HTTR SR 10.1.6"]
    assert rules_broken(ca({"G-INF1": "B0304", "A-INF4": "B0303", "A-LDR": "B0303"}, "ca B0304 from B0303")) \
        == ["HTTR SR 10.1.6"]  # A-LDR is of A-DIV, A-INF4 of A-DIV2
    assert all_legal(ca({"G-INF1": "B0304", "A-INF1": "B0303", "A-ENG": "B0303"}, "ca B0304 from B0303"))


def test_a_disrupted_attacker_stays():  # CA-25, SR 10.5.3 (L618)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0303"}
    log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4) \
        .layer("A-INF2", "Disrupted", "Normal", "Disrupted").move("G-INF1", "B0305")
    assert all_legal(last(log.move("A-INF1", "B0304").check()))
    assert rules_broken(last(log.move("A-INF2", "B0304").check())) == ["HTTR SR 10.5.3"]


def test_close_action_at_night_shifts_two_columns_left():  # CA-19, CA-14, SR 20.4 (L992): net one left when adjacent
    from hexforge.rules.httr.values import ca_value
    from tests.rules.httr.helpers import game
    setup = {"G-INF1": "B0304", "A-INF1": "B0303"}
    day = last(Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4).check())
    night = last(Log(setup).phase(6, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4).check())
    v = ca_value(game(), "open", 5 - 2, 8 - 4, adjacent_start=True)  # A-INF1 ER 5 morale 8 vs G-INF1 ER 2 morale 4
    assert f"CA value {v}," in day[0].detail and f"CA value {v - 2}," in night[0].detail


def test_the_mp_cost_of_a_close_action():  # CA-6, SR 10.1.10-10.1.11 (L539-L540), example H18 (P)
    """H18 (Fig 16, L541): 3 MP to come adjacent, 3 to enter the attacked mixed hex (road ignored), 3 to leave its
    ZOC and 3 for the CA: 12. Assumed: the mixed hexes A0302 and A0303 (the TEC cell, 3 MP concentrated leg, is
    the one the example fixes); A-INF1 comes from A0301."""
    setup = {"G-INF1": "A0303", "A-INF1": "A0301"}
    exact = ca(setup, ("A-INF1", "A0302"), "ca A0303 from A0302")
    assert all_legal(exact) and any("3 + 9 MP of 12" in (v.detail or "") for v in exact)
    longer = ca({**setup, "A-INF1": "A0201"}, ("A-INF1", "A0301", "A0302"), "ca A0303 from A0302")  # 2 + 3 first
    assert rules_broken(longer) == ["HTTR SR 10.1.11"]
    assert all_legal(ca({"G-INF1": "A0303", "A-INF1": "A0302"}, "ca A0303 from A0302"))  # not moved: always


def test_no_close_action_into_a_hex_the_unit_may_not_enter():  # CA-8, SR 10.1.13 (L544): B0509/B0510 is a river
    setup = {"G-INF1": "B0510", "A-INF1": "B0509"}
    assert rules_broken(ca(setup, "ca B0510 from B0509")) == ["HTTR SR 10.1.13"]


def test_a_depleted_defender_defends_at_half_and_er_one():  # SOP-1, CA-19, CA-20, SUP-6, SR 13.3.2 (L744-L748)
    from hexforge.rules.httr.values import ca_value, odds
    from tests.rules.httr.helpers import game
    setup = {"G-INF2": ("B0304", {"Depleted": "Depleted"}), "A-INF1": "B0303"}
    v = last(Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4).check())
    value = ca_value(game(), "open", 5 - 1, 8 - (7 - 2), adjacent_start=True)  # ER 5 vs 1; morale 8 vs 7 - 2
    assert f"CA value {value}, odds 5:2 = {odds(5, 2)}" in v[0].detail  # 3 SP halved, rounded up


def test_an_announced_close_action_is_resolved_before_anything_moves():  # CA-1, CA-5: SR 10.1.2, 10.1.8
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0101"}
    moved = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").move("A-INF2", "B0102").check()
    assert "HTTR SR 10.1.8" in rules_broken(moved.judged[1].verdicts)
    dropped = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").phase(1, "allied_organization").check()
    assert "HTTR SR 10.1.8" in rules_broken(dropped.judged[1].verdicts)
    done = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4) \
        .move("G-INF1", "B0305").move("A-INF1", "B0304") \
        .move("A-INF2", "B0102").phase(1, "allied_organization").check()  # D: retreat and advance first (SR 10.5)
    assert all(not illegal(j.verdicts) for j in done.judged)


def test_no_close_action_by_a_formation_without_cp():  # CA-13, SR 14.6.1 (L794); GT8: supply rules in effect
    hqs = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0305"}
    setup = {**hqs, "G-INF1": "B0304", "A-INF1": "B0303"}

    def attack(*lines: str) -> list:
        log = Log(setup).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command")
        for line in lines:
            log.say(line)
        return last(log.phase(8, "allied_fire").phase(8, "allied_movement").say("ca B0304 from B0303").check())
    assert all_legal(attack("cp A-REG1 1"))
    assert rules_broken(attack()) == ["HTTR SR 14.6.1"]  # no CP allocated since the 0601 CP/Logistic Phase
    early = Log(setup).phase(7, "allied_movement").say("ca B0304 from B0303")  # before the supply rules (ScR 5.2)
    assert all_legal(last(early.check()))
    unknown = Log(setup).phase(8, "allied_movement").say("ca B0304 from B0303")  # no CP phase seen yet
    assert "the CP held by A-REG1" in " ".join(v.needs for v in last(unknown.check()) if hasattr(v, "needs"))


def retreat(setup: dict, defender: str, *path: str, side: str = "allied", morale: int | None = None,
            roll: int = 4) -> list:
    """A CA from the attacker's hex on the defender's, resolved with the 1d6 ``roll`` (one whose result disrupts the
    defender, SR 10.5.1), then the defender's retreat along ``path``."""
    src, target = path[0], path[1]
    log = Log(setup).phase(1, f"{side}_movement").say(f"ca {target} from {src}").roll("Close Action", roll)
    if morale is not None:
        log.roll("Morale Check", morale // 2, morale - morale // 2)
    return last(log.move(defender, *path[2:]).check())


def test_no_retreat_into_an_enemy_zoc_without_a_friend():  # CA-23, SR 10.5.1 (L616)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0306"}  # A-INF2 controls B0305
    assert rules_broken(retreat(setup, "G-INF1", "B0303", "B0304", "B0305")) == ["HTTR SR 10.5.1"]
    assert not illegal(retreat({**setup, "G-INF2": "B0305"}, "G-INF1", "B0303", "B0304", "B0305"))
    assert not illegal(retreat({"G-INF1": "B0304", "A-INF1": "B0303"}, "G-INF1", "B0303", "B0304", "B0305"))


def test_in_battery_artillery_is_eliminated_instead_of_retreating():  # CA-26, SR 10.5.5 (L620): 1d6 1 gives D
    guns = {"G-ART": ("B0304", {"Mode": "Defilade"}), "A-INF1": "B0303"}
    assert rules_broken(retreat(guns, "G-ART", "B0303", "B0304", "B0305", roll=1)) == ["HTTR SR 10.5.5"]
    towed = {"G-ART": ("B0304", {"Mode": "Travel"}), "A-INF1": "B0303"}
    assert not illegal(retreat(towed, "G-ART", "B0303", "B0304", "B0305", roll=1))


def test_in_battery_at_retreats_after_a_passed_morale_check():  # CA-27, SR 10.5.6 (L621): A-AT morale 6; 1d6 1: D
    at = {"A-AT": ("B0304", {"Mode": "Defilade"}), "G-INF1": "B0303"}
    assert not illegal(retreat(at, "A-AT", "B0303", "B0304", "B0305", side="german", morale=6, roll=1))
    assert rules_broken(retreat(at, "A-AT", "B0303", "B0304", "B0305", side="german", morale=7, roll=1)) \
        == ["HTTR SR 10.5.6"]
    assert rules_broken(retreat(at, "A-AT", "B0303", "B0304", "B0305", side="german", roll=1)) == ["HTTR SR 10.5.6"]
    with_leg = {"A-INF5": "B0304", "A-AT": ("B0304", {"Mode": "Defilade"}), "G-INF2": "B0303", "G-INF3": "B0303"}
    assert not illegal(retreat(with_leg, "A-AT", "B0303", "B0304", "B0305", side="german", morale=8, roll=1))  # leg 8


def test_a_disrupted_unit_does_not_stop_on_a_bridge_hex():  # CA-28, SR 11.4.4 (L673): A0703 holds a bridge
    setup = {"G-INF1": ("A0702", {"Disrupted": "Disrupted"}), "A-INF1": "A0701"}
    assert rules_broken(retreat(setup, "G-INF1", "A0701", "A0702", "A0703")) == ["HTTR SR 11.4.4"]
    assert not illegal(retreat(setup, "G-INF1", "A0701", "A0702", "A0703", "A0603"))  # one hex farther
    assert rules_broken(retreat(setup, "G-INF1", "A0701", "A0702", "A0602", "A0503")) == ["HTTR SR 10.5.1"]


def test_a_close_action_continues_after_a_mode_change():  # CA-15, SR 10.2.12 (L568)
    setup = {"G-INF1": "B0304", "A-INF1": "B0303"}
    log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").mode("A-INF1", " Defilade")
    assert "result" in last(log.roll("Close Action", 4).check())[0].detail  # resolved as declared
    dropped = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").mode("A-INF1", " Defilade") \
        .phase(1, "allied_organization").check()
    assert rules_broken(dropped.judged[1].verdicts) == ["HTTR SR 10.2.12"]
    unchanged = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303") \
        .phase(1, "allied_organization").check()
    assert rules_broken(unchanged.judged[1].verdicts) == ["HTTR SR 10.1.8"]


def test_leg_attackers_check_morale_after_losing_their_afv():  # CA-16, SR 10.2.13 (L569): A-INF1 morale 8
    setup = {"G-INF1": "B0304", "A-INF1": "B0303", "A-TANK": "B0303"}

    def attack(*morale: int) -> list:
        log = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").kill("A-TANK", "B0303")
        if morale:
            log.roll("Morale Check", *morale)
        return last(log.roll("Close Action", 4).check())
    assert not illegal(attack(4, 4))
    assert rules_broken(attack(5, 4)) == ["HTTR SR 10.2.13"]
    assert rules_broken(attack()) == ["HTTR SR 10.2.13"]
    kept = Log(setup).phase(1, "allied_movement").say("ca B0304 from B0303").roll("Close Action", 4)
    assert not illegal(last(kept.check()))  # the AFV still there: no check


def test_the_bundled_game_cannot_judge_retreats():  # CA-23, CA-27, CA-28 on the bundled data (no map, no morale)
    from hexforge.games import load_game
    from hexforge.rules.verdict import NotCheckable
    g = load_game("highway-to-the-reich")
    company, german = "2/506 5-3 no.1", "Brandt 1/10SS Pio"
    log = Log({company: "C2808", german: ("C2908", {"Disrupted": "Disrupted"})}, g).phase(1, "allied_movement") \
        .say("ca C2908 from C2808").roll("Close Action", 4).move(german, "C3008")
    got = last(log.check())
    assert not illegal(got)
    needs = " ".join(v.needs for v in got if isinstance(v, NotCheckable))
    assert "bridge" in needs and "enemy ZOC" in needs


def test_a_second_disruption_eliminates_half_an_sp():  # CA-19, CA-20, CA-21, CA-24, SR 10.5.2 (L617): G-WEAK has 1 SP
    def after(defender: str, disrupted: bool, roll: int = 5) -> list:
        where = ("B0304", {"Disrupted": "Disrupted"}) if disrupted else "B0304"
        log = Log({defender: where, "A-TANK": "B0303"}).phase(1, "allied_movement").say("ca B0304 from B0303") \
            .roll("Close Action", roll)  # CA value 8: D at 2:1 on 5, at 1:2 on 1
        return last(log.move(defender, "B0305").check())
    assert rules_broken(after("G-WEAK", True)) == ["HTTR SR 10.5.2"]
    assert not illegal(after("G-WEAK", False))  # a first disruption: it retreats
    assert "current strength of G-INF1" in " ".join(getattr(v, "needs", "") for v in after("G-INF1", True, 1))


def test_special_at_fire_in_close_action():  # CA-17, SR 10.2.2-10.2.9 (L551-565)
    def special(setup: dict, ca: str, at: str) -> list:
        return last(Log(setup).phase(1, "allied_movement").say(ca).say(at).check())
    armour = {"G-AFV": "B0304", "A-ENG": "B0303", "A-INF1": "B0303"}
    assert all_legal(special(armour, "ca B0304 from B0303", "at B0304 from A-ENG"))  # attacking engineers
    assert rules_broken(special(armour, "ca B0304 from B0303", "at B0304 from A-INF1")) == ["HTTR SR 10.2.2"]
    assert rules_broken(special({**armour, "G-AFV": "B0305", "G-INF1": "B0304"}, "ca B0304 from B0303",
                                "at B0304 from A-ENG")) == ["HTTR SR 10.2.2"]  # no AFV to fire at
    town = {"G-INF1": "B0307", "G-INF2": "B0307", "A-TANK": "B0306", "A-INF1": "B0306"}  # morale 4 and 7
    assert all_legal(special(town, "ca B0307 from B0306", "at B0306 from G-INF2"))
    assert rules_broken(special(town, "ca B0307 from B0306", "at B0306 from G-INF1 G-INF2")) == ["HTTR SR 10.2.3"]
    open_ground = {"G-INF2": "B0304", "A-TANK": "B0303"}
    got = special(open_ground, "ca B0304 from B0303", "at B0303 from G-INF2")
    assert all_legal(got)  # in open ground with its primary ATFV only (SR 10.2.9; tests/rules/httr/test_ca_special_at.py)


def test_a_close_action_on_a_hex_of_friendly_units_only():  # CA-3, SR 10.1.4 (L529): 'adjacent opposing units'
    assert rules_broken(ca({"A-INF2": "B0304", "A-INF1": "B0303"}, "ca B0304 from B0303")) == ["HTTR SR 10.1.4"]


def landed_on(*after: str, turn: int = 8) -> list:
    """A-INF1 (Concentrated, off the map) drops on G-INF1 in B0306, next to A-REG1's Pathfinder marker on B0305, in
    GT 8's Allied Movement Phase (tests/rules/httr/test_landings.py); then the lines ``after``, in GT ``turn``'s.
    Assumed: it lands where it dropped (no Air Landing roll is logged, so no scatter follows)."""
    log = Log({"G-INF1": "B0306", "A-INF1": (None, {"Mode": "Concentrated"}), "A-INF3": "B0305"}) \
        .phase(8, "allied_movement").place("pf1", "Pathfinder A-REG1", "B0305").enter("A-INF1", "B0306")
    if turn != 8:
        log.phase(turn, "allied_movement")
    for line in after:
        log.say(line)
    return last(log.check())


def test_units_landed_on_enemy_units_close_assault_their_own_hex():  # CA-3, SR 10.1.4 (L529), ScR 6.6.4.2 (L1238)
    """ScR 6.6.4.2: the units landed on German units make a mandatory CA on them 'just as though the Close Action
    originated from an adjacent hex', declared from the hex itself; no other unit may close-assault from its own hex,
    nor the landed units once their landing phase is over."""
    made = landed_on("ca B0306 from B0306")
    assert not illegal(made) and any("ScR 6.6.4.2" in (getattr(v, "detail", "") or "") for v in made)
    assert rules_broken(landed_on("ca B0305 from B0305")) == ["HTTR SR 10.1.4"]  # A-INF3 did not land
    later = landed_on("ca B0306 from B0306", turn=9)
    assert rules_broken(later) == ["HTTR SR 10.1.4"] and "A-INF1 did not land" in illegal(later)[0].reason


def test_a_landing_close_action_is_against_the_enemy_units_only():  # CA-19, SR 10.3 (L577), ScR 6.6.4.2 (L1238)
    """The landed A-INF1 (5 SP, ER 5, morale 8) against G-INF1 (3 SP, ER 2, morale 4) in their shared hex: the odds
    are 5:3, not A-INF1's 5 against the whole hex."""
    log = Log({"G-INF1": "B0306", "A-INF1": (None, {"Mode": "Concentrated"})}).phase(8, "allied_movement") \
        .place("pf1", "Pathfinder A-REG1", "B0305").enter("A-INF1", "B0306").say("ca B0306 from B0306") \
        .roll("Close Action", 6)
    said = last(log.check())
    assert not illegal(said) and "odds 5:3" in (said[0].detail or "")


def test_a_destroyed_regiments_units_attack_on_their_division_s_cp():  # CA-13, SUP-11: SR 14.6.1 after 17.4.3
    # A-REG1 destroyed: A-INF1 answers to A-DIV without a declaration (17.4.3's second option), so A-DIV's CP decide,
    # which it gave away (4 CP: 2 to A-REG1, the rest nowhere), not the 2 CP the destroyed A-REG1 was given
    setup = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG1": "B0305", "G-INF1": "B0304",
             "A-INF1": "B0303"}

    def attack(killed: bool) -> list:
        log = Log(setup).on_track("A-DIV CP", 4).phase(8, "cp_logistic").phase(8, "allied_command").say("cp A-REG1 2")
        if killed:
            log.phase(8, "german_fire").kill("A-REG1", "B0305")
        return last(log.phase(8, "allied_fire").phase(8, "allied_movement").say("ca B0304 from B0303").check())
    assert all_legal(attack(False))
    assert rules_broken(attack(True)) == ["HTTR SR 14.6.1"] and "A-DIV has no CP" in illegal(attack(True))[0].reason
