"""HTTR bridges blown by bridge engineers (ScR 9.5.6-9.5.7) on the synthetic game: the raised road's bridge over the
stream between A0703 and A0704 (3 GTs), the trail bridge over the canal between A0601 and A0502 (5 GTs); A-BENG and
A-BENG2, bridge engineers of 2 SP each, wait next to them in A0603 and A0602."""
from __future__ import annotations

from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

BLOWN = "Destroyed Bridge"
PAIR = {"A-BENG": "A0603", "A-BENG2": "A0603"}


def after(setup: dict, turns: int, h: str = "A0703", phase: str = "allied_command") -> list:
    log = Log(setup)
    for t in range(1, turns + 1):
        log.phase(t, "allied_command")
    if phase != "allied_command":
        log.phase(turns, phase)
    return last(log.place("b1", BLOWN, h).check())


def test_three_gts_next_to_a_stream_bridge():  # FRY-6, ScR 9.5.6 (L1394)
    v = after(PAIR, 4)
    assert all_legal(v) and "A-BENG, A-BENG2" in v[0].detail
    assert rules_broken(after(PAIR, 3)) == ["HTTR ScR 9.5.6"]  # two GTs only
    assert rules_broken(after({"A-BENG": "A0603"}, 4)) == ["HTTR ScR 9.5.6"]  # 2 SP: three needed
    assert rules_broken(after(PAIR, 4, phase="allied_movement")) == ["HTTR ScR 9.5.6"]


def test_five_gts_next_to_a_canal_bridge():  # FRY-6, ScR 9.5.7 / Table 2 (L1395)
    pair = {"A-BENG": "A0602", "A-BENG2": "A0602"}
    assert rules_broken(after(pair, 4, "A0601")) == ["HTTR ScR 9.5.6"]  # three GTs: five needed
    v = after(pair, 6, "A0601")
    assert all_legal(v) and v[0].guess is not None  # the 1d6 of 1-3 is not tied to the bridge in the log
