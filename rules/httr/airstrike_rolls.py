"""HTTR airstrike resolution rolls (ScR 7.1.5): one Airstrike Check 1d6 for each airstrike, and on 1-5 the strike
goes on to the Airstrike Bombardment Table: its Airstrike 2d6 follows before the next check or the Fire Phase's end.
airstrikes.py judges the designation, the order of fire and strikes, a bombardment roll without its check or after
a 6, and that every attack is resolved; this module the checks beyond the airstrikes designated and the check of
1-5 left without its bombardment roll.

Reading: a Fire Phase's checks are at most its Airstrike markers (an attack takes one marker, two or three at night
or in P weather, ScR 7.2.4), so only more checks than markers is judged here.
"""
from __future__ import annotations

from dataclasses import dataclass

from hexforge.builder.timeline import DiceRoll, Entered, Event, TurnChange
from hexforge.rules.httr.airstrikes import is_marker
from hexforge.rules.httr.board import Board
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Verdict

VOID = 6  # ScR 7.1.5 note (L1267): 'If a 6 is rolled, no air strike resolution occurs'


Position = Board


@dataclass
class StrikeRolls:
    """This Fire Phase's Airstrike markers placed and checks rolled; whether a check of 1-5 awaits its 2d6."""

    markers: int = 0
    checks: int = 0
    due: bool = False


def on_event(p: Position, log: StrikeRolls, e: Event) -> list[Verdict]:
    """The airstrike rolls' verdicts on one event (before the referee's other checks)."""
    if isinstance(e, TurnChange):
        out = [unresolved()] if log.due else []
        log.markers, log.checks, log.due = 0, 0, False
        return out
    if isinstance(e, Entered) and e.piece.unit is None and is_marker(p.game, e.piece.name) \
            and p.phase()[0] == "fire":
        log.markers += 1
        return []
    if not isinstance(e, DiceRoll):
        return []
    button = p.channel.dice(e.name)
    purpose = button.purpose if button is not None else None
    if purpose == "airstrike":
        log.due = False
        return []
    if purpose != "airstrike-check":
        return []
    out = [unresolved()] if log.due else []
    log.checks += 1
    log.due = (e.total if e.total is not None else sum(e.values)) < VOID
    return out + ([too_many(log)] if log.markers and log.checks > log.markers else [])


@rule("HTTR ScR 7.1.5", "AS-3", "an Airstrike Check of 1-5 goes on to its Airstrike Bombardment roll; one check per "
      "airstrike designated")
def unresolved() -> Verdict:
    return Illegal("HTTR ScR 7.1.5", "an Airstrike Check of 1-5 without its Airstrike roll before the next check or "
                   "the Fire Phase's end: the strike proceeds to the Airstrike Bombardment Table")


def too_many(log: StrikeRolls) -> Verdict:
    """AS-3 (``unresolved``'s rule): more checks than Airstrike markers placed this Fire Phase."""
    return Illegal("HTTR ScR 7.1.5", f"Airstrike Check {log.checks} this Fire Phase, for {log.markers} Airstrike "
                   "marker(s): one check for each airstrike")
