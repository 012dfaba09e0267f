"""HTTR supply's EZOC for a unit with no printed fire range (SR 8.0 L431: only 'a printed fire range of two or more'
reaches two hexes; SR 6.1.8: a unit without one printed has range 1): it controls its six neighbours only, on the
reference test (``HttrSupply.exerts_zoc``) and the array path (``passable_codes``) alike; a range the data marks
``unknown`` stays not checkable. # ZOC-1"""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import numpy as np

from hexforge.games import load_game
from hexforge.rules.httr.sources import sources
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.state import GameState
from tests.rules.httr.helpers import SYNTHETIC

CODE = {True: 1, False: 0, None: -1}  # passable(): open, closed, unsure (supply_codes OPEN/CLOSED/UNSURE)


def supply(game, placed: dict[str, str]) -> HttrSupply:
    pos = MappingProxyType({u: game.map.hex(h) for u, h in placed.items()})
    st = GameState(pos, MappingProxyType({u: x.side for u, x in game.units.items()}), turn=1)
    return HttrSupply(game, st, sources(game, "allied"))


def codes_of(s: HttrSupply, *labels: str) -> list[int]:
    codes = s.passable_codes("allied")
    index = {h: i for i, h in enumerate(codes.adj.hexes)}
    return [int(codes.code[index[s.game.map.hex(h)]]) for h in labels]


def test_a_unit_without_a_printed_range_controls_only_its_neighbours():
    g = load_game(SYNTHETIC)
    assert g.units["G-INF1"].values.get("range") in (None, "")  # the synthetic infantry prints no range
    s = supply(g, {"G-INF1": "B0304"})
    assert s.ezoc(g.map.hex("B0204"), "allied") is True  # adjacent, clear
    assert s.ezoc(g.map.hex("B0105"), "allied") is False and not s.needs  # two hexes out, clear, observed or not
    assert codes_of(supply(g, {"G-INF1": "B0304"}), "B0204", "B0105") == [CODE[False], CODE[True]]


def test_a_range_of_two_still_reaches_two_hexes_and_an_unknown_range_is_not_checkable():
    g = load_game(SYNTHETIC)
    assert supply(g, {"G-FLAK": "A0604"}).ezoc(g.map.hex("A0606"), "allied") is True  # range 2 (SR 8.0)
    unknown = dict(g.units)
    unknown["G-INF1"] = replace(g.units["G-INF1"], values={**g.units["G-INF1"].values, "range": "unknown"})
    gu = replace(g, units=unknown)
    s = supply(gu, {"G-INF1": "B0304"})
    assert s.ezoc(gu.map.hex("B0105"), "allied") is None and any("range of unit G-INF1" in n for n in s.needs)
    got = supply(gu, {"G-INF1": "B0304"})
    codes = got.passable_codes("allied")
    asked = np.zeros(len(codes.adj), dtype=bool)
    asked[list(codes.adj.hexes).index(gu.map.hex("B0105"))] = True
    codes.note(asked)
    assert codes_of(got, "B0105") == [CODE[None]] and any("range of unit G-INF1" in n for n in got.needs)
