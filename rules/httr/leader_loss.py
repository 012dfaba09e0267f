"""HTTR loss of a leader (SR 19.3.3 L978, 19.4 L980): 'if a unit with which a leader is stacked takes a loss, then
the owning player rolls 2d6 and if a two is rolled, the leader dies ... rolled for each time one strength point is
lost'. The rolls are the Leader Loss button's (purpose ``leader-loss``, docs/log-channel.md).

Losses are not logged as SP, so the losses are those of the fire results the referee resolved (``effects.after_result``
calls :func:`on_result`): a result's SP, plus the extra point SR 6.7.6-6.7.8 add, known at the phase's end from the
target's mode, morale check and disruption (``effects.Effect``). Judged: each Leader Loss roll belongs to the first
loss still owed rolls; at the phase's end every loss has its rolls; each 2 is followed by a leader's elimination in
that phase; a leader eliminated otherwise is illegal (a lone leader entered by an enemy is SR 19.3.1's, judged by the
referee).

Readings: each leader stacked with the unit rolls for each SP (the rule speaks of one leader: with two, each is 'a
leader stacked with' it), and a 2 kills one of them (the log does not say which); when the unit taking the loss is
eliminated, the loss may exceed what it and the hex had left (6.3.1.7, 6.3.2.2), so from one roll per leader up to the
whole loss is legal; a roll after a result the data could not give, or in a phase with a close action or an airstrike
(their losses are not followed), is not checkable.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from hexforge.builder.timeline import DiceRoll, Eliminated, Event, TurnChange
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.airstrikes import Airstrikes
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.landings import Landings
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.units import has_mode, is_kind
from hexforge.rules.httr.values import leader_rolls
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

PURPOSE = "leader-loss"  # docs/log-channel.md: the Leader Loss button (SR 19.3.3 L978)


@dataclass(slots=True)
class Due:
    """A loss on a stack with leaders: the result's roll event, the hex, the units that may have taken it, the
    leaders, the result's SP, its ``effects.Effect`` (None when the firer chose the unit), the rolls (event, total)."""

    index: int
    at: Hex
    units: tuple[str, ...]
    leaders: tuple[str, ...]
    lost: int
    effect: Any = None
    rolls: list[tuple[int, int]] = field(default_factory=list)


@dataclass(slots=True)
class LeaderRolls:
    """The phase's losses owed rolls, the hexes whose losses are not known (hex -> why), the 2s not yet answered."""

    due: list[Due] = field(default_factory=list)
    unknown: dict[Hex, str] = field(default_factory=dict)
    twos: list[tuple[int, Due]] = field(default_factory=list)


class Position(Board, Protocol):
    ca: CaLog
    airstrikes: Airstrikes
    landings: Landings
    fire: FireLog
    leader_rolls: LeaderRolls
    leaders_due: list[tuple[int, str]]


def leaders(p: Position, at: Hex, units: tuple[str, ...]) -> tuple[tuple[str, ...], str | None]:
    """The leaders of the units' side in ``at``, and a unit there whose type is unknown (it may be one)."""
    side = p.state.side(units[0]) if units else None
    mine = [u for u in mem.stack(p.state, at) if p.state.side(u) == side and u not in units]
    untyped = next((u for u in mine if is_kind(p.game, u, "leader") is None), None)
    return tuple(u for u in mine if is_kind(p.game, u, "leader")), untyped


def on_result(p: Position, log: LeaderRolls, index: int, at: Hex | None, units: tuple[str, ...], result: str | None,
              effect: Any = None) -> None:
    """A fire result (None: not known) on ``units`` (the target, or the stack when the firer chose) in ``at``."""
    units = tuple(u for u in units if is_kind(p.game, u, "leader") is not True)
    if at is None or not units:
        return
    found, untyped = leaders(p, at, units)
    label = p.game.map.labels[at]
    if result is None and (found or untyped):
        log.unknown[at] = f"the result of the fire at {label}"
        return
    if untyped is not None and not found:
        log.unknown[at] = f"whether {untyped} in {label} is a leader (units.csv type)"
    lost = int(result) if result is not None and result.isdigit() else 0
    if found and (lost or effect is not None and (effect.needs_check or result == "minimal" or (
            result == "DEF" and effect.mode == "concentrated"))):
        log.due.append(Due(index, at, units, found, lost, effect))


def extra(p: Position, d: Due) -> int:
    """The point SR 6.7.6-6.7.8 add to the result on its target (0 or 1), as the position shows it now."""
    e = d.effect
    if e is None or e.index < 0:
        return 0
    base = int(e.result) if e.result.isdigit() else 0
    if e.mode == "concentrated" and (base or e.result == "DEF"):  # 6.7.7: failed, or passed and still Concentrated
        check = e.morale if base else next((x.morale for x in p.fire.effects if x.index < 0 and x.unit == e.unit), None)
        return int(check is False or (check is True and mem.mode(p.state, e.unit) == "concentrated"))
    if e.mode == "travel" and base:  # 6.7.8: no Concentrated Mode, an extra loss
        return int(has_mode(p.game, e.unit, "concentrated") is False)
    return int(e.needs_check and e.morale is False and not mem.has(p.state, e.unit, "disrupted"))  # 6.7.6


def owed(p: Position, d: Due, final: bool) -> tuple[int, int]:
    """(fewest, most) rolls the loss calls for: per SP per leader; before the phase's end the extra point counts as
    possible."""
    e = d.effect
    base = int(e.result) if e is not None and e.result.isdigit() else d.lost
    more = extra(p, d) if final else int(e is not None)
    n, per = leader_rolls(base + more), len(d.leaders)
    gone = any(p.state.where(u) is None for u in d.units)
    return (min(per, n * per) if gone else n * per), n * per


def unfollowed(p: Position) -> str | None:
    """Losses of this phase the referee does not follow: a close action's (SR 10.5) or an airstrike's (ScR 7.4)."""
    if p.ca.involved or p.ca.pending:
        return "a close action's losses this phase (not followed)"
    if p.airstrikes.placed:
        return "an airstrike's losses this phase (not followed)"
    return None


@rule("HTTR SR 19.3.3", "MOR-5", "one 2d6 Leader Loss roll per SP lost by a leader's stack; a 2 kills the leader")
def on_roll(p: Position, log: LeaderRolls, index: int, total: int) -> Verdict:
    """A Leader Loss roll: the roll of the first loss still owed one."""
    d = next((x for x in log.due if len(x.rolls) < owed(p, x, final=False)[1]), None)
    if d is None:
        why = next(iter(log.unknown.values()), None) or unfollowed(p)
        if why is not None:
            return NotCheckable(f"which loss this Leader Loss roll follows ({why})")
        return Illegal("HTTR SR 19.3.3", "a Leader Loss roll, but no stack with a leader took a loss this phase that "
                       "it is still owed for (one 2d6 per SP lost)")
    d.rolls.append((index, total))
    if total == 2:
        log.twos.append((index, d))
    return Legal(detail=f"a Leader Loss roll for {', '.join(d.leaders)} after the loss in "
                 f"{p.game.map.labels[d.at]}: 2d6 {total}" + (", the leader dies (SR 19.3.3)" if total == 2 else ""))


@rule("HTTR SR 19.3.3 / 19.3.1", "MOR-5", "a leader is eliminated only on a 2 rolled for its stack's loss (or alone "
      "when entered by an enemy combat unit)")
def on_eliminated(p: Position, log: LeaderRolls, uid: str) -> Verdict | None:
    """A leader removed from the map (None: another rule's, judged where it is)."""
    if any(u == uid for _, u in p.leaders_due) or uid in p.landings.drowned:
        return None  # alone and entered (SR 19.3.1, the referee's), or landed in water (ScR 6.7.5, landings')
    two = next((t for t in log.twos if uid in t[1].leaders), None)
    if two is not None:
        log.twos.remove(two)
        return Legal(detail=f"{uid} dies on the 2 rolled for the loss in {p.game.map.labels[two[1].at]} (SR 19.3.3)")
    at = p.state.where(uid)
    why = log.unknown.get(at) if at is not None else None
    why = why or unfollowed(p)
    if why is not None:
        return NotCheckable(f"whether a Leader Loss roll of 2 killed {uid} ({why})")
    return Illegal("HTTR SR 19.3.3", f"{uid}, a leader, is eliminated without a 2 on a Leader Loss roll: leaders are "
                   "never fired at and die on a 2 rolled for a loss of their stack (or alone when an enemy combat "
                   "unit enters their hex, SR 19.3.1)")


def end_phase(p: Position, log: LeaderRolls) -> list[tuple[int, Verdict]]:
    """At the phase's end: every loss had its rolls, every 2 its dead leader."""
    out: list[tuple[int, Verdict]] = []
    for d in log.due:
        low, high = owed(p, d, final=True)
        n, label = len(d.rolls), p.game.map.labels[d.at]
        if n < low:
            out.append((d.index, Illegal("HTTR SR 19.3.3", f"the loss in {label} called for {low} Leader Loss "
                                         f"roll{'s' if low > 1 else ''} (one 2d6 per SP, per leader: "
                                         f"{', '.join(d.leaders)}), but {n} {'was' if n == 1 else 'were'} rolled")))
        elif n > high:
            out.append((d.rolls[-1][0], Illegal("HTTR SR 19.3.3", f"{n} Leader Loss roll{'s' if n > 1 else ''} after "
                                                f"the result in {label}, which called for {high} (one 2d6 per SP lost, "
                                                "per leader)")))
    for index, d in log.twos:
        out.append((index, Illegal("HTTR SR 19.3.3", f"a 2 on a Leader Loss roll: the leader dies, but none of "
                                   f"{', '.join(d.leaders)} was eliminated by the phase's end")))
    log.due.clear()
    log.unknown.clear()
    log.twos.clear()
    return out


def on_event(p: Position, log: LeaderRolls, index: int, e: Event) -> list[tuple[int, Verdict]]:
    """Leader Loss rolls, leaders' eliminations and the phase's end."""
    if isinstance(e, TurnChange):
        return end_phase(p, log)
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        if button is not None and button.purpose == PURPOSE:
            return [(index, on_roll(p, log, index, e.total if e.total is not None else sum(e.values)))]
        return []
    uid = getattr(getattr(e, "piece", None), "unit", None)
    if isinstance(e, Eliminated) and uid in p.game.units and is_kind(p.game, uid, "leader"):
        got = on_eliminated(p, log, uid)
        return [(index, got)] if got is not None else []
    return []
