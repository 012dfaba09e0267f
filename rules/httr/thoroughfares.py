"""HTTR terrain that limits a step beyond its MP (SR 9.4.2, 9.4.6, ScR 9.0-9.1): raised roads, trails and
railroad embankments (usable by vehicles only in Travel Mode, entered and left by Travel units only at a
terminus, an intersection or a clear hex; +1 MP over a bridge only they cross for leg units), marsh (AFVs and
Travel units only by a thoroughfare, and in Travel), and rivers and canals (crossed only at a bridge).

Readings: a hex is *on* a raised thoroughfare when one of its hexsides carries one; a thoroughfare
*intersection* is a hex where a thoroughfare of another kind also runs (Figure 13's small bridge symbol, two
roads that do not meet, is not in the data); a bridge is a ``bridge`` hexside feature or a ``bridge`` /
``pontoon_bridge`` thoroughfare across the hexside.
"""
from __future__ import annotations

from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.movement_class import moves_now
from hexforge.rules.httr.units import formation_chain, is_kind, mobility
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, NotCheckable, Verdict

ROADS = ("primary_road", "secondary_road", "trail", "raised_road", "raised_trail", "railroad")  # SR 9.4.1
RAISED = frozenset({"raised_road", "raised_trail", "railroad_embankment"})  # SR 9.4.2
BRIDGES = frozenset({"bridge", "pontoon_bridge"})  # SR 9.4.3
CROSSINGS = frozenset({"river", "canal"})  # ScR 9.0 (L1353)
THOROUGHFARES = frozenset(ROADS) | RAISED  # SR 9.4.6: road, trail or railroad
BRIDGE_EXTRA = 1.0  # SR 9.4.2.4 (L485)
CITY = "city"  # SR 9.4.1.3 (L481)
CITY_TRAIL = frozenset({"trail"})  # SR 9.4.1.3 (L481)


class Mover(Protocol):
    game: Game
    state: GameState
    uid: str

    def label(self, h: Hex) -> str: ...


def links(game: Game, a: Hex, b: Hex) -> frozenset[str]:
    """The thoroughfares across the hexside between ``a`` and ``b``: those drawn, and a trail between two city hexes
    (SR 9.4.1.3: every city hex has a trail through all six hexsides). Reading: a trail drawn up to a city hex is
    one the map data gives across that hexside; what the data does not give is no trail."""
    drawn = game.map.terrain.connections(a, b)
    return drawn | CITY_TRAIL if city_trail(game, a, b) else drawn


@rule("HTTR SR 9.4.1.3", "MOV-12", "every city hex has a trail through all six hexsides: adjacent city hexes are "
      "connected by trails")
def city_trail(game: Game, a: Hex, b: Hex) -> bool:
    """Are ``a`` and ``b`` both city hexes (a trail joins them, SR 9.4.1.3)? An unsurveyed hex is no city here."""
    t = game.map.terrain
    return CITY in (t.of(a) or ()) and CITY in (t.of(b) or ())


def bridged(game: Game, a: Hex, b: Hex) -> bool:
    """SR 9.4.3: a bridge spans the hexside between ``a`` and ``b``."""
    return any(f.kind == "bridge" for f in game.map.terrain.features(a, b)) or bool(links(game, a, b) & BRIDGES)


def raised_at(game: Game, h: Hex) -> frozenset[str]:
    """The raised thoroughfares (and railroads) running through ``h``."""
    return frozenset(k for n in h.neighbours() for k in links(game, h, n) if k in RAISED or k == "railroad")


@rule("HTTR SR 9.4.2.1", "MOV-13", "raised roads help vehicles only in Travel Mode; leg units in Concentrated "
      "Mode use the normal road rate")
def usable_roads(m: Mover, a: Hex, b: Hex, column: str) -> list[str]:
    """The thoroughfares from ``a`` to ``b`` whose road rate the unit may use in the TEC ``column``."""
    roads = links(m.game, a, b) & set(ROADS)
    if column == "move_concentrated_vehicular":
        roads -= RAISED
    return sorted(roads)


@rule("HTTR SR 9.4.2.4", "MOV-14", "a leg unit that cannot adopt Travel Mode pays 1 MP more to cross a bridge "
      "only a raised road, trail or railroad crosses")
def bridge_extra(m: Mover, a: Hex, b: Hex) -> float:
    """Reading: 'leg units which cannot adopt Travel Mode' are units moving as leg units (SR 9.3.2-9.3.3) that no
    trucks carry (SR 5.1 L139: 'most infantry units are capable of Travel Mode'; 18.8.1, 18.8.3; :func:`trucked`);
    a unit that can adopt it (a leg unit a scenario rule gives trucks, a dismounted or Defilade vehicle) crosses at
    the road rate (9.4.2.1). When the data cannot tell (unknown mobility or formation) the extra MP is charged: the
    route search has no unknown cost for it."""
    if moves_now(m.game, m.state, m.uid) != "leg" or is_kind(m.game, m.uid, "leader"):
        return 0.0
    over = links(m.game, a, b) - BRIDGES
    if not bridged(m.game, a, b) or not over or not over <= (RAISED | {"railroad"}) or trucked(m):
        return 0.0
    return BRIDGE_EXTRA


def trucked(m: Mover) -> bool:
    """May the unit adopt Travel Mode (SR 9.5.1.1, 18.8.1)? A vehicular unit may; a leg unit when a
    ``[special.travel_capable]`` row names its formation (and type) (ScR 8.1.12, 8.2.1.5); airborne infantry
    (``[special.airborne]`` formations) not (SR 18.8.3). False when the data does not say (see
    :func:`bridge_extra`). The same data as ``airborne_travel.travel_barred``, read here without its supply
    tracing (which imports this module)."""
    mob = mobility(m.game, m.uid)
    if isinstance(mob, Unknown) or mob != "leg":
        return not isinstance(mob, Unknown)
    names = {x for u in (m.uid, *formation_chain(m.game, m.uid)) for x in (u, m.game.units[u].formation)}
    rows, airborne = m.game.special("travel_capable"), m.game.special("airborne")
    if not isinstance(rows, dict) or isinstance(airborne, dict) and names & set(airborne.get("formations", ())):
        return False
    return any(names & set(row.get("formations", ())) and (not row.get("kinds") or bool(is_kind(
        m.game, m.uid, *row["kinds"]))) for row in rows.get("rows", ()))


def judge_ground(m: Mover, a: Hex, b: Hex) -> Verdict | None:
    """The terrain limits of the step from ``a`` to ``b`` (None: none applies)."""
    for check in (cross_water, marsh, raised_access):
        v = check(m, a, b)
        if v is not None:
            return v
    return None


def unbridged_water(game: Game, a: Hex, b: Hex) -> bool:
    """A river or canal between ``a`` and ``b`` with no bridge or permanent ferry over it (ScR 9.0)."""
    feats = game.map.terrain.features(a, b)
    return any(f.kind in CROSSINGS for f in feats) and not bridged(game, a, b) and not any(
        f.kind == "ferry" for f in feats)


@rule("HTTR ScR 9.0-9.1", "MOV-15", "no unit crosses a river or canal hexside except at a bridge or by a ferry")
def cross_water(m: Mover, a: Hex, b: Hex) -> Verdict | None:
    """A hexside whose water features the data does not give is not checkable (a bridge or ferry on it settles it)."""
    if not unbridged_water(m.game, a, b):
        feats = m.game.map.terrain.features(a, b)
        settled = bridged(m.game, a, b) or any(f.kind in CROSSINGS or f.kind == "ferry" for f in feats)
        why = None if settled else m.game.map.terrain.unknown_features(Hexside.between(a, b), CROSSINGS)
        return None if why is None else NotCheckable(
            f"whether hexside {m.label(a)}/{m.label(b)} is a river or canal ({why}; ScR 9.1: crossed only at a bridge "
            "or by a ferry)")
    ferries = getattr(m, "ferries", None)
    engineers = [u for u in m.state.at(a) if m.state.side(u) == m.state.side(m.uid)  # a unit of unknown type may be
                 and is_kind(m.game, u, "bridging_engineer") is not False]  # one (FerryLog.why_not says so)
    if ferries is None and engineers:
        return NotCheckable(f"whether {engineers[0]} ferried {m.uid} across the water (ScR 9.1.1: the position at "
                            "the start of the Movement Phase)")
    if ferries is not None and (engineers or is_kind(m.game, m.uid, "bridging_engineer") is not False):
        return ferries.why_not(m, a)
    water = sorted(f.kind for f in m.game.map.terrain.features(a, b) if f.kind in CROSSINGS)
    return Illegal("HTTR ScR 9.1", f"{m.uid} crosses the {water[0]} between {m.label(a)} and {m.label(b)} where "
                   "there is no bridge or ferry")


@rule("HTTR SR 9.4.6", "MOV-16", "an AFV or a unit in Travel Mode enters and leaves marsh only along a road, "
      "trail or railroad, and stays in Travel Mode there")
def marsh(m: Mover, a: Hex, b: Hex) -> Verdict | None:
    ta, tb = m.game.map.terrain.of(a) or frozenset(), m.game.map.terrain.of(b) or frozenset()
    if "marsh" not in ta | tb:
        return None
    travel = mem.mode(m.state, m.uid) == "travel"
    afv = is_kind(m.game, m.uid, "afv")
    if not travel and afv is None:
        return NotCheckable(f"the type of unit {m.uid} (units.csv type: an AFV enters marsh only in Travel, "
                            "SR 9.4.6)")
    if not (travel or afv):
        return None
    if not links(m.game, a, b) & THOROUGHFARES:
        return Illegal("HTTR SR 9.4.6", f"{m.uid} {'enters' if 'marsh' in tb else 'leaves'} marsh "
                       f"({m.label(b if 'marsh' in tb else a)}) off a road, trail or railroad")
    if "marsh" in tb and not travel:
        return Illegal("HTTR SR 9.4.6", f"{m.uid} is an AFV entering marsh ({m.label(b)}) out of Travel Mode")
    return None


@rule("HTTR SR 9.4.2.3", "MOV-13", "a Travel unit enters or leaves a raised road, trail or railroad only at its "
      "terminus, an intersection or a clear hex")
def raised_access(m: Mover, a: Hex, b: Hex) -> Verdict | None:
    if mem.mode(m.state, m.uid) != "travel" or links(m.game, a, b) & (RAISED | {"railroad"}):
        return None
    for h, what in ((a, "leaves"), (b, "enters")):
        if not raised_at(m.game, h):
            continue
        ok = access(m.game, h)
        if ok is None:
            return NotCheckable(f"terrain of hex {m.label(h)} (unsurveyed: a Travel unit leaves a raised road only "
                                "at a clear hex, SR 9.4.2.3)")
        if not ok:
            return Illegal("HTTR SR 9.4.2.3", f"{m.uid} in Travel Mode {what} the raised thoroughfare at "
                           f"{m.label(h)}, which is no terminus, intersection or clear hex")
    return None


def access(game: Game, h: Hex) -> bool | None:
    """Is ``h`` a raised thoroughfare's terminus, an intersection with another thoroughfare, or a clear hex?"""
    sides = [links(game, h, n) for n in h.neighbours()]
    if sum(1 for s in sides if s & (RAISED | {"railroad"})) == 1:
        return True
    if any(s & (THOROUGHFARES - RAISED - {"railroad"}) for s in sides):
        return True
    kinds = game.map.terrain.of(h)
    return None if kinds is None else kinds == frozenset({"clear"})


def needs_raised(game: Game, h: Hex) -> Unknown | None:
    """Whether the thoroughfares of ``h`` are known (its hex surveyed)."""
    return Unknown(f"the thoroughfares of hex {game.map.labels.get(h, h)} (unsurveyed)") \
        if game.map.terrain.of(h) is None else None
