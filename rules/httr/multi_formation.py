"""HTTR optional multi-formation fire attacks (SR 21.1), on with the setting ``optional_multiformation``: when units of
different battalion subordinations fire at one target hex, each firing unit's ER is reduced by one for each
subordination involved (two battalions: -2, three: -3, SR 21.1.2). Called by ``fire.resolve_fire`` for a DF or IF
packet's ER.

Data: a unit's subordination is its units.csv ``formation``: an HQ of ``size`` battalion is its battalion; a unit
under a regiment, brigade, KG, division or corps HQ is assigned to it directly (21.1.3-21.1.4) only where the game
says its formation column names every battalion (game.toml ``[special.battalions] listed = true``); else its
battalion is not known (the bundled formations name the regiments: the Formation Displays are not transcribed).

Readings:
- the attack on a hex in a Fire or Reaction Phase is every DF, AT and IF declaration at it so far in the phase
  (21.1.2: "even if they are firing on different units in the same hex"; 21.1.5: "multiple instances of fire ...
  at the same target hex in the same phase"); a packet fired before another subordination joined keeps its ER;
  opportunity fire at separate times is separate attacks (21.1.6);
- a unit assigned directly to an HQ (21.1.3-21.1.4, 21.1.9) adds no subordination when every other attacking unit
  has that HQ on its chain; artillery IF "can trace a line of subordination to the same HQ" (21.1.8) when the
  others are subordinate to the artillery's HQ, the same test (a battalion's artillery counts its battalion, as
  the others of that battalion do); AT and flak units always add their own, and no unit of
  another subordination firing with them is excepted (21.1.10: "if they fire on the same unit or hex it is
  considered a multi-formation attack");
- the leader of 21.1.7 is stacked with an attacking unit whose chain holds the leader's HQ, and "communication
  range" is the line of communication of SR 7.4 from each other attacking unit to him (``indirect.check_loc``).
"""
from __future__ import annotations

from typing import Protocol

from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.indirect import check_loc
from hexforge.rules.httr.units import controlling_hq, formation_chain, is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal

SETTING = "optional_multiformation"  # catalogue.READINGS
DATA = "battalions"  # game.toml [special.battalions]
DIRECT = ("regiment", "brigade", "kg", "division", "corps")  # the HQs a unit may be assigned to directly


class Position(Board, Protocol):
    readings: dict[str, str]
    fire: FireLog


def listed(game: Game) -> bool:
    """Does units.csv ``formation`` name every unit's battalion HQ where it has one ([special.battalions])?"""
    cfg = game.special(DATA) or {}
    return isinstance(cfg, dict) and cfg.get("listed") is True


def subordination(game: Game, u: str) -> tuple[str, bool] | Unknown:
    """(the unit's HQ, whether it is its battalion), or what the data lacks to say it."""
    hq = controlling_hq(game, u)
    if hq is None:
        return Unknown(f"the HQ of unit {u} (units.csv formation: the Formation Displays)")
    size = game.units[hq].size.strip().lower()
    if size == "battalion":
        return hq, True
    if size not in DIRECT:
        return Unknown(f"the size of HQ {hq} (units.csv size: battalion, regiment, brigade, KG, division or corps)")
    if not listed(game):
        return Unknown(f"the battalion of unit {u} (the Formation Displays: units.csv formation names its HQ {hq}, "
                       "and game.toml [special.battalions] does not say it names every battalion)")
    return hq, False


def counted(game: Game, u: str, others: list[str]) -> str | None | Unknown:
    """The subordination ``u`` adds to an attack with ``others`` (None: none, 21.1.3-21.1.4, 21.1.8-21.1.9)."""
    sub = subordination(game, u)
    if isinstance(sub, Unknown):
        return sub
    hq, battalion = sub
    at = is_kind(game, u, "at", "flak")
    if at is None:
        return Unknown(f"the type of unit {u} (units.csv type: AT and flak units always count, SR 21.1.10)")
    if at:
        return hq  # 21.1.10
    exempt = not battalion and all(hq in formation_chain(game, o) for o in others) and \
        all(game.units[o].formation == hq for o in others if is_kind(game, o, "at", "flak"))  # 21.1.10
    return None if exempt else hq


def led(p: Position, units: list[str]) -> bool | Unknown:
    """SR 21.1.7: a leader stacked with an attacking unit subordinated to him, every other one in communication."""
    for u in units:
        at = p.state.where(u)
        leaders = [x for x in p.state.at(at) if is_kind(p.game, x, "leader")] if at is not None else []
        for leader in leaders:
            hq = p.game.units[leader].formation  # 19.1.2: the chain of command of the Formation Display
            if not hq or hq not in [p.game.units[u].formation, *formation_chain(p.game, u)]:
                continue
            talks = [check_loc(p, o, leader) for o in units if p.state.where(o) not in (None, at)]
            if any(isinstance(v, Illegal) for v in talks):
                continue
            if all(isinstance(v, Legal) for v in talks):
                return True
            return Unknown(next(v.needs for v in talks if not isinstance(v, Legal)))
    return False


@rule("HTTR SR 21.1.1-21.1.10", "OPT-1", "optional multi-formation fire: each firing unit's ER -1 per battalion "
      "subordination firing at the target hex when there are two or more (units assigned directly to a regiment or "
      "division with its units, artillery IF along its chain excepted; AT and flak count; a leader negates it)")
def penalty(p: Position, units: list[str]) -> int | Unknown:
    """The ER reduction of an attack by ``units``; 0 when the rule is off."""
    if p.readings.get(SETTING) != "on" or len(units) < 2:
        return 0
    subs: set[str] = set()
    for u in units:
        got = counted(p.game, u, [o for o in units if o != u])
        if isinstance(got, Unknown):
            return got
        if got is not None:
            subs.add(got)
    if len(subs) < 2:
        return 0
    negated = led(p, units)
    if isinstance(negated, Unknown):
        return negated
    return 0 if negated else len(subs)
