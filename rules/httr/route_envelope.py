"""HTTR 30th Corps's envelope along Club Route (ScR 8.2.2.3-8.2.2.4, 8.2.2.6): a 30th Corps unit moving on its own
ends each step no farther from Club Route than its band allows, counted back along the route from the northernmost
30th Corps unit: within 3 hexes over the first 12 route hexes, within 6 over the next 6, within 12 beyond; the
restriction lapses north of the Nijmegen bridge (B3235); the HHC's and 43rd's armoured cars may go farther but end
their move within 12 hexes of the route.

Data (game.toml ``[special.route_envelope]``): ``formations`` (30th Corps), ``path`` (Club Route's hexes in order, south
to north: labels or ranges, or ``"unknown"`` with ``needs``), ``bands`` (rows of ``behind``, the last route hex
counted back from the lead, and ``reach``), ``beyond`` (the reach past the last band), ``free_from`` (the route hex
from which it lapses), ``scouts`` (the armoured cars' formations or ids) with ``scout_reach`` and ``scout_rule``, and
``rule``.

Readings: a unit's place along the route is its nearest route hex (the first in the path on a tie), the lead's the
farthest north of any 30th Corps unit's before the move. ScR 8.2.2.3's "after a separation of 24 hexes, ... twelve
hexes" is read as 12 hexes for every unit behind the last band (the text leaves hexes 19-24 behind unstated). The
Travel lock of 8.2.2.3's note and 5.2.4.4-5.2.4.6 is route_travel.py's; 8.2.2.8's airborne support is not judged.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.builder.timeline import Event, Move
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "route_envelope"  # game.toml [special.route_envelope]


Position = Board


@dataclass
class Envelope:
    """Club Route's hexes in order (built on first use; empty: unknown) and whether that was already said."""

    path: list[Hex] = field(default_factory=list)
    named: bool = False


def config(game: Game) -> dict:
    return game.special(DATA) or {}


def route(game: Game, log: Envelope, spec: object) -> list[Hex]:
    if not log.path and isinstance(spec, list):
        for s in spec:
            log.path += [h for h in game.map.hexes(str(s)) if h not in log.path]
    return log.path


def on_event(p: Position, log: Envelope, e: Event) -> list[Verdict]:
    """ScR 8.2.2.3's verdicts on one event (before the referee's other checks)."""
    cfg = config(p.game)
    uid = p.unit(e)
    if not cfg or not isinstance(e, Move) or uid is None or p.state.where(uid) is None or e.to_hex is None:
        return []
    kind, side = p.phase()
    if kind not in ("movement", "reaction") or side != p.state.side(uid) \
            or not belongs(p.game, uid, list(cfg.get("formations", ()))):
        return []
    path = route(p.game, log, cfg.get("path"))
    if not path:
        if log.named:
            return []
        log.named = True
        return [NotCheckable(str(cfg.get("needs") or "Club Route's hexes in order (ScR 8.2.2.3)"))]
    steps = [h for h in (p.hex(x) for x in (e.path or (e.to_hex,))) if h is not None]
    return [judge_envelope(p, cfg, path, uid, steps)]


def along(path: list[Hex], h: Hex) -> tuple[int, int]:
    """(index of the nearest route hex, distance to it)."""
    return min(((i, h.distance(r)) for i, r in enumerate(path)), key=lambda t: (t[1], t[0]))


@rule("HTTR ScR 8.2.2.3-8.2.2.6", "RES-9", "30th Corps units keep within 3 hexes of Club Route over the lead's 12 "
      "route hexes, 6 over the next 6, 12 beyond; not north of B3235; armoured cars end within 12")
def judge_envelope(p: Position, cfg: dict, path: list[Hex], uid: str, steps: list[Hex]) -> Verdict:
    corps = list(cfg.get("formations", ()))
    lead = max(along(path, at)[0] for u, at in p.state.positions.items()
               if u in p.game.units and belongs(p.game, u, corps))
    free = p.hex(cfg.get("free_from"))
    free_at = path.index(free) if free in path else len(path)
    why = str(cfg.get("rule", "HTTR ScR 8.2.2.3"))
    if isinstance(cfg.get("scouts"), list) and belongs(p.game, uid, cfg["scouts"]):
        reach = int(cfg.get("scout_reach", 12))
        index, gap = along(path, steps[-1])
        if index < free_at and gap > reach:
            return Illegal(str(cfg.get("scout_rule", "HTTR ScR 8.2.2.6")), f"{uid} ends its move at "
                           f"{p.game.map.labels.get(steps[-1])}, {gap} hexes from Club Route: armoured cars end "
                           f"within {reach}")
        return Legal(detail=f"{uid} ends within {reach} hexes of Club Route (ScR 8.2.2.6)")
    for h in steps:
        index, gap = along(path, h)
        if index >= free_at:
            continue
        reach = next((int(b["reach"]) for b in cfg.get("bands", ()) if lead - index < int(b["behind"])),
                     int(cfg.get("beyond", 12)))
        if gap > reach:
            return Illegal(why, f"{uid} moves to {p.game.map.labels.get(h)}, {gap} hexes from Club Route, "
                           f"{lead - index} route hexes behind the lead: within {reach} there")
    return Legal(detail=f"{uid} stays within its band of Club Route (ScR 8.2.2.3)")
