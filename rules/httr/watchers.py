"""The HTTR topics that see every event before the referee's dispatch (scenario rules ScR 6-23, optional rules
ScR 15): each keeps its memory in a referee attribute and answers an event with verdicts.

A topic module joins by one row of ``WATCHERS``; ``tests/rules/httr/test_watchers.py`` fails when a module of
``rules/httr/`` has an ``on_event`` that no row lists.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hexforge.builder.timeline import Event, Timeline
from hexforge.rules.httr import detached, fatigue, victory  # ScR 8.1.11, 15.1.1; SR 21.5; ScR 17.6-23.4
from hexforge.rules.httr import frost  # ScR 8.3.5
from hexforge.rules.httr import entry_modes  # ScR 12.01
from hexforge.rules.httr import column_entry  # ScR 12.3.2
from hexforge.rules.httr import ammunition  # SR 15.2.1
from hexforge.rules.httr import oos  # SR 13.2.7.1
from hexforge.rules.httr import leader_loss  # SR 19.3.3
from hexforge.rules.httr import deployment  # ScR 16.2, 17.2-22.2
from hexforge.rules.httr import ca_special_at  # SR 10.2
from hexforge.rules.httr import route_travel  # ScR 5.2.4.4, 5.2.4.6
from hexforge.rules.httr import route_brigades  # ScR 8.2.1.4
from hexforge.rules.httr import airstrike_rolls  # ScR 7.1.5
from hexforge.rules.httr import reaction_limit  # SR 4.1: a Reaction Phase unit fires or moves
from hexforge.rules.httr import firelog  # SR 7.3.4: who fired from cover stays revealed until it moves
from hexforge.rules.httr import arrivals  # ScR 10.2.11's warning (its memory is the referee's arrivals)
from hexforge.rules.httr import ca_obligations  # SR 10.1.2, 10.5.1, 10.5.4
from hexforge.rules.httr import (air_routes, airstrikes, ca_initiation, cp_ma, early_releases, ferocity, landings,
                                 map_exits, map_limits, optional, pannerden, releases, restrictions, route_barrages,
                                 route_envelope, route_exiles, rubble, scenario, schedule, start_ma)
from hexforge.rules.verdict import Verdict


@dataclass(frozen=True)
class Watcher:
    """One topic: ``on_event(referee, memory, e)`` (``memory`` omitted when ``log`` is None), or with ``indexed``
    ``on_event(referee, memory, index, e)`` returning (event index, verdict) pairs for earlier events."""

    log: str | None
    start: Callable[[Any, Timeline], Any] | None
    on_event: Callable[..., list]
    indexed: bool = False


def _plain(kind: type) -> Callable[[Any, Timeline], Any]:
    return lambda _referee, _timeline: kind()


WATCHERS: tuple[Watcher, ...] = (
    Watcher("entry_modes", lambda r, t: entry_modes.EntryModes.set_up(t.setup, r.channel, r._start_mode),
            entry_modes.on_event),  # ScR 12.01: an entering unit's mode (first: the others read it)
    Watcher("airstrikes", _plain(airstrikes.Airstrikes), airstrikes.on_event),  # ScR 7
    Watcher("strike_rolls", _plain(airstrike_rolls.StrikeRolls), airstrike_rolls.on_event),  # ScR 7.1.5
    Watcher("landings", lambda r, t: landings.Landings.set_up(t.setup, r.channel), landings.on_event),  # ScR 6
    Watcher("frost_moves", _plain(frost.FrostMoves), frost.on_event),  # ScR 8.3.5 (before the referee's moves)
    Watcher("night_rolls", _plain(restrictions.NightRolls), restrictions.on_event),  # ScR 8.2.4
    Watcher("scenario_log", _plain(scenario.ScenarioLog), scenario.on_event),  # ScR 16-19
    Watcher("patrols", _plain(optional.Patrols), optional.on_event),  # optional ScR 15.7
    Watcher(None, None, air_routes.on_event),  # ScR 6.4
    Watcher("rubble", _plain(rubble.Rubble), rubble.on_event),  # optional ScR 15.7.1
    Watcher("ferocity", _plain(ferocity.Ferocity), ferocity.on_event),  # optional ScR 15.5.1
    Watcher("sheet_exits", _plain(map_exits.SheetExits), map_exits.on_event),  # ScR 8.1.9
    Watcher("initiation", _plain(ca_initiation.Initiation), ca_initiation.on_event),  # ScR 8.3.4
    Watcher("arrivals", None, arrivals.on_event),  # ScR 10.2.11's warning (memory: the referee's arrivals)
    Watcher("schedule", _plain(schedule.Schedule), schedule.on_event),  # ScR 12.1, 12.6
    Watcher("columns", _plain(column_entry.Columns), column_entry.on_event, indexed=True),  # ScR 12.3.2, 12.4.2
    Watcher("map_limits", _plain(map_limits.Limits), map_limits.on_event),  # ScR 8
    Watcher("exiles", _plain(route_exiles.Exiles), route_exiles.on_event),  # ScR 8.1.10
    Watcher("early", _plain(early_releases.Releases), early_releases.on_event),  # ScR 23.2
    Watcher("crossings", lambda r, t: pannerden.Crossings.set_up(t.setup, r.game), pannerden.on_event),  # ScR 9.2
    Watcher(None, None, ammunition.on_event),  # SR 15.2.1 (its memory is the referee's depletion log)
    Watcher("oos", _plain(oos.OosLog), oos.on_event),  # SR 13.2.7.1: each side's last Command Phase
    Watcher("leader_rolls", _plain(leader_loss.LeaderRolls), leader_loss.on_event, indexed=True),  # SR 19.3.3
    Watcher("deployments", _plain(deployment.SetUp), deployment.on_event),  # ScR 16.2, 17.2-22.2
    Watcher("special_at", _plain(ca_special_at.SpecialAt), ca_special_at.on_event, indexed=True),  # SR 10.2
    Watcher("released", _plain(releases.Released), releases.on_event),  # ScR 23.1.8
    Watcher("brigades", _plain(route_brigades.Brigades), route_brigades.on_event),  # ScR 8.2.1.4 (after 23.1.8)
    Watcher("barrages", _plain(route_barrages.Barrages), route_barrages.on_event),  # ScR 23.1.3
    Watcher("envelope", _plain(route_envelope.Envelope), route_envelope.on_event),  # ScR 8.2.2.3
    Watcher("travel_lock", _plain(route_travel.TravelLock), route_travel.on_event),  # ScR 5.2.4.4, 5.2.4.6
    Watcher("start_ma", lambda _r, t: start_ma.StartMa.set_up(t.setup), start_ma.on_event, indexed=True),  # 8.1.5
    Watcher("cp_ma", _plain(cp_ma.CpMa), cp_ma.on_event, indexed=True),  # SR 13.2.7.5-7, 14.6.2
    Watcher(None, None, detached.on_event),  # ScR 8.1.11, 15.1.1 (its memory is the referee's attach.detached)
    Watcher("fatigue", lambda r, t: fatigue.Fatigue.set_up(t.setup, r.channel), fatigue.on_event),  # optional SR 21.5
    Watcher("victory_log", lambda r, t: victory.set_up(r, t.setup), victory.on_event),  # ScR 17.6-23.4
    Watcher(None, None, reaction_limit.on_event),  # SR 4.1 (reads the referee's fire log and moves)
    Watcher("reveals", _plain(firelog.Reveals), firelog.on_event),  # SR 7.3.4 (read by fire.check_los)
    Watcher("ca_results", _plain(ca_obligations.Obligations), ca_obligations.on_event,
            indexed=True),  # SR 10.1.2, 10.5.1, 10.5.4: a CA's retreat and advance made before anything else
)


def start(referee: Any, timeline: Timeline) -> None:
    """Give the referee each watcher's memory, as the attribute the topic modules read it by."""
    for w in WATCHERS:
        if w.log is not None and w.start is not None:
            setattr(referee, w.log, w.start(referee, timeline))


def watch(referee: Any, index: int, e: Event) -> list[tuple[int, Verdict]]:
    """Every watcher's verdicts on event ``index``, as (event index, verdict), in ``WATCHERS`` order."""
    out: list[tuple[int, Verdict]] = []
    for w in WATCHERS:
        args = () if w.log is None else (getattr(referee, w.log),)
        if w.indexed:
            out += w.on_event(referee, *args, index, e)
        else:
            out += [(index, v) for v in w.on_event(referee, *args, e)]
    return out
