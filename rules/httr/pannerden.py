"""HTTR's permanent ferry (ScR 9.2, the Pannerden ferry): its construction begins with the Ferry Under Construction
marker placed in the build hex in its side's Command Phase, where a concentrated combat engineer of at least two SP
stands (9.2.1, 9.2.2, 9.2.4); at most two leg companies or two non-leg SP cross it a GT (9.2.8); a non-leg unit
crosses only with an engineer of two SP in one of its hexes (9.2.9); a unit of the other side crosses only with a
leader (9.2.16).

Data: ``[special.permanent_ferry]``: ``side``, ``hexes`` (the two hexes the ferry joins), ``build_hex``,
``engineer_sp``, ``max_leg_companies``, ``max_non_leg_sp``, ``marker`` (the construction marker's id).

Not judged here (reported): the build and upgrade rolls (9.2.4-9.2.5: the marker's faces are not read), the ferry's
class against the crossing unit's (9.2.3), and the other side's 2d6 under six (9.2.16: the log has no button for
it). Readings: a leg unit crossing is one of the 'leg company size units' whatever its size; 'two leg company
size units or two non-leg strength points' are two limits, each kept; the leader that accompanies a unit of the
other side stands in the hex it crosses from.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import Entered, Event, Move, TurnChange
from hexforge.games.game import Game
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.units import is_kind, mobility, number
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState, phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "permanent_ferry"  # game.toml [special.permanent_ferry]


class Position(Protocol):
    game: Game
    state: GameState

    def phase(self) -> tuple[str, str | None]: ...
    def hex(self, label: str | None) -> Hex | None: ...
    def unit(self, e: Event) -> str | None: ...


@dataclass
class Crossings:
    """This GT's crossings: leg units, non-leg SP, who crossed."""

    turn: int | None = None
    leg: int = 0
    sp: float = 0.0
    units: list[str] = field(default_factory=list)


def config(game: Game) -> dict:
    cfg = plain((game.info.special or {}).get(DATA))
    return cfg if isinstance(cfg, dict) else {}


def on_event(p: Position, log: Crossings, e: Event) -> list[Verdict]:
    """ScR 9.2's verdicts on one event (before the referee's other checks)."""
    cfg = config(p.game)
    if not cfg:
        return []
    if isinstance(e, TurnChange):
        turn = phase_of(p.game, e)[0]
        if turn != log.turn:
            log.turn, log.leg, log.sp, log.units = turn, 0, 0.0, []
        return []
    marker = next((m for m in p.game.info.markers if m.id == cfg.get("marker")), None)
    if isinstance(e, Entered) and marker is not None and e.piece.unit is None \
            and e.piece.name == str(plain(marker.name)):
        return [judge_start(p, cfg, p.hex(e.hex))]
    uid = p.unit(e)
    start = p.state.where(uid) if uid is not None else None
    if not isinstance(e, Move) or start is None or e.to_hex is None:
        return []
    steps = [start] + [p.hex(x) for x in (e.path or (e.to_hex,))]
    ends = {p.hex(str(h)) for h in cfg.get("hexes") or ()}
    crossed = [a for a, b in zip(steps, steps[1:]) if {a, b} == ends and None not in ends]
    return [judge_crossing(p, log, cfg, uid, crossed[0])] if crossed else []


def engineer_there(p: Position, cfg: dict, hexes: set[Hex], concentrated: bool) -> bool | None:
    """A combat engineer of the ferry's side with ``engineer_sp`` SP or more in ``hexes`` (None: its SP unknown)."""
    need, found = float(cfg.get("engineer_sp", 2)), False
    for h in hexes:
        for u in p.state.at(h):
            if p.state.side(u) != cfg.get("side") or not is_kind(p.game, u, "engineer"):
                continue
            sp = number(p.game, u, "strength")
            if isinstance(sp, Unknown):
                return None
            if sp >= need and (not concentrated or mem.mode(p.state, u) == "concentrated"):
                found = True
    return found


@rule("HTTR ScR 9.2.1-9.2.2 / 9.2.4", "FRY-3", "the permanent ferry is begun in its build hex in its side's Command "
      "Phase by a concentrated combat engineer of two SP or more; at most two leg companies or two non-leg SP cross "
      "it a GT, non-leg units only with such an engineer there, the other side's units only with a leader")
def judge_start(p: Position, cfg: dict, h: Hex | None) -> Verdict:
    build = p.hex(str(cfg.get("build_hex")))
    kind, side = p.phase()
    if h is None or build is None:
        return NotCheckable(f"the hex of the ferry marker and the build hex (game.toml [special.{DATA}])")
    if kind != "command" or side != cfg.get("side"):
        return Illegal("HTTR ScR 9.2.1", "the ferry's construction begins in its side's Command Phase")
    if h != build:
        return Illegal("HTTR ScR 9.2.1", f"the ferry is built from {cfg.get('build_hex')}, not "
                       f"{p.game.map.labels[h]}")
    there = engineer_there(p, cfg, {h}, concentrated=True)
    if there is None:
        return NotCheckable(f"the strength of the engineers in {p.game.map.labels[h]} (units.csv strength)")
    if not there:
        return Illegal("HTTR ScR 9.2.2", f"no concentrated combat engineer of {cfg.get('engineer_sp', 2)} SP or "
                       f"more in {p.game.map.labels[h]} to build the ferry")
    return Legal(detail="the ferry's construction begins (ScR 9.2.1, 9.2.4)")


def judge_crossing(p: Position, log: Crossings, cfg: dict, uid: str, frm: Hex) -> Verdict:
    """FRY-3 (``judge_start``'s rule) on a unit crossing the ferry from ``frm``."""
    mob = mobility(p.game, uid)
    if isinstance(mob, Unknown):
        return NotCheckable(mob.needs)
    if p.state.side(uid) != cfg.get("side"):
        leader = any(is_kind(p.game, u, "leader") and p.state.side(u) == p.state.side(uid)
                     for u in p.state.at(frm) if u != uid)
        if not leader:
            return Illegal("HTTR ScR 9.2.16", f"{uid} crosses the ferry without a leader: the other side's units "
                           "use it only with one")
    if mob == "leg":
        log.leg += 1
    else:
        sp = number(p.game, uid, "strength")
        if isinstance(sp, Unknown):
            return NotCheckable(sp.needs)
        ends = {p.hex(str(h)) for h in cfg.get("hexes") or ()} - {None}
        there = engineer_there(p, cfg, ends, concentrated=False)
        if there is None:
            return NotCheckable("the strength of the engineers at the ferry (units.csv strength)")
        if not there:
            return Illegal("HTTR ScR 9.2.9", f"{uid} is not a leg unit and crosses the ferry without an engineer "
                           f"of {cfg.get('engineer_sp', 2)} SP at it")
        log.sp += sp
    log.units.append(uid)
    if log.leg > int(cfg.get("max_leg_companies", 2)) or log.sp > float(cfg.get("max_non_leg_sp", 2)):
        return Illegal("HTTR ScR 9.2.8", f"{uid} is one crossing too many this GT ({', '.join(log.units)}): at most "
                       "two leg companies or two non-leg SP cross the ferry a turn")
    return Legal(detail=f"{uid} crosses the ferry (ScR 9.2.8: {log.leg} leg units, {log.sp:g} non-leg SP this GT)")
