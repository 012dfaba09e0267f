"""What the HTTR referee remembers of one phase's fire (SR 6): read by fire legality and by its limits; and who
revealed themselves by firing from cover (SR 7.3.4), which outlasts the phase."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hexforge.builder.timeline import Eliminated, Entered, Event, Move
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration


@dataclass(slots=True)
class FireLog:
    """What fired this phase: the method each unit used, the target hexes in order, the units fired at,
    return fire given (unit -> AT firers' classes answered), the last AT fire (target hex, firers)."""

    method: dict[str, str] = field(default_factory=dict)
    targets: list[Hex] = field(default_factory=list)
    fired_at: set[str] = field(default_factory=set)
    returned: dict[str, int] = field(default_factory=dict)
    last_at: tuple[Hex, tuple[str, ...]] | None = None
    pending: tuple[Declaration, tuple[str, ...]] | None = None  # a DF or IF packet awaiting its 2d6
    of_target: str | None = None  # an OF resolved: its target moving, attacking, in place or unknown (of_fire)
    at_roll_due: bool = False  # an AT fire declared: its roll follows (its result is not judged yet)
    travel_fired: dict[tuple, list[str]] = field(default_factory=dict)  # (hex, target hex) -> Travel firers
    hqs: set[str] = field(default_factory=set)  # controlling HQs used for IF (SR 6.5.2.5)
    target_units: dict[Hex, list[str]] = field(default_factory=dict)  # target units named per hex, in order
    if_of: set[str] = field(default_factory=set)  # units that fired IF as OF this phase (SR 6.5.1.2)
    last_result: str | None = None  # the Fire Results Table result of the last packet resolved
    packets: dict[tuple, list[int]] = field(default_factory=dict)  # DF packets' ERs per (hex, target unit)
    at_pending: tuple[Declaration, tuple[str, ...]] | None = None  # the last AT fire declared (SR 6.4.2)
    at_roll_index: int = -1  # the event of the AT Fire roll being resolved
    at_classes: dict[str, set[str]] = field(default_factory=dict)  # AFV target -> AT classes that shot it (6.4.1.7)
    at_results: list[tuple[int, str, int]] = field(default_factory=list)  # (roll's event, target, SP lost)
    fired_kinds: dict[str, set[str]] = field(default_factory=dict)  # unit -> the fire methods aimed at it
    last_if: tuple[Hex, str] | None = None  # the hex and target unit of the last IF result (SR 6.5.3.2)
    unresolved: Hex | None = None  # the hex of the last fire whose result the data could not give
    unknown: list[tuple[int, Hex, str]] = field(default_factory=list)  # (roll's event, hex, datum): results not known
    results: dict[str, list[str | None]] = field(default_factory=dict)  # unit -> the results at its hex (None: unknown)
    struck: set[str] = field(default_factory=set)  # airstrike targets: their disruption is judged by the result (ScR 7.4)
    paths: dict[str, list[Hex]] = field(default_factory=dict)  # each unit's drops this phase (SR 6.6.5.1)
    minimal_used: bool = False  # a Minimal Fire Attack was made this phase (SR 6.3.5.3)
    controlled: dict[str, set[str]] = field(default_factory=dict)  # a corps HQ -> artillery it controlled (ScR 4.4.2)
    of_low: list[tuple[int, Hex, str, tuple[str, ...]]] = field(default_factory=list)  # OF below the top two (6.6.2.5)
    effects: list = field(default_factory=list)  # effects.Effect: results whose consequences are judged at the end
    defilade_due: list[tuple[int, str]] = field(default_factory=list)  # (roll's event, unit) a DEF put in Defilade
    hex_firers: dict[Hex, list[str]] = field(default_factory=dict)  # who fired DF, AT or IF at each hex (SR 21.1)
    last_df: Any = None  # overflow.Loss: the last conventional DF loss resolved, whose overflow a spill names (6.3.1.6)
    df_losses: list = field(default_factory=list)  # overflow.Loss: the phase's conventional DF losses (SR 6.3.1.6)


@dataclass(slots=True)
class Reveals:
    """Units that fired from covering terrain (SR 7.3.4 L416, 6.4.1.6 L236): the cover is negated for LOS 'during
    the phase in which the fire combat occurs and until such time that the observed unit moves into new covering
    terrain, or the LOS becomes blocked'. A firer cannot move in the phase it fires in (SR 4.1, 6.1.9, 6.6), so the
    reveal outlasts the phase. Reading: it ends when the unit leaves its hex (whatever it enters: in open terrain
    the reveal no longer matters, and entering cover later is 'new covering terrain'); a blocked LOS is judged by
    each observation itself (``los.Observation.observe``), so no block ends it."""

    units: set[str] = field(default_factory=set)


def on_event(p: Board, log: Reveals, e: Event) -> list:
    """A revealed unit that leaves its hex (a move elsewhere, elimination, an exit or re-entry) is hidden again."""
    uid = p.unit(e)
    if uid is None or uid not in log.units:
        return []
    at = p.state.where(uid)
    if isinstance(e, Move) and at is not None and all(p.hex(x) == at for x in (e.path or (e.to_hex,))):
        return []  # a change of stack position only
    if isinstance(e, (Move, Eliminated, Entered)):
        log.units.discard(uid)
    return []
