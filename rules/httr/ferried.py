"""HTTR opportunity fire at units being ferried (ScR 9.3.1): the target's mode the fire is resolved with. Called by
``fire.resolve_fire``; the ER one more of ScR 9.3.3 / SR 6.3.4.2 is ``fire.packet``'s."""
from __future__ import annotations

from typing import TypeVar, cast

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.units import has_mode
from hexforge.rules.state import GameState

P = TypeVar("P", bound=Board)


class _Ferried:
    """The referee as an OF at a ferried unit sees it: the same but for ``state``, the target in its 9.3.1 mode."""

    def __init__(self, p: Board, state: GameState) -> None:
        self._p, self.state = p, state

    def __getattr__(self, name: str) -> object:
        return getattr(self._p, name)


def as_ferried(p: P, d: Declaration, target: Hex) -> P | Unknown:
    """ScR 9.3.1 (L1380): OF at units being ferried (trigger ``ferry``) takes them as a Concentrated target, 'except
    artillery type units, which are considered to be in Travel Mode. Their actual mode is ignored for this purpose'.
    Reading: artillery type is a unit with no Concentrated Mode (``units.has_mode``: artillery, AT, flak, HQs, towed
    units); the purpose is the fire's resolution (its line and entrenchment), the result's effects follow the unit's
    own mode."""
    aimed = d.target_unit or next(iter(mem.stack(p.state, target)), None)
    if d.trigger != "ferry" or aimed is None or aimed not in p.game.units:
        return p
    keeps = has_mode(p.game, aimed, "concentrated")
    if keeps is None:
        return Unknown(f"whether unit {aimed} has a Concentrated Mode (units.csv type and mobility: a ferried unit is "
                       "fired at as Concentrated, artillery type units as in Travel Mode, ScR 9.3.1)")
    return cast(P, _Ferried(p, mem.with_mode(p.state, aimed, "concentrated" if keeps else "travel")))
