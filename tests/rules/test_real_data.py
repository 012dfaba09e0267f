"""With the real (partly unknown) data, checks that need missing data say not checkable and name it."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.fm.aachen.system import Aachen
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules import rules_for
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.helpers import Log, verdicts


def test_rules_for_picks_the_game_class() -> None:
    assert isinstance(rules_for(load_game("aachen")), Aachen)
    assert isinstance(rules_for(load_game("arnhem")), Arnhem)


def test_aachen_move_into_unsurveyed_terrain_is_not_checkable() -> None:
    game = load_game("aachen")
    rep = Log(game, {"ger-0317": "0317"}).phase(1, "second-movement").move("ger-0317", "0317", "0318").check()
    (v,) = verdicts(rep, 1)
    assert isinstance(v, NotCheckable) and ("unsurveyed" in v.needs or "leg or mobile" in v.needs)


def test_aachen_move_into_enemy_hex_is_illegal_without_terrain() -> None:
    game = load_game("aachen")
    rep = Log(game, {"ger-0317": "0317", "ger-0518": "0318"}).phase(1, "first-movement") \
        .move("ger-0317", "0317", "0318").check()
    (v,) = verdicts(rep, 1)
    assert isinstance(v, Illegal) and v.rule == "F&M 5.2"  # moved in the US player's phase


def test_arnhem_e11_canal_trail_crossing_costs() -> None:
    # ARN 10.6.1 example: leg unit crossing 0507 -> 0606 pays 3 + 1 = 4 MP; a mobile unit 5
    game = load_game("arnhem")
    r = rules_for(game)
    from hexforge.rules.state import GameState
    s = GameState({}, {})
    H = game.map.hex
    assert r.terrain_cost(s, "x", H("0507"), H("0606"), "leg") == 4
    assert r.terrain_cost(s, "x", H("0507"), H("0606"), "mobile") == 5
