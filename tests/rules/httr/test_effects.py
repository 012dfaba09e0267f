"""HTTR effects of fire and their morale checks (SR 6.7, 16) on the synthetic game, with H22's IF packet: GB-HW
(6 SP, ER 7) fires through spotter GB-6GH-D at B0303 (clear): fire value 7, where 2d6 3 is a loss of 1 and 8 is
DEF. G-3SS has morale 4, G-ART morale 6."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, rules_broken

SPOT = {"GB-6GH-D": "B0202", "GB-HW": "B0201"}
LOSS, DEF = (2, 1), (5, 3)


def after(target: dict, roll: tuple[int, int], *steps, unit: str = "G-3SS") -> list:
    """The IF roll's verdicts once the phase ended, after ``steps`` (each a function of the log)."""
    log = Log({**target, **SPOT}).phase(1, "allied_fire").say(f"if B0303 from GB-HW spotter GB-6GH-D target {unit}")
    log.roll("Indirect Fire", *roll)
    for s in steps:
        s(log)
    return log.phase(1, "allied_movement").check().judged[2].verdicts


def defilade(u: str = "G-3SS", old: str = "Concentrated"):
    return lambda log: log.mode(u, "Defilade", old)


def morale(a: int, b: int):
    return lambda log: log.roll("Morale Check", a, b)


def test_a_loss_puts_the_target_in_defilade():  # EFF-3, SR 6.7.3 (L390)
    assert all_legal(after({"G-3SS": "B0303"}, LOSS, defilade()))
    assert rules_broken(after({"G-3SS": "B0303"}, LOSS)) == ["HTTR SR 6.7.7"]  # Concentrated, no morale check
    assert all_legal(after({"G-3SS": ("B0303", {"Mode": "Defilade"})}, LOSS))  # already in Defilade


def test_a_concentrated_target_stays_only_after_a_passed_check():  # EFF-5, MOR-1, MOR-2: SR 6.7.7, 16.2, 16.4
    assert all_legal(after({"G-3SS": "B0303"}, LOSS, morale(2, 2)))  # 4 <= morale 4: stays Concentrated
    assert rules_broken(after({"G-3SS": "B0303"}, LOSS, morale(3, 2))) == ["HTTR SR 6.7.7"]  # 5 > 4
    assert all_legal(after({"G-3SS": "B0303"}, LOSS, morale(3, 2), defilade()))  # failed: Defilade (and a loss)
    assert all_legal(after({"G-3SS": "B0303"}, DEF, morale(1, 1)))  # DEF: stays Concentrated after a pass
    assert rules_broken(after({"G-3SS": "B0303"}, DEF, morale(6, 6))) == ["HTTR SR 6.7.2"]


def test_a_travel_unit_losing_strength_is_disrupted():  # EFF-6, SR 6.7.8 (L394)
    column = {"G-3SS": ("B0303", {"Mode": "Travel"})}
    disrupt = lambda log: log.layer("G-3SS", "Disrupted", "Normal", "Disrupted")  # noqa: E731
    assert all_legal(after(column, LOSS, disrupt, defilade(old="Travel")))
    assert rules_broken(after(column, LOSS, defilade(old="Travel"))) == ["HTTR SR 6.7.8"]
    assert rules_broken(after(column, LOSS, disrupt)) == ["HTTR SR 6.7.3"]  # infantry has a Concentrated Mode


def test_of_two_travel_units_the_top_one_takes_the_loss():  # EFF-6, SR 6.7.8 (L394): G-INF1 on top
    two = {"G-3SS": ("B0303", {"Mode": "Travel"}), "G-INF1": ("B0303", {"Mode": "Travel"})}
    log = Log({**two, **SPOT}).phase(1, "allied_fire").say("if B0303 from GB-HW spotter GB-6GH-D target G-3SS")
    assert rules_broken(log.roll("Indirect Fire", *LOSS).check().judged[2].verdicts)[:1] == ["HTTR SR 6.7.8"]


def test_hq_or_artillery_in_defilade_checks_morale_on_def():  # EFF-4, MOR-2: SR 6.7.6 (L392), 16.4 (L835)
    guns = {"G-ART": ("B0303", {"Mode": "Defilade"})}
    disrupt = lambda log: log.layer("G-ART", "Disrupted", "Normal", "Disrupted")  # noqa: E731
    assert rules_broken(after(guns, DEF, unit="G-ART")) == ["HTTR SR 6.7.6"]  # no check rolled
    assert all_legal(after(guns, DEF, morale(6, 6), disrupt, unit="G-ART"))  # failed: disrupted
    assert rules_broken(after(guns, DEF, morale(1, 2), disrupt, unit="G-ART")) == ["HTTR SR 6.7.6"]  # passed
    assert all_legal(after(guns, DEF, morale(1, 2), unit="G-ART"))


def test_excess_hits_on_a_leg_unit_never_pass_to_an_afv():  # DF-11, SR 6.3.2.2 (L205)
    # A-INF1 (5 SP, ER 5: fire value 5; 2d6 11 takes 2) fires at G-INF1 stacked on G-AFV in B0304
    setup = {"G-AFV": "B0304", "G-INF1": "B0304", "A-INF1": "B0303"}
    log = Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1 target G-INF1").roll("Direct Fire", 5, 6)
    spilled = log.kill("G-INF1", "B0304").kill("G-AFV", "B0304").phase(1, "allied_movement").check()
    assert "HTTR SR 6.3.2.2" in rules_broken(spilled.judged[2].verdicts)
    kept = Log(setup).phase(1, "allied_fire").say("df B0304 from A-INF1 target G-INF1").roll("Direct Fire", 5, 6) \
        .kill("G-INF1", "B0304").phase(1, "allied_movement").check()
    assert all_legal(kept.judged[2].verdicts)


def test_h10_spill_over_alternates_unit_types():  # IF-13, SR 6.5.3.2 (L320-L321), example H10 (Y)
    # H10: a stack of an infantry unit and a flak gun takes IF spill-over: the first hit falls on either, the second
    # on the other type. Here G-INF1 is the IF's target (eliminated), G-INF2 the infantry, G-STATIC the flak gun.
    setup = {"G-INF1": "B0303", "G-INF2": "B0303", "G-STATIC": "B0303", **SPOT}

    def spill(*units: str, kind: str = "if") -> list:
        log = Log(setup).phase(1, "allied_fire")
        if kind == "if":
            log.say("if B0303 from GB-HW spotter GB-6GH-D target G-INF1").roll("Indirect Fire", 6, 6)
        else:
            log.say("df B0303 from GB-6GH-D target G-INF1").roll("Direct Fire", 6, 6)
        return log.kill("G-INF1", "B0303").say("spill B0303 " + " ".join(units)).check().judged[-1].verdicts
    assert all_legal(spill("G-INF2", "G-STATIC"))
    assert all_legal(spill("G-STATIC", "G-INF2", "G-STATIC"))
    assert rules_broken(spill("G-INF2", "G-INF2")) == ["HTTR SR 6.5.3.2"]
    assert all_legal(spill("G-INF2", "G-INF2", kind="df"))  # DF-6: a DF's overflow, to the new top two (SR 6.3.1.6)


def test_a_minimal_fire_attack():  # DF-14, SR 6.3.5.3 (L225): G-FEEBLE's 1 SP at ER 1 has fire value 0
    setup = {"G-FEEBLE": "B0304", "A-INF1": "B0303", "G-WEAK": "B0403"}

    def minimal(dice: tuple[int, int], *steps) -> list:
        log = Log(setup).phase(1, "german_fire").say("df B0303 from G-FEEBLE target A-INF1").roll("Direct Fire", *dice)
        for s in steps:
            s(log)
        return log.phase(1, "german_movement").check().judged[2].verdicts
    assert all_legal(minimal((3, 4)))  # no 2: no effect
    assert rules_broken(minimal((1, 1))) == ["HTTR SR 6.3.5.3"]  # a 2, but no morale check
    fails = lambda log: log.roll("Morale Check", 6, 6)  # noqa: E731  12 > morale 8: a loss of 1
    assert all_legal(minimal((1, 1), fails, defilade("A-INF1")))
    assert rules_broken(minimal((1, 1), fails)) == ["HTTR SR 6.7.7"]  # the loss leaves it Concentrated
    passes = lambda log: log.roll("Morale Check", 2, 2)  # noqa: E731  DEF
    assert all_legal(minimal((1, 1), passes, defilade("A-INF1")))
    log = Log(setup).phase(1, "german_fire").say("df B0303 from G-FEEBLE target A-INF1").roll("Direct Fire", 3, 4) \
        .say("df B0303 from G-FEEBLE target A-INF1").roll("Direct Fire", 3, 4).check()
    assert "HTTR SR 6.3.5.3" in rules_broken(log.judged[4].verdicts)  # one Minimal Fire Attack a phase


def test_losses_beyond_the_target_are_ignored_except_after_if():  # DF-7, SR 6.3.1.7 (L190) / 6.7.9 (L395)
    setup = {"G-INF1": "B0303", "G-INF2": "B0303", "G-STATIC": "B0303", **SPOT}

    def spill(*fire: str, killed: bool = True) -> list:
        log = Log(setup).phase(1, "allied_fire")
        for kind in fire:
            if kind == "if":
                log.say("if B0303 from GB-HW spotter GB-6GH-D target G-INF1").roll("Indirect Fire", 6, 6)
            else:  # "df": a loss; "miss": no effect (2d6 2)
                log.say("df B0303 from GB-6GH-D target G-INF1").roll("Direct Fire", *((6, 6) if kind == "df" else (1, 1)))
        if killed:
            log.kill("G-INF1", "B0303")
        return log.say("spill B0303 G-INF2").check().judged[-1].verdicts
    assert all_legal(spill("if"))  # IF's excess beyond its eliminated target passes on (6.5.3.2)
    assert all_legal(spill("df"))  # DF-6: a DF loss's overflow goes to the new top two (SR 6.3.1.6)
    assert rules_broken(spill("miss")) == ["HTTR SR 6.7.9"]  # a DF without loss has no excess to pass on
    assert rules_broken(spill("if", "miss")) == ["HTTR SR 6.7.9"]  # the last fire at the hex was DF
    assert rules_broken(spill("if", killed=False)) == ["HTTR SR 6.5.3.2"]  # no excess while the target stands


def test_an_elimination_no_result_explains_is_not_checkable():  # SR 2.6.3 (L63): losses are markers, not logged
    """A unit removed to the Eliminated box with no fire or CA result before it: the log never shows its strength
    losses, so whether it had lost its last SP is not checkable (never legal, never illegal)."""
    from hexforge.rules.verdict import NotCheckable
    got = Log({"A-INF1": "B0303"}).phase(1, "allied_movement").kill("A-INF1", "B0303").check().judged[-1].verdicts
    assert [type(v) for v in got] == [NotCheckable] and "last strength point (SR 2.6.3)" in got[0].needs
