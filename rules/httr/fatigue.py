"""HTTR optional Fatigue (SR 21.5), on with the setting ``optional_fatigue``: a unit that moves more than half its MA
in one night GT, or any distance in both night GTs of a night, or fires or takes part in a close action (attacking
or defending) in a night GT, is fatigued (21.5.1-21.5.2), except on the scenario's first night (21.5.3); a Fatigue
marker goes on it (21.5.4) and comes off only in its Organization Phase of a GT in which it rested (21.5.5).

The log shows fatigue as the unit's ``fatigue`` layer (game.toml ``[[layers]]``) or, without one, the ``fatigue``
palette marker put on (``Entered``) or taken off (``Eliminated``) the unit's hex. Each GT's movement (MP spent, from
the referee's movement judge), firers and CA units are read as the phases end.

Readings: "a night" is a run of consecutive night GTs of the turn calendar; the scenario's first night is the first
such run from its first GT (without a scenario, from the calendar's first GT). "Participate in fire combat" is
firing (the target's part is CA's 'defense' only). The marker is due by the end of the GT that triggers it: a unit
triggered then and unmarked when the next GT begins is a missed marker; a marker put on later for a trigger not yet
marked is legal. "Rested" is neither moved, fired nor in CA in the GT up to its Organization Phase. "Half of their
movement allowance" is half the MA the movement judge held the unit to in that GT (:func:`ma_used`: a rolled MA, the
leaders' MP; its Movement Phase's when it moved in a Reaction Phase too). A marker on a
hex holding several units names none of them: not checkable.

The marker's effects (21.5.4) are read through :func:`morale_now`, :func:`strength_now` and :func:`engineer_barred`,
which the morale checks, the fire and CA strengths and the engineers' ferrying and building call. Readings: the
halving applies to the unit's printed strength, before the fire and CA modifiers (as a depleted unit's, SR 13.3.2.3);
an engineer ferrying itself (ScR 9.1.4) ferries troops; building the Pannerden ferry (ScR 9.2) is neither a bridge
nor an entrenchment, so a fatigued engineer may build it, but not carry troops across it (9.2.9-9.2.10).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from hexforge.builder.timeline import (
    Eliminated,
    Entered,
    Event,
    Move,
    Placement,
    StepChange,
    TurnChange,
)
from hexforge.games.channel import Channel
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.leader_ma import leader_bonus
from hexforge.rules.httr.movement_class import printed_ma
from hexforge.rules.httr.units import number
from hexforge.rules.registry import rule
from hexforge.rules.state import phase_of
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

SETTING = "optional_fatigue"  # catalogue.READINGS
FATIGUE = "fatigue"  # the layer's and the marker's id (game.toml)


class Position(Board, Protocol):
    rules: RulesSystem
    readings: dict[str, str]
    moves: dict[str, Any]  # this phase's moves (movement.Step: .mp, .hexes)
    fire: Any  # this phase's FireLog (.method: the units that fired)
    ca: Any  # this phase's CaLog (.involved: attackers and defenders)

    def turn_kind(self, turn: int) -> str | None: ...
    def calendar(self) -> dict[int, dict]: ...


@dataclass
class Fatigue:
    """Per GT: MP each unit spent, the units that fired or were in CA; the fatigued units; the triggers unmarked."""

    mp: dict[int, dict[str, float]] = field(default_factory=dict)
    fought: dict[int, set[str]] = field(default_factory=dict)
    fatigued: set[str] = field(default_factory=set)
    due: dict[str, str] = field(default_factory=dict)  # unit -> why its fatigue was triggered, not yet marked
    markers: dict[str, str] = field(default_factory=dict)  # marker piece id -> the unit it marks
    nights: list[tuple[int, ...]] | None = None  # the calendar's nights, read at first use
    ma: dict[int, dict[str, tuple[bool, float | Unknown]]] = field(default_factory=dict)  # GT -> unit -> (in a
    # Movement Phase, the MA its move there was judged on: ``ma_used``)

    @classmethod
    def set_up(cls, setup: tuple[Placement, ...], channel: Channel) -> Fatigue:
        """The units the set-up shows fatigued (their fatigue layer's level; a save begun mid-scenario)."""
        tired = set()
        for p in setup:
            for trait, level in {**p.markers, **p.layers}.items():
                lay = channel.layer(trait)
                if p.piece.unit is not None and lay is not None and lay.id == FATIGUE and channel.level(trait, level):
                    tired.add(p.piece.unit)
        return cls(fatigued=tired)


def on_event(p: Position, log: Fatigue, e: Event) -> list[Verdict]:
    """Fatigue's verdicts on one event (before the referee's other checks); none with the rule off."""
    if p.readings.get(SETTING) != "on":
        return []
    if isinstance(e, TurnChange):
        return phase_over(p, log, phase_of(p.game, e)[0])
    if isinstance(e, Move) and p.unit(e) is not None and p.state.turn is not None:
        note_ma(p, log, p.unit(e), p.state.turn)
    if isinstance(e, StepChange) and p.unit(e) is not None:
        lay = p.channel.layer(e.trait)
        level = p.channel.level(e.trait, e.new) if lay is not None and lay.id == FATIGUE else None
        return [] if level is None else [judge_marker(p, log, p.unit(e), bool(level))]
    if isinstance(e, (Entered, Eliminated)) and p.unit(e) is None and is_marker(p.game, e.piece.name):
        return marker_event(p, log, e)
    return []


def is_marker(game: Game, name: str) -> bool:
    return any(m.id == FATIGUE and m.name.resolved == name for m in game.info.markers or ())


def marker_event(p: Position, log: Fatigue, e: Entered | Eliminated) -> list[Verdict]:
    """A Fatigue marker put on or taken off a hex: the one unit there it marks."""
    on = isinstance(e, Entered)
    uid = log.markers.pop(e.piece.id, None) if not on else None
    if uid is None:
        h = p.hex(e.hex)
        units = [u for u in p.state.at(h) if not on or u not in log.fatigued] if h is not None else []
        if len(units) != 1:
            return [NotCheckable(f"which unit the Fatigue marker {'put on' if on else 'taken off'} {e.hex} marks "
                                 f"({len(units)} units there; a fatigue layer on the units would say)")]
        uid = units[0]
    if on:
        log.markers[e.piece.id] = uid
    return [judge_marker(p, log, uid, on)]


def nights(p: Position, log: Fatigue) -> list[tuple[int, ...]]:
    """The calendar's nights (runs of consecutive night GTs), in order (read once)."""
    if log.nights is None:
        cal = p.calendar()
        runs: list[list[int]] = []
        for t in sorted(t for t in cal if cal[t].get("kind") == "night"):
            if runs and runs[-1][-1] == t - 1:
                runs[-1].append(t)
            else:
                runs.append([t])
        log.nights = [tuple(n) for n in runs]
    return log.nights


def first_night(p: Position, log: Fatigue) -> tuple[int, ...]:
    sc = p.game.scenarios.get(p.rules.scenario or "")
    first = plain(sc.first_turn) if sc is not None else None
    start = first if isinstance(first, int) else 1
    return next((n for n in nights(p, log) if n[-1] >= start), ())


def busy(p: Position, log: Fatigue, turn: int, live: bool = True) -> tuple[dict[str, float], set[str]]:
    """The GT's MP per unit and its firers and CA units so far, this phase's included when ``live``."""
    mp = dict(log.mp.get(turn, {}))
    live = live and p.state.turn == turn
    if live:
        for u, step in p.moves.items():
            if step.hexes:
                mp[u] = mp.get(u, 0.0) + step.mp
    fought = set(log.fought.get(turn, set()))
    if live:
        fought |= set(p.fire.method) | set(p.ca.involved)
    return mp, fought


def trigger(p: Position, log: Fatigue, uid: str, turn: int, live: bool = True) -> str | Unknown | None:
    """Why ``uid`` is fatigued by night GT ``turn`` (SR 21.5.1-21.5.2), else None (``live``: see :func:`busy`)."""
    night = next((n for n in nights(p, log) if turn in n), ())
    if not night or night == first_night(p, log):
        return None
    mp, fought = busy(p, log, turn, live)
    if uid in fought:
        return f"it fired or was in a close action in night GT {turn} (SR 21.5.2)"
    if uid in mp:
        others = [t for t in night if t != turn and uid in busy(p, log, t, live)[0]]
        if others:
            return f"it moved in both night GTs {min(turn, others[0])} and {max(turn, others[0])} (SR 21.5.1)"
        ma = log.ma.get(turn, {}).get(uid, (False, Unknown(f"the MA {uid} moved on in GT {turn}")))[1]
        if isinstance(ma, Unknown):
            return Unknown(ma.needs + " (half its MA, SR 21.5.1)")
        if mp[uid] > ma / 2:
            return f"it spent {mp[uid]:g} MP in night GT {turn}, more than half its MA of {ma:g} (SR 21.5.1)"
    return None


def note_ma(p: Position, log: Fatigue, uid: str, turn: int) -> None:
    """Remember the MA ``uid`` moves on now in GT ``turn`` (its Movement Phase's over a Reaction Phase's), read as
    its move begins: the rolls' watchers have read this move already (``watchers.WATCHERS`` order)."""
    movement = p.phase()[0] == "movement"
    if turn in nights_of(p, log) and (movement or not log.ma.get(turn, {}).get(uid, (False,))[0]):
        log.ma.setdefault(turn, {})[uid] = (movement, ma_used(p, uid))


def nights_of(p: Position, log: Fatigue) -> set[int]:
    return {t for n in nights(p, log) for t in n}


def ma_used(p: Any, uid: str) -> float | Unknown:
    """SR 21.5.1's "movement allowance": the one the movement judge holds ``uid`` to, a rolled MA (ScR 8.1.5's start
    roll, ScR 6.6.5.1's landing roll, SR 13.2.7.5-13.2.7.7's roll for want of CP), else its MA (SR 9.3.1) with the MP
    its leaders add (19.2.3, 19.6.2; not known when a leader may add more) and Frost's bonus (ScR 8.3.5)."""
    rolled = [getattr(getattr(p, "start_ma", None), "given", {}).get(uid),
              getattr(getattr(p, "cp_ma", None), "used", {}).get(uid)]
    got = next((float(r[1]) for r in rolled if r is not None), None)
    landed = getattr(getattr(getattr(p, "landings", None), "ma", None), "given", {}).get(uid)
    if got is not None or landed is not None:
        return got if got is not None else float(landed)
    base = printed_ma(p.game, uid)
    if isinstance(base, Unknown):
        return base
    bonus = leader_bonus(p.game, p.state, uid)
    if bonus.unsure is not None:
        return Unknown(bonus.unsure)
    frost = getattr(getattr(p, "frost_moves", None), "group", {}).get(uid)
    return base + bonus.mp + (frost if isinstance(frost, int) else 0)


@rule("HTTR SR 21.5.1-21.5.5", "OPT-3", "optional fatigue: a unit moving more than half its MA in a night GT or in "
      "both night GTs, or fighting at night, is marked fatigued (never on the first night); the marker comes off "
      "only in its Organization Phase after a rested GT")
def judge_marker(p: Position, log: Fatigue, uid: str, on: bool) -> Verdict:
    """A Fatigue marker (or layer) put on or taken off ``uid``."""
    turn = p.state.turn
    if turn is None:
        return NotCheckable("the GT (no turn tracker change yet)")
    if on:
        log.fatigued.add(uid)
        why = log.due.pop(uid, None) or trigger(p, log, uid, turn)
        if isinstance(why, Unknown):
            return NotCheckable(why.needs)
        if why is None and turn in first_night(p, log):
            return Illegal("HTTR SR 21.5.3", f"{uid} is marked fatigued on the scenario's first night (GT "
                           f"{turn}): units are exempt from fatigue then")
        if why is None:
            return Illegal("HTTR SR 21.5.1", f"{uid} is marked fatigued, but nothing fatigued it (more than half "
                           "its MA or both night GTs of movement, or night combat, after the first night)")
        return Legal(detail=f"{uid} is fatigued: {why}")
    log.fatigued.discard(uid)
    kind, side = p.phase()
    mp, fought = busy(p, log, turn)
    if kind != "organization" or side != p.state.side(uid):
        return Illegal("HTTR SR 21.5.5", f"{uid}'s Fatigue marker comes off outside its Organization Phase")
    if uid in mp or uid in fought:
        return Illegal("HTTR SR 21.5.5", f"{uid}'s Fatigue marker comes off in a GT in which it moved, fired or "
                       "was in a close action: it must have rested")
    return Legal(detail=f"{uid} rested this GT: its Fatigue marker comes off (SR 21.5.5)")


def phase_over(p: Position, log: Fatigue, new_turn: int | None) -> list[Verdict]:
    """A phase ends: its moves and combats join the GT's; when the GT ends, its unmarked triggers are missed."""
    turn = p.state.turn
    if turn is None:
        return []
    mp, fought = busy(p, log, turn)
    log.mp[turn], log.fought[turn] = mp, fought
    if new_turn is None or new_turn == turn or p.turn_kind(turn) != "night":
        return []
    out: list[Verdict] = []
    for u in sorted(set(mp) | fought):
        why = trigger(p, log, u, turn, live=False)
        if isinstance(why, Unknown) and u not in log.fatigued:
            out.append(NotCheckable(f"whether {u} is fatigued: {why.needs}"))
        elif isinstance(why, str) and u not in log.fatigued and u not in log.due and p.state.where(u) is not None:
            log.due[u] = why
            out.append(missed(u, why))
    return out


@rule("HTTR SR 21.5.4", "OPT-3", "a unit whose fatigue was triggered carries a Fatigue marker by the end of that GT")
def missed(uid: str, why: str) -> Verdict:
    return Illegal("HTTR SR 21.5.4", f"{uid} has no Fatigue marker at the end of the GT: {why}")


def fatigued(p: Any, uid: str) -> bool:
    """SR 21.5.4: ``uid`` carries a Fatigue marker, with optional fatigue on (``p``: the referee)."""
    log = getattr(p, "fatigue", None)
    return getattr(p, "readings", {}).get(SETTING) == "on" and isinstance(log, Fatigue) and uid in log.fatigued


def tired(p: Any) -> Callable[[str], bool]:
    """:func:`fatigued` on ``p`` for what holds no referee (the engineers' ferry log); read when called."""
    return lambda uid: fatigued(p, uid)


def morale_now(p: Any, uid: str) -> float | Unknown:
    """``uid``'s printed morale, one less while fatigued (SR 21.5.4); read by ``morale.for_check`` (every morale
    check) and the CA value."""
    morale = number(p.game, uid, "morale")
    return morale - 1 if not isinstance(morale, Unknown) and fatigued(p, uid) else morale


def strength_now(p: Any, uid: str) -> float | Unknown:
    """``uid``'s printed strength, halved rounded up while fatigued (SR 21.5.4); fire and CA strengths read this."""
    s = number(p.game, uid, "strength")
    return math.ceil(s / 2) if not isinstance(s, Unknown) and fatigued(p, uid) else s


def engineer_barred(barred: Callable[[str], bool], units: list[str], work: str) -> Illegal | None:
    """SR 21.5.4: why none of the engineers ``units`` may do ``work`` (all are fatigued), else None."""
    if not units or not all(barred(u) for u in units):
        return None
    return engineer_tired(units, work)


@rule("HTTR SR 21.5.4", "OPT-3", "fatigued engineers neither ferry troops nor build bridges or entrenchments")
def engineer_tired(units: list[str], work: str) -> Illegal:
    return Illegal("HTTR SR 21.5.4", f"{', '.join(units)} {'is' if len(units) == 1 else 'are'} fatigued: fatigued "
                   f"engineers cannot {work}")
