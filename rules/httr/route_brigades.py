"""HTTR's 231st Brigade (ScR 8.2.1.4): it moves freely within three hexes of Club Route, no farther north along it
than Valkenswaard, until the end of GT 4; then it halts until the rest of the 50th Division is released (ScR 23.1.8).

Data (game.toml ``[special.route_envelope]``, with route_envelope.py's ``path``): ``held_brigades``, rows of
``formations``, ``reach``, ``until_turn``, ``north_limit`` (a place name or hex label), ``released_by`` (a formation
of a ``[special.releases]`` row: the brigade moves again from the GT that row's group is available) and ``rule``.

Readings: 'as far North as Valkenswaard' is read along Club Route: no step past the route hex nearest the place
(its northernmost hex); the halt binds the brigade's own moves (its side's Movement and Reaction Phases), not a
retreat after combat.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hexforge.builder.timeline import Event, Move, TurnChange
from hexforge.maps.hexes import Hex
from hexforge.rules.httr import releases
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.httr.route_envelope import Envelope, along, config, route
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class Position(Board, Protocol):
    envelope: Envelope
    released: releases.Released


@dataclass
class Brigades:
    """Whether a held brigade with no unit in units.csv was already said to be not checkable."""

    named: bool = False


def on_event(p: Position, log: Brigades, e: Event) -> list[Verdict]:
    """A held brigade's own move (before the referee's other checks)."""
    if isinstance(e, TurnChange) and not log.named:
        log.named = True
        empty = [r for r in config(p.game).get("held_brigades", ())
                 if not any(belongs(p.game, u, list(r.get("formations", ()))) for u in p.game.units)]
        return [NotCheckable(f"the units of {', '.join(r.get('formations', ()))} (units.csv; {r.get('rule')})")
                for r in empty]
    uid = p.unit(e)
    if not isinstance(e, Move) or uid is None or p.state.where(uid) is None or e.to_hex is None:
        return []
    kind, side = p.phase()
    rows = [r for r in config(p.game).get("held_brigades", ()) if belongs(p.game, uid, list(r.get("formations", ())))]
    if not rows or kind not in ("movement", "reaction") or side != p.state.side(uid):
        return []
    steps = [h for h in (p.hex(x) for x in (e.path or (e.to_hex,))) if h is not None]
    return [judge_brigade(p, rows[0], uid, steps)]


def limit_index(p: Position, path: list[Hex], name: object) -> int | None:
    """The route index nearest the north limit (a place's northernmost hex, or a hex label)."""
    place = next((pl for pl in p.game.map.terrain.places if pl.name == name), None)
    hexes = list(place.hexes or ()) if place is not None else [h for h in (p.hex(str(name)),) if h is not None]
    return max((along(path, h)[0] for h in hexes), default=None)


@rule("HTTR ScR 8.2.1.4", "RES-9", "the 231st Brigade moves within 3 hexes of Club Route, no farther north than "
      "Valkenswaard, until the end of GT 4; then it halts until the 50th Division is released")
def judge_brigade(p: Position, row: dict, uid: str, steps: list[Hex]) -> Verdict:
    why, turn = str(row.get("rule", "HTTR ScR 8.2.1.4")), p.state.turn or 0
    if turn > int(row.get("until_turn", 0)):
        free = released_from(p, row.get("released_by"))
        if isinstance(free, NotCheckable):
            return free
        if free is None or turn < free:
            return Illegal(why, f"{uid} moves in GT {turn}: its brigade halts after GT {row.get('until_turn')} until "
                           f"the rest of its division is released")
        return Legal(detail=f"{uid}'s division is released since GT {free} ({why})")
    path = route(p.game, p.envelope, config(p.game).get("path"))
    if not path:
        return NotCheckable(str(config(p.game).get("needs") or "Club Route's hexes in order (ScR 8.2.2)"))
    north = limit_index(p, path, row.get("north_limit"))
    if north is None:
        return NotCheckable(f"the hexes of {row.get('north_limit')} (terrain.toml places; ScR 8.2.1.4)")
    reach = int(row.get("reach", 3))
    for h in steps:
        index, gap = along(path, h)
        if gap > reach:
            return Illegal(why, f"{uid} moves to {p.game.map.labels.get(h)}, {gap} hexes from Club Route: within "
                           f"{reach} only")
        if index > north:
            return Illegal(why, f"{uid} moves to {p.game.map.labels.get(h)}, north of {row.get('north_limit')} along "
                           "Club Route")
    return Legal(detail=f"{uid} keeps within {reach} hexes of Club Route, south of {row.get('north_limit')} ({why})")


def released_from(p: Position, formation: object) -> int | None | NotCheckable:
    """The GT the ``[special.releases]`` row naming ``formation`` makes its group available (None: not yet)."""
    rows = releases.rows(p.game)
    i = next((i for i, r in enumerate(rows) if formation in r.get("formations", ())), None)
    if i is None:
        return NotCheckable(f"the release of {formation} (game.toml [special.releases] rows; ScR 8.2.1.4)")
    if i not in p.released.met:
        return None
    return p.released.met[i][0] + int(rows[i].get("delay", 1))
