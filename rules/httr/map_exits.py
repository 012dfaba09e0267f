"""HTTR formations that cross a map sheet and leave it through one hex by a stated GT (ScR 8.1.9: the 9th SS
reconnaissance battalion leaves Map A at A0130 by the end of GT 3).

Data: ``[special.sheet_exits] rows`` of ``formations`` (units.csv formations or unit ids; ``"unknown"`` with
``needs`` naming what is missing), ``sheet``, ``hex``, ``by_turn`` and ``rule``.

Reading: a unit leaves the sheet on a step of its move from a hex of the sheet to one that is not (sheets overlap:
a hex on both is on the sheet), or off the map; the step must start in the exit hex. "By the end of GT 3" is judged
as the tracker enters GT 4.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.builder.timeline import Event, Move, TurnChange
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.registry import rule
from hexforge.rules.state import phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DATA = "sheet_exits"  # game.toml [special.sheet_exits]


Position = Board


@dataclass
class SheetExits:
    """Each hex's sheet letters (built on first use) and the GTs whose beginning was judged."""

    sheets: dict[Hex, set[str]] = field(default_factory=dict)
    begun: set[int] = field(default_factory=set)

    def on(self, game: Game, h: Hex | None, sheet: str) -> bool:
        if not self.sheets:
            for name, at in game.map.index.items():
                self.sheets.setdefault(at, set()).add(name[:1])
        return h is not None and sheet in self.sheets.get(h, set())


def rows(game: Game) -> list[dict]:
    return list((game.special(DATA) or {}).get("rows", ()))


def on_event(p: Position, log: SheetExits, e: Event) -> list[Verdict]:
    """ScR 8.1.9's verdicts on one event (before the referee's other checks)."""
    if not rows(p.game):
        return []
    if isinstance(e, TurnChange):
        turn = phase_of(p.game, e)[0]
        if turn is None or turn in log.begun:
            return []
        log.begun.add(turn)
        return [v for row in rows(p.game) if turn == int(row.get("by_turn", -9)) + 1 for v in [still_on(p, log, row)]]
    uid = p.unit(e)
    start = p.state.where(uid) if uid is not None else None
    if not isinstance(e, Move) or start is None:
        return []
    steps = [start] + [p.hex(x) for x in (e.path or (e.to_hex,))] if e.to_hex is not None else [start, None]
    return [v for row in rows(p.game) if isinstance(row.get("formations"), list)
            and belongs(p.game, uid, row["formations"]) for v in [left_by(p, log, uid, steps, row)] if v]


@rule("HTTR ScR 8.1.9", "RES-5", "the 9th SS reconnaissance battalion leaves Map A at A0130 by the end of GT 3 "
      "(the data's sheet exits)")
def left_by(p: Position, log: SheetExits, uid: str, steps: list[Hex | None], row: dict) -> Verdict | None:
    sheet, gate = str(row.get("sheet")), p.hex(row.get("hex"))
    for a, b in zip(steps, steps[1:]):
        if log.on(p.game, a, sheet) and not log.on(p.game, b, sheet):
            if a != gate:
                return Illegal(row.get("rule", "HTTR ScR 8.1.9"), f"{uid} leaves Map {sheet} from "
                               f"{p.game.map.labels.get(a)}: it exits at {row.get('hex')}")
            return Legal(detail=f"{uid} leaves Map {sheet} at {row.get('hex')} ({row.get('rule')})")
    return None


def still_on(p: Position, log: SheetExits, row: dict) -> Verdict:
    """RES-5 (``left_by``'s rule): as the GT after ``by_turn`` begins, none of the formation is on the sheet."""
    if not isinstance(row.get("formations"), list):
        return NotCheckable(row.get("needs") or f"the units bound to leave Map {row.get('sheet')} (ScR 8.1.9)")
    sheet = str(row.get("sheet"))
    left = sorted(u for u, at in p.state.positions.items() if belongs(p.game, u, row["formations"])
                  and log.on(p.game, at, sheet))
    if left:
        return Illegal(row.get("rule", "HTTR ScR 8.1.9"), f"{', '.join(left)} still on Map {sheet} after GT "
                       f"{row.get('by_turn')}: they exit at {row.get('hex')} by its end")
    return Legal(detail=f"none of them is on Map {sheet} after GT {row.get('by_turn')} ({row.get('rule')})")
