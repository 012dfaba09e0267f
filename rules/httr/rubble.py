"""HTTR optional Rubble (ScR 15.6, numbered 15.7.1-15.7.2 in the text), on with the setting ``optional_rubble``:
each IF or medium/heavy AT attack that inflicts a step loss in a City hex is followed by a 1d6 (the data's button
of purpose ``rubble``); on 3+ a Debris counter goes on the hex, or, where one is, it flips to Rubble. Where a
Rubble marker lies, vehicles (units of vehicular or towed mobility) enter the hex and stay in it only in Defilade
Mode (15.7.2): a move into it (any hex of its path) in another mode, or a mode change away from Defilade there.

The log channel: the Debris counter is a ``[[markers]]`` entry of id ``debris``, its Rubble side one of id
``rubble``; placing either on a hex is the result of the roll (the flip is the Rubble piece put on the hex).

Reading: an IF loss is an IF result of one or more SP on a unit (``effects.after_result``); the AT class of a
firer is not kept with its results, so a Rubble roll after an AT loss in a city is accepted (and a missing one is
not flagged). The 'City' terrain is the map's ``city`` terrain id. 15.7.2's Rubble is every Rubble marker put on
the map in the log (a misplaced one too: it lies there), and a vehicle's mode when it enters is its mode before
the move. (15.7.2's 'defending units in Defilade Mode treat the hex as having Entrenchments' is the fire
resolution's, rules/httr/entrench.py ``benefits``, and not judged here.)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Entered, Event, Move, StepChange, TurnChange
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.units import mobility
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

SETTING = "optional_rubble"  # catalogue.READINGS
CITY = "city"  # ScR 15.7.1 (L1503): 'a step loss in a City hex'
AT_LEAST = 3  # ScR 15.7.1 (L1503): 'On a result of 3+'
MARKERS = ("debris", "rubble")
VEHICLES = ("vehicular", "towed")  # ScR 15.7.2 (L1504): 'Vehicles can only enter and remain in the hex in Defilade'


class Position(Board, Protocol):
    fire: FireLog
    readings: dict[str, str]


@dataclass
class Rubble:
    """The city hexes whose IF losses await their roll (in order), the hexes a roll of 3+ owes a marker, the
    Debris and Rubble markers on the map."""

    due: list[Hex] = field(default_factory=list)
    owed: list[Hex] = field(default_factory=list)
    debris: set[Hex] = field(default_factory=set)
    rubble: set[Hex] = field(default_factory=set)
    lying: set[Hex] = field(default_factory=set)  # every hex a Rubble marker was put on (ScR 15.7.2)


def on(p: Position) -> bool:
    return p.readings.get(SETTING) == "on"


def marker_kind(game: Game, name: str) -> str | None:
    """``debris`` or ``rubble`` for a piece of those markers, else None."""
    return next((m.id for m in game.info.markers or () if m.id in MARKERS and m.name.resolved == name), None)


def if_loss(p: Position, log: Rubble, at: Hex) -> None:
    """An IF result took one or more SP from a unit in ``at`` (called by ``effects.after_result``)."""
    if on(p):
        log.due.append(at)


def on_event(p: Position, log: Rubble, e: Event) -> list[Verdict]:
    """The verdicts of ScR 15.7.1 on one event; none with the rule off."""
    if not on(p):
        return []
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        if button is not None and button.purpose == "rubble":
            return [judge_roll(p, log, e.total if e.total is not None else sum(e.values))]
        return []
    if isinstance(e, Entered) and p.game.units.get(e.piece.unit or "") is None:
        kind = marker_kind(p.game, e.piece.name)
        h = p.hex(e.hex)
        if kind == "rubble" and h is not None:
            log.lying.add(h)
        return [judge_marker(p, log, kind, h, e.hex)] if kind is not None and h is not None else []
    uid = p.unit(e)
    if uid is not None and isinstance(e, (Move, StepChange)):
        return [v for v in (vehicle_in_rubble(p, log, uid, e),) if v is not None]
    if isinstance(e, TurnChange):
        out = phase_end(p, log)
        log.due, log.owed = [], []
        return out
    return []


def is_city(p: Position, h: Hex) -> bool | None:
    types = p.game.map.terrain.of(h)
    return None if types is None else CITY in set(types)


@rule("HTTR ScR 15.7.1", "OPT-7", "a Rubble roll follows each IF or medium/heavy AT step loss in a City hex")
def judge_roll(p: Position, log: Rubble, roll: int) -> Verdict:
    at = next((h for h in log.due if is_city(p, h) is not False), None)
    if at is None:
        if p.fire.at_results and any(loss for _, _, loss in p.fire.at_results):
            return Legal(guess="a Rubble roll after an AT loss (the firer's AT class is not read)")
        return Illegal("HTTR ScR 15.7.1", "a Rubble roll, but no IF or AT attack inflicted a step loss in a City "
                       "hex this phase")
    log.due.remove(at)
    label = p.game.map.labels[at]
    if is_city(p, at) is None:
        return NotCheckable(f"whether {label} is a City hex (map terrain), ScR 15.7.1")
    if roll >= AT_LEAST:
        log.owed.append(at)
        return Legal(detail=f"Rubble roll {roll} for {label}: a Debris counter, or Debris flips to Rubble")
    return Legal(detail=f"Rubble roll {roll} for {label}: no Debris (3+ needed)")


@rule("HTTR ScR 15.7.1", "OPT-7", "a Debris counter is placed, or flipped to Rubble, only after a Rubble roll of 3+ "
      "for its hex")
def judge_marker(p: Position, log: Rubble, kind: str, h: Hex, label: str | None) -> Verdict:
    if h not in log.owed:
        return Illegal("HTTR ScR 15.7.1", f"a {kind.title()} counter placed on {label} without a Rubble roll of 3+ "
                       "for a step loss there")
    if kind == "rubble" and h not in log.debris:
        return Illegal("HTTR ScR 15.7.1", f"Rubble on {label}, where no Debris counter lies: the first 3+ places "
                       "Debris")
    if kind == "debris" and h in log.debris | log.rubble:
        return Illegal("HTTR ScR 15.7.1", f"a second Debris counter on {label}: a 3+ there flips it to Rubble")
    log.owed.remove(h)
    (log.rubble if kind == "rubble" else log.debris).add(h)
    if kind == "rubble":
        log.debris.discard(h)
    return Legal()


@rule("HTTR ScR 15.7.1", "OPT-7", "every IF step loss in a City hex gets its Rubble roll, and a 3+ its marker, in "
      "the phase")
def phase_end(p: Position, log: Rubble) -> list[Verdict]:
    out: list[Verdict] = []
    for h in log.due:
        city = is_city(p, h)
        label = p.game.map.labels[h]
        if city is None:
            out.append(NotCheckable(f"whether {label} is a City hex (map terrain), ScR 15.7.1"))
        elif city:
            out.append(Illegal("HTTR ScR 15.7.1", f"an IF step loss in {label}, a City hex, without its Rubble roll"))
    out += [Illegal("HTTR ScR 15.7.1", f"a Rubble roll of 3+ for {p.game.map.labels[h]}, but no Debris or Rubble "
                    "counter was placed") for h in log.owed]
    return out


@rule("HTTR ScR 15.7.2", "OPT-7", "vehicles enter a Rubble hex and stay in it only in Defilade Mode")
def vehicle_in_rubble(p: Position, log: Rubble, uid: str, e: Move | StepChange) -> Verdict | None:
    """A move into a Rubble hex, or a mode change in one; None where no Rubble is concerned or the unit is leg."""
    if isinstance(e, Move):
        path = [p.hex(x) for x in (e.path or (e.to_hex,))]
        h = next((h for h in path if h in log.lying), None)
        mode, doing = mem.mode(p.state, uid), "enters the Rubble hex {} in {} Mode"
    else:
        said = mem.layer_change(e.trait, e.new, p.channel)
        h = p.state.where(uid) if said is not None and said[0] == "mode" else None
        mode, doing = (str(said[1]) if said is not None else None), "changes to {1} Mode in the Rubble hex {0}"
        h = h if h in log.lying else None
    if h is None:
        return None
    label, kind = p.game.map.labels[h], mobility(p.game, uid)
    if not isinstance(kind, str):
        return NotCheckable(f"{kind.needs}: whether {uid} is a vehicle, ScR 15.7.2")
    if kind not in VEHICLES:
        return None
    if mode is None:
        return NotCheckable(f"the mode of {uid} (its Mode layer) in the Rubble hex {label}, ScR 15.7.2")
    what = f"the vehicle {uid} {doing.format(label, mode.title())}"
    if mode != "defilade":
        return Illegal("HTTR ScR 15.7.2", f"{what}: vehicles enter and remain there only in Defilade")
    return Legal(detail=f"{what} (ScR 15.7.2)")
