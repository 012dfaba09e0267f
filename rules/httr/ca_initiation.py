"""HTTR close actions against the 16th SS battalion on GT 1 and 2 (ScR 8.3.4): the Allied player first rolls a 1d6; on
1-3 the close action does not start, and its target may not be close-assaulted again that phase.

Data: ``[special.ca_initiation]``: ``formations`` (of the defenders; ``"unknown"`` with ``needs``), ``turns``,
``fails`` (the 1d6 results that stop it), and the button of purpose ``ca-initiation``. Reading: the roll is the
last one of that button since the phase's previous close action declaration; a failed roll followed by the
declaration is the illegal close action.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.builder.timeline import ChatLine, DiceRoll, Event, TurnChange
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import parse
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "ca_initiation"  # game.toml [special.ca_initiation]


Position = Board


@dataclass
class Initiation:
    """The roll awaiting its close action, and the hexes barred from close action this phase."""

    roll: int | None = None
    barred: set[Hex] = field(default_factory=set)


def on_event(p: Position, log: Initiation, e: Event) -> list[Verdict]:
    """ScR 8.3.4's verdicts on one event (before the referee's other checks)."""
    cfg = p.game.special(DATA) or {}
    if not cfg or p.state.turn not in cfg.get("turns", ()):
        return []
    if isinstance(e, TurnChange):
        log.roll, log.barred = None, set()
    elif isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        if button is not None and button.purpose == "ca-initiation":
            log.roll = e.total if e.total is not None else sum(e.values)
    elif isinstance(e, ChatLine):
        d = parse(e.text)
        target = p.hex(d.target) if d is not None and d.kind == "ca" else None
        if target is not None:
            roll, log.roll = log.roll, None
            return [judge_initiation(p, log, cfg, target, d.target, roll)]
    return []


@rule("HTTR ScR 8.3.4", "RES-13", "on GT 1-2 a close action on 16th SS units first needs a 1d6 of 4-6; after 1-3 "
      "their hex is not close-assaulted that phase")
def judge_initiation(p: Position, log: Initiation, cfg: dict, target: Hex, label: str, roll: int | None) -> Verdict:
    formations = cfg.get("formations")
    if not isinstance(formations, list):
        return NotCheckable(cfg.get("needs") or "the units of the formation ScR 8.3.4 protects")
    if not any(belongs(p.game, u, formations) for u in p.state.at(target)):
        return Legal()
    if target in log.barred:
        return Illegal("HTTR ScR 8.3.4", f"a close action on {label} after a failed initiation roll this phase")
    if roll is None:
        return Illegal("HTTR ScR 8.3.4", f"a close action on {label} without its 1d6 initiation roll first")
    if roll in cfg.get("fails", ()):
        log.barred.add(target)
        return Illegal("HTTR ScR 8.3.4", f"a close action on {label} after an initiation roll of {roll}: it fails to "
                       "start")
    return Legal(detail=f"an initiation roll of {roll} starts the close action on {label} (ScR 8.3.4)")
