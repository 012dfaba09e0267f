"""HTTR 30 Corps units attached to an airborne division (ScR 8.2.2.8): once a 30 Corps combat unit reaches the
command radius of an airborne HQ it may operate under that HQ in support of its airborne units, and independent 30
Corps formations may be attached to airborne divisions likewise. ScR 8.2.4 (armour so attached, stacked with the
division's units, ignores the night restriction) and ScR 5.2.3.1 (30 Corps ground units attached to airborne
divisions may be given CP by 30 Corps) presuppose the attachment.

Reading: ScR 4.0.1's "Allied lines of command have limited flexibility" (its examples: an airborne battalion does not
change regiment, a 101st regiment does not go to the 82nd), which ``attachment.check_reattach`` reads as "Allied units
never cross divisions", does not bar this: 8.2.2.8 is the specific rule, an exception to 4.0.1 (not a conflict: 4.0.1
names no 30 Corps case, and 8.2.4 and 5.2.3.1 would be void without it). The attachment is an ``attach UNIT to HQ``
declaration in the Allied Command Phase (SR 13.4.2); "the command radius" of the HQ is a supply path to it, the
command link of SR 13.2.6 (the rulebook defines no other radius); an attached 30 Corps formation (an HQ) goes to the
airborne division's HQ (SR 13.4.1: regiments and brigades are assigned to division HQs); a unit so attached may
return to its own HQ by declaration. That the unit must then stay within two hexes of an airborne unit in supply
(the rest of 8.2.2.8) is not judged here.

Data (game.toml): ``[special.airborne_support]`` ``formations`` (the 30 Corps formations: units.csv ``formation``
values or HQ ids) and ``[special.airborne]`` ``formations`` (the airborne divisions).
"""
from __future__ import annotations

from typing import Any, Protocol

from hexforge.games.game import Game
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.sources import Source
from hexforge.rules.httr.supply import HttrSupply, Status
from hexforge.rules.httr.units import controlling_hq, formation_chain, is_kind
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Tri, Verdict

DATA, AIRBORNE = "airborne_support", "airborne"  # game.toml [special.*]


class Position(Board, Protocol):
    attach: Any  # rules.httr.attachment.Attachments


def formations(game: Game, key: str) -> list[str]:
    got = game.special(key) or {}
    return list(got.get("formations", ())) if isinstance(got, dict) else []


def belongs(game: Game, uid: str, names: list[str]) -> bool:
    """Is the unit (or an HQ above it) of one of the formations, by units.csv ``formation`` or by HQ id?"""
    return any(u in names or game.units[u].formation in names for u in [uid] + formation_chain(game, uid))


def command_link(game: Game, state: GameState, uid: str, hq: str) -> Status:
    """SR 13.2.6: the unit's supply status with ``hq`` as its controlling HQ, standing as its source (its reason
    says ': traces to' when the unit reaches the HQ, whatever the HQ's own supply)."""
    modes = mem.memory(state).modes
    travel = frozenset(u for u, m in modes.items() if m == "travel")
    disrupted = frozenset(u for u in state.positions if mem.has(state, u, "disrupted"))
    at = state.where(hq)
    src = [Source(f"{hq} at its hex", state.side(uid) or "", frozenset({at}), hq, "HTTR SR 13.2.6")] if at else []
    return HttrSupply(game, state, src, travel=travel, disrupted=disrupted, parents={uid: hq}).status(uid)


def reaches(game: Game, state: GameState, uid: str, hq: str) -> Tri:
    """Is the unit within the HQ's command radius (a supply path to it, SR 13.2.6)?"""
    if state.where(hq) is None:
        return False
    got = command_link(game, state, uid, hq)
    if got.supplied is True or ": traces to " in got.reason:
        return True
    return None if got.supplied is None or "not checkable" in got.reason else False


@rule("HTTR ScR 4.0.1 / 8.2.2.8 / 8.2.4 / 5.2.3.1", "SUP-10", "a 30 Corps unit or independent formation may be "
      "attached to an airborne division's HQ once within its command radius (an exception to ScR 4.0.1)")
def support(p: Position, uid: str, hq: str, current: str) -> Verdict | None:
    """The verdict on attaching 30 Corps ``uid`` (now under ``current``) to ``hq`` when ScR 8.2.2.8 governs it (to
    an airborne division's HQ, or back to its own HQ from one), else None (the ordinary rules judge it)."""
    corps, airborne = formations(p.game, DATA), formations(p.game, AIRBORNE)
    if not corps or not airborne or not belongs(p.game, uid, corps) or belongs(p.game, uid, airborne):
        return None
    if hq == controlling_hq(p.game, uid) and current in p.game.units and belongs(p.game, current, airborne):
        return Legal(detail=f"{uid} returns from {current} to its own HQ {hq} (ScR 8.2.2.8)")
    if not is_kind(p.game, hq, "hq") or not belongs(p.game, hq, airborne):
        return None
    if is_kind(p.game, uid, "hq") and p.game.units[hq].size.strip().lower() != "division":
        return Illegal("HTTR SR 13.4.1", f"{uid} is a 30 Corps formation: it is attached to an airborne division's "
                       f"HQ, not to {hq}")
    link = reaches(p.game, p.state, uid, hq) if p.state.where(uid) is not None else None
    if link is None:
        return NotCheckable(f"whether {uid} is within the command radius of {hq} (a supply path to it over the map's "
                            "terrain, SR 13.2.6; ScR 8.2.2.8)")
    if link is False:
        return Illegal("HTTR ScR 8.2.2.8", f"{uid} of 30 Corps is attached to the airborne {hq} out of its command "
                       "radius (no supply path to it, SR 13.2.6): only once it reaches that radius")
    return Legal(detail=f"{uid} of 30 Corps is within {hq}'s command radius and attaches to it in support of its "
                 "airborne units (ScR 8.2.2.8)")
