"""HTTR 30th Corps's opening barrages (ScR 23.1.3, 24.2.4): on GT 2 and 3 the British may conduct unobserved
Indirect Fire as if it were observed, "against units within three hexes of Club Route only".

Data (game.toml ``[special.route_barrages]``): ``formations`` (the firing artillery's formations), ``turns``,
``route`` (a terrain.toml place), ``reach``, ``scenarios`` (the scenarios it holds in; none: all) and ``rule``.

Reading: ScR 23.1.3's "must be conducted against units within three hexes of Club Route only" binds every
unobserved barrage of those units on those GTs: one at a hex farther from the route is flagged. An unobserved
barrage is an ``if`` declaration naming no spotter (SR 6.5.1.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.builder.timeline import ChatLine, Event
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration, parse
from hexforge.rules.httr.fire_units import firers
from hexforge.rules.httr.map_limits import region
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.registry import rule
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "route_barrages"  # game.toml [special.route_barrages]


class Position(Board, Protocol):
    rules: RulesSystem


@dataclass
class Barrages:
    """Whether the missing route was already named in this log."""

    named: bool = False


def config(p: Position) -> dict:
    cfg = p.game.special(DATA) or {}
    only = cfg.get("scenarios")
    return {} if only and p.rules.scenario is not None and p.rules.scenario not in only else cfg


def on_event(p: Position, log: Barrages, e: Event) -> list[Verdict]:
    """ScR 23.1.3's verdicts on one event (before the referee's other checks)."""
    cfg = config(p)
    d = parse(e.text) if cfg and isinstance(e, ChatLine) else None
    if d is None or d.kind != "if" or d.spotter is not None or p.state.turn not in cfg.get("turns", ()):
        return []
    units = firers(p, d)  # type: ignore[arg-type]
    if isinstance(units, str) or not any(belongs(p.game, u, list(cfg.get("formations", ()))) for u in units):
        return []
    return judge_barrage(p, log, cfg, d)


def counts_observed(p: Position, units: list[str], target: Hex) -> bool | None:
    """Does this unobserved barrage count as observed (ScR 23.1.3: the rule's formations, GTs and reach of the
    route)? ``None`` when the game's route has no hexes. The limits of unobserved barrages (SR 6.5.1.4-6.5.1.5,
    ``fire_limits.check_barrage``) then do not bind it."""
    cfg = config(p)
    if not cfg or p.state.turn not in cfg.get("turns", ()) or \
            not any(belongs(p.game, u, list(cfg.get("formations", ()))) for u in units):
        return False
    route = region(p.game, cfg.get("route"))
    if route is None:
        return None
    gap = min((target.distance(r) for r in route), default=None)
    return gap is not None and gap <= int(cfg.get("reach", 3))


def route_needs(p: Position) -> str:
    """What the game lacks to say whether ScR 23.1.3 holds (its route's hexes)."""
    cfg = config(p)
    return str(cfg.get("needs") or f"the hexes of {cfg.get('route')} (ScR 23.1.3)")


@rule("HTTR ScR 23.1.3 / 24.2.4", "SCN-6", "on GT 2-3 the British unobserved barrages count as observed, at units "
      "within three hexes of Club Route only")
def judge_barrage(p: Position, log: Barrages, cfg: dict, d: Declaration) -> list[Verdict]:
    route, target = region(p.game, cfg.get("route")), p.hex(d.target)
    if route is None:
        if log.named:
            return []
        log.named = True
        return [NotCheckable(route_needs(p))]
    if target is None:
        return []
    reach, gap = int(cfg.get("reach", 3)), min((target.distance(r) for r in route), default=None)
    if gap is None or gap > reach:
        return [Illegal(str(cfg.get("rule", "HTTR ScR 23.1.3")), f"an unobserved barrage on {d.target} in GT "
                        f"{p.state.turn}, {gap} hexes from {cfg.get('route')}: these barrages fall within {reach} "
                        "of it only")]
    return [Legal(detail=f"{d.target} is within {reach} hexes of {cfg.get('route')}: the barrage counts as observed "
                  f"({cfg.get('rule')})")]
