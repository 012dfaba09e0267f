"""Withdrawals and returns (PtR 8.2, 21.2.12, 21.5.9) on the synthetic scenario s2: 116-TK and 116-IN withdraw on
turn 3; 116-TK returns on turn 4."""
from __future__ import annotations

from hexforge.builder.locations import OFF_MAP
from hexforge.builder.timeline import Eliminated
from tests.rules.ptr.helpers import PtrLog, illegal, ref, unsure, verdicts

S2 = {"US1-HQ": "1111", "1-A": "1111", "1-B": "1112", "US3-HQ": "1010", "3-AI": "1213", "G116-HQ": "1614",
      "116-PG": "1513", "116-TK": "1612", "116-IN": "1612"}


def removed(log: PtrLog, *units: tuple[str, str]) -> PtrLog:
    for u, h in units:
        log.events.append(Eliminated(log._n(), ref(u), OFF_MAP, h))
    return log


def test_scheduled_withdrawals_leave_in_their_phase(syn):
    """PTR6-20 (8.2.1A-C): on turn 3 both 116pz units are picked up; 116-PG is not scheduled; leaving 116-IN on the
    map past the phase is a violation."""
    r = removed(PtrLog(syn, S2).phase(3, "reinforcement"), ("116-TK", "1612"), ("116-IN", "1612")) \
        .phase(3, "operations").check("s2")
    assert illegal(r) == []
    r = removed(PtrLog(syn, S2).phase(3, "reinforcement"), ("116-PG", "1513")).check("s2")
    assert illegal(r) == [(1, "PTR 8.2.1")]
    r = removed(PtrLog(syn, S2).phase(3, "reinforcement"), ("116-TK", "1612")).phase(3, "operations").check("s2")
    assert illegal(r) == [(2, "PTR 8.2.1C")]


def test_a_withdrawn_unit_returns_only_when_scheduled(syn):
    """PTR6-21 (8.2.1D): 116-TK comes back on turn 4 as scheduled; 116-IN was withdrawn for good."""
    log = removed(PtrLog(syn, S2).phase(3, "reinforcement"), ("116-TK", "1612"), ("116-IN", "1612")) \
        .phase(3, "operations").phase(4, "reinforcement")
    r = log.enter("116-TK", "1613").check("s2")
    assert illegal(r) == []
    r = log.enter("116-IN", "1613").check("s2")
    assert illegal(r) == [(6, "PTR 8.2.1D")]


def test_a_withdrawal_out_of_command_or_disrupted_counts_as_eliminated(syn):
    """PTR6-22 (8.2.2): in CR, in supply and undisrupted the losses count as usual; disrupted, or out of G116-HQ's
    range (the HQ at 1017), the unit counts as eliminated for VPs."""
    r = removed(PtrLog(syn, S2).phase(3, "reinforcement"), ("116-TK", "1612")).check("s2")
    assert "count as usual" in verdicts(r, 1)[0].detail
    r = removed(PtrLog(syn, S2).phase(3, "reinforcement").disrupt("116-TK", "1612"), ("116-TK", "1612")).check("s2")
    assert "counts as eliminated" in verdicts(r, 2)[0].detail
    r = removed(PtrLog(syn, dict(S2, **{"G116-HQ": "1017"})).phase(3, "reinforcement"), ("116-TK", "1612")) \
        .check("s2")
    assert "out of its HQ's command range: it counts as eliminated" in verdicts(r, 1)[0].detail


def test_bundled_withdrawals(ptr):
    """On the bundled S5: the 9th Panzer withdraws on turn 4 (PTR6-20) and whether it counts as eliminated needs the
    HQ command ranges (PTR6-22); the 116th's return rows are not given (PTR6-21)."""
    setup = {"LXXXI-9 Pz": "2816", "9-9": "2817", "116-KG 60": "2216"}
    log = removed(PtrLog(ptr, setup).phase(4, "reinforcement"), ("9-9", "2817"), ("116-KG 60", "2216"))
    r = log.phase(4, "operations").phase(6, "reinforcement").enter("116-KG 60", "2216").check("s5")
    assert all(rule != "PTR 8.2.1" for _, rule in illegal(r))
    needs = dict(unsure(r))
    assert "command range" in needs[1] and "return schedule" in needs[5]
