"""What is in and between hexes: terrain, hexside features, thoroughfares, places, edges.

Terrain the sources do not state is not invented: a hex with no entry is *unsurveyed*
(:data:`UNSURVEYED`), and rules that need its terrain must say they cannot check.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Literal, TypeVar

from hexforge.maps.hexes import Hex, Hexside

UNSURVEYED = "unsurveyed"

TerrainKind = Literal["hex", "hexside", "thoroughfare"]
Provenance = Literal["person", "survey-reviewed", "survey-unreviewed"]
_PROVENANCE_ORDER: tuple[Provenance, ...] = ("person", "survey-reviewed", "survey-unreviewed")  # strongest first

@dataclass(frozen=True, slots=True)
class TerrainType:
    id: str
    name: str
    kind: TerrainKind
    source: str = ""


@dataclass(frozen=True, slots=True)
class HexsideFeature:
    """A feature on a hexside; ``high_side`` is the higher hex of a slope."""

    kind: str
    name: str = ""
    high_side: Hex | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """A named location: its hexes, or only the end points of a line the rules give that way."""

    name: str
    kind: str
    hexes: frozenset[Hex] | None  # None: not stated
    endpoints: tuple[Hex, ...] = ()
    source: str = ""
    side: str | None = None  # whose place it is (a supply source's side)
    feeds: str | None = None  # what a supply source supplies (HTTR ScR 5.1: "corps", "corps-of:<formation>")


@dataclass(slots=True)
class Terrain:
    """Terrain of a map, as far as it is surveyed."""

    types: dict[str, TerrainType] = field(default_factory=dict)
    hexes: dict[Hex, frozenset[str]] = field(default_factory=dict)
    hexsides: dict[Hexside, frozenset[HexsideFeature]] = field(default_factory=dict)
    thoroughfares: dict[Hexside, frozenset[str]] = field(default_factory=dict)
    places: list[Place] = field(default_factory=list)
    edges: dict[str, frozenset[Hex] | None] = field(default_factory=dict)
    # What a survey of a map image gave (hexforge survey): hex or hexside -> reviewed by a person.
    surveyed_hexes: dict[Hex, bool] = field(default_factory=dict)
    surveyed_sides: dict[Hexside, bool] = field(default_factory=dict)
    survey_sources: dict[Hex | Hexside, str] = field(default_factory=dict)  # what each surveyed value came from
    # Hexside features the data names but whose hexsides it does not give (``pairs = "unknown"``): kind -> what.
    unplaced: dict[str, str] = field(default_factory=dict)

    def of(self, h: Hex) -> frozenset[str] | None:
        """Terrain types in a hex, or ``None`` when the hex is unsurveyed."""
        return self.hexes.get(h)

    def surveyed(self, h: Hex) -> bool:
        return h in self.hexes

    def add_hex(self, h: Hex, terrain: str) -> None:
        self.hexes[h] = self.hexes.get(h, frozenset()) | {terrain}

    def add_hexside(self, side: Hexside, feature: HexsideFeature) -> None:
        self.hexsides[side] = self.hexsides.get(side, frozenset()) | {feature}

    def add_thoroughfare(self, path: Iterable[Hex], kind: str) -> None:
        hexes = list(path)
        for a, b in zip(hexes, hexes[1:]):
            side = Hexside.between(a, b)
            self.thoroughfares[side] = self.thoroughfares.get(side, frozenset()) | {kind}

    def provenance(self, where: Hex | Hexside) -> Provenance | None:
        """Who gave what is known of a hex or hexside: a person (the game data), a survey a person
        reviewed, or a survey not yet reviewed; ``None`` when it is unsurveyed. A hexside is known
        where a feature or road is given on it, or where both its hexes are known (no feature there
        means none); its provenance is then the weaker of its hexes'."""
        if isinstance(where, Hex):
            if where not in self.hexes:
                return None
            reviewed = self.surveyed_hexes.get(where)
            return "person" if reviewed is None else "survey-reviewed" if reviewed else "survey-unreviewed"
        if where in self.surveyed_sides:
            return "survey-reviewed" if self.surveyed_sides[where] else "survey-unreviewed"
        if where in self.hexsides or where in self.thoroughfares:
            return "person"
        ends = [self.provenance(h) for h in where]
        if None in ends:
            return None
        return max(ends, key=_PROVENANCE_ORDER.index)  # type: ignore[arg-type]

    def unknown_features(self, side: Hexside, kinds: Iterable[str]) -> str | None:
        """Why it is not known whether ``side`` holds a feature of ``kinds`` that it is not given (the hexside
        unsurveyed, or a feature of those kinds whose hexsides the data leaves unknown, unless a survey read the
        hexside); ``None`` when the given features are all there is of those kinds."""
        if any(f.kind in kinds for f in self.hexsides.get(side, ())):
            return None
        if self.provenance(side) is None:
            return "unsurveyed"
        if side in self.surveyed_sides:
            return None
        unplaced = sorted(self.unplaced[k] for k in set(kinds) & self.unplaced.keys())
        return f"its hexsides not given: {'; '.join(unplaced)}" if unplaced else None

    def features(self, a: Hex, b: Hex) -> frozenset[HexsideFeature]:
        return self.hexsides.get(Hexside.between(a, b), frozenset())

    def connections(self, a: Hex, b: Hex) -> frozenset[str]:
        return self.thoroughfares.get(Hexside.between(a, b), frozenset())


class Unknown:
    """A value the game data does not give; carries what is missing."""

    __slots__ = ("needs",)

    def __init__(self, needs: str) -> None:
        self.needs = needs

    def __repr__(self) -> str:
        return f"Unknown({self.needs!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unknown) and other.needs == self.needs

    def __hash__(self) -> int:
        return hash(("Unknown", self.needs))


V = TypeVar("V")


def governing(types: Iterable[str], value: Callable[[str], V | Unknown],
              better: Callable[[V, V], bool]) -> tuple[str, V] | Unknown:
    """The terrain type whose value wins under ``better`` among several in one hex.

    Precedence rules are of this shape: movement uses the most costly terrain, combat the
    terrain best for the defender. An unknown value for any of the types makes the answer
    unknown, since that type could have been the one to win.
    """
    best: tuple[str, V] | None = None
    for t in sorted(types):
        v = value(t)
        if isinstance(v, Unknown):
            return v
        if best is None or better(v, best[1]):
            best = (t, v)
    if best is None:
        return Unknown("terrain of the hex (unsurveyed)")
    return best


def most_costly(types: Iterable[str], cost: Callable[[str], float | Unknown]) -> tuple[str, float] | Unknown:
    """Movement precedence: the most costly terrain in the hex governs."""
    return governing(types, cost, lambda a, b: a > b)


def best_for_defender(types: Iterable[str], benefit: Callable[[str], float | Unknown]) -> tuple[str, float] | Unknown:
    """Combat precedence: the terrain most favourable to the defender governs (higher benefit wins)."""
    return governing(types, benefit, lambda a, b: a > b)
