"""Hex control (PtR 3.5) and the isolated formation's edge entry it decides (21.5.6 A/E/G) on the synthetic s2: 3-TK2
may enter on a US-controlled hex of the south edge (1010-1017) when US3-HQ is out of supply, shut in 1717 by 116-PG
(1617) and 116-IN (1716)."""
from __future__ import annotations

from tests.rules.ptr.helpers import PtrLog, illegal, verdicts

CUT = {"US3-HQ": "1717", "116-PG": "1617", "116-IN": "1716", "G116-HQ": "1614", "1-A": "1012", "US1-HQ": "1111"}


def test_isolated_formation_enters_a_us_controlled_edge_hex(syn):
    """PTR3-4 / PTR6-18: 1013 is in 1-A's ZOC, so US-controlled (3.5A); 1016 is German; 1113 is off the edge."""
    r = PtrLog(syn, CUT).phase(2, "reinforcement").enter("3-TK2", "1013").check("s2")
    assert illegal(r) == [] and "an edge hex its side controls" in verdicts(r, 1)[0].detail
    r = PtrLog(syn, CUT).phase(2, "reinforcement").enter("3-TK2", "1016").check("s2")
    assert illegal(r) == [(1, "PTR 21.5.6")]
    r = PtrLog(syn, CUT).phase(2, "reinforcement").enter("3-TK2", "1113").check("s2")
    assert illegal(r) == [(1, "PTR 21.5.6")]


def test_control_switches_when_an_enemy_combat_unit_enters(syn):
    """PTR3-4 (3.5B): a German unit entering 1013 takes it; the US edge entry there is then illegal."""
    log = PtrLog(syn, dict(CUT, **{"9-IN": "1114"})).phase(2, "reinforcement")
    log.move("9-IN", "1114", "1013").move("9-IN", "1013", "1114")
    r = log.enter("3-TK2", "1013").check("s2")
    assert (3, "PTR 21.5.6") in illegal(r)
