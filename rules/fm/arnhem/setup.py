"""Arnhem Scenario 2 free deployment (ARN 12.0, L555-L573): away from city hexes and the south map edge.

The regions of 12.0 (Germany, Nijmegen, north of the Neder Rijn, ...) are judged with the other set-up areas
in ``setup``; here are the distance limits and the drop zone markers.

"Within five hexes (inclusive) of the south map edge" does not say whether the edge hex counts as the first
of the five: a hex five hexes from the edge hexes is illegal under one reading and legal under the other, so
it is not checkable; nearer is illegal, further legal. "Within two hexes (one intervening hex) of a city
hex" is hex distance two or less.
"""
from __future__ import annotations


from hexforge.games.schema import ScenarioFile
from hexforge.maps.hexes import Hex, within
from hexforge.maps.terrain import Unknown
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, NotCheckable, Verdict
from hexforge.rules.fm.setup import Start, marker_names, unseen_markers
from hexforge.rules.system import RulesSystem


RULE = "ARN 12.0"
DZ_MARKERS = ("dz_1st_british_ab", "dz_101st_us_ab", "dz_82nd_us_ab")  # ARN 11.0 (L468-L471); 12.0 (L563)
GERMAN = "german"
CITY_EXEMPT = {"BrDf"}  # ARN 12.0 a) (L555)
CITY_RANGE = 2  # "within two hexes (one intervening hex) of a city hex"
EDGE_RANGE = 5  # "within five hexes (inclusive) of the south map edge"


def hexes(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"


def near_city(rules: RulesSystem, h: Hex) -> Hex | None | Unknown:
    """The nearest city hex within two hexes of ``h``; None when there is none; Unknown when neither the
    terrain.toml city places nor the surveyed terrain around ``h`` can say."""
    near = [x for x in within(h, CITY_RANGE) if x in rules.map]
    places = [p for p in rules.terrain.places if p.kind == "city"]
    for x in near:
        if "city" in (rules.terrain.of(x) or ()) or any(p.hexes and x in p.hexes for p in places):
            return x
    if (places and all(p.hexes is not None for p in places)) or all(rules.terrain.of(x) is not None for x in near):
        return None
    return Unknown("the city hexes (terrain.toml [[places]] of kind 'city', or the surveyed terrain within two "
                   "hexes of the set-up hexes)")


def edge_distance(rules: RulesSystem, h: Hex) -> int | Unknown:
    """Hex distance from ``h`` to the nearest south map edge hex (terrain.toml edges id 'south')."""
    edge = rules.terrain.edges.get("south")
    if not edge:
        return Unknown("the south map edge hexes (terrain.toml [[edges]] id 'south')")
    return min(h.distance(e) for e in edge)


def _limits(rules: RulesSystem, what: str, h: Hex, city: str | None, edge: str) -> tuple[list[Verdict], list[str]]:
    """The city (``city``: whom the rule names, None: not limited) and south-edge limits for one piece:
    findings, and the needs of the limits the data cannot judge."""
    lab = rules.map.label
    out: list[Verdict] = []
    unknown: list[str] = []
    c = near_city(rules, h) if city is not None else None
    if isinstance(c, Unknown):
        unknown.append(c.needs)
    elif c is not None:
        out.append(Illegal(RULE, f"{what} is set up in {lab(h)}, {hexes(h.distance(c))} from the city hex {lab(c)}; "
                                 f"{RULE} sets up {city} within two hexes of a city hex"))
    d = edge_distance(rules, h)
    if isinstance(d, Unknown):
        unknown.append(d.needs)
    elif d < EDGE_RANGE:
        out.append(Illegal(RULE, f"{what} is set up in {lab(h)}, {hexes(d)} from the south map edge hexes; {RULE} "
                                 f"sets up {edge} within five hexes of the south map edge"))
    elif d == EDGE_RANGE:
        out.append(NotCheckable(f"whether {lab(h)} ({what}), five hexes from the south map edge hexes, is 'within "
                                f"five hexes of the south map edge' ({RULE} does not say whether the edge hex "
                                "counts as the first)"))
    return out, unknown


@rule("ARN 12.0", "SET-3", "Scenario 2: no German unit but the BrDf within two hexes of a city hex, none within "
      "five hexes (inclusive) of the south map edge; the drop zone markers on the map, not within two hexes of a "
      "city hex nor five of the south edge, and not in a German-occupied hex")
def judge_free_deployment(rules: RulesSystem, sc: ScenarioFile, start: Start) -> list[Verdict]:
    """ARN 12.0 (L555-L573) for a scenario of free deployment (one with ``[[deployment]]`` limits, Arnhem
    Scenario 2); nothing for any other scenario."""
    game = rules.game
    if not sc.deployment:
        return []
    out: list[Verdict] = []
    unknown: dict[str, list[str]] = {}
    germans = sorted(u for u in start.units if game.units[u].side == GERMAN)
    for u in germans:
        city = None if u in CITY_EXEMPT else "no German unit but the BrDf"
        found, needs = _limits(rules, u, start.units[u], city, "no German unit")
        out += found
        for n in needs:
            unknown.setdefault(n, []).append(u)
    names = marker_names(game)
    if not any(m in start.markers for m in DZ_MARKERS):
        out.append(unseen_markers(game, list(DZ_MARKERS)))
    else:
        for m in DZ_MARKERS:
            hs = start.markers.get(m, [])
            what = f"the marker '{names.get(m, m)}'"
            if not hs:
                out.append(Illegal(RULE, f"{what} is not on the map at the start; {RULE} has the Allied player "
                                         "set it up"))
            elif len(hs) > 1:
                out.append(Illegal(RULE, f"{what} is on the map {len(hs)} times at the start; there is one"))
            for h in hs:
                found, needs = _limits(rules, what, h, "no drop zone marker", "no drop zone marker")
                out += found
                for n in needs:
                    unknown.setdefault(n, []).append(names.get(m, m))
                occupants = [u for u in germans if start.units[u] == h]
                if occupants:
                    out.append(Illegal(RULE, f"{what} shares {rules.map.label(h)} with the German unit {occupants[0]}; "
                                             f"{RULE} moves it into an adjacent eligible hex"))
    out += [NotCheckable(f"{n}, to judge {', '.join(who)} ({RULE})") for n, who in sorted(unknown.items())]
    return out
