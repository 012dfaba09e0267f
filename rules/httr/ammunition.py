"""HTTR ammunition depletion (SR 13.2.7, 13.3, 15.2): a unit's Depleted layer turned on is judged against the
check that must have caused it, turned off against the recovery rules. The log shows a Depletion Check as a
roll of the module's Depletion Check button (``docs/log-channel.md``); the next Depleted marker or AmP spend
takes it.

Artillery of ER 7+ (SR 15.2.1-15.2.2): each time it fires it checks for depletion (reading ``amp_check``, catalogue
``READINGS``: every time, as 15.2.1 says, or only when not fully supplied, as 13.2.7.4 says of every unit); a failed
check is followed, before the next check or the phase's end, by one AmP off its division's AmP Record Track or its
Depleted marker, and at 0 AmP by the marker.

Readings: the depletion check follows a unit's fire or its attack in a CA in the same phase (SR 13.2.7.5:
"immediately afterwards"); the "+2 modifier" of SR 13.2.7.6-13.2.7.7 is the ``depletion_modifier`` setting
(catalogue ``READINGS``). A Depletion Check roll names no unit: a failed roll left unanswered is judged only when
every unit that fired or attacked this phase and is not yet depleted is artillery of ER 7+ that it fails, and a
missing check only by counting the phase's rolls against those guns (a roll made for another unit may hide one).

SR 19.6.1 (L984) and the note at L738: a unit stacked with its controlling leader suffers no effect of its HQ's
insufficient CP (:func:`leader_negates`): no depletion check for want of CP (13.2.7.5-13.2.7.6) and no rolled MA
(``cp_ma``). Readings: 19.6.1's "controlling leader" (the note says "a leader counter") is a leader whose own HQ is
above the unit (``ca_combining.coordinates``, as 19.1.3's "subordinated to him"); the negation is of reduced CP only,
not of a broken supply path (13.2.7.7: "irrespective of the number of CP"), nor of the AmP artillery's check on
every fire (15.2.1); the leader is stacked with the unit when its Depleted marker goes on (the check follows the
fire "immediately", 13.2.7.5) or, for the MA, at the beginning of its move.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from hexforge.builder.timeline import DiceRoll, Event, Move, TurnChange
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import command_points as cpl
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.ca_combining import coordinates
from hexforge.rules.httr.close_action import CaLog
from hexforge.rules.httr.firelog import FireLog
from hexforge.rules.httr.supply_rules import Supplied, before_supply_rules, supplied
from hexforge.rules.httr.units import controlling_hq, division, is_kind, number
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DEFENSIVE = ("of", "return")  # SR 13.2.7.7 note (L737): no depletion check after OF or defensive fire in CA
AMP_ER = 7  # SR 13.3.1 exception (L742), 15.0 (L800): artillery with an ER of seven or more uses AmP
AMP_CHECK = "amp_check"  # the reading's name (catalogue.READINGS)
AMP_CLEAR = "amp_clear_cp"  # catalogue.READINGS: SR 13.3.3.1-13.3.3.2 (2 CP) vs the 15.2 important note (any CP)


@dataclass(slots=True)
class DepletionLog:
    """The phase's last Depletion Check roll, not yet taken by a marker or an AmP spend; the phase's rolls."""

    roll: int | None = None
    rolls: int = 0


class Position(Board, Protocol):
    cp: cpl.CpLedger
    fire: FireLog
    ca: CaLog
    depletion: DepletionLog
    readings: dict[str, str]


def fails_at(er: float, amp_artillery: bool) -> int:
    """The highest 1d6 that depletes (SR 13.3.1 L741; SR 15.2.2 L809 for artillery of ER seven or more)."""
    if amp_artillery:
        return 1 if er <= 8 else 2
    return 1 if er <= 4 else 3 if er <= 6 else 5


def judge_depleted(p: Position, uid: str, on: bool) -> list[Verdict]:
    """A Depleted layer change of ``uid``."""
    return [check_depletion(p, uid)] if on else [check_recovery(p, uid)]


@rule("HTTR SR 13.2.7.4-13.2.7.7 / 13.3.1 / ScR 5.2", "SUP-4/SUP-5/SUP-17",
      "depletion only from a failed check after firing or attacking in CA while not fully supplied (never after OF "
      "or defensive fire in CA, nor before the supply rules begin): ER <= 4 fails on 1, 5-6 on 1-3, above 6 on 1-5")
def check_depletion(p: Position, uid: str) -> Verdict:
    early = before_supply_rules(p.game, p.state.turn)
    if early is True:
        return Illegal("HTTR ScR 5.2", f"{uid} is marked depleted before the supply rules begin: every unit is in "
                       "supply and checks no depletion")
    how = p.fire.method.get(uid)
    if how in DEFENSIVE or (how is None and uid in p.ca.involved and uid not in p.ca.attacked):
        return Illegal("HTTR SR 13.2.7.7", f"{uid} only fired opportunity or defensive fire, or defended in a CA: "
                       "no depletion check follows (SR 13.2.7.7 note)")
    if how is None and uid not in p.ca.attacked:
        return Illegal("HTTR SR 13.2.7.5", f"{uid} neither fired nor attacked in a CA this phase: depletion comes "
                       "only from the check that follows")
    if isinstance(early, Unknown):
        return NotCheckable(early.needs)
    got = supplied(p, uid)
    if got.full is None:
        return NotCheckable(got.why)
    every = amp_gun(p, uid) is True and p.readings.get(AMP_CHECK, "every_fire") == "every_fire"
    if got.full and not every:
        return Illegal("HTTR SR 13.2.7.4", f"{uid} is fully in command and supply ({got.why}): it checks no "
                       "depletion")
    return check_leader(p, uid, got) if got.path is True and not every else check_roll(p, uid, got)


@rule("HTTR SR 19.6.1 / 13.2.7.7 note", "SUP-4/SUP-5/SUP-17", "a unit stacked with its controlling leader checks no "
      "depletion for its HQ's insufficient CP")
def check_leader(p: Position, uid: str, got: Supplied) -> Verdict:
    """A unit that traces its supply path but whose HQ is short of CP, marked depleted: not while stacked with its
    controlling leader (SR 19.6.1 L984, note L738)."""
    leader = leader_negates(p, uid)
    if isinstance(leader, Unknown):
        return NotCheckable(leader.needs + " (SR 19.6.1: a controlling leader negates reduced CP)")
    if leader is not None:
        return Illegal("HTTR SR 19.6.1", f"{uid} is stacked with its controlling leader {leader}: the effects of its "
                       f"HQ's insufficient CP are negated ({got.why}), so it checks no depletion")
    return check_roll(p, uid, got)


def leader_negates(p: Any, uid: str) -> str | Unknown | None:
    """SR 19.6.1 (L984): the leader stacked with ``uid`` whose own HQ is above it (its controlling leader), else
    None; Unknown when a stacked leader's organisation is not known. ``p``: the referee (game, state, attach)."""
    at = p.state.where(uid)
    doubt: Unknown | None = None
    for u in p.state.at(at) if at is not None else ():
        if u != uid and p.state.side(u) == p.state.side(uid) and is_kind(p.game, u, "leader"):
            ok = coordinates(p, u, [uid])
            if ok is True:
                return u
            doubt = doubt or (ok if isinstance(ok, Unknown) else None)
    return doubt


def full_ma(p: Any, uid: str, need: tuple[str, int] | Verdict | None) -> tuple[str, int] | Verdict | None:
    """``cp_ma.due``'s answer for ``uid`` with SR 19.6.1: an MA rolled for its HQ's want of CP (the HQ's roll) is
    the full MA while the unit is stacked with its controlling leader, unless it traces no supply path (13.2.7.7:
    its own 1d6)."""
    if not isinstance(need, tuple) or need[0] == uid:
        return need
    leader = leader_negates(p, uid)
    if isinstance(leader, Unknown):
        return NotCheckable(leader.needs + f" (SR 19.6.1: whether {uid} moves on its full MA)")
    if leader is None:
        return need
    path = p.rules.supplied(p.state, uid).supplied
    if path is None:
        return NotCheckable(f"whether {uid} traces a valid supply path (SR 13.2.7.7; its leader negates reduced CP, "
                            "SR 19.6.1)")
    return (uid, 1) if path is False else None


def amp_gun(p: Position, uid: str) -> bool | Unknown:
    """Artillery of ER seven or more (SR 15.0), which uses the AmP rules."""
    art = is_kind(p.game, uid, "artillery")
    if not art:
        return False
    er = number(p.game, uid, "effectiveness")
    return er if isinstance(er, Unknown) else er >= AMP_ER


@rule("HTTR SR 15.2.1-15.2.2", "CP-15", "artillery of ER 7-8 fails its depletion check on a 1, of ER 9 on 1-2")
def check_roll(p: Position, uid: str, got: Supplied) -> Verdict:
    """The Depletion Check roll that marks the unit (its ER from units.csv)."""
    roll, p.depletion.roll = p.depletion.roll, None
    if roll is None and not p.channel.dice_for("depletion"):
        return NotCheckable("the Depletion Check roll (game.toml [[dice_buttons]] has no button of purpose depletion)")
    if roll is None:
        return Illegal("HTTR SR 13.3.1", f"{uid} is marked depleted without a Depletion Check roll")
    er = number(p.game, uid, "effectiveness")
    if isinstance(er, Unknown):
        return NotCheckable(er.needs + " (the depletion thresholds, SR 13.3.1)")
    art = bool(is_kind(p.game, uid, "artillery")) and er >= AMP_ER
    worse = not art and (got.path is False or got.cp == 0)  # SR 13.2.7.6-13.2.7.7: no CP or no supply path
    reading = p.readings.get("depletion_modifier", "worse")
    most = fails_at(er, art) + (2 if worse and reading == "worse" else 0)
    shown = roll + (2 if worse and reading == "literal" else 0)
    if shown > most:
        return Illegal("HTTR SR 15.2.2" if art else "HTTR SR 13.3.1",
                       f"{uid} (ER {er:g}) passes its Depletion Check on {roll}: it depletes on {most} or less")
    return Legal(detail=f"{uid} (ER {er:g}) fails its Depletion Check on {roll} (SR 13.3.1)")


@rule("HTTR SR 13.3.3.1-13.3.3.2 / 15.2.3", "SUP-7", "depletion is removed only in the owner's Command Phase, only "
      "for a unit fully in supply; artillery of ER 7+ also spends AmP (two units per AmP; reading amp_clear_cp)")
def check_recovery(p: Position, uid: str) -> Verdict:
    kind, side = p.phase()
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind != "command" or p.state.side(uid) != side:
        return Illegal("HTTR SR 13.3.3.1", f"{uid}'s depletion is removed outside its side's Command Phase")
    er = number(p.game, uid, "effectiveness")
    if is_kind(p.game, uid, "artillery") and isinstance(er, Unknown):
        return NotCheckable(er.needs + " (artillery of ER 7+ spends AmP to recover, SR 13.3.3.2)")
    gun = bool(is_kind(p.game, uid, "artillery")) and not isinstance(er, Unknown) and er >= AMP_ER
    got = supplied(p, uid)
    ok = amp_supplied(got) if gun and p.readings.get(AMP_CLEAR, "full") == "any_cp" else got.full
    if ok is None:
        return NotCheckable(got.why)
    if not ok:
        what = "in supply with CP at its HQ" if gun else "fully in command and supply"
        return Illegal("HTTR SR 13.3.3.1", f"{uid} is not {what} ({got.why}): it stays depleted")
    if gun:
        div = division(p.game, uid)
        if div is not None:
            p.cp.cleared[div] = p.cp.cleared.get(div, 0) + 1  # SR 15.2.3: spent at the Command Phase's end
    return Legal(detail=got.why)


def amp_supplied(got: Supplied) -> bool | None:
    """The 15.2 important note's reading of ``amp_clear_cp`` (L813): a valid supply path to the controlling HQ and
    an HQ with any CP."""
    if got.full is True or got.path is False or got.cp is not None and got.cp <= 0:
        return bool(got.full)
    return True if got.path is True and got.cp is not None else None


def on_roll(p: Position, purpose: str | None, total: int) -> bool:
    """A Depletion Check roll is kept for the marker (or AmP spend) that follows; True when it was one."""
    if purpose != "depletion":
        return False
    p.depletion.roll = total
    p.depletion.rolls += 1
    return True


def on_event(p: Position, e: Event) -> list[Verdict]:
    """Before a phase ends or the next Depletion Check is rolled: the AmP guns' checks and their consequences."""
    if before_supply_rules(p.game, p.state.turn) is not False:
        return []  # ScR 5.2: every unit is in supply before the supply rules (check_depletion judges a marker then)
    if isinstance(e, TurnChange):
        return unanswered(p) + unchecked(p)
    if isinstance(e, DiceRoll):
        button = p.channel.dice(e.name)
        return unanswered(p) if button is not None and button.purpose == "depletion" else []
    return []


def fired_guns(p: Position) -> tuple[list[str], bool | NotCheckable]:
    """The AmP guns that fired (not defensively) this phase and are not depleted; whether every unit that fired or
    attacked this phase is one (NotCheckable: a firer's ER is not known)."""
    firers = {u for u, how in p.fire.method.items() if how not in DEFENSIVE and u not in p.fire.if_of} \
        | set(p.ca.attacked)  # IF as OF is opportunity fire: no check follows it (SR 13.2.7.7 note)
    guns, only = [], True
    for u in sorted(firers):
        if u not in p.game.units or mem.has(p.state, u, "depleted"):
            continue
        gun = amp_gun(p, u)
        if isinstance(gun, Unknown):
            return [], NotCheckable(gun.needs + " (artillery of ER 7+ checks depletion each time it fires, SR 15.2.1)")
        guns += [u] if gun else []
        only = only and gun
    return guns, only


@rule("HTTR SR 15.2.1-15.2.2", "CP-15", "a failed depletion check of artillery of ER 7+ is followed by one AmP spent "
      "or its Depleted marker, by the marker at 0 AmP")
def unanswered(p: Position) -> list[Verdict]:
    roll = p.depletion.roll
    if roll is None:
        return []
    p.depletion.roll = None
    guns, only = fired_guns(p)
    if isinstance(only, NotCheckable):
        return [only]
    ers = [number(p.game, u, "effectiveness") for u in guns]
    if not guns or not only or any(roll > fails_at(er, True) for er in ers):
        return []
    div = division(p.game, guns[0])
    empty = div is not None and p.cp.boxes.get((cpl.AMP, div)) == 0
    return [Illegal("HTTR SR 15.2.1", f"the Depletion Check of {roll} fails for {', '.join(guns)}, and neither an AmP "
                    "is spent nor a Depleted marker placed" + (f" ({div} has no AmP left: the gun is marked depleted)"
                                                             if empty else ""))]


@rule("HTTR SR 15.2.1", "CP-15", "each time artillery of ER 7+ fires it checks for depletion (reading amp_check)")
def unchecked(p: Position) -> list[Verdict]:
    guns, only = fired_guns(p)
    if isinstance(only, NotCheckable):
        return [only]
    if p.readings.get(AMP_CHECK, "every_fire") != "every_fire":
        guns = [u for u in guns if (got := supplied(p, u)).full is False  # not negated by its leader (SR 19.6.1)
                and not (got.path is True and isinstance(leader_negates(p, u), str))]
    if len(guns) <= p.depletion.rolls:
        return [Legal(detail=f"{', '.join(guns)} checked for depletion (SR 15.2.1)")] if guns else []
    return [Illegal("HTTR SR 15.2.1", f"{', '.join(guns)} fired this phase and {p.depletion.rolls} Depletion Check "
                    "rolls were made: artillery of ER 7+ checks for depletion each time it fires")]


@rule("HTTR SR 15.2.1-15.2.2", "CP-15", "outside the Command Phase one AmP is spent only for an artillery unit of "
      "ER 7+ of the division that fired and failed its depletion check")
def check_spend(p: Position, e: Move) -> Verdict | None:
    """An AmP Record Track marker moved down outside the Command and CP/Logistic Phases (``None``: another move)."""
    got = cpl.marker_hq(p.game, p.channel, e.piece.name)
    where = p.channel.box(e.to.board, e.to.label)
    if got is None or got[0] != cpl.AMP or got[1] is None or where is None:
        return None
    hq, old, new = got[1], p.cp.boxes.get((cpl.AMP, got[1])), int(where[1])
    if old is None or new >= old or p.phase()[0] in ("command", "cp_logistic", "unknown"):
        return None
    roll, p.depletion.roll = p.depletion.roll, None
    if new != old - 1 or roll is None:
        return Illegal("HTTR SR 15.2.1", f"{hq}'s AmP track goes from {old} to {new}: one AmP is spent for each "
                       "failed Depletion Check of its artillery")
    guns = [u for u, how in p.fire.method.items() if how not in DEFENSIVE and is_kind(p.game, u, "artillery")
            and (division(p.game, u) == hq or controlling_hq(p.game, u) == hq)]
    ers = [number(p.game, u, "effectiveness") for u in guns]
    if any(isinstance(er, Unknown) for er in ers):
        return NotCheckable(next(er for er in ers if isinstance(er, Unknown)).needs + " (SR 15.2.2)")
    if any(er >= AMP_ER and roll <= fails_at(er, True) for er in ers):
        return Legal(detail=f"{hq} spends one AmP for a failed Depletion Check ({roll}, SR 15.2.1)")
    return Illegal("HTTR SR 15.2.2", f"{hq} spends an AmP after a Depletion Check of {roll}: none of its artillery "
                   "of ER 7+ that fired fails on it")
