"""HTTR's AFV/vehicular stacking sub-limit (SR 11.2.8, L659), judged with the stacking limit wherever a hex's
stacking is judged (``movement.Movement.over_limit``: every step of a move, and the end-of-phase overstack)."""
from __future__ import annotations

from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.httr.units import is_kind, mobility, number
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

VEHICLE_LIMIT = "vehicle_stacking_limit"  # the TEC column of SR 11.2.8 (L659)


class Mover(Protocol):
    game: Game
    state: GameState
    uid: str
    tec: Cells

    def cell(self, key: str, column: str) -> float | str | Unknown: ...
    def label(self, h: Hex) -> str: ...


@rule("HTTR SR 11.2.8", "STK-1", "the AFV/vehicular SP in a hex never exceed its TEC vehicular stacking limit")
def over_vehicle_limit(m: Mover, b: Hex, kinds: frozenset[str]) -> Verdict:
    """SR 11.2.8: "of the 28 strength points allowed in a hex, the AFV/vehicular strength point component may not
    exceed the vehicular stacking limit" (TEC ``vehicle_stacking_limit``, the least of the hex's types; a "none"
    cell sets no sub-limit). Reading: the AFV/vehicular SP are those of the units of vehicular mobility (units.csv
    mobility: AFV, mechanized, motorized; not leg or towed units) in the hex with the unit, whatever their mode."""
    sp, unsure = 0.0, None
    for u in [u for u in m.state.at(b) if u != m.uid] + [m.uid]:
        if is_kind(m.game, u, "leader", "static"):
            continue  # SR 11.2.6
        mob = mobility(m.game, u)
        s = number(m.game, u, "strength") if mob == "vehicular" else 0.0
        if isinstance(mob, Unknown) or isinstance(s, Unknown):
            unsure = unsure or (mob if isinstance(mob, Unknown) else s).needs  # type: ignore[union-attr]
            continue
        sp += s
    if sp == 0 and unsure is None:
        return Legal()
    limits = []
    for k in sorted(kinds):
        c = m.tec.get(k, VEHICLE_LIMIT)
        v = None if c == "none" else m.cell(k, VEHICLE_LIMIT)
        if isinstance(v, Unknown):
            return NotCheckable(f"{v.needs} (the AFV/vehicular stacking limit of {m.label(b)}, SR 11.2.8)")
        if v is not None:
            limits.append(float(v))
    if limits and sp > min(limits):
        return Illegal("HTTR SR 11.2.8", f"{m.uid} would make {sp:g} AFV/vehicular SP in {m.label(b)}, "
                       f"over its vehicular stacking limit of {min(limits):g}")
    if limits and unsure is not None:
        return NotCheckable(f"{unsure} (the AFV/vehicular SP in {m.label(b)}, SR 11.2.8)")
    return Legal()
