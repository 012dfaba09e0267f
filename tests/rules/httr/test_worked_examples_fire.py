"""The HTTR rulebook's fire and opportunity fire worked examples (section 2B of predicates-ptr-httr.md) on the
synthetic game. Y examples exactly: H8 (on the synthetic chain of command), H11, H12, H13; P examples on synthetic
positions built from the example, the assumptions said in each test: H2, H15."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

TARGET = {"G-AFV": "B0304", "G-INF1": "B0304", "A-INF1": "B0303", "A-AT": ("B0203", {"Mode": "Defilade"})}


def fire(setup: dict, *lines: str, phase: str = "allied_fire") -> list:
    log = Log(setup).phase(1, phase)
    for line in lines:
        log.say(line)
    return last(log.check())


def test_h2_packets_by_er():  # DF-4, SR 6.3.1.2 Fig 2 (L184-L186), P
    # H2 on a synthetic position (assumed: Fig 2's strengths and ERs are not given): companies A and B (here A-INF1,
    # A-INF2, both ER 5) must fire as one packet at the 3SS unit (G-INF1); a unit of another ER (A-INF3, ER 4) fires
    # as its own packet, or joins a packet of a lower ER than its own
    setup = {**TARGET, "A-INF2": "B0305", "A-INF3": "B0403"}
    assert all_legal(fire(setup, "df B0304 from A-INF1 A-INF2 target G-INF1", "df B0304 from A-INF3 target G-INF1"))
    assert all_legal(fire(setup, "df B0304 from A-INF1 A-INF3 target G-INF1"))  # ER 5 joins the ER-4 packet
    split = fire(setup, "df B0304 from A-INF1 target G-INF1", "df B0304 from A-INF2 target G-INF1")
    assert rules_broken(split) == ["HTTR SR 6.3.1.2"]


def test_h11_opportunity_fire_at_the_third_unit():  # OF-1, SR 6.6.1.1 (L338), Y (needs the stack order)
    # H11: the third unit of a stack triggers OF; only it may be fired on, whatever the top two
    stack = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0303", "A-INF3": "B0303"}  # top: A-INF3, A-INF2
    log = Log(stack).phase(1, "allied_movement").say("of B0303 from G-INF1 target A-INF1 trigger leave")
    assert all_legal(log.move("A-INF1", "B0203").check().judged[1].verdicts)
    log = Log(stack).phase(1, "allied_movement").say("of B0303 from G-INF1 target A-INF3 trigger leave")
    assert rules_broken(log.move("A-INF1", "B0203").check().judged[1].verdicts) == ["HTTR SR 6.6.1.1"]


def test_h8_who_may_spot_for_whom():  # IF-8, SR 6.5.2.3 (L305), Y on the synthetic chain
    # H8: a unit of the 129th Brigade (A-INF1 of A-REG1) may communicate with its brigade HQ (A-REG1), its division
    # HQ (A-DIV, the 43rd's place) or the corps HQ (A-CORPS, 30 Corps); the 43rd's artillery is A-ART (of A-DIV)
    base = {"G-INF1": "B0304", "A-INF1": "B0303", "A-ART": ("B0101", {"Mode": "Defilade"})}
    for hq in ("A-REG1", "A-DIV", "A-CORPS"):
        v = fire({**base, hq: ("B0102", {"Mode": "Defilade"})}, f"if B0304 from A-ART spotter A-INF1 hq {hq}")
        assert all_legal(v), hq
    other = fire({**base, "A-REG2": ("B0102", {"Mode": "Defilade"})}, "if B0304 from A-ART spotter A-INF1 hq A-REG2")
    assert rules_broken(other) == ["HTTR SR 6.5.2.3"]  # another brigade's HQ: A-INF1 is not subordinate to it


def test_h12_reorder_and_mode_change_are_two_triggers():  # OF-5, OF-4: SR 6.6.2.4 (L346), Y
    # A-INF1 under A-INF2 in B0303, in G-INF1's ZOC: moving to the top and changing mode draws OF twice
    stack = {"G-INF1": "B0304", "A-INF1": "B0303", "A-INF2": "B0303"}
    log = Log(stack).phase(1, "allied_movement").say("of B0303 from G-INF1 target A-INF1 trigger order") \
        .move("A-INF1", "B0303").say("of B0303 from G-INF1 target A-INF1 trigger mode") \
        .mode("A-INF1", "Defilade", "Concentrated").check()
    assert all_legal(log.judged[1].verdicts) and all_legal(log.judged[3].verdicts)
    both = Log(stack).phase(1, "allied_movement").say("of B0303 from G-INF1 target A-INF1 trigger order") \
        .say("of B0303 from G-INF1 target A-INF1 trigger order").move("A-INF1", "B0303").check()
    assert rules_broken(both.judged[2].verdicts) == ["HTTR SR 6.6.2.1"]  # one trigger, one OF from G-INF1


def test_h13_three_hexes_adjacent_to_one_enemy():  # OF-4, OF-11: SR 6.6.4.2 (L359), Y
    # A-INF1 moves B0203 -> B0303 -> B0403 -> B0404, each hex next to G-INF1 in B0304: OF on leaving each of them
    log = Log({"G-INF1": "B0304", "A-INF1": "B0203"}).phase(1, "allied_movement")
    for a, b in (("B0203", "B0303"), ("B0303", "B0403"), ("B0403", "B0404")):
        log.say(f"of {a} from G-INF1 target A-INF1 trigger leave").move("A-INF1", b)
    report = log.check()
    assert all(all_legal(report.judged[i].verdicts) for i in (1, 3, 5))
    # the same moves with the last OF declared twice: G-INF1 fires once per trigger
    log = Log({"G-INF1": "B0304", "A-INF1": "B0203"}).phase(1, "allied_movement") \
        .say("of B0203 from G-INF1 trigger leave").say("of B0203 from G-INF1 trigger leave").move("A-INF1", "B0303")
    assert rules_broken(log.check().judged[2].verdicts) == ["HTTR SR 6.6.2.1"]


def test_h15_ambush_from_cover():  # OF-14, SR 6.6.8 Figs 8-9 (L381-L382), P
    # Assumed (D company's hex is not given): the US D company is A-INF1 in the woods of B0405 (cover); the German
    # company G-INF1 enters B0404 (clear, for the example's mixed trail hex 2725, which also lacks cover)
    setup = {"A-INF1": "B0405", "G-INF1": "B0504"}
    ok = Log(setup).phase(1, "german_movement").move("G-INF1", "B0404").say("of B0404 from A-INF1 trigger ambush")
    assert all_legal(ok.check().judged[2].verdicts)  # Fig 8
    fig9 = Log({**setup, "G-INF2": "B0406"}).phase(1, "german_movement").move("G-INF1", "B0404") \
        .say("of B0404 from A-INF1 trigger ambush")  # Fig 9: the 7th company is already adjacent to D company
    assert rules_broken(fig9.check().judged[2].verdicts) == ["HTTR SR 6.6.8.3"]


def test_h16_slope_bonus_for_b_only():  # OBS-9, SR 7.3.5 Fig 10 (L417-L418), P
    # Assumed (the figure is not transcribed), on tests/data/overlay-httr: a slope hexside 0605|0604, high side 0605.
    # B stands in 0605 on the high side, next to the slope, and looks north across it: +2. A stands in 0606, not
    # next to the slope hexside: no bonus. C stands on a hilltop (0505, given a slope of its own to 0504): none.
    import copy
    from pathlib import Path

    from hexforge.games.loader import load_game
    from hexforge.maps.hexes import Hexside
    from hexforge.maps.terrain import HexsideFeature
    from hexforge.rules.httr.los import Observation
    g = copy.deepcopy(load_game(Path(__file__).resolve().parents[2] / "data" / "overlay-httr"))
    h = g.map.hex
    g.map.terrain.add_hexside(Hexside.between(h("0505"), h("0504")), HexsideFeature("slope", high_side=h("0505")))
    obs = Observation(g)
    base_b, _ = obs.base_range(h("0605"))
    b, why = obs.range_limit(h("0605"), h("0601"))
    assert b == base_b + 2 and "7.3.5" in why
    base_a, _ = obs.base_range(h("0606"))
    assert obs.range_limit(h("0606"), h("0601"))[0] == base_a
    base_c, _ = obs.base_range(h("0505"))
    assert obs.range_limit(h("0505"), h("0501"))[0] == base_c


def test_h9_spa_fires_through_a_spotter():  # IF-1, IF-7, IF-8, OBS: SR 6.5.2.4 Fig 6 (L307), P
    # Assumed (no hexes given): the 55/GA SPA is A-ART in B0101 (range 12), StS 6/14 is G-INF1 in A0603, 11 hexes
    # away; the spotting 5CG/GA company is A-INF1 next to it in A0503; the controlling HQ is A-DIV in B0102
    setup = {"A-ART": ("B0101", {"Mode": "Defilade"}), "G-INF1": "A0603", "A-INF1": "A0503",
             "A-DIV": ("B0102", {"Mode": "Defilade"})}
    assert all_legal(fire(setup, "if A0603 from A-ART spotter A-INF1 hq A-DIV"))
    far_hq = {**setup, "A-DIV": ("B0104", {"Mode": "Defilade"})}  # 3 hexes from the SPA: c) fails
    assert rules_broken(fire(far_hq, "if A0603 from A-ART spotter A-INF1 hq A-DIV")) == ["HTTR SR 6.5.2.1"]


def test_h14_three_triggers_before_a_close_action():  # OF-5, OF-11, OF-1: SR 6.6 Fig 7 (L360), P
    # Assumed (the HW and D company hexes are not given): E and F companies are A-INF1 and A-INF2 in B0305; D company
    # is A-INF3 in B0306, next to Weeg (the town B0307, held by G-INF1); the German HW company is G-INF2 in B0204,
    # whose ZOC covers B0305. E and F join D's stack at its bottom (SR 9.6.3), then move to its top.
    setup = {"A-INF1": "B0305", "A-INF2": "B0305", "A-INF3": "B0306", "G-INF1": "B0307", "G-INF2": "B0204"}
    log = Log(setup).phase(1, "allied_movement")
    log.say("of B0305 from G-INF2 target A-INF1 trigger leave").move("A-INF1", "B0306", stack=("A-INF1", "A-INF3"))
    log.say("of B0305 from G-INF2 target A-INF2 trigger leave") \
        .move("A-INF2", "B0306", stack=("A-INF2", "A-INF1", "A-INF3"))  # A: each leaves the HW's EZOC
    log.say("of B0306 from G-INF1 target A-INF1 trigger order") \
        .move("A-INF1", "B0306", stack=("A-INF2", "A-INF3", "A-INF1"))  # B: to the top of the stack
    log.say("of B0306 from G-INF1 trigger ca").say("ca B0307 from B0306")  # C: before the close action
    report = log.check()
    assert all(all_legal(report.judged[i].verdicts) for i in (1, 3, 5, 7))


def test_h6_each_at_class_separately_artillery_halved():  # AT-5, AT-7: SR 6.4.5 example 2 Fig 5 (L276), P
    # Assumed (no values given): the Sherman is A-TANK (a medium target); an ER 9 artillery unit (medium AT fire,
    # SR 6.4.1.8) and an AT unit fire as one medium packet; a Panther (G-AFV, heavy) fires separately. Medium vs
    # medium is 6 and x1 (L565): the artillery's 3 SP halved to 2, the AT unit's 2 SP x 2 dots = 4, not halved:
    # 6 + floor((6 - 1) x 1) = 11 (unhalved artillery would give 12, a halved AT unit 9)
    from dataclasses import replace

    from tests.rules.httr.helpers import game
    g = game()
    units = dict(g.units)
    units["G-ART9"] = replace(g.units["G-ART"], id="G-ART9", values={**g.units["G-ART"].values, "effectiveness": 9})
    units["G-AT"] = replace(g.units["A-AT"], id="G-AT", side="german", formation="G-KG1")
    g6 = replace(g, units=units)
    setup = {"A-TANK": "B0304", "G-ART9": ("B0303", {"Mode": "Defilade"}), "G-AT": ("B0303", {"Mode": "Defilade"}),
             "G-AFV": "B0305"}
    log = Log(setup, g6).phase(1, "german_fire").say("at B0304 from G-ART9 G-AT target A-TANK").roll("AT Fire", 6, 5)
    v = log.check().judged[2].verdicts
    assert "medium AT fire" in v[0].detail and "ATFV 11" in v[0].detail
    mixed = Log(setup, g6).phase(1, "german_fire").say("at B0304 from G-AT G-AFV target A-TANK").check()
    assert "HTTR SR 6.4.2.1" in rules_broken(last(mixed))
    apart = Log(setup, g6).phase(1, "german_fire").say("at B0304 from G-ART9 G-AT target A-TANK") \
        .say("at B0304 from G-AFV target A-TANK").check()
    assert all_legal(last(apart))
