"""HTTR bridges blown when the enemy approaches (ScR 9.4-9.5.5, Table 1): the first time a unit of the side the
Bridge Demolition button does not belong to enters a hex next to an end of a bridge that may be blown, the
button's side may roll 2d6 once for it: at most 6 destroys it (-1 when its own units hold an end, +1 for each
bridge already destroyed; the data's ``[special.bridge_demolition] exceptions`` give other thresholds, as
A1826's 8); a destroyed bridge gets a Destroyed Bridge marker (the game's ``destroyed_bridge``) by the end of
the phase. Table 1 (the data's ``bridge_demolition`` table) says which bridge over which water may be blown. A
marker with no roll before it is bridge engineers' work (``engineer_demolition.py``).

Readings: ScR 9.5.4's "each bridge that has already been destroyed during the scenario" is each bridge a
Destroyed Bridge marker was put on during the log (after a roll or by engineers, counted once per bridge);
markers of the set-up (ScR 8.1.8's Meuse-Escaut bridges, "considered destroyed") were not destroyed during the
scenario and are not counted. The roll is for the eligible bridge next to the last move of an approaching unit
(the log names no bridge; with several the first is taken and the verdict says it guessed); a bridge's type is
the thoroughfare that crosses it (road, trail, rail); "for the first time" is once per bridge.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Eliminated, Entered, Event, Move
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex, Hexside
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.bridge_repair import Approaches, judge_repair
from hexforge.rules.httr.engineer_demolition import judge_engineers
from hexforge.rules.httr.entrench import Works
from hexforge.rules.httr.thoroughfares import bridged
from hexforge.rules.registry import rule
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Tri, Verdict

MARKER = "destroyed_bridge"  # ScR 9.5.3 (L1391)
THRESHOLD = 6  # ScR 9.5.3 (L1391)
WATERS = ("river", "canal", "stream")  # Table 1's columns
TYPES = {"primary_road": "road", "secondary_road": "road", "raised_road": "road", "trail": "trail",
         "raised_trail": "trail", "railroad": "rail", "railroad_embankment": "rail"}  # Table 1's rows
Bridge = tuple[Hex, Hex]


class Position(Board, Protocol):
    rules: RulesSystem
    works: Works


@dataclass
class Demolitions:
    """The bridges near the last approaching move, the bridges already rolled for, how many are destroyed, and a
    destroyed bridge awaiting its marker (event index, bridge)."""

    near: list[Bridge] = field(default_factory=list)
    at: Hex | None = None  # the hex of the last approaching move
    known: list[Bridge] | None = None  # every bridge over water of the map (read once)
    approaches: Approaches = field(default_factory=Approaches)  # units near each bridge (ScR 9.6.2)
    rolled: set[Bridge] = field(default_factory=set)
    destroyed: set[Bridge] = field(default_factory=set)  # bridges blown during the scenario (ScR 9.5.4)
    due: tuple[int, Bridge] | None = None


def bridges(game: Game) -> list[Bridge]:
    """Every bridged hexside over a river, canal or stream."""
    t = game.map.terrain
    return [(s.a, s.b) for s in sorted(set(t.hexsides) | set(t.thoroughfares))
            if bridged(game, s.a, s.b) and water(game, s.a, s.b) is not None]


def water(game: Game, a: Hex, b: Hex) -> str | None:
    kinds = {f.kind for f in game.map.terrain.features(a, b)}
    return next((w for w in WATERS if w in kinds), None)


@rule("HTTR ScR 9.4-9.5 Table 1", "FRY-5", "road bridges over canals, rail and trail bridges over rivers and canals "
      "may be blown; none over streams, nor road bridges over rivers")
def eligible(game: Game, bridge: Bridge) -> Tri:
    a, b = bridge
    kinds = sorted({TYPES[k] for k in game.map.terrain.connections(a, b) if k in TYPES})
    w = water(game, a, b)
    if not kinds or w is None:
        return None
    cells = [Cells.of(game, "bridge_demolition").get(k, w) for k in kinds]
    if "Y" in cells:
        return True
    return False if all(c in ("N", "not possible") for c in cells) else None


def approached(p: Position, dem: Demolitions, e: Event, uid: str) -> None:
    """After a unit's move: the bridges with an end next to its new hex, for the other side to blow."""
    button = next((d for d in p.game.info.dice_buttons if d.purpose == "bridge-demolition"), None)
    at = p.state.where(uid)
    if not isinstance(e, (Move, Entered)) or at is None:
        return
    if dem.known is None:
        dem.known = bridges(p.game)
    dem.approaches.seen(p.state, dem.known, uid)
    if button is None or p.state.side(uid) == button.side:
        return
    dem.near = [br for br in dem.known if br not in dem.rolled and min(at.distance(h) for h in br) <= 1]
    dem.at = at


def unknown_bridge(game: Game, at: Hex | None) -> str | None:
    """Why a bridge over water with an end next to ``at`` may exist unknown to the data (an unsurveyed hexside, or
    bridges or water the data places nowhere); None when the map there is known."""
    terrain = game.map.terrain
    for a in (at, *at.neighbours()) if at is not None else ():
        for b in a.neighbours():
            why = terrain.unknown_features(Hexside.between(a, b), ("bridge", *WATERS))
            if why is not None and a in game.map and b in game.map:
                return f"the hexside {game.map.labels[a]}/{game.map.labels[b]}: {why}"
    return None


@rule("HTTR ScR 9.5.2-9.5.5", "FRY-4", "a demolition roll once per bridge, when an enemy unit first comes next to an "
      "end of one that may be blown: 2d6 <= 6 destroys it (-1 own units on an end, +1 per bridge destroyed)")
def judge_roll(p: Position, dem: Demolitions, index: int, e: DiceRoll) -> Verdict:
    button = p.channel.dice(e.name)
    near, dem.near = dem.near, []
    sure = [br for br in near if eligible(p.game, br) is True]
    unsure = [br for br in near if eligible(p.game, br) is None]
    if not sure and unsure:
        return NotCheckable(f"whether the bridge between {label(p, unsure[0])} may be blown (its thoroughfare and "
                            "water on the map, Table 1)")
    if not sure and (why := unknown_bridge(p.game, dem.at)) is not None:
        return NotCheckable(f"whether a bridge that may be blown has an end next to "
                            f"{p.game.map.labels.get(dem.at, '?')} (the map's bridges and water, {why})")
    if not sure:
        return Illegal("HTTR ScR 9.5.2", "a demolition roll with no enemy unit just come next to an end of a bridge "
                       "that may be blown (or already rolled for)")
    br = sure[0]
    dem.rolled.add(br)
    own = any(p.state.side(u) == button.side for h in br for u in p.state.at(h))
    total = (e.total if e.total is not None else sum(e.values)) - (1 if own else 0) + len(dem.destroyed)
    limit = threshold(p.game, br)
    blown = total <= limit
    if blown:
        dem.destroyed.add(br)
        dem.due = (index, br)
    guess = f"the roll is for the bridge between {label(p, br)}" if len(sure) > 1 else None
    return Legal(detail=f"modified roll {total} against {limit}: the bridge between {label(p, br)} is "
                 f"{'destroyed' if blown else 'intact'} (ScR 9.5.3)", guess=guess)


def threshold(game: Game, br: Bridge) -> int:
    """ScR 9.5.3, 9.5.5: 6, or the data's exception for a bridge with an end in its hexes."""
    cfg = game.special("bridge_demolition") or {}
    for x in cfg.get("exceptions", ()):
        if any(game.map.labels.get(h) in x.get("hexes", ()) for h in br):
            return int(x["at_most"])
    return THRESHOLD


def marker_placed(game: Game, e: Event) -> bool:
    """Is ``e`` a Destroyed Bridge marker put on the map or taken off it?"""
    m = next((m for m in game.info.markers if m.id == MARKER), None)
    return isinstance(e, (Entered, Eliminated)) and e.piece.unit is None and m is not None \
        and e.piece.name == str(plain(m.name))


def judge_marker(p: Position, dem: Demolitions, h: Hex | None, removed: bool = False) -> Verdict:
    """A Destroyed Bridge marker placed on ``h``: the bridge the last roll destroyed, else bridge engineers'
    work (``engineer_demolition``); taken off ``h`` (``removed``): the bridge repaired (``bridge_repair``)."""
    if removed:
        if dem.known is None:
            dem.known = bridges(p.game)
        at = [br for br in dem.known if h in br]
        return judge_repair(p, dem.approaches, at[0]) if at else NotCheckable(
            f"a bridge at {p.game.map.labels.get(h, 'that place')} (the map's bridges)")
    if dem.due is not None and h in dem.due[1]:
        dem.due = None
        return Legal(detail="the Destroyed Bridge marker of the bridge just blown (ScR 9.5.3)")
    if dem.known is None:
        dem.known = bridges(p.game)
    at = [br for br in dem.known if h in br]
    if not at:
        return NotCheckable(f"a bridge at {p.game.map.labels.get(h, 'that place')} (the map's bridges)")
    a, b = at[0]
    dem.destroyed.add(at[0])  # ScR 9.5.4: blown by engineers (or marked so), it counts for later rolls
    road = {TYPES[k] for k in p.game.map.terrain.connections(a, b) if k in TYPES} == {"road"}
    w = water(p.game, a, b) or "stream"
    return judge_engineers(p, at[0], w, road and w == "river")


def end_phase(dem: Demolitions) -> list[tuple[int, Verdict]]:
    """A bridge destroyed this phase has its marker by the end of it."""
    out = [] if dem.due is None else [(dem.due[0], Illegal("HTTR ScR 9.5.3", "the bridge is destroyed but no "
                                                          "Destroyed Bridge marker was placed on it"))]
    dem.due, dem.near = None, []
    return out


def label(p: Position, br: Bridge) -> str:
    return "/".join(p.game.map.labels.get(h, repr(h)) for h in br)
