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
whole map's blocking for sweeps and tables, and :meth:`LosField.sight_lines` answers one observer
with no predicate at all. Both give :class:`SightLines`: a state per target at once, the hexes
that block a line made only when a line is read.

Grazing (the segment meeting a hex only along a hexside or at a vertex) is a setting, since
rulebooks are usually silent: ``"touch"`` (literal reading: touching any part blocks; default),
``"both-sides"`` (a line along a hexside is blocked only when the hexes on both sides block;
a vertex never blocks), ``"ignore"`` (only hexes the line passes through block).

Blocking is three-valued: a hex blocks (``True``), does not (``False``) or is unknown
(``None``: unsurveyed terrain or an unknown table value); a line is ``blocked`` if some hex
surely blocks it, ``unknown`` if not but some unknown hex could, ``clear`` otherwise.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
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


def sight_from(observer: Hex, targets: Iterable[Hex], blocks: Blocks, grazing: Grazing = "touch") -> SightLines:
    """``sight(observer, t, blocks, grazing)`` for every target ``t`` (same states, same ``by``),
    on the array path: ``blocks`` is called once per hex that a line to some target touches
    (every such hex, not stopping at a line's first block), the lines are reduced with numpy.
    For many observers on one map, :meth:`LosField.sight_lines` skips the predicate."""
    targets = list(targets)
    if not targets:
        return SightLines(observer, np.zeros(len(_plan(2, grazing).offsets) + 1, dtype=bool), 2, grazing, None, [])
    dq = np.fromiter((t.q for t in targets), dtype=np.int64, count=len(targets)) - observer.q
    dr = np.fromiter((t.r for t in targets), dtype=np.int64, count=len(targets)) - observer.r
    radius = max(int(_hex_distance(dq, dr, 0, 0).max()), 2)
    p, table = _plan(radius, grazing), _offset_table(radius, grazing)
    ks = table[dq + radius, dr + radius]  # -1 for the observer itself
    asked = np.zeros(len(p.offsets) + 1, dtype=bool)
    asked[ks] = True
    needed = asked[:-1][p.clause_offset[p.clause_id]]
    rel = p.clause_hex[needed]
    width = 2 * radius + 1  # relative hexes lie within the radius: a dense key, no sort
    keys = (rel[:, 0] + radius) * width + (rel[:, 1] + radius)
    present = np.zeros(width * width, dtype=bool)
    present[keys] = True
    unique = np.flatnonzero(present)
    q0, r0 = observer.q - radius, observer.r - radius
    levels = np.array([_level(blocks(Hex(q0 + a // width, r0 + a % width))) for a in unique.tolist()], dtype=np.int8)
    cell_level = np.zeros(width * width, dtype=np.int8)
    cell_level[unique] = levels
    member_level = np.zeros(len(p.clause_id), dtype=np.int8)
    member_level[needed] = cell_level[keys]
    return SightLines(observer, asked, radius, grazing, member_level, targets, ks)


class SightLines(Mapping):
    """Sight from one observer to its targets (a read-only ``{target: Sight}``), reduced on
    arrays: :attr:`codes` is each target's state (0 clear, 1 blocked, 2 unknown); which hexes
    block a line (a :class:`Sight`'s ``by``) is worked out, for all lines at once, only when a
    blocked or unknown line is first asked for. ``asked`` marks the plan's offsets that are
    targets (plus a last entry, the observer's own hex)."""

    def __init__(self, observer: Hex, asked: np.ndarray, radius: int, grazing: Grazing,
                 member_level: np.ndarray | None, targets: list[Hex] | None = None,
                 ks: np.ndarray | None = None) -> None:
        self.observer, self.radius, self.grazing = observer, radius, grazing
        self._plan = _plan(radius, grazing)
        self._table = _offset_table(radius, grazing)
        k = len(self._plan.offsets)
        self._state = np.zeros(k + 1, dtype=np.int8)  # the last row: the observer's own hex
        self._clause_level = None
        if member_level is not None and len(self._plan.clause_offset):
            self._clause_level = _clause_levels(self._plan, member_level)
            level = np.maximum.reduceat(self._clause_level, self._plan.offset_start)
            level[self._plan.no_clause] = 0
            self._state[:k] = _LEVEL_TO_STATE.take(level)
        self._asked, self._targets = asked, targets
        if ks is not None:  # the targets' offsets, when the caller has them
            self._ks = ks

    @cached_property
    def codes(self) -> np.ndarray:
        """The state code of each target, in :meth:`__iter__` order."""
        return self._state[self._ks]

    @cached_property
    def _ks(self) -> np.ndarray:
        if self._targets is None:
            return np.flatnonzero(self._asked[:-1])
        o, rad = self.observer, self.radius
        dq = np.fromiter((t.q for t in self._targets), dtype=np.int64, count=len(self._targets)) - o.q
        dr = np.fromiter((t.r for t in self._targets), dtype=np.int64, count=len(self._targets)) - o.r
        return self._table[dq + rad, dr + rad]

    @cached_property
    def _keys(self) -> list[Hex]:
        if self._targets is None:
            o = self.observer
            return [Hex(o.q + dq, o.r + dr) for dq, dr in self._plan.offsets[self._ks].tolist()]
        return list(dict.fromkeys(self._targets))

    @cached_property
    def _by(self) -> np.ndarray:
        """Per offset, the clause :func:`sight` names: the first that surely blocks, else the
        first that may."""
        p, cl = self._plan, self._clause_level
        n = len(p.clause_offset)
        ids = np.arange(n)
        sure = np.minimum.reduceat(np.where(cl == 2, ids, n), p.offset_start)
        maybe = np.minimum.reduceat(np.where(cl >= 1, ids, n), p.offset_start)
        return np.where(self._state[:-1] == 1, sure, maybe)

    def _offset(self, h: object) -> int | None:
        if not isinstance(h, Hex):
            return None
        dq, dr = h.q - self.observer.q, h.r - self.observer.r
        if max(abs(dq), abs(dr), abs(dq + dr)) > self.radius:
            return None
        k = int(self._table[dq + self.radius, dr + self.radius])
        return k if self._asked[k] else None

    @cached_property
    def _sights(self) -> dict[tuple[int, int], Sight]:
        """Every target's :class:`Sight` by offset, made in one pass when the first is read."""
        p, o = self._plan, self.observer
        ks = np.flatnonzero(self._asked[:-1])
        codes = self._state[ks]
        out: dict[tuple[int, int], Sight] = {(0, 0): _CLEAR} if self._asked[-1] else {}
        clear = [tuple(x) for x in p.offsets[ks[codes == 0]].tolist()]
        out.update(dict.fromkeys(clear, _CLEAR))
        lines = ks[codes != 0]
        if not len(lines):
            return out
        rel, by, cells = p.members, self._by[lines], {}

        def cell(a: int) -> Hex:  # many lines share their first blocking hex: each made once
            xy = rel[a]
            h = cells.get(xy)
            if h is None:
                h = cells[xy] = Hex(o.q + xy[0], o.r + xy[1])
            return h
        keys = map(tuple, p.offsets[lines].tolist())
        names = [_SIGHT_STATES[c] for c in self._state[lines].tolist()]
        starts = p.clause_start[by].tolist()
        if p.single:
            out.update(zip(keys, map(Sight, names, [(cell(a),) for a in starts])))
        else:
            sizes = p.clause_size[by].tolist()
            out.update(zip(keys, map(Sight, names, [tuple(map(cell, range(a, a + n))) for a, n in zip(starts, sizes)])))
        return out

    def __getitem__(self, h: Hex) -> Sight:
        got = self.get(h)
        if got is None:
            raise KeyError(h)
        return got

    def get(self, h: Hex, default: Sight | None = None) -> Sight | None:
        o = self.observer
        return self._sights.get((h.q - o.q, h.r - o.r), default) if isinstance(h, Hex) else default

    def __contains__(self, h: object) -> bool:
        return self._offset(h) is not None

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


def _clause_levels(p: _OffsetPlan, member_level: np.ndarray) -> np.ndarray:
    """Each clause's level (2 surely blocks, 1 may, 0 does not): the least of its members'."""
    return member_level if p.single else np.minimum.reduceat(member_level, p.clause_start)


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

    @cached_property
    def clause_start(self) -> np.ndarray:
        """(C,) first member of each clause."""
        return np.searchsorted(self.clause_id, np.arange(len(self.clause_offset)))

    @cached_property
    def members(self) -> list[tuple[int, int]]:
        """``clause_hex`` as Python pairs (for making :class:`Sight` answers)."""
        return [tuple(x) for x in self.clause_hex.tolist()]

    @cached_property
    def single(self) -> bool:
        """Every clause has one member (the ``touch`` and ``ignore`` settings)."""
        return bool((self.clause_size == 1).all())

    @cached_property
    def offset_start(self) -> np.ndarray:
        """(K,) first clause of each offset, clipped for :func:`numpy.ufunc.reduceat`."""
        starts = np.searchsorted(self.clause_offset, np.arange(len(self.offsets)))
        return np.minimum(starts, max(len(self.clause_offset) - 1, 0))

    @cached_property
    def no_clause(self) -> np.ndarray:
        """(K,) offsets whose line touches no hex (the neighbours)."""
        starts = np.searchsorted(self.clause_offset, np.arange(len(self.offsets) + 1))
        return starts[:-1] == starts[1:]


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
    block as ``off_map`` says (default: they do not). Answers equal :func:`sight` with the same
    predicate and grazing setting."""

    def __init__(self, blocking: dict[Hex, bool | None], radius: int, grazing: Grazing = "touch",
                 off_map: bool | None = False) -> None:
        if not blocking:
            raise ValueError("a LOS field needs at least one hex")
        self.radius, self.grazing = radius, grazing
        self.plan = _plan(radius, grazing)
        hexes = list(blocking)
        q = np.fromiter((h.q for h in hexes), dtype=np.int64, count=len(hexes))
        r = np.fromiter((h.r for h in hexes), dtype=np.int64, count=len(hexes))
        level = np.array([_level(v) for v in blocking.values()], dtype=np.int8)
        self.q0, self.r0 = int(q.min()) - radius, int(r.min()) - radius
        shape = (int(q.max()) - self.q0 + radius + 1, int(r.max()) - self.r0 + radius + 1)
        self.sure = np.full(shape, off_map is True, dtype=bool)
        self.maybe = np.full(shape, off_map is not False, dtype=bool)
        self.on_map = np.zeros(shape, dtype=bool)
        i, j = q - self.q0, r - self.r0
        self.on_map[i, j] = True
        self.sure[i, j] = level == 2
        self.maybe[i, j] = level >= 1
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

    def sight_lines(self, observer: Hex, targets: Iterable[Hex] | None = None,
                    override: Mapping[Hex, bool | None] | None = None) -> SightLines:
        """:func:`sight_from` on the field's blocking, without a predicate; ``targets`` default
        to every other map hex within the radius. ``override`` changes what some hexes do for
        this observer only (e.g. a dike that blocks all but the hexes next to it). The hexes
        that block a line are looked up when asked for."""
        rad = self.radius
        i, j = observer.q - self.q0, observer.r - self.r0
        if not (rad <= i < self.sure.shape[0] - rad and rad <= j < self.sure.shape[1] - rad):
            raise ValueError(f"observer {observer} lies outside the LOS field's hexes")
        asked = np.zeros(len(self.plan.offsets) + 1, dtype=bool)
        if targets is None:
            asked[:-1] = self._on_flat.take(self._flat_plan.target + self._flat(observer))
        else:
            targets = list(targets)
            dq = np.fromiter((t.q for t in targets), dtype=np.int64, count=len(targets)) - observer.q
            dr = np.fromiter((t.r for t in targets), dtype=np.int64, count=len(targets)) - observer.r
            if len(targets) and int(_hex_distance(dq, dr, 0, 0).max()) > rad:
                raise ValueError(f"a target lies beyond the LOS field's radius {rad}")
            ks = _offset_table(rad, self.grazing)[dq + rad, dr + rad]
            asked[ks] = True
        cells = self._level
        near = {h: v for h, v in (override or {}).items() if h.distance(observer) <= rad}
        if near:
            cells = cells.copy()
            cells[[self._flat(h) for h in near]] = [_level(v) for v in near.values()]
        level = cells.take(self._flat_plan.member + self._flat(observer))
        return SightLines(observer, asked, rad, self.grazing, level, targets, None if targets is None else ks)

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
