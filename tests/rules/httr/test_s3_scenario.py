"""Second-audit fixes (issue #15) to bridges and scenario rules on the synthetic game."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from tests.rules.httr.helpers import Log, game, illegal, rules_broken
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

BLOWN = "Destroyed Bridge"


def blown_then_rolled(total: tuple[int, int], marked: bool) -> list:
    """Bridge engineers blow the stream bridge at A0703 (3 GTs concentrated next to it, ScR 9.5.6); then A-INF1 comes
    next to the canal bridge A0601/A0502 and the Germans roll ``total`` for it, ``marked`` with its marker."""
    log = Log({"A-BENG": "A0603", "A-BENG2": "A0603", "A-INF1": "A0504"})
    for t in range(1, 5):
        log.phase(t, "allied_command")
    log.place("b1", BLOWN, "A0703")
    log.phase(4, "allied_movement").move("A-INF1", "A0503").roll("Bridge Demolition", *total)
    if marked:
        log.place("b2", BLOWN, "A0601")
    return [v for j in log.phase(4, "allied_reaction").check().judged for v in j.verdicts]


def test_a_bridge_blown_by_engineers_counts_for_later_rolls():  # FRY-4, ScR 9.5.4 (L1392), 9.5.6 (L1394)
    # 6 + 1 for the bridge already destroyed: 7, intact; a marker for it would be no roll's
    assert not illegal(blown_then_rolled((3, 3), marked=False))
    assert rules_broken(blown_then_rolled((3, 3), marked=True)) == ["HTTR ScR 9.5.6"]
    # 5 + 1: 6, destroyed, so its marker is due
    assert not illegal(blown_then_rolled((2, 3), marked=True))
    assert rules_broken(blown_then_rolled((2, 3), marked=False)) == ["HTTR ScR 9.5.3"]


def s19(uid: str, *steps) -> list[str]:
    """The rules broken when ``uid``, in B2020 in S19's GT 2, takes ``steps`` (Log methods and their arguments)."""
    log = Log({uid: "B2020"}, BUNDLED).phase(2, "allied_movement" if "/82" in uid else "german_movement")
    for name, *args in steps:
        getattr(log, name)(uid, *args)
    return rules_broken([v for j in HttrReferee(rules_for(BUNDLED, "s19"), log.timeline(), None).run().judged
                         for v in j.verdicts])


def test_allied_units_may_not_exit_the_map_in_s19():  # SCN-1, ScR 19.1 (L1611), s19.toml allied_may_not_exit
    assert "HTTR ScR 19.1" in s19("504/82", ("leave",))
    assert "HTTR ScR 19.1" not in s19("504/82", ("move", "B2021"))
    assert "HTTR ScR 19.1" not in s19("107PzB", ("leave",))  # a German unit


def flak_recovers(turn: int) -> list[str]:
    """G-FLAK disrupted by the drop scenario's Flak Suppression roll of 3 (ScR 23.1.4) recovers in ``turn``'s German
    Command Phase."""
    log = Log({"G-FLAK": ("B0406", {"Disrupted": "Disrupted"})}).roll("Flak Suppression", 3) \
        .phase(1, "allied_movement").phase(turn, "german_command")
    log.roll("Morale Check", 1, 1).layer("G-FLAK", "Disrupted", "Disrupted", "Normal")
    return rules_broken([v for j in HttrReferee(rules_for(game(), "drop"), log.timeline(), None).run().judged
                         for v in j.verdicts])


def test_suppressed_flak_does_not_recover_before_gt_2():  # SCN-7, ScR 23.1.4 (L1727)
    assert flak_recovers(1) == ["HTTR ScR 23.1.4"]
    assert "HTTR ScR 23.1.4" not in flak_recovers(2)


def in_rubble(uid: str, mode: str, *steps, rule: str = "on") -> list[str]:
    """A Rubble marker lies on A0508 (the synthetic City hex); ``uid`` in A0507 in ``mode`` then takes ``steps``
    in the Allied Movement Phase (optional Rubble ``rule``)."""
    log = Log({uid: ("A0507", {"Mode": mode})}).phase(1, "allied_fire").place("r1", "Rubble", "A0508") \
        .phase(1, "allied_movement")
    for name, *args in steps:
        getattr(log, name)(uid, *args)
    return rules_broken([v for j in log.check(optional_rubble=rule).judged for v in j.verdicts])


def test_vehicles_enter_and_stay_in_rubble_only_in_defilade():  # OPT-7, ScR 15.7.2 (L1504)
    assert "HTTR ScR 15.7.2" in in_rubble("A-TANK", "Concentrated", ("move", "A0508"))
    assert "HTTR ScR 15.7.2" not in in_rubble("A-TANK", "Defilade", ("move", "A0508"))
    assert "HTTR ScR 15.7.2" in in_rubble("A-TANK", "Defilade", ("move", "A0508"), ("mode", "Concentrated"))
    assert "HTTR ScR 15.7.2" not in in_rubble("A-INF1", "Concentrated", ("move", "A0508"))  # not a vehicle
    assert "HTTR ScR 15.7.2" not in in_rubble("A-TANK", "Concentrated", ("move", "A0508"), rule="off")
