"""More HTTR fire limits (SR 6.3.1.11-12, 6.4.1.9, 6.5.1.4-6, 6.5.2.5, 9.3.10, 18.2) and stacking order (SR 11.1,
11.4.2) on the synthetic game: each predicate with a legal and an illegal case."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

BATTERY = {"Mode": "Defilade"}


def fire(setup: dict, *lines: str, phase: str = "allied_fire", **readings: str) -> list:
    log = Log(setup).phase(1, phase)
    for line in lines:
        log.say(line)
    return last(log.check(**readings))


def test_unobserved_barrages():  # IF-3, IF-4: SR 6.5.1.4-6.5.1.6 (L289-L292)
    # B0506 lies beyond the woods of B0405 from B0304: the guns in B0304 do not see it
    guns = {"G-INF1": "B0506", "A-ART": ("B0304", BATTERY), "A-HW": "B0304"}
    assert all_legal(fire(guns, "if B0506 from A-ART"))
    assert all_legal(fire({**guns, "G-INF1": "B0302"}, "if B0302 from A-ART"))  # seen: observed
    assert rules_broken(fire({**guns, "G-KG1": "B0506"}, "if B0506 from A-ART target G-KG1")) == ["HTTR SR 6.5.1.5"]
    travel = {**guns, "G-INF1": ("B0506", {"Mode": "Travel"})}
    assert rules_broken(fire(travel, "if B0506 from A-ART")) == ["HTTR SR 6.5.1.5"]


def test_at_most_two_artillery_units_unobserved():  # IF-3, SR 6.5.1.4 (L289)
    from dataclasses import replace
    from tests.rules.httr.helpers import game
    g = game()
    units = dict(g.units)
    for i in (2, 3):
        units[f"A-ART{i}"] = replace(g.units["A-ART"], id=f"A-ART{i}")
    g3 = replace(g, units=units)
    setup = {"G-INF1": "B0506", "A-ART": ("B0304", BATTERY), "A-ART2": ("B0304", BATTERY),
             "A-ART3": ("B0303", BATTERY)}
    three = Log(setup, g3).phase(1, "allied_fire").say("if B0506 from A-ART A-ART2 A-ART3").check()
    assert rules_broken(last(three)) == ["HTTR SR 6.5.1.4"]
    two = Log(setup, g3).phase(1, "allied_fire").say("if B0506 from A-ART A-ART2").check()
    assert all_legal(last(two))


def test_fire_in_travel_mode():  # DF-9, DF-10: SR 6.3.1.11-6.3.1.12 (L195-L196)
    setup = {"G-INF1": "B0304", "G-INF2": "B0404", "A-INF1": ("B0303", {"Mode": "Travel"})}
    assert rules_broken(fire(setup, "df B0304 from A-INF1")) == ["HTTR SR 6.3.1.11"]
    tanks = {"G-INF1": "B0304", "G-INF2": "B0404", "A-TANK": ("B0305", {"Mode": "Travel"}),
             "A-REC": ("B0305", {"Mode": "Travel"})}
    assert all_legal(fire(tanks, "df B0304 from A-TANK"))
    assert all_legal(fire(tanks, "df B0304 from A-TANK", "df B0404 from A-REC"))
    assert rules_broken(fire(tanks, "df B0304 from A-TANK", "df B0304 from A-REC")) == ["HTTR SR 6.3.1.12"]
    assert rules_broken(fire(tanks, "df B0404 from A-REC", travel_fire="afv_only")) == ["HTTR SR 6.3.1.11"]


def test_towed_and_at_units_fire_in_battery():  # MOV-9, SPC-2: SR 9.3.10 (L474), 18.2.2 (L899), 18.2.5 (L902)
    setup = {"G-AFV": "B0304", "A-AT": ("B0303", {"Mode": "Travel"})}
    assert rules_broken(fire(setup, "at B0304 from A-AT")) == ["HTTR SR 18.2.2"]
    assert all_legal(fire({**setup, "A-AT": ("B0303", BATTERY)}, "at B0304 from A-AT"))
    low = {"G-AFV": "B0304", "A-AT": ("B0303", BATTERY), "A-INF2": "B0303", "A-INF1": "B0303"}
    assert rules_broken(fire(low, "of B0303 from A-AT", phase="german_movement")) == ["HTTR SR 18.2.5"]


def test_engineers_fire_at_only_in_close_action():  # AT-6, SR 6.4.1.9 (L242)
    setup = {"G-AFV": "B0304", "A-ENG": "B0303", "A-TANK": "B0305"}
    assert rules_broken(fire(setup, "at B0304 from A-ENG")) == ["HTTR SR 6.4.1.9"]
    assert all_legal(fire(setup, "at B0304 from A-TANK"))


def test_a_controlling_hq_does_not_move_after_the_fire_phase():  # IF-9, SR 6.5.2.5 (L308)
    setup = {"G-INF1": "B0506", "A-INF1": "B0406", "A-ART": ("B0101", BATTERY), "A-DIV": "B0103",
             "A-REG1": ("B0102", {"Mode": "Travel"})}
    log = Log(setup).phase(1, "allied_fire").say("if B0506 from A-ART spotter A-INF1 hq A-DIV") \
        .phase(1, "allied_movement")
    assert rules_broken(last(log.move("A-DIV", "B0104").check())) == ["HTTR SR 6.5.2.5"]
    assert all_legal(last(log.move("A-REG1", "B0202").check()))


def test_stack_order_changes_in_the_movement_phase_only():  # MOV-22, SR 11.1.1 (L648)
    setup = {"A-INF1": "B0303", "A-INF2": "B0303"}
    reorder = lambda phase: last(Log(setup).phase(1, phase)  # noqa: E731
                                 .move("A-INF1", "B0303", stack=("A-INF2", "A-INF1")).check())
    assert all_legal(reorder("allied_movement"))
    assert rules_broken(reorder("allied_fire")) == ["HTTR SR 11.1.1"]


def test_in_battery_artillery_never_reorders_itself():  # MOV-23, SR 11.1.2 (L649)
    setup = {"A-ART": ("B0303", BATTERY), "A-INF1": "B0303"}
    v = last(Log(setup).phase(1, "allied_movement").move("A-ART", "B0303", stack=("A-INF1", "A-ART")).check())
    assert rules_broken(v) == ["HTTR SR 11.1.2"]
    ok = last(Log(setup).phase(1, "allied_movement").move("A-INF1", "B0303", stack=("A-ART", "A-INF1")).check())
    assert all_legal(ok)


def test_static_units_at_the_bottom_and_disrupted_under_the_rest():  # MOV-23, STK-4: SR 11.1.3, 11.4.2 (L671)
    setup = {"G-STATIC": "B0303", "G-INF1": "B0303"}
    top = last(Log(setup).phase(1, "german_movement").move("G-INF1", "B0303", stack=("G-INF1", "G-STATIC")).check())
    assert rules_broken(top) == ["HTTR SR 11.1.3"]
    dis = {"G-INF2": "B0303", "G-INF1": ("B0303", {"Disrupted": "Disrupted"})}
    above = last(Log(dis).phase(1, "german_movement").move("G-INF1", "B0303", stack=("G-INF2", "G-INF1")).check())
    assert rules_broken(above) == ["HTTR SR 11.4.2"]
    under = last(Log(dis).phase(1, "german_movement").move("G-INF1", "B0303", stack=("G-INF1", "G-INF2")).check())
    assert all_legal(under)


def test_direct_fire_through_a_dike_hexside_reaches_one_hex():  # DF-3, SR 6.2.3 (L179): the dike B0209/B0309
    through = fire({"G-AFV": "B0309", "A-AT": ("B0110", BATTERY)}, "at B0309 from A-AT target G-AFV")  # via B0209
    assert rules_broken(through) == ["HTTR SR 6.2.3"]
    assert all_legal(fire({"G-AFV": "B0309", "A-AT": ("B0209", BATTERY)}, "at B0309 from A-AT target G-AFV"))
    clear = fire({"G-AFV": "B0302", "A-AT": ("B0304", BATTERY)}, "at B0302 from A-AT target G-AFV")  # no dike between
    assert all_legal(clear)
    hw = Log({"G-INF1": "B0309", "A-HW": "B0110"}).phase(1, "german_movement") \
        .say("of B0309 from A-HW trigger leave").check()  # IF as OF over the dike: not DF
    assert "HTTR SR 6.2.3" not in rules_broken(last(hw))


def test_at_fire_at_leg_units():  # AT-12, SR 6.2 (L176), 18.3.1 (L906): B0307 is a town
    town = {"G-INF1": ("B0307", {"Mode": "Defilade"}), "A-AT": ("B0306", BATTERY)}
    assert all_legal(fire(town, "at B0307 from A-AT target G-INF1"))
    exposed = {**town, "G-INF1": "B0307"}  # Concentrated
    assert rules_broken(fire(exposed, "at B0307 from A-AT target G-INF1")) == ["HTTR SR 18.3.1"]
    open_ = {"G-INF1": ("B0304", {"Mode": "Defilade"}), "A-AT": ("B0303", BATTERY)}
    assert rules_broken(fire(open_, "at B0304 from A-AT target G-INF1")) == ["HTTR SR 18.3.1"]
    column = {"G-INF1": ("B0304", {"Mode": "Travel"}), "A-AT": ("B0303", BATTERY)}  # a very light AFV target
    assert all_legal(fire(column, "at B0304 from A-AT target G-INF1"))
    guns = {**town, "A-ART": ("B0306", BATTERY)}
    assert rules_broken(fire(guns, "at B0307 from A-ART target G-INF1")) == ["HTTR SR 18.3.1"]
