"""HTTR subordination changes (SR 13.4, 17.4-17.5, 18.5.3, ScR 4.0-4.3): an ``attach UNIT to HQ`` declaration
(``rules/httr/declaration.py``) puts a unit under another HQ in its side's Command Phase. The unit then traces
to that HQ and acts on its CP (``rules/httr/supply_rules.py``).

Readings: an *independent* unit or formation is one whose units.csv ``formation`` is empty (17.3, 17.4.1:
"labelled with just their name"; a formation naming no unit is not known); a unit's level is its ``size``
(battalion, regiment/brigade/KG, division, corps); the battalions under an HQ (13.4.3) are its units of battalion
size, its independent companies (13.4.4, 17.4.2) the independent units of company size attached to it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hexforge.builder.timeline import DiceRoll, Eliminated, Event
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.command_points import CpLedger
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.airborne_support import support
from hexforge.rules.httr.detached import ARTILLERY, Detachments, Penalty, adhoc, detach, judge_adhoc
from hexforge.rules.httr.units import controlling_hq, division, formation_chain, formation_hq, is_kind
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

LEVELS = {"battalion": 0, "regiment": 1, "brigade": 1, "kg": 1, "division": 2, "corps": 3}
FORMATION_TURNS = ("0601", "1501")  # SR 13.4.2 (L754), ScR 4.0.2 (L1068): formations only at 0601/1501
MAX_BATTALIONS = 4  # SR 13.4.3 (L755)
MAX_COMPANIES = 8  # SR 13.4.4 (L756), 17.4.2 (L849)


@dataclass(slots=True)
class Attachments:
    """Units put under another HQ, and flak out of supply after switching (ScR 4.3.2)."""

    hq: dict[str, str] = field(default_factory=dict)
    switched: dict[str, int] = field(default_factory=dict)  # flak -> the game turn it spends out of supply
    destroyed: dict[str, tuple[int, int | None]] = field(default_factory=dict)  # HQ -> (its GT, the 2d6 rolled)
    rolling: str | None = None  # the destroyed HQ whose 2d6 the next two-dice roll is (SR 17.4.4)
    unsure: dict[str, str] = field(default_factory=dict)  # unit -> the HQ of a declaration the referee could not judge
    detached: Detachments = field(default_factory=Detachments)  # units at ER -2 (ScR 8.1.11, 15.1.1)


class Position(Board, Protocol):
    attach: Attachments
    cp: CpLedger

    def calendar(self) -> dict[int, dict]: ...


def controlling(p: Position, uid: str) -> str:
    """The HQ the unit answers to now."""
    return p.attach.hq[uid] if uid in p.attach.hq else controlling_hq(p.game, uid) or p.game.units[uid].formation


def booster_unit(game: Game) -> str | None:
    """ScR 5.2.1.2: the unit the German delivery timetable's ``booster`` names (game.toml [special])."""
    table = game.special("german_delivery_timetable") or {}
    got = table.get("booster") if isinstance(table, dict) else None
    return got.get("unit") if isinstance(got, dict) else None


def turn_time(p: Position) -> str:
    """The time of the current game turn (game.toml [special.turn_calendar]), "" when not known."""
    return str(p.calendar().get(p.state.turn or 0, {}).get("time", ""))


def level(game: Game, uid: str) -> int | None:
    return LEVELS.get(game.units[uid].size.strip().lower())


def own_division(game: Game, uid: str) -> str | None:
    """The division a unit or HQ belongs to (a division HQ: itself)."""
    return uid if game.units[uid].size.strip().lower() == "division" else division(game, uid)


def independent(game: Game, uid: str) -> bool:
    return not game.units[uid].formation.strip()


def judge_attach(p: Position, d: Declaration) -> list[Verdict]:
    """The verdicts on an ``attach`` declaration; one that cannot be judged is kept as unsure (its unit may or may
    not be under that HQ now)."""
    out = judge(p, d)
    if d.target in p.game.units and out and isinstance(out[0], NotCheckable):
        p.attach.unsure[d.target] = d.firers[0]
    elif d.target in p.game.units and not isinstance(out[0] if out else None, Illegal):
        p.attach.unsure.pop(d.target, None)
    return out


def judge(p: Position, d: Declaration) -> list[Verdict]:
    uid, hq = d.target, d.firers[0]
    if uid not in p.game.units or hq not in p.game.units:
        return [NotCheckable(f"units named {uid!r} and {hq!r} (units.csv ids)")]
    kind, side = p.phase()
    if kind == "unknown":
        return [NotCheckable("the phase (no turn tracker change yet)")]
    if adhoc(p, uid, hq) and (kind != "command" or side != "german"):
        return [judge_adhoc(p, uid, hq)]  # OPT-4's own phase rule
    boost = booster_unit(p.game) == uid
    if boost and kind == "cp_logistic":
        if p.cp.rolled_logistics:
            return [Illegal("HTTR ScR 5.2.1.2", f"{uid} changes division after the CP/AmP rolls: before them only")]
    elif kind != "command" or p.game.units[uid].side != side:
        return [Illegal("HTTR SR 13.4.2", f"{uid} is attached to {hq} outside its side's Command Phase")]
    if not is_kind(p.game, hq, "hq") or p.game.units[hq].side != p.game.units[uid].side:
        return [Illegal("HTTR SR 13.4.1", f"{hq} is not an HQ of {uid}'s side")]
    f = p.game.units[uid].formation
    helper = support(p, uid, hq, controlling(p, uid))
    if helper is not None:
        if not isinstance(helper, (Illegal, NotCheckable)):
            p.attach.hq[uid] = hq
        return [helper]
    if f.strip() and formation_hq(p.game, f) is None:
        return [NotCheckable(f"the HQ {f!r} of {uid} (units.csv formation names no unit: is it independent?)")]
    flak = is_kind(p.game, uid, "flak")
    if flak:
        out = [check_flak(p, uid, hq)]
    elif boost and kind == "cp_logistic":
        out = [Legal(detail=f"{uid} is attached to {hq} before the CP/AmP rolls (ScR 5.2.1.2)")]
    elif independent(p.game, uid):
        out = [check_independent(p, uid, hq)]
    else:
        special = detach(p, uid, hq)
        out = [check_reattach(p, uid, hq) if special is None else special]
    if isinstance(out[0], Illegal):
        if flak is None:  # a flak unit may join any HQ (SR 18.5.3): an unknown type decides nothing
            return [NotCheckable(f"whether {uid} is flak (units.csv type: a flak unit may join any HQ, SR 18.5.3)")]
        return out
    p.attach.hq[uid] = hq
    return out + [check_capacity(p, hq)]


@rule("HTTR SR 18.5.3 / ScR 4.3", "SUP-13", "a flak unit may join any HQ; switching costs it one game turn out of "
      "supply")
def check_flak(p: Position, uid: str, hq: str) -> Verdict:
    if controlling(p, uid) != hq and p.state.turn is not None:
        p.attach.switched[uid] = p.state.turn
        return Legal(detail=f"{uid} switches to {hq} and spends this game turn out of supply (ScR 4.3.2)")
    return Legal()


@rule("HTTR SR 13.4.1-13.4.2 / 17.3-17.4.1 / ScR 4.0.2", "SUP-8", "independent units are assigned in any Command "
      "Phase to a regiment/brigade/KG HQ, independent formations only in the 0601/1501 Command Phases to a "
      "division")
def check_independent(p: Position, uid: str, hq: str) -> Verdict:
    mine, theirs = level(p.game, uid), level(p.game, hq)
    if theirs is None or (mine is None and is_kind(p.game, uid, "hq")):
        return NotCheckable(f"the sizes of {uid} and {hq} (units.csv size: what may be attached to what, SR 13.4.1)")
    if is_kind(p.game, uid, "hq"):
        if not turn_time(p).startswith(FORMATION_TURNS):
            return Illegal("HTTR SR 13.4.2", f"{uid} is an independent formation: reassigned only in the Command "
                           "Phase of the 0601 or 1501 game turns")
        return Legal() if theirs > mine else Illegal("HTTR SR 13.4.1", f"{uid} goes under {hq}, not a higher HQ")
    if theirs != LEVELS["regiment"]:
        return Illegal("HTTR SR 17.4.1", f"{uid} is an independent unit: it is attached to a regiment, brigade or "
                       f"KG HQ, not to {hq}")
    return Legal()


def destroyed(p: Position, hq: str) -> bool:
    """Is the HQ destroyed (eliminated and not back on the map)?"""
    return p.state.where(hq) is None and hq in p.state.eliminated


@rule("HTTR SR 17.4.3 / 17.5.7-17.5.10 / ScR 4.0.1-4.0.2", "SUP-10/SUP-11/SUP-12", "units change HQ only when "
      "theirs is destroyed, to one of the same level (or higher), Allied units never across divisions; German "
      "divisions and KG are reassigned at 0601/1501; artillery to an equivalent or lower HQ of its division at ER -1, "
      "out of it only when all its HQs are destroyed, at ER -2 (not cumulative)")
def check_reattach(p: Position, uid: str, hq: str) -> Verdict:
    old = controlling(p, uid)
    if old == hq:
        return Legal()
    german_formation = p.game.units[uid].side == "german" and is_kind(p.game, uid, "hq")
    if german_formation and turn_time(p).startswith(FORMATION_TURNS):
        return Legal(detail=f"{uid} is reassigned to {hq} in an 0601/1501 Command Phase (ScR 4.0.2)")
    if not destroyed(p, old):
        return Illegal("HTTR SR 17.4.3", f"{uid} leaves {old}, which is not destroyed: units change HQ only when "
                       "theirs is destroyed")
    was, new = level(p.game, old), level(p.game, hq)
    if was is None or new is None:
        return NotCheckable(f"the sizes of HQs {old} and {hq} (units.csv size, SR 17.4.3)")
    if is_kind(p.game, uid, "artillery"):
        return reattach_artillery(p, uid, old, hq)
    if p.game.units[uid].side == "allied" and own_division(p.game, old) != own_division(p.game, hq):
        return Illegal("HTTR ScR 4.0.1", f"{uid} of {own_division(p.game, old)} goes under {hq} of another division: "
                       "Allied lines of command never cross divisions")
    if new < was:
        return Illegal("HTTR SR 17.4.3", f"{uid} goes under {hq}, below the level of its destroyed HQ {old}")
    return Legal(detail=f"{old} is destroyed: {uid} attaches to {hq} (SR 17.4.3)")


def reattach_artillery(p: Position, uid: str, old: str, hq: str) -> Verdict:
    """SR 17.5.7-17.5.10: artillery whose HQ is destroyed goes to an equivalent or lower HQ of its division at ER -1
    (permanent), or out of its division/corps group, when all the group's HQs are destroyed, at ER -2; the two are
    not cumulative. Readings: the group is the HQs whose division (``own_division``) is the old HQ's; an HQ that has
    not entered play is not destroyed; 17.5.9 names no level for the new HQ, and, the specific rule, it lets Allied
    artillery cross the divisions ScR 4.0.1 otherwise keeps it in."""
    group = own_division(p.game, old)
    if group is None:
        return NotCheckable(f"the division of {old} (units.csv formation: its HQs up to a division, SR 17.5.8)")
    if own_division(p.game, hq) == group:
        if (level(p.game, hq) or 0) > (level(p.game, old) or 0):
            return Illegal("HTTR SR 17.5.7", f"{uid} (artillery of {old}) goes under the higher HQ {hq}: only an "
                           "equivalent or lower HQ of its division (SR 17.5.8)")
        less, why = 1, "HTTR SR 17.5.8"
    else:
        standing = sorted(h for h in p.game.units if is_kind(p.game, h, "hq") and h != group
                          and own_division(p.game, h) == group and not destroyed(p, h))
        if not destroyed(p, group):
            standing.insert(0, group)
        if standing:
            return Illegal("HTTR SR 17.5.9", f"{uid} (artillery of {old}) goes under {hq}, out of its division "
                           f"{group}: only when all its HQs are destroyed, and {', '.join(standing)} still stand")
        less, why = 2, "HTTR SR 17.5.9"
    p.attach.detached.impose(uid, ARTILLERY, Penalty(less, old, why, False))
    return Legal(detail=f"{old} is destroyed: artillery {uid} goes under {hq} at a permanent ER -{less} ({why}; "
                 "not cumulative, SR 17.5.10)")


@rule("HTTR SR 13.4.3-13.4.4 / 17.4.2", "SUP-9", "a regiment/brigade/KG HQ has at most four battalions and eight "
      "independent companies")
def check_capacity(p: Position, hq: str) -> Verdict:
    if level(p.game, hq) != LEVELS["regiment"]:
        return Legal()
    under = [u for u in p.game.units if u in p.state.positions and controlling(p, u) == hq]
    battalions = [u for u in under if p.game.units[u].size.strip().lower() == "battalion"]
    companies = [u for u in under if independent(p.game, u) and p.game.units[u].size.strip().lower() == "company"]
    if len(battalions) > MAX_BATTALIONS:
        return Illegal("HTTR SR 13.4.3", f"{hq} has {len(battalions)} battalions under it: at most four")
    if len(companies) > MAX_COMPANIES:
        return Illegal("HTTR SR 13.4.4", f"{hq} has {len(companies)} independent companies attached: at most eight")
    return Legal()


def seen(p: Position, e: Event) -> None:
    """SR 17.4.4: an HQ eliminated, and the two-dice roll that follows it (the turns it stays out)."""
    uid = getattr(getattr(e, "piece", None), "unit", None)
    if isinstance(e, Eliminated) and uid in p.game.units and is_kind(p.game, uid, "hq") and p.state.turn is not None:
        p.attach.destroyed[uid] = (p.state.turn, None)
        p.attach.rolling = uid
    elif isinstance(e, DiceRoll) and len(e.values) == 2 and p.attach.rolling is not None:
        hq, p.attach.rolling = p.attach.rolling, None
        p.attach.destroyed[hq] = (p.attach.destroyed[hq][0], e.total if e.total is not None else sum(e.values))


@rule("HTTR SR 17.4.4", "SUP-11", "a destroyed division, corps or intermediate HQ returns 2d6 GTs later, in its "
      "Command Phase, next to a unit subordinate to it")
def judge_return(p: Position, hq: str, at: Hex | None) -> Verdict:
    kind, side = p.phase()
    if level(p.game, hq) is None:
        return NotCheckable(f"the size of HQ {hq} (units.csv size; SR 17.4.4)")
    if level(p.game, hq) < LEVELS["division"] and not any(controlling(p, u) == hq and is_kind(p.game, u, "hq")
                                                          for u in p.game.units):
        return Illegal("HTTR SR 17.4.4", f"{hq} is a regimental HQ: only division, corps and intermediate HQs "
                       "are brought back (its units attach elsewhere, SR 17.4.3)")
    if kind != "command" or p.game.units[hq].side != side:
        return Illegal("HTTR SR 17.4.4", f"{hq} returns outside its side's Command Phase")
    turn, roll = p.attach.destroyed.get(hq, (None, None))
    if turn is None or roll is None:
        return NotCheckable(f"when {hq} was destroyed and its 2d6 (the roll after its elimination; SR 17.4.4)")
    if (p.state.turn or 0) < turn + roll:
        return Illegal("HTTR SR 17.4.4", f"{hq} returns in GT {p.state.turn}: destroyed in GT {turn} with a 2d6 of "
                       f"{roll}, it may come back from GT {turn + roll}")
    near = [u for u in p.state.positions if u != hq and hq in (controlling(p, u), *formation_chain(p.game, u))
            and at is not None and p.state.where(u) is not None and p.state.where(u).distance(at) == 1]
    if not near:
        return Illegal("HTTR SR 17.4.4", f"{hq} returns away from its units: it appears adjacent to a unit "
                       "subordinate to it")
    return Legal(detail=f"{hq} returns next to {near[0]} (SR 17.4.4)")
