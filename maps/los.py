"""Sight lines: which hexes a centre-to-centre line touches, exactly, and whole-map LOS tables.

Geometry. VASSAL hexes of any size (``dx``, ``dy``, sideways or not) are one affine image of
one lattice of hexagons, and an affine map keeps incidence: whether a segment crosses,
runs along or only meets a hexagon at a corner does not depend on the grid's size. So the
touching is computed in the integer frame ``dx = 3, dy = 2`` (centre of ``Hex(q, r)`` at
``(3q, 2r + q)``, corners at integer points), where the side of a corner against the line is an
exact integer sign: a line through a vertex or along a hexside is seen as such, not as a rounding
accident (numpy, every candidate hex of an offset at once; the tests check it against shapely's
DE-9IM relation).

Fast path. A centre-to-centre segment touches the same *relative* hexes wherever it lies on
the lattice, so the touched set (with how each hex is touched) is computed once per offset
``(dq, dr)`` and reused for every observer (:func:`touched_offsets`). :func:`sight_from` answers
as :func:`sight` for many targets of one observer with array gathers; :class:`LosField` holds a
whole map's blocking for sweeps and tables.

Grazing (the segment meeting a hex only along a hexside or at a vertex) is a setting, since
rulebooks are usually silent: ``"touch"`` (literal reading: touching any part blocks; default),
``"both-sides"`` (a line along a hexside is blocked only when the hexes on both sides block;
a vertex never blocks), ``"ignore"`` (only hexes the line passes through block).

Blocking is three-valued: a hex blocks (``True``), does not (``False``) or is unknown
(``None``: unsurveyed terrain or an unknown table value); a line is ``blocked`` if some hex
surely blocks it, ``unknown`` if not but some unknown hex could, ``clear`` otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Literal, NamedTuple

import numpy as np
from shapely.geometry import LineString

from hexforge.maps.hexes import Hex, within

Grazing = Literal["touch", "both-sides", "ignore"]
GRAZING: tuple[Grazing, ...] = ("touch", "both-sides", "ignore")
TouchKind = Literal["cross", "side", "vertex"]
SightState = Literal["clear", "blocked", "unknown"]
Blocks = Callable[[Hex], "bool | None"]

ORIGIN = Hex(0, 0)


class Touch(NamedTuple):
    """One hex a sight line touches: ``cross`` (through its inside), ``side`` (along one of its
    hexsides only) or ``vertex`` (a corner only); ``t`` orders hexes from observer (0) to target (1)."""

    hex: Hex
    kind: TouchKind
    t: float


def _centre(h: Hex) -> tuple[int, int]:
    return 3 * h.q, 2 * h.r + h.q


_CORNERS = np.array([(-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1), (-1, 1)], dtype=np.int64)  # in order round


@lru_cache(maxsize=None)
def touched_offsets(dq: int, dr: int) -> tuple[Touch, ...]:
    """Hexes, relative to the observer, that the segment from ``Hex(0, 0)`` to ``Hex(dq, dr)``
    touches, in order along it; the two end hexes are left out (callers decide about them).

    Exact integer arithmetic in the frame above: the sign of each corner against the line
    says whether the line crosses the hex (corners on both sides), runs along a hexside (two
    neighbouring corners on it, the rest on one side) or meets a corner only; a hex touches the
    segment, not only the line, when its centre projects strictly between the ends."""
    target = Hex(dq, dr)
    n = ORIGIN.distance(target)
    if n <= 1:
        return ()
    q, r = np.meshgrid(np.arange(min(0, dq) - 2, max(0, dq) + 3), np.arange(min(0, dr) - 2, max(0, dr) + 3),
                       indexing="ij")
    q, r = q.ravel(), r.ravel()
    near = (_hex_distance(q, r, 0, 0) + _hex_distance(q, r, dq, dr) <= n + 2)
    near &= ~((q == 0) & (r == 0)) & ~((q == dq) & (r == dr))
    q, r = q[near], r[near]
    tx, ty = _centre(target)
    cx, cy = 3 * q, 2 * r + q
    side = np.sign(tx * (cy[:, None] + _CORNERS[:, 1]) - ty * (cx[:, None] + _CORNERS[:, 0]))
    on = side == 0
    cross = (side > 0).any(axis=1) & (side < 0).any(axis=1)
    along = ~cross & (on & np.roll(on, -1, axis=1)).any(axis=1)
    corner = ~cross & ~along & on.any(axis=1)
    length2 = tx * tx + ty * ty
    dot = cx * tx + cy * ty
    inside = (dot > 0) & (dot < length2) & (cross | along | corner)
    kinds = np.where(cross, 0, np.where(along, 1, 2))
    out = [Touch(Hex(a, b), _KINDS[k], d / length2)
           for a, b, k, d in zip(q[inside].tolist(), r[inside].tolist(), kinds[inside].tolist(), dot[inside].tolist())]
    return tuple(sorted(out, key=lambda t: (t.t, t.hex)))


_KINDS: tuple[TouchKind, ...] = ("cross", "side", "vertex")


def _hex_distance(q: np.ndarray, r: np.ndarray, q0: int, r0: int) -> np.ndarray:
    dq, dr = q - q0, r - r0
    return np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))


def touched(a: Hex, b: Hex) -> list[Touch]:
    """The hexes the centre-to-centre segment ``a``-``b`` touches (ends excluded), in order."""
    d = b - a
    return [Touch(a + t.hex, t.kind, t.t) for t in touched_offsets(d.q, d.r)]


@lru_cache(maxsize=None)
def clauses_offsets(dq: int, dr: int, grazing: Grazing = "touch") -> tuple[tuple[Hex, ...], ...]:
    """The line is blocked when every hex of some clause blocks (relative hexes, in order)."""
    if grazing not in GRAZING:
        raise ValueError(f"grazing must be one of {', '.join(GRAZING)}, not {grazing!r}")
    touches = touched_offsets(dq, dr)
    if grazing == "touch":
        return tuple((t.hex,) for t in touches)
    out = [(t.hex,) for t in touches if t.kind == "cross"]
    if grazing == "both-sides":
        sides = [t for t in touches if t.kind == "side"]
        # Hexes grazed along a hexside come in pairs, mirror images across the segment: adjacent,
        # and their centres project to the same point of it.
        for i, s in enumerate(sides):
            for o in sides[i + 1:]:
                if s.hex.distance(o.hex) == 1 and abs(s.t - o.t) < 1e-9:
                    out.append((s.hex, o.hex))
    return tuple(out)


class Sight(NamedTuple):
    """The answer for one sight line; ``by`` is the first hex that blocks (or may block)."""

    state: SightState
    by: tuple[Hex, ...] = ()


_CLEAR = Sight("clear")


def sight(a: Hex, b: Hex, blocks: Blocks, grazing: Grazing = "touch") -> Sight:
    """Is the line from ``a`` to ``b`` clear of blocking hexes (ends never block)?"""
    d = b - a
    unknown: tuple[Hex, ...] = ()
    for clause in clauses_offsets(d.q, d.r, grazing):
        hexes = tuple(a + h for h in clause)
        values = [blocks(h) for h in hexes]
        if all(v is True for v in values):
            return Sight("blocked", hexes)
        if not unknown and all(v is not False for v in values):
            unknown = hexes
    return Sight("unknown", unknown) if unknown else Sight("clear")


def sight_from(observer: Hex, targets: Iterable[Hex], blocks: Blocks, grazing: Grazing = "touch") -> dict[Hex, Sight]:
    """``sight(observer, t, blocks, grazing)`` for every target ``t`` (same states, same ``by``),
    on the array path: ``blocks`` is called once per hex that a line to some target touches
    (every such hex, not stopping at a line's first block), the lines are reduced with numpy."""
    targets = list(dict.fromkeys(targets))
    if not targets:
        return {}
    dq = np.fromiter((t.q for t in targets), dtype=np.int64, count=len(targets)) - observer.q
    dr = np.fromiter((t.r for t in targets), dtype=np.int64, count=len(targets)) - observer.r
    radius = max(int(_hex_distance(dq, dr, 0, 0).max()), 2)
    p, table = _plan(radius, grazing), _offset_table(radius, grazing)
    ks = table[dq + radius, dr + radius]  # -1 for the observer itself
    n_clauses = len(p.clause_offset)
    asked = np.zeros(len(p.offsets) + 1, dtype=bool)
    asked[ks] = True
    needed = asked[:-1][p.clause_offset[p.clause_id]]
    rel = p.clause_hex[needed]
    width = 2 * radius + 1  # relative hexes lie within the radius: a dense key, no sort
    keys = (rel[:, 0] + radius) * width + (rel[:, 1] + radius)
    present = np.zeros(width * width, dtype=bool)
    present[keys] = True
    unique = np.flatnonzero(present)
    inverse = (np.cumsum(present) - 1)[keys]
    cells = [Hex(observer.q + a // width - radius, observer.r + a % width - radius) for a in unique.tolist()]
    levels = np.array([_level(blocks(h)) for h in cells], dtype=np.int8)
    member = np.full(len(p.clause_id), -1, dtype=np.int64)
    member[needed] = inverse
    member_level = np.where(member >= 0, levels.take(np.maximum(member, 0)) if len(levels) else 0, 0)
    clause_start = np.searchsorted(p.clause_id, np.arange(n_clauses))
    clause_level = np.minimum.reduceat(member_level, clause_start) if n_clauses else member_level[:0]
    ids = np.arange(n_clauses + 1)
    by_clause = np.full(len(p.offsets) + 1, n_clauses)  # extra row: the observer, no clause
    state = np.zeros(len(p.offsets) + 1, dtype=np.int8)  # 0 clear, 1 blocked, 2 unknown
    for code, hit in ((2, clause_level >= 1), (1, clause_level == 2)):  # a block overrides an unknown
        first_hit = np.full(len(p.offsets) + 1, n_clauses)
        np.minimum.at(first_hit, p.clause_offset[hit], ids[:-1][hit])
        found = first_hit < n_clauses
        by_clause[found], state[found] = first_hit[found], code
    states, by, starts, mem = state.tolist(), by_clause.tolist(), clause_start.tolist(), member.tolist()
    size = p.clause_size.tolist()
    out: dict[Hex, Sight] = {}
    for t, k in zip(targets, ks.tolist()):
        code = states[k]
        if code:
            a = starts[by[k]]
            out[t] = Sight(_SIGHT_STATES[code], tuple(cells[i] for i in mem[a:a + size[by[k]]]))
        else:
            out[t] = _CLEAR
    return out


_SIGHT_STATES: tuple[SightState, ...] = ("clear", "blocked", "unknown")


def _level(v: bool | None) -> int:
    """2 surely blocks, 1 may block, 0 does not (as :func:`sight` reads a predicate's value)."""
    return 2 if v is True else 0 if v is False else 1


# -- fast evaluation over a whole map ---------------------------------------------------------

@dataclass(frozen=True)
class _OffsetPlan:
    """Every offset within a radius with its clauses as flat arrays (for numpy gathers)."""

    offsets: np.ndarray       # (K, 2) dq, dr
    clause_hex: np.ndarray    # (M, 2) relative hex of each clause member
    clause_id: np.ndarray     # (M,) clause of each member
    clause_offset: np.ndarray  # (C,) offset index of each clause
    clause_size: np.ndarray   # (C,)


@lru_cache(maxsize=8)
def _plan(radius: int, grazing: Grazing) -> _OffsetPlan:
    offs, members, mid, coff, csize = [], [], [], [], []
    for k, h in enumerate(x for x in within(ORIGIN, radius) if x != ORIGIN):
        offs.append((h.q, h.r))
        for clause in clauses_offsets(h.q, h.r, grazing):
            cid = len(coff)
            coff.append(k)
            csize.append(len(clause))
            for m in clause:
                members.append((m.q, m.r))
                mid.append(cid)
    return _OffsetPlan(np.array(offs, dtype=np.int64).reshape(-1, 2), np.array(members, dtype=np.int64).reshape(-1, 2),
                       np.array(mid, dtype=np.int64), np.array(coff, dtype=np.int64), np.array(csize, dtype=np.int64))


@lru_cache(maxsize=8)
def _offset_table(radius: int, grazing: Grazing) -> np.ndarray:
    """(2r+1, 2r+1) offset index of ``(dq + r, dr + r)`` in the plan; -1 for ``(0, 0)``."""
    offsets = _plan(radius, grazing).offsets
    table = np.full((2 * radius + 1, 2 * radius + 1), -1, dtype=np.int64)
    table[offsets[:, 0] + radius, offsets[:, 1] + radius] = np.arange(len(offsets))
    return table


class LosTable(NamedTuple):
    """Sight from every map hex to every offset within ``radius``: ``state[i, k]`` for observer
    ``hexes[i]`` and offset ``offsets[k]`` is 0 clear, 1 blocked, 2 unknown, -1 target off the map."""

    hexes: tuple[Hex, ...]
    offsets: np.ndarray
    state: np.ndarray

    def between(self, a: Hex, b: Hex) -> SightState | None:
        i = self.hexes.index(a)
        d = b - a
        k = np.flatnonzero((self.offsets[:, 0] == d.q) & (self.offsets[:, 1] == d.r))
        if not len(k):
            return None
        return _STATES[int(self.state[i, k[0]])] if self.state[i, k[0]] >= 0 else None


_STATES: tuple[SightState, ...] = ("clear", "blocked", "unknown")
_LEVEL_TO_STATE = np.array([0, 2, 1], dtype=np.int8)  # level 0 clear, 1 unknown, 2 blocked -> state


@dataclass(frozen=True)
class _FlatPlan:
    """The offset plan as indices into a raveled padded array of a given row length."""

    offsets: np.ndarray             # (K, 2)
    target: np.ndarray              # (K,) flat index of each offset's target
    member: np.ndarray              # (M,) flat index of each clause member
    clause_start: np.ndarray | None  # (C,) first member of each clause; None when all have one
    offset_start: np.ndarray        # (K,) first clause of each offset (clipped)
    no_clause: np.ndarray           # (K,) offsets whose line touches no hex


@lru_cache(maxsize=8)
def _flat_plan(radius: int, grazing: Grazing, stride: int) -> _FlatPlan:
    p = _plan(radius, grazing)
    k, c = len(p.offsets), len(p.clause_offset)
    member = p.clause_hex[:, 0] * stride + p.clause_hex[:, 1]
    starts = np.searchsorted(p.clause_offset, np.arange(k + 1))
    single = bool((p.clause_size == 1).all())
    clause_start = None if single else np.searchsorted(p.clause_id, np.arange(c))
    return _FlatPlan(p.offsets, p.offsets[:, 0] * stride + p.offsets[:, 1], member, clause_start,
                     np.minimum(starts[:-1], max(c - 1, 0)), starts[:-1] == starts[1:])


class LosField:
    """Blocking state of every hex of a map on a padded array, for fast sight-line queries.

    ``blocking`` maps each map hex to ``True``/``False``/``None`` (unknown); hexes off the map
    do not block. Answers equal :func:`sight` with the same predicate and grazing setting."""

    def __init__(self, blocking: dict[Hex, bool | None], radius: int, grazing: Grazing = "touch") -> None:
        if not blocking:
            raise ValueError("a LOS field needs at least one hex")
        self.radius, self.grazing = radius, grazing
        self.plan = _plan(radius, grazing)
        qs = [h.q for h in blocking]
        rs = [h.r for h in blocking]
        self.q0, self.r0 = min(qs) - radius, min(rs) - radius
        shape = (max(qs) - self.q0 + radius + 1, max(rs) - self.r0 + radius + 1)
        self.sure = np.zeros(shape, dtype=bool)
        self.maybe = np.zeros(shape, dtype=bool)
        self.on_map = np.zeros(shape, dtype=bool)
        for h, v in blocking.items():
            i, j = h.q - self.q0, h.r - self.r0
            self.on_map[i, j] = True
            self.sure[i, j] = v is True
            self.maybe[i, j] = v is not False
        self._level = (self.sure.astype(np.int8) + self.maybe.astype(np.int8)).ravel()
        self._on_flat = self.on_map.ravel()
        self._flat_plan = _flat_plan(radius, grazing, shape[1])

    def _flat(self, observer: Hex) -> int:
        return (observer.q - self.q0) * self.sure.shape[1] + (observer.r - self.r0)

    def sight_codes(self, observer: Hex) -> tuple[np.ndarray, np.ndarray]:
        """The fast path: ``(offsets, state)`` for every offset within the radius of ``observer``
        (``offsets`` is the shared ``(K, 2)`` plan array; ``state`` as in :class:`LosTable`:
        0 clear, 1 blocked, 2 unknown, -1 target off the map). One gather and one or two
        segment reductions; no Python loop over targets."""
        p = self._flat_plan
        base = self._flat(observer)
        if not len(p.member):  # radius 1: no line touches a hex between its ends
            state = np.zeros(len(p.offsets), dtype=np.int8)
            state[~self._on_flat.take(p.target + base)] = -1
            return p.offsets, state
        v = self._level.take(p.member + base)  # 2 sure, 1 unknown, 0 clear, per clause member
        if p.clause_start is not None:  # clauses of several hexes block only if all of them do
            v = np.minimum.reduceat(v, p.clause_start)
        level = np.maximum.reduceat(v, p.offset_start)
        level[p.no_clause] = 0
        state = _LEVEL_TO_STATE.take(level)
        state[~self._on_flat.take(p.target + base)] = -1
        return p.offsets, state

    def from_observer(self, observer: Hex) -> dict[Hex, SightState]:
        """Sight from ``observer`` to every map hex within the radius, by hex (built on
        :meth:`sight_codes`; for explanations use :func:`sight`)."""
        offsets, state = self.sight_codes(observer)
        return {Hex(observer.q + int(dq), observer.r + int(dr)): _STATES[s]
                for (dq, dr), s in zip(offsets.tolist(), state.tolist()) if s >= 0}

    def table(self) -> LosTable:
        """Sight from every map hex to every hex within the radius.

        Per offset and clause member the whole map is shifted as an array slice (no gathers):
        about 16 members per offset, ~470 offsets at radius 12."""
        p, rad = self.plan, self.radius
        w, h = self.sure.shape[0] - 2 * rad, self.sure.shape[1] - 2 * rad
        inner = self.on_map[rad:rad + w, rad:rad + h]
        ii, jj = np.nonzero(inner)
        hexes = tuple(Hex(int(i) + rad + self.q0, int(j) + rad + self.r0) for i, j in zip(ii, jj))
        state = np.empty((len(hexes), len(p.offsets)), dtype=np.int8)

        def shifted(a: np.ndarray, dq: int, dr: int) -> np.ndarray:
            return a[rad + dq:rad + dq + w, rad + dr:rad + dr + h]

        members = [tuple(map(int, m)) for m in p.clause_hex]
        starts = np.searchsorted(p.clause_id, np.arange(len(p.clause_offset) + 1))
        by_offset = np.searchsorted(p.clause_offset, np.arange(len(p.offsets) + 1))
        for k, (dq, dr) in enumerate(map(tuple, p.offsets.tolist())):
            blocked = np.zeros((w, h), dtype=bool)
            possible = np.zeros((w, h), dtype=bool)
            for c in range(by_offset[k], by_offset[k + 1]):
                ms = members[starts[c]:starts[c + 1]]
                s = shifted(self.sure, *ms[0])
                m = shifted(self.maybe, *ms[0])
                for x in ms[1:]:
                    s = s & shifted(self.sure, *x)
                    m = m & shifted(self.maybe, *x)
                blocked |= s
                possible |= m
            col = np.where(blocked, 1, np.where(possible, 2, 0)).astype(np.int8)
            col[~shifted(self.on_map, dq, dr)] = -1
            state[:, k] = col[inner]
        return LosTable(hexes, p.offsets, state)


def blocking_from(hexes: Iterable[Hex], blocks: Blocks) -> dict[Hex, bool | None]:
    """The blocking state of every given hex under a predicate."""
    return {h: blocks(h) for h in hexes}


class NaiveSight:
    """The reference answer: per target, a shapely segment between the hexes' centres on the
    board's own grid, tested against the blocking hex polygons through an STRtree (touching
    any part blocks; the end hexes never block). Slow; for tests and benchmarks."""

    def __init__(self, grid, blocking: Iterable[Hex]) -> None:
        from shapely import STRtree
        from hexforge.maps.geometry import hex_polygon
        self.grid = grid
        self.hexes = sorted(set(blocking))
        self.tree = STRtree([hex_polygon(grid, h) for h in self.hexes])

    def blocked(self, a: Hex, b: Hex) -> bool:
        line = LineString([self.grid.centre(a), self.grid.centre(b)])
        hits = self.tree.query(line, predicate="intersects")
        return any(self.hexes[i] not in (a, b) for i in hits)
