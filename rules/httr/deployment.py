"""HTTR scenario set-ups "within N hexes of" a hex (ScR 16.2, 17.2-22.2): when a log begins with its scenario's
first GT, each unit a ``[[deployment]]`` row names stands, at the set-up, within ``within.hexes`` hexes of one of
``within.of``.

Data: the scenario's ``[[deployment]]`` rows with ``units`` and ``within = { of = [...], hexes = N }``; a row whose
units the transcription does not list ("1/501 (all)": the Formation Displays) is not checkable, naming them.

Readings: the set-up is the position before the log's first event (the tracker's first change into the
scenario's first GT); a log beginning later is not judged here. A named unit not on the map at the set-up was not
deployed as the row says. The rule an Illegal cites is the row's source (the scenario's set-up section), else ScR
16.2 (Initial Deployment).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.builder.timeline import Event, TurnChange
from hexforge.games.schema import Deployment
from hexforge.games.values import plain
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState, phase_of
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict
from hexforge.rules.httr.board import Board

GENERAL = "HTTR ScR 16.2"  # 'Initial Deployment' (L1523)


class Position(Board, Protocol):
    rules: RulesSystem


@dataclass
class SetUp:
    """The set-up's positions (kept at the log's first event) and whether it was judged (at its first turn tracker
    change)."""

    start: GameState | None = None
    judged: bool = False


def on_event(p: Position, log: SetUp, e: Event) -> list[Verdict]:
    """At the log's first turn tracker change: the scenario's ``within`` set-ups, when it begins the scenario."""
    if log.start is None:
        log.start = p.state
    if log.judged or not isinstance(e, TurnChange):
        return []
    log.judged = True
    sc = p.game.scenarios.get(p.rules.scenario or "")
    if sc is None or phase_of(p.game, e)[0] != plain(sc.first_turn):
        return []
    return [v for d in sc.deployment or () if d.within for v in within(p, log.start, d)]


def cited(d: Deployment) -> str:
    """The rule the row comes from ('HTTR ScR 17.2 (L1553)' -> 'HTTR ScR 17.2')."""
    src = str(d.source or "")
    return src.split(" (")[0] if src.startswith("HTTR ") else GENERAL


@rule("HTTR ScR 16.2 / 17.2-22.2", "SCN-2", "units a scenario sets up 'within N hexes of' a hex start there")
def within(p: Position, start: GameState, d: Deployment) -> list[Verdict]:
    spec = d.within or {}
    anchors = [p.hex(str(x)) for x in spec.get("of") or ()]
    reach = spec.get("hexes")
    if not anchors or None in anchors or not isinstance(reach, int):
        return [NotCheckable(f"the hexes of the set-up '{d.text or d.units}' (its within: of, hexes)")]
    if not d.units:
        return [NotCheckable(f"the units of '{d.text}' (not listed in the transcription: the Formation Displays)")]
    names = ", ".join(p.game.map.labels[h] for h in anchors)
    out: list[Verdict] = []
    for uid in d.units:
        at = start.where(uid)
        if at is None:
            out.append(Illegal(cited(d), f"{uid} is not on the map at the set-up: the scenario deploys it within "
                               f"{reach} hexes of {names}"))
        elif min(at.distance(h) for h in anchors) > reach:
            out.append(Illegal(cited(d), f"{uid} sets up in {p.game.map.labels[at]}, "
                               f"{min(at.distance(h) for h in anchors)} hexes from {names}: within {reach} only"))
        else:
            out.append(Legal(detail=f"{uid} sets up within {reach} hexes of {names} ({cited(d)})"))
    return out
