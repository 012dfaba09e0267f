"""HTTR formation movement holds (ScR 8.1.7, 8.2.1.6, 8.2.4) on the synthetic game: its [special.movement_holds]
keeps G-KG2 (as KG Walther) and A-GD (as 30 Corps) still until the Allied Movement Phase of GT 2; its
[special.night_movement] lets A-GD move on night GT 6, never on GT 7, and on later nights (GT 13, 14) after a
Night Movement 1d6 of 1-2."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, last, rules_broken, unsure

START = {"G-INF3": "B0305", "A-GCO1": "B0101", "A-INF3": "B0103"}


def moved(unit: str, turn: int, phase: str, *rolls: int) -> list:
    log = Log(START).phase(turn, phase)
    for r in rolls:
        log.roll("Night Movement", r)
    start = START[unit]
    return last(log.move(unit, start[:3] + f"{int(start[3:]) + 1:02d}").check())


def test_held_formations_move_from_phase_six_of_gt_two():  # RES-3, RES-8, ScR 8.1.7, 8.2.1.6 (L1300, L1314)
    assert rules_broken(moved("G-INF3", 1, "german_movement")) == ["HTTR ScR 8.1.7"]
    assert not illegal(moved("G-INF3", 2, "german_movement"))
    assert rules_broken(moved("A-GCO1", 1, "allied_movement")) == ["HTTR ScR 8.2.1.6"]
    assert not illegal(moved("A-GCO1", 2, "allied_movement"))
    assert not illegal(moved("A-INF3", 1, "allied_movement"))  # not of a held formation
    assert "HTTR ScR 8.1.7" not in rules_broken(moved("G-INF3", 1, "allied_movement"))  # forced, as a retreat


def test_30_corps_night_movement():  # RES-10, ScR 8.2.4 (L1338)
    assert not illegal(moved("A-GCO1", 6, "allied_movement"))
    assert rules_broken(moved("A-GCO1", 7, "allied_movement")) == ["HTTR ScR 8.2.4"]
    assert not illegal(moved("A-INF3", 7, "allied_movement"))
    assert rules_broken(moved("A-GCO1", 13, "allied_movement")) == ["HTTR ScR 8.2.4"]  # no roll yet
    assert not illegal(moved("A-GCO1", 13, "allied_movement", 2))
    assert not illegal(moved("A-GCO1", 8, "allied_movement"))  # a day GT


def test_a_night_roll_of_three_to_six_holds_30_corps():  # RES-10, ScR 8.2.4 (L1338): reading, 3-6 restrict as GT 5
    for roll in (3, 6):
        assert rules_broken(moved("A-GCO1", 14, "allied_movement", roll)) == ["HTTR ScR 8.2.4"]
    assert not illegal(moved("A-GCO1", 14, "allied_movement", 1))
    assert not illegal(moved("A-INF3", 14, "allied_movement", 4))  # not of 30 Corps


def test_armour_stacked_with_an_airborne_division():  # RES-10, ScR 8.2.4 (L1338): attached armour may ignore it
    def night(setup: dict, unit: str, *lines: str) -> list:
        log = Log({**setup, "A-REG3": "B0201"}).phase(7, "allied_command")  # A-REG3: of the airborne A-DIV2
        for line in lines:
            log.say(line)
        return last(log.phase(7, "allied_movement").move(unit, "B0102").check())
    alone = night({"A-HCAV": "B0101"}, "A-HCAV")
    assert rules_broken(alone) == ["HTTR ScR 8.2.4"]
    stacked = {"A-INF4": "B0101", "A-HCAV": "B0101"}  # A-INF4: of the airborne A-DIV2
    assert rules_broken(night(stacked, "A-HCAV")) == ["HTTR ScR 8.2.4"]  # stacked, but not attached to it
    attached = night(stacked, "A-HCAV", "attach A-HCAV to A-REG3")  # ScR 8.2.2.8: within A-REG3's command radius
    assert not illegal(attached) and any("ignores the night restriction" in (v.detail or "") for v in attached)
    infantry = night({"A-INF4": "B0101", "A-GCO1": "B0101"}, "A-GCO1", "attach A-GCO1 to A-REG3")  # not armour
    assert "HTTR ScR 8.2.4" in rules_broken(infantry)


def test_an_unjudged_attachment_to_the_airborne_division_leaves_the_exemption_unknown():  # RES-10, ScR 8.2.4
    setup = {"A-INF4": "B0101", "A-HCAV": "B0101", "A-REG3": "B0201"}
    log = Log(setup).say("attach A-HCAV to A-REG3")  # before any turn tracker change: the phase is not known
    got = last(log.phase(7, "allied_movement").move("A-HCAV", "B0102").check())
    assert not illegal(got) and any("could not be judged" in v.needs for v in unsure(got))


def test_the_bundled_holds():  # RES-3, RES-8, RES-10 on the bundled data (ScR 8.1.7, 8.2.1.6, 8.2.4)
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    def move(unit: str, turn: int, phase: str) -> list:
        return last(Log({unit: "D1010"}, BUNDLED).phase(turn, phase).move(unit, "D1011").check())
    assert "HTTR ScR 8.1.7" in rules_broken(move("KG Walther HQ", 1, "german_movement"))
    assert "HTTR ScR 8.2.1.6" in rules_broken(move("GA HQ", 1, "allied_movement"))
    assert "HTTR ScR 8.2.4" in rules_broken(move("30 Corps HQ", 5, "allied_movement"))
    assert not {"HTTR ScR 8.2.4", "HTTR ScR 8.2.1.6"} & set(rules_broken(move("30 Corps HQ", 4, "allied_movement")))
    # RES-10 on the bundled data: HCav Troop A ('armored car', recon + AFV, SR 18.9.7) is 30 Corps armour, but only
    # armour *attached* to an airborne division and stacked with its units ignores the night rule (ScR 8.2.4): stacked
    # with a 101st company, no attachment declared, it may not move on GT 5
    stacked = Log({"2/506 5-3 no.1": "D1010", "HCav Troop A": "D1010"}, BUNDLED).phase(5, "allied_movement")
    v = last(stacked.move("HCav Troop A", "D1011").check())
    assert "HTTR ScR 8.2.4" in rules_broken(v) and not any("armour" in x.needs for x in unsure(v)), v


def test_30_corps_sets_up_in_travel_its_artillery_in_defilade():  # RES-8, ScR 8.2.1.1-8.2.1.2 (L1309-L1310)
    def set_up(**modes: str) -> list:
        units = {u: ("B0101", {"Mode": m}) for u, m in modes.items()}
        return last(Log(units).phase(15, "allied_movement").check())
    assert not illegal(set_up(**{"A-GCO1": "Travel", "A-HCAV": "Defilade"}))
    assert rules_broken(set_up(**{"A-GCO1": "Concentrated", "A-HCAV": "Defilade"})) == ["HTTR ScR 8.2.1.1"]
    assert rules_broken(set_up(**{"A-GCO1": "Travel", "A-HCAV": "Travel"})) == ["HTTR ScR 8.2.1.2"]
    later = Log({"A-GCO1": ("B0101", {"Mode": "Concentrated"})}).phase(16, "allied_movement").check()
    assert not illegal(last(later))  # a log that does not begin with the set-up's GT


def test_the_bundled_set_up_modes():  # RES-8 on the bundled data (ScR 8.2.1.1-8.2.1.2)
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    units = {"52/GA no.1": ("D1010", {"Mode": "Travel"}), "GA HQ": ("D1012", {"Mode": "Travel"})}
    assert rules_broken(last(Log(units, BUNDLED).phase(1, "allied_movement").check())) == ["HTTR ScR 8.2.1.2"]
