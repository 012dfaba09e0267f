"""HQ and combat-unit displacement (PtR 10.2.4B, 11.4.2D, 14.2, 20.0C, 20.2) on the synthetic game: towns are
1311, 1313 and 1314; every HQ has CR 5 and 2 Relocation Points."""
from __future__ import annotations

from tests.rules.ptr.helpers import PtrLog, illegal, verdicts
from tests.rules.ptr.test_actions import SETUP, german

FAT = "Formation Activation Track"


def lone_hq(syn, **moved: str) -> PtrLog:
    """116-PG enters 1414 next to US1-HQ alone in the town 1313 (event 7): the HQ is displaced (10.2.2A)."""
    return german(syn, dict(SETUP, **{"US1-HQ": "1313"}, **moved)).move("116-PG", "1513", "1414")


def test_a_displaced_hq_goes_to_a_town(syn):
    """PTR19-5 (20.2A): to the town 1311 (with 1-A) it may go; to the clear 1312 it may not."""
    r = lone_hq(syn).move("US1-HQ", "1313", "1312", "1311").check()
    assert illegal(r) == [] and "case 20.2B" in verdicts(r, 8)[0].detail
    r = lone_hq(syn).move("US1-HQ", "1313", "1312").check()
    assert illegal(r) == [(8, "PTR 20.2A")]


def test_an_hq_enters_an_ezoc_only_with_a_friendly_combat_unit(syn):
    """PTR19-3 (20.0C6): the town 1314 is in 116-PG's ZOC: the displaced HQ may not go there alone, but may where
    1-B (even disrupted) already stands."""
    r = lone_hq(syn).move("US1-HQ", "1313", "1314").check()
    assert illegal(r) == [(8, "PTR 20.0C6")]
    r = lone_hq(syn, **{"1-B": "1314"}).move("US1-HQ", "1313", "1314").check()
    assert illegal(r) == []


def test_the_fam_pays_the_displacement(syn):
    """PTR19-6 (20.2B2): displaced within CR by a free path, 1inf's FAM goes one box down, 4 -> 3."""
    base = lone_hq(syn).move("US1-HQ", "1313", "1312", "1311")
    r = base.marker("1st Infantry FAM", FAT, 3).check()
    assert illegal(r) == []
    r = lone_hq(syn).move("US1-HQ", "1313", "1312", "1311").marker("1st Infantry FAM", FAT, 4).check()
    assert illegal(r) == [(9, "PTR 20.2B2")]


def test_an_illegal_relocation_pays_the_displacement_penalty(syn):
    """PTR11-12 / PTR11-14 (11.4.2D): US1-HQ relocates to the clear 1312 (illegal, 20.0C5): its FAM, 3 after the
    activation, pays case 20.2B: box 2, not 3."""
    def log() -> PtrLog:
        return PtrLog(syn).phase(1, "operations").say("us", "act 1inf").marker("1st Infantry FAM", FAT, 3) \
            .roll("us", 8).say("us", "relocate 1infhq").move("US1-HQ", "1311", "1312")
    r = log().marker("1st Infantry FAM", FAT, 2).check()
    assert illegal(r) == [(5, "PTR 20.0C5")]
    r = log().marker("1st Infantry FAM", FAT, 3).check()
    assert illegal(r) == [(5, "PTR 20.0C5"), (6, "PTR 20.2B2")]


def test_two_hqs_in_a_hex_one_is_displaced_at_once(syn):
    """PTR14-1 / PTR14-6 (14.2A): US1-HQ relocates into 1313 where US3-HQ stands: one of them is displaced next
    (US3-HQ to the town 1311), not after other play."""
    def log() -> PtrLog:
        return PtrLog(syn, dict(SETUP, **{"US3-HQ": "1313"})).phase(1, "operations").say("us", "act 1inf") \
            .roll("us", 8).say("us", "relocate 1infhq").move("US1-HQ", "1311", "1312", "1313")
    r = log().move("US3-HQ", "1313", "1312", "1311").check()
    assert illegal(r) == [] and "PTR 14.2A" in verdicts(r, 5)[0].detail
    r = log().say("us", "done").check()
    assert illegal(r) == [(5, "PTR 14.2A")]


def overstacked(syn) -> PtrLog:
    """1-A ends its Movement Action in 1214 with 3-AI (two infantry-type units: 14.1D, event 3; 'done', 4); every
    combat unit there is disrupted (events 5-7)."""
    return PtrLog(syn).phase(1, "operations").say("us", "act 1inf").roll("us", 5) \
        .move("1-A", "1311", "1312", "1313", "1214").say("us", "done").disrupt("1-A", "1214") \
        .disrupt("3-AI", "1214").disrupt("3-TK", "1214")


def test_overstacked_units_go_to_adjacent_hexes(syn):
    """PTR14-8 (14.2B): after the disruptions the opponent displaces 1-A into the adjacent empty 1213, not two
    hexes away."""
    r = overstacked(syn).move("1-A", "1214", "1213").check()
    assert illegal(r) == [(3, "PTR 14.1D")]
    r = overstacked(syn).move("1-A", "1214", "1213", "1212").check()
    assert illegal(r) == [(3, "PTR 14.1D"), (8, "PTR 14.2B")]


def test_an_interrupted_mover_goes_to_the_nearest_vacant_hex(syn):
    """PTR10-19 (10.2.4B): 116-IN enters 1513, where 116-PG stands, next to 3-TK2 (1413); 3arm's reaction succeeds,
    so 116-IN stops there overstacked and goes to a vacant hex next to it (1514), not two hexes away (1515)."""
    def log() -> PtrLog:
        return german(syn, dict(SETUP, **{"3-TK2": "1413"})).move("116-IN", "1612", "1513") \
            .say("us", "react 3arm").roll("us", 2)
    r = log().move("116-IN", "1513", "1514").check()
    assert not [x for x in illegal(r) if x[1] == "PTR 10.2.4B"] and "nearest vacant" in verdicts(r, 10)[0].detail
    r = log().move("116-IN", "1513", "1514", "1515").check()
    assert (10, "PTR 10.2.4B") in illegal(r)
