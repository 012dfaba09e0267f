"""Highway to the Reich: the system (supply chain, SR 13 / ScR 5.1; observation, SR 7); its log referee is
:mod:`rules.httr.referee`, its predicates :mod:`rules.httr.catalogue`."""
from __future__ import annotations

from typing import Callable

from hexforge.builder.timeline import Timeline
from hexforge.maps.hexes import Hex
from hexforge.maps.overlay import Overlay
from hexforge.rules.httr.catalogue import HTTR_CATALOGUE
from hexforge.rules.httr.los import Observation, los_overlay
from hexforge.rules.httr.modes import modes
from hexforge.rules.httr.sources import sources
from hexforge.rules.httr.chain import chain_overlay
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem


class HighwayToTheReich(RulesSystem):
    """HTTR: company scale, modes, observation and the supply chain of HQs."""

    system_id = "httr"
    book = "HTTR SR"
    overlays = ("supply", "los")
    catalogue = HTTR_CATALOGUE

    def supply_overlay(self, state: GameState, side: str, *, travel: tuple[str, ...] = (),
                       disrupted: tuple[str, ...] = (), turn: int | None = None, timeline: Timeline | None = None,
                       step: int | None = None, progress: Callable[[int], None] | None = None,
                       **_: object) -> Overlay:
        """SR 13.2: each unit's supply chain. With ``timeline`` (a save), Travel Mode and disrupted units are
        read from its pieces up to ``step`` and its turn is the default ``turn``; ``travel``/``disrupted`` add;
        ``progress(1)`` after each unit traced."""
        unsure: frozenset[str] = frozenset()
        notes: list[str] = []
        if timeline is not None:
            in_travel, in_disruption, unsure, notes = modes(self.game, timeline, step)
            travel, disrupted = (*travel, *in_travel), (*disrupted, *in_disruption)
            turn = turn if turn is not None else state.turn
        sup = HttrSupply(self.game, state, sources(self.game, side, self.scenario, turn),
                         travel=frozenset(travel), disrupted=frozenset(disrupted),
                         unsure=unsure - frozenset(travel) - frozenset(disrupted))
        sup.needs.update(notes)
        return chain_overlay(sup, side, progress)

    def los_overlay(self, state: GameState, observer: Hex, *, night: bool = False, weather: str = "clear",
                    grazing: str = "touch") -> Overlay:
        """SR 7.0: what a unit in ``observer`` can observe."""
        return los_overlay(Observation(self.game, night=night, weather=weather, grazing=grazing), observer)
