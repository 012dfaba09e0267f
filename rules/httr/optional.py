"""HTTR optional rules (ScR 15), each a referee setting off by default (``readings={"optional_cap": "on"}``); an
optional rule that is off gives no verdict.

Combat Air Patrol (ScR 15.7, numbered 15.8.1-15.8.4 in the text): with the rule on, the Allied player has a CAP
over 30 Corps — five hexes round every HQ of its formations (the data's ``[special.cap] formations``), two more
per airstrike the Allied player spends on it, at most eleven — and no German airstrike falls within it.

Glider drops (ScR 15.2): with ``optional_gliders`` on, a serial with glider units (the data's ``[special.gliders]
units``; the 501st and 504th HQs, landed by parachute, 15.2.3, are not among them) is designated (its ``drop HEX``
declaration) to a clear hex (15.2.1); a glider unit landing anywhere but a clear hex is disrupted (15.2.1-15.2.2)
and, unless an HQ, rolls 1d6 for losses (a button of purpose ``glider-loss``), judged at the end of its landing
phase. Readings: 15.2.2 names disruption alone for HQs, so an HQ need not roll (it may); the lost strength point
on a 4+ is not judged (strength points are kept on the Formation Displays, not in the log); 15.2.2's 'other units
in its formation are not affected' states no effect to judge. A 'clear terrain hex' is one whose own terrain is
clear alone: a stream or ferry on its sides does not change its terrain (unlike ScR 6.7.4's drop hexes, which
bar 'a part of a canal or river').

Reading: an airstrike spent on the CAP is a CAP marker the Allied player puts on the map (ScR 7.2.11: it stays from
the Command Phase it is placed in to the end of his next one); the markers on the map widen the radius. Removing
the automatic CAP (15.8.4) is the setting "off". The German CAP against landings (15.8.5) changes the landing
result, whose table is not judged here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import ChatLine, DiceRoll, Eliminated, Entered, Event, TurnChange
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.airstrikes import is_marker
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

CAP = "optional_cap"  # the setting's name (catalogue.READINGS)
GLIDERS = "optional_gliders"
CLEAR = "clear"  # ScR 15.2.1 (L1491): 'Glider units must be designated to drop only in clear terrain hexes'
CAP_RADIUS, CAP_STEP, CAP_MAX = 5, 2, 11  # ScR 15.8.2 (L1507): five hexes, +2 per airstrike, at most 11


class Position(Board, Protocol):
    readings: dict[str, str]


@dataclass
class Patrols:
    """The CAP markers on the map (piece ids)."""

    markers: set[str] = field(default_factory=set)
    gliders: dict[str, Hex] = field(default_factory=dict)  # glider units landed off clear terrain this phase
    loss_rolls: int = 0  # this phase's Glider Loss rolls
    designated: Hex | None = None  # the last drop declaration's hex, until its serial (or a glider unit) lands
    serial: int | None = None  # the log step of the declared serial's first entry


def cap_data(game: Game) -> dict:
    """game.toml [special.cap]: the side that has the CAP and the formations whose HQs it covers."""
    return game.special("cap") or {}


def is_cap(game: Game, name: str) -> bool:
    return any(m.id == "cap" and m.name.resolved == name for m in game.info.markers or ())


def on_event(p: Position, log: Patrols, e: Event) -> list[Verdict]:
    """The optional rules' verdicts on one event (before the referee's other checks)."""
    if p.readings.get(GLIDERS) == "on" and (isinstance(e, (TurnChange, ChatLine, DiceRoll))
                                            or isinstance(e, Entered) and p.unit(e)):
        return glider_event(p, log, e)
    if p.readings.get(CAP) != "on" or p.unit(e) is not None or not isinstance(e, (Entered, Eliminated)):
        return []
    if is_cap(p.game, e.piece.name):
        (log.markers.add if isinstance(e, Entered) else log.markers.discard)(e.piece.id)
        return []
    h = p.hex(e.hex)
    owner = cap_data(p.game).get("side")
    if isinstance(e, Entered) and h is not None and is_marker(p.game, e.piece.name) and p.phase()[1] != owner:
        return [under_cap(p, log, h)]
    return []


@rule("HTTR ScR 15.7 (15.8.1-15.8.2)", "OPT-8", "optional CAP: no German airstrike within five hexes (+2 per CAP "
      "airstrike, at most 11) of a 30 Corps HQ")
def under_cap(p: Position, log: Patrols, h: Hex) -> Verdict:
    formations, side = cap_data(p.game).get("formations"), cap_data(p.game).get("side")
    if not formations or not side:
        return NotCheckable("the side and formations under the CAP (game.toml [special.cap], ScR 15.8.2)")
    radius = min(CAP_RADIUS + CAP_STEP * len(log.markers), CAP_MAX)
    hqs = [(u, at) for u, at in p.state.positions.items() if at is not None and is_kind(p.game, u, "hq")
           and p.state.side(u) == side and belongs(p.game, u, list(formations))]
    near = min(hqs, key=lambda ua: h.distance(ua[1]), default=None)
    label = p.game.map.labels[h]
    if near is not None and h.distance(near[1]) <= radius:
        return Illegal("HTTR ScR 15.7", f"an airstrike on {label}, {h.distance(near[1])} hexes from {near[0]}: "
                       f"inside the {side} CAP ({radius} hexes)")
    return Legal(detail=f"{label} is outside the {side} CAP of {radius} hexes (ScR 15.8.2)")


def glider_event(p: Position, log: Patrols, e: Event) -> list[Verdict]:
    """A drop's designated hex and a glider unit's landing are remembered, its Glider Loss roll counted; at the
    phase's end those landed off clear terrain are judged."""
    if isinstance(e, TurnChange):
        out = [glider_disrupted(p, uid, h) for uid, h in log.gliders.items() if p.state.where(uid) == h]
        out += glider_losses(p, log)
        log.gliders, log.loss_rolls = {}, 0
        return out
    if isinstance(e, ChatLine):
        d = parse(e.text)
        if d is not None and d.kind == "drop":
            log.designated, log.serial = p.hex(d.target), None
        return []
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        return [loss_roll(p, log)] if button is not None and button.purpose == "glider-loss" else []
    uid, h = p.unit(e), p.hex(e.hex)
    units = (p.game.special("gliders") or {}).get("units")
    if not isinstance(units, list):
        return [NotCheckable("which units are glider-borne (game.toml [special.gliders] units, ScR 15.2)")] \
            if p.state.where(uid) is None and p.state.side(uid) == cap_data(p.game).get("side") else []
    if p.state.where(uid) is not None:
        return []
    if log.serial is None:
        log.serial = e.step
    elif e.step != log.serial:
        log.designated = None  # the declared serial has landed: this entry is not of it
    if uid not in units or h is None:
        return []
    out = [designation(p, log.designated)] if log.designated is not None else []
    log.designated = None
    types = p.game.map.terrain.of(h)
    if types is None:
        return out + [NotCheckable(f"the terrain of {p.game.map.labels[h]} (unsurveyed), ScR 15.2.1")]
    if set(types) != {CLEAR}:
        log.gliders[uid] = h
    return out


@rule("HTTR ScR 15.2.1-15.2.2", "OPT-5", "optional gliders: a glider unit landing anywhere but a clear hex is "
      "disrupted")
def glider_disrupted(p: Position, uid: str, h: Hex) -> Verdict:
    label = p.game.map.labels[h]
    if mem.has(p.state, uid, "disrupted"):
        return Legal(detail=f"the glider unit {uid} landed in {label} and is disrupted (ScR 15.2.1)")
    return Illegal("HTTR ScR 15.2.1", f"the glider unit {uid} landed in {label}, not a clear hex, and is not "
                   "disrupted")


@rule("HTTR ScR 15.2.1", "OPT-5", "optional gliders: a serial with glider units is designated to a clear hex")
def designation(p: Position, h: Hex) -> Verdict:
    label, types = p.game.map.labels[h], p.game.map.terrain.of(h)
    if types is None:
        return NotCheckable(f"the terrain of {label} (unsurveyed), ScR 15.2.1")
    if set(types) != {CLEAR}:
        return Illegal("HTTR ScR 15.2.1", f"glider units are designated to drop in {label}, not a clear hex")
    return Legal(detail=f"glider units designated to the clear hex {label} (ScR 15.2.1)")


def loss_roll(p: Position, log: Patrols) -> Verdict:
    """OPT-5 (``glider_losses``' rule): a Glider Loss roll needs a glider unit landed off clear terrain."""
    log.loss_rolls += 1
    if log.loss_rolls > len(log.gliders):
        return Illegal("HTTR ScR 15.2.1", f"Glider Loss roll {log.loss_rolls} this phase: only {len(log.gliders)} "
                       "glider units landed off clear terrain")
    return Legal(detail="a glider unit's 1d6 for losses (a 4+ costs it a strength point, ScR 15.2.1)")


@rule("HTTR ScR 15.2.1-15.2.2", "OPT-5", "optional gliders: each glider unit but an HQ landed off clear terrain rolls "
      "1d6 for losses before its landing phase ends")
def glider_losses(p: Position, log: Patrols) -> list[Verdict]:
    due = sorted(u for u in log.gliders if not is_kind(p.game, u, "hq"))
    if log.loss_rolls >= len(due):
        return [Legal(detail=f"{len(due)} glider units rolled for losses (ScR 15.2.1)")] if due else []
    return [Illegal("HTTR ScR 15.2.1", f"{len(due)} glider units ({', '.join(due)}) landed off clear terrain and "
                    f"{log.loss_rolls} Glider Loss rolls were made: each rolls 1d6 for losses")]
