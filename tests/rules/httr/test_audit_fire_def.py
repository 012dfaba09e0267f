"""Audit fix (issue #15, item 7) on the synthetic game: a DEF result on an HQ or artillery unit already disrupted has
no further effect (SR 6.7.2.1), so the morale check of SR 6.7.6 is not due."""
from __future__ import annotations

from tests.rules.httr.helpers import all_legal, illegal, rules_broken
from tests.rules.httr.test_audit_fire import DEF, after_if


def test_def_on_a_disrupted_gun_in_defilade_has_no_further_effect():  # EFF-4, EFF-2: SR 6.7.2.1 (L387), 6.7.6
    """G-ART in battery (Defilade) takes DEF: a morale check is due (6.7.6), unless it is already disrupted, when
    the DEF has 'no further effect' (6.7.2.1). The Defilade line of clear (SR 6.1.11) gives DEF at FV 7, roll 8."""
    calm = {"G-ART": ("B0303", {"Mode": "Defilade"})}
    shaken = {"G-ART": ("B0303", {"Mode": "Defilade", "Disrupted": "Disrupted"})}
    assert rules_broken(after_if(calm, DEF, unit="G-ART")) == ["HTTR SR 6.7.6"]  # illegal: no check rolled
    assert all_legal(after_if(shaken, DEF, unit="G-ART"))  # legal: disrupted already, no check is due
    assert not illegal(after_if(shaken, DEF, unit="G-ART"))
