"""HTTR fire values beyond the matrices (SR 6.3.5.4, 6.5.3-6.5.6) on the synthetic game: what a packet's roll gives,
read from its verdict's detail and from the effect the referee then asks for (SR 6.7)."""
from __future__ import annotations

from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.httr.helpers import Log, all_legal, rules_broken

BATTERY = {"Mode": "Defilade"}
GUNS = {"A-ART": ("B0101", BATTERY), "A-DIV": ("B0102", BATTERY), "A-INF1": "B0303"}


def rolled(setup: dict, line: str, dice: tuple[int, int], *steps, kind: str = "Indirect Fire") -> list:
    """The roll's verdicts after the phase ended."""
    log = Log(setup).phase(1, "allied_fire").say(line).roll(kind, *dice)
    for s in steps:
        s(log)
    return log.phase(1, "allied_movement").check().judged[2].verdicts


def detail(vs: list) -> str:
    return " ".join(v.detail or "" for v in vs if isinstance(v, Legal))


def test_towed_targets_in_a_city_use_the_forest_line():  # DF-12, DF-15, SR 6.3.5.4 (L226): A0508 is a city
    # A-INF1's 5 SP at ER 5: fire value 5; 2d6 7 is DEF on the 'forest, town, or broken' line, '-' in a city
    gun = rolled({"A-INF1": "A0507", "G-ART": ("A0508", BATTERY)}, "df A0508 from A-INF1 target G-ART", (4, 3),
                 kind="Direct Fire")
    assert "forest, town, or broken" in detail(gun)
    assert rules_broken(gun) == ["HTTR SR 6.7.6"]  # DEF on artillery in Defilade: no morale check was made
    inf = rolled({"A-INF1": "A0507", "G-INF1": "A0508"}, "df A0508 from A-INF1 target G-INF1", (4, 3),
                 kind="Direct Fire")
    assert "rough or city" in detail(inf) and all_legal(inf)


def test_towed_artillery_doubles_at_conventional_targets():  # IF-12, SR 6.5.4.1 (L324): A-ART 3 SP, ER 6
    # doubled to 6 SP: fire value 6, where 2d6 5 is a loss of 1 (undoubled, fire value 4: DEF)
    v = rolled({**GUNS, "G-INF1": "B0304"}, "if B0304 from A-ART spotter A-INF1 hq A-DIV", (3, 2))
    assert "of 6 SP at ER 6" in detail(v)
    assert rules_broken(v) == ["HTTR SR 6.7.7"]  # the loss left G-INF1 Concentrated without a morale check


def test_extended_range_forgoes_the_doubling():  # IF-12, SR 6.5.4.3 (L326): 15 hexes, beyond the printed 12
    far = {**GUNS, "A-INF1": "A0709", "G-INF1": "A0710"}
    assert "of 3 SP" in detail(rolled(far, "if A0710 from A-ART spotter A-INF1 hq A-DIV", (3, 2)))
    assert "of 1 SP" in detail(rolled(far, "if A0710 from A-ART", (3, 2)))  # unobserved too: quartered (SR 6.5.4.4)


def test_an_unobserved_barrage_is_quartered():  # SOP-1, IF-12, SR 6.5.4.4 (L327): B0506 hidden by the woods of B0405
    v = rolled({"A-ART": ("B0304", BATTERY), "G-INF1": "B0506"}, "if B0506 from A-ART", (3, 2))
    assert "of 2 SP" in detail(v)  # 3 x 2 = 6, quartered and rounded up: 2


def test_hw_in_defilade_is_halved():  # IF-12, SR 6.5.4.2 (L325): GB-HW 6 SP
    spot = {"GB-6GH-D": "B0202", "G-3SS": "B0303"}
    assert "of 6 SP" in detail(rolled({**spot, "GB-HW": "B0201"}, "if B0303 from GB-HW spotter GB-6GH-D", (1, 1)))
    halved = rolled({**spot, "GB-HW": ("B0201", BATTERY)}, "if B0303 from GB-HW spotter GB-6GH-D", (1, 1))
    assert "of 3 SP" in detail(halved)


def test_er_two_less_under_an_hq_it_is_not_attached_to():  # IF-12, SR 6.5.5.2 (L330): A-REG1 is below A-DIV
    own = rolled({**GUNS, "G-INF1": "B0304"}, "if B0304 from A-ART spotter A-INF1 hq A-DIV", (1, 1))
    other = rolled({**GUNS, "A-REG1": ("B0102", BATTERY), "G-INF1": "B0304"},
                   "if B0304 from A-ART spotter A-INF1 hq A-REG1", (1, 1))
    # changed (audit A1 item 15): a regiment of its division is one of the artillery's own controllers (SR 6.5.2.2
    # L303, its example L304, 17.5.1 L857), so no -2 by default (reading if_control_er; its 'above_only' value gives
    # the ER 4 this test asserted before: tests/rules/httr/test_s3_of.py)
    assert "at ER 6" in detail(own) and "at ER 6" in detail(other)


def test_a_crowded_hex_adds_two_to_the_roll():  # IF-12, SR 6.5.3 (L316): more than 18 SP in the barraged hex
    crowd = {u: "B0304" for u in ("G-INF1", "G-INF2", "G-INF3", "G-3SS", "G-STATIC", "G-ART", "G-AFV")}  # 19 SP
    v = rolled({**GUNS, **crowd}, "if B0304 from A-ART spotter A-INF1 hq A-DIV target G-INF1", (2, 1))
    assert "+2 at a hex of more than 18 SP" in detail(v)
    few = rolled({**GUNS, "G-INF1": "B0304"}, "if B0304 from A-ART spotter A-INF1 hq A-DIV", (2, 1))
    assert "+2" not in detail(few)


def test_if_at_an_afv_loses_four_at_a_heavy_one():  # IF-12, SR 6.5.6.2 (L334)
    # changed (audit item 12): the synthetic units.csv gives G-AFV afv_class 4 (heavy), so SR 6.5.6.2 applies:
    # A-ART's 3 SP at ER 6 (not doubled at an AFV, 6.5.4.1) give fire value 4, four less at a heavy AFV: 0
    v = rolled({**GUNS, "G-AFV": "B0304"}, "if B0304 from A-ART spotter A-INF1 hq A-DIV target G-AFV", (3, 3))
    assert "fire value 0" in detail(v) and "SR 6.5.6.2" in detail(v)
    assert not any(isinstance(x, NotCheckable) for x in v)


def test_a_barrage_that_counts_as_observed_is_not_quartered():  # IF-12, SCN-6: ScR 23.1.3 over SR 6.5.4.4
    # on GT 2 A-DIV's (the 'British') unobserved barrage at B0506, one hex from the route, counts as observed: 3 x 2 =
    # 6 SP; on GT 4 it is quartered again (2 SP)
    def fired(turn: int) -> str:
        log = Log({"A-ART": ("B0304", BATTERY), "G-INF1": "B0506"}).phase(turn, "allied_fire").say("if B0506 from A-ART")
        return detail(log.roll("Indirect Fire", 3, 2).phase(turn, "allied_movement").check().judged[2].verdicts)
    assert "of 6 SP" in fired(2) and "of 2 SP" in fired(4)
