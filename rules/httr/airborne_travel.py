"""HTTR: which units may enter Travel Mode (MOD-7). Only a unit capable of vehicular movement (SR 9.5.1.1, L503);
leg infantry, heavy weapons and engineers walk unless a scenario rule lets them (SR 18.8.1, L946): all infantry of
the 9th and 10th SS Panzer Divisions (ScR 8.1.12, L1305) and every unit of 30 Corps (ScR 8.2.1.5, L1313) may.
Airborne infantry has no trucks (SR 18.8.3, L948): 30 Corps may place up to four companies of each airborne division
in Travel Mode, each tracing a supply path to an HQ of the 30 Corps chain of command (ScR 8.2.1.7, L1315).

Data (game.toml): ``[special.travel_capable]`` ``rows`` (``formations``: units.csv ``formation`` values or HQ ids;
``kinds``: the unit types the row allows, all when absent; ``rule``) and ``airborne`` (``companies``, ``rule``);
``[special.airborne]`` ``formations`` (the airborne divisions) and ``[special.airborne_support]`` ``formations`` (the
30 Corps formations: an HQ of one is of its chain of command).

Readings: "four companies of each airborne division" are four of the division's leg units in Travel Mode at once,
whatever their size (the division's units are companies); the supply path is the one of SR 13.2.6 to that HQ
(``airborne_support.reaches``: the HQ's own supply not asked), judged when the unit enters Travel Mode.
"""
from __future__ import annotations


from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.airborne_support import AIRBORNE, DATA as CORPS, belongs, formations, reaches
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.units import formation_hq, is_kind, kind_of, mobility
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, NotCheckable, Verdict

TRAVEL = "travel_capable"  # game.toml [special.travel_capable]: rows, airborne (ScR 8.1.12, 8.2.1.5, 8.2.1.7)
UNKNOWN = "unknown"  # units.csv's word for a value the rulebook does not give


Position = Board


def vague(game: Game, uid: str) -> bool:
    """Is the unit's formation, or one above it (names resolved by ``units.formation_hq``), not transcribed
    (units.csv ``unknown``)?"""
    u: str | None = uid
    seen: set[str] = set()
    while u is not None and u not in seen:
        seen.add(u)
        f = game.units[u].formation.strip()
        if f.lower() == UNKNOWN:
            return True
        u = formation_hq(game, f) if f else None
    return False


def division_of(game: Game, uid: str) -> str | None:
    """The airborne division (a ``[special.airborne]`` formation) the unit is of, else None."""
    return next((f for f in formations(game, AIRBORNE) if belongs(game, uid, [f])), None)


@rule("HTTR SR 9.5.1.1 / 18.8.1 / 18.8.3 / ScR 8.1.12, 8.2.1.5, 8.2.1.7", "MOD-7", "only vehicular-capable units "
      "enter Travel; leg units only where a scenario rule allows (9th/10th SS infantry, 30 Corps); airborne infantry "
      "at most four companies per division, each tracing a supply path to a 30 Corps HQ")
def travel_barred(p: Position, uid: str) -> Verdict | None:
    """Why ``uid`` may not (or may not be known to) enter Travel Mode; None when it may."""
    mob = mobility(p.game, uid)
    if isinstance(mob, Unknown):
        return NotCheckable(mob.needs)
    if mob != "leg":
        return None
    cfg = p.game.special(TRAVEL)
    if not isinstance(cfg, dict):
        return NotCheckable(f"which leg units a scenario rule lets enter Travel Mode (game.toml [special.{TRAVEL}]; "
                            "SR 18.8.1, ScR 8.1.12, 8.2.1.5, 8.2.1.7)")
    if vague(p.game, uid):
        return NotCheckable(f"the formation of unit {uid} (units.csv formation: whether a scenario rule lets it enter "
                            "Travel Mode, SR 18.8.1)")
    div = division_of(p.game, uid)
    if div is not None:
        return airborne_travel(p, uid, div, cfg.get("airborne"))
    for row in cfg.get("rows", ()):
        if not belongs(p.game, uid, list(row.get("formations", ()))):
            continue
        kinds = [str(k) for k in row.get("kinds", ())]
        if not kinds or is_kind(p.game, uid, *kinds):
            return None
        if kind_of(p.game, uid) is None:
            return NotCheckable(f"the type of unit {uid} (units.csv type: {row.get('rule')} lets {', '.join(kinds)} "
                                "enter Travel Mode)")
    return Illegal("HTTR SR 9.5.1.1", f"{uid} is a leg unit: only vehicular-capable units enter Travel Mode (no "
                   "scenario rule lets it, SR 18.8.1)")


def airborne_travel(p: Position, uid: str, div: str, cfg: object) -> Verdict | None:
    """ScR 8.2.1.7: ``uid``, a leg unit of the airborne division ``div``, enters Travel Mode."""
    if not isinstance(cfg, dict) or not isinstance(cfg.get("companies"), int):
        return Illegal("HTTR SR 18.8.3", f"{uid} is airborne infantry: it has no trucks and no scenario rule lets it "
                       "enter Travel Mode")
    limit, why = cfg["companies"], str(cfg.get("rule", "HTTR ScR 8.2.1.7"))
    others = [u for u in p.state.positions if u != uid and p.state.where(u) is not None
              and mobility(p.game, u) == "leg" and division_of(p.game, u) == div]
    travel = sorted(u for u in others if mem.mode(p.state, u) == "travel")
    unknown = sorted(u for u in others if mem.mode(p.state, u) is None)
    if len(travel) >= limit:
        return Illegal(why, f"{uid} would make {len(travel) + 1} companies of the airborne {div} in Travel Mode "
                       f"({', '.join(travel)} are already): at most {limit}")
    if len(travel) + len(unknown) >= limit:
        return NotCheckable(f"the mode of unit {unknown[0]} (its Mode layer: whether {div} has {limit} companies in "
                            f"Travel Mode already, {why})")
    return traced(p, uid, why)


def traced(p: Position, uid: str, why: str) -> Verdict | None:
    """ScR 8.2.1.7: ``uid`` traces a supply path to an HQ of the 30 Corps chain of command on the map."""
    corps = formations(p.game, CORPS)
    if not corps:
        return NotCheckable(f"the 30 Corps formations (game.toml [special.{CORPS}] formations: the HQs an airborne "
                            f"company in Travel Mode traces to, {why})")
    side = p.state.side(uid)
    hqs = sorted(h for h in p.state.positions if p.state.where(h) is not None and p.state.side(h) == side
                 and is_kind(p.game, h, "hq") and belongs(p.game, h, corps))
    links = [reaches(p.game, p.state, uid, h) for h in hqs]
    if any(ok is True for ok in links):
        return None
    if any(ok is None for ok in links):
        return NotCheckable(f"whether {uid} traces a supply path to {', '.join(hqs)} (the map's terrain and the "
                            f"units on it, SR 13.2.6; {why})")
    return Illegal(why, f"{uid} is airborne infantry and traces no supply path to an HQ of the 30 Corps chain of "
                   f"command ({', '.join(hqs) or 'none on the map'}): it may not enter Travel Mode")
