"""HTTR flight paths and the flak they pass (ScR 6.5.2-6.5.4): a serial's flight path is a straight line of hexes
traced from its drop hex to the map edge of its route — the northern route along the drop hex's row to the west
edge of the northern maps, the southern along its column ("one hex right, one hex left", the hexes of one printed
column of a grid in rows) to the south edge of the southern maps; the German flak units on the path or adjacent
to it that are neither disrupted, depleted nor in Travel Mode are counted into the serial's flight conditions.

Data: ``[special.air_routes] paths``: per route ``edge`` (``west``, ``south``, ``east`` or ``north``: the edge
its line runs to) and ``sheets`` (the map sheets of that edge). A line that ends on another sheet's edge is the
dogleg of ScR 6.5.2 (via the B01xx row), which the data does not give: not checkable.
The log channel: ``drop HEX north|south flak N`` declares the count the Allied player put on the serial (its
step loss marker, ScR 6.5.1); without ``flak N`` the count is the referee's own.

Readings: the path includes the drop hex; a unit is flak by its units.csv type ``flak`` (a ``static`` unit is not
counted, though a static flak's name may say it is AA: the type is the data's word); the count is taken as the serial
is placed (ScR 6.5.1: counted, then placed), with the flak units' modes and states at that moment.
"""
from __future__ import annotations


from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "air_routes"  # game.toml [special.air_routes]
PATH_DATA = (f"the flight paths' geometry (game.toml [special.{DATA}] paths: each route's map edge and its sheets, "
             "ScR 6.5.2, Figure 3)")
FLAK_DATA = "which German counters are flak (units.csv type; the Formation Displays, ScR 6.5.3)"
SILENCED = ("disrupted", "depleted")  # ScR 6.5.4 (L1204), with Travel Mode
STEPS = {"west": (-1, 0), "east": (1, 0), "south": (0, -1), "north": (0, 1)}  # (column, row) toward the edge


Position = Board


def toward(game: Game, h: Hex, edge: str) -> Hex | None:
    """The neighbour of ``h`` one printed column (west/east) or row (south/north) toward ``edge``, on any sheet
    that prints both hexes; None at the map's edge. Each hex's own label first, its other sheets' (an overlap)
    only when that finds none."""
    return _toward(game, h, edge, False) or _toward(game, h, edge, True)


def _toward(game: Game, h: Hex, edge: str, overlaps: bool) -> Hex | None:
    dc, dr = STEPS[edge]
    names = (lambda x: game.map.aliases(x)) if overlaps else (lambda x: [game.map.labels[x]])
    mine = [n for n in (game.map.numbers(a) for a in names(h)) if n is not None]
    for nb in h.neighbours():
        if nb not in game.map:
            continue
        for label in names(nb):
            there = game.map.numbers(label)
            if there is None:
                continue
            for sheet, c, r in mine:
                conv = sheet.convention
                sc = 1 if conv.columns.increase == "right" else -1
                sr = 1 if conv.rows.increase == "up" else -1
                if there[0] is sheet and (there[1], there[2]) == (c + dc * sc, r + dr * sr):
                    return nb
    return None


def flight_path(game: Game, drop: Hex, route: str) -> list[Hex] | Unknown:
    """ScR 6.5.2: the hexes from the drop hex to its route's map edge (drop hex first)."""
    spec = ((game.special(DATA) or {}).get("paths") or {}).get(route)
    if not spec or spec.get("edge") not in STEPS:
        return Unknown(PATH_DATA)
    out = [drop]
    while len(out) <= len(game.map) and (n := toward(game, out[-1], spec["edge"])) is not None:
        out.append(n)
    if not any(a.startswith(tuple(spec.get("sheets", ()))) for a in game.map.aliases(out[-1])):
        return Unknown(f"the dogleg of the {route}ern route to {game.map.labels[drop]} (ScR 6.5.2: its straight line "
                       f"ends off the {spec['edge']} edge of sheets {', '.join(spec.get('sheets', ()))})")
    return out


def flak_count(p: Position, path: list[Hex], side: str | None) -> int | Unknown:
    """ScR 6.5.3-6.5.4: the enemy flak units on the path or adjacent to it that count."""
    near = set(path) | {n for h in path for n in h.neighbours()}
    count = 0
    for h in sorted(near):
        for u in p.state.at(h):
            if p.state.side(u) in (side, None):
                continue
            flak = is_kind(p.game, u, "flak")
            if flak is None:
                return Unknown(f"{FLAK_DATA}: {u} in {p.game.map.labels.get(h, repr(h))}")
            silenced = any(mem.has(p.state, u, s) for s in SILENCED) or mem.mode(p.state, u) == "travel"
            count += bool(flak and not silenced)
    return count


@rule("HTTR ScR 6.5.2-6.5.4", "AIR-4", "a serial's flight path runs straight from its drop hex to its route's map "
      "edge; the undisrupted, undepleted flak not in Travel on or next to it is counted")
def judge_flak(p: Position, drop: Hex, route: str, side: str | None,
               declared: int | None) -> tuple[Verdict, int | None]:
    """The verdict on the serial's flak count, and the count (None when not known)."""
    path = flight_path(p.game, drop, route)
    count = path if isinstance(path, Unknown) else flak_count(p, path, side)
    label = p.game.map.labels[drop]
    if isinstance(count, Unknown):
        return NotCheckable(count.needs), declared
    if declared is not None and declared != count:
        return Illegal("HTTR ScR 6.5.3", f"the serial to {label} is marked with {declared} flak: {count} counting "
                       f"flak unit(s) are on or next to its {route}ern flight path"), count
    return Legal(detail=f"{count} flak unit(s) on the {route}ern flight path to {label} (ScR 6.5.3)"), count
