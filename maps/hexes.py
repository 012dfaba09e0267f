"""Hexagon coordinates: axial/cube inside, nothing about labels or pixels.

A :class:`Hex` is an axial coordinate ``(q, r)`` with the implied cube coordinate
``s = -q - r`` (Red Blob Games' conventions). The lattice is the one VASSAL's ``HexGrid``
uses in its own (un-rotated) frame: flat-topped hexes in columns, ``q`` the column and
``r`` running down-and-left. Offset coordinates live only in :mod:`hexforge.maps.grid`.
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple


class Hex(NamedTuple):
    """One hex of an infinite lattice, in axial coordinates. A named pair: it hashes and compares as the pair
    ``(q, r)`` in C (a frozen dataclass did the same in Python; route searches hash millions of hexes), so sets
    and dicts of hexes keep the order they had."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        """The neighbour in ``DIRECTIONS[direction]`` (0..5, counter-clockwise from 'down-right')."""
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> list[Hex]:
        return [self + d for d in DIRECTIONS]

    def distance(self, other: Hex) -> int:
        d = self - other
        return max(abs(d.q), abs(d.r), abs(d.s))

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


#: The six unit steps. In VASSAL's frame (flat-topped, y down): +q is right-down,
#: -r is up; ordering goes round the hex so that ``DIRECTIONS[i + 3] == -DIRECTIONS[i]``.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1),
)


def distance(a: Hex, b: Hex) -> int:
    return a.distance(b)


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center`` (just ``center`` for radius 0)."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    out = []
    h = center + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h + DIRECTIONS[side]
    return out


def within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at distance ``<= radius`` from ``center``, nearest rings first."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


class Hexside(NamedTuple):
    """The side between two adjacent hexes, as a canonical (sorted) unordered pair."""

    a: Hex
    b: Hex

    @classmethod
    def between(cls, h1: Hex, h2: Hex) -> Hexside:
        if h1.distance(h2) != 1:
            raise ValueError(f"{h1} and {h2} are not adjacent")
        return cls(*sorted((h1, h2)))

    def other(self, h: Hex) -> Hex:
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on hexside {self}")


def hexsides(h: Hex) -> list[Hexside]:
    return [Hexside.between(h, n) for n in h.neighbours()]


def _contains(h: Hex, q: Fraction, r: Fraction) -> bool:
    """True when the fractional point lies in the closed hexagon of ``h`` (boundary included)."""
    # In cube space the plane x+y+z=0 is an isometric copy of the hex plane, so the hex's
    # Voronoi cell is {p : dot(p - h, d) <= |d|^2 / 2 for each direction d}, |d|^2 = 2.
    dq, dr = q - h.q, r - h.r
    ds = -dq - dr
    for d in DIRECTIONS:
        if dq * d.q + dr * d.r + ds * d.s > 1:
            return False
    return True


def hexes_at(q: Fraction, r: Fraction) -> tuple[Hex, ...]:
    """Every hex whose closed hexagon holds the point: one inside, two on a hexside, three at a vertex."""
    base = Hex(round(q), round(r))
    return tuple(sorted(h for h in [base, *base.neighbours()] if _contains(h, q, r)))


class LineStep(NamedTuple):
    """One sample of a hex line: the hexes at that point (1, or 2-3 on a tie)."""

    hexes: tuple[Hex, ...]

    @property
    def tied(self) -> bool:
        return len(self.hexes) > 1


def line(a: Hex, b: Hex) -> list[LineStep]:
    """The hex line from ``a`` to ``b``: ``distance + 1`` samples along the centre-to-centre
    segment, each with every hex at that point. Where the segment runs along a hexside or
    through a vertex the sample names all the hexes that meet there, instead of silently
    picking one; callers (LOS rules) decide what a tie means."""
    n = a.distance(b)
    if n == 0:
        return [LineStep((a,))]
    return [
        LineStep(hexes_at(a.q + Fraction((b.q - a.q) * i, n), a.r + Fraction((b.r - a.r) * i, n)))
        for i in range(n + 1)
    ]

