"""HTTR German units that start far east of Club Route on Map D (ScR 8.1.10): they never fire on Club Route, and
exist only to leave the map by the end of 18 September; once off the map they are free (they "can return later
after using off the map movement"). The 6th FJ's units are exempt.

Data (game.toml ``[special.route_exiles]``): ``side``; ``zone`` (the hexes "east of Club Route and six or more
hexes away from" it: labels, ranges or place names, or ``"unknown"`` with ``needs``); ``route`` (a place name);
``except_formations``; ``last_date`` (a ``[special.turn_calendar]`` date) and ``rule``.

Readings: the units bound are those of the side standing in the zone when the log begins. "May not fire on Club
Route" is a fire declaration (``df``/``at``/``if``/``of``/``return``) whose target hex is a route hex. "By the end of
the 18th" is judged as the tracker enters the first GT of a later date.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.builder.timeline import ChatLine, Event, Move, TurnChange
from hexforge.games.game import Game
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.fire import firers
from hexforge.rules.httr.map_limits import region
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.registry import rule
from hexforge.rules.state import phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "route_exiles"  # game.toml [special.route_exiles]
FIRE = ("df", "at", "if", "of", "return")


class Position(Board, Protocol):
    def calendar(self) -> dict[int, dict]: ...


@dataclass
class Exiles:
    """The units bound to leave (found at the log's first event; None before), and whether the deadline passed."""

    bound: set[str] | None = None
    judged: bool = False
    named: bool = False


def config(game: Game) -> dict:
    return game.special(DATA) or {}


def on_event(p: Position, log: Exiles, e: Event) -> list[Verdict]:
    """ScR 8.1.10's verdicts on one event (before the referee's other checks)."""
    cfg = config(p.game)
    if not cfg:
        return []
    zone = region(p.game, cfg.get("zone"))
    if zone is None or not isinstance(cfg.get("except_formations", []), list):
        return unknown_zone(log, cfg, e)
    if log.bound is None:
        spared = list(cfg.get("except_formations", ()))
        log.bound = {u for u, at in p.state.positions.items() if at in zone and p.state.side(u) == cfg.get("side")
                     and u in p.game.units and not belongs(p.game, u, spared)}
    if isinstance(e, Move) and e.to_hex is None:
        log.bound.discard(p.unit(e) or "")
    if isinstance(e, TurnChange):
        return deadline(p, log, cfg, phase_of(p.game, e)[0])
    d = parse(e.text) if isinstance(e, ChatLine) else None
    if d is None or d.kind not in FIRE:
        return []
    return fire_on_route(p, log, cfg, d)


def unknown_zone(log: Exiles, cfg: dict, e: Event) -> list[Verdict]:
    """One NotCheckable per log, at the first fire declaration or turn change, naming the missing zone."""
    if log.named or not isinstance(e, (TurnChange, ChatLine)):
        return []
    log.named = True
    return [NotCheckable(str(cfg.get("needs") or "the hexes east of Club Route and six or more from it (ScR 8.1.10)"))]


@rule("HTTR ScR 8.1.10", "RES-6", "Germans starting on Map D six or more hexes east of Club Route never fire on it "
      "and leave the map by the end of 18 September (not the 6th FJ)")
def fire_on_route(p: Position, log: Exiles, cfg: dict, d) -> list[Verdict]:
    units = firers(p, d)
    if isinstance(units, str):
        return []
    mine = sorted(u for u in units if u in (log.bound or set()))
    target = p.hex(d.target)
    if not mine or target is None:
        return []
    route = region(p.game, cfg.get("route"))
    if route is None:
        return [NotCheckable(f"the hexes of {cfg.get('route')} (ScR 8.1.10: {', '.join(mine)} may not fire on it)")]
    if target in route:
        return [Illegal(cfg.get("rule", "HTTR ScR 8.1.10"), f"{', '.join(mine)} fire on {d.target}, a hex of "
                        f"{cfg.get('route')}: units that started far east of it never do")]
    return [Legal(detail=f"{d.target} is off {cfg.get('route')} (ScR 8.1.10)")]


def deadline(p: Position, log: Exiles, cfg: dict, turn: int | None) -> list[Verdict]:
    """RES-6 (``fire_on_route``'s rule): as the first GT after ``last_date`` begins, none of them is on the map."""
    cal = p.calendar()
    days = [t["date"] for _, t in sorted(cal.items())]
    last = str(cfg.get("last_date"))
    if log.judged or turn is None or last not in days or turn not in cal or \
            days.index(cal[turn]["date"]) <= days.index(last):
        return []
    log.judged = True
    left = sorted(u for u in log.bound or () if p.state.where(u) is not None)
    if left:
        return [Illegal(cfg.get("rule", "HTTR ScR 8.1.10"), f"{', '.join(left)} still on the map after {last}: "
                        "they exist only to leave it by then")]
    return [Legal(detail=f"the units bound to leave are off the map after {last} (ScR 8.1.10)")]
