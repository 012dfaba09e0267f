"""HTTR units detached from their formal command at an ER penalty: a unit that begins the game out of command may
attach to any headquarters (ScR 8.1.11), and with the optional ad-hoc formations (ScR 15.1.1, setting
``optional_adhoc``) a German battalion with a formal subordination may be declared independent and subordinated to
any German HQ in a German Command Phase; either way the unit's effectiveness rating is two less until it is
reunited with its original command (``attach UNIT to ITS-HQ``).

The attachment itself is judged in ``rules/httr/attachment.py``, which asks :func:`detach` whether one of these
rules lets it through; the penalty is :func:`er_now`, the ER fire and close action read (units combining in one IF
packet have one ER, SR 6.5.1.10: the penalised unit's being its printed ER less two). The same record holds the
permanent ER loss of artillery re-subordinated after its HQ is destroyed (SR 17.5.8-17.5.10, judged in
``attachment.py``), which adds to a detachment's.

Readings: a unit begins the game out of command when, in the set-up, its formation's HQ is off the map or it traces
no supply path to that HQ (SR 13.2.6: the command link, whatever the HQ's own supply); a unit not on the map in the
set-up is not a start unit.
"Any headquarters" (8.1.11) is any HQ of its side, whatever its level; the attachment is made in its side's Command
Phase (SR 13.4.2). A battalion is a unit whose units.csv ``size`` is battalion; its formal subordination its
``formation``. Reunited (both rules) is attached back to its formation's HQ by declaration.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from hexforge.builder.timeline import Event
from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.sources import Source
from hexforge.rules.httr.supply import HttrSupply
from hexforge.rules.httr.units import controlling_hq, number, unresolved_formation
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

ADHOC = "optional_adhoc"  # the setting's name (catalogue.READINGS)
PENALTY = 2  # ScR 8.1.11 (L1304), 15.1.1 (L1488): 'the effectiveness rating of the unit reduced by two'
START_RULE, ADHOC_RULE = "HTTR ScR 8.1.11", "HTTR ScR 15.1.1"


DETACHED, ARTILLERY = "detached", "artillery"  # the kinds of ER penalty a unit may carry at once


@dataclass(frozen=True, slots=True)
class Penalty:
    """An ER reduction: by how much, the HQ it is counted from, the rule, and whether reuniting with that HQ ends
    it (ScR 8.1.11, 15.1.1) or it is permanent (SR 17.5.8)."""

    less: int
    origin: str
    rule: str
    until_reunited: bool


@dataclass(slots=True)
class Detachments:
    """The set-up (kept at the first event) and each unit's ER penalties by kind (``DETACHED``, ``ARTILLERY``): the
    kinds add up (SR 17.5.8: 'in addition to any temporary losses'), one kind does not (SR 17.5.10)."""

    start: GameState | None = None
    penalty: dict[str, dict[str, Penalty]] = field(default_factory=dict)

    def impose(self, uid: str, kind: str, got: Penalty) -> None:
        """Record a penalty; of one kind the larger stands (SR 17.5.10: 17.5.8's and 17.5.9's not cumulative)."""
        now = self.penalty.setdefault(uid, {})
        if kind not in now or got.less > now[kind].less:
            now[kind] = got

    def lift(self, uid: str, kind: str) -> None:
        self.penalty.get(uid, {}).pop(kind, None)
        if not self.penalty.get(uid, True):
            del self.penalty[uid]


class Position(Board, Protocol):
    readings: dict[str, str]
    attach: Any  # rules.httr.attachment.Attachments (its ``detached``)


def began_out_of_command(game: Game, start: GameState, uid: str) -> bool | None:
    """ScR 8.1.11's 'begins the game out of command' (the module docstring's reading); None when unknown."""
    hq = controlling_hq(game, uid)
    if start.where(uid) is None:
        return False
    if hq is None:  # no formation, or one whose HQ unit the data does not give (unknown)
        return None if unresolved_formation(game, uid) else False
    at = start.where(hq)
    if at is None:
        return True
    travel = frozenset(u for u, m in mem.memory(start).modes.items() if m == "travel")
    disrupted = frozenset(u for u in start.positions if mem.has(start, u, "disrupted"))
    src = Source(f"{hq} at its hex", start.side(uid) or "", frozenset({at}), hq, "HTTR SR 13.2.6")
    got = HttrSupply(game, start, [src], travel=travel, disrupted=disrupted).status(uid)
    if got.supplied is True or ": traces to " in got.reason:  # the link, whatever the HQ's own supply
        return False
    return None if got.supplied is None or got.reason.startswith("not checkable") else True


def adhoc(p: Position, uid: str, hq: str) -> bool:
    """Is this attachment the optional rule's ad-hoc battalion (rule on, a German battalion with a formal
    subordination going elsewhere)?"""
    u, formal = p.game.units[uid], controlling_hq(p.game, uid)
    return p.readings.get(ADHOC) == "on" and u.side == "german" and u.size.strip().lower() == "battalion" \
        and formal is not None and hq != formal


@rule("HTTR ScR 8.1.11", "RES-7", "an out-of-command start unit stays without HQ or attaches to any HQ of its side "
      "at ER -2 until reunited with its original command")
def detach(p: Position, uid: str, hq: str) -> Verdict | None:
    """An attachment ScR 8.1.11 or 15.1.1 allows (or a reunion), else None (the ordinary rules judge it)."""
    log: Detachments = p.attach.detached
    original = controlling_hq(p.game, uid) or p.game.units[uid].formation
    if DETACHED in log.penalty.get(uid, {}) and hq == original:
        log.lift(uid, DETACHED)
        return Legal(detail=f"{uid} is reunited with {hq}: its ER is restored")
    if adhoc(p, uid, hq):
        return judge_adhoc(p, uid, hq)
    if log.start is None or hq == original or original in p.state.eliminated and p.state.where(original) is None:
        return None  # its HQ destroyed: SR 17.4.3's reattachment, at no penalty
    out = began_out_of_command(p.game, log.start, uid)
    if out is None and unresolved_formation(p.game, uid):
        return NotCheckable(f"the HQ unit of {uid}'s formation {original!r} (units.csv formation; game.toml "
                            "[special.formation_hqs]): whether it began the game out of command, ScR 8.1.11")
    if out is None:
        return NotCheckable(f"whether {uid} began the game out of command (its set-up supply path to {original} over "
                            "the map's terrain, "
                            "SR 13.2.6; ScR 8.1.11)")
    if not out:
        return None
    log.impose(uid, DETACHED, Penalty(PENALTY, original, START_RULE, True))
    return Legal(detail=f"{uid} began the game out of command: it attaches to {hq} at ER -{PENALTY} until reunited "
                 f"with {original} (ScR 8.1.11)")


@rule("HTTR ScR 15.1.1", "OPT-4", "optional ad-hoc formations: a German battalion is made independent and "
      "subordinated to any German HQ only in a German Command Phase, its ER two less until reunited")
def judge_adhoc(p: Position, uid: str, hq: str) -> Verdict:
    kind, side = p.phase()
    if kind == "unknown":
        return NotCheckable("the phase (no turn tracker change yet)")
    if kind != "command" or side != "german":
        return Illegal(ADHOC_RULE, f"{uid} is made an ad-hoc battalion under {hq} outside a German Command Phase")
    formal = controlling_hq(p.game, uid) or p.game.units[uid].formation
    p.attach.detached.impose(uid, DETACHED, Penalty(PENALTY, formal, ADHOC_RULE, True))
    return Legal(detail=f"{uid} is an ad-hoc battalion under {hq} at ER -{PENALTY} until reunited with "
                 f"{formal} (ScR 15.1.1)")


def on_event(p: Position, e: Event) -> list[Verdict]:
    """Keeps the set-up (what began out of command is judged against it)."""
    log: Detachments = p.attach.detached
    if log.start is None:
        log.start = p.state
    return []


@rule("HTTR ScR 8.1.11 / 15.1.1 / SR 17.5.8-17.5.10", "RES-7/OPT-4/SUP-12", "a unit detached at ER -2, or artillery "
      "re-subordinated after its HQ's loss (-1, -2 out of its division), fires and fights at that ER (its IF packet "
      "combines only units of its reduced ER, SR 6.5.1.10)")
def er_now(p: Position, uid: str) -> float | Unknown:
    """The ER ``uid`` fires and fights at: its printed ER less its penalties (fire and CA read this)."""
    er = number(p.game, uid, "effectiveness")
    attach = getattr(p, "attach", None)
    if isinstance(er, Unknown) or attach is None:
        return er
    return er - sum(got.less for got in attach.detached.penalty.get(uid, {}).values())


WORDS = {1: "one", 2: "two"}


def detached_from(p: Position, uid: str) -> str | None:
    """Why ``uid``'s ER is lower (each penalty's size, HQ and rule), or None."""
    attach = getattr(p, "attach", None)
    got = attach.detached.penalty.get(uid, {}) if attach is not None else {}
    why = [f"{WORDS.get(x.less, x.less)} less " + (f"while detached from {x.origin}" if x.until_reunited else
           f"since its HQ {x.origin} was lost") + f", {x.rule}" for x in got.values()]
    return "; ".join(why) or None
