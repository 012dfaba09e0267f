"""The HTTR rulebook's fire and opportunity fire worked examples (section 2B of predicates-ptr-httr.md) on the
synthetic game. Y examples exactly: H8 (on the synthetic chain of command), H11, H12, H13; P examples on synthetic
positions built from the example, the assumptions said in each test: H2, H15, H26 (optional SR 21.1)."""
from __future__ import annotations

from hexforge.maps.terrain import Unknown
from hexforge.rules import rules_for
from hexforge.rules.httr.multi_formation import penalty
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

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


# H26 (SR 21.1 Fig 19, L1007-L1020), P: the unit names are lost in the text (L1008-L1013), so assumed: 1/6FJ and
# 2/6FJ (G-1-6FJ, G-2-6FJ) are of I/6FJ, the lost '- and 7/6FJ' pair of II/6FJ (G-5-6FJ, G-7-6FJ); every 6FJ company
# has ER 4, Pio/6FJ ER 5 (stated), Fus/6FJ ER 4 (with Pio the first OF attack is 'at ER 4'); both of these are
# under the 6FJ regiment HQ with no battalion. On the synthetic map the US hex C2808 is B0304 (clear), C2908 (Pio,
# Fus) is B0403, C2807 (I/6FJ) B0303, C2708 (II/6FJ) B0203; the US infantry fired at are A-INF4 and A-INF1.
FIG19 = {"A-INF1": "B0304", "A-INF4": "B0304", "G-PIO6FJ": "B0403", "G-FUS6FJ": "B0403", "G-1-6FJ": "B0303",
         "G-2-6FJ": "B0303", "G-5-6FJ": "B0203", "G-7-6FJ": "B0203"}
ON = {"optional_multiformation": "on"}


def packet(line: str, dice: tuple[int, int] = (1, 1), setup: dict | None = None, **readings: str) -> list:
    """A German DF packet's roll verdicts once the German Fire Phase ended."""
    log = Log(setup or FIG19).phase(1, "german_fire").say(line).roll("Direct Fire", *dice)
    return log.phase(1, "german_movement").check(**readings).judged[2].verdicts


def er_of(verdicts: list) -> str:
    said = " ".join(v.detail or "" for v in verdicts if isinstance(v, Legal))
    return said.split(" at ER ")[1].split(":")[0]


def test_h26_direct_fire_example():  # OPT-1, SR 21.1.2-21.1.3 Fig 19 (L1015-L1016), P (see FIG19)
    # I/6FJ with II/6FJ: ER 4 less 2 = 2; I/6FJ with Pio and Fus (no battalion): no penalty, ER 4; Pio alone ER 5
    assert er_of(packet("df B0304 from G-1-6FJ G-7-6FJ target A-INF4", **ON)) == "2"
    assert er_of(packet("df B0304 from G-1-6FJ G-PIO6FJ G-FUS6FJ target A-INF4", **ON)) == "4"
    assert er_of(packet("df B0304 from G-PIO6FJ target A-INF4", **ON)) == "5"
    assert er_of(packet("df B0304 from G-1-6FJ G-7-6FJ target A-INF4")) == "4"  # the optional rule off


def opportunity_er(*attacks: tuple[str, ...]) -> list[int]:
    """Each OF attack's ER (one attack per trigger, SR 21.1.6): its lowest printed ER less its penalty."""
    g = Log(FIG19).game
    ref = HttrReferee(rules_for(g), Log(FIG19).timeline(), ON)
    return [int(min(g.units[u].values["effectiveness"] for u in a)) - penalty(ref, list(a)) for a in attacks]


def test_h26_opportunity_fire_examples():  # OPT-1, SR 21.1.6 Fig 19 (L1017-L1020), P (see FIG19)
    everyone = tuple(FIG19)[2:]
    assert opportunity_er(everyone) == [2]  # example 1: all the German units at each American unit: ER 2
    assert opportunity_er(("G-PIO6FJ", "G-FUS6FJ"), ("G-1-6FJ", "G-2-6FJ", "G-5-6FJ", "G-7-6FJ")) == [4, 2]  # ex. 2
    assert opportunity_er(("G-1-6FJ",), ("G-2-6FJ",)) == [4, 4]  # example 3: no multi-formation penalty
    assert opportunity_er(("G-1-6FJ", "G-FUS6FJ"), ("G-2-6FJ", "G-PIO6FJ")) == [4, 4]  # example 3's alternative


def test_multi_formation_legal_and_illegal():  # OPT-1: SR 21.1.2 through its result (SR 6.7.2, 6.7.7)
    # 6 SP of I/6FJ and II/6FJ: ER 2, fire value 4 (ER 4: 5). 2d6 3 does nothing at 4 (DEF at 5), so A-INF4 staying
    # Concentrated is legal; 2d6 7 is DEF at 4 (a loss at 5): A-INF4 staying Concentrated breaks SR 6.7.2
    line = "df B0304 from G-1-6FJ G-7-6FJ target A-INF4"
    assert not rules_broken(packet(line, (1, 2), **ON))
    assert rules_broken(packet(line, (1, 2))) == ["HTTR SR 6.7.2"]  # off: DEF at fire value 5
    assert rules_broken(packet(line, (3, 4), **ON)) == ["HTTR SR 6.7.2"]
    assert rules_broken(packet(line, (3, 4))) == ["HTTR SR 6.7.7"]  # off: a loss, no morale check


def test_one_attack_is_every_packet_at_the_hex():  # OPT-1: SR 21.1.2, 21.1.5 (L998, L1001)
    # I/6FJ fires first alone (ER 4); II/6FJ's later packet at another unit of the hex makes it a two-battalion attack
    log = Log(FIG19).phase(1, "german_fire").say("df B0304 from G-1-6FJ target A-INF4").roll("Direct Fire", 1, 1)
    log.say("df B0304 from G-7-6FJ target A-INF1").roll("Direct Fire", 1, 1)
    judged = log.check(**ON).judged
    assert (er_of(judged[2].verdicts), er_of(judged[4].verdicts)) == ("4", "2")


def test_multi_formation_exemptions():  # OPT-1: SR 21.1.3-21.1.4, 21.1.7-21.1.10 (L1001-L1006)
    g = Log(FIG19).game
    ref = HttrReferee(rules_for(g), Log(FIG19).timeline(), ON)
    assert penalty(ref, ["A-ENG", "A-INF1"]) == 0  # 21.1.4/21.1.9: A-ENG is A-DIV's, A-INF1 of a regiment of A-DIV
    assert penalty(ref, ["A-INF1", "A-INF3"]) == 2  # two regiments' units assigned directly to them (21.1.3)
    assert penalty(ref, ["A-AT", "A-INF1"]) == 0  # 21.1.10: AT and infantry of one subordination
    assert penalty(ref, ["A-AT", "A-ENG"]) == 2  # 21.1.10: else a multi-formation attack
    assert penalty(ref, ["A-ART", "A-INF1"]) == 0  # 21.1.8: A-DIV's artillery with a unit subordinate to A-DIV
    assert penalty(ref, ["A-ART", "A-INF4"]) == 2  # ... not with the 2nd division's A-INF4
    led = {**FIG19, "G-LDR": "B0303", "G-1-6FJ": "B0303"}  # a leader of G-DIV stacked with 1/6FJ (21.1.7)
    assert er_of(packet("df B0304 from G-1-6FJ G-7-6FJ target A-INF4", setup=led, **ON)) == "4"


def test_the_bundled_game_lacks_the_battalions():  # OPT-1 on the bundled data: formations name regiments only
    ref = HttrReferee(rules_for(BUNDLED), Log({}, BUNDLED).timeline(), ON)
    got = penalty(ref, ["2/506 5-3 no.1", "2/506 6-6"])
    assert isinstance(got, Unknown) and "[special.battalions]" in got.needs
    vs = last(Log({"2/506 5-3 no.1": "C2808", "2/506 6-6": "C2808", "II/159/59": "C2908"}, BUNDLED)
              .phase(1, "allied_fire").say('df C2908 from "2/506 5-3 no.1" "2/506 6-6"').roll("Direct Fire", 3, 4)
              .check(**ON))
    assert any(isinstance(v, NotCheckable) for v in vs) and not rules_broken(vs)
