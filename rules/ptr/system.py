"""Piercing the Reich: the system as far as it is built (supply paths, PtR 17; command range, PtR 18).
No log referee yet (its own issue)."""
from __future__ import annotations

from hexforge.maps.overlay import Overlay
from hexforge.rules.ptr.catalogue import PTR_CATALOGUE, PTR_DEPARTURES
from hexforge.rules.ptr.supply import PtrPaths, command_overlay, supply_overlay
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem


class PiercingTheReich(RulesSystem):
    """PtR: formation activation, supply paths from HQs, command range."""

    system_id = "ptr"
    book = "PTR"
    overlays = ("supply", "command")
    catalogue = PTR_CATALOGUE
    departures = PTR_DEPARTURES

    def supply_overlay(self, state: GameState, side: str, *, reading: str = "17.3", **_: object) -> Overlay:
        """PtR 17: where an HQ of ``side`` traces a supply path (``reading``: which friendly units negate EZOCs)."""
        return self.noting_survey(supply_overlay(PtrPaths(self.game, state, reading=reading), side))

    def command_overlay(self, state: GameState, hq: str, *, mobility: str = "leg", reading: str = "17.3") -> Overlay:
        """PtR 18: the command range of ``hq``."""
        return self.noting_survey(command_overlay(PtrPaths(self.game, state, reading=reading), hq, mobility))
