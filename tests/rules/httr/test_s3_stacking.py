"""HTTR stacking fixes of the second audit (issue #15) on the synthetic game: a unit joining, in an enemy ZOC, a
stack that holds a disrupted unit (SR 11.3.4 vs 11.4.2, reading ``ezoc_join_disrupted``), and the units already
disrupted when their hex is overstacked (SR 11.2.3). G-INF1 in B0403 puts B0303 in its ZOC."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken
from tests.rules.httr.test_overstack import CROWD, DISRUPT

DIS = {"Disrupted": "Disrupted"}
JOIN = {"A-INF1": "B0302", "A-INF2": "B0303", "A-INF3": ("B0303", DIS), "G-INF1": "B0403"}


def join(top_first: tuple[str, ...], setup: dict = JOIN, **readings: str) -> list:
    """A-INF1 moves B0302 -> B0303 and the log shows the stack there in ``top_first`` order."""
    log = Log(setup).phase(1, "allied_movement").move("A-INF1", "B0303", stack=tuple(reversed(top_first)))
    return last(log.check(**readings))


def test_a_joiner_in_an_ezoc_goes_under_the_undisrupted_above_the_disrupted():  # MOV-21, STK-4
    """SR 11.3.4 (L664) 'placed at the bottom' with 11.4.2 (L671) 'disrupted unit underneath any undisrupted': by
    default (reading under_undisrupted) the joiner is under A-INF2 and above the disrupted A-INF3."""
    assert all_legal(join(("A-INF2", "A-INF1", "A-INF3")))
    assert rules_broken(join(("A-INF2", "A-INF3", "A-INF1"))) == ["HTTR SR 11.4.2"]  # under the disrupted
    assert rules_broken(join(("A-INF1", "A-INF2", "A-INF3"))) == ["HTTR SR 9.6.3"]  # on top
    plain = {**JOIN, "A-INF3": "B0303"}  # nobody disrupted: the very bottom, as before
    assert all_legal(join(("A-INF2", "A-INF3", "A-INF1"), plain))
    assert rules_broken(join(("A-INF2", "A-INF1", "A-INF3"), plain)) == ["HTTR SR 9.6.3"]


def test_the_bottom_reading_puts_the_joiner_under_the_disrupted_too():  # MOV-21, STK-4, reading 'bottom'
    """Reading ezoc_join_disrupted = bottom (11.3.4 literally): the very bottom in the EZOC, under A-INF3 too;
    outside an EZOC 11.4.2 still holds for the joiner."""
    assert all_legal(join(("A-INF2", "A-INF3", "A-INF1"), ezoc_join_disrupted="bottom"))
    assert rules_broken(join(("A-INF2", "A-INF1", "A-INF3"), ezoc_join_disrupted="bottom")) == ["HTTR SR 9.6.3"]
    calm = {u: h for u, h in JOIN.items() if u != "G-INF1"}  # no enemy: B0303 in no EZOC
    assert rules_broken(join(("A-INF2", "A-INF3", "A-INF1"), calm, ezoc_join_disrupted="bottom")) \
        == ["HTTR SR 11.4.2"]
    assert all_legal(join(("A-INF2", "A-INF1", "A-INF3"), calm, ezoc_join_disrupted="bottom"))


def overstacked(*retreat: str) -> list:
    """A-INF1 overstacks the woods of B0405 (21 SP of 20) where A-INF2 is already disrupted; the others are
    disrupted by it and A-INF1 is displaced back; A-INF2 then moves along ``retreat``; the phase ends."""
    log = Log({**CROWD, "A-INF2": ("B0405", DIS), "A-INF1": "B0404"}).phase(1, "allied_movement") \
        .move("A-INF1", "B0405")
    for u in ("A-INF3", "A-ENG", "A-HW", "A-INF1"):
        log.layer(u, *DISRUPT)
    log.move("A-INF1", "B0404")
    if retreat:
        log.move("A-INF2", *retreat)
    report = log.phase(1, "allied_organization").check()
    return [v for j in report.judged for v in j.verdicts if "A-INF2" in getattr(v, "reason", "")
            + (getattr(v, "detail", "") or "")]


def test_units_disrupted_before_an_overstack_retreat_one_hex():  # STK-3, SR 11.2.3 (L654)
    """'If any units were already disrupted prior to the stacking violation, they are retreated one hex and half
    their current strength points are lost': A-INF2 stays (illegal), retreats two hexes (illegal), one (legal, its
    SP loss a guess: the log shows none)."""
    assert [v.rule for v in illegal(overstacked())] == ["HTTR SR 11.2.3"]
    far = illegal(overstacked("B0404", "B0403"))
    assert "HTTR SR 11.2.3" in [v.rule for v in far] and any("2 hexes" in v.reason for v in far)
    one = overstacked("B0404")
    assert one and not illegal(one) and any("retreated one hex" in (v.detail or "") for v in one)
