"""Highway to the Reich supply sources (ScR 5.1): the map's named sources, the scenarios', and German
roads off the map edges less those into captured off-map areas (ScR 5.1.1.2, 10.3)."""
from __future__ import annotations

from dataclasses import dataclass

from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.units import is_kind
from hexforge.rules.state import GameState


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


OFFMAP_TABLE = "offmap_deactivation"  # ScR 10.3 Table 3 (L1435-L1442)


def sources(game: Game, side: str, scenario: str | None = None, turn: int | None = None,
            state: GameState | None = None) -> list[Source]:
    """The supply sources of ``side``: the map's supply-source places of that side (terrain.toml, with what each
    feeds: ScR 5.1), the German ones less those leading into off-map areas captured by game turn ``turn``
    (ScR 5.1.1.2), the scenario's ``[special_rules] supply_sources`` (ScR 17.4), and, in ``state``, the permanent
    ferry while an engineer of its side holds either end (ScR 5.1.1.3, :func:`ferry_source`)."""
    out: list[Source] = []
    for p in game.map.terrain.places:  # terrain.toml supply-source places with their side and what they feed
        if p.kind == "supply-source" and p.side == side and p.feeds:
            missing = "" if p.hexes is not None else f"hexes of the {p.name} ({p.source}; not transcribed)"
            out.append(Source(p.name, side, p.hexes, p.feeds, p.source or p.name, missing))
    if side == "german":
        out = [_uncaptured(game, s, turn) if s.feeds == "corps" else s for s in out]
    sc = game.scenarios.get(scenario or "")
    raw = (sc.special_rules or {}).get("supply_sources") if sc is not None else None
    for entry in plain(raw) or ():  # the scenario's own sources, each standing in for the HQs it feeds (ScR 17.4)
        label = entry.get("hex")
        if entry.get("side") == side and label in game.map.index:
            out += [Source(f"hex {label} (scenario {scenario})", side, frozenset({game.map.hex(label)}), f,
                           raw.get("source", "")) for f in entry.get("feeds", ())]
    out += shared_heads(game, side, out)
    return out + (ferry_source(game, side, state) if state is not None else [])


SHARES = "shares"  # game.toml [special.supply_heads]: formations that may draw on the other heads (ScR 5.1.3.4)


def shared_heads(game: Game, side: str, own: list[Source]) -> list[Source]:
    """ScR 5.1.3.4 (L1102): 'The Polish Parachute Brigade may draw supply from any of the other airborne divisional
    supply drop zones in addition to its own supply head': for each ``[special.supply_heads] shares`` row
    (``formation``: the key its head feeds, ``corps-of:<formation>``; ``source``) of a formation some unit
    carries, every other head of ``side`` also stands in for it; its own head, when the data gives none, is a
    source of unknown hexes (not checkable, never skipped)."""
    cfg = game.special("supply_heads") or {}
    out: list[Source] = []
    for row in plain(cfg.get(SHARES)) or ():
        key, rule = str(row.get("formation", "")), str(row.get("source") or "HTTR ScR 5.1.3.4")
        if key.lower() in ("", "unknown") or not any(u.formation.split("/")[-1] == key and u.side == side
                                                     for u in game.units.values()):
            continue  # no unit of the formation on this side (the bundled Polish brigade is not transcribed)
        feeds = f"corps-of:{key}"
        heads = [s for s in own if s.side == side and s.feeds.startswith("corps-of:")]
        shared = [Source(f"{s.name} (shared with {key}, {rule})", side, s.hexes, feeds, rule, s.missing)
                  for s in heads if s.feeds != feeds]
        out += shared
        if shared and not any(s.feeds == feeds for s in heads):
            out.append(Source(f"{key}'s own supply head", side, None, feeds, rule, f"the hexes of {key}'s own "
                              f"supply head (a terrain.toml supply-source place feeding {feeds}), {rule}"))
    return out


FERRY_SOURCE = "ferry_source"  # game.toml [special.supply_rules]: the permanent ferry as a source (ScR 5.1.1.3)


def ferry_source(game: Game, side: str, state: GameState) -> list[Source]:
    """ScR 5.1.1.3 (L1093): 'The ferry at Pannerden ... becomes a German supply source if a German engineer unit
    occupies either side of the ferry': ``[special.supply_rules] ferry_source`` (``side``, ``kinds``: the unit kinds
    that hold it, ``feeds``) on the ``[special.permanent_ferry]`` hexes. Not known (no hexes) when a unit of the side
    there is of unknown type. Reading: both ends are the source (the ferry), whichever end the engineer holds."""
    cfg = supply_rule(game, FERRY_SOURCE)
    ferry = game.special("permanent_ferry") or {}
    if cfg is None or cfg.get("side") != side:
        return []
    rule = str(cfg.get("source") or "HTTR ScR 5.1.1.3")
    labels = [str(x) for x in plain(ferry.get("hexes")) or ()]
    hexes = frozenset(game.map.hex(x) for x in labels if x in game.map.index)
    name = f"the permanent ferry {'/'.join(labels)} (held by an engineer, {rule})"
    if not hexes:
        return [Source(name, side, None, str(cfg.get("feeds", "corps")), rule,
                       f"the permanent ferry's hexes (game.toml [special.permanent_ferry] hexes), {rule}")]
    held = sorted(u for h in hexes for u in state.at(h) if state.side(u) == side and u in game.units)
    kinds = {u: is_kind(game, u, *cfg.get("kinds", ("engineer",))) for u in held}
    if any(k is True for k in kinds.values()):
        return [Source(name, side, hexes, str(cfg.get("feeds", "corps")), rule)]
    unsure = [u for u, k in kinds.items() if k is None]
    if unsure:
        return [Source(name, side, None, str(cfg.get("feeds", "corps")), rule,
                       f"whether unit {unsure[0]} at the ferry is an engineer (units.csv type), {rule}")]
    return []


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


NOT_IN_PLAY, WEST_ROADS = "corps_not_in_play", "west_roads"  # game.toml [special.supply_rules] (ScR 5.1.5.1-5.1.5.2)


def supply_rule(game: Game, key: str) -> dict | None:
    """The game.toml ``[special.supply_rules]`` entry ``key`` (a table), else ``None``: ``corps_not_in_play``
    (ScR 5.1.5.2 L1117: ``road_hexes``, ``road``, ``also``: the non-division HQs it names) and ``west_roads``
    (ScR 5.1.5.1 L1116: ``hqs``, ``edge``: a terrain.toml [[edges]] id, ``roads``)."""
    got = (game.special("supply_rules") or {}).get(key)
    return got if isinstance(got, dict) else None


def map_edge(game: Game) -> frozenset[Hex]:
    """The map's edge hexes: those with fewer than six neighbours on the map (ScR 5.1.5.2 'the map edge')."""
    g = game.map.graph()
    return frozenset(h for h in g.nodes if g.degree(h) < 6)


def road_exits(game: Game, edge: str, roads: frozenset[str]) -> tuple[frozenset[Hex], frozenset[Hex]] | None:
    """ScR 5.1.5.1 (L1116): the hexes of terrain.toml edge ``edge`` a road of ``roads`` reaches (a road there leads
    off the map), and its unsurveyed hexes (a road may be there); ``None`` when the edge's hexes are not known."""
    t = game.map.terrain
    hexes = t.edges.get(edge)
    if hexes is None:
        return None
    on = frozenset(h for h in hexes if any(t.connections(h, n) & roads for n in h.neighbours()))
    return on, frozenset(h for h in hexes - on if not t.surveyed(h))
