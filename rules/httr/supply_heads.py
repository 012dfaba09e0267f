"""HTTR airborne supply heads (ScR 5.1.3.1-5.1.3.3, 5.1.4): each airborne division's supply head marker is
placed on its hex (the game's supply-source place) and is moved only by the relocation procedure. Which marker
is whose is ``game.toml [special.supply_heads]`` (marker id, place name, division HQ, nationality).

Readings: "out of supply for seven consecutive turns" counts the division HQ's supply state at the start of each
of its side's Command Phases (SR 13.2.7: supply is determined in the Command Phase); the relocation's 2d6 is the
last two-dice roll before the marker moves, in the same phase; the run is known once the log has shown the HQ in
supply (or before the supply rules begin, ScR 5.2), not before.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Entered, Move
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.supply_rules import before_supply_rules
from hexforge.rules.registry import rule
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

HEADS = "supply_heads"
OOS_TURNS = 7  # ScR 5.1.4.1 (L1109)
SUCCEEDS = {"american": 8, "british": 6, "polish": 6}  # ScR 5.1.4.3 (L1111)
OPEN = frozenset({"clear"})  # ScR 5.1.4.2 (L1110): 'open terrain hexes'


@dataclass(slots=True)
class HeadLog:
    """Each head division HQ's run of turns out of supply, the last two-dice roll, the day each head moved."""

    oos: dict[str, int | None] = field(default_factory=dict)
    assessed: set[tuple[str, int]] = field(default_factory=set)
    roll: int | None = None
    moved_on: dict[str, str] = field(default_factory=dict)


class Position(Board, Protocol):
    rules: RulesSystem
    heads: HeadLog

    def calendar(self) -> dict[int, dict]: ...


def heads(game: Game) -> list[dict]:
    got = game.special(HEADS) or {}
    return [h for h in got.get("heads", ()) if isinstance(h, dict)] if isinstance(got, dict) else []


def head_of(game: Game, name: str) -> dict | None:
    """The supply head entry whose marker the piece ``name`` is."""
    ids = {m.name.resolved: m.id for m in game.info.markers or ()}
    return next((h for h in heads(game) if h.get("marker") == ids.get(name)), None)


def phase_began(p: Position, kind: str, side: str | None, turn: int | None) -> None:
    """At each of a side's Command Phases (of game turn ``turn``), its head divisions' HQs' supply state extends or
    ends their run."""
    p.heads.roll = None
    if kind != "command" or turn is None:
        return
    for h in heads(p.game):
        hq = h.get("division")
        if hq not in p.game.units or p.game.units[hq].side != side or (hq, turn) in p.heads.assessed:
            continue
        p.heads.assessed.add((hq, turn))
        got = True if before_supply_rules(p.game, turn) is True else p.rules.supplied(p.state, hq).supplied
        run = p.heads.oos.get(hq)
        p.heads.oos[hq] = 0 if got else None if got is None or run is None else run + 1


def rolled(p: Position, e: DiceRoll) -> None:
    if len(e.values) == 2:
        p.heads.roll = e.total if e.total is not None else sum(e.values)


def judge_head(p: Position, e: Move | Entered, h: dict) -> Verdict:
    to = p.hex(e.to_hex if isinstance(e, Move) else e.hex)
    if to is None:
        return NotCheckable("the hex the supply head marker is on")
    return check_relocation(p, e, h, to) if isinstance(e, Move) else check_placed(p, h, to)


@rule("HTTR ScR 5.1.3.2-5.1.3.3", "SUP-16", "each airborne division's supply head marker is placed on its hex")
def check_placed(p: Position, h: dict, to: Hex) -> Verdict:
    place = next((pl for pl in p.game.map.terrain.places if pl.name == h.get("place")), None)
    if place is None or place.hexes is None:
        return NotCheckable(f"the hex of {h.get('place')} (terrain.toml places; ScR 5.1.3.2)")
    if to not in place.hexes:
        return Illegal("HTTR ScR 5.1.3.2", f"the supply head {h.get('marker')} is placed in {p.game.map.labels[to]}, "
                       f"not on {', '.join(sorted(p.game.map.labels[x] for x in place.hexes))}")
    return Legal()


@rule("HTTR ScR 5.1.4.1-5.1.4.4", "SUP-19", "a supply head moves only after seven consecutive turns out of supply of "
      "its division HQ, to an open hex, on 2d6 <= 8 (US) / <= 6 (British, Polish), once a day in a daylight Command "
      "Phase")
def check_relocation(p: Position, e: Move, h: dict, to: Hex) -> Verdict:
    kind, side = p.phase()
    row = p.calendar().get(p.state.turn or 0, {})
    hq, marker = h.get("division"), str(h.get("marker"))
    if hq not in p.game.units:
        return NotCheckable(f"the HQ unit of the division {hq!r} (units.csv; game.toml [special.{HEADS}])")
    if kind != "command" or row.get("kind") != "day" or p.game.units[hq].side != side:
        return Illegal("HTTR ScR 5.1.4.4", f"the supply head {marker} moves outside a daylight Command Phase of its "
                       "side")
    if p.heads.moved_on.get(marker) == row.get("date"):
        return Illegal("HTTR ScR 5.1.4.4", f"the supply head {marker} moves twice on {row.get('date')}: once a day")
    run = p.heads.oos.get(hq)
    if run is None:
        return NotCheckable(f"whether {hq} was out of supply these seven turns (the supply chain's data)")
    if run < OOS_TURNS:
        return Illegal("HTTR ScR 5.1.4.1", f"{hq} has been out of supply {run} consecutive turns: its supply head "
                       "moves only after seven")
    kinds = p.game.map.terrain.of(to)
    if kinds is None:
        return NotCheckable(f"terrain of hex {p.game.map.labels[to]} (unsurveyed; ScR 5.1.4.2 open terrain)")
    most = SUCCEEDS.get(str(h.get("nationality")))
    if not kinds <= OPEN or most is None or p.heads.roll is None or p.heads.roll > most:
        return Illegal("HTTR ScR 5.1.4.2-5.1.4.3", f"the supply head {marker} moves to {p.game.map.labels[to]} "
                       f"({', '.join(sorted(kinds))}) after a 2d6 of {p.heads.roll}: it goes to open terrain on "
                       f"{most} or less")
    p.heads.moved_on[marker] = str(row.get("date"))
    return Legal(detail=f"{hq} out of supply {run} turns: the supply head relocates (2d6 {p.heads.roll})")
