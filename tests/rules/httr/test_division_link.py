"""CP-9, SR 14.3.2 (L778): the receiving HQ's supply path to its division HQ (the system's ``division_link``)
enters no hex with an enemy unit or its un-negated ZOC, and a friendly unit, an HQ as much as a company, negates
the EZOC in the hex it occupies (SR 13.2.2.3, L705). On the synthetic game: A-DIV in the corner hex B0101, whose
only neighbours are B0102 and B0201; G-INF1 in B0202 puts both in its ZOC (SR 8.0), so A-REG1 in B0103 reaches
A-DIV only through a friendly unit in B0102."""
from __future__ import annotations

from tests.rules.httr.helpers import all_legal, rules_broken
from tests.rules.httr.test_command import NEAR, allot

CORNER = {"A-REG1": "B0103", "A-DIV": ("B0101", {"Mode": "Defilade"}), "G-INF1": "B0202"}


def test_an_ezoc_no_friend_negates_cuts_the_link():  # CP-9: illegal
    assert rules_broken(allot(CORNER, "cp A-REG1 1")) == ["HTTR SR 14.3.2"]


def test_a_friendly_hq_negates_the_ezoc_in_its_hex():  # CP-9: legal through another HQ's hex (SR 13.2.2.3)
    assert all_legal(allot({**CORNER, "A-REG2": "B0102"}, "cp A-REG1 1"))
    assert all_legal(allot({**CORNER, "A-CORPS": "B0102"}, "cp A-REG1 1"))


def test_a_friendly_company_negates_the_ezoc_in_its_hex():  # CP-9: legal
    assert all_legal(allot({**CORNER, "A-INF1": "B0102"}, "cp A-REG1 1"))


def test_the_division_hq_negates_the_ezoc_in_its_own_hex():  # CP-9: an enemy next to the division HQ only
    assert all_legal(allot({**NEAR, "G-INF1": "B0104"}, "cp A-REG1 1"))


def test_the_link_is_to_the_division_hq_not_another_hq():  # CP-9: illegal, 15 hexes to A-DIV, a corps HQ beside
    far = {"A-REG1": "A0710", "A-DIV": ("B0101", {"Mode": "Defilade"}), "A-CORPS": "A0709"}
    assert rules_broken(allot(far, "cp A-REG1 1")) == ["HTTR SR 14.3.2"]
