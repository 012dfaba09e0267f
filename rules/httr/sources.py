"""Highway to the Reich supply sources (ScR 5.1): the map's named sources, the scenarios', and German
roads off the map edges less those into captured off-map areas (ScR 5.1.1.2, 10.3)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex


def number(v: object) -> float | None:
    """A table cell as a number (``None`` when it is not one)."""
    v = plain(v)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None



@dataclass(frozen=True)
class Source:
    """A supply source: corps HQs of ``side`` reach it along roads (``feeds == "corps"``), or it
    stands in for the HQ ``feeds`` (always supplied, never in Travel Mode); ``missing`` says why
    ``hexes`` is not known."""

    name: str
    side: str
    hexes: frozenset[Hex] | None  # None: not known
    feeds: str
    rule: str
    missing: str = ""


#: Place names (terrain.toml ``supply-source`` places) -> (side, feeds, rule).
PLACE_SOURCES = {
    "30th Corps supply source": ("allied", "corps", "ScR 5.1.2 (L1096)"),
    "LZ N Supply (82nd Airborne supply head)": ("allied", "corps-of:82", "ScR 5.1.3.2 (L1100)"),
    "LZ W Supply (101st Airborne supply head)": ("allied", "corps-of:101", "ScR 5.1.3.2 (L1100)"),
    "DZ L Supply (1st Airborne supply head)": ("allied", "corps-of:1", "ScR 5.1.3.3 (L1101)"),
}
#: A synthetic game's place "... supply head of FORMATION (SIDE)" is that formation's head (ScR 5.1.3.1).
HEAD_PLACE = re.compile(r"supply head of (?P<formation>\S+) \((?P<side>[^)]+)\)$")
#: Scenario sources: (game id, scenario) -> (hex, side, HQ ids it stands in for, rule).
SCENARIO_SOURCES = {
    ("highway-to-the-reich", "s17"): (("C2411", "allied", ("101", "5/GA"), "ScR 17.4 (L1571)"),),
}
OFFMAP_TABLE = "offmap_deactivation"  # ScR 10.3 Table 3 (L1435-L1442)


def sources(game: Game, side: str, scenario: str | None = None, turn: int | None = None) -> list[Source]:
    """The supply sources of ``side``: the map's named sources, the scenario's (ScR 5.1, 17.4),
    and German roads off the N, E or W edges (ScR 5.1.1.1) as the map's edge road places, less
    those leading into off-map areas captured by game turn ``turn`` (ScR 5.1.1.2)."""
    out: list[Source] = []
    for p in game.map.terrain.places:
        if p.kind != "supply-source":
            continue
        got = PLACE_SOURCES.get(p.name)
        head = HEAD_PLACE.search(p.name)
        if got is None and head is not None:
            got = (head["side"], f"corps-of:{head['formation']}", p.source or p.name)
        elif got is None and p.name.endswith(f"({side})"):
            got = (side, "corps", p.source or p.name)
        if got is not None and got[0] == side:
            out.append(Source(p.name, side, p.hexes, got[1], got[2]))
    if game.info.id == "highway-to-the-reich" and side == "german":
        out.append(Source("roads leading off the N, E or W map edges", side, None, "corps", "ScR 5.1.1.1 (L1091)",
                          "hexes of the roads leading off the N, E or W map edges (ScR 5.1.1.1; not transcribed)"))
    if side == "german":
        out = [_uncaptured(game, s, turn) if s.feeds == "corps" else s for s in out]
    for label, s, feeds, rule in SCENARIO_SOURCES.get((game.info.id, scenario or ""), ()):
        if s == side:
            out.extend(Source(f"hex {label} (scenario {scenario})", side, frozenset({game.map.hex(label)}), f, rule)
                       for f in feeds)
    return out


def captured(game: Game, turn: int) -> list[tuple[str, int]]:
    """Off-map areas captured by the Allies at game turn ``turn``: "captured immediately before
    the first phase of the game turn in which they are listed" (ScR 5.1.1.2 L1092, ScR 10.3)."""
    table = game.tables.get(OFFMAP_TABLE)
    rows = [(str(r.key), number(r.cells[0])) for r in table.rows] if table else []
    return [(area, int(gt)) for area, gt in rows if gt is not None and gt <= turn]


def _uncaptured(game: Game, s: Source, turn: int | None) -> Source:
    """A German road source less the map-edge hexes of captured off-map areas (ScR 5.1.1.2)."""
    table = game.tables.get(OFFMAP_TABLE)
    if table is None or not table.rows:
        return s
    rule = s.rule + ", ScR 5.1.1.2 (L1092)"
    if turn is None:
        why = "the game turn (ScR 5.1.1.2 L1092: roads into off-map areas captured by then are no source)"
        return Source(s.name, s.side, None, s.feeds, rule, "; ".join(x for x in (s.missing, why) if x))
    areas = captured(game, turn)
    edges = {a: game.map.terrain.edges.get(f"offmap-{a}") for a, _ in areas}
    unknown = [f"{a} (GT {gt})" for a, gt in areas if edges[a] is None]
    if unknown:
        why = (f"which map-edge hexes lead into off-map areas {', '.join(unknown)}, captured by GT {turn} "
               "(ScR 5.1.1.2 L1092, ScR 10.3; the Off-Map Movement Display is not transcribed)")
        return Source(s.name, s.side, None, s.feeds, rule, "; ".join(x for x in (s.missing, why) if x))
    if s.hexes is None:
        return Source(s.name, s.side, None, s.feeds, rule, s.missing)
    off = frozenset().union(*edges.values()) if edges else frozenset()
    name = s.name + (f" (not into captured {', '.join(a for a, _ in areas)})" if areas else "")
    return Source(name, s.side, s.hexes - off, s.feeds, rule)
