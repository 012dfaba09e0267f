"""HTTR scenario movement limits drawn on the map (ScR 8.0, 8.1.8, 8.3.2, 8.3.3): Travel units kept off the polder's
mixed hexes except by road or railroad, Germans kept north of Map D's initial front line, airborne units kept near
their drop zones and Club Route's bridges, and Allied units kept off ferry hexsides. Judged on each step of a unit's
own move (its side's Movement or Reaction Phase: a retreat after combat is forced, not voluntary).

Data (game.toml ``[special.map_limits]``), each entry with its ``rule``; where the map data lacks an entry's hexes,
``hexes = "unknown"`` (or ``surveyed = false``) and ``needs`` names the missing datum: the check then answers one
NotCheckable per log naming it (never Legal), and still flags what the known data shows.

- ``polder``: ``hexes`` (the region), ``terrain`` (the hex type barred), ``mode`` (the mode barred), ``roads``
  (thoroughfare kinds that allow the step).
- ``barred``: rows of ``side``, ``sheet`` (the units it binds start their move there), ``hexes`` (where they may not
  go), ``what`` (said in the verdict).
- ``ferry``: ``side``, ``feature`` (the hexside feature), ``except`` (hex pairs ruled elsewhere, e.g. Pannerden's
  ScR 9.2.16), ``surveyed``.
- ``airborne``: ``formations``, ``reach`` and ``anchors`` (place names: drop zones, bridges on the route),
  ``route`` (a place name) and ``route_reach``; ``hq_reach`` and ``hq_anchor`` (division HQ -> place name).

Readings: ScR 8.0's "road or railroad" is a step along a thoroughfare of the data's ``roads`` kinds. ScR 8.3.2's
"always remain within four hexes of a Club Route hex" is judged at every step of the path: a step may not leave
the limits (within ``reach`` of an anchor or within ``route_reach`` of the route), and a unit already outside them
(set up, scattered or retreated there: "voluntarily") may not step farther from its nearest anchor; the HQ likewise
from its supply DZ. A log step between hexes that are not adjacent (a drag
whose path the log does not show) crosses no hexside the check can see, and enters its last hex off any road.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from hexforge.builder.timeline import Event, Move
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "map_limits"  # game.toml [special.map_limits]


Position = Board


@dataclass
class Limits:
    """The data's hex sets (built on first use) and the missing data already named in this log."""

    sets: dict[str, frozenset[Hex] | None] = field(default_factory=dict)
    named: set[str] = field(default_factory=set)

    def hexes(self, game: Game, key: str, spec: object) -> frozenset[Hex] | None:
        """The hexes of ``spec`` (labels, ranges or place names); None where they are unknown."""
        if key not in self.sets:
            self.sets[key] = region(game, spec)
        return self.sets[key]

    def missing(self, entry: dict, default: str) -> list[Verdict]:
        """One NotCheckable per log for an entry whose data is incomplete."""
        need = str(entry.get("needs") or default)
        if need in self.named:
            return []
        self.named.add(need)
        return [NotCheckable(need)]


def region(game: Game, spec: object) -> frozenset[Hex] | None:
    if isinstance(spec, str) and spec != "unknown":
        place = next((q for q in game.map.terrain.places if q.name == spec), None)
        return None if place is None else place.hexes
    if not isinstance(spec, list):
        return None
    out: set[Hex] = set()
    for s in spec:
        got = region(game, s) if any(q.name == s for q in game.map.terrain.places) else frozenset(game.map.hexes(s))
        if got is None:
            return None
        out |= got
    return frozenset(out)


def config(game: Game) -> dict:
    return game.special(DATA) or {}


def on_event(p: Position, log: Limits, e: Event) -> list[Verdict]:
    """ScR 8's map limits on one event (before the referee's other checks)."""
    cfg = config(p.game)
    uid = p.unit(e)
    start = p.state.where(uid) if uid is not None else None
    if not cfg or not isinstance(e, Move) or start is None or e.to_hex is None:
        return []
    kind, side = p.phase()
    if kind not in ("movement", "reaction") or side != p.state.side(uid):
        return []
    steps = [start] + [h for h in (p.hex(x) for x in (e.path or (e.to_hex,))) if h is not None]
    steps = [h for i, h in enumerate(steps) if i == 0 or h != steps[i - 1]]
    if len(steps) < 2:
        return []
    out = polder(p, log, uid, steps, cfg.get("polder")) if isinstance(cfg.get("polder"), dict) else []
    for row in cfg.get("barred", ()):
        out += front_line(p, log, uid, steps, row)
    if isinstance(cfg.get("ferry"), dict):
        out += ferry(p, log, uid, steps, cfg["ferry"])
    if isinstance(cfg.get("airborne"), dict):
        out += tether(p, log, uid, steps, cfg["airborne"])
    return out


def label(p: Position, h: Hex) -> str:
    return p.game.map.labels.get(h, str(h))


@rule("HTTR ScR 8.0", "RES-1", "no unit in Travel Mode enters a mixed hex of the polder east of the highway on "
      "Map A except along a road or railroad")
def polder(p: Position, log: Limits, uid: str, steps: list[Hex], cfg: dict) -> list[Verdict]:
    if mem.mode(p.state, uid) != str(cfg.get("mode", "travel")):
        return []
    area = log.hexes(p.game, "polder", cfg.get("hexes"))
    if area is None:
        return log.missing(cfg, "the polder's hexes east of the highway on Map A (ScR 8.0)")
    barred, roads = str(cfg.get("terrain", "mixed")), set(cfg.get("roads", ()))
    for a, b in pairwise(steps):
        if b in area and barred in (p.game.map.terrain.of(b) or ()) and \
                (a.distance(b) != 1 or not p.game.map.terrain.connections(a, b) & roads):
            return [Illegal(cfg.get("rule", "HTTR ScR 8.0"), f"{uid} in Travel Mode enters the polder's {barred} "
                            f"hex {label(p, b)} off a road or railroad")]
    return [Legal(detail=f"{uid} keeps to the polder's roads (ScR 8.0)")] if any(b in area for b in steps) else []


@rule("HTTR ScR 8.1.8", "RES-4", "German units on Map D never move south of the initial front line")
def front_line(p: Position, log: Limits, uid: str, steps: list[Hex], row: dict) -> list[Verdict]:
    sheet = str(row.get("sheet", ""))
    if p.state.side(uid) != row.get("side") or not label(p, steps[0]).startswith(sheet):
        return []
    zone = log.hexes(p.game, f"barred:{sheet}:{row.get('side')}", row.get("hexes"))
    if zone is None:
        return log.missing(row, f"the initial front line on Map {sheet} (ScR 8.1.8)")
    inside = next((h for h in steps[1:] if h in zone), None)
    if inside is not None:
        return [Illegal(row.get("rule", "HTTR ScR 8.1.8"), f"{uid} moves to {label(p, inside)}, "
                        f"{row.get('what', 'beyond its limit')}")]
    return [Legal(detail=f"{uid} stays behind the initial front line ({row.get('rule')})")]


@rule("HTTR ScR 8.3.3", "RES-12", "Allied units never cross a ferry hexside (they cross the Neder Rijn only at a "
      "bridge; Pannerden's ferry is ScR 9.2.16's)")
def ferry(p: Position, log: Limits, uid: str, steps: list[Hex], cfg: dict) -> list[Verdict]:
    if p.state.side(uid) != cfg.get("side"):
        return []
    kind = str(cfg.get("feature", "ferry"))
    spared = {frozenset(h for h in (p.hex(x) for x in pair) if h is not None) for pair in cfg.get("except", ())}
    for a, b in pairwise(steps):
        if a.distance(b) == 1 and frozenset((a, b)) not in spared \
                and any(f.kind == kind for f in p.game.map.terrain.features(a, b)):
            return [Illegal(cfg.get("rule", "HTTR ScR 8.3.3"), f"{uid} crosses the ferry hexside between "
                            f"{label(p, a)} and {label(p, b)}: Allied units cross only at a bridge")]
    if cfg.get("surveyed") is False:
        return log.missing(cfg, "the map's ferry hexsides (ScR 8.3.3)")
    return []


@rule("HTTR ScR 8.3.2", "RES-11", "airborne units stay within 12 hexes of a drop zone or a Club Route bridge unless "
      "within 4 of Club Route; a division HQ within 12 of its supply DZ")
def tether(p: Position, log: Limits, uid: str, steps: list[Hex], cfg: dict) -> list[Verdict]:
    if not belongs(p.game, uid, list(cfg.get("formations", ()))):
        return []
    anchors = log.hexes(p.game, "anchors", cfg.get("anchors"))
    route = log.hexes(p.game, "route", cfg.get("route"))
    hq = (cfg.get("hq_anchor") or {}).get(uid)
    home = log.hexes(p.game, f"hq:{uid}", hq) if hq is not None else frozenset()
    if anchors is None or route is None or home is None:
        return log.missing(cfg, "the drop zones, Club Route's bridges and Club Route's hexes (ScR 8.3.2)")
    reach, near, far = int(cfg.get("reach", 12)), int(cfg.get("route_reach", 4)), int(cfg.get("hq_reach", 12))

    def inside(h: Hex) -> bool:
        return near_any(h, anchors, reach) or near_any(h, route, near)

    for a, b in pairwise(steps):
        if not inside(b) and (inside(a) or away(b, anchors) > away(a, anchors)):
            return [Illegal(cfg.get("rule", "HTTR ScR 8.3.2"), f"{uid} moves to {label(p, b)}, over {reach} hexes "
                            f"from a drop zone or Club Route bridge and over {near} from Club Route"
                            f"{'' if inside(a) else ', farther than it was'}")]
        if hq is not None and away(b, home) > far and away(b, home) > away(a, home):
            return [Illegal(cfg.get("rule", "HTTR ScR 8.3.2"), f"{uid} moves to {label(p, b)}, over {far} hexes "
                            f"from its supply DZ ({hq})")]
    return [Legal(detail=f"{uid} stays within its airborne limits (ScR 8.3.2)")]


def away(h: Hex, hexes: frozenset[Hex]) -> int:
    """The distance from ``h`` to the nearest of ``hexes``."""
    return min((h.distance(x) for x in hexes), default=0)


def near_any(h: Hex, hexes: frozenset[Hex], reach: int) -> bool:
    return any(h.distance(x) <= reach for x in hexes)
