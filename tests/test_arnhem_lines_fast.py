"""ARN 10.7.2(c) lines of hexes on the array path give what the reference search gives
(maps.trace.reach with the rule's own per-hex test, as the module computed them before), on random
positions of the real Arnhem map: both readings of what blocks a line, a given road hex, the map's
own data (road hex unknown: the south edge decides) and eliminated German units left on the map."""
from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType

import pytest

from hexforge.games.loader import load_game
from hexforge.maps.trace import reach
from hexforge.rules import rules_for
from hexforge.rules.core.zoc import in_ezoc
from hexforge.rules.fm.arnhem.supply import ENEMY, NATIONALITY, SIDE, lines_to_south_edge, road_hexes
from hexforge.rules.state import GameState


@pytest.fixture(scope="module")
def arnhem():
    g = load_game("arnhem")
    units = {uid: replace(u, type="infantry") if u.nationality == NATIONALITY else u for uid, u in g.units.items()}
    return replace(g, units=units)


def reference_units(rules, state: GameState, blocked_by: str, targets) -> dict:
    """Per British unit: the line as the reference breadth-first search finds it."""
    game = rules.game
    enemy_at = {h for u, h in state.positions.items() if state.side(u) == ENEMY and u not in state.eliminated}
    friends_at = {h for u, h in state.positions.items() if state.side(u) == SIDE and u not in state.eliminated}

    def through(h):
        if h in enemy_at:
            return False
        return not (blocked_by == "enemy-zoc" and h not in friends_at and in_ezoc(rules, state, h, SIDE))

    targets = road_hexes(game) if targets is None else targets
    south = game.map.terrain.edges.get("south")
    out = {}
    for uid in sorted(state.positions):
        u = game.units[uid]
        if u.side != SIDE or u.nationality != NATIONALITY or uid in state.eliminated or rules.is_airborne(uid) is True:
            continue
        ends = {h for h in reach(game.map.graph(), [state.where(uid)], through) if h not in enemy_at}
        out[uid] = bool(ends & targets) if targets is not None else None if not south else \
            True if south <= ends else False if not ends & south else None
    return out


@pytest.mark.parametrize("seed", range(12))
def test_lines_equal_the_reference_search(arnhem, seed):
    rnd = random.Random(seed)
    hexes = sorted(arnhem.map)
    british = sorted(u for u, x in arnhem.units.items() if x.nationality == NATIONALITY)
    german = sorted(u for u, x in arnhem.units.items() if x.side == ENEMY)
    units = rnd.sample(british, min(len(british), 4 + seed)) + rnd.sample(german, min(len(german), 10 + 6 * seed))
    pos = {u: rnd.choice(hexes) for u in units}
    gone = frozenset(rnd.sample(german, 2)) & set(pos)
    state = GameState(MappingProxyType(pos), MappingProxyType({u: x.side for u, x in arnhem.units.items()}),
                      eliminated=gone, turn=1)
    rules = rules_for(arnhem)
    south = sorted(arnhem.map.terrain.edges.get("south") or hexes[:20])
    for blocked_by in ("enemy-units", "enemy-zoc"):
        for targets in (frozenset(rnd.sample(south, 2)), None):
            got = lines_to_south_edge(rules, state, blocked_by, targets)
            assert got.units == reference_units(rules, state, blocked_by, targets), (blocked_by, targets)


def test_the_comparison_sees_both_answers(arnhem):
    """Not vacuous: a ring of German units cuts a line that a gap lets through."""
    m = arnhem.map
    h = m.hex("2010")
    german = sorted(u for u, x in arnhem.units.items() if x.side == ENEMY)
    brit = sorted(u for u, x in arnhem.units.items() if x.nationality == NATIONALITY)[0]
    ring = dict(zip(german, sorted(n for n in h.neighbours() if n in m)))
    sides = MappingProxyType({u: x.side for u, x in arnhem.units.items()})
    rules = rules_for(arnhem)
    target = frozenset({m.hex("0113")})
    for pos, want in (({brit: h, **ring}, False), ({brit: h, **dict(list(ring.items())[1:])}, True)):
        state = GameState(MappingProxyType(pos), sides, turn=1)
        got = lines_to_south_edge(rules, state, "enemy-units", target).units
        assert got == reference_units(rules, state, "enemy-units", target) == {brit: want}
