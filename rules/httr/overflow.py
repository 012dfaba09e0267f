"""HTTR conventional DF overflow (SR 6.3.1.5-6.3.1.6 L188-189, 6.3.2.2 L205): when a DF loss reduces one of the
target stack's top two to zero strength points, 'any additional loss is inflicted on either of the two new uppermost
conventional target units'; losses beyond the hex's strength are ignored (6.3.1.7).

The log shows eliminations, never strength points, so two things are judged:

- a ``spill HEX UNIT ...`` declaration after a conventional DF loss (the chat form of IF's spill-over,
  ``effects.judge_spill``) names who took the overflow: the DF's target must be off the map, and each unit named one
  of the new top two (:func:`check_spill`);
- at the phase's end, a unit of the hex eliminated though no fire this phase was aimed at it could only have lost its
  last SP to an overflow: it must have been one of the new top two (:func:`judge_overflows`).

Readings: 'conventional target units' are the hex's units that are neither AFVs (6.3.2.2: a leg target's excess never
passes to an AFV; AFVs are the AT fire's target class, 6.4) nor leaders (never fired at, 19.3.3); the new top two are
the two uppermost such units once the target is removed, and when one of them is eliminated in turn its further loss
goes to the next two (6.3.1.6 applied again). A unit of a hex close-assaulted or hit by IF this phase may have been
eliminated by the close action or the IF's spill-over, so it is not judged; an AFV eliminated so is DF-11's
(``effects.check_no_afv_overflow``), a leader MOR-5's (``leader_loss``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.units import is_kind
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    fire: FireLog
    ca: CaLog


@dataclass(frozen=True, slots=True)
class Loss:
    """A conventional DF loss: the roll's event, the hex, the target unit and the hex's order (top first) then."""

    index: int
    at: Hex
    target: str
    order: tuple[str, ...]


def conventional(game: Game, order: tuple[str, ...] | list[str]) -> list[str] | str:
    """The conventional target units of ``order``, in order (no AFVs, no leaders); or the unit whose type is unknown."""
    out = []
    for u in order:
        afv, leader = is_kind(game, u, "afv"), is_kind(game, u, "leader")
        if afv is None or leader is None:
            return u
        if not afv and not leader:
            out.append(u)
    return out


def receivers(game: Game, state: GameState, loss: Loss) -> set[str] | str:
    """The units the loss's overflow may reach: the new top two after the target, then the next two past each of
    them that is off the map too; or the unit whose type is unknown."""
    rest = conventional(game, tuple(u for u in loss.order if u != loss.target))
    if isinstance(rest, str):
        return rest
    reach: set[str] = set()
    while rest:
        top = rest[:2]
        reach.update(top)
        gone = [u for u in top if state.where(u) is None]
        if not gone:
            break
        rest = [u for u in rest if u not in gone]
    return reach


def remember(p: Position, index: int, at: Hex | None, unit: str, kind: str, lost: int) -> None:
    """A packet's result on ``unit``: a conventional DF loss is remembered for its overflow; any later fire resolved
    at the hex ends the last one's (its spill-over belongs to that fire)."""
    if at is None:
        return
    if p.fire.last_df is not None and p.fire.last_df.at == at:
        p.fire.last_df = None
    if kind == "df" and lost:
        p.fire.last_df = Loss(index, at, unit, mem.stack(p.state, at))
        p.fire.df_losses.append(p.fire.last_df)


@rule("HTTR SR 6.3.1.6 / 6.3.2.2", "DF-6", "a conventional DF loss beyond its eliminated target goes to the new top "
      "two conventional target units (a 'spill' declaration names them)")
def check_spill(p: Position, d: Declaration, loss: Loss) -> Verdict:
    """A ``spill`` declaration in the hex of the last conventional DF loss."""
    label = p.game.map.labels[loss.at]
    if p.state.where(loss.target) is not None:
        return Illegal("HTTR SR 6.3.1.6", f"overflow losses in {label}, but the DF's target {loss.target} is still on "
                       "the map: only a loss beyond its strength passes on")
    reach = receivers(p.game, p.state, loss)
    if isinstance(reach, str):
        return NotCheckable(f"the type of unit {reach} (units.csv type: overflow goes to conventional target units)")
    for u in d.firers:
        if u not in loss.order or u == loss.target:
            return Illegal("HTTR SR 6.3.1.6", f"{u} was not in {label} with {loss.target} when the DF hit it")
        if u not in reach:
            afv = " (an AFV: a leg unit's excess never passes to one, SR 6.3.2.2)" if is_kind(p.game, u, "afv") else ""
            return Illegal("HTTR SR 6.3.1.6", f"{u} takes overflow from the DF at {loss.target}, but is not one of the "
                           f"new top two conventional target units in {label} ({', '.join(sorted(reach)) or 'none'})"
                           + afv)
    return Legal(detail=f"the DF's overflow beyond {loss.target} goes to {', '.join(d.firers)}, of the new top two "
                 "(SR 6.3.1.6)")


@rule("HTTR SR 6.3.1.6", "DF-6", "a unit eliminated by a DF's overflow was one of the new top two")
def judge_overflows(p: Position) -> list[tuple[int, Verdict]]:
    """At the phase's end: each conventional target unit of a DF loss's hex that is off the map though no fire this
    phase was aimed at it must have been within the overflow's reach (the DF's target being eliminated)."""
    out: list[tuple[int, Verdict]] = []
    seen: set[str] = set()
    for loss in p.fire.df_losses:
        if p.state.where(loss.target) is not None or loss.at in set(p.ca.involved.values()) or any(
                "if" in p.fire.fired_kinds.get(u, ()) for u in loss.order):
            continue  # no overflow, or a close action's or IF's spill-over may have eliminated them
        gone = [u for u in loss.order if u != loss.target and u not in seen and p.state.where(u) is None
                and u not in p.fire.fired_kinds and is_kind(p.game, u, "leader", "afv") is False]
        if not gone:
            continue
        reach = receivers(p.game, p.state, loss)
        if isinstance(reach, str):
            out.append((loss.index, NotCheckable(f"the type of unit {reach} (units.csv type: overflow goes to "
                                                 "conventional target units)")))
            continue
        for u in gone:
            seen.add(u)
            if u not in reach:
                out.append((loss.index, Illegal("HTTR SR 6.3.1.6", f"{u} was eliminated, but no fire was aimed at it "
                                                f"and it was not one of the new top two conventional target units in "
                                                f"{p.game.map.labels[loss.at]} when the DF at {loss.target} overflowed"
                                                f" ({', '.join(sorted(reach)) or 'none'})")))
    p.fire.df_losses.clear()
    return out
