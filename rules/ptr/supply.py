"""Piercing the Reich supply paths, command range and isolation (PtR 13, 17, 18).

Every answer is three-valued (``True`` / ``False`` / ``None`` = not checkable) and carries what
is missing when it is unknown: the ZOC Chart, the TEC and most of the map are not transcribed.

The rulebook disagrees with itself on EZOCs for CR and supply paths (recorded as readings of
``path_ezoc_negation`` in the game's ``[special]``):

- ``"17.3"`` (default): *any* friendly unit, HQ included and even disrupted, negates EZOCs in
  its hex, and a path is broken on *entering* a hex with an unnegated EZOC (17.3A2, 18.3B);
- ``"13.5"``: only a friendly *combat* unit negates, and a path may go *into* but never
  *through* an EZOC hex (13.5).

The default is 17.3/18.3 because they are the rules about supply and command paths
themselves (13.5 is a one-line summary inside the ZOC section), they agree with each other word
for word, and the HQ Displacement table uses the same "friendly units negate" wording; 13.5's
"into but never through" is 13.3's movement rule carried over. Where the two differ in practice
(an HQ alone in an EZOC; a path ending in an EZOC hex) the setting shows both.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Collection, Literal, Mapping, TypeVar

import numpy as np

from hexforge.games.game import Game
from hexforge.games.values import parse_datum
from hexforge.maps.graph import terrain_codes
from hexforge.maps.overlay import UNKNOWN, Overlay, legend
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Terrain
from hexforge.maps.trace import CLOSED, OPEN, UNSURE, HexValues, Tri, reach_arrays, within_steps
from hexforge.rules.core.tables import Cells
from hexforge.rules.core.zoc import zoc_in
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import tri_and, tri_not

Reading = Literal["17.3", "13.5"]
T = TypeVar("T")
READINGS: tuple[Reading, ...] = ("17.3", "13.5")
DEFAULT_READING: Reading = "17.3"

ANTI_TANK_DITCH = ("anti-tank-ditch", "anti_tank_ditch")


@dataclass
class PtrPaths:
    """What PtR paths need: the game, a position, disrupted units, the reading for EZOCs.

    ``needs`` collects what was missing for every unknown answer given so far."""

    game: Game
    state: GameState
    disrupted: Collection[str] = ()
    reading: Reading = DEFAULT_READING
    needs: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.reading not in READINGS:
            raise ValueError(f"reading must be one of {', '.join(READINGS)}, not {self.reading!r}")
        special = self.game.info.special or {}
        support = special.get("support_type_unit_types")
        self._support = set(parse_datum(support).resolved) if support is not None else None
        self._zoc = Cells.of(self.game, "zoc")

    # -- units --------------------------------------------------------------------------------

    def is_hq(self, uid: str) -> bool:
        return self.game.units[uid].type == "headquarters"

    def zoc_class(self, uid: str) -> str | None:
        """``infantry-type`` or ``support-type`` (PtR 2.4.1.3); ``None`` when not known."""
        if self._support is None:
            self.needs.add("support_type_unit_types ([special] of game.toml)")
            return None
        return "support-type" if self.game.units[uid].type in self._support else "infantry-type"

    def exerts_zoc_into(self, uid: str, h: Hex) -> Tri:
        """PtR 13.1-13.2A: non-disrupted combat units (not HQs) exert a ZOC into the six
        surrounding hexes, unless the ZOC Chart negates it for the hex's terrain."""
        at = self.state.where(uid)
        if at is None or at.distance(h) != 1 or self.is_hq(uid) or uid in self.disrupted:
            return False
        kinds = self.game.map.terrain.of(h)
        if kinds is None:
            self.needs.add(f"terrain of hex {self.game.map.label(h)} (unsurveyed; ZOC Chart)")
            return None
        cls = self.zoc_class(uid)
        if cls is None or cls not in self._zoc.columns:
            self.needs.add("ZOC Chart column for the unit's type")
            return None
        answers: list[Tri] = []
        for t in sorted(kinds):
            cell = self._zoc.get(t, cls)
            if cell not in ("yes", "no"):
                self.needs.add(f"ZOC Chart: {cls} into {t}")
            answers.append(True if cell == "yes" else False if cell == "no" else None)
        # Several terrain types in one hex: any that negates the ZOC negates it.
        return tri_and(*answers)

    def enemies_at(self, h: Hex, side: str) -> list[str]:
        return [u for u in self.state.at(h) if self.state.side(u) != side]

    def friends_at(self, h: Hex, side: str) -> list[str]:
        return [u for u in self.state.at(h) if self.state.side(u) == side]

    def ezoc(self, h: Hex, side: str) -> Tri:
        """Is ``h`` in the ZOC of a unit enemy to ``side``? (PtR 13.2)"""
        return zoc_in(self.state, h, lambda u: self.state.side(u) != side, self.exerts_zoc_into)

    def negates(self, h: Hex, side: str) -> bool:
        """A friendly unit in ``h`` negates EZOCs there (17.3A2/18.3B: any unit; 13.5: combat units)."""
        friends = self.friends_at(h, side)
        if self.reading == "13.5":
            return any(not self.is_hq(u) for u in friends)
        return bool(friends)

    # -- one hex of a path ----------------------------------------------------------------------

    def enterable(self, h: Hex, side: str) -> Tri:
        """May a path of ``side`` end in ``h``? Not into an enemy unit (17.3A1, 18.3A); not into
        an unnegated EZOC under 17.3A2/18.3B (13.5 lets a path go *into* one)."""
        if self.enemies_at(h, side):
            return False
        if self.reading == "13.5" or self.negates(h, side):
            return True
        return tri_not(self.ezoc(h, side))

    def through(self, h: Hex, side: str) -> Tri:
        """May a path of ``side`` pass through ``h``? (17.3A, 18.3A-B; 13.5 'never through')."""
        if self.enemies_at(h, side):
            return False
        if self.negates(h, side):
            return True
        return tri_not(self.ezoc(h, side))

    def crossable_for_supply(self, a: Hex, b: Hex) -> Tri:
        """PtR 17.3B: a supply path may not cross an anti-tank ditch hexside; a hexside that may hold one the
        data does not give (unsurveyed, or a ditch whose hexsides are unknown) leaves it unknown."""
        v = ditch_crossing(self.game.map.terrain, a, b)
        if v is None:
            self.needs.add(ditch_need(self.game.map.terrain))
        return v

    # -- every hex at once: the tests above as arrays over the map's adjacency ----------------

    def path_codes(self, side: str) -> PathCodes:
        """:meth:`through` and :meth:`enterable` for every map hex as int8 arrays (``OPEN`` /
        ``CLOSED`` / ``UNSURE``), built from the ZOC Chart's answer per unit class and terrain
        code and the units' positions as index arrays; nothing is added to ``needs`` until
        :meth:`PathCodes.note` is told which hexes were asked."""
        adj = self.game.map.adjacency()
        n = len(adj)
        placed = [(u, h) for u, h in self.state.positions.items() if h is not None]
        units, sides, disrupted = self.game.units, self.state.sides, set(self.disrupted)
        mine = np.array([sides.get(u) == side for u, _ in placed], dtype=bool)
        hq = np.array([units[u].type == "headquarters" for u, _ in placed], dtype=bool)
        qr = np.array([(h.q, h.r) for _, h in placed], dtype=np.int64).reshape(-1, 2)
        node = adj.nodes_of(qr)
        enemy, friend = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
        enemy[node[(node >= 0) & ~mine]] = True
        friend[node[(node >= 0) & mine & (~hq if self.reading == "13.5" else True)]] = True
        exerts = ~mine & ~hq & np.array([u not in disrupted for u, _ in placed], dtype=bool)
        if self._support is None:
            groups = {None: exerts}
        else:
            support = np.array([units[u].type in self._support for u, _ in placed], dtype=bool)
            groups = {"infantry-type": exerts & ~support, "support-type": exerts & support}
        by_class = {c: adj.near(qr[m], 1, inner=1) for c, m in groups.items() if m.any()}
        codes = terrain_codes(self.game.map.graph())
        ezoc = _ezoc_codes(n, codes.code, {c: (nodes, self._chart(c, codes.kinds)[0]) for c, nodes in by_class.items()})
        asks = ~enemy & ~friend  # the hexes whose answer reads the EZOC
        outside = np.where(ezoc == UNSURE, UNSURE, OPEN - ezoc)  # tri_not of the EZOC
        through = np.where(enemy, CLOSED, np.where(friend, OPEN, outside)).astype(np.int8)
        enterable = through.copy() if self.reading != "13.5" else np.where(enemy, CLOSED, OPEN).astype(np.int8)
        return PathCodes(self, through, enterable, asks, by_class, codes.code, codes.kinds)

    def _chart(self, cls: str | None, kinds: tuple[frozenset[str], ...]) -> tuple[np.ndarray, list[set[str]]]:
        """:meth:`exerts_zoc_into` for a unit of class ``cls`` into each surveyed terrain code:
        the int8 answer and what the answer records as missing."""
        values, needs = np.full(len(kinds), UNSURE, dtype=np.int8), []
        for k, types in enumerate(kinds):
            got: set[str] = set()
            if cls is None:
                got = {"support_type_unit_types ([special] of game.toml)", "ZOC Chart column for the unit's type"}
            elif cls not in self._zoc.columns:
                got = {"ZOC Chart column for the unit's type"}
            else:
                answers: list[Tri] = []
                for t in sorted(types):
                    cell = self._zoc.get(t, cls)
                    if cell not in ("yes", "no"):
                        got.add(f"ZOC Chart: {cls} into {t}")
                    answers.append(True if cell == "yes" else False if cell == "no" else None)
                v = tri_and(*answers)
                values[k] = OPEN if v is True else CLOSED if v is False else UNSURE
            needs.append(got)
        return values, needs


def _ezoc_codes(n: int, code: np.ndarray, by_class: dict[str | None, tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """PtR 13.2 per hex as int8 (``OPEN``: in an EZOC): any exerting unit next to it whose chart
    cell says yes puts it in one, else any unknown cell (or unsurveyed terrain) leaves it unknown."""
    yes, maybe = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
    for nodes, values in by_class.values():
        c = code[nodes]
        v = np.where(c >= 0, values[np.maximum(c, 0)] if len(values) else UNSURE, UNSURE)
        yes[nodes[v == OPEN]] = True
        maybe[nodes[v == UNSURE]] = True
    return np.where(yes, OPEN, np.where(maybe, UNSURE, CLOSED)).astype(np.int8)


@dataclass(frozen=True, eq=False)
class PathCodes:
    """:meth:`PtrPaths.path_codes`: the two tests per hex, and what to record for the hexes asked."""

    paths: PtrPaths
    through: np.ndarray
    enterable: np.ndarray
    asks: np.ndarray
    by_class: dict[str | None, np.ndarray]
    code: np.ndarray
    kinds: tuple[frozenset[str], ...]

    def note(self, asked: np.ndarray) -> None:
        """Record in ``paths.needs`` what :meth:`PtrPaths.through` (or ``enterable``) records when
        asked about the hexes of the bool array ``asked`` (those it answers from the EZOC)."""
        paths, hexes = self.paths, self.paths.game.map.adjacency().hexes
        asked = asked & self.asks
        for cls, nodes in self.by_class.items():
            nodes = nodes[asked[nodes]]
            c = self.code[nodes]
            for i in nodes[c < 0].tolist():
                paths.needs.add(f"terrain of hex {paths.game.map.label(hexes[i])} (unsurveyed; ZOC Chart)")
            needs = paths._chart(cls, self.kinds)[1]
            for k in np.unique(c[c >= 0]).tolist():
                paths.needs.update(needs[k])


# -- supply (PtR 17) -----------------------------------------------------------------------------

@dataclass(frozen=True)
class SupplyAnswer:
    """Per HQ: in supply (True/False/None) and a reason; per hex: could an HQ there trace?"""

    hqs: dict[str, Tri]
    reasons: dict[str, str]
    hexes: Mapping[Hex, Tri]
    sources: dict[Hex, Tri]
    needs: tuple[str, ...]


@rule("PTR 17.4A-D", "PTR17-2/PTR17-3", "each side's friendly map edges are its supply sources, each from the turn "
      "the data gives (US south from Turn 1, south-west from Turn 4; German north and north-east)")
def source_edges(game: Game, side: str) -> list[tuple[str, int]]:
    """``side``'s friendly map edges that are supply sources, with the first turn each counts (PtR 17.4B-D:
    game.toml ``[special] supply_edges``, edges by their terrain.toml id)."""
    listed = game.special("supply_edges") or []
    return [(e["edge"], int(e.get("from_turn", 1))) for e in listed if e.get("side") == side]


@rule("PTR 17.4E-F", "PTR17-4", "a friendly edge hex is no source while an enemy unit stands in it (a combat "
      "unit that ended its Movement Action, an HQ its Relocation there), and a source again once it leaves")
def sources(paths: PtrPaths, side: str, turn: int) -> dict[Hex, Tri]:
    """Friendly map-edge hexes that work as supply sources on ``turn`` (PtR 17.4). A source is
    off while an enemy unit stands on it: it got there by ending a move (combat unit, 17.4E1)
    or a relocation (HQ, 17.4E2), and works again once the enemy leaves (17.4F). An edge whose
    hexes are not known makes every answer that might need it unknown (value ``None``)."""
    out: dict[Hex, Tri] = {}
    edges = paths.game.map.terrain.edges
    for edge, first_turn in source_edges(paths.game, side):
        if turn < first_turn or edge not in edges:
            continue
        hexes = edges[edge]
        if hexes is None:
            paths.needs.add(f"hexes of map edge {edge!r} (terrain.toml edges)")
            continue
        occupants, side_of = paths.state.occupants, paths.state.sides.get
        for h in hexes:  # enemies_at without a list per empty hex
            out[h] = not any(side_of(u) != side for u in occupants.get(h, ()))
    return out


def ditch_crossing(terrain: Terrain, a: Hex, b: Hex) -> Tri:
    """PtR 17.3B: may a supply path cross a|b? ``False`` across an anti-tank ditch, ``None`` where the data
    does not tell whether one is there."""
    side = Hexside.between(a, b)
    if any(f.kind in ANTI_TANK_DITCH for f in terrain.hexsides.get(side, ())):
        return False
    return None if terrain.unknown_features(side, ANTI_TANK_DITCH) else True


def ditch_need(terrain: Terrain) -> str:
    """What an unknown ditch crossing needs, named once for the whole map."""
    unplaced = sorted({terrain.unplaced[k] for k in ANTI_TANK_DITCH if k in terrain.unplaced})
    return ("whether hexsides the data does not give hold an anti-tank ditch (PTR 17.3B: unsurveyed hexsides"
            + "".join(f"; {u}, hexsides not given" for u in unplaced) + "; terrain.toml [[hexsides]])")


_DITCHES: dict[int, tuple[object, object, np.ndarray]] = {}  # id(adjacency) -> (adjacency, terrain, codes)


def ditch_codes(game: Game) -> np.ndarray:
    """:func:`ditch_crossing` per directed hexside (CSR position) of the map as int8 codes, built once per
    map and terrain (neither changes while a log is judged)."""
    adj, terrain = game.map.adjacency(), game.map.terrain
    hit = _DITCHES.get(id(adj))
    if hit is not None and hit[0] is adj and hit[1] is terrain:
        return hit[2]
    hexes = adj.hexes
    codes = np.array([{True: OPEN, False: CLOSED}.get(ditch_crossing(terrain, hexes[i], hexes[j]), UNSURE)
                      for i, j in zip(adj.edge_rows.tolist(), adj.indices.tolist())], dtype=np.int8)
    if len(_DITCHES) >= 8:
        _DITCHES.clear()
    _DITCHES[id(adj)] = (adj, terrain, codes)
    return codes


ANSWERS = 512  # searches remembered across positions (a log's positions recur, turn after turn)
_answers: dict[tuple, tuple[Game, object, frozenset[str]]] = {}


def remembered(paths: PtrPaths, what: tuple, search: Callable[[PtrPaths], T]) -> T:
    """``search`` over ``paths``' position (units' hexes, disrupted units, reading) once per game and ``what``
    (what else the answer depends on); what it needed is added to ``paths.needs`` as if it had run again."""
    key = (what, id(paths.game), frozenset(paths.state.positions.items()), frozenset(paths.disrupted),
           paths.reading)
    hit = _answers.get(key)
    if hit is None or hit[0] is not paths.game:  # the game is held, so its id is never another game's
        fresh = PtrPaths(paths.game, paths.state, paths.disrupted, paths.reading)
        if len(_answers) >= ANSWERS:
            _answers.clear()
        hit = _answers[key] = (paths.game, search(fresh), frozenset(fresh.needs))
    paths.needs |= hit[2]
    return hit[1]


def forget() -> None:
    """Drop every remembered answer (a benchmark times the search, not the look-up of its answer)."""
    _answers.clear()


def supply(paths: PtrPaths, side: str, turn: int | None = None) -> SupplyAnswer:
    """PtR 17.2-17.4: each HQ of ``side`` needs an unbroken chain of hexes of any length to an
    active friendly map-edge source. Traced backwards from the sources: the source is the last
    hex the path enters, the HQ's hex is where it starts. The turn matters only by the source
    edges it makes active (17.4B-D), so a position's answer is kept for every turn alike."""
    turn = turn if turn is not None else (paths.state.turn or 1)
    active = tuple(e for e, t in source_edges(paths.game, side) if turn >= t)
    return remembered(paths, ("supply", side, active), lambda p: _supply(p, side, turn))


def _supply(paths: PtrPaths, side: str, turn: int) -> SupplyAnswer:
    src = sources(paths, side, turn)
    unknown_edges = any(paths.game.map.terrain.edges.get(e, ()) is None
                        for e, t in source_edges(paths.game, side) if turn >= t)
    adj = paths.game.map.adjacency()
    codes = paths.path_codes(side)
    at = adj.nodes_of(src)
    start = np.full(len(adj), CLOSED, dtype=np.int8)
    start_ok = np.array([v is True for v in src.values()], dtype=bool)
    if (at < 0).any():
        raise ValueError(f"{paths.game.path}: a supply source edge lists a hex off the map (terrain.toml edges)")
    start[at] = np.where(start_ok, codes.enterable[at], CLOSED)
    ditches = ditch_codes(paths.game)
    got = reach_arrays(adj, start, codes.through, ditches)
    if (ditches == UNSURE).any():  # some hexside may hide a ditch: did the search cross one?
        leaving = (got.value != CLOSED) & ((codes.through != CLOSED) | (start != CLOSED))
        if (ditches[leaving[adj.edge_rows]] == UNSURE).any():
            paths.needs.add(ditch_need(paths.game.map.terrain))
    asked = got.asked.copy()
    if paths.reading != "13.5":  # every source hex is asked whether a path may end there
        asked[at] = True
    codes.note(asked)
    value = got.value.copy()
    value[at[start_ok]] = OPEN  # an HQ on an active source needs no path
    if unknown_edges:
        value[value != OPEN] = UNSURE
    hexes = HexValues(adj, value)
    hqs, reasons = {}, {}
    sides = paths.state.sides
    for uid in sorted(u for u in paths.state.positions if sides.get(u) == side and paths.is_hq(u)):
        v = hexes.get(paths.state.where(uid), False)
        hqs[uid] = v
        reasons[uid] = ("PtR 17.2: a path reaches a friendly map-edge source" if v is True else
                        "PtR 17.3: every path to a friendly map-edge source is broken (enemy unit, "
                        "unnegated EZOC or anti-tank ditch)" if v is False else
                        "not checkable: needs " + "; ".join(sorted(paths.needs)))
    return SupplyAnswer(hqs, reasons, hexes, src, tuple(sorted(paths.needs)))


# -- command range and isolation (PtR 18) ---------------------------------------------------------

def _prohibited_test(paths: PtrPaths, mobility: str):
    """PtR 18.3C: a CR path may not enter a hex prohibited to the tracing unit (TEC)."""
    tec = Cells.of(paths.game, "tec")
    column = f"movement_{mobility}"

    def allowed(h: Hex) -> Tri:
        kinds = paths.game.map.terrain.of(h)
        if kinds is None:
            paths.needs.add(f"terrain of hex {paths.game.map.label(h)} (unsurveyed)")
            return None
        out: list[Tri] = []
        for t in sorted(kinds):
            cell = tec.get(t, column)
            if cell == "unknown":
                paths.needs.add(f"TEC {t!r} {column} (is it prohibited?)")
            out.append(False if cell == "prohibited" else None if cell == "unknown" else True)
        return tri_and(*out)
    return allowed


def command_range(paths: PtrPaths, hq: str, mobility: str = "leg") -> dict[Hex, tuple[Tri, int]]:
    """Hexes from which a unit of ``mobility`` can trace a CR path to ``hq`` within its printed
    command range: hex -> (in CR, path length). PtR 18.2B: count the HQ's hex, not the unit's,
    so the length is the number of hexsides crossed."""
    return _cr_paths(paths, hq, mobility, bounded=True)


def _cr_paths(paths: PtrPaths, hq: str, mobility: str, bounded: bool) -> dict[Hex, tuple[Tri, int]]:
    return remembered(paths, ("cr", hq, mobility, bounded), lambda p: _cr_search(p, hq, mobility, bounded))


def _cr_search(paths: PtrPaths, hq: str, mobility: str, bounded: bool) -> dict[Hex, tuple[Tri, int]]:
    side = paths.state.side(hq)
    at = paths.state.where(hq)
    if at is None or side is None:
        raise ValueError(f"HQ {hq} is not on the map")
    cr = paths.game.units[hq].values.get("command_range")
    known_cr = isinstance(cr, (int, float)) and not isinstance(cr, bool)
    if bounded and not known_cr:
        paths.needs.add(f"command_range of HQ {hq} (units.csv)")
    allowed = _prohibited_test(paths, mobility)
    g = paths.game.map.graph()
    limit = int(cr) if bounded and known_cr else len(g)
    # Traced from the HQ outwards: the HQ's hex is entered last by the unit's path and always
    # holds a friendly unit (the HQ); the unit's own hex is not entered (18.2B).
    got = within_steps(g, at, limit, through=lambda h: tri_and(paths.through(h, side), allowed(h)))
    out = {h: vd for h, vd in got.items() if h == at or not paths.enemies_at(h, side)}
    if bounded and not known_cr:
        out = {h: (None, d) for h, (v, d) in out.items()}
    return out


def traceable(paths: PtrPaths, hq: str, mobility: str = "leg") -> dict[Hex, tuple[Tri, int]]:
    """Hexes a path of any length joins to ``hq`` by the CR path's rules (PtR 18.4 isolation; 20.2B-D: the HQ
    Displacement path, free of enemy units and unnegated EZOCs)."""
    return _cr_paths(paths, hq, mobility, bounded=False)


def in_command(paths: PtrPaths, uid: str, hq: str) -> Tri:
    """PtR 18.0B: is ``uid`` within CR of its parent HQ ``hq``?"""
    at = paths.state.where(uid)
    mobility = paths.game.units[uid].mobility or "leg"
    return command_range(paths, hq, "motorized" if mobility == "motorized" else "leg").get(at, (False, 0))[0]


def isolated(paths: PtrPaths, uid: str, hq: str) -> Tri:
    """PtR 18.4: isolated when no CR path of any length reaches the formation HQ."""
    at = paths.state.where(uid)
    mobility = paths.game.units[uid].mobility or "leg"
    got = _cr_paths(paths, hq, "motorized" if mobility == "motorized" else "leg", bounded=False).get(at, (False, 0))[0]
    return tri_not(got)


# -- overlays ---------------------------------------------------------------------------------------

def supply_overlay(paths: PtrPaths, side: str, turn: int | None = None):
    """Where an HQ of ``side`` would be in supply (PtR 17), HQs marked."""
    ans = supply(paths, side, turn)
    ov = Overlay(f"PtR 17 supply paths for {side} (EZOC reading {paths.reading})",
                 legend({"yes": ("yes", "an HQ here traces a supply path"),
                         "no": ("no", "no supply path (enemy units, EZOC, anti-tank ditch)"),
                         "source": ("source", "active friendly map-edge source"),
                         UNKNOWN: (UNKNOWN, "unknown: needs terrain/ZOC Chart data")}))
    for h, v in ans.hexes.items():
        ov.values[h] = "yes" if v is True else "no" if v is False else UNKNOWN
    for h, v in ans.sources.items():
        if v is True:
            ov.values[h] = "source"
    for uid, v in ans.hqs.items():
        ov.marks[paths.state.where(uid)] = uid
        ov.detail[paths.state.where(uid)] = ans.reasons[uid]
    ov.notes.extend(f"{uid}: {'in supply' if v else 'OUT of supply' if v is False else 'not checkable'}"
                    for uid, v in ans.hqs.items())
    if ans.needs:
        ov.notes.append("missing: " + "; ".join(ans.needs[:4]) + (" ..." if len(ans.needs) > 4 else ""))
    return ov


def command_overlay(paths: PtrPaths, hq: str, mobility: str = "leg"):
    """The hexes within command range of ``hq`` (PtR 18) for a unit of ``mobility``."""
    got = command_range(paths, hq, mobility)
    ov = Overlay(f"PtR 18 command range of {hq} ({mobility} units, EZOC reading {paths.reading})",
                 legend({"yes": ("yes", "in command range (number: path length)"),
                         UNKNOWN: (UNKNOWN, "unknown: needs terrain/ZOC/TEC/CR data")}))
    for h, (v, d) in got.items():
        ov.values[h] = "yes" if v is True else UNKNOWN
        if v is True:
            ov.text[h] = str(d)
    ov.marks[paths.state.where(hq)] = hq
    if paths.needs:
        ov.notes.append("missing: " + "; ".join(sorted(paths.needs)[:4]))
    return ov
