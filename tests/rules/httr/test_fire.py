"""HTTR fire legality (SR 6-7, 18) on the synthetic game: each predicate with a legal and an illegal case.
The German stack in B0304 has G-INF1 on top of G-AFV (the last placed is on top)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken

TARGET = {"G-AFV": "B0304", "G-INF1": "B0304", "A-INF1": "B0303", "A-AT": ("B0203", {"Mode": "Defilade"})}


def fire(setup: dict, *lines: str, phase: str = "allied_fire", **readings: str) -> list:
    log = Log(setup).phase(1, phase)
    for line in lines:
        log.say(line)
    return last(log.check(**readings))


def test_one_method_per_phase():  # FIR-1, SR 6.2.1 (L177), example H1
    assert all_legal(fire(TARGET, "at B0304 from A-AT target G-AFV"))
    assert rules_broken(fire(TARGET, "at B0304 from A-AT target G-AFV", "df B0304 from A-AT")) == ["HTTR SR 6.2.1"]


def test_the_reaction_phase_allows_direct_fire_only():  # FIR-1, SR 6.0 (L156), 4.1 (L124)
    setup = {**TARGET, "A-ART": ("B0101", {"Mode": "Defilade"})}
    assert all_legal(fire(setup, "df B0304 from B0303", phase="allied_reaction"))
    assert rules_broken(fire(setup, "if B0304 from A-ART", phase="allied_reaction")) == ["HTTR SR 6.0"]
    assert rules_broken(fire(setup, "of B0304 from A-INF1", phase="allied_fire")) == ["HTTR SR 6.0"]


def test_all_fire_on_a_hex_before_the_next_hex():  # FIR-2, SR 6.1.4 (L164)
    setup = {**TARGET, "A-INF2": "B0305", "G-INF2": "B0306", "A-INF3": "B0302", "A-SLOW": "B0404"}
    ok = fire(setup, "df B0304 from A-INF1", "df B0304 from A-SLOW")  # ER 5, then ER 4 (SR 6.3.1.2)
    assert all_legal(ok)
    back = fire(setup, "df B0304 from A-INF1", "df B0306 from A-INF2", "df B0304 from A-INF3")
    assert "HTTR SR 6.1.4" in rules_broken(back)


def test_ranges():  # DF-2, FIR-4, IF-1, AT-3: SR 6.2.3 (L179), 6.1.8 (L169), 6.4.1.5 (L235)
    setup = {**TARGET, "A-INF2": "B0302", "A-HW": "B0301", "A-TANK": "B0305", "A-ART": ("B0101", {"Mode": "Defilade"})}
    assert rules_broken(fire(setup, "df B0304 from A-INF2")) == ["HTTR SR 6.2.3"]  # two hexes
    assert all_legal(fire(setup, "if B0304 from A-HW"))  # 3 hexes, range 3
    assert rules_broken(fire({**setup, "A-HW": "B0101"}, "if B0304 from A-HW")) == ["HTTR SR 6.1.8"]  # 4 hexes
    assert all_legal(fire(setup, "if B0304 from A-ART"))
    assert rules_broken(fire(setup, "if B0304 from A-INF1")) == ["HTTR SR 6.5.1"]
    at = {"G-AFV": "B0304", "A-AT": ("B0302", {"Mode": "Defilade"}), "A-TANK": "B0306"}  # both two hexes from B0304
    assert all_legal(fire(at, "at B0304 from A-AT"))
    assert rules_broken(fire(at, "at B0304 from A-TANK")) == ["HTTR SR 6.1.8"]  # no printed range: adjacent only


def test_depleted_units_never_fire():  # FIR-6, SR 6.1.10 (L171)
    setup = {**TARGET, "A-INF1": ("B0303", {"Depleted": "Depleted"})}
    assert rules_broken(fire(setup, "df B0304 from A-INF1")) == ["HTTR SR 6.1.10"]


def test_only_the_top_two_fire_direct():  # DF-5, SR 6.3.1.4 (L187)
    setup = {**TARGET, "A-INF3": "B0303", "A-INF2": "B0303"}  # order, top first: A-INF2, A-INF3, A-INF1
    assert rules_broken(fire(setup, "df B0304 from A-INF1")) == ["HTTR SR 6.3.1.4"]
    assert all_legal(fire(setup, "df B0304 from B0303"))  # the hex: its top two


def test_an_in_battery_at_unit_under_infantry_fires():  # AT-2, SR 6.4.1.4 (L234)
    under_inf = {"G-AFV": "B0304", "A-AT": ("B0303", {"Mode": "Defilade"}), "A-INF2": "B0303", "A-INF1": "B0303"}
    assert all_legal(fire(under_inf, "at B0304 from A-AT"))
    under_tanks = {"G-AFV": "B0304", "A-AT": ("B0303", {"Mode": "Defilade"}), "A-TANK": "B0303", "A-REC": "B0303"}
    assert rules_broken(fire(under_tanks, "at B0304 from A-AT")) == ["HTTR SR 6.3.1.4"]


def test_the_target_is_one_of_the_top_two_and_never_a_leader():  # DF-6, MOR-5: SR 6.3.1.5 (L188), 19.3.3
    setup = {**TARGET, "G-INF2": "B0304"}  # top first: G-INF2, G-INF1, G-AFV
    assert all_legal(fire(setup, "df B0304 from A-INF1 target G-INF1"))
    # G-AFV is third, and an AFV: conventional DF at it is AT fire as well (SR 6.2 L175, fire_limits)
    assert rules_broken(fire(setup, "df B0304 from A-INF1 target G-AFV")) == ["HTTR SR 6.3.1.5", "HTTR SR 6.2"]
    assert rules_broken(fire({**TARGET, "G-LDR": "B0304"}, "df B0304 from A-INF1 target G-LDR")) == ["HTTR SR 19.3.3"]


def test_at_fire_needs_a_line_of_sight_and_says_what_blocks_it():  # AT-1, SR 6.4.1.2 (L231), 7.1.3 (L402)
    blocked = fire({"G-AFV": "B0505", "A-AT": ("B0305", {"Mode": "Defilade"})}, "at B0505 from A-AT")
    assert rules_broken(blocked) == ["HTTR SR 7.1.3"]
    assert "blocked by woods in B0405" in next(v for v in blocked if hasattr(v, "reason")).reason
    assert all_legal(fire({"G-AFV": "B0302", "A-AT": ("B0304", {"Mode": "Defilade"})}, "at B0302 from A-AT"))


def test_return_fire_after_at_fire():  # AT-9, AT-10, AT-11: SR 6.6.7 (L370-L375)
    at = "at B0304 from A-AT target G-AFV"
    assert all_legal(fire(TARGET, at, "return B0203 from G-AFV"))
    assert rules_broken(fire(TARGET, "df B0304 from A-INF1", "return B0303 from G-AFV")) == ["HTTR SR 6.6.7.1"]
    assert rules_broken(fire({**TARGET, "G-INF2": "B0304"}, at, "return B0203 from G-AFV")) == ["HTTR SR 6.6.7.2"]
    setup = {**TARGET, "A-TANK": "B0305"}
    twice = (at, "return B0203 from G-AFV", "at B0304 from A-TANK target G-AFV", "return B0305 from G-AFV")
    assert all_legal(fire(setup, *twice))  # the default reading: once per AT class attacking it (6.4.1.12)
    assert rules_broken(fire(setup, *twice, return_fire="once_per_phase")) == ["HTTR SR 6.6.7.6"]


def test_spotters_and_controlling_hqs():  # IF-5, IF-7: SR 6.5.1.11-12 (L297-L298), 6.5.2.1 (L302), 19.1.4
    setup = {"G-INF1": "B0506", "A-INF1": "B0406", "A-ART": ("B0101", {"Mode": "Defilade"}), "A-DIV": "B0103"}
    line = "if B0506 from A-ART spotter A-INF1 hq A-DIV"
    assert all_legal(fire(setup, line))
    assert rules_broken(fire({**setup, "A-DIV": "B0104"}, line)) == ["HTTR SR 6.5.2.1"]
    assert rules_broken(fire(setup, line, artillery_control="adjacent")) == ["HTTR SR 6.5.2.1"]
    assert rules_broken(fire({**setup, "A-INF1": ("B0406", {"Disrupted": "Disrupted"})}, line)) == ["HTTR SR 6.5.1.11"]
    # a Travel spotter: SR 6.5.1.12 (L298; 7.1.5 L404 is the disrupted observer)
    assert rules_broken(fire({**setup, "A-INF1": ("B0406", {"Mode": "Travel"})}, line)) == ["HTTR SR 6.5.1.12"]
    assert rules_broken(fire({**setup, "A-LDR": "B0406"}, line.replace("A-INF1", "A-LDR"))) == ["HTTR SR 19.1.4"]
    hidden = fire({**setup, "A-INF1": "B0305", "G-INF1": "B0505"}, "if B0505 from A-ART spotter A-INF1 hq A-DIV")
    assert rules_broken(hidden) == ["HTTR SR 7.1.3"]  # the woods of B0405


def test_disrupted_units_fire_opportunity_fire_only_when_assaulted():  # OF-8, SR 6.6.3.1 (L349)
    setup = {"G-INF1": ("B0304", {"Disrupted": "Disrupted"}), "A-INF1": "B0303"}
    assert rules_broken(fire(setup, "of B0303 from G-INF1 trigger leave", phase="allied_movement")) == ["HTTR SR 6.6.3.1"]
    assert all_legal(fire(setup, "of B0303 from G-INF1 trigger ca", phase="allied_movement"))


def test_hqs_fire_only_opportunity_fire():  # OF-10, SR 6.6.4.3 (L361)
    setup = {"G-KG1": "B0304", "A-INF1": "B0303"}
    assert rules_broken(fire(setup, "df B0303 from G-KG1", phase="german_fire")) == ["HTTR SR 6.6.4.3"]
    assert all_legal(fire(setup, "of B0303 from G-KG1 trigger move", phase="allied_movement"))


def test_bridging_engineers_never_fire():  # SPC-3, SR 18.4.1.3 (L914)
    setup = {"G-INF1": "B0304", "A-BENG": "B0303", "A-INF1": "B0305"}
    assert rules_broken(fire(setup, "df B0304 from A-BENG")) == ["HTTR SR 18.4.1.3"]
    assert all_legal(fire(setup, "df B0304 from A-INF1"))


def test_a_unit_id_with_spaces_is_quoted():  # the chat grammar (rules/httr/declaration.py)
    from hexforge.rules.httr.declaration import parse
    d = parse('df B0304 from "2/506 5-3 no.1" B0303 target "G INF"')
    assert d.firers == ("2/506 5-3 no.1", "B0303") and d.target_unit == "G INF"


def test_artillery_extended_range_and_the_controlling_hq():  # FIR-4, IF-5: SR 6.5.4.3 (L326), 6.5.1.12, 10.6.2
    far = {"G-INF1": "B0106", "A-HW": "B0102", "A-ART": ("B0102", {"Mode": "Defilade"})}  # 4 hexes
    assert rules_broken(fire(far, "if B0106 from A-HW")) == ["HTTR SR 6.1.8"]  # HW range 3
    assert all_legal(fire({"G-INF1": "A0710", "A-ART": ("B0101", {"Mode": "Defilade"})}, "if A0710 from A-ART"))  # 15 hexes: 12 + 33 %
    assert rules_broken(fire({"G-INF1": "A0710", "A-HW": "A0310"}, "if A0710 from A-HW")) == ["HTTR SR 6.1.8"]
    setup = {"G-INF1": "B0506", "A-INF1": "B0406", "A-ART": ("B0101", {"Mode": "Defilade"}), "A-DIV": ("B0103", {"Mode": "Travel"})}
    line = "if B0506 from A-ART spotter A-INF1 hq A-DIV"
    assert rules_broken(fire(setup, line)) == ["HTTR SR 6.5.1.12"]
    setup["A-DIV"] = ("B0103", {"Disrupted": "Disrupted"})
    assert rules_broken(fire(setup, line)) == ["HTTR SR 10.6.2"]


def test_fire_on_one_unit_before_the_next():  # FIR-3, SR 6.1.5 (L165)
    setup = {**TARGET, "A-INF2": "B0305", "A-INF3": "B0403"}
    ok = fire(setup, "df B0304 from A-INF1 target G-INF1", "at B0304 from A-AT target G-AFV")
    assert all_legal(ok)
    back = fire(setup, "df B0304 from A-INF1 target G-INF1", "at B0304 from A-AT target G-AFV",
                "df B0304 from A-INF3 target G-INF1")  # ER 4: not a second ER-5 packet (SR 6.3.1.2)
    assert rules_broken(back) == ["HTTR SR 6.1.5"]


def test_if_as_opportunity_fire_once_per_phase():  # IF-2, OF-13: SR 6.5.1.2 (L287), 6.6.6.1 (L366)
    setup = {"A-INF1": "B0303", "A-INF2": "B0305", "G-HW": "B0103"}
    from dataclasses import replace
    from tests.rules.httr.helpers import game
    g = game()
    g2 = replace(g, units={**g.units, "G-HW": replace(g.units["A-HW"], id="G-HW", side="german")})
    log = Log(setup, g2).phase(1, "allied_movement").say("of B0303 from G-HW trigger leave").move("A-INF1", "B0203")
    assert all(all_legal(j.verdicts) for j in log.check().judged)  # 2 hexes: in its range-3 ZOC (SR 8.0)
    again = log.say("of B0305 from G-HW trigger leave").check()
    assert "HTTR SR 6.5.1.2" in rules_broken(again.judged[-1].verdicts)


def test_an_if_packet_has_one_er():  # IF-6, SR 6.5.1.10 (L296): A-ART ER 6, A-HW ER 5
    setup = {"G-INF1": "B0304", "G-INF2": "B0304", "A-INF1": "B0303", "A-ART": ("B0101", {"Mode": "Defilade"}),
             "A-HW": "B0202"}
    assert all_legal(fire(setup, "if B0304 from A-ART target G-INF1 spotter A-INF1 hq A-DIV",
                          "if B0304 from A-HW target G-INF2 spotter A-INF1 hq A-REG1"))
    both = fire(setup, "if B0304 from A-ART A-HW target G-INF1 spotter A-INF1 hq A-DIV")
    assert "HTTR SR 6.5.1.10" in rules_broken(both)


def test_a_unit_in_cover_two_hexes_away_is_spotted_once_it_fired():  # DF-1, AT-4, OBS-8: SR 6.2.2, 6.4.1.6, 7.3.4
    # G-AFV in the forest of B0208; A-REC (light AT) adjacent in B0207; A-AT (medium) two hexes away in B0206
    setup = {"G-AFV": "B0208", "A-REC": "B0207", "A-AT": ("B0206", {"Mode": "Defilade"})}
    hidden = fire(setup, "at B0208 from A-AT target G-AFV")
    assert rules_broken(hidden) == ["HTTR SR 6.4.1.6"]
    assert "forest" in illegal(hidden)[0].reason
    assert all_legal(fire(setup, "at B0208 from A-REC target G-AFV", "return B0207 from G-AFV",
                          "at B0208 from A-AT target G-AFV"))  # G-AFV fired from its forest: revealed this phase


def test_close_assaulted_defenders_fire_from_any_place_but_artillery():  # OF-9, SR 6.6.3.1, 6.6.3.3 (L349, L352)
    # German stack in B0304, top first: G-INF2, G-INF1, G-ART; Allied A-INF1 close-assaults from B0303
    setup = {"G-ART": ("B0304", {"Mode": "Defilade"}), "G-INF1": "B0304", "G-INF2": "B0304", "A-INF1": "B0303"}
    ok = Log(setup).phase(1, "allied_movement").say("of B0303 from G-INF1 trigger ca").say("ca B0304 from B0303")
    assert all_legal(ok.check().judged[1].verdicts)
    setup3 = {**setup, "G-INF3": "B0304"}  # G-INF1 now third: still fires at the assaulting units
    ok3 = Log(setup3).phase(1, "allied_movement").say("of B0303 from G-INF1 trigger ca").say("ca B0304 from B0303")
    assert all_legal(ok3.check().judged[1].verdicts)
    art = Log(setup).phase(1, "allied_movement").say("of B0303 from G-ART trigger ca").say("ca B0304 from B0303")
    assert rules_broken(art.check().judged[1].verdicts) == ["HTTR SR 6.6.3.3"]
