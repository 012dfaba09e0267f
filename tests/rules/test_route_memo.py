"""What the route search remembers follows the position: a bridge blown or rebuilt mid-game (ARN 10.6.3-4) and a
unit moving next to the route (F&M 6.1) change the verdict on the same drag, judged by the same rules object
whose memory of the printed terrain and of the position's ZOC is already warm."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.maps.hexes import Hexside
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.fm.memory import Crossing, with_crossing
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def game():
    return load_game(ROOT / "tests" / "data" / "synthetic-fm")


def drag(rules, state: GameState, uid: str, *drops: str):
    """The verdict on ``uid`` dragged through ``drops`` from where it stands (F&M 5.1)."""
    return rules.judge_drag(state, rules.start_move(state, uid), [rules.game.map.hex(d) for d in drops])


def test_a_bridge_blown_after_its_crossing_was_costed_is_no_longer_crossed(game) -> None:
    # B1 (leg, MA 4) in clear 0906, dragged to 1106 across the railroad bridge 1006/1106: 2 MP over the bridge
    # (ARN 10.6.2: the clear hex entered). Once it is demolished it is an unbridged river (ARN 10.6.3): the
    # route goes round by 1107, 3 MP. Rebuilt (ARN 10.6.4), the bridge carries the unit again.
    r = Arnhem(game)
    H = game.map.hex
    intact = GameState({"B1": H("0906"), "R4": H("0101")}, {"B1": "blue", "R4": "red"})
    side = Hexside.between(H("1006"), H("1106"))
    blown = with_crossing(intact, side, Crossing("demolished", "red"))
    rebuilt = with_crossing(blown, side, Crossing("repaired", "blue"))
    assert drag(r, intact, "B1", "1106") == Legal(detail="via 0906-1006-1106, 2 of 4 MP")
    assert drag(r, blown, "B1", "1106") == Legal(detail="via 0906-1006-1107-1106, 3 of 4 MP")
    assert drag(r, rebuilt, "B1", "1106") == Legal(detail="via 0906-1006-1106, 2 of 4 MP")
    step = r.judge_steps(blown, r.start_move(blown, "B1"), [H("1006"), H("1106")])  # dropped hex by hex
    assert isinstance(step, Illegal) and step.rule == "ARN 10.6.3"


def test_a_blown_bridge_judged_first_does_not_stay_blown(game) -> None:
    r = Arnhem(game)
    H = game.map.hex
    intact = GameState({"B1": H("0906"), "R4": H("0101")}, {"B1": "blue", "R4": "red"})
    blown = with_crossing(intact, Hexside.between(H("1006"), H("1106")), Crossing("demolished", "red"))
    assert drag(r, blown, "B1", "1106") == Legal(detail="via 0906-1006-1107-1106, 3 of 4 MP")
    assert drag(r, intact, "B1", "1106") == Legal(detail="via 0906-1006-1106, 2 of 4 MP")


def test_an_enemy_arriving_next_to_the_road_turns_the_route_aside(game) -> None:
    # F&M 6.1: a leg unit entering an EZOC hex stops there. B3 (leg, MA 6) dragged along the road 0103 -> 0503
    # with no enemy near: 4 road hexes at 1/2 MP (F&M 5.4.1). With R1 in 0302, road hex 0303 is in its EZOC, so
    # the route leaves the road round it through clear 0304 (1 MP, F&M 5.4): 3 MP. R1 gone again, the road.
    r = FireAndMovement(game)
    H = game.map.hex
    clear = GameState({"B3": H("0103"), "R1": H("0910")}, {"B3": "blue", "R1": "red"})
    near = clear.place("R1", H("0302"))
    assert r.in_ezoc(near, H("0303"), "blue", "B3") and not r.in_ezoc(clear, H("0303"), "blue", "B3")
    on_road = Legal(detail="via 0103-0203-0303-0403-0503, 2 of 6 MP")
    assert drag(r, clear, "B3", "0503") == on_road
    assert drag(r, near, "B3", "0503") == Legal(detail="via 0103-0203-0304-0403-0503, 3 of 6 MP")
    assert drag(r, near.place("R1", H("0910")), "B3", "0503") == on_road
