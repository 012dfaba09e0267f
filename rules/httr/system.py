"""Highway to the Reich: the system (supply chain, SR 13 / ScR 5.1; observation, SR 7); its log referee is
:mod:`rules.httr.referee`, its predicates :mod:`rules.httr.catalogue`."""
from __future__ import annotations

from typing import Callable, Protocol

from hexforge.builder.timeline import Timeline
from hexforge.maps.hexes import Hex
from hexforge.maps.overlay import Overlay
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.attachment import Attachments
from hexforge.rules.httr.catalogue import HTTR_CATALOGUE, HTTR_DEPARTURES
from hexforge.rules.httr.los import Observation, los_overlay
from hexforge.rules.httr.modes import modes
from hexforge.rules.httr.sources import Source, sources
from hexforge.rules.httr.chain import chain_overlay
from hexforge.rules.httr.city_sources import CityLog, via_city
from hexforge.rules.httr.supply import HttrSupply, Status
from hexforge.rules.registry import note
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem

# The supply chain (rules/httr/supply.py, tested in tests/overlays/test_httr_supply.py) judges log events through
# this system: a CP allocation's path (SR 14.3.2) and the out-of-supply modifier of recovery (SR 10.6.4).
note("HTTR SR 13.2", "SUP-1/SUP-2/SUP-15", "the supply chain of HQs, on or next to a source, German edge roads less "
     "captured areas", "httr.supply.HttrSupply.status (via httr.system.HighwayToTheReich.supplied, division_link)")


class Known(Protocol):
    """What a log's referee knows that the supply chain reads (the HTTR referee itself)."""

    attach: Attachments
    cities: CityLog


class HighwayToTheReich(RulesSystem):
    """HTTR: company scale, modes, observation and the supply chain of HQs."""

    known: Known | None = None  # the referee whose knowledge :meth:`supplied` reads (:meth:`learn_from`)

    system_id = "httr"
    book = "HTTR SR"
    overlays = ("supply", "los")
    catalogue = HTTR_CATALOGUE
    departures = HTTR_DEPARTURES

    def supply_overlay(self, state: GameState, side: str, *, travel: tuple[str, ...] = (),
                       disrupted: tuple[str, ...] = (), turn: int | None = None, timeline: Timeline | None = None,
                       step: int | None = None, progress: Callable[[int], None] | None = None,
                       **_: object) -> Overlay:
        """SR 13.2: each unit's supply chain. With ``timeline`` (a save), Travel Mode and disrupted units are
        read from its pieces up to ``step`` and its turn is the default ``turn``; ``travel``/``disrupted`` add;
        ``progress(1)`` after each unit traced. A position has no log of what was declared and moved before it, so
        the overlay assumes every unit under its units.csv formation (no attachment, SR 13.4, 17.4; no flak
        switching, ScR 4.3.2) and no major city activated as a source (the 30th Corps train only, ScR 5.1.2)."""
        unsure: frozenset[str] = frozenset()
        notes: list[str] = []
        if timeline is not None:
            in_travel, in_disruption, unsure, notes = modes(self.game, timeline, step)
            travel, disrupted = (*travel, *in_travel), (*disrupted, *in_disruption)
            turn = turn if turn is not None else state.turn
        sup = HttrSupply(self.game, state, sources(self.game, side, self.scenario, turn, state),
                         travel=frozenset(travel), disrupted=frozenset(disrupted),
                         unsure=unsure - frozenset(travel) - frozenset(disrupted))
        sup.needs.update(notes)
        return self.noting_survey(chain_overlay(sup, side, progress))

    def los_overlay(self, state: GameState, observer: Hex, *, night: bool = False, weather: str = "clear",
                    grazing: str = "touch") -> Overlay:
        """SR 7.0: what a unit in ``observer`` can observe."""
        sight = Observation(self.game, night=night, weather=weather, grazing=grazing)
        return self.noting_survey(los_overlay(sight, observer))

    def division_link(self, state: GameState, hq: str, division: str, *, travel: frozenset[str] = frozenset(),
                      disrupted: frozenset[str] = frozenset()) -> Status:
        """SR 14.3.2 (L778): does HQ ``hq`` trace a supply path to its division HQ? The link alone (SR 14.1.4: a
        division HQ out of supply still dispenses CP): ``hq`` traces straight to the division HQ, which traces to a
        source standing in its own hex, so the chain (:class:`HttrSupply`) reaches no other HQ. Every unit stays
        on the map: a friendly unit, an HQ included, negates the EZOC in its hex (SR 13.2.2.3)."""
        at = state.where(division)
        if at is None:
            return Status(False, f"division HQ {division} is not on the map")
        held = f"{division}'s own hex"
        src = Source(held, state.side(hq) or "", frozenset({at}), held, "HTTR SR 14.3.2")
        return HttrSupply(self.game, state, [src], travel=travel, disrupted=disrupted,
                          parents={hq: division, division: held}).status(hq)

    def learn_from(self, known: Known) -> None:
        """Read the supply chain with what a log's referee learns as it goes (:meth:`supplied`)."""
        self.known = known

    def beside_source(self, state: GameState, uid: str) -> Status | None:
        """SR 13.2.6.5, ScR 5.1.8.1: is the non-airborne unit on or next to an on-map source of its side (None: by
        none, or airborne)?"""
        side = state.side(uid) or ""
        return HttrSupply(self.game, state, sources(self.game, side, self.scenario, state.turn, state)).beside_source(uid)

    def supplied(self, state: GameState, uid: str) -> Status:
        """SR 13.2: the unit's supply chain in ``state`` (modes and disruption from the HTTR referee's memory), with
        what the referee that :meth:`learn_from` names knows: each unit under the HQ it was attached to (SR 13.4,
        17.4), a flak unit that switched HQ out of supply for that game turn (ScR 4.3.2), and the major cities
        30th Corps units activated as sources (ScR 5.1.2, :func:`via_city`)."""
        modes = mem.memory(state).modes
        travel = frozenset(u for u, m in modes.items() if m == "travel")
        disrupted = frozenset(u for u in state.positions if mem.has(state, u, "disrupted"))
        side = state.side(uid) or ""
        known = self.known
        parents = dict(known.attach.hq) if known is not None else {}
        if known is not None and state.turn is not None and known.attach.switched.get(uid) == state.turn:
            return Status(False, f"ScR 4.3.2: {uid} switched HQ this game turn and is out of supply")
        got = HttrSupply(self.game, state, sources(self.game, side, self.scenario, state.turn, state), travel=travel,
                         disrupted=disrupted, parents=parents).status(uid)
        if got.supplied is True or known is None or (got.supplied is None and not known.cities.activated):
            return got  # only an activated city can turn an unknown answer into a known one
        via = via_city(self.game, self.scenario, state, uid, known.cities.activated, travel=travel,
                       disrupted=disrupted, parents=parents)
        return via if via is not None and (via.supplied is True or got.supplied is False) else got
