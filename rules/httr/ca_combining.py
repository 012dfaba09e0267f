"""HTTR close action: which units may combine against one hex (SR 10.1.6, 17.6-17.7, 19.1.3), a heavy weapon's
move before its CA (SR 18.1.2.3) and its own line infantry (18.1.2.5). ``close_action.judge_ca`` calls
:func:`judge_combining` on each declared CA, ``close_action.check_company`` :func:`coordinates`.

Readings:

- A unit's own HQ is the one it answers to now (``attachment.controlling``: an ``attach`` declaration, else its
  units.csv ``formation``); the HQs above that are their units.csv formations (fixed subordination, SR 17.0). A
  formation naming no unit is a missing datum (the Formation Displays are not transcribed), never "independent".
- Its *formation* (10.1.6 first bullet, 17.7.1): the division HQ above it; without one, the regiment/brigade/KG HQ
  at the top of its chain, an independent regiment/brigade (17.3: "no fixed divisional subordination"; its
  attachment to a division as it enters play does not merge it, since the rule names it beside the divisions).
  Units directly under a corps HQ have none (they are corps assets: the third bullet).
- Its *regiment* (second bullet): the first regiment/brigade/KG HQ above it; a division asset has none and is
  compared by the third bullet only. No two infantry or HW units of different regiments attack one hex, whichever
  kind each is (not only an infantry unit with another regiment's HW).
- An *asset* is a unit other than an HQ or leader whose own HQ is a division or corps HQ (ScR 6.2.4 L1180: "those
  which are not subordinated to a specific regiment"; SR 17.2, 17.6 L866). It combines only with units that have
  its HQ above them (17.7.2: "a unit of a headquarters affiliated with that division or corps"), other assets of
  that HQ included; an asset attacking alone combines with nothing (17.6: "it could attack with").
- "Against the same hex in the same phase" (10.1.6, 17.7.1 "whether from the same or a different hex"): every
  attacker of the phase's earlier CAs on the hex counts with this CA's (``CaLog.against``).
- SR 19.1.3: a leader among the attackers with a unit subordinated to him (his HQ above it) negates the three
  multi-formation bullets for that CA, which then counts against no later CA on the hex; the fourth bullet's
  coordination (``close_action.check_company``) is his own condition and stays.
- SR 18.1.2.5: "each HW company must be accompanied by a line infantry unit of the same subordination" when several
  attack: one line infantry unit of its subordination per HW unit of the CA (18.1.2.1 already asks for one; the
  rule for several adds that one infantry unit does not accompany two HW units).
"""
from __future__ import annotations

from typing import Protocol

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import attachment as att
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.movement import Step
from hexforge.rules.httr.units import KINDS, controlling_hq, kind_of, unresolved_formation
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

REGIMENT, ASSET_HQS = 1, ("division", "corps")  # attachment.LEVELS: regiment, brigade, KG
COORDINATING = ("hq", "leader", "engineer")  # SR 10.1.6 fourth bullet: judged by close_action.check_company
NO_ASSET = ("hq", "leader")


class CaTargets(Protocol):
    against: dict[Hex, list[str]]  # target -> the phase's attackers (close_action.CaLog)


class Position(Board, Protocol):
    phase_start: GameState
    ca: CaTargets
    moves: dict[str, Step]
    attach: att.Attachments


def chain(p: Position, u: str) -> tuple[list[str], Unknown | None]:
    """The HQs above ``u`` (its own first) as far as the data names them, and the missing link, if any."""
    out: list[str] = []
    f = att.controlling(p, u)
    while f.strip() and f not in out:
        if f not in p.game.units:
            return out, Unknown(f"the HQ {f!r} above unit {out[-1] if out else u} (units.csv formation names no "
                                "unit: the Formation Displays are not transcribed)")
        out.append(f)
        f = controlling_hq(p.game, f) or unresolved_formation(p.game, f)
    return out, None


def _size(p: Position, hq: str) -> str:
    return p.game.units[hq].size.strip().lower()


def formation(p: Position, u: str) -> str | Unknown | None:
    """The division or independent regiment/brigade ``u`` belongs to (None: a corps asset or a lone unit)."""
    hqs, missing = chain(p, u)
    division = next((h for h in hqs if _size(p, h) == "division"), None)
    if division is not None or missing is not None:
        return division or missing
    top = hqs[-1] if hqs else None
    return top if top is not None and att.level(p.game, top) == REGIMENT else None


def regiment(p: Position, u: str) -> str | Unknown | None:
    """The regiment/brigade/KG HQ above ``u`` (None: it has none)."""
    hqs, missing = chain(p, u)
    return next((h for h in hqs if att.level(p.game, h) == REGIMENT), missing)


def asset_hq(p: Position, u: str) -> str | Unknown | None:
    """The division or corps HQ ``u`` is a direct asset of (None: no asset)."""
    hqs, missing = chain(p, u)
    if not hqs:
        return missing
    if _size(p, hqs[0]) not in ASSET_HQS:
        return None
    k = kind_of(p.game, u)
    if k is None:
        return Unknown(f"the type of unit {u} (units.csv type: whether it is a division/corps asset or an HQ)")
    return None if k in NO_ASSET else hqs[0]


def leader_waiver(p: Position, units: list[str]) -> str | Unknown | None:
    """SR 19.1.3: the leader among ``units`` stacked with a unit subordinated to him (None: none; Unknown: a leader
    whose units' chains the data does not give)."""
    unsure: Unknown | None = None
    for ldr in (u for u in units if kind_of(p.game, u) == "leader"):
        own = att.controlling(p, ldr)
        for x in (x for x in units if x != ldr):
            hqs, missing = chain(p, x)
            if own in hqs:
                return ldr
            unsure = unsure or missing
    return unsure


def coordinates(p: Position, c: str, others: list[str]) -> bool | Unknown:
    """SR 10.1.6 fourth bullet, 17.7.3 (L871): whether the HQ, leader or engineer ``c`` attacks with a unit of its
    organisation among ``others``. Reading: an HQ's are the units under its command (it is above them); a leader's
    and an engineer's, the units their own HQ is above (a division engineer: any unit of its division)."""
    head = c if kind_of(p.game, c) == "hq" else att.controlling(p, c)
    if not head.strip() or head not in p.game.units:
        return Unknown(f"the HQ {head!r} of unit {c} (units.csv formation names no unit: the Formation Displays are "
                       "not transcribed; leaders, HQs and engineers attack only with units of their organisation)")
    unsure: Unknown | None = None
    for x in others:
        hqs, missing = chain(p, x)
        if head in hqs:
            return True
        unsure = unsure or missing
    return unsure or False


def judge_combining(p: Position, units: list[str], target: Hex) -> list[Verdict]:
    """The three multi-formation bullets of SR 10.1.6 for this CA's ``units`` with the hex's earlier attackers, and
    the CA's heavy weapons' move (SR 18.1.2.3); the units are then counted against later CAs on the hex."""
    out = [check_hw_move(p, units), check_hw_infantry(p, units)]
    freed = leader_waiver(p, units)
    if isinstance(freed, str):
        return out + [Legal(detail=f"{freed} is stacked with a unit subordinated to him: the restrictions on "
                            "multi-formation attacks do not apply (SR 19.1.3)")]
    earlier = [u for u in p.ca.against.get(target, []) if u not in units]
    mixed = check_formations(p, units, earlier, target)  # other divisions' units are of other regiments too: once
    judged = [mixed] if isinstance(mixed, Illegal) else [mixed, check_regiments(p, units, earlier, target),
                                                          check_assets(p, units, earlier)]
    if isinstance(freed, Unknown):  # a leader's waiver not known: what it might waive is not checkable
        judged = [NotCheckable(freed.needs + " (SR 19.1.3)") if isinstance(v, Illegal) else v for v in judged]
    p.ca.against.setdefault(target, []).extend(units)
    return out + judged


def _judge(p: Position, typed: dict[str, str | Unknown | None], untyped: dict[str, str | Unknown | None],
           what: str, target: Hex, bar: str) -> Verdict:
    """Illegal when units the bullet applies to (``typed``) are of different formations (or regiments), not
    checkable when units it may apply to (``untyped``: their units.csv type unknown) or unknown formations may be."""
    known = sorted({v for v in typed.values() if isinstance(v, str)})
    if len(known) > 1:
        return Illegal("HTTR SR 10.1.6", f"{what} {' and '.join(known)} close-assault {p.game.map.labels[target]} in "
                       "one phase: they may not combine against one hex (SR 10.1.6, 17.7.1)")
    maybe = {u: v for u, v in {**typed, **untyped}.items() if v is not None}
    if len({v for v in maybe.values() if isinstance(v, str)}) > 1:
        u = next(u for u, v in untyped.items() if isinstance(v, str) and v not in known)
        return NotCheckable(f"the type of unit {u} (units.csv type: {bar}, SR 10.1.6)")
    unknown = next((v for v in maybe.values() if isinstance(v, Unknown)), None)
    if unknown is not None and len(maybe) > 1:
        return NotCheckable(f"{unknown.needs} (SR 10.1.6: {bar})")
    return Legal()


def _split(p: Position, every: list[str], kinds: tuple[str, ...], of) -> tuple[dict, dict]:
    """``of(u)`` for the units of ``kinds`` and, apart, for the units of unknown type."""
    typed = {u: of(p, u) for u in every if kind_of(p.game, u) in kinds}
    return typed, {u: of(p, u) for u in every if kind_of(p.game, u) is None}


@rule("HTTR SR 10.1.6 / 17.7.1", "CA-4", "no units of different divisions or independent regiments/brigades close-"
      "assault one hex in a phase")
def check_formations(p: Position, units: list[str], earlier: list[str], target: Hex) -> Verdict:
    """SR 10.1.6 first bullet (L532), 17.7.1 (L869): the formations of the hex's attackers this phase (HQs, leaders
    and engineers coordinate by the fourth bullet instead; corps assets by the third)."""
    kinds = tuple(sorted(set(KINDS.values()) - set(COORDINATING)))
    typed, untyped = _split(p, list(dict.fromkeys((*earlier, *units))), kinds, formation)
    return _judge(p, typed, untyped, "units of", target, "units of different divisions or independent regiments "
                  "never combine against one hex")


@rule("HTTR SR 10.1.6", "CA-4", "infantry and heavy weapons units of different regiments/brigades never close-"
      "assault one hex in a phase")
def check_regiments(p: Position, units: list[str], earlier: list[str], target: Hex) -> Verdict:
    """SR 10.1.6 second bullet (L533): the regiments of the hex's infantry and HW attackers this phase."""
    typed, untyped = _split(p, list(dict.fromkeys((*earlier, *units))), ("infantry", "hw"), regiment)
    return _judge(p, typed, untyped, "infantry/HW of", target, "infantry and HW of different regiments never "
                  "combine against one hex")


@rule("HTTR SR 10.1.6 / 17.6 / 17.7.2", "CA-4", "division/corps assets combine only with units of HQs affiliated "
      "with their division/corps")
def check_assets(p: Position, units: list[str], earlier: list[str]) -> Verdict:
    """SR 10.1.6 third bullet (L534), 17.6 (L866), 17.7.2 (L870): each asset among the hex's attackers this phase
    and every other of them that is no leader (a leader coordinates by the fourth bullet)."""
    every = [*earlier, *units]
    if len(every) < 2:
        return Legal()
    for a in every:
        hq = asset_hq(p, a)
        if isinstance(hq, Unknown):
            return NotCheckable(hq.needs + " (SR 10.1.6: assets combine only with units affiliated with their HQ)")
        for x in (x for x in every if hq is not None and x != a and (a in units or x in units)):
            hqs, missing = chain(p, x)
            if hq in hqs or kind_of(p.game, x) == "leader":
                continue
            if missing is not None:
                return NotCheckable(missing.needs + " (SR 10.1.6: assets combine only with units affiliated with "
                                    "their HQ)")
            return Illegal("HTTR SR 10.1.6", f"{a}, an asset of {hq}, close-assaults with {x}, which is no unit of an "
                           f"HQ affiliated with {hq} (SR 10.1.6, 17.7.2)")
    return Legal()


@rule("HTTR SR 18.1.2.3", "CA-12", "a HW unit close-assaults only when it moved at most one hex to come adjacent")
def check_hw_move(p: Position, units: list[str]) -> Verdict:
    """SR 18.1.2.3 (L893): 'must not have moved more than one hex to be adjacent to the attacked hex'. Reading: the
    hexes it entered this phase (``p.moves``), at least its distance from where it began the phase."""
    unsure = []
    for u in units:
        step, start, now = p.moves.get(u), p.phase_start.where(u), p.state.where(u)
        moved = max(step.hexes if step is not None else 0, start.distance(now) if start and now else 0)
        if moved <= 1:
            continue
        k = kind_of(p.game, u)
        if k == "hw":
            return Illegal("HTTR SR 18.1.2.3", f"{u} (HW) moved {moved} hexes this phase: a HW unit close-assaults "
                           "only when it moved at most one hex to come adjacent")
        if k is None:
            unsure.append(u)
    if unsure:
        return NotCheckable(f"the type of unit {unsure[0]} (units.csv type: a HW unit that moved more than one hex "
                            "may not close-assault, SR 18.1.2.3)")
    return Legal()


@rule("HTTR SR 18.1.2.5", "CA-12", "several HW units in a CA: each with a line infantry unit of its subordination")
def check_hw_infantry(p: Position, units: list[str]) -> Verdict:
    """SR 18.1.2.5 (L895): per subordination (units.csv formation, as ``close_action.check_hw``), no more HW units
    than line infantry units in the CA; an attacker of unknown type may be either."""
    for hq in sorted({p.game.units[u].formation for u in units}):
        mates = [kind_of(p.game, u) for u in units if p.game.units[u].formation == hq]
        hw, inf, untyped = mates.count("hw"), mates.count("infantry"), mates.count(None)
        if hw >= 2 and hw > inf + untyped:
            return Illegal("HTTR SR 18.1.2.5", f"{hw} HW units of {hq} close-assault with {inf} line infantry of "
                           f"{hq}: each HW unit needs its own")
        if hw + untyped >= 2 and hw + untyped > inf:
            u = next(u for u in units if p.game.units[u].formation == hq and kind_of(p.game, u) is None)
            return NotCheckable(f"the type of unit {u} (units.csv type: several HW units in a CA each need a line "
                                "infantry unit of their subordination, SR 18.1.2.5)")
    return Legal()
