"""HTTR opportunity fire resolved (SR 6.6.1.4) on the synthetic game: an OF's roll is resolved as the DF, IF or AT
fire it takes the form of, at its target as it stands before its trigger (6.6.1.2), with no entrenchment benefit for
a target conducting a movement function (12.1.1, ENT-2). G-ART (artillery, morale 6) stands in Defilade in an
entrenched, clear B0304; A-INF1 (5 SP, ER 5) next to it fires: fire value 5 on the lowermost line, 3 on the
entrenched one (SR 6.3.5.2 example, L224), where 2d6 5 is DEF and '-'. A DEF on artillery already in Defilade calls
for a morale check (6.7.6)."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, rules_broken, unsure
from tests.rules.httr.test_fire_values import detail

DUG_IN = {"A-INF1": "B0303", "G-ART": ("B0304", {"Mode": "Defilade"})}
DEF_OR_NOTHING = (2, 3)


def of_roll(trigger: str | None, *after, setup: dict = DUG_IN, line: str = "of B0304 from A-INF1 target G-ART",
            dice: tuple[int, int] = DEF_OR_NOTHING, kind: str = "Direct Fire") -> list:
    """The OF roll's verdicts once the German Movement Phase ended, after ``after`` (each a function of the log)."""
    log = Log(setup).marker("e1", "Entrenchment", "B0304").phase(1, "german_movement")
    log.say(line + (f" trigger {trigger}" if trigger else "")).roll(kind, *dice)
    for step in after:
        step(log)
    return log.phase(1, "german_organization").check().judged[2].verdicts


def leaves(log: Log) -> Log:
    return log.move("G-ART", "B0305")


def morale(log: Log) -> Log:
    return log.roll("Morale Check", 1, 1)


def test_a_unit_leaving_its_entrenchment_is_fired_at_without_it():  # ENT-2, SR 12.1.1 (L685); DF-12, EFF-4
    # leaving B0304 is a movement function: the lowermost line's DEF, and artillery in Defilade checks morale
    moving = of_roll("leave", morale, leaves)
    # changed (audit item 9): a target in Defilade reads its terrain's Defilade line (SR 6.1.11)
    assert "fire value 5, 2d6 5 on the lowermost line (defilade): DEF" in detail(moving) and all_legal(moving)
    assert rules_broken(of_roll("leave", leaves)) == ["HTTR SR 6.7.6"]  # read as entrenched ('-'): no check rolled


def test_a_mode_change_is_fired_at_in_the_entrenchment():  # ENT-2, SR 6.6.2.2 (L344), 12.1.2
    # a mode change is no movement function: the target keeps its Defilade and its entrenchment, '-' asks nothing
    kept = of_roll("mode", lambda log: log.mode("G-ART", "Travel", "Defilade"))
    # changed (audit item 9): a target in Defilade reads its terrain's Defilade line (SR 6.1.11)
    assert "fire value 3 (entrenched line), 2d6 5 on the lowermost line (defilade): -" in detail(kept)
    assert "HTTR SR 6.7.6" not in rules_broken(kept)


def test_without_a_trigger_word_an_entrenched_target_is_not_checkable():  # ENT-2, SR 12.1.1
    got = of_roll(None, leaves)
    assert any("the trigger of the opportunity fire at G-ART" in v.needs for v in unsure(got))
    assert not rules_broken(got)
    plain = of_roll(None, leaves, setup={**DUG_IN, "G-ART": ("B0304", {"Mode": "Travel"})})
    assert "fire value 5, 2d6 5 on the lowermost line: DEF" in detail(plain)  # no benefit either way (12.1.2)


def test_a_close_action_attacker_is_fired_at_without_its_entrenchment():  # ENT-2, SR 12.1.5 (L688), 6.6.3.1
    # G-INF1 (infantry, Defilade, entrenched B0304) close-assaults A-INF1's B0303: A-INF1's OF reads the plain line
    setup = {"A-INF1": "B0303", "G-INF1": ("B0304", {"Mode": "Defilade"})}
    attack = of_roll("ca", lambda log: log.say("ca B0303 from B0304").roll("Close Action", 4), setup=setup,
                     line="of B0304 from A-INF1 target G-INF1")
    # changed (audit item 9): a target in Defilade reads its terrain's Defilade line (SR 6.1.11)
    assert "fire value 5, 2d6 5 on the lowermost line (defilade): DEF" in detail(attack) and all_legal(attack)


def test_if_as_of_is_resolved_on_the_if_matrix():  # OF-12, EFF-4: SR 6.6.5.1 (L363), 6.6.1.4, 6.7.7
    # G-ART (6 SP, ER 6) through G-INF1 at A-INF1 after three watched hexes: IF fire value 6, where 2d6 5 is a loss;
    # Concentrated A-INF1 then adopts Defilade or checks morale
    path = ["B0301", "B0302", "B0303", "B0304"]
    setup = {"A-INF1": path[0], "G-ART": ("B0110", {"Mode": "Defilade"}), "G-DIV": ("B0109", {"Mode": "Defilade"}),
             "G-INF1": "B0205"}

    def fired(*after) -> list:
        log = Log(setup).phase(1, "allied_movement")
        for h in path[1:]:
            log.move("A-INF1", h)
        log.say("of B0304 from G-ART spotter G-INF1 hq G-DIV").roll("Indirect Fire", 2, 3)
        for step in after:
            step(log)
        return log.phase(1, "allied_organization").check().judged[5].verdicts

    assert "as IF of 6 SP at ER 6: fire value 6, 2d6 5 on the lowermost line: 1" in detail(fired())
    assert rules_broken(fired()) == ["HTTR SR 6.7.7"]
    assert all_legal(fired(lambda log: log.mode("A-INF1", "Defilade", "Concentrated")))


def test_an_at_units_of_at_an_afv_is_at_fire():  # AT-7, SR 18.2.5 (L902), 6.4.2.1, 6.6.1.4
    # A-AT (medium) at G-AFV (2 SP, heavy) leaving B0304: ATFV 7, 2d6 4 takes 2 SP, its printed strength: it is
    # eliminated, so its move is no longer possible and the loss calls for Defilade (6.7.3) or a morale check
    log = Log({"G-AFV": "B0304", "A-AT": ("B0303", {"Mode": "Defilade"})}).phase(1, "german_movement")
    log.say("of B0304 from A-AT target G-AFV trigger leave").roll("AT Fire", 2, 2).move("G-AFV", "B0305")
    shot = log.phase(1, "german_organization").check().judged[2].verdicts
    assert "ATFV 7, 2d6 4: 2 SP lost" in detail(shot)
    assert sorted(rules_broken(shot)) == ["HTTR SR 6.4.2.1", "HTTR SR 6.7.7"]


def test_a_ferry_trigger_is_a_move_out_of_the_hex():  # OF-1/OF-2, SR 6.6.1.1-6.6.1.2 with SR 6.3.4.2
    """``trigger ferry`` names a unit leaving its hex by a ferry: a move out answers it, a mode change does not."""
    def then(step) -> list:
        log = Log(DUG_IN).phase(1, "german_movement").say("of B0304 from A-INF1 target G-ART trigger ferry")
        return step(log).phase(1, "german_organization").check().judged[1].verdicts  # the declaration's
    assert not rules_broken(then(leaves))
    assert rules_broken(then(lambda log: log.mode("G-ART", "Travel", "Defilade"))) == ["HTTR SR 6.6.1.1"]
