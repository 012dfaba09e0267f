"""Second-audit fixes (issue #15) to bridges and scenario rules on the synthetic game."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, illegal, rules_broken

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
