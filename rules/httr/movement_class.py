"""How an HTTR unit moves now (SR 9.3.2-9.3.3, 9.3.9-9.3.11): leg or vehicular movement, from its printed
mobility and its state. One answer for every rule that asks: the TEC column of a move (9.3.2), the Reaction
Phase's hex limit (9.1.4), the raised-road bridge's extra MP (9.4.2.4), the leg units of a road column (9.6.7)
and the terrain a supply path of a unit may enter (13.2.2.4).

- a unit of leg mobility moves as leg (9.3.2, 9.3.11);
- a unit with a Dismounted marker moves "like a leg unit" (9.3.3);
- an HQ in Defilade Mode is "considered" a leg unit "and moves as such" (9.3.9);
- every other unit of vehicular or towed mobility moves as vehicular (9.3.2: AFV silhouette, mechanized oval,
  motorized wheel; towed units move in Travel, or one hex in battery, 9.3.10).
"""
from __future__ import annotations

from typing import Literal

from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.units import is_kind, kind_of, mobility, number
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState

Class = Literal["leg", "vehicular"]
MA_BY_KIND = {"static": 0.0, "recon": 14.0}  # SR 9.3.1 (L464): every other unit 12, King Tiger II 9
TYPICAL_MA = 12.0  # SR 9.3.1 (L464)


@rule("HTTR SR 9.3.2 / 9.3.3 / 9.3.9", "MOV-2", "a unit moves by leg or vehicular movement: a dismounted unit and "
      "an HQ in Defilade Mode move as leg units")
def moves_as(game: Game, uid: str, mode: str | None, dismounted: bool) -> Class | Unknown:
    """The movement class of ``uid`` in ``mode`` (None: not known), ``dismounted`` or not."""
    mob = mobility(game, uid)
    if mob == "leg" or dismounted:
        return "leg"
    hq = is_kind(game, uid, "hq")
    if mode == "defilade" and hq:
        return "leg"
    if isinstance(mob, Unknown):
        return mob
    if hq is None and mode in (None, "defilade"):
        return Unknown(f"the type of unit {uid} (units.csv type: an HQ in Defilade Mode moves as a leg unit, "
                       "SR 9.3.9)")
    if hq and mode is None:
        return Unknown(f"the mode of unit {uid} (its Mode layer: an HQ in Defilade Mode moves as a leg unit, "
                       "SR 9.3.9)")
    return "vehicular"


def moves_now(game: Game, state: GameState, uid: str) -> Class | Unknown:
    """:func:`moves_as` with the unit's mode and Dismounted marker as the log last showed them."""
    return moves_as(game, uid, mem.mode(state, uid), mem.has(state, uid, "dismounted"))


@rule("HTTR SR 9.3.10 / 9.5.2.1", "MOV-9", "a towed artillery, AT or flak unit in battery (Defilade) moves at most "
      "one hex; further only in Travel Mode")
def in_battery(game: Game, state: GameState, uid: str) -> bool:
    """Is ``uid`` a towed unit the log last showed in battery (its Defilade side, SR 9.3.10)? An unknown mode is
    no answer here: the move's TEC column then says what it needs."""
    return mobility(game, uid) == "towed" and mem.mode(state, uid) == "defilade"


def printed_ma(game: Game, uid: str) -> float | Unknown:
    """The unit's MA (SR 9.3.1, ``Movement.printed_ma``'s rule): units.csv ``movement``, else by its type (static 0,
    reconnaissance 14, every other type 12 but an AFV, which may be a King Tiger II of MA 9)."""
    base = number(game, uid, "movement")
    if not isinstance(base, Unknown):
        return base
    k = kind_of(game, uid)
    if k in MA_BY_KIND:
        return MA_BY_KIND[k]
    if k is None or k == "afv":
        return base
    return TYPICAL_MA
