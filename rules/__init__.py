"""The rules: one neutral core (state, verdicts, the registry, the replay driver, ``core/`` mechanics)
and one wing per rules system (``fm/``, ``ptr/``, ``httr/``). This face lists the systems: a game's
``game.toml`` names its rules variant (``rules = "arnhem"``), else its ``system`` is used.
"""
from __future__ import annotations

import importlib
import inspect
from typing import Callable

from hexforge.builder.timeline import EventStream, Timeline
from hexforge.games.game import Game
from hexforge.rules.registry import matrix
from hexforge.rules.replay import Referee, Report
from hexforge.rules.system import RulesSystem

#: Every rules variant by name: its system and its log referee (``None``: none is built yet), as ``module:Class``,
#: imported only when a game asks for it (checking an F&M log loads no PtR or HTTR code).
SYSTEMS: dict[str, tuple[str, str | None]] = {
    "fm": ("hexforge.rules.fm.system:FireAndMovement", "hexforge.rules.fm.referee:FmReferee"),
    "aachen": ("hexforge.rules.fm.aachen.system:Aachen", "hexforge.rules.fm.referee:FmReferee"),
    "arnhem": ("hexforge.rules.fm.arnhem.system:Arnhem", "hexforge.rules.fm.referee:FmReferee"),
    "ptr": ("hexforge.rules.ptr.system:PiercingTheReich", "hexforge.rules.ptr.referee:PtrReferee"),
    "httr": ("hexforge.rules.httr.system:HighwayToTheReich", "hexforge.rules.httr.referee:HttrReferee"),
}


def load(path: str) -> type:
    """The class a ``module:Class`` path of ``SYSTEMS`` names."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def classes(name: str) -> tuple[type[RulesSystem], type[Referee] | None]:
    """A variant's system and referee classes (imports its wing)."""
    system, referee = SYSTEMS[name]
    return load(system), load(referee) if referee else None


def systems() -> dict[str, tuple[type[RulesSystem], type[Referee] | None]]:
    """Every variant's system and referee classes (imports every wing)."""
    return {v: classes(v) for v in SYSTEMS}


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
    return classes(variant(game))[0](game, scenario)


def referee_for(rules: RulesSystem, timeline: Timeline | EventStream,
                settings: dict[str, str] | None = None) -> Referee:
    """The log referee of ``rules`` over ``timeline``; :class:`NoReferee` when the system has none yet.
    ``settings``: the rulebook readings and optional rules the referee takes (a ValueError for a system without
    any, or a name or value it does not know)."""
    cls = classes(variant(rules.game))[1]
    if cls is None:
        raise NoReferee(f"no log referee exists yet for the {rules.system_id} system (game {rules.game.id}); "
                        f"systems with one: {', '.join(sorted({c.system_id for c, r in systems().values() if r}))}")
    if not settings:
        return cls(rules, timeline)
    if "readings" not in inspect.signature(cls).parameters:
        raise ValueError(f"the {rules.system_id} referee takes no settings (given: {', '.join(sorted(settings))})")
    return cls(rules, timeline, readings=settings)


def check(game: Game, timeline: Timeline | EventStream, scenario: str | None = None,
          progress: Callable[[int], None] | None = None, settings: dict[str, str] | None = None) -> Report:
    """Judge every event of a log under the game's rules (``progress(n)``: n more events judged; ``settings``: see
    :func:`referee_for`). Over an :class:`EventStream` the timeline is not kept: memory holds the verdicts, not the
    log's positions."""
    return referee_for(rules_for(game, scenario), timeline, settings).run(progress)


def coverage(system: str) -> str:
    """The coverage matrix of a system as markdown (``hexforge rules coverage``); :class:`NoReferee` when the
    system has no referee, hence no catalogue, yet."""
    known = {c.system_id: c for c, _ in systems().values()}
    cls = known.get(system)
    if cls is None:
        raise KeyError(f"no rules system {system!r} (known: {', '.join(sorted(known))})")
    if not cls.catalogue:
        raise NoReferee(f"no log referee exists yet for the {system} system, so it has no coverage matrix")
    return matrix(system, cls.catalogue, cls.departures)
