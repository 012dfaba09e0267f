"""The move judge reads a unit's side, mobility and MA once per position and unit (a route search judges each step
it tries with one call): a unit reduced between two judgements moves on its reduced MA (F&M 5.2), and back at full
strength on its full MA, with the same rules object."""
from __future__ import annotations

import csv
import shutil
from dataclasses import replace

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """The synthetic F&M game with a reduced MA of 1 for B3 (units.csv ``reduced_movement``; MA 6 at full
    strength)."""
    folder = tmp_path_factory.mktemp("memo") / "synthetic-fm"
    shutil.copytree(ROOT / "tests" / "data" / "synthetic-fm", folder)
    path = folder / "units.csv"
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    fields = [*rows[0].keys(), "reduced_movement"]
    for r in rows:
        r["reduced_movement"] = "1" if r["id"] == "B3" else ""
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    return load_game(folder)


def drag(rules, state: GameState, uid: str, *drops: str):
    return rules.judge_drag(state, rules.start_move(state, uid), [rules.game.map.hex(d) for d in drops])


def test_a_unit_reduced_between_two_moves_moves_on_its_reduced_ma(game) -> None:
    # B3 (leg) on the road 0103 -> 0403, hex by hex: 3 road hexes at 1/2 MP (F&M 5.4.1) = 1.5 MP. Full strength
    # (MA 6) it may; reduced (MA 1) it may not (F&M 5.2); full again, it may.
    r = FireAndMovement(game)
    H = game.map.hex
    full = GameState({"B3": H("0103"), "R1": H("0910")}, {"B3": "blue", "R1": "red"})
    reduced = replace(full, reduced=frozenset({"B3"}))
    assert drag(r, full, "B3", "0203", "0303", "0403") == Legal()
    v = drag(r, reduced, "B3", "0203", "0303", "0403")
    assert isinstance(v, Illegal) and v.rule == "F&M 5.2" and "of 1 left" in v.reason, v
    assert drag(r, full, "B3", "0203", "0303", "0403") == Legal()


def test_a_route_search_after_a_reduction_is_held_to_the_reduced_ma(game) -> None:
    # One drop, 4 road hexes away: 2 of 6 MP at full strength; reduced to MA 1 no route reaches it.
    r = FireAndMovement(game)
    H = game.map.hex
    full = GameState({"B3": H("0103"), "R1": H("0910")}, {"B3": "blue", "R1": "red"})
    reduced = replace(full, reduced=frozenset({"B3"}))
    assert drag(r, full, "B3", "0503") == Legal(detail="via 0103-0203-0303-0403-0503, 2 of 6 MP")
    assert isinstance(drag(r, reduced, "B3", "0503"), Illegal)
    assert drag(r, full, "B3", "0503") == Legal(detail="via 0103-0203-0303-0403-0503, 2 of 6 MP")
