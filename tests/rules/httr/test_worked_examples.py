"""The rulebook's HTTR worked examples (predicates-ptr-httr.md section 2B) that the built predicates reach,
asserting the rulebook's own numbers (each test cites its line). The synthetic game's tables hold the cells
these examples state (their source names the line); every other number is the example's own.

Y examples here: H1, H3, H5, H19, H20, H21, H22 (the golden close action), H24, H25, H31.
P examples here (synthetic positions, the assumptions said in each test): H4, H7.
"""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, game, illegal, last, rules_broken
from hexforge.rules.httr.values import (at_fire_value, ca_result, ca_special_at_points, ca_value, direct_fire_value,
                                        fire_result, indirect_fire_value, leader_rolls, morale_passes, odds,
                                        overstack_removals)


def test_h1_at_fire_then_conventional_fire_by_one_unit():  # SR 6.2.1 (L177)
    # G-INF1 on top of G-AFV: the conventional fire needs a conventional target (SR 6.2 L175: DF at an AFV is AT fire)
    r = Log({"G-AFV": "B0304", "G-INF1": "B0304", "A-AT": ("B0203", {"Mode": "Defilade"})}).phase(1, "allied_fire") \
        .say("at B0304 from A-AT target G-AFV").say("df B0304 from A-AT target G-INF1").check()
    assert rules_broken(last(r)) == ["HTTR SR 6.2.1"]


def test_h3_nine_point_increments():  # DF-13, SR 6.3.5.2 (L224)
    g = game()
    entrenched = direct_fire_value(g, 31, 6, entrenched=True)
    assert (entrenched.value, entrenched.drm) == (7, 0)  # 5 + two increments of nine; 4 points redundant
    open_ = direct_fire_value(g, 31, 6)
    assert (open_.value, open_.drm) == (9, 1)  # 8 -> 9, the unused increment is a +/-1 DRM


def test_h5_panthers_and_shermans():  # SR 6.4.5 example 1 (L274)
    g = game()
    assert at_fire_value(g, "heavy", "medium", 2 * 2) == 12  # 8 + floor(3 x 1.5)
    assert at_fire_value(g, "medium", "heavy", 2) == 6  # 5 + floor(1 x 0.75), at least 1
    assert at_fire_value(g, "medium", "heavy", 3 * 2) == 8  # 5 + floor(5 x 0.75) = 8.75 -> 8


def test_h19_engineers_special_at_fire():  # SR 10.2.6 (L561)
    g = game()
    points = ca_special_at_points(own_infantry=15, enemy_infantry=6, own_engineers=8)
    assert points == 8 and at_fire_value(g, "medium", "heavy", points) == 10  # 5 + floor(7 x 0.75)
    assert ca_special_at_points(own_infantry=10, enemy_infantry=6, own_engineers=8) == 4  # only 4 of the 8


def test_h20_engineer_negation():  # SR 10.2.8 (L563): 4 engineer SP negated, 7 - 4 = 3 in the multiplier
    points = ca_special_at_points(own_infantry=15, enemy_infantry=6, own_engineers=8, enemy_engineers=4)
    assert points - 1 == 3


def test_h21_defending_infantry_at_fire():  # SR 10.2.9 (L565)
    g = game()
    assert at_fire_value(g, "medium", "medium", ca_special_at_points(9, 5, 0, defending=True)) == 9  # 6 + 3 x 1
    assert at_fire_value(g, "medium", "medium", ca_special_at_points(6, 5, 2, defending=True)) == 8  # 6 + 2 x 1
    assert ca_special_at_points(9, 5, 0, defending=True, open_terrain=True) == 0


def test_h22_the_close_action_example():  # SR 10.5 Fig 17 (L623), the golden close action
    """SOP-1 / CA-19 / CA-20 / CA-21 / DF-12: 3SS in the open in B0303; the 6GH companies and their division's
    engineer in B0203 across the stream; the HW of 6GH/69 fires IF with D company (B0202) spotting. Assumed: the
    hexes; the companies are on top in the Fire Phase and the engineer is put on top in the Movement Phase (the
    example's CA order)."""
    g = game()
    assert indirect_fire_value(g, 6, 7) == 7 and fire_result(g, "lowermost line", 7, 8) == "DEF"
    df = direct_fire_value(g, 8, 4)
    assert (df.value, df.drm) == (6, 0) and fire_result(g, "lowermost line", 6, 7) == "-"
    assert ca_value(g, "open", 5 - 2, 8 + 2 - 4, adjacent_start=True) == 9
    assert odds(13, 3) == "4:1" and ca_result(g, 9, "4:1", 4) == "3"
    setup = {"G-3SS": "B0303", "GB-ENG": "B0203", "GB-6GH-B": "B0203", "GB-6GH-A": "B0203", "GB-6GH-D": "B0202",
             "GB-HW": "B0201"}
    log = (Log(setup).phase(1, "allied_fire")
           .say("if B0303 from GB-HW spotter GB-6GH-D").roll("Indirect Fire", 5, 3)
           .mode("G-3SS", "Defilade", "Concentrated")
           .say("df B0303 from GB-6GH-A GB-6GH-B").roll("Direct Fire", 3, 4)
           .phase(1, "allied_movement")
           .move("GB-ENG", "B0203", stack=("GB-6GH-B", "GB-6GH-A", "GB-ENG"))  # the engineer to the top
           .say("ca B0303 from B0203 lead GB-ENG").roll("Close Action", 4)
           .kill("G-3SS", "B0303")
           .move("GB-ENG", "B0303").move("GB-6GH-A", "B0303").move("GB-6GH-B", "B0303"))
    strict = log.check()  # the default reading: SR 10.1.9 bars the companies that fired from the CA
    assert [v.rule for j in strict.judged for v in illegal(j.verdicts)] == ["HTTR SR 10.1.9"]
    r = log.check(fired_close_action="allowed")  # the example's own play
    verdicts = {j.index: j.verdicts for j in r.judged}
    assert not [v for vs in verdicts.values() for v in illegal(vs)]
    assert "IF of 6 SP at ER 7: fire value 7, 2d6 8 on the lowermost line: DEF" in verdicts[2][0].detail
    assert all_legal(verdicts[3])  # DEF: the 3SS goes into Defilade at once
    # changed (audit item 9): a target in Defilade reads its terrain's Defilade line (SR 6.1.11)
    assert "conventional DF of 8 SP at ER 4: fire value 6, 2d6 7 on the lowermost line (defilade): -" in verdicts[5][0].detail
    assert "CA value 9, odds 13:3 = 4:1, 1d6 4: result 3" in verdicts[9][0].detail
    assert all("advance" in vs[0].detail for i, vs in verdicts.items() if i >= 11)


def test_h24_morale_check():  # SR 16.2 (L829): morale 7, roll 7 passes
    assert morale_passes(7, 7) and not morale_passes(7, 8)


def test_h25_leader_rolls():  # SR 19.3.3 (L978): two SP lost, two 2d6 rolls
    assert leader_rolls(2) == 2 and leader_rolls(0) == 0


def test_h31_landing_overstack():  # ScR 6.6.3 (L1233): 8 + 7 + 5 + 4 + 5 = 29 > 28, exactly one unit goes
    strengths = [8, 7, 5, 4, 5]
    assert overstack_removals(strengths, 28) == 1
    assert all(sum(strengths) - s <= 28 for s in strengths)  # "he may remove any one of the five"


def test_h4_direct_fire_example():  # P, SR 6.4 Fig 3 (L247)
    """Assumed: the British stack (two infantry companies and an AT unit) in B0303, the US company in B0305, the
    German company over its AFV in B0304 (as 2648, 2449 and 2549: both firing hexes touch the target), the next
    target hex B0404 (as 2448). The two packets fire, the AT unit fires at the AFV below, the AFV returns fire
    at once, then the US company fires at the next hex."""
    setup = {"G-AFV": "B0304", "G-INF1": "B0304", "G-INF2": "B0404", "A-AT": ("B0303", {"Mode": "Defilade"}), "A-INF2": "B0303",
             "A-INF1": "B0303", "A-INF4": "B0305"}
    r = (Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1 A-INF2 target G-INF1")
         .say("at B0304 from A-AT target G-AFV").say("return B0303 from G-AFV")
         .say("df B0404 from A-INF4").check())
    assert all(not illegal(j.verdicts) for j in r.judged)
    late = (Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1 A-INF2").say("df B0404 from A-INF4")
            .say("at B0304 from A-AT target G-AFV").check())
    assert rules_broken(last(late)) == ["HTTR SR 6.1.4"]  # 6.3.2.1: the hex first, fully


def test_h7_artillery_control_distance_reading():  # P, SR 6.5.2.1 (L302) vs its example (L304)
    """Assumed: A-ART two hexes from its controlling HQ. The rule allows it; the example's wording does not."""
    setup = {"G-INF1": "B0506", "A-INF1": "B0406", "A-ART": ("B0101", {"Mode": "Defilade"}), "A-DIV": "B0103"}
    line = "if B0506 from A-ART spotter A-INF1 hq A-DIV"
    assert all_legal(last(Log(setup).phase(1, "allied_fire").say(line).check()))
    assert rules_broken(last(Log(setup).phase(1, "allied_fire").say(line).check(artillery_control="adjacent"))) \
        == ["HTTR SR 6.5.2.1"]


def test_a_def_result_defilades_the_target():  # EFF-2, SR 6.7.2 (L386-L388), with H22's IF (DEF on 7 at 8)
    setup = {"G-3SS": "B0303", "GB-6GH-D": "B0202", "GB-HW": "B0201"}
    fired = Log(setup).phase(1, "allied_fire").say("if B0303 from GB-HW spotter GB-6GH-D").roll("Indirect Fire", 5, 3)
    kept = fired.phase(1, "allied_movement").check()
    assert rules_broken(kept.judged[2].verdicts) == ["HTTR SR 6.7.2"]
    ok = Log(setup).phase(1, "allied_fire").say("if B0303 from GB-HW spotter GB-6GH-D").roll("Indirect Fire", 5, 3) \
        .mode("G-3SS", "Defilade", "Concentrated").phase(1, "allied_movement").check()
    assert all_legal(ok.judged[2].verdicts)
