"""The rules: one neutral core (state, verdicts, the registry, the replay driver, ``core/`` mechanics)
and one wing per rules system (``fm/``, ``ptr/``, ``httr/``). This face lists the systems: a game's
``game.toml`` names its rules variant (``rules = "arnhem"``), else its ``system`` is used.
"""
from __future__ import annotations

from typing import Callable

from hexforge.builder.timeline import EventStream, Timeline
from hexforge.games.game import Game
from hexforge.rules.fm.aachen.system import Aachen
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.fm.referee import FmReferee
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.httr.system import HighwayToTheReich
from hexforge.rules.ptr.referee import PtrReferee
from hexforge.rules.ptr.system import PiercingTheReich
from hexforge.rules.registry import matrix
from hexforge.rules.replay import Referee, Report
from hexforge.rules.system import RulesSystem

#: Every rules variant by name, with its log referee (``None``: none is built yet).
SYSTEMS: dict[str, tuple[type[RulesSystem], type[Referee] | None]] = {
    "fm": (FireAndMovement, FmReferee),
    "aachen": (Aachen, FmReferee),
    "arnhem": (Arnhem, FmReferee),
    "ptr": (PiercingTheReich, PtrReferee),
    "httr": (HighwayToTheReich, HttrReferee),
}


class NoReferee(ValueError):
    """The game's rules system has no log referee yet."""


def variant(game: Game) -> str:
    """The rules variant a game names (``game.toml`` ``rules``), else its system."""
    name = game.info.rules or game.info.system
    if name not in SYSTEMS:
        raise ValueError(f"no rules system {name!r} for game {game.id!r} (game.toml rules/system); known: "
                         f"{', '.join(sorted(SYSTEMS))}")
    return name


def rules_for(game: Game, scenario: str | None = None) -> RulesSystem:
    """The rules of a game, for one of its scenarios when ``scenario`` names it."""
    return SYSTEMS[variant(game)][0](game, scenario)


def referee_for(rules: RulesSystem, timeline: Timeline | EventStream) -> Referee:
    """The log referee of ``rules`` over ``timeline``; :class:`NoReferee` when the system has none yet."""
    name = variant(rules.game)
    cls = SYSTEMS[name][1]
    if cls is None:
        raise NoReferee(f"no log referee exists yet for the {rules.system_id} system (game {rules.game.id}); "
                        f"systems with one: {', '.join(sorted({c.system_id for c, r in SYSTEMS.values() if r}))}")
    return cls(rules, timeline)


def check(game: Game, timeline: Timeline | EventStream, scenario: str | None = None,
          progress: Callable[[int], None] | None = None) -> Report:
    """Judge every event of a log under the game's rules (``progress(n)``: n more events judged). Over an
    :class:`EventStream` the timeline is not kept: memory holds the verdicts, not the log's positions."""
    return referee_for(rules_for(game, scenario), timeline).run(progress)


def coverage(system: str) -> str:
    """The coverage matrix of a system as markdown (``hexforge rules coverage``); :class:`NoReferee` when the
    system has no referee, hence no catalogue, yet."""
    cls = next((c for c, _ in SYSTEMS.values() if c.system_id == system), None)
    if cls is None:
        raise KeyError(f"no rules system {system!r} (known: {', '.join(sorted({c.system_id for c, _ in SYSTEMS.values()}))})")
    if not cls.catalogue:
        raise NoReferee(f"no log referee exists yet for the {system} system, so it has no coverage matrix")
    return matrix(system, cls.catalogue, cls.departures)
