"""HTTR early German reinforcement releases (ScR 23.2): when a 30th Corps ground unit has been farther than 12 hexes
from Club Route for more than one turn, the German player rolls 1d6 for the 84th Division (3 or less releases it),
then for the 180th (1-2), then for the 190th (1).

Data (game.toml ``[special.early_releases]``): ``formations`` (the watched units: units.csv formations or HQ ids),
``route`` (a terrain.toml place), ``reach``, ``releases`` (rows of ``formation`` and ``succeed``, the 1d6 results
that release it, in the order they are rolled for), ``scenarios`` (the scenarios it holds in; none: all) and
``rule``; the roll is the dice button of purpose ``early-release``.

Readings: "that condition persists for more than one turn" is read as the condition holding as both this GT and
the one before began (the tracker's change into each GT); the German player rolls at most once a GT, for the first
division not yet released. When the log begins this GT or the last, the earlier GT's condition is unknown.

A released division "arrives within four game turns" and its divisions "enter where they would ordinarily": its
units may enter before their scheduled GT (rules/httr/schedule.py asks ``released_since``). Reading: from the GT
after the roll's; German arrivals may be deferred (ScR 12.2.2), so a later one is no breach.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Event, TurnChange
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.map_limits import region
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.registry import rule
from hexforge.rules.state import phase_of
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA, PURPOSE = "early_releases", "early-release"  # game.toml [special.early_releases], its dice button


class Position(Board, Protocol):
    rules: RulesSystem


@dataclass
class Releases:
    """Whether a watched unit stood beyond the reach as each GT began; the GTs rolled in; divisions released."""

    far: dict[int, bool] = field(default_factory=dict)
    rolled: set[int] = field(default_factory=set)
    released: int = 0
    named: bool = False
    when: dict[str, int] = field(default_factory=dict)  # a released formation -> the GT of its roll


def config(p: Position) -> dict:
    cfg = p.game.special(DATA) or {}
    only = cfg.get("scenarios")
    return {} if only and p.rules.scenario is not None and p.rules.scenario not in only else cfg


def on_event(p: Position, log: Releases, e: Event) -> list[Verdict]:
    """ScR 23.2's verdicts on one event (before the referee's other checks)."""
    cfg = config(p)
    if not cfg:
        return []
    route = region(p.game, cfg.get("route"))
    if isinstance(e, TurnChange) and route is not None:
        turn = phase_of(p.game, e)[0]
        if turn is not None and turn not in log.far:
            log.far[turn] = beyond(p, cfg, route)
        return []
    if not isinstance(e, DiceRoll):
        return []
    button = p.channel.dice(e.name)
    if button is None or button.purpose != PURPOSE:
        return []
    if route is None:
        if log.named:
            return []
        log.named = True
        return [NotCheckable(str(cfg.get("needs") or f"the hexes of {cfg.get('route')} (ScR 23.2)"))]
    return [judge_roll(p, log, cfg, e.total if e.total is not None else sum(e.values))]


def beyond(p: Position, cfg: dict, route: frozenset) -> bool:
    reach, formations = int(cfg.get("reach", 12)), list(cfg.get("formations", ()))
    return any(u in p.game.units and belongs(p.game, u, formations) and min((at.distance(r) for r in route),
               default=reach + 1) > reach for u, at in p.state.positions.items())


@rule("HTTR ScR 23.2", "SCN-9", "the early-release 1d6 (84th on 3 or less, then 180th on 1-2, then 190th on 1) only "
      "while a 30th Corps unit has been over 12 hexes from Club Route for more than a turn")
def judge_roll(p: Position, log: Releases, cfg: dict, roll: int) -> Verdict:
    turn, why = p.state.turn, str(cfg.get("rule", "HTTR ScR 23.2"))
    rows = list(cfg.get("releases", ()))
    if turn is None:
        return NotCheckable("the GT of the early-release roll (the turn tracker)")
    if turn in log.rolled:
        return Illegal(why, f"a second early-release roll in GT {turn}: one a GT")
    log.rolled.add(turn)
    if log.released >= len(rows):
        return Illegal(why, "an early-release roll after every division has been released")
    now, before = log.far.get(turn), log.far.get(turn - 1)
    if now is False or before is False:
        return Illegal(why, f"an early-release roll in GT {turn}: no {', '.join(cfg.get('formations', ()))} unit "
                       f"has been over {cfg.get('reach', 12)} hexes from {cfg.get('route')} since GT {turn - 1} began")
    if now is None or before is None:
        return NotCheckable(f"where the watched units stood as GT {turn - 1} began (the log begins later)")
    row = rows[log.released]
    if roll in row.get("succeed", ()):
        log.released += 1
        log.when[str(row.get("formation"))] = turn
        return Legal(detail=f"a {roll} releases {row.get('formation')} early ({why})")
    return Legal(detail=f"a {roll} does not release {row.get('formation')} ({why})")


def released_since(p: Position, log: Releases, uid: str) -> int | None:
    """The GT ``uid``'s formation was released early in (ScR 23.2), if it was."""
    return next((gt for f, gt in sorted(log.when.items()) if belongs(p.game, uid, [f])), None)
