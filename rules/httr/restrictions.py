"""HTTR scenario movement restrictions that hold whole formations (ScR 8.1.7, 8.2.1.6, 8.2.4): a formation's units do
not move before the GT and phase it becomes active, and 30 Corps's units move at night only on the GTs allowed,
never on the barred ones, and on the later night GTs only after a 1d6 of the free results. Judged on the units'
moves in their side's Movement and Reaction Phases (a retreat after combat is forced, not the formation's moving).

Data (game.toml): ``[special.movement_holds] holds`` — rows of ``formations`` (units.csv ``formation`` values, or
HQ ids), ``turn``, ``phase`` (a sequence id: the first phase they may move in) and ``rule``;
``[special.night_movement]`` — ``formations``, ``allowed_turns``, ``barred_turns``, ``free_roll`` (the 1d6 results
that lift the restriction), ``airborne`` (the airborne divisions' formations) and ``exempt_kinds`` (the unit kinds
that count as armour), and the dice button of purpose ``night-movement``.

The set-up's modes (ScR 8.2.1.1-8.2.1.2): ``[special.setup_modes]`` ``turn`` (the set-up's GT) and ``rows`` of
``formations``, ``kinds`` (the row binds only those, if given), ``except_kinds``, ``mode`` and ``rule``; a unit
takes the first row that binds it.

Reading: ScR 8.2.4 says a roll of 1 or 2 means 'no movement restriction for that turn' and names no other
restriction than the one it has just stated ('no unit of 30th Corps may move', GT 5), so a roll outside the data's
``free_roll`` (3-6) restricts the GT as GT 5 is restricted: no 30 Corps unit moves. A move on a later night GT
before any roll is illegal (the 1d6 is rolled 'at the beginning of each night Game Turn'). Armour (the data's
``exempt_kinds``) stacked where its move begins with a unit of an airborne division (``airborne``) and attached to
it (ScR 8.2.2.8's exception to ScR 4.0.1, ``rules/httr/airborne_support.py``) is exempt: see :func:`exemption`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Event, Move, TurnChange
from hexforge.games.game import Game
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.attachment import Attachments
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.units import controlling_hq, formation_chain, is_kind
from hexforge.rules.registry import rule
from hexforge.rules.state import phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

HOLDS, NIGHT = "movement_holds", "night_movement"  # game.toml [special.*]


class Position(Board, Protocol):
    attach: Attachments

    def calendar(self) -> dict[int, dict]: ...


@dataclass
class NightRolls:
    """Each night GT's 30 Corps night-movement roll; whether the set-up's modes were judged."""

    rolls: dict[int, int] = field(default_factory=dict)
    set_up: bool = False


def special(game: Game, key: str) -> dict:
    return game.special(key) or {}


def belongs(game: Game, uid: str, formations: list[str]) -> bool:
    """Is the unit (or an HQ above it) of one of the formations, by units.csv ``formation`` or by HQ id?"""
    chain = [uid] + formation_chain(game, uid)
    return any(u in formations or game.units[u].formation in formations for u in chain)


def on_event(p: Position, log: NightRolls, e: Event) -> list[Verdict]:
    """The verdicts of ScR 8's formation holds on one event (before the referee's other checks)."""
    if isinstance(e, TurnChange):
        first, log.set_up = not log.set_up, True
        return setup_modes(p, phase_of(p.game, e)[0]) if first else []
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        if button is not None and button.purpose == "night-movement" and p.state.turn is not None:
            log.rolls.setdefault(p.state.turn, e.total if e.total is not None else sum(e.values))
        return []
    uid = p.unit(e)
    if not isinstance(e, Move) or uid is None or p.state.where(uid) is None or e.to_hex is None \
            or e.to_hex == e.from_hex or p.state.turn is None or p.state.phase is None:
        return []
    kind, side = p.phase()
    if kind not in ("movement", "reaction") or side != p.state.side(uid):
        return []  # a retreat or advance after combat is not the formation's own movement
    return [v for v in (held(p, uid), night_move(p, log, uid)) if v is not None]


@rule("HTTR ScR 8.1.7 / 8.2.1.6", "RES-3/RES-8", "KG Walther and 30 Corps units move only from Phase 6 of GT 2 "
      "(the data's holds)")
def held(p: Position, uid: str) -> Verdict | None:
    ids = [q.id for q in p.game.info.sequence]
    for row in special(p.game, HOLDS).get("holds", ()):
        if not belongs(p.game, uid, list(row.get("formations", ()))) or row.get("phase") not in ids:
            continue
        start = (int(row["turn"]), ids.index(row["phase"]))
        if (p.state.turn, p.state.phase) < start:
            return Illegal(row.get("rule", "HTTR ScR 8"), f"{uid} moves in GT {p.state.turn}: its formation "
                           f"becomes active in the {p.game.info.sequence[start[1]].name.resolved} of GT {start[0]}")
        return Legal(detail=f"{uid}'s formation is active since GT {start[0]} ({row.get('rule')})")
    return None


@rule("HTTR ScR 8.2.4 / 24.4", "RES-10", "30 Corps moves on night GT 4, never on GT 5; on later night GTs only after "
      "a 1d6 of 1-2 (reading: 3-6 bars its moves as on GT 5); armour attached to an airborne division and stacked "
      "with it is exempt")
def night_move(p: Position, log: NightRolls, uid: str) -> Verdict | None:
    cfg = special(p.game, NIGHT)
    turn = p.state.turn
    if not cfg or not belongs(p.game, uid, list(cfg.get("formations", ()))):
        return None
    kind = p.calendar().get(turn, {}).get("kind")
    if kind is None:
        return NotCheckable(f"whether GT {turn} is a night GT (game.toml [special.turn_calendar])")
    if kind != "night" or turn in cfg.get("allowed_turns", ()):
        return None
    if turn not in cfg.get("barred_turns", ()) and turn < max(cfg.get("barred_turns", (0,))):
        return None
    roll = log.rolls.get(turn)
    if turn not in cfg.get("barred_turns", ()) and roll in cfg.get("free_roll", ()):
        return Legal(detail=f"the night roll of {roll} lifts the restriction for GT {turn} (ScR 8.2.4)")
    exempt = exemption(p, cfg, uid)
    if exempt is not None:
        return exempt
    if turn in cfg.get("barred_turns", ()):
        return Illegal("HTTR ScR 8.2.4", f"{uid} moves in night GT {turn}, when no unit of its formation may")
    if roll is None:
        return Illegal("HTTR ScR 8.2.4", f"{uid} moves in night GT {turn} before its formation's night 1d6 is rolled")
    return Illegal("HTTR ScR 8.2.4", f"{uid} moves in night GT {turn} after a night roll of {roll}: only "
                   f"{', '.join(map(str, cfg.get('free_roll', ())))} lift the restriction (reading: any other result "
                   "bars 30 Corps's moves, as on GT 5)")


def exemption(p: Position, cfg: dict, uid: str) -> Verdict | None:
    """ScR 8.2.4: 30 Corps armour attached to an airborne division and stacked with its units ignores the night
    restriction. ``None``: not exempt (not armour, not stacked with an airborne division's unit, or not attached to
    that division); Legal: attached to it, itself or through its HQ, by an accepted ``attach`` declaration (ScR
    8.2.2.8, ``rules/httr/airborne_support.py``); NotCheckable: armour unknown, or its attachment to the division
    declared but not judged."""
    airborne, at = list(cfg.get("airborne", ())), p.state.where(uid)
    if not airborne or at is None:
        return None
    divisions = [f for f in airborne if any(u != uid and belongs(p.game, u, [f]) for u in p.state.at(at))]
    if not divisions:
        return None
    armour = is_kind(p.game, uid, *cfg.get("exempt_kinds", ()))
    if armour is None:
        return NotCheckable(f"whether {uid} is armour (units.csv type): armour attached to an airborne division and "
                            "stacked with it may move at night (ScR 8.2.4)")
    if not armour:
        return None
    chain, x = [], uid
    while (x := p.attach.hq.get(x, controlling_hq(p.game, x))) in p.game.units and x not in chain:
        chain.append(x)
    hq = next((h for h in chain if belongs(p.game, h, divisions)), None)
    if hq is not None:
        return Legal(detail=f"{uid} is armour under {hq} and stacked with its division: it ignores the night "
                     "restriction (ScR 8.2.4)")
    unsure = [u for u in [uid] + chain if u in p.attach.unsure and belongs(p.game, p.attach.unsure[u], divisions)]
    if unsure:
        return NotCheckable(f"whether {unsure[0]} is attached to {p.attach.unsure[unsure[0]]} of the airborne division "
                            f"it is stacked with (its attach declaration could not be judged; ScR 8.2.2.8, 8.2.4)")
    return None


SETUP = "setup_modes"  # game.toml [special.setup_modes]: rows of formations, kinds, except_kinds, mode, rule


@rule("HTTR ScR 8.2.1.1-8.2.1.2", "RES-8", "30 Corps sets up in Travel Mode, its artillery in Defilade")
def setup_modes(p: Position, turn: int | None) -> list[Verdict]:
    """At the log's first turn tracker change into the data's set-up GT (``turn``): each on-map unit of the data's
    rows shows its row's mode. Reading: the set-up is judged only when the log begins with that GT."""
    rows = special(p.game, SETUP).get("rows", ())
    if turn is None or turn != special(p.game, SETUP).get("turn") or not rows:
        return []
    out: list[Verdict] = []
    for uid in sorted(p.state.positions):
        for row in rows:
            kinds = [k for k in row.get("kinds", ()) if is_kind(p.game, uid, k)]
            if not belongs(p.game, uid, list(row.get("formations", ()))) or (row.get("kinds") and not kinds) \
                    or any(is_kind(p.game, uid, k) for k in row.get("except_kinds", ())):
                continue
            m = mem.mode(p.state, uid)
            if m is None:
                out.append(NotCheckable(f"the set-up mode of {uid} (its Mode layer)"))
            elif m != row.get("mode"):
                out.append(Illegal(row.get("rule", "HTTR ScR 8.2.1.1"), f"{uid} sets up in {m.title()} Mode: it "
                                   f"sets up in {str(row.get('mode')).title()} Mode"))
            break
    return out or [Legal(detail="the set-up modes of the data's rows (ScR 8.2.1.1-8.2.1.2)")]
