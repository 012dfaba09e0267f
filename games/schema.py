"""The shape of each game-data file (pydantic models); see ``games/README.md``.

These models check structure and types only. Cross-references (unit ids, side ids, hex labels
on the map, table widths) are checked by :mod:`hexforge.games.loader` once the map exists.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, PlainValidator, field_validator, model_validator

from hexforge.games.values import UNKNOWN, Datum, parse_datum

Value = Annotated[Datum, PlainValidator(parse_datum), PlainSerializer(lambda d: d.value)]


def typed(kind: type | tuple[type, ...], what: str, choices: tuple[str, ...] = ()) -> Any:
    """A :data:`Value` whose known value (and every reading) must be of ``kind`` / in ``choices``."""

    def check(raw: Any) -> Datum:
        d = parse_datum(raw)
        for v in [r.value for r in d.readings] if d.readings else [d.value]:
            if v == UNKNOWN:
                continue
            if choices and v not in choices:
                raise ValueError(f"{v!r} is not valid (valid: {', '.join(choices)})")
            if not isinstance(v, kind) or (isinstance(v, bool) and kind is int):
                raise ValueError(f"{v!r} is not {what}")
        return d

    return Annotated[Datum, PlainValidator(check), PlainSerializer(lambda d: d.value)]


IntValue = typed(int, "a whole number")
TextValue = typed(str, "text")
HexListValue = typed((list, str), "a list of hex labels")
DirectionValue = typed(str, "a direction", ("right", "left", "down", "up"))
Source = Annotated[str, Field(min_length=1)]
Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-/ ]*$")]


class Section(BaseModel):
    """A table of the data files: unknown keys are mistakes; ``note`` is always allowed."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    note: str | None = None


class Sourced(Section):
    source: Source


class OptionallySourced(Section):
    source: Source | None = None


# -- game.toml ------------------------------------------------------------------------------

class Side(OptionallySourced):
    id: Id
    name: TextValue


class Dice(Sourced):
    kind: Annotated[str, Field(pattern=r"^[1-9]?d(6|8|10|12|20|100)$")]
    zero_is_ten: bool = False


class AxisSpec(OptionallySourced):
    first: IntValue
    last: IntValue
    increase: DirectionValue
    inferred: str | None = None


class Overlap(OptionallySourced):
    sheet: str
    hexes: HexListValue


Edge = Literal["top", "bottom", "left", "right"]


class SheetSpec(OptionallySourced):
    letter: Annotated[str, Field(pattern=r"^[A-Z]$")]
    columns: AxisSpec
    rows: AxisSpec
    half_hexes: list[Edge] = []
    overlaps: list[Overlap] = []
    inferred: str | None = None


class GridSpec(OptionallySourced):
    orientation: Value
    label: Value
    shifted: Value
    columns: AxisSpec | None = None
    rows: AxisSpec | None = None
    sheets: list[SheetSpec] = []
    half_hexes: list[Edge] = []
    inferred: str | None = None
    compass: dict[str, Value] | None = None


class Phase(OptionallySourced):
    id: Id
    name: TextValue
    player: str


class Pool(OptionallySourced):
    """How a marker is drawn: at random from a pool/cup, face down until revealed, per side."""

    draw: Literal["random"] = "random"
    face_down: bool = False
    side: str | None = None


class Marker(OptionallySourced):
    """A marker; with ``track``, one piece on that track's board (docs/log-channel.md)."""

    id: Id
    name: TextValue
    count: Value = Datum("unknown")
    values: Value | None = None
    pool: Pool | None = None
    track: Id | None = None
    side: Id | None = None
    formation: str | None = None


class DiceButton(Sourced):
    """A dice button named by purpose: its ``name`` is what the log's roll carries."""

    id: Id
    name: Annotated[str, Field(min_length=1, pattern=r"^[^=*<>$]+$")]
    dice: Annotated[str, Field(pattern=r"^[1-9]d(6|8|10|12|20|100)$")]
    purpose: Id
    side: Id | None = None


class Track(Sourced):
    """A record track: one board of the module's Tracks map, one box per label."""

    id: Id
    name: Annotated[str, Field(min_length=1, pattern=r"^[^/$]+$")]
    boxes: Annotated[list[Annotated[str, Field(pattern=r"^-?[0-9]{1,3}$")]], Field(min_length=1, max_length=100)]
    inferred: str | None = None
    setup: Id | None = None  # the scenarios' [special_rules] key placing its markers: formation -> box


UnitSelector = Literal["all", "combat", "hq"] | Annotated[list[str], Field(min_length=1)]


class LayerStart(Section):
    """The set-up level of some units' layer when it is not the first (e.g. HTTR HQs start in Defilade)."""

    units: UnitSelector
    level: str


class LayerSpec(Sourced):
    """A unit (or marker) state as a VASSAL Layer: its level names, the first one the set-up level
    unless a ``start`` entry names another for the unit (the first entry whose ``units`` select it)."""

    id: Id
    name: Annotated[str, Field(min_length=1, pattern=r"^[^,;/$]+$")]
    levels: Annotated[list[Annotated[str, Field(min_length=1, pattern=r"^[^,;+$]+$")]],
                      Field(min_length=2, max_length=20)]
    units: UnitSelector | None = None
    markers: list[Id] = []
    face: Literal["back"] | None = None
    start: list[LayerStart] = []

    @model_validator(mode="after")
    def _start_levels(self) -> LayerSpec:
        for s in self.start:
            if s.level not in self.levels:
                raise ValueError(f"start level {s.level!r} is not a level of layer {self.id!r} "
                                 f"(valid: {', '.join(self.levels)})")
        return self


class UnitColumns(OptionallySourced):
    values: list[Id]


class GameFile(Sourced):
    id: Id
    title: str
    system: Literal["fm", "ptr", "httr", "test"]
    rules: Id | None = None  # the rules variant (a game's exclusive rules, e.g. "arnhem"); default: the system
    rulebook: str | None = None
    sides: Annotated[list[Side], Field(min_length=2)]
    dice: Dice
    grid: GridSpec
    sequence: Annotated[list[Phase], Field(min_length=1)]
    markers: list[Marker] = []
    dice_buttons: list[DiceButton] = []
    tracks: list[Track] = []
    layers: list[LayerSpec] = []
    units: UnitColumns
    special: dict[str, Any] | None = None

    @field_validator("special")
    @classmethod
    def _special_has_source(cls, v: dict[str, Any] | None) -> dict[str, Any] | None:
        if v is not None and not v.get("source"):
            raise ValueError("[special] needs a 'source'")
        return v


# -- terrain.toml ---------------------------------------------------------------------------

class TerrainTypeSpec(OptionallySourced):
    id: Id
    name: TextValue
    kind: Literal["hex", "hexside", "thoroughfare"]


class HexsideSpec(OptionallySourced):
    feature: Id
    name: TextValue | None = None
    pairs: Value
    high_side: list[str] | None = None


class ThoroughfareSpec(OptionallySourced):
    kind: Id
    name: TextValue | None = None
    hexes: Value


PlaceKind = Literal["town", "city", "village", "victory", "bridge", "ferry", "drop-zone", "landing-zone",
                    "fortified", "entry", "supply-source", "objective", "crossing", "other"]


class PlaceSpec(OptionallySourced):
    name: TextValue
    kind: PlaceKind
    hexes: Value
    endpoints: list[str] = []
    side: Id | None = None  # whose place it is (a supply source's side)
    feeds: str | None = None  # what a supply source supplies: "corps" (corps HQs trace to it) or "corps-of:<formation>"


class EdgeSpec(OptionallySourced):
    id: Id
    name: TextValue | None = None
    hexes: Value


class TerrainFile(Sourced):
    default: Literal["unsurveyed"] = "unsurveyed"
    types: list[TerrainTypeSpec] = []
    hexes: dict[str, Value] = {}

    @field_validator("hexes", mode="before")
    @classmethod
    def _section_keys(cls, v: Any) -> Any:
        # [hexes] is a section too: its own 'source' and 'note' are not terrain types.
        if isinstance(v, dict):
            return {k: x for k, x in v.items() if k not in ("source", "note")}
        return v
    hexsides: list[HexsideSpec] = []
    thoroughfares: list[ThoroughfareSpec] = []
    places: list[PlaceSpec] = []
    edges: list[EdgeSpec] = []


# -- scenarios/<id>.toml --------------------------------------------------------------------

UnitRefs = Annotated[list[str], Field(min_length=1)] | Literal["unknown"]


class SetupEntry(OptionallySourced):
    units: UnitRefs
    what: str | None = None
    hex: TextValue | None = None
    hexes: Value | None = None
    area: TextValue | None = None


class Deployment(OptionallySourced):
    side: str | None = None
    units: list[str] = []
    within: dict[str, Any] | None = None
    hexes: Value | None = None
    text: str | None = None


class Reinforcement(OptionallySourced):
    units: UnitRefs
    what: str | None = None
    turn: Value
    entry: Value | None = None
    condition: str | None = None


class Withdrawal(OptionallySourced):
    units: UnitRefs
    what: str | None = None
    turn: Value


class TurnRecord(BaseModel):
    """Per-turn data; its keys beyond ``turn`` and ``source`` depend on the game."""

    model_config = ConfigDict(extra="allow", frozen=True)
    turn: int
    source: Source | None = None
    note: str | None = None


class Victory(OptionallySourced):
    side: str | None = None
    kind: Literal["occupy", "eliminate", "exit", "points", "text"]
    hexes: Value | None = None
    points: Value | None = None
    text: str | None = None


class ScenarioFile(Sourced):
    id: Id
    name: TextValue
    first_turn: Value
    last_turn: Value
    first_player: Value
    setup: list[SetupEntry] = []
    deployment: list[Deployment] = []
    reinforcements: list[Reinforcement] = []
    withdrawals: list[Withdrawal] = []
    turn_record: list[TurnRecord] = []
    special_rules: dict[str, Any] | None = None
    victory: list[Victory] = []


# -- tables/<id>.toml -----------------------------------------------------------------------

class Row(OptionallySourced):
    key: str | int
    cells: list[Value]


class TableFile(Sourced):
    id: Id
    name: TextValue
    kind: Literal["crt", "tec", "drop", "demolition", "repair", "airpower", "other"]
    columns: Annotated[list[str], Field(min_length=1)]
    row_key: str | None = None
    rows: list[Row] = []
