"""HTTR drop-zone terrain and serial size (ScR 6.6.4.5, 6.7.4, 6.7.10): a unit that lands in a forest, rough, city
or town hex, or one holding part of a river or canal, is disrupted at once; airborne units landing on enemy units
in a city or forest hex are eliminated; no serial holds more than 28 SP.

Reading: a serial's units enter the map on its designated drop hex (ScR 6.5.1: placed there before the landing
roll), so that hex is the designation 6.7.4's first sentence bars; a unit's scatter move (rules/httr/scatter.py)
ends where it lands, disrupted there by 6.7.4's second sentence and eliminated in an all-water hex (6.7.5: the
game's hex type ``water``), judged at the end of the phase. A river or canal is the game's hexside feature (or a
hex type) of that name on one of the hex's sides.
"""
from __future__ import annotations

from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.units import number
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

ROUGH_GROUND = frozenset({"forest", "rough", "city", "town"})  # ScR 6.7.4 (L1249)
WATERWAYS = frozenset({"river", "canal"})  # ScR 6.7.4 (L1249): 'a hex containing a part of a canal or river'
WATER = "water"  # ScR 6.7.5 (L1250): 'an all-water hex'
DENSE = frozenset({"city", "forest"})  # ScR 6.6.4.5 (L1241)
SERIALS = "serials"  # game.toml [special.serials]: the Formation Display's battalion serials (unit id lists)
SERIAL_SP = 28  # ScR 6.7.10 (L1256): 'No serials can be created with more than 28 strength points'


class Position(Board, Protocol):
    readings: dict[str, str]


def kinds(game: Game, h: Hex) -> frozenset[str] | None:
    """The hex's terrain types and the features on its sides; ``None`` when the hex is unsurveyed."""
    types = game.map.terrain.of(h)
    if types is None:
        return None
    sides = {f.kind for n in h.neighbours() for f in game.map.terrain.features(h, n)}
    return frozenset(types) | sides


def scatter_ground(p: Position, h: Hex) -> str | None:
    """Where a scattered unit lands: "water" (eliminated), "rough" (disrupted), "" (neither); None: unsurveyed."""
    k = kinds(p.game, h)
    if k is None:
        return None
    return "water" if WATER in k else "rough" if k & (ROUGH_GROUND | WATERWAYS) else ""


@rule("HTTR ScR 6.7.4-6.7.5", "AIR-8", "no drop hex in forest, rough, city or town or with part of a river or canal; "
      "a unit scattering there is disrupted at once, into an all-water hex eliminated")
def judge_drop_hex(p: Position, h: Hex) -> Verdict:
    """The hex a serial is placed on (its designated drop hex)."""
    k = kinds(p.game, h)
    label = p.game.map.labels[h]
    if k is None:
        return NotCheckable(f"the terrain of {label} (unsurveyed), ScR 6.7.4")
    barred = k & (ROUGH_GROUND | WATERWAYS | {WATER})
    if barred:
        return Illegal("HTTR ScR 6.7.4", f"a serial's drop hex is {label} ({', '.join(sorted(barred))}): no forest, "
                       "rough, city or town hex nor one with part of a river or canal may be designated")
    return Legal(detail=f"the drop hex {label} may be designated (ScR 6.7.4)")


def judge_water(p: Position, drowned: dict[str, Hex]) -> list[Verdict]:
    """AIR-8 (``judge_drop_hex``'s rule), at the end of the landing phase: a unit scattered into an all-water hex
    is eliminated (ScR 6.7.5)."""
    return [Illegal("HTTR ScR 6.7.5", f"{uid} scattered into {p.game.map.labels[h]}, an all-water hex, and is still "
                    "on the map: it is eliminated") if p.state.where(uid) is not None
            else Legal(detail=f"{uid} is eliminated in an all-water hex (ScR 6.7.5)") for uid, h in drowned.items()]


def judge_rough(p: Position, landed: dict[str, Hex]) -> list[Verdict]:
    """AIR-8 (``judge_drop_hex``'s rule), at the end of the landing phase: each unit scattered into such a hex and
    still there is disrupted."""
    out: list[Verdict] = []
    for uid, h in landed.items():
        label = p.game.map.labels[h]
        if p.state.where(uid) != h:
            continue
        if not mem.has(p.state, uid, "disrupted"):
            there = ", ".join(sorted(kinds(p.game, h) or ()))
            out.append(Illegal("HTTR ScR 6.7.4", f"{uid} scattered into {label} ({there}) and is not disrupted: a "
                               "unit dropping there is disrupted at once"))
        else:
            out.append(Legal(detail=f"{uid} landed in {label} and is disrupted (ScR 6.7.4)"))
    return out


@rule("HTTR ScR 6.6.4.5", "AIR-16", "airborne units landing on enemy units in a city or forest hex are eliminated")
def judge_dense(p: Position, h: Hex, here: list[str]) -> Verdict | None:
    """At the end of the landing phase, for a hex units landed on enemy units in; None when it is not dense."""
    k = kinds(p.game, h)
    label = p.game.map.labels[h]
    if k is None:
        return NotCheckable(f"the terrain of {label} (unsurveyed), ScR 6.6.4.5")
    if not k & DENSE:
        return None
    if here:
        return Illegal("HTTR ScR 6.6.4.5", f"{', '.join(here)} landed on enemy units in {label}, a "
                       f"{'/'.join(sorted(k & DENSE))} hex, and are still there: they are eliminated")
    return Legal(detail=f"the units landing on enemy units in {label} are eliminated (ScR 6.6.4.5)")


@rule("HTTR ScR 6.7.10", "AIR-13", "no serial holds more than 28 SP")
def judge_serial(p: Position, units: list[str]) -> Verdict:
    """The units landed in one log step (one serial) so far. Reading (READINGS ``display_serial_sp``): a serial of
    one Formation Display serial's units (whole, or so far) may hold more (``display``, the default: ScR 6.1 allows
    it, 6.6.3's example lands 29 SP), or none may (``all``)."""
    strengths = [number(p.game, u, "strength") for u in units]
    missing = [s for s in strengths if not isinstance(s, float)]
    if missing:
        return NotCheckable(missing[0].needs)
    total = sum(strengths)
    rows = (p.game.special(SERIALS) or {}).get("rows")
    exempt = p.readings.get("display_serial_sp", "display") == "display"
    if total > SERIAL_SP and exempt and not rows:
        return NotCheckable(f"whether a serial of {total:g} SP is one of the Formation Display's (game.toml "
                            f"[special.{SERIALS}] rows; ScR 6.1 lets them hold more than {SERIAL_SP})")
    if total > SERIAL_SP and exempt and any(set(units) <= set(row) for row in rows or ()):
        return Legal(detail=f"a display serial of {total:g} SP: ScR 6.1 allows it, its overstack is fixed on "
                     "landing (6.6.3)")
    if total > SERIAL_SP:
        return Illegal("HTTR ScR 6.7.10", f"a serial of {total:g} SP ({', '.join(units)}): no serial holds more "
                       f"than {SERIAL_SP}")
    return Legal(detail=f"a serial of {total:g} SP (ScR 6.7.10)")


@rule("HTTR ScR 6.7.8-6.7.9", "AIR-12", "each partial serial costs a lift point; the display's serials may be "
      "rearranged, never into fewer serials")
def judge_display(p: Position, dropped: dict[str, int]) -> Verdict:
    """Once the units of some display serials have all landed (``dropped``: unit -> its serial's log step), they
    landed in no fewer serials than those. (The lift point of each partial serial is AIR-9's count of log steps.)"""
    rows = (p.game.special(SERIALS) or {}).get("rows")
    if not rows:
        return NotCheckable(f"the Formation Display's serials (game.toml [special.{SERIALS}] rows, ScR 6.7.8-6.7.9)")
    done = [row for row in rows if row and all(u in dropped for u in row)]
    steps = {dropped[u] for row in done for u in row}
    if len(steps) < len(done):
        return Illegal("HTTR ScR 6.7.9", f"the units of {len(done)} display serials landed in {len(steps)} serial(s): "
                       "the serials may be rearranged but never made fewer")
    return Legal(detail=f"{len(done)} display serial(s) landed in {len(steps)} serial(s) (ScR 6.7.9)")
