"""HTTR close action results the log must carry out (SR 10.1.2, 10.5.1, 10.5.4): after a result that disrupts the
defenders, each defender retreats one hex or is eliminated, and then the undisrupted attackers advance into the hex
they vacated, before anything else of the phase happens.

When it falls due: SR 10.1.2 (L527) 'the results are implemented before movement of another unit or stack is begun'.
Reading: the results of a CA are due at the first of: a move by a unit not in it, the next CA declared (a CA follows
movement, 10.1.2), the phase's end. At the log's end the phase has not ended: nothing is said. The verdict is the
resolving roll's (the result left undone), naming what came first. Where the result is not known (the CA Results
Table's cell, or a unit value it needs), the check waits for the phase's end and says it is not checkable there if a
defender is still in the hex, or an undisrupted attacker did not come into the vacated hex.

Readings: a CA whose declaration is illegal carries no obligation (its declaration's verdict is the one said); a
defender eliminated vacates the hex as one that retreats (Fig 17, L623: 'The 3SS is therefore
eliminated. The three attacking ... companies cross the stream into the defender's hex'); a leader attacking is no
combat unit (SR 11.2.6) and need not advance; an attacker of unknown type may be artillery, whose 'presence is
ignored' (SR 10.1.17): not checkable, naming its type.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import ChatLine, Event, Move, TurnChange
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.ca_retreat import NO_DEFENDER_RESULT
from hexforge.rules.httr.close_action import CaLog, check_afv_lost
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    ca: CaLog
    morale_roll: int | None
    judged: list  # rules.replay.Judged per event: a CA declaration's verdicts


@dataclass(frozen=True, slots=True)
class Result:
    """A resolved close action whose result is still to be carried out."""

    index: int  # the event that resolved it (its 1d6)
    target: Hex
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    result: str | None  # None: not known


@dataclass(slots=True)
class Obligations:
    """The close action awaiting its die as last seen, and the resolved ones whose results are not yet due."""

    seen: tuple[int, tuple[Hex, Hex, tuple[str, ...]], tuple[str, ...], bool | None, frozenset[str]] | None = None
    open: list[Result] = field(default_factory=list)


def on_event(p: Position, memory: Obligations, index: int, e: Event) -> list[tuple[int, Verdict]]:
    """Before event ``index`` is judged: the CA resolved by the event before is recorded; the results due now are
    judged (as the resolving roll's verdicts); the pending CA is remembered as it stands before this event."""
    resolved = settled(p, memory.seen)
    if resolved is not None and resolved.result not in NO_DEFENDER_RESULT:
        memory.open.append(resolved)
    out: list[tuple[int, Verdict]] = []
    why, mover = due(p, e)
    if why is not None:
        keep = []
        for r in memory.open:
            if r.result is None and not isinstance(e, TurnChange) or mover in (*r.attackers, *r.defenders):
                keep.append(r)  # an unknown result waits for the phase's end; its own units' moves carry it out
            else:
                out.append((r.index, check_carried_out(p, r, why)))
        memory.open = keep
    if isinstance(e, TurnChange):
        memory.open = []
    memory.seen = snapshot(p, index)
    return out


def snapshot(p: Position, index: int) -> tuple | None:
    """The pending CA before event ``index``: (index, pending, its defenders, whether it goes on after a lost AFV (None:
    not known), the units already in a resolved CA)."""
    if p.ca.pending is None or forbidden(p):
        return None
    _src, target, units = p.ca.pending
    side = p.state.side(units[0]) if units else None
    defenders = tuple(u for u in mem.stack(p.state, target) if side is None or p.state.side(u) != side)
    go = check_afv_lost(p, units)  # as close_action.resolve will judge it at this event's roll
    return index, p.ca.pending, defenders, True if isinstance(go, Legal) else False if isinstance(go, Illegal) \
        else None, frozenset(p.ca.involved)


def forbidden(p: Position) -> bool:
    """Whether the pending CA's declaration was judged illegal: reading, a CA the rules forbid has no result the rules
    make the log carry out (its declaration's verdict says what is wrong; a retreat after it is still judged)."""
    d = p.ca.declared
    return d is not None and any(isinstance(v, Illegal) for v in p.judged[d].verdicts)


def settled(p: Position, seen: tuple | None) -> Result | None:
    """The CA ``seen`` pending before the last event, if that event resolved it: its attackers are now in a resolved CA
    (``close_action.resolve``, or a DIS that ceased it, result "A"). None when it is still pending, was dropped, had no
    defender, or was stopped by the loss of its AFV (SR 10.2.13: no result)."""
    if seen is None or p.ca.pending is not None:
        return None
    index, (_src, target, units), defenders, go, before = seen
    fresh = [u for u in units if u not in before and p.ca.involved.get(u) == target]
    if not fresh or not defenders or go is False:
        return None
    result = None if go is None else p.ca.results.get(defenders[0])
    return Result(index, target, units, defenders, result)


def due(p: Position, e: Event) -> tuple[str | None, str | None]:
    """What ends the time for the last CA's results (SR 10.1.2), if ``e`` does: the phase's end, another CA's
    declaration, or a move by a unit; and the unit that moved (a CA's own units' moves carry its results out)."""
    if isinstance(e, TurnChange):
        return "the phase ended", None
    if isinstance(e, ChatLine) and (d := parse(e.text)) is not None and d.kind == "ca":
        return "another close action was declared", None
    uid = p.unit(e) if isinstance(e, Move) else None
    return (f"{uid} moved", uid) if uid is not None else (None, None)


def unknown_result(label: str, duty: str) -> NotCheckable:
    """The close action's result on ``label`` is not known, so neither is ``duty``."""
    return NotCheckable(f"the result of the close action on {label} (the CA Results Table and the units' values it "
                        f"reads, SR 10.3): {duty}")


@rule("HTTR SR 10.5.1 / 10.5.4", "CA-22/CA-25", "a CA's disrupted defenders retreat (or are eliminated), then its "
      "undisrupted attackers advance into the vacated hex, before another unit moves, another CA or the phase's end")
def check_carried_out(p: Position, r: Result, why: str) -> Verdict:
    """SR 10.5.1 (L616) 'the defending units must also retreat one hex or be eliminated'; 10.5.4 (L619) 'Any
    undisrupted attacking units must advance to occupy the hex vacated'; 10.1.2 (L527): before another unit moves."""
    label = p.game.map.labels[r.target]
    stay = [d for d in r.defenders if p.state.where(d) == r.target]
    if stay and r.result is None:
        return unknown_result(label, f"whether {', '.join(stay)} had to retreat (SR 10.5.1)")
    if stay:
        return Illegal("HTTR SR 10.5.1", f"the close action on {label} disrupted its defenders (result {r.result}), "
                       f"but {', '.join(stay)} {'is' if len(stay) == 1 else 'are'} still there when {why}: a disrupted "
                       "defender retreats one hex or is eliminated at once (SR 10.1.2)")
    side = p.state.side(r.defenders[0])
    if any(p.state.side(u) == side for u in p.state.at(r.target)):
        return Legal(detail=f"the defenders left {label}; other units of their side hold it: no advance (SR 10.5.4)")
    lag = [a for a in r.attackers if p.state.where(a) not in (None, r.target) and not mem.has(p.state, a, "disrupted")
           and is_kind(p.game, a, "leader") is not True]
    sure = [a for a in lag if is_kind(p.game, a, "artillery") is False]
    if lag and r.result is None:
        return unknown_result(label, f"whether {', '.join(lag)} had to advance into it (SR 10.5.4)")
    if sure:
        return Illegal("HTTR SR 10.5.4", f"the defenders vacated {label} (result {r.result}), but {', '.join(sure)} "
                       f"{'has' if len(sure) == 1 else 'have'} not advanced into it when {why}: undisrupted attackers "
                       "must advance into the vacated hex (SR 10.1.2: before another unit moves)")
    if lag:
        return NotCheckable(f"the type of unit {lag[0]} (units.csv type: artillery's presence in a CA is ignored, SR "
                            f"10.1.17): whether it had to advance into {label} (SR 10.5.4)")
    return Legal(detail=f"the result of the close action on {label} was carried out before {why} (SR 10.5.1, 10.5.4)")
