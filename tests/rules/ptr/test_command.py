"""Command range follows the formation a unit belongs to now (PtR 6.2, 18.0B): an assigned unit is in command of
its new formation's HQ, not of its old one's, as the state's memory records the assignment."""
from __future__ import annotations

from types import MappingProxyType

from hexforge.games import load_game
from hexforge.rules.ptr.command import commanded
from hexforge.rules.ptr.data import PtrData
from hexforge.rules.ptr.memory import PtrMemory, frozen_map
from hexforge.rules.state import GameState
from tests.rules.ptr.helpers import SYNTHETIC

SETUP = {"US1-HQ": "1311", "US3-HQ": "1010", "G116-HQ": "1614"}


def state(game, at: str, assigned: dict[str, str]) -> GameState:
    pos = {u: game.map.hex(h) for u, h in {**SETUP, "3-TK": at}.items()}
    st = GameState(MappingProxyType(pos), MappingProxyType({u: x.side for u, x in game.units.items()}), turn=2)
    return st.remember(PtrMemory(assigned=frozen_map(assigned)))


def test_an_assigned_unit_is_commanded_by_its_new_formations_hq():
    """PTR18-1: 3-TK (3arm) in 1315 is out of US3-HQ's range (1010) and in US1-HQ's (1311, CR 5); assigned to 1inf
    it is in command, as 1inf's own tank destroyer in that hex would be; unassigned it is not."""
    g = load_game(SYNTHETIC)
    d = PtrData(g, None)
    assert commanded(d, state(g, "1315", {}), "3-TK") is False
    assert commanded(d, state(g, "1315", {"3-TK": "1inf"}), "3-TK") is True
    pos = {u: g.map.hex(h) for u, h in {**SETUP, "1-TD": "1315"}.items()}
    own = GameState(MappingProxyType(pos), MappingProxyType({u: x.side for u, x in g.units.items()}), turn=2)
    assert commanded(d, own, "1-TD") is True
