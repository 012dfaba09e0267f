"""PtR 3.2 (fractions kept in movement) on the synthetic game: 1-A (US leg, MA 4 + 2 away from the enemy) crosses
the stream twice (1 + 1 MP each) and pays 1/2 MP a road hex (12.3C) in between."""
from __future__ import annotations

from tests.rules.ptr.test_costs import rules_of, us


def test_movement_fractions_are_never_rounded(syn):
    """PTR3-2: four road hexes make 6 MP, legal; five make 6.5 MP, over the MA 6 (rounding down would allow it)."""
    r = us(syn, "1inf", {"1-A": "1110"}).move("1-A", "1110", "1010", "1011", "1012", "1013", "1014", "1114").check()
    assert rules_of(r) == []
    r = us(syn, "1inf", {"1-A": "1110"}).move("1-A", "1110", "1010", "1011", "1012", "1013", "1014", "1015",
                                              "1115").check()
    assert rules_of(r) == ["PTR 12.0B"] and "6.5 MP" in r.judged[-1].verdicts[0].reason
