"""HTTR overstacking (SR 11.2.3, 11.4.3) on the synthetic game: the woods of B0405 hold 20 SP; A-INF2, A-INF3, A-ENG
and A-HW make 16 there, A-INF1 5 more."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken
from tests.rules.httr.test_landing_disruptions import FIRST, GUNS, serials

CROWD = {"A-INF2": "B0405", "A-INF3": "B0405", "A-ENG": "B0405", "A-HW": "B0405"}
DISRUPT = ("Disrupted", "Normal", "Disrupted")


def overstack() -> Log:
    return Log({**CROWD, "A-INF1": "B0404"}).phase(1, "allied_movement").move("A-INF1", "B0405")


def test_an_overstack_disrupts_every_unit_and_is_undone():  # STK-3, SR 11.2.3 (L654)
    left = overstack().phase(1, "allied_organization").check()
    assert rules_broken(left.judged[1].verdicts) == ["HTTR SR 11.2.1", "HTTR SR 11.2.3", "HTTR SR 11.2.3"]
    log = overstack()
    for u in (*CROWD, "A-INF1"):
        log.layer(u, *DISRUPT)
    done = log.move("A-INF1", "B0404").phase(1, "allied_organization").check()
    assert rules_broken(done.judged[1].verdicts) == ["HTTR SR 11.2.1"]  # the move itself, voluntary
    assert all(all_legal(j.verdicts) for j in done.judged[2:])  # the disruptions and the displacement


def test_a_unit_that_begins_the_phase_overstacked_moves_one_hex():  # STK-3, SR 11.4.3 (L672)
    crowded = {**CROWD, "A-INF1": "B0405"}
    assert all_legal(last(Log(crowded).phase(1, "allied_movement").move("A-INF1", "B0404").check()))
    assert rules_broken(last(Log(crowded).phase(1, "allied_movement").move("A-INF1", "B0403").check())) == \
        ["HTTR SR 11.4.3"]
    assert all_legal(last(Log({"A-INF1": "B0405"}).phase(1, "allied_movement").move("A-INF1", "B0403").check()))


def overstack_entered() -> Log:
    """A-INF1 overstacks B0405 (21 SP); A-INF4 (4 SP) then enters it while it is still overstacked (25 SP)."""
    return Log({**CROWD, "A-INF1": "B0404", "A-INF4": "B0404"}).phase(1, "allied_movement") \
        .move("A-INF1", "B0405").move("A-INF4", "B0405")


def stk3(report) -> list[str]:
    """The SR 11.2.3 reasons given at the phase's end (on the event that overstacked the hex)."""
    return [v.reason for j in report.judged for v in j.verdicts if getattr(v, "rule", "") == "HTTR SR 11.2.3"]


def test_a_unit_entering_a_hex_already_overstacked_is_disrupted_too():  # STK-3, SR 11.2.3 (L654)
    """'all units in the hex become disrupted': A-INF4, entering B0405 after A-INF1 overstacked it, owes its
    disruption as much as the units there first; with it disrupted and A-INF1 displaced, the overstack is undone."""
    log = overstack_entered()
    for u in (*CROWD, "A-INF1"):
        log.layer(u, *DISRUPT)
    spared = log.move("A-INF1", "B0404").phase(1, "allied_organization").check()
    said = stk3(spared)
    assert len(said) == 1 and "A-INF4 is not" in said[0]
    log = overstack_entered()
    for u in (*CROWD, "A-INF1", "A-INF4"):
        log.layer(u, *DISRUPT)
    done = log.move("A-INF1", "B0404").phase(1, "allied_organization").check()
    assert stk3(done) == []
    assert [r for j in done.judged for r in rules_broken(j.verdicts)] == ["HTTR SR 11.2.1"] * 2  # the two moves


def test_a_later_serial_landing_on_an_overstacked_hex_is_disrupted():  # STK-3, ScR 6.6.6.4 (L1234), SR 11.2.3
    """Two 2 SP serials land in turn on B0405 (woods, 20 SP) already holding 20 SP: A-ART3 overstacks it, A-AT of the
    next serial lands on it overstacked ('both the displaced units and the units in the later serial are then
    disrupted'). Assumed: each serial lands where it dropped (A result, 3+4); A-INF6 and A-AT displaced to B0404."""
    def landing(disrupted: tuple[str, ...]) -> list[str]:
        log = serials(FIRST, GUNS[:1], GUNS[1:]).move("A-INF6", "B0404").move("A-AT", "B0404")
        for u in disrupted:
            log.layer(u, *DISRUPT)
        return stk3(log.phase(8, "allied_organization").check())
    said = landing((*FIRST, GUNS[0]))
    assert len(said) == 1 and "A-AT is not" in said[0]
    assert landing((*FIRST, *GUNS)) == []


def test_a_known_stack_gives_its_verdict_and_no_unknown_overstack():  # STK-3, SR 11.2.3 (L654)
    """Where the hex's terrain, its TEC limit and the units' SP are known, the phase's end answers: no verdict on a
    hex within its limit (A-INF1 joining A-INF2 in B0404), the SR 11.2.3 Illegals on an overstacked one; never the
    not-checkable answer given where the limit's data is missing (test_bundled_needs_b2.py)."""
    def ends(log: Log) -> list:
        return [v for j in log.phase(1, "allied_organization").check().judged for v in j.verdicts]
    within = ends(Log({"A-INF2": "B0404", "A-INF1": "B0403"}).phase(1, "allied_movement").move("A-INF1", "B0404"))
    assert within and not rules_broken(within)
    assert not [v for v in within if "overstacked" in (getattr(v, "needs", "") or "")]
    over = ends(overstack())
    assert rules_broken(over) == ["HTTR SR 11.2.1", "HTTR SR 11.2.3", "HTTR SR 11.2.3"]
    assert not [v for v in over if "overstacked" in (getattr(v, "needs", "") or "")]
