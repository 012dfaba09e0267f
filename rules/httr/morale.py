"""HTTR morale for a morale check (SR 16): one function every check calls, naming the kind of check, so that each
modifier is applied where its rule says and nowhere twice.

A unit's current morale is :func:`fatigue.morale_now` (printed, one less while fatigued, optional SR 21.5.4; the
log shows no SP losses, so 16.1's reductions are not read). For a check (:func:`for_check`):

- disrupted: less four (SR 10.6.2 L632), except in the recovery check (10.6.4 L638: "do not apply the minus four")
  and the in-battery AT/flak retreat (10.5.6 L621: "does not involve the minus four modifier");
- a friendly leader stacked with the unit: plus one (SR 16.5 L837) on any check but recovery;
- in a check during a close action: plus two for a friendly leader or HQ stacked with or adjacent to the unit,
  subordinated or not, to at most 9 (SR 16.3 L830; a morale already above 9 is not lowered).

Readings: recovery (10.6.4) takes none of these ("Instead, use the following die roll modifiers": its -2 for a
leader or HQ, 19.7's "add 2", is ``recovery.py``'s die roll modifier). The CA checks are the leg attackers' check
after their AFV is lost (10.2.13) and the in-battery AT/flak retreat's (10.5.6: a result of the CA, 10.5). In
them 16.3's +2 is the leader's bonus: 19.1.1's +2 for subordinated units stacked under a leader is a case of it and
16.5's +1 for the same leader is not added to it (19.1.2: leaders do not combine bonuses; one bonus per check).
The CA value's morale differential is not a check: ``ca_value.py`` applies 10.4.2's own factors (10.4.2.6's -4).

Optional Allied Ferocity (ScR 15.5, ``ferocity.raised``) raises "the morale" of the units it names "to 10 regardless
of losses", for no one kind of check: it applies here to every kind, recovery's included. Reading: it replaces the
current morale (16.1: the printed one adjusted for losses, L824; 10.6.4's "printed morale value adjusted for
losses", L638) by 10, never lowering it; fatigue's one less (21.5.4, no loss) and each check's modifiers above then
apply to it as to any current morale (10.6.2: "its current morale less four", L632; 16.5: "its current morale is
increased by one", L837; 16.3's at most 9 lowers no 10). When whether Ferocity holds is not known, the check's roll
(``roll``) decides: a roll the morale passes either way, or fails either way, is judged; one between is not.
"""
from __future__ import annotations

from typing import Any, Self

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.httr import ferocity
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.fatigue import fatigued, morale_now
from hexforge.rules.httr.units import is_kind

CHECK = "check"  # any morale check not named below: fire's (6.7.6-6.7.7, 6.3.5.3), a move's (9.5.2.2)
CA = "ca"  # a morale check during a close action (10.2.13)
RETREAT = "retreat"  # the in-battery AT/flak retreat after a close action (10.5.6)
RECOVERY = "recovery"  # recovery from disruption (10.6.4)
KINDS = (CHECK, CA, RETREAT, RECOVERY)
CA_MOST = 9  # SR 16.3 (L830): 'maximum value 9'


class Morale(float):
    """A morale level for a check, with the modifiers that made it (``note``: '' or ' (..., SR ...)')."""

    factors: tuple[str, ...]

    def __new__(cls, level: float, factors: tuple[str, ...] = ()) -> Self:
        m = super().__new__(cls, level)
        m.factors = factors
        return m

    @property
    def note(self) -> str:
        return f" ({'; '.join(self.factors)})" if self.factors else ""


def for_check(p: Any, uid: str, kind: str, roll: int | None = None) -> Morale | Unknown:
    """``uid``'s morale for a morale check of ``kind`` (one of :data:`KINDS`) whose 2d6 is ``roll`` (None: not
    rolled, or a recovery roll with its own modifiers); ``p``: anything with ``game`` and ``state`` (the referee;
    fatigue and Ferocity are read only where ``p`` holds their logs and settings). Unknown when the unit's morale
    is, or when Ferocity may hold and ``roll`` is not one the morale decides alike with it and without it."""
    if kind not in KINDS:
        raise ValueError(f"morale check kind {kind!r}: expected one of {', '.join(KINDS)}")
    morale = morale_now(p, uid)
    if isinstance(morale, Unknown):
        return morale
    low = modified(p, uid, kind, Morale(morale))
    fierce = ferocity.raised_for(p, uid)  # optional ScR 15.5
    if fierce is False:
        return low
    tired = 1 if fatigued(p, uid) else 0  # SR 21.5.4
    why = f"morale {ferocity.MORALE} with Ferocity, ScR 15.5{', less 1 fatigued, SR 21.5.4' if tired else ''}"
    raised = Morale(max(morale, ferocity.MORALE - tired), (why,))
    high = modified(p, uid, kind, raised)
    if fierce is True:
        return high
    if high == low or roll is not None and not low < roll <= high:
        return low  # the roll passes or fails at either morale
    return Unknown(fierce.needs)


def modified(p: Any, uid: str, kind: str, current: Morale) -> Morale:
    """The current morale ``current`` with ``kind``'s modifiers (none for recovery, SR 10.6.4)."""
    if kind == RECOVERY:
        return current
    level, factors = float(current), list(current.factors)
    if kind != RETREAT and mem.has(p.state, uid, "disrupted"):
        level -= 4
        factors.append("disrupted -4, SR 10.6.2")
    at = p.state.where(uid)
    if kind == CHECK and any(is_kind(p.game, u, "leader") for u in friends(p, uid, [at] if at else [])):
        level += 1
        factors.append("+1 with a leader, SR 16.5")
    if kind != CHECK and at is not None and any(is_kind(p.game, u, "leader", "hq")
                                                for u in friends(p, uid, [at, *at.neighbours()])):
        raised = max(min(level + 2, CA_MOST), level)
        factors.append(f"+{raised - level:g} with a leader or HQ stacked or adjacent in a CA (at most 9), SR 16.3")
        level = raised
    return Morale(level, tuple(factors))


def note(m: float) -> str:
    """The modifiers of a :class:`Morale` (``''`` for a plain number)."""
    return m.note if isinstance(m, Morale) else ""


def friends(p: Any, uid: str, hexes: list[Hex]) -> list[str]:
    """The units of ``uid``'s side in ``hexes``, ``uid`` left out."""
    side = p.state.side(uid)
    return [u for h in hexes for u in p.state.at(h) if u != uid and p.state.side(u) == side]
