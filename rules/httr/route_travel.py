"""HTTR 30th Corps's Travel lock on Club Route (ScR 5.2.4.4, 5.2.4.6, 8.2.2.3 note): a 30th Corps unit outside the
spearhead leaves Travel Mode voluntarily only once a unit of its formation has been fired on or a German unit stands
within four hexes of Club Route (not one set up along the front line); from the supply rules' first GT a unit on
Club Route leaves it only when its HQ holds a CP. Spearhead units (of the spearhead formations, within the lead's
first route hexes, ScR 8.2.2.1, 5.2.4.3) are exempt from both.

Data (game.toml ``[special.route_envelope]``, with route_envelope.py's ``formations`` and ``path``): ``spearhead``
(the spearhead formations), ``spearhead_hexes`` (route hexes counted back from the lead), ``spot_reach`` (four),
``front_line`` (the front line's hexes, labels or ranges; German units still on them where they set up do not
count) and ``travel_rule``.

Readings: a unit's formation is its units.csv ``formation`` (its regiment or brigade HQ); it has been fired on once a
unit of it was a target of fire or in a close action; a German unit within four hexes of Club Route is taken as
spotted (observation is not judged here: the verdict says it guessed); a change out of Travel by a unit fired on
or in a close action this phase is the fire's (5.2.4.7), not voluntary.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import Event, Move, StepChange, TurnChange
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import command_points as cpl
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.movement import Movement
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.restrictions import belongs
from hexforge.rules.httr.route_envelope import Envelope, along, config, route
from hexforge.rules.httr.supply_rules import before_supply_rules
from hexforge.rules.httr.units import controlling_hq
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

SPOT_REACH = 4  # ScR 5.2.4.6 (L1162): 'a German unit within four hexes from the Club Route'
SPEARHEAD_HEXES = 12  # ScR 8.2.2.1 (L1318): 'the most advanced twelve hexes heading north on Club Route'


class Position(Board, Protocol):
    fire: FireLog
    ca: CaLog
    cp: cpl.CpLedger
    envelope: Envelope


@dataclass
class TravelLock:
    """The 30th Corps formations fired on so far, and where each unit set up (the log's first position)."""

    fired: set[str] = field(default_factory=set)
    start: dict[str, Hex] | None = None
    route_mp: dict[str, float] = field(default_factory=dict)  # this phase's MP each unit spent along Club Route


def on_event(p: Position, log: TravelLock, e: Event) -> list[Verdict]:
    """Notes the formations fired on; judges a 30th Corps unit's change out of Travel Mode."""
    cfg = config(p.game)
    corps = list(cfg.get("formations", ()))
    if not corps:
        return []
    if log.start is None:
        log.start = dict(p.state.positions)
    for u in set(p.fire.fired_at) | set(p.ca.involved):
        if u in p.game.units and belongs(p.game, u, corps):
            log.fired.add(p.game.units[u].formation)
    if isinstance(e, TurnChange):
        log.route_mp.clear()
    uid = p.unit(e)
    if uid is None or p.state.where(uid) is None or not belongs(p.game, uid, corps):
        return []
    if isinstance(e, Move) and e.to_hex is not None:
        out = [judge_route_ma(p, log, cfg, uid, e)]
        if mem.mode(p.state, uid) == "travel":
            out.append(judge_southward(p, cfg, uid, e))
        return [v for v in out if v is not None]
    if not isinstance(e, StepChange):
        return []
    said = mem.layer_change(e.trait, e.new, p.channel)
    if said is None or said[0] != "mode" or said[1] == "travel" or mem.mode(p.state, uid) != "travel":
        return []
    return [judge_travel_lock(p, log, cfg, uid)]


def spearhead(p: Position, cfg: dict, path: list[Hex], uid: str) -> bool:
    """ScR 8.2.2.1: of a spearhead formation and within the lead's first route hexes."""
    corps = list(cfg.get("formations", ()))
    if not isinstance(cfg.get("spearhead"), list) or not belongs(p.game, uid, cfg["spearhead"]):
        return False
    lead = max(along(path, at)[0] for u, at in p.state.positions.items()
               if u in p.game.units and belongs(p.game, u, corps))
    return lead - along(path, p.state.where(uid))[0] < int(cfg.get("spearhead_hexes", SPEARHEAD_HEXES))


@rule("HTTR ScR 5.2.4.4 / 5.2.4.6 / 8.2.2.3", "RES-9", "30th Corps units outside the spearhead leave Travel Mode only "
      "once their formation was fired on or a German unit is within 4 hexes of Club Route; on Club Route, from the "
      "supply rules on, only with a CP at their HQ")
def judge_travel_lock(p: Position, log: TravelLock, cfg: dict, uid: str) -> Verdict:
    path = route(p.game, p.envelope, cfg.get("path"))
    if not path:
        return NotCheckable(str(cfg.get("needs") or "Club Route's hexes in order (ScR 8.2.2.3)"))
    if spearhead(p, cfg, path, uid):
        return Legal(detail=f"{uid} is of the spearhead: it leaves Travel Mode freely (ScR 5.2.4.6 exception)")
    if uid in p.fire.fired_at or uid in p.ca.involved:
        return Legal(detail=f"{uid} was fired on this phase: the mode change is the fire's (ScR 5.2.4.7)")
    why = str(cfg.get("travel_rule", "HTTR ScR 5.2.4.6"))
    at = p.state.where(uid)
    if at in path and before_supply_rules(p.game, p.state.turn) is False:
        hq = controlling_hq(p.game, uid)
        cp = cpl.held(p, hq) if hq is not None else None
        if cp is None:
            return NotCheckable(f"the CP {hq} holds (ScR 5.2.4.4: a unit leaves Club Route's Travel only with one)")
        if cp < 1:
            return Illegal("HTTR ScR 5.2.4.4", f"{uid} leaves Travel Mode on Club Route, but its HQ {hq} holds no CP")
    if p.game.units[uid].formation in log.fired:
        return Legal(detail=f"{uid}'s formation has been fired on (ScR 5.2.4.6)")
    seen = spotted(p, log, cfg, path, p.state.side(uid))
    if isinstance(seen, NotCheckable):
        return seen
    if seen is not None:
        return Legal(guess=f"{seen} stands within {cfg.get('spot_reach', SPOT_REACH)} hexes of Club Route: taken as "
                     f"spotted by {uid}'s formation (observation is not judged here)")
    return Illegal(why, f"{uid} leaves Travel Mode, but no unit of its formation has been fired on and no German unit "
                   f"stands within {cfg.get('spot_reach', SPOT_REACH)} hexes of Club Route")


def spotted(p: Position, log: TravelLock, cfg: dict, path: list[Hex], side: str | None) -> str | NotCheckable | None:
    """An enemy unit within ``spot_reach`` of Club Route, not one still on the front line where it set up."""
    front = cfg.get("front_line")
    if not isinstance(front, list):
        return NotCheckable("the front line's hexes (game.toml [special.route_envelope] front_line; ScR 5.2.4.6: "
                            "German units set up along it do not count)")
    line = {h for s in front for h in p.game.map.hexes(str(s))}
    reach = int(cfg.get("spot_reach", SPOT_REACH))
    for u, at in sorted(p.state.positions.items()):
        if p.state.side(u) == side or along(path, at)[1] > reach:
            continue
        if at in line and (log.start or {}).get(u) == at:
            continue
        return u
    return None


@rule("HTTR ScR 5.2.4.5", "RES-9", "a 30th Corps unit in Travel Mode moves south on Club Route only when its HQ "
      "holds CP (from the supply rules on)")
def judge_southward(p: Position, cfg: dict, uid: str, e: Move) -> Verdict | None:
    """Reading: 'south' is back along the route's order; 'it will be operating away from the Club Route' is the
    player's intent, so a CP at the HQ suffices; before the supply rules no CP is assigned and this is not judged."""
    path = route(p.game, p.envelope, cfg.get("path"))
    if not path or before_supply_rules(p.game, p.state.turn) is not False:
        return None
    steps = [p.state.where(uid)] + [h for h in (p.hex(x) for x in (e.path or (e.to_hex,))) if h is not None]
    back = any(a in path and b in path and path.index(b) < path.index(a) for a, b in zip(steps, steps[1:]))
    if not back:
        return None
    hq = controlling_hq(p.game, uid)
    cp = cpl.held(p, hq) if hq is not None else None
    if cp is None:
        return NotCheckable(f"the CP {hq} holds (ScR 5.2.4.5: a Travel unit moves south on Club Route only with CP)")
    if cp < 1:
        return Illegal("HTTR ScR 5.2.4.5", f"{uid} moves south on Club Route in Travel Mode, but its HQ {hq} holds "
                       "no CP")
    return Legal(detail=f"{uid} moves south on Club Route with CP at {hq} (ScR 5.2.4.5)")


@rule("HTTR ScR 5.2.4.1-5.2.4.3", "RES-9", "30th Corps units outside the spearhead spend on Club Route no more MP in "
      "a phase than the Club Route MA rolled on the Log Table")
def judge_route_ma(p: Position, log: TravelLock, cfg: dict, uid: str, e: Move) -> Verdict | None:
    """A 30th Corps unit's move in its side's Movement or Reaction Phase: the MP of its steps from a Club Route hex
    to the next (its road), added over the phase, at most the last Club Route delivery's MA roll (5.2.4.1 when it
    moves only along the route, else 5.2.4.2); the spearhead is exempt (5.2.4.3). Readings: the Club Route MA is the
    third Logistics roll of a Club Route delivery (logistics.on_roll); before the log shows one and before the
    supply rules begin there is no cap to judge; 5.2.4.1's 'regardless of how many MPs could be expended with CPs'
    (an MA above a CP-rolled one) is not judged here."""
    kind, side = p.phase()
    path = route(p.game, p.envelope, cfg.get("path"))
    if kind not in ("movement", "reaction") or side != p.state.side(uid) or not path \
            or spearhead(p, cfg, path, uid):
        return None
    hexes = [p.state.where(uid)] + [p.hex(x) for x in (e.path or (e.to_hex,))]
    steps = [(a, b) for a, b in zip(hexes, hexes[1:]) if a != b]
    on = [(a, b) for a, b in steps if a in path and b in path]
    if not on:
        return None
    ma = p.cp.route_ma
    if ma is None:
        return None if before_supply_rules(p.game, p.state.turn) is not False else NotCheckable(
            "the Club Route MA (a Club Route delivery's MA roll, ScR 5.2.4.1-5.2.4.2, the log has not shown)")
    if isinstance(ma, Unknown):
        return NotCheckable(f"{ma.needs} (the Club Route MA, ScR 5.2.4.1-5.2.4.2)")
    mv = Movement(p.game, p.state, uid)
    column = mv.column()
    if isinstance(column, Unknown):
        return NotCheckable(f"{column.needs} (the MP {uid} spent along Club Route, ScR 5.2.4.2)")
    costs = [mv.enter_cost(a, b, column) if a.distance(b) == 1 else Unknown(
        f"the hexes {uid} moved through from {p.game.map.labels[a]} to {p.game.map.labels[b]}") for a, b in on]
    unknown = next((c for c in costs if not isinstance(c, float)), None)
    if unknown is not None:
        why = unknown.needs if isinstance(unknown, Unknown) else f"a step it may not take ({unknown})"
        return NotCheckable(f"the MP {uid} spent along Club Route: {why} (ScR 5.2.4.2)")
    log.route_mp[uid] = log.route_mp.get(uid, 0.0) + sum(costs)
    spent = log.route_mp[uid]
    rule_no = "HTTR ScR 5.2.4.1" if len(on) == len(steps) else "HTTR ScR 5.2.4.2"
    if spent > ma:
        return Illegal(rule_no, f"{uid} has spent {spent:g} MP on Club Route this phase: the Club Route MA is {ma:g} "
                       "(outside the spearhead, ScR 5.2.4.3)")
    return Legal(detail=f"{uid}: {spent:g} of the Club Route MA of {ma:g} (ScR 5.2.4.1-5.2.4.2)")
