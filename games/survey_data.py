"""Surveyed terrain in ``terrain.toml``: the ``[[surveyed]]``, ``[[surveyed_hexsides]]`` and
``[[surveyed_lines]]`` tables that ``hexforge survey terrain`` writes and ``survey review`` confirms.

A surveyed value counts as known terrain, with its provenance kept on the map's
:class:`~hexforge.maps.terrain.Terrain` (reviewed by a person or not) for verdicts to cite.
What a person entered in ``[hexes]``, ``[[hexsides]]`` or ``[[thoroughfares]]`` always wins.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Callable

from pydantic import Field, ValidationError

from hexforge.games.schema import Section, Source
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.hexmap import HexMap
from hexforge.maps.terrain import HexsideFeature, Terrain

KEYS = ("surveyed", "surveyed_hexsides", "surveyed_lines")
NONE = "none"  # a reviewed hexside or centre-to-centre line with no feature on it
Confidence = Annotated[float, Field(ge=0.0, le=1.0)]
Pair = Annotated[list[str], Field(min_length=2, max_length=2)]
Report = Callable[[Path, str, str], None]


class SurveyedHex(Section):
    hex: str
    terrain: str
    confidence: Confidence
    reviewed: bool = False
    source: Source


class SurveyedHexside(Section):
    hexes: Pair
    feature: str
    confidence: Confidence
    reviewed: bool = False
    source: Source


class SurveyedLine(Section):
    hexes: Pair
    kind: str
    confidence: Confidence
    reviewed: bool = False
    source: Source


MODELS: dict[str, type[Section]] = {"surveyed": SurveyedHex, "surveyed_hexsides": SurveyedHexside,
                                    "surveyed_lines": SurveyedLine}


def split(raw: dict[str, Any]) -> dict[str, Any]:
    """Take the surveyed tables out of a parsed ``terrain.toml`` (the rest is the person's data)."""
    return {k: raw.pop(k) for k in KEYS if k in raw}


def entries(path: Path, raw: dict[str, Any], report: Report) -> dict[str, list[Any]]:
    """The valid surveyed entries of each table; every invalid one reported with its place."""
    out: dict[str, list[Any]] = {k: [] for k in KEYS}
    for key in KEYS:
        items = raw.get(key, [])
        if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
            report(path, key, f"must be an array of tables, [[{key}]]")
            continue
        for i, item in enumerate(items):
            try:
                out[key].append(MODELS[key].model_validate(item))
            except ValidationError as e:
                for err in e.errors():
                    where = ".".join(str(p) for p in err["loc"])
                    report(path, f"{key}[{i}]" + (f".{where}" if where else ""), _message(key, err))
                out[key].append(None)
    return out


def _message(key: str, err: dict[str, Any]) -> str:
    fields = ", ".join(MODELS[key].model_fields)
    if err["type"] == "extra_forbidden":
        return f"unknown key (valid: {fields})"
    if err["type"] == "missing":
        return f"required key is missing (keys: {fields})"
    return str(err["msg"])


def apply(path: Path, raw: dict[str, Any], terrain: Terrain, hexmap: HexMap, report: Report) -> None:
    """Add the surveyed values to ``terrain`` where no person gave one, checking hexes and type ids."""
    found = entries(path, raw, report)
    kinds = {t.id: t.kind for t in terrain.types.values()}
    person = {"hexside": set(terrain.hexsides), "thoroughfare": set(terrain.thoroughfares)}

    def typed(place: str, type_id: str, kind: str, none_ok: bool) -> bool:
        if (none_ok and type_id == NONE) or kinds.get(type_id) == kind:
            return True
        valid = sorted(k for k, v in kinds.items() if v == kind) + ([NONE] if none_ok else [])
        report(path, place, f"{type_id!r} is not a terrain type of kind {kind} (valid: {', '.join(valid)})")
        return False

    def one(place: str, label: str) -> Hex | None:
        try:
            return hexmap.hex(label)
        except KeyError as e:
            report(path, place, str(e))
            return None

    seen: dict[Hex, int] = {}
    for i, e in enumerate(found["surveyed"]):
        place = f"surveyed[{i}]"
        if e is None or not typed(place + ".terrain", e.terrain, "hex", False):
            continue
        h = one(place + ".hex", e.hex)
        if h is None:
            continue
        if h in seen:
            report(path, place + ".hex", f"hex {e.hex} is also surveyed in surveyed[{seen[h]}]")
            continue
        seen[h] = i
        if h not in terrain.hexes:  # a person's [hexes] entry wins
            terrain.add_hex(h, e.terrain)
            terrain.surveyed_hexes[h] = e.reviewed
            terrain.survey_sources[h] = e.source
    for key, field, kind in (("surveyed_hexsides", "feature", "hexside"), ("surveyed_lines", "kind", "thoroughfare")):
        sides: dict[Hexside, int] = {}
        for i, e in enumerate(found[key]):
            place = f"{key}[{i}]"
            if e is None or not typed(f"{place}.{field}", getattr(e, field), kind, True):
                continue
            side = _side(path, place + ".hexes", [one(place + ".hexes", x) for x in e.hexes], e.hexes, report)
            if side is None:
                continue
            if side in sides:
                report(path, place + ".hexes", f"{'/'.join(e.hexes)} is also surveyed in {key}[{sides[side]}]")
                continue
            sides[side] = i
            if side in person[kind]:  # a person's [[hexsides]] / [[thoroughfares]] entry wins
                continue
            value = getattr(e, field)
            if value != NONE and kind == "hexside":
                terrain.add_hexside(side, HexsideFeature(value))
            elif value != NONE:
                terrain.thoroughfares[side] = terrain.thoroughfares.get(side, frozenset()) | {value}
            terrain.surveyed_sides[side] = terrain.surveyed_sides.get(side, True) and e.reviewed
            terrain.survey_sources.setdefault(side, e.source)


def _side(path: Path, place: str, ends: list[Hex | None], labels: list[str], report: Report) -> Hexside | None:
    a, b = ends
    if a is None or b is None:
        return None
    if a.distance(b) != 1:
        report(path, place, f"{labels[0]} and {labels[1]} are not adjacent, so they share no hexside")
        return None
    return Hexside.between(a, b)
