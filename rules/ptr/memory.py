"""What the PtR referee remembers beyond positions, kept in ``GameState.memory``: the Operations Cycle (segment,
Initiative +DRM marker, who holds the Initiative, who passed; PtR 9), every FAM box (10.1.1), the formation
activated or reacting with its APs (10.1.2-10.2.3, 11.1) and the Movement Action under way (11.4.1, 12, 13)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, Mapping

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.oc import DrmMarker

if TYPE_CHECKING:
    from hexforge.rules.ptr.battle import Battle
from hexforge.rules.state import GameState

Expect = Literal["initiative", "option", "activation", "none"]
Stage = Literal["ap-roll", "reaction-check", "actions"]


@dataclass(frozen=True, slots=True)
class Movement:
    """The Movement Action under way: its units, the hex they began in, where they stand, the MP spent, why it
    had to end (``stopped``), and whether a Reaction attempt was made against it (10.2.1B4-C)."""

    units: frozenset[str]
    start: Hex
    at: Hex
    left: Hex | None
    spent: float | Unknown = 0.0
    stopped: str | None = None
    steps: int = 0
    reacted: bool = False
    last: int | None = None  # the index of its last move event (where the end-of-Action verdicts go)
    entered: frozenset[Hex] = frozenset()  # every hex it entered (10.2.2A: enemy HQs it came next to)

    near_enemy: bool = False  # it has been next to an enemy unit (12.4: no leg +2 MA)

@dataclass(frozen=True, slots=True)
class Bonus:
    """A Battle Victory (15.6)'s bonus AP: the winning side, the units that may spend it, and whether they earned it
    (``why`` when not)."""

    side: str
    hex: Hex
    units: frozenset[str]
    eligible: bool | Unknown
    why: str = ""


@dataclass(frozen=True, slots=True)
class Activation:
    """A formation acting (``reaction``: reacting, 10.2) at Activation Level ``level`` with ``ap`` APs left
    (``None`` until the AP roll); ``action`` is the Action under way."""

    formation: str
    side: str
    level: int | Unknown
    reaction: bool = False
    stage: Stage = "ap-roll"
    ap: int | Unknown | None = None
    action: str | None = None
    movement: Movement | None = None
    flip: str | None = None  # an OOS HQ that must expend Emergency Supply before the AP roll (10.1.3B-C)
    battle: Battle | None = None  # the attack under way (PtR 15)
    check: int | None = None  # the die of the last Effectiveness Check rolled in this activation (13.4.1B, 16.1)
    refit: str | None = None  # the unit whose Refit awaits its Effectiveness Check (11.4.3C)
    refitted: tuple[str, bool | None] | None = None  # that unit and whether it passed (None: not known)
    bonus: Bonus | None = None  # a Battle Victory bonus AP awaiting the next Action (15.6)
    other_ap: int | None = None  # the APs the AP Table's other number (bold/non-bold) gives, less those spent


@dataclass(frozen=True, slots=True)
class PtrMemory:
    """The PtR state beyond positions."""

    fam: Mapping[str, int | Unknown] = field(default_factory=lambda: MappingProxyType({}))
    segment: int = 0
    marker: DrmMarker = DrmMarker()
    rolls: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    holder: str | None = None
    transferred: bool = False
    passed: frozenset[str] = frozenset()
    expect: Expect = "none"
    active: Activation | None = None
    suspended: Activation | None = None
    activations: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    over: str | None = None  # why the OC ended (9.5)
    interdiction: tuple[int, int | Unknown] | None = None  # (turn, level) rolled in a Recovery Phase (19.0A)
    improved: frozenset[Hex] = frozenset()  # hexes under an Improved Defense marker (11.4.4)
    placed: frozenset[str] = frozenset()  # sides that placed reinforcements this Reinforcement Phase (8.0D)
    recovering: bool = False  # the Recovery Phase of a turn after the first: German FAMs wait for the level
    owed: frozenset[str] = frozenset()  # combat units an overstack must disrupt before play goes on (14.2A)
    assigned: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # unit -> formation (6.1C, 6.2)
    rp: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))  # RPs left this phase, by kind (7.1-7.2)
    displaced: Mapping[str, tuple[str, int | Unknown]] = field(default_factory=lambda: MappingProxyType({}))  # FAM
    # box a formation's HQ displacement puts its FAM in, and the rule (20.2B-D, 11.4.2D)
    hq_crowd: Hex | None = None  # a hex two HQs came to share: all but one are displaced next (14.2A)
    reserve: frozenset[str] | None = None  # formations in Reserve Mode (22.8; None: as the set-up shows them)
    must_leave: frozenset[str] = frozenset()  # formations whose Reserve Mode a reaction or displacement ended
    special_used: Mapping[str, tuple[int | None, ...]] = field(default_factory=lambda: MappingProxyType({}))  # the
    # turns each optional rule's special unit was used in (22.3C, 22.4C, 22.7C)
    attrition: int | None = None  # the die of an Attrition Check whose SP loss is still to show (18.6)
    asp: Mapping[str, int | Unknown] = field(default_factory=lambda: MappingProxyType({}))  # HQs' ASPs left (20.2)
    special_battle: Mapping[str, tuple[Hex, Hex]] = field(default_factory=lambda: MappingProxyType({}))  # a used
    # special unit -> the combat (origin, target) it supports (22.3A, 22.7A)
    special_roll: str | None = None  # the used special unit whose own table's roll comes next (22.7A)
    special_shifts: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))  # its roll's shift
    scared: tuple[Hex, Hex] | None = None  # the combat (origin, target) a Tiger Tank Scare shifts (22.2B)
    crowded: tuple[Hex, str, str] | None = None  # an overstacked hex, its side, "adjacent" (14.2B) or "nearest"
    # (10.2.4B): its extra units are displaced before play goes on
    cs: Mapping[str, int | Unknown] = field(default_factory=lambda: MappingProxyType({}))  # current CS known (15.5.4A)
    withdrawn: frozenset[str] = frozenset()  # units withdrawn from play (8.2.1)
    arriving: Mapping[str, int | Unknown] = field(default_factory=lambda: MappingProxyType({}))  # FAM box due (21.0G)
    plans: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))  # turn -> Plan chits drawn (5.2.3)
    refused: int | None = None  # the turn the US refused a Plan chit (21.4.4.3A)
    intelligence: frozenset[int] = frozenset()  # turns of a German intelligence roll (21.4.4.3B)
    ended: tuple[str, str] | None = None  # (rule, why): a sudden victory ended the game (21.2.4.3, 21.3.4.2)
    control: Mapping[Hex, frozenset[str] | Unknown] = field(default_factory=lambda: MappingProxyType({}))  # 3.5
    reroll: tuple[int, str | None, str, int] | None = None  # a re-roll (9.2.1A): segment, holder, side, die
    concluded: str | None = None  # the formation whose activation ended last, its unused APs lost (11.1D)
    decided: str | None = None  # how the Interdiction Level gave the holder this segment's Initiative (9.2.1B)


def memory(state: GameState) -> PtrMemory:
    return state.memory if isinstance(state.memory, PtrMemory) else PtrMemory()


def remember(state: GameState, **changes: object) -> GameState:
    """The state with the PtR memory's fields changed."""
    return state.remember(replace(memory(state), **changes))


def frozen_map(d: dict) -> Mapping:
    return MappingProxyType(dict(d))
