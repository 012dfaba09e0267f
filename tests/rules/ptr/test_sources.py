"""Supply sources (PtR 17.4): which map edges feed each side, from which turn, and an edge hex an enemy unit
stands in. Judged where supply is: at activation an HQ out of supply must expend Emergency Supply before the AP
roll (10.1.3C), so a missing flip is the Illegal verdict a wrong source would change. Synthetic edges: US south
(row 10) from Turn 1, US east (column 17) from Turn 2, German north (row 17)."""
from __future__ import annotations

from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal
from tests.rules.ptr.test_actions import SETUP

SOUTH_HELD = dict(SETUP, **{"116-PG": "1011", "116-TK": "1013", "116-IN": "1015", "9-IN": "1017", "9-TK": "1612"})


def test_an_edge_feeds_from_its_turn(syn):
    """PTR17-2: German units on 1011-1017 hold or cover every south-edge hex: on Turn 1 US1-HQ has no source and
    must flip before 1inf's AP roll; on Turn 2 the east edge feeds it."""
    r = PtrLog(syn, SOUTH_HELD).phase(1, "operations").say("us", "act 1inf").roll("us", 8).check()
    assert illegal(r) == [(2, "PTR 10.1.3C")]
    r = PtrLog(syn, SOUTH_HELD).phase(2, "operations").initiative(9, 1).say("us", "act 1inf").roll("us", 8).check()
    assert (4, "PTR 10.1.3C") not in illegal(r)


def north_held(syn, on_source: bool) -> PtrLog:
    """US units on 1711-1715 (3-TK in 1715 disrupted, so no ZOC reaches 1716), and 3-TK2 disrupted in 1716 when
    ``on_source``: G116-HQ in 1616 next to 1716; the Germans activate 116pz."""
    setup = dict(SETUP, **{"1-A": "1711", "1-B": "1712", "1-TD": "1713", "3-AI": "1714", "3-TK": "1715",
                           "3-TK2": "1716" if on_source else "1211", "G116-HQ": "1616", "G9-HQ": "1410"})
    log = PtrLog(syn, setup).disrupt("3-TK", "1715")
    if on_source:
        log.disrupt("3-TK2", "1716")
    return log.phase(1, "operations").say("us", "pass").initiative(2, 8).say("german", "act 116pz")


def test_an_edge_hex_an_enemy_stands_in_is_no_source(syn):
    """PTR17-4: with the disrupted 3-TK2 standing in 1716 (no ZOC), the edge hex is no source: G116-HQ must flip;
    with 1716 empty it is in supply."""
    r = north_held(syn, on_source=False).roll("german", 8).check()
    assert illegal(r) == []
    r = north_held(syn, on_source=True).roll("german", 8).check()
    assert illegal(r) == [(7, "PTR 10.1.3C")]


def test_bundled_german_supply_needs_the_north_east_edge(ptr):
    """PTR17-3 on the bundled data: with US units on every north-edge hex (5511-5527), only the north-east edge could
    feed LXXXI-116 Pz, and its hexes ('4127-5428') are not known: the activation's supply is not checkable and
    names the edge, never legal."""
    us = [u for u, unit in sorted(ptr.units.items()) if unit.side == "us" and unit.type != "headquarters"][:17]
    setup = dict({"LXXXI-116 Pz": "2514", "116-II/16": "2013"}, **{u: f"55{c}" for u, c in zip(us, range(11, 28))})
    r = PtrLog(ptr, setup).phase(1, "operations").say("us", "pass").initiative(4, 6).say("german", "act 116pz") \
        .check("s2")
    verdicts = r.judged[4].verdicts
    assert any(isinstance(v, NotCheckable) and "german-northeast" in v.needs for v in verdicts)
    assert not any(isinstance(v, Legal) for v in verdicts)
