"""HTTR airstrike results (ScR 7.3.2, 7.4): the Airstrike roll (2d6) is read on the Airstrike Bombardment Table in
the column of the target's mode and, where the table distinguishes it, its hex's terrain; at the end of the Fire
Phase the target shows what the result calls for: ``-`` nothing; ``D`` disrupted and one hex away (no effect on an
already disrupted target); ``1`` (and ``1*`` on anything but an armored unit or HQ) disrupted, a strength point
lost (not logged) and no retreat; ``1*`` on an armored unit or HQ as the reading ``airstrike_armor_retreat`` says.

The game's ``tables/airstrike_grid.toml``: ``row_key`` the 2d6 total (rows "2".."12"), one column per target class
named ``<mode>`` (``travel``, ``concentrated``, ``defilade``) or ``<mode> <terrain>`` (a terrain id of
``terrain.toml``, e.g. ``defilade city``); each cell one of ``-``, ``D``, ``1*``, ``1``. A hex whose terrain has a
``<mode> <terrain>`` column is read there, else in the ``<mode>`` column.

Reading: the log names no target unit (ScR 7.1.5 designates units, the marker shows a hex), so a roll is judged
when this Fire Phase's markers are on one hex holding one enemy unit other than a leader (7.2.5); otherwise not
checkable. Armored units are those of type AFV (units.csv type).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

GRID = "airstrike_grid"
GRID_DATA = (f"the Airstrike Bombardment Table grid (tables/{GRID}.toml: 2d6 rows x target mode/terrain columns, "
             "ScR 7.3.2)")
RESULTS = frozenset({"-", "D", "1*", "1"})  # ScR 7.4 Table 1 (L1286-L1290)


class Position(Board, Protocol):
    fire: FireLog
    readings: dict[str, str]


@dataclass(frozen=True, slots=True)
class Strike:
    """One resolved airstrike: its target unit and hex, the ABT result and column, whether the target was
    already disrupted."""

    unit: str
    at: Hex
    label: str
    result: str
    column: str
    disrupted: bool


def target(p: Position, labels: set[str]) -> tuple[str, Hex, str] | NotCheckable:
    """The unit this Fire Phase's markers designate: the one enemy non-leader unit of their one hex."""
    if len(labels) != 1:
        return NotCheckable("which designated hex the Airstrike roll resolves (markers on "
                            f"{', '.join(sorted(labels))})")
    label = next(iter(labels))
    h = p.hex(label)
    side = p.phase()[1]
    units = [u for u in p.state.at(h) if p.state.side(u) not in (side, None)] if h is not None else []
    units = [u for u in units if is_kind(p.game, u, "leader") is not True]
    if h is None or len(units) != 1:
        return NotCheckable(f"which unit in {label} the airstrike targets (the log names none, ScR 7.1.4-7.1.5)")
    return units[0], h, label


def column(p: Position, unit: str, h: Hex, columns: tuple[str, ...]) -> str | NotCheckable:
    """ScR 7.3.2: the ABT column of the target's mode and, where the grid has one for it, its hex's terrain."""
    m = mem.mode(p.state, unit)
    if m is None:
        return NotCheckable(f"the mode of unit {unit} (its Mode layer), ScR 7.3.2")
    by_terrain = [c for c in columns if c.startswith(f"{m} ")]
    types = p.game.map.terrain.of(h)
    if by_terrain and types is None:
        return NotCheckable(f"the terrain of {p.game.map.labels[h]} (unsurveyed), ScR 7.3.2")
    hit = sorted(c for c in by_terrain if c.removeprefix(f"{m} ") in set(types or ()))
    if hit:
        return hit[0]
    return m if m in columns else NotCheckable(f"the {m} column of {GRID_DATA}")


@rule("HTTR ScR 7.3.2", "AS-10", "the airstrike result is the ABT cell of the 2d6 roll in the column of the target's "
      "mode (and terrain)")
def resolve(p: Position, labels: set[str], roll: int) -> tuple[Strike | None, Verdict]:
    cells = Cells.of(p.game, GRID)
    if not cells.columns:
        return None, NotCheckable(GRID_DATA)
    aim = target(p, labels)
    if isinstance(aim, NotCheckable):
        return None, aim
    unit, h, label = aim
    col = column(p, unit, h, cells.columns)
    if isinstance(col, NotCheckable):
        return None, col
    result = cells.get(str(roll), col)
    if result not in RESULTS:
        return None, NotCheckable(f"the ABT cell of 2d6 {roll}, column {col} ({GRID_DATA})")
    s = Strike(unit, h, label, str(result), col, mem.has(p.state, unit, "disrupted"))
    p.fire.fired_at.add(unit)
    p.fire.struck.add(unit)  # SR 5.1: its disruption is the airstrike result's to judge (ScR 7.4)
    return s, Legal(detail=f"the airstrike on {unit} in {label}: 2d6 {roll}, {col}: {result} (ScR 7.3.2)")


def struck_move(struck: list[Strike], uid: str) -> Verdict | None:
    """A move of this Fire Phase's airstrike target: its retreat (or a move its result forbids), judged with the
    result at the end of the phase (ScR 7.4); None for any other unit."""
    if any(s.unit == uid for s in struck):
        return Legal(detail=f"{uid} moves after an airstrike on it: judged with its result at the end of the Fire "
                     "Phase (ScR 7.4)")
    return None


def effect(p: Position, s: Strike) -> str | NotCheckable:
    """ScR 7.4: what one strike's result does: ``-``, ``D`` (disrupt and retreat one hex), ``1`` (disrupt, a loss,
    no retreat) or ``in place`` (disrupt only). Reading (READINGS ``airstrike_armor_retreat``): 1* on an AFV or HQ
    is a D (``retreat``, the default) or a disruption in place (``no_retreat``)."""
    if s.result != "1*":
        return s.result
    armored = is_kind(p.game, s.unit, "afv", "hq")
    if armored is None:
        return NotCheckable(f"whether {s.unit} is armored or an HQ (units.csv type), ScR 7.4")
    return ("D" if p.readings.get("airstrike_armor_retreat") == "retreat" else "in place") if armored else "1"


def judge_strikes(p: Position, struck: list[Strike]) -> list[Verdict]:
    """At the end of the Fire Phase: each struck unit's state against all its strikes together (ScR 7.2.2 allows
    three on a hex; 7.3.2 applies each result at once, so a later strike sees the earlier ones' effect)."""
    units = sorted({s.unit for s in struck})
    return [judge_strike(p, [s for s in struck if s.unit == u]) for u in units]


@rule("HTTR ScR 7.4 / 7.2.13", "AS-11", "airstrike results: '-' nothing; D disrupts the target and retreats it one "
      "hex; 1 (and 1* on a non-armored, non-HQ unit) disrupts with a loss and no retreat")
def judge_strike(p: Position, strikes: list[Strike]) -> Verdict:
    """One unit's strikes of this Fire Phase, in their order, against its state at its end (ScR 7.3.2: results
    apply at once). The unit retreats one hex when its first strike with an effect is a D on a target not yet
    disrupted (a D on a disrupted unit has no effect, 7.2.13); any effect leaves it disrupted; all '-' leave it
    as it was."""
    first = strikes[0]
    effects = [effect(p, s) for s in strikes]
    unsure = next((e for e in effects if isinstance(e, NotCheckable)), None)
    if unsure is not None:
        return unsure
    hits = [e for e in effects if e != "-"]
    where = p.state.where(first.unit)
    disrupted = mem.has(p.state, first.unit, "disrupted")
    why = (f"the airstrike{'s' if len(strikes) > 1 else ''} on {first.unit} in {first.label} gave "
           f"{', '.join(f'{s.result} ({s.column})' for s in strikes)}")
    if not hits:
        if where != first.at or (disrupted and not first.disrupted):
            return Illegal("HTTR ScR 7.3.2", f"{why}: no result, but {first.unit} was "
                           f"{'moved' if where != first.at else 'disrupted'}")
        return Legal()
    retreat = hits[0] == "D" and not first.disrupted
    if hits == ["D"] * len(hits) and first.disrupted:
        return Legal(detail=f"{why}: {first.unit} was already disrupted, no additional effect (ScR 7.4)")
    if where is None:
        return Legal(guess=f"{first.unit} is off the map after {why}: read as eliminated by the strike")
    if not disrupted:
        return Illegal("HTTR ScR 7.4", f"{why}, but {first.unit} is not disrupted at the end of the Fire Phase")
    if retreat and where.distance(first.at) != 1:
        return Illegal("HTTR ScR 7.4", f"{why}: {first.unit} retreats one hex, but it is "
                       f"{'still there' if where == first.at else 'in ' + p.game.map.labels[where]}")
    if not retreat and where != first.at:
        return Illegal("HTTR ScR 7.4", f"{why}: no retreat, but {first.unit} moved to {p.game.map.labels[where]}")
    return Legal()
