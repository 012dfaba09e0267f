"""The HTTR observation overlay's sight lines on the array path (maps.los.LosField.sight_lines) are
the lines it traces today with a predicate (maps.los.sight_from over Observation.blocks_for):
terrain blocking in a field built once per map, off-map hexes unknown (as terrain_blocks reads
an unsurveyed hex), and per observer an override for SR 7.1.1 (the observer's hex never blocks)
and SR 7.3.1 (a dike hex blocks unless the observer is next to it or on a hilltop/city hex).

``field_lines`` below is the array path rules/httr/los.py ``Observation.lines_from`` follows: the
overlay written through it must be byte-identical to the predicate path's."""
from __future__ import annotations

import random

import pytest

from hexforge.games.loader import load_game
from hexforge.maps.hexes import Hex
from hexforge.maps.los import LosField, sight_from
from hexforge.maps.overlay import render
from hexforge.rules.httr import los as httr_los
from hexforge.rules.httr.los import DIKE_LIKE, Observation, los_overlay
from tests.overlays.conftest import DATA


def dike_hexes(obs: Observation) -> set[Hex]:
    """Every hex Observation.is_dike_hex holds for, on or off the map (SR 7.3.1)."""
    t = obs.game.map.terrain
    out = {h for h, kinds in t.hexes.items() if kinds & DIKE_LIKE}
    out |= {h for side, fs in t.hexsides.items() if any(f.kind in DIKE_LIKE for f in fs) for h in side}
    out |= {h for side, kinds in t.thoroughfares.items() if kinds & DIKE_LIKE for h in side}
    return out


def field_lines(obs: Observation, fields: dict[int, LosField]):
    """A drop-in for the overlay's ``sight_from(observer, within, obs.blocks_for(observer), grazing)``."""
    dikes = dike_hexes(obs)

    def lines(observer: Hex, targets, blocks, grazing):
        targets = list(targets)
        radius = max([observer.distance(t) for t in targets] + [2])
        if radius not in fields:
            fields[radius] = LosField({h: obs.terrain_blocks(h) for h in obs.game.map}, radius, grazing, off_map=None)
        override = {observer: False}
        if not obs.observer_exempt_from_dikes(observer):
            override |= {h: True for h in dikes if 1 < h.distance(observer) <= radius}
        return fields[radius].sight_lines(observer, targets, override)
    return lines


GAMES = {"synthetic": DATA / "overlay-httr", "real": "highway-to-the-reich"}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request):
    return load_game(GAMES[request.param])


@pytest.mark.parametrize("grazing", ["touch", "both-sides"])
def test_field_lines_are_the_predicate_lines(game, grazing):
    obs = Observation(game, grazing=grazing)
    lines = field_lines(obs, {})
    hexes = sorted(game.map)
    rnd = random.Random(3)
    observers = rnd.sample(hexes, 25) + [h for h in hexes if obs.is_dike_hex(h) or obs.observer_exempt_from_dikes(h)][:10]
    states = set()
    for o in observers:
        targets = [h for h in hexes if 2 <= h.distance(o) <= 10]
        want = sight_from(o, targets, obs.blocks_for(o), grazing)
        got = lines(o, targets, None, grazing)
        assert dict(got) == dict(want), o
        states |= {s.state for s in want.values()}
    # Not vacuous: the synthetic map has blocking terrain and dikes, the real one is unsurveyed.
    assert states >= ({"clear", "blocked"} if len(hexes) < 1000 else {"unknown"})


@pytest.mark.parametrize("night", [False, True])
def test_overlay_through_the_field_is_byte_identical(game, night, monkeypatch):
    hexes = sorted(game.map)
    small = len(hexes) < 1000  # the SVG embeds the board image: drawn for the small map only
    formats = (".json", ".svg") if small else (".json",)
    for o in random.Random(5).sample(hexes, 6 if small else 2):
        got = [render(game.map, los_overlay(Observation(game, night=night), o), s) for s in formats]
        # the predicate path the overlay traced before the array path (rules/httr/los.py lines_from)
        monkeypatch.setattr(httr_los.Observation, "lines_from",
                            lambda self, ob, targets: sight_from(ob, targets, self.blocks_for(ob), self.grazing))
        want = [render(game.map, los_overlay(Observation(game, night=night), o), s) for s in formats]
        monkeypatch.undo()
        assert got == want, o


def test_the_observation_lines_are_the_predicate_lines_and_need_only_unsure_hexes(game):
    obs = Observation(game)
    hexes = sorted(game.map)
    o = random.Random(7).choice(hexes)
    targets = [h for h in hexes if 2 <= h.distance(o) <= 6]
    assert dict(obs.lines_from(o, targets)) == dict(sight_from(o, targets, Observation(game).blocks_for(o), "touch"))
    assert obs.dike_hexes() == dike_hexes(obs)
    assert len([n for n in obs.needs if n.startswith("terrain of hex")]) < len(hexes)  # not the whole map
