"""HTTR movement allowances rolled for want of command points (SR 13.2.7.5-13.2.7.7, 14.6.2): a unit whose
controlling HQ holds one CP moves on a 2d6 MA, one whose HQ holds none on 1d6, each roll made once for all the
HQ's subordinate units; a unit that cannot trace a supply path to its HQ moves on a 1d6 of its own, whatever the
HQ holds. In a Reaction Phase, a rolled MA under half the unit's normal MA lets a leg unit move one hex and a
vehicular unit two.

The log channel: the chat line ``ma HQ`` (or ``ma UNIT``, for a unit's own roll) names whose MA the next roll of a
Movement Allowance button (purpose ``movement-allowance``) is, for this phase (README, HTTR chat grammar).

Readings: the rule binds the HQ's subordinate combat units, not HQs; "at the beginning of its move" is the unit's
first move of the phase; the CP an HQ acts on are ``command_points.effective`` (ScR 5.2.5's location extra
deducted); before the supply rules begin (ScR 5.2) every unit moves on its full MA.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import ChatLine, DiceRoll, Event, Move, TurnChange
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import command_points as cpl
from hexforge.rules.httr.ammunition import full_ma
from hexforge.rules.httr.attachment import Attachments
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.movement import Movement, Step
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.httr.route_envelope import Envelope, config, route
from hexforge.rules.httr.route_travel import spearhead
from hexforge.rules.httr.supply_rules import arrival_supply, before_supply_rules, controlling  # SR 17.4.3 included
from hexforge.rules.httr.movement_class import moves_now
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.httr.system import HighwayToTheReich
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

PURPOSE = "movement-allowance"  # the dice buttons' purpose (docs/log-channel.md)
REACTION_HEXES = {"leg": 1, "vehicular": 2}  # SR 14.6.2 (L795)


class Position(Board, Protocol):
    rules: HighwayToTheReich
    cp: cpl.CpLedger
    attach: Attachments
    moves: dict[str, Step]
    envelope: Envelope


@dataclass
class CpMa:
    """This phase's ``ma`` declaration awaiting its roll, the MAs rolled (HQ or unit -> (dice, total)) and each unit
    moving on one (unit -> (event index, MA))."""

    pending: str | None = None
    rolled: dict[str, tuple[int, int]] = field(default_factory=dict)
    used: dict[str, tuple[int, int]] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)


def on_event(p: Position, log: CpMa, index: int, e: Event) -> list[tuple[int, Verdict]]:
    """(event index, verdict) pairs of SR 13.2.7.5-7 and 14.6.2 on one event (before the referee's others)."""
    if isinstance(e, TurnChange):
        out = phase_end(p, log)
        log.pending, log.rolled, log.used, log.seen = None, {}, {}, set()
        return out
    if isinstance(e, ChatLine):
        d = parse(e.text)
        if d is None or d.kind != "ma" or d.target not in p.game.units:
            return []
        log.pending = d.target
        return [(index, Legal(detail=f"the next Movement Allowance roll is {d.target}'s (SR 13.2.7.5-7)"))]
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        if button is None or button.purpose != PURPOSE or log.pending is None:
            return []
        whose, log.pending = log.pending, None
        return [(index, judge_roll(p, log, whose, len(e.values), e.total if e.total is not None else sum(e.values)))]
    uid = p.unit(e)
    kind, side = p.phase()
    if not isinstance(e, Move) or uid is None or uid in log.seen or kind not in ("movement", "reaction") \
            or p.state.side(uid) != side or e.to_hex is None:
        return []
    log.seen.add(uid)
    v = judge_move(p, log, index, uid, e)
    return [(index, v)] if v is not None else []


def due(p: Position, uid: str) -> tuple[str, int] | Verdict | None:
    """Whose roll the unit moves on and on how many d6; None on its full MA; a NotCheckable when not known."""
    if is_kind(p.game, uid, "hq"):
        return None  # the rule binds subordinate units
    arrival = arrival_supply(p, uid)  # an arriving or newly dropped unit is in supply (ScR 5.1.3.6, 5.1.3.9)
    if isinstance(arrival, Unknown):
        return NotCheckable(arrival.needs)
    if arrival is not None:
        return None
    early = before_supply_rules(p.game, p.state.turn)
    if early is True:
        return None
    if isinstance(early, Unknown):
        return NotCheckable(early.needs)
    hq = controlling(p, uid)
    if hq not in p.game.units:
        return NotCheckable(f"the controlling HQ of {uid} (units.csv formation)")
    cp = cpl.effective(p, hq, p.state.where(uid))
    if isinstance(cp, Unknown):
        return NotCheckable(cp.needs)
    if cp < 1:
        return hq, 1  # SR 13.2.7.6 (or 13.2.7.7: 1d6 either way; read as the HQ's roll)
    status = p.rules.supplied(p.state, uid)  # the whole chain (SR 13.2.2.2), modes from the memory
    path = status.supplied
    if path is None:
        why = f": {status.reason}" if status.reason else ""
        return NotCheckable(f"whether {uid} traces a valid supply path (SR 13.2.7.7){why}")
    if path is False:
        return uid, 1  # SR 13.2.7.7
    return (hq, 2) if cp < 2 else None


@rule("HTTR SR 13.2.7.5-13.2.7.7", "MOV-24", "an HQ on one CP moves its units on a 2d6 MA, on none on 1d6, rolled once "
      "for all; a unit without a supply path on a 1d6 of its own")
def judge_move(p: Position, log: CpMa, index: int, uid: str, e: Move | None = None) -> Verdict | None:
    need = full_ma(p, uid, due(p, uid))  # SR 19.6.1: a controlling leader stacked negates reduced CP
    if need is None or not isinstance(need, tuple):
        return need
    on_route = club_route_ma(p, uid, e) if e is not None else None
    if on_route is not None:
        return on_route
    whose, dice = need
    got = log.rolled.get(whose)
    if got is None:
        return Illegal("HTTR SR 13.2.7.5", f"{uid} moves without its MA roll: {whose} must roll {dice}d6 for it "
                       f"(declare 'ma {whose}', then roll the Movement Allowance {dice}d6)")
    if got[0] != dice:
        return Illegal("HTTR SR 13.2.7.5", f"{uid}'s MA was rolled on {got[0]}d6 for {whose}: it is {dice}d6")
    log.used[uid] = (index, got[1])
    return Legal(detail=f"{uid} moves on the MA of {got[1]} rolled for {whose} (SR 13.2.7.5-7)")


def club_route_ma(p: Position, uid: str, e: Move) -> Verdict | None:
    """ScR 5.2.4.1 (L1157): a 30th Corps unit outside the spearhead moving only along Club Route spends MP by the
    Club Route MA 'regardless of how many MPs could be expended with CPs': no CP roll (the cap itself is
    route_travel.judge_route_ma's). Reading: 'exclusively' is judged on the phase's first move (a later move off the
    route is not seen here)."""
    cfg = config(p.game)
    path = route(p.game, p.envelope, cfg.get("path"))
    if not path or not belongs(p.game, uid, list(cfg.get("formations", ()))) or spearhead(p, cfg, path, uid):
        return None
    hexes = [p.state.where(uid)] + [p.hex(x) for x in (e.path or (e.to_hex,))]
    ma = p.cp.route_ma
    if any(h not in path for h in hexes) or ma is None or isinstance(ma, Unknown):
        return None
    return Legal(detail=f"{uid} moves only along Club Route, on the Club Route MA of {ma:g}, whatever its HQ's CP "
                 "(ScR 5.2.4.1)")


def judge_roll(p: Position, log: CpMa, whose: str, dice: int, total: int) -> Verdict:
    """MOV-24 (``judge_move``'s rule): the roll itself, once per HQ and phase, on the dice its CP call for."""
    if whose in log.rolled:
        return Illegal("HTTR SR 13.2.7.5", f"a second MA roll for {whose} this phase: one roll applies to all its "
                       "subordinate units")
    if not is_kind(p.game, whose, "hq"):
        log.rolled[whose] = (dice, total)
        return Legal(detail=f"{whose}'s own MA roll (SR 13.2.7.7)")
    cp = cpl.effective(p, whose, p.state.where(whose))
    if isinstance(cp, Unknown):
        return NotCheckable(cp.needs)
    if cp >= 2:
        return Illegal("HTTR SR 13.2.7.3", f"{whose} acts on {cp:g} CP: its units move on their full MA, not a roll")
    want = 2 if cp >= 1 else 1
    if dice != want:
        return Illegal("HTTR SR 13.2.7.5" if want == 2 else "HTTR SR 13.2.7.6",
                       f"{whose} acts on {cp:g} CP: its units' MA is rolled on {want}d6, not {dice}d6")
    log.rolled[whose] = (dice, total)
    return Legal(detail=f"MA {total} for the units of {whose} this phase (SR 13.2.7.5-6)")


@rule("HTTR SR 14.6.2", "MOV-25", "in a Reaction Phase a CP-rolled MA under half the normal MA moves a leg unit one "
      "hex, a vehicular unit two")
def phase_end(p: Position, log: CpMa) -> list[tuple[int, Verdict]]:
    """As the phase ends: no unit moved on a rolled MA spent more MP than it (MOV-24), and in a Reaction Phase one
    whose roll is under half its normal MA entered at most one hex (leg) or two (vehicular)."""
    out: list[tuple[int, Verdict]] = []
    reaction = p.phase()[0] == "reaction"
    for uid, (index, ma) in sorted(log.used.items()):
        spent = p.moves.get(uid)
        if spent is None:
            continue
        normal = Movement(p.game, p.state, uid).ma_known()
        mob = moves_now(p.game, p.state, uid)  # SR 9.3.3, 9.3.9: a dismounted unit or an HQ in Defilade moves as leg
        if reaction and isinstance(normal, Unknown):
            out.append((index, NotCheckable(f"{normal.needs} (SR 14.6.2: a Reaction Phase roll under half the MA "
                                            "limits the move to one or two hexes)")))
        if reaction and not isinstance(normal, Unknown) and ma < normal / 2:
            if isinstance(mob, Unknown):
                out.append((index, NotCheckable(mob.needs)))
                continue
            most = REACTION_HEXES["leg" if mob == "leg" else "vehicular"]
            if spent.hexes > most:
                out.append((index, Illegal("HTTR SR 14.6.2", f"{uid} moved {spent.hexes} hexes in the Reaction "
                                           f"Phase on a rolled MA of {ma}, under half its MA of {normal:g}: at most "
                                           f"{most}")))
            continue
        if spent.mp > ma:
            out.append((index, Illegal("HTTR SR 13.2.7.5", f"{uid} spent {spent.mp:g} MP on a rolled MA of {ma}")))
        elif spent.unsure is not None:  # the MP spent are a lower bound
            out.append((index, NotCheckable(f"the MP {uid} spent on its rolled MA of {ma} ({spent.unsure})")))
    return out
