"""Worked examples of the HTTR air landing rules (ScR 6) as logs on the synthetic game (H30, the weather roll, is in
test_worked_examples_scenario.py; H31's arithmetic in test_worked_examples.py)."""
from __future__ import annotations

import csv
import shutil
from pathlib import Path

from hexforge.builder.locations import OFF_MAP
from hexforge.builder.timeline import Entered
from hexforge.games import load_game
from tests.rules.httr.helpers import SYNTHETIC, Log, illegal, ref, rules_broken

PF = "Pathfinder A-REG1"
FIVE = {"A-INF1": 8, "A-INF2": 7, "A-ENG": 5, "A-HW": 4, "A-INF5": 5}  # H31's strengths


def h31_game(tmp_path: Path):
    """The synthetic game with five airborne units of H31's strengths (units.csv strength)."""
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    with open(copy / "units.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["strength"] = str(FIVE.get(r["id"], r["strength"]))
    with open(copy / "units.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return load_game(copy)


def test_h31_an_overstack_in_open_ground_loses_exactly_one_unit(tmp_path: Path) -> None:  # H31, AIR-13
    """ScR 6.6.3 example (L1233): 'Five Allied units land in an open terrain hex. Their strengths are 8, 7, 5, 4 and 5
    ... he can remove no more than one unit, but he may remove any one of the five units'. Assumed: they land as one
    serial (an A result) on B0306, a clear hex of limit 28 — which ScR 6.7.10 (L1256: no serial over 28 SP) itself
    forbids, so the example's serial is flagged for its size and its displacement judged all the same."""
    g = h31_game(tmp_path)

    def landed(*displaced: tuple[str, str]) -> list:
        log = Log({u: (None, {"Mode": "Concentrated"}) for u in FIVE}, g).phase(8, "allied_movement") \
            .place("pf1", PF, "B0305").say("drop B0306 south")
        step = len(log.events) + 1
        log.events += [Entered(step, ref(u), OFF_MAP, "B0306") for u in FIVE]
        log.roll("Air Landing", 3, 4)
        for u, h in displaced:
            log.move(u, h)
        return [v for j in log.phase(8, "allied_organization").check().judged for v in j.verdicts]
    for u in FIVE:  # any one of the five
        one = landed((u, "B0406"))
        assert not [v for v in illegal(one) if v.rule.startswith("HTTR ScR 6.6.3")], u
        assert "HTTR ScR 6.7.10" in rules_broken(one)  # the 29-SP serial itself
        assert any("the fewest" in (getattr(v, "detail", "") or "") for v in one)
    assert "HTTR ScR 6.6.3.1" in rules_broken(landed(("A-HW", "B0406"), ("A-INF5", "B0406")))  # no more than one
