"""HTTR supply status as the log checks need it (SR 13.2.7, ScR 5.1.3.6-5.1.3.9, 5.2): is a unit fully in
command and supply when it fires, attacks or is cleared of depletion? The chain itself is
:mod:`rules.httr.supply` (through :meth:`HighwayToTheReich.supplied`); what each HQ holds is
:mod:`rules.httr.command_points`.

Readings: "fully in command and supply" (SR 13.2.7.3 L731) is a supply path to the unit's controlling HQ and
that HQ acting on two CP; an HQ out of supply receives no CP (13.2.7.1), which what it holds already shows. A
division asset's HQ acts on the CP its division expended for its assets (SR 14.4 L787).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import command_points as cpl
from hexforge.rules.httr import attachment as att
from hexforge.rules.httr.airborne_support import reaches
from hexforge.rules.httr.attachment import Attachments
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.supply import Status
from hexforge.rules.httr.units import division
from hexforge.rules.verdict import Tri, tri_or

RULES = "supply_rules"  # game.toml [special.supply_rules]: from_turn (ScR 5.2 L1133), any_hq_cp (ScR 5.1.6.4)
DROP_GTS = "drop_supply_turns"  # [special.supply_rules]: GTs an airborne unit is in supply after its drop (5.1.3.6)
FULL = 2  # SR 13.2.7.3 (L731): 'that HQ has two CP'


@dataclass(frozen=True, slots=True)
class Supplied:
    """A unit's supply state: ``full`` (True / False / None unknown), the CP its HQ acts on, and why."""

    full: Tri
    path: Tri
    cp: float | None
    why: str


class Sources(Protocol):
    def beside_source(self, state: GameState, uid: str) -> Status | None: ...


class Position(Board, Protocol):
    cp: cpl.CpLedger
    attach: Attachments
    rules: Sources


def settings(game: Game) -> dict:
    got = game.special(RULES)
    return got if isinstance(got, dict) else {}


@rule("HTTR ScR 5.2 / 5.1.3.7", "SUP-17", "every unit is in supply until the turn the supply rules begin (the "
      "0601 GT of 18 Sep)")
def before_supply_rules(game: Game, turn: int | None) -> bool | Unknown:
    """Are supply and command rules not in effect yet at ``turn``? (the data's ``from_turn``)"""
    start = settings(game).get("from_turn")
    if not isinstance(start, int):
        return Unknown(f"the turn supply rules begin (game.toml [special.{RULES}] from_turn; ScR 5.2 L1133)")
    if turn is None:
        return Unknown("the game turn (no turn tracker change yet)")
    return turn < start


@rule("HTTR SR 17.4.3", "SUP-11", "units whose regiment/brigade/KG HQ is destroyed, attached nowhere else, trace to "
      "the higher formation HQ")
def controlling(p: Position, uid: str) -> str:
    """The HQ the unit traces to and acts on: the one it answers to (``attachment.controlling``), or, that being a
    destroyed regiment/brigade/KG HQ, the first HQ above it still standing (SR 17.4.3's second option, which needs
    no declaration; the first, attaching to another HQ of that level, is an ``attach`` declaration). Readings: 'higher
    formation headquarters' is the destroyed HQ's own superior (its division), or above that while that too is
    destroyed; with none standing the unit keeps its destroyed HQ (and traces to nothing)."""
    hq = att.controlling(p, uid)
    if hq not in p.game.units or att.level(p.game, hq) != att.LEVELS["regiment"] or not att.destroyed(p, hq):
        return hq
    seen, up = {uid, hq}, att.controlling(p, hq)
    while up in p.game.units and up not in seen and att.destroyed(p, up):
        seen.add(up)
        up = att.controlling(p, up)
    return up if up in p.game.units and up not in seen else hq


@rule("HTTR ScR 5.1.3.6 / 5.1.3.9", "SUP-17/SUP-18", "an arriving unit is supplied on its arrival turn; an airborne "
      "unit on the GT it dropped and the four GTs after")
def arrival_supply(p: Position, uid: str) -> str | Unknown | None:
    """Why ``uid`` is in supply by its arrival now, None when it is not. Reading: 'for four GT after they are
    dropped' (ScR 5.1.3.6 L1104) is the four GTs after the drop's GT, that GT being its arrival turn (5.1.3.9)."""
    turn = p.state.turn
    if turn is None:
        return None
    if p.cp.arrival.get(uid) == turn:
        return f"{uid} arrived this game turn and is supplied (ScR 5.1.3.9)"
    drop = p.cp.dropped.get(uid)
    if drop is None or turn < drop:
        return None
    n = plain(settings(p.game).get(DROP_GTS))
    if not isinstance(n, int):
        return Unknown(f"the GTs an airborne unit stays in supply after its drop (game.toml [special.{RULES}] "
                       f"{DROP_GTS}; ScR 5.1.3.6)")
    if turn <= drop + n:
        return f"{uid} dropped in GT {drop}: an airborne unit is in supply for {n} GTs after its drop (ScR 5.1.3.6)"
    return None


def hq_link(p: Position, uid: str, hq: str) -> Tri:
    """SR 13.2.6: does the unit trace a supply path to its controlling HQ (the HQ standing as its source)? The
    path alone: the HQ's own supply shows in the CP it holds (SR 13.2.7.1; an HQ's chain would be traced here from
    its own hex as the only source, and fail)."""
    return reaches(p.game, p.state, uid, hq)


def candidates(p: Position, uid: str) -> list[str]:
    """The HQs a unit may trace to: its controlling HQ; a division asset any HQ of its division (ScR 5.1.7
    L1127); a unit of a destroyed regiment, the higher HQ it traces to (SR 17.4.3)."""
    hq = controlling(p, uid)
    if p.game.units[hq].size.strip().lower() != "division" or hq != att.controlling(p, uid):
        return [hq]  # reading: a unit tracing past its destroyed HQ (SR 17.4.3) is not a division asset
    return [hq] + sorted(h for h, u in p.game.units.items() if h != hq and u.type.strip().lower() == "hq"
                         and division(p.game, h) == hq and p.state.where(h) is not None)


@rule("HTTR ScR 5.1.6.4 / 5.1.7", "SUP-1", "a division asset traces to any HQ of its division; the units the data "
      "names (the Household Cavalry) also use that HQ's CP")
def acting_cp(p: Position, uid: str, links: list[tuple[str, Tri]]) -> float | Unknown:
    """The CP the unit acts on: its controlling HQ's (a division asset's: what its division expended, SR 14.4),
    or for a unit of ``any_hq_cp`` the best of the HQs it traces to."""
    at = p.state.where(uid)
    named = settings(p.game).get("any_hq_cp") or ()
    if uid not in (named.get("value") or () if isinstance(named, dict) else named):
        return cpl.effective(p, controlling(p, uid), at)
    got = [cpl.effective(p, h, at) for h, ok in links if ok is not False]
    unknown = [g for g in got if isinstance(g, Unknown)]
    if unknown:
        return unknown[0]
    return max((g for g in got if not isinstance(g, Unknown)), default=0.0)


@rule("HTTR SR 13.2.7.3 / 13.5 / 14.4", "SUP-7", "a unit is fully in command and supply with a supply path to its "
      "controlling HQ and that HQ on two CP")
def supplied(p: Position, uid: str) -> Supplied:
    """The unit's supply state now (before the supply rules begin: always full, ScR 5.2; on or next to an on-map
    source of its side, a non-airborne unit: full, SR 13.2.6.5 / ScR 5.1.8.1)."""
    early = before_supply_rules(p.game, p.state.turn)
    if early is True:
        return Supplied(True, True, FULL, "every unit is in supply before the supply rules begin (ScR 5.2)")
    arrival = arrival_supply(p, uid)
    if isinstance(arrival, Unknown):
        return Supplied(None, None, None, arrival.needs)
    if arrival is not None:
        return Supplied(True, True, FULL, arrival)
    if p.attach.switched.get(uid) == p.state.turn:
        return Supplied(False, False, None, f"{uid} switched HQ this game turn and is out of supply (ScR 4.3.2)")
    near = p.rules.beside_source(p.state, uid)  # SR 13.2.6.5: 'an exception to routing supply via an HQ'
    if near is not None and near.supplied is True:
        return Supplied(True, True, FULL, near.reason)
    hq = controlling(p, uid)
    if hq not in p.game.units:
        return Supplied(None, None, None, f"the controlling HQ of {uid} (units.csv formation)")
    links = [(h, hq_link(p, uid, h)) for h in candidates(p, uid)]
    path = False
    for _, ok in links:
        path = tri_or(path, ok)
    cp = acting_cp(p, uid, links)
    if isinstance(early, Unknown):
        return Supplied(None, path, None, early.needs)
    if isinstance(cp, Unknown):
        if path is False:
            return Supplied(False, False, None, f"{uid} traces no supply path to {hq}")
        return Supplied(None, path, None, cp.needs)
    full = False if path is False or cp < FULL else None if path is None else True
    why = (f"{uid} traces {'a' if path else 'no' if path is False else 'an unknown'} supply path to {hq}, which "
           f"acts on {cp:g} CP")
    return Supplied(full, path, cp, why)
