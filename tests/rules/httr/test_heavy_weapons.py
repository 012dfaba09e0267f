"""HTTR heavy weapons in fire (SPC-1: SR 18.1.1.3, 18.1.1.6-18.1.1.7, 6.3.1.10) on the synthetic game: A-HW (3 SP,
printed ER 5, range 3) of A-REG1, whose other units A-INF1/A-INF2 are its battalion's (reading: an HW unit's
battalion is its own HQ); A-INF3 is of A-REG2. G-INF1 stands in the clear B0304 (the lowermost line)."""
from __future__ import annotations

from hexforge.rules.verdict import NotCheckable
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken
from tests.rules.httr.test_bundled_fire import SETUP as BUNDLED_SETUP
from tests.rules.httr.test_fire_values import detail
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

BESIDE = {"G-INF1": "B0304", "A-HW": "B0303", "A-INF1": "B0303", "A-INF3": "B0305"}


def shot(setup: dict, line: str, dice: tuple[int, int]) -> list:
    """The DF roll's verdicts once the Allied Fire Phase ended."""
    log = Log(setup).phase(1, "allied_fire").say(line).roll("Direct Fire", *dice)
    return log.phase(1, "allied_movement").check().judged[2].verdicts


def declared(setup: dict, *steps: tuple[int, str, str]) -> list:
    """The verdicts on the last of several declarations, each (GT, phase, line)."""
    log = Log(setup)
    for turn, phase, line in steps:
        log.phase(turn, phase).say(line)
    return last(log.check())


def test_an_hw_unit_fires_df_alone_at_er_4():  # SPC-1: SR 18.1.1.3 (L881)
    # alone A-HW fires at ER 4, not its printed 5: 3 SP, fire value 3, where 2d6 5 does nothing (at ER 5, fire value
    # 4, it would be DEF, and G-INF1 staying Concentrated would break SR 6.7.2)
    alone = shot(BESIDE, "df B0304 from A-HW target G-INF1", (2, 3))
    assert "of 3 SP at ER 4: fire value 3" in detail(alone) and all_legal(alone)
    gb = shot({"G-3SS": "B0304", "GB-HW": "B0303"}, "df B0304 from GB-HW target G-3SS", (2, 3))
    assert "at ER 4" in detail(gb)  # GB-HW's printed ER is 7


def test_an_hw_unit_supports_its_battalion_at_their_er():  # SPC-1: SR 18.1.1.3, 6.3.1.10 (L194)
    with_own = shot(BESIDE, "df B0304 from A-HW A-INF1 target G-INF1", (2, 3))
    assert "of 8 SP at ER 5" in detail(with_own)  # A-INF1's ER: the HW unit takes it
    fig17 = {"G-3SS": "B0304", "GB-HW": "B0303", "GB-6GH-A": "B0303"}  # GB-HW (ER 7) with a 6GH company (ER 4)
    assert "of 10 SP at ER 4" in detail(shot(fig17, "df B0304 from GB-HW GB-6GH-A target G-3SS", (2, 3)))
    stray = declared(BESIDE, (1, "allied_fire", "df B0304 from A-HW A-INF3 target G-INF1"))
    assert rules_broken(stray) == ["HTTR SR 18.1.1.3"]  # A-INF3 is not of A-HW's battalion


def test_one_method_a_phase_but_reaction_df_leaves_the_fire_phase_if():  # SPC-1: SR 18.1.1.3, 18.1.1.7 (L889)
    # reading reaction_last: the Allied Reaction Phase ends GT 1, and the next Allied Fire Phase is GT 2's
    df, if_ = "df B0304 from A-HW target G-INF1", "if B0304 from A-HW target G-INF1"
    assert all_legal(declared(BESIDE, (1, "allied_reaction", df), (2, "allied_fire", if_)))
    log = Log(BESIDE).phase(2, "allied_fire").say(df).say(if_)
    assert rules_broken(last(log.check())) == ["HTTR SR 18.1.1.3"]  # DF and IF in one Fire Phase


def test_hw_df_at_the_top_two_if_at_any_unit():  # SPC-1: SR 18.1.1.6 (L888), 6.3.1.5, 6.5.1.7
    stack = {"G-INF1": "B0304", "G-INF2": "B0304", "G-INF3": "B0304", "A-HW": "B0303"}  # top: G-INF3, G-INF2
    assert rules_broken(declared(stack, (1, "allied_fire", "df B0304 from A-HW target G-INF1"))) == \
        ["HTTR SR 6.3.1.5"]
    assert all_legal(declared(stack, (1, "allied_fire", "if B0304 from A-HW target G-INF1")))


def test_the_bundled_game_lacks_the_types():  # SPC-1 on the bundled data: units.csv types no HW unit
    company, other = "2/506 5-3 no.1", "2/506 6-6"
    log = Log({**BUNDLED_SETUP, other: "C2807"}, BUNDLED).phase(1, "allied_fire")
    vs = last(log.say(f'df C2908 from "{company}" "{other}"').check())
    assert any("an HW unit fires DF only with its own battalion" in v.needs for v in vs if isinstance(v, NotCheckable))
    assert not rules_broken(vs)
