"""What an entrenchment changes in DF and IF (ENT-1: SR 12.1.1-12.1.2 through ``entrench.benefits``) on the synthetic
game's clear hexes B0303/B0304: a firer in Defilade is not halved when entrenched (SR 6.3.3.3, L210); DF at an
entrenched target reads the DF Fire Value Matrix's entrenched line (SR 6.3.5.2 example, L224); IF at a non-AFV target
entrenched in Defilade is 4 fire values less (SR 6.5.6.1, L333)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, rules_broken
from tests.rules.httr.test_fire_values import detail

BATTERY = {"Mode": "Defilade"}


def fired(setup: dict, line: str, dice: tuple[int, int], dug_in: str | None, kind: str = "Direct Fire") -> list:
    """The roll's verdicts once the Allied Fire Phase ended (an Entrenchment marker in ``dug_in``)."""
    log = Log(setup)
    if dug_in:
        log.marker("e1", "Entrenchment", dug_in)
    log.phase(1, "allied_fire").say(line).roll(kind, *dice)
    return log.phase(1, "allied_movement").check().judged[2].verdicts


def test_an_entrenched_firer_in_defilade_is_not_halved():  # ENT-1, DF-12, EFF-2: SR 6.3.3.3 (L210), 6.7.2
    # A-INF1 (5 SP, ER 5) in Defilade: halved to 3 SP, fire value 4, where 2d6 3 does nothing; entrenched, 5 SP,
    # fire value 5, where 3 is DEF, so the Concentrated G-INF1 staying so breaks SR 6.7.2
    setup = {"G-INF1": "B0304", "A-INF1": ("B0303", BATTERY)}
    line = "df B0304 from A-INF1 target G-INF1"
    halved = fired(setup, line, (1, 2), None)
    assert "of 3 SP at ER 5: fire value 4" in detail(halved) and all_legal(halved)
    dug = fired(setup, line, (1, 2), "B0303")
    assert "of 5 SP at ER 5: fire value 5" in detail(dug) and rules_broken(dug) == ["HTTR SR 6.7.2"]


def test_df_at_an_entrenched_target_reads_the_entrenched_line():  # ENT-1, DF-12: SR 6.3.5.2 example (L224)
    # A-INF1 (5 SP, ER 5) at G-INF1 in Defilade: fire value 5, 3 on the entrenched line; not in Defilade, no benefit
    target = {"A-INF1": "B0303", "G-INF1": ("B0304", BATTERY)}
    line = "df B0304 from A-INF1 target G-INF1"
    assert "fire value 3 (entrenched line)" in detail(fired(target, line, (3, 4), "B0304"))
    assert "fire value 5, 2d6 7" in detail(fired(target, line, (3, 4), None))
    open_ = {"A-INF1": "B0303", "G-INF1": ("B0304", {"Mode": "Concentrated"})}
    assert "fire value 5, 2d6 7" in detail(fired(open_, line, (3, 4), "B0304"))  # SR 12.1.2: Defilade only


def test_if_at_an_entrenched_target_is_four_less():  # ENT-1, IF-12: SR 6.5.6.1 (L333)
    # GB-HW (6 SP, ER 7) through GB-6GH-D: fire value 7 (SR 10.5 Fig 17), 3 at G-3SS entrenched in Defilade
    setup = {"GB-6GH-D": "B0202", "GB-HW": "B0201", "G-3SS": ("B0303", BATTERY)}
    line = "if B0303 from GB-HW spotter GB-6GH-D target G-3SS"
    dug = detail(fired(setup, line, (1, 2), "B0303", kind="Indirect Fire"))
    assert "fire value 3 (4 less: entrenched, SR 6.5.6.1), 2d6 3" in dug and dug.endswith(": -")
    assert "fire value 7, 2d6 3" in detail(fired(setup, line, (1, 2), None, kind="Indirect Fire"))


def test_if_taken_below_the_table_does_nothing():  # ENT-1, IF-12: SR 6.5.6.1 (L333)
    # A-HW's self-spotted IF (3 SP, ER 5): fire value 4, at G-INF1 entrenched in Defilade 0, which registers nothing
    # (reading: below the Fire Results Table's first column); unentrenched, 2d6 11 takes a point
    setup = {"A-HW": "B0303", "G-INF1": ("B0304", BATTERY)}
    line = "if B0304 from A-HW target G-INF1"
    assert "fire value 0 (4 less, SR 6.5.6.1): no effect" in detail(fired(setup, line, (5, 6), "B0304",
                                                                          kind="Indirect Fire"))
    # changed (audit item 9): a target in Defilade reads its terrain's Defilade line (SR 6.1.11)
    assert "fire value 4, 2d6 11 on the lowermost line (defilade): DEF" in detail(fired(setup, line, (5, 6), None,
                                                                           kind="Indirect Fire"))


def test_rubble_entrenches_defenders_in_defilade():  # OPT-7, ENT-1: ScR 15.7.2 (L1504), optional Rubble
    # 'defending units in Defilade Mode treat the hex as having Entrenchments': with a Rubble marker on B0304 and
    # optional_rubble on, DF at G-INF1 in Defilade reads the entrenched line (fire value 3, as an Entrenchment
    # marker gives); with the option off, or G-INF1 Concentrated, the rubble changes nothing
    def shot(mode: str, option: str) -> str:
        log = Log({"A-INF1": "B0303", "G-INF1": ("B0304", {"Mode": mode})}).phase(1, "allied_movement")
        log.place("r1", "Rubble", "B0304").phase(1, "allied_fire")
        log.say("df B0304 from A-INF1 target G-INF1").roll("Direct Fire", 3, 4)
        judged = log.phase(1, "allied_movement").check(optional_rubble=option).judged
        return " ".join(detail(j.verdicts) for j in judged)
    assert "fire value 3 (entrenched line)" in shot("Defilade", "on")
    assert "fire value 5, 2d6 7" in shot("Defilade", "off")
    assert "fire value 5, 2d6 7" in shot("Concentrated", "on")
