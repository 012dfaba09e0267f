"""Applying a combat result (PtR 15.5, 16.0-16.2): after the combat roll the log shows each side's Effectiveness
Checks (boldface hits), its SP losses (the channel's Losses layer on a unit, docs/log-channel.md, or an
elimination), disruption flips and retreat moves; each is judged as it comes against the CRT result, and the
combat is closed (hits all absorbed? checks matched to the flips?) by the first event that is no part of it.

Readings: the log does not say which Effectiveness Check die was whose, so the flips are legal when some way of
giving each unit one die gives exactly those failures (16.1); extra SP losses (Withdrawal into an EZOC or without a
hex to go to, 15.5.5F-G; a disrupted unit failing again, 16.2A) do not count toward the hits and are taken after
them. When the losses break 15.5.1, the step the players got wrong is named if only one rule's misreading of the
combat gives the result they applied (``misread.py``). A mixin of the PtR referee."""
from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from hexforge.builder.timeline import ChatLine, DiceRoll, Eliminated, Move, StepChange
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.combat import MAX_CHECKED, failure_sets, parse_result
from hexforge.rules.ptr.data import resolved
from hexforge.rules.ptr.declaration import parse
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

LOSSES = "sp-losses"  # the channel's layer id: the SP losses a combat unit has taken (docs/log-channel.md)
CS_MARKER = "current-cs"  # the game's [[markers]] id of the printed Current CS markers (PtR 2.4.2, 15.5.4A1)


@dataclass(frozen=True, slots=True)
class Share:
    """One side's part of a combat result: its hits (and whether boldface), its involved combat units (HQs are
    ignored, 15.5.4B) and what the log has shown of it so far."""

    side: str
    hex: Hex
    hits: int
    bold: bool
    units: tuple[str, ...]
    disrupted: frozenset[str]  # disrupted at the roll (16.2A)
    armoured: frozenset[str] | Unknown  # attacked with TPs / defended with TPs or ATPs (15.5.2C)
    checks: tuple[int, ...] = ()
    flipped: frozenset[str] = frozenset()
    taken: tuple[str, ...] = ()  # one unit id per SP loss, in order
    moved: tuple[tuple[str, Hex], ...] = ()  # (unit, hex) of each retreat or Withdrawal
    gone: frozenset[str] = frozenset()
    extra: tuple[str, ...] = ()  # units owing an extra SP loss (15.5.5F: a Withdrawal into an EZOC)
    unsure: str | None = None  # what a loss's size needed (an eliminated unit's current CS)
    cs: tuple[tuple[str, int | Unknown], ...] = ()  # each unit's current CS at the roll (15.5.4A)

    def lost(self, uid: str) -> int:
        return self.taken.count(uid)

    def left(self) -> tuple[str, ...]:
        return tuple(u for u in self.units if u not in self.gone)

    def done(self) -> bool:
        """Every hit absorbed (or nobody left to absorb one)."""
        return len(self.taken) + bool(self.moved) >= self.hits or not self.left()

    def withdrawing(self, uid: str) -> bool:
        """PtR 15.5.6A / 16.2B: a unit that failed its check withdraws when the side takes more than one CH
        (reading: an already disrupted unit of a boldface side may have failed, so it may withdraw)."""
        return self.hits > 1 and (uid in self.flipped or (self.bold and uid in self.disrupted))


@dataclass(frozen=True, slots=True)
class Aftermath:
    """The combat result being applied: the CRT cell, both sides' shares, the supporting units (15.4.2)."""

    cell: str
    defender: Share
    attacker: Share
    supporters: frozenset[str]
    misread: tuple[tuple[str, str, str], ...] = ()  # (rule, what the players did, its cell): misread.py

    def share_of(self, uid: str) -> Share | None:
        return next((s for s in (self.defender, self.attacker) if uid in s.units), None)

    def with_share(self, s: Share) -> Aftermath:
        return replace(self, defender=s) if s.side == self.defender.side and s.hex == self.defender.hex else \
            replace(self, attacker=s)


class HitsMixin:
    """Follows the events that apply a combat result; see the module docstring."""

    def aftermath(self) -> Aftermath | None:
        b = self.battle()
        return b.after if b is not None else None

    def keep(self, af: Aftermath | None) -> None:
        self.set(active=replace(self.mem.active, battle=replace(self.battle(), after=af)))

    def watch_combat(self, j: Judged) -> bool:
        """Judges an event that applies the result under way (True); any other event closes the combat first."""
        af = self.aftermath()
        if af is None:
            return False
        e, uid = j.event, self.unit(j.event)
        if isinstance(e, DiceRoll) and self.is_check_roll(e):
            self.say(j.index, self.effectiveness_roll(af, self.die(e), self.roll_side(e)))
            return True
        if isinstance(e, StepChange) and uid is not None and self.loss_level(e) is not None:
            self.say(j.index, self.loss_layer(af, uid, e))
            return True
        if isinstance(e, StepChange) and uid is not None and self.back_level(e) == 1 and (
                af.share_of(uid) or uid in af.supporters):
            self.say(j.index, self.combat_flip(af, uid))
            return True
        if isinstance(e, Eliminated) and uid is not None and self.data.is_hq(uid):
            self.hq_eliminated(j, uid)  # 15.5.4D: its formation's last unit may just have gone
            return True
        if isinstance(e, Eliminated) and uid is not None and (af.share_of(uid) or uid in af.supporters):
            self.say(j.index, self.combat_elimination(af, uid))
            return True
        if isinstance(e, Move) and uid is not None and self.in_retreat(af, uid):
            self.say(j.index, self.combat_move(af, uid, e.to_hex))
            return True
        if uid is None and getattr(getattr(e, "piece", None), "name", None) in self.cs_markers():
            why = ("SP losses shown with Current CS markers (which unit a marker is under is not in the log: the "
                   "referee reads the Losses layer, docs/log-channel.md)")
            self.keep(replace(af, defender=replace(af.defender, unsure=why), attacker=replace(af.attacker, unsure=why)))
            self.say(j.index, NotCheckable(why))
            return True
        if isinstance(e, ChatLine) and (parse(e.text) is None or parse(e.text).verb in ("cv", "column", "drm")):
            return False  # talk, the echo VASSAL writes of every dice button's roll, and the numbers the players
            # worked out (rules/ptr/steps.py) leave the result open
        self.close_combat(j.index)
        return False

    def cs_markers(self) -> set[str]:
        return {m.name.resolved for m in self.game.info.markers if m.id == CS_MARKER}

    def is_check_roll(self, e: DiceRoll) -> bool:
        b = self.ch.dice(e.name)
        return b.purpose == "effectiveness-check" if b is not None else self.checks_due() is not None

    def checks_due(self) -> Share | None:
        af = self.aftermath()
        for s in (af.defender, af.attacker) if af else ():
            if s.bold and len(s.checks) < len(s.units):
                return s
        return None

    def loss_level(self, e: StepChange) -> int | None:
        lay = self.ch.layer(e.trait)
        return self.ch.level(e.trait, e.new) if lay is not None and lay.id == LOSSES else None

    @rule("PTR 15.5D / 15.5.3A / 16.1", "PTR15-21", "on a boldface result every unit of that side checks its "
          "effectiveness, one die each, before any of its CHs is applied")
    def effectiveness_roll(self, af: Aftermath, die: int, side: str | None) -> Verdict:
        """One unit's check: the roller's side's (else the first side still to check)."""
        mine = next((s for s in (af.defender, af.attacker) if s.side == side), None)
        s = self.checks_due() if mine is None else mine
        if s is None or not s.bold:
            return Illegal("PTR 16.0", "an Effectiveness Check after the combat roll, but no boldface result calls "
                           f"for one{f' on the {side} side' if side else ''}")
        if len(s.checks) >= len(s.units):
            return Illegal("PTR 16.1", f"one Effectiveness Check too many for the {s.side} side: one die per combat "
                           f"unit ({len(s.units)}); HQs never check (16.2)")
        v = self.defender_first(af, s)
        self.keep(af.with_share(replace(s, checks=s.checks + (die,))))
        return v or Legal(detail=f"Effectiveness Check {die} for the {s.side} side ({len(s.checks) + 1} of "
                          f"{len(s.units)}, 15.5.3A)")

    @rule("PTR 15.5C", "PTR15-20", "results against the defender are applied before those against the attacker")
    def defender_first(self, af: Aftermath, s: Share) -> Illegal | None:
        if s is af.attacker and not af.defender.done() and af.defender.unsure is None:
            return Illegal("PTR 15.5C", f"the attacker's result is applied before the defender has absorbed its "
                           f"{af.defender.hits} hits")
        return None

    def loss_layer(self, af: Aftermath, uid: str, e: StepChange) -> Verdict:
        new, old = self.loss_level(e), self.ch.level(e.trait, e.old) or 0
        if new <= old:
            return Illegal("PTR 15.5.4A", f"{uid}'s SP losses go down from {old} to {new} during a combat")
        printed = self.data.value(uid, "cs", False)
        if isinstance(printed, int):
            if new >= printed:
                return Illegal("PTR 15.5.4A2", f"{uid} (printed CS {printed}) is shown with {new} SP lost: a unit at "
                               "CS 1 taking a loss is eliminated, not marked")
            self.set(cs=MappingProxyType({**self.mem.cs, uid: printed - new}))
        return self.sp_loss(af, uid, new - old)

    @rule("PTR 15.5.2 / 15.5.4A-B", "PTR15-16/PTR15-22/PTR15-23/PTR15-24/PTR15-28",
          "supporting units and HQs take no CHs; the first CH is an SP loss from a unit that attacked with TPs or "
          "defended with TPs or ATPs; no unit takes a second SP loss before every involved unit took one")
    def sp_loss(self, af: Aftermath, uid: str, n: int) -> Verdict:
        """``n`` SP losses of ``uid`` in the combat under way."""
        if uid in af.supporters:
            return Illegal("PTR 15.5.2A", f"{uid} supported the combat: supporting units never take CHs")
        s = af.share_of(uid)
        if s is None:
            why = "an HQ never absorbs CHs" if self.data.is_hq(uid) else "it took no part in the combat"
            return Illegal("PTR 15.5.4B" if self.data.is_hq(uid) else "PTR 15.5.4A", f"{uid} loses an SP: {why}")
        v = self.defender_first(af, s) or self.checked_first(s) or self.armour_first(s, uid)
        if s.unsure is not None:
            self.keep(af.with_share(replace(s, taken=s.taken + (uid,) * n)))
            return v or NotCheckable(s.unsure)
        for _ in range(n):
            if v is None and s.lost(uid) >= 1 and any(s.lost(o) == 0 for o in s.left() if o != uid):
                v = Illegal("PTR 15.5.2D", f"{uid} takes a second SP loss before "
                            f"{', '.join(o for o in s.left() if s.lost(o) == 0)} took one")
            s = replace(s, taken=s.taken + (uid,))
        self.keep(af.with_share(s))
        return v or Legal(detail=f"{uid} loses {n} SP ({s.side}: {len(s.taken)} SP lost for {s.hits} hits)")

    def checked_first(self, s: Share) -> Illegal | None:
        if s.bold and len(s.checks) < len(s.units):
            return Illegal("PTR 15.5.3A", f"the {s.side} side takes a CH after {len(s.checks)} of its "
                           f"{len(s.units)} Effectiveness Checks: every unit checks first")
        return None

    def armour_first(self, s: Share, uid: str) -> Verdict | None:
        """PtR 15.5.2C: the first SP loss (of a side with armour in the combat) is an armoured unit's."""
        if s.taken:
            return None
        if isinstance(s.armoured, Unknown):
            return NotCheckable(s.armoured.needs)
        if s.armoured and uid not in s.armoured:
            return Illegal("PTR 15.5.2C", f"the first SP loss is {uid}'s, but {', '.join(sorted(s.armoured))} "
                           "fought with TPs or ATPs: it must come from one of them")
        return None

    @rule("PTR 15.5.4A2 / 15.5.4D", "PTR15-26/PTR15-29", "a unit at CS 1 taking a loss is eliminated; an HQ is "
          "removed only once every unit of its formation is eliminated")
    def combat_elimination(self, af: Aftermath, uid: str) -> Verdict:
        """An involved unit eliminated: the loss of its current CS, one SP after another."""
        s = af.share_of(uid)
        if uid in af.supporters:
            return Illegal("PTR 15.5.2A", f"{uid} supported the combat: supporting units never take CHs")
        at_roll = dict(s.cs).get(uid, Unknown(f"the current CS of {uid} (its SP losses)"))
        now = at_roll - s.lost(uid) if isinstance(at_roll, int) else at_roll
        if isinstance(now, Unknown):
            self.keep(af.with_share(replace(s, gone=s.gone | {uid}, unsure=now.needs)))
            return NotCheckable(now.needs)
        v = self.sp_loss(af, uid, now)
        af = self.aftermath()
        s = af.share_of(uid)
        self.keep(af.with_share(replace(s, gone=s.gone | {uid})))
        self.set(cs=MappingProxyType({**self.mem.cs, uid: 0}))
        return v

    @rule("PTR 16.2 / 14.2A", "PTR16-2", "a unit failing an Effectiveness Check is disrupted; only failures disrupt "
          "(and an overstack the unit's retreat made, 14.2A)")
    def combat_flip(self, af: Aftermath, uid: str) -> Verdict:
        if uid in af.supporters:
            return Illegal("PTR 15.5.2A", f"{uid} supported the combat: supporting units are immune to its results")
        s = af.share_of(uid)
        er = self.data.value(uid, "er", False)
        crowded = self.retreat_overstack(s, uid)
        if not s.bold:
            return crowded or Illegal("PTR 16.2", f"{uid} is disrupted, but the {s.side} side's result is not "
                                      "boldface: no Effectiveness Check")
        self.keep(af.with_share(replace(s, flipped=s.flipped | {uid})))
        if isinstance(er, Unknown):
            return NotCheckable(er.needs)
        if not any(d > er for d in s.checks):
            return crowded or Illegal("PTR 16.2", f"{uid} is disrupted, but no Effectiveness Check so far is above "
                                      f"its ER {er}")
        return Legal(detail=f"{uid} fails its Effectiveness Check and is disrupted (16.2)")

    def retreat_overstack(self, s: Share, uid: str) -> Legal | None:
        """PtR 14.2A: ``uid`` retreated into a hex its side now overstacks: its flip is that overstack's automatic
        disruption, not a failed check (16.2); ``None`` otherwise."""
        here = self.state.where(uid)
        if uid not in dict(s.moved) or not isinstance(self.overstack(here, s.side), Illegal):
            return None
        return Legal(detail=f"{uid} is disrupted by the overstack in {self.game.map.label(here)} after its retreat "
                     "(14.2A)")

    # -- the end of the combat --------------------------------------------------------------------------

    def close_combat(self, index: int, at_end: bool = False) -> None:
        """The combat is over: each side's hits and checks against what the log showed; then Battle Victory. At
        the log's end (``at_end``) what is still missing is not checkable: the next log may show it."""
        af = self.aftermath()
        if af is None:
            return
        found = [v for s in (af.defender, af.attacker) for v in self.checks_verdicts(s, at_end) +
                 self.hits_verdicts(s, at_end)]
        step = self.misread_step(af) if any(isinstance(v, Illegal) and v.rule == "PTR 15.5.1" for v in found) \
            else None
        if step is not None:  # the step replaces the losses' 15.5.1 verdicts (once for both sides)
            found = [v for v in found if not (isinstance(v, Illegal) and v.rule == "PTR 15.5.1")] + [step]
        for v in found:
            self.say(index, v)
        self.hq_verdicts(index, af)
        self.set(active=replace(self.mem.active, battle=None))  # the combat is over: later moves are new Actions
        self.battle_victory(index, af)

    @rule("PTR 16.1 / 16.2 / 16.2A", "PTR16-3", "the flips match failed checks (die above ER); a disrupted unit "
          "failing again stays disrupted and takes the extra SP loss the reading gives")
    def checks_verdicts(self, s: Share, at_end: bool = False) -> list[Verdict]:
        if not s.bold:
            return []
        if len(s.checks) != len(s.units):
            why = (f"the {s.side} side rolls {len(s.checks)} Effectiveness Checks for {len(s.units)} units (one per "
                   "combat unit; HQs never check, 16.2)")
            if at_end and len(s.checks) < len(s.units):
                return [NotCheckable(f"the rest of the combat result (the log ends first: {why})")]
            return [Illegal("PTR 15.5.3A" if len(s.checks) < len(s.units) else "PTR 16.1", why)]
        ers = {u: self.data.value(u, "er", u in s.disrupted) for u in s.units}
        unknown = [v.needs for v in ers.values() if isinstance(v, Unknown)]
        if unknown or len(s.units) > MAX_CHECKED:
            return [NotCheckable(unknown[0] if unknown else f"which of {len(s.units)} units failed (too many)")]
        fits = [f for f in failure_sets(s.checks, ers) if f - s.disrupted == s.flipped]
        if not fits:
            return [Illegal("PTR 16.2", f"the checks {list(s.checks)} against ERs {ers} cannot disrupt exactly "
                            f"{', '.join(sorted(s.flipped)) or 'no unit'}")]
        return []

    def extras(self, s: Share) -> tuple[int, int] | Unknown:
        """The extra SP losses the side owes beyond its hits (15.5.5F-G, 16.2A): (fewest, most)."""
        lo = hi = len(s.extra) + 2 * sum(1 for u in self.stuck(s))
        again = sum(1 for u in s.disrupted if u in s.units) if s.bold else 0
        if not again:
            return lo, hi
        chosen = resolved(self.data.special.get("second_disruption_sp_loss"))
        if chosen == "mandatory" and self.failed_again(s) is not None:
            return lo + self.failed_again(s), hi + self.failed_again(s)
        if chosen == "optional":
            return lo, hi + again
        return Unknown("whether a disrupted unit failing again loses an SP ([special] second_disruption_sp_loss, "
                       "PtR 16.2A: 'may suffer')") if chosen != "mandatory" else Unknown(
            "which disrupted unit failed its check again (the log does not say which die was whose)")

    def fits(self, s: Share) -> list[frozenset[str]] | None:
        """The failure sets the side's checks allow that match its flips (``None``: an ER is unknown)."""
        ers = {u: self.data.value(u, "er", u in s.disrupted) for u in s.units}
        if not s.bold or any(isinstance(v, Unknown) for v in ers.values()) or len(s.checks) != len(s.units) \
                or len(s.units) > MAX_CHECKED:
            return None
        return [f for f in failure_sets(s.checks, ers) if f - s.disrupted == s.flipped]

    def failed_again(self, s: Share) -> int | None:
        """How many already disrupted units failed again (``None``: the log does not tell)."""
        counts = {len(f & s.disrupted) for f in self.fits(s) or ()}
        return counts.pop() if len(counts) == 1 else None

    def surely_failed(self, s: Share) -> frozenset[str]:
        """The units that failed their check whichever die was whose: the flipped ones, and disrupted ones when
        every reading of the dice fails them."""
        sets = self.fits(s) or []
        return s.flipped | (frozenset.intersection(*sets) & s.disrupted if sets else frozenset())

    @rule("PTR 15.5.1 / 15.5.5A-B / 15.5.6", "PTR15-10/PTR15-35", "each side absorbs exactly the hits the CRT "
          "gives, as SP losses and at most one retreat hex; units that failed withdraw when the side takes more "
          "than one CH, and the rest still absorb the hits")
    def hits_verdicts(self, s: Share, at_end: bool = False) -> list[Verdict]:
        out: list[Verdict] = []
        withdrew = {u for u, _ in s.moved if s.withdrawing(u)}
        retreated = {u for u, _ in s.moved} - withdrew
        stayed = [u for u in s.left() if u not in retreated and u not in withdrew]
        if retreated and stayed and not at_end:
            out.append(Illegal("PTR 15.5.5A", f"{', '.join(sorted(retreated))} retreated but {', '.join(stayed)} "
                               "stayed: a retreat hex moves every unit that does not withdraw"))
        owed = [u for u in stayed if u in self.surely_failed(s) and u not in self.stuck(s)] if s.hits > 1 else []
        if owed and s.taken and not at_end:
            out.append(Illegal("PTR 15.5.6A", f"{', '.join(owed)} failed its Effectiveness Check and the side takes "
                               f"{s.hits} CHs: it must withdraw"))
        window = self.loss_window(s, s.hits)
        if s.unsure or isinstance(window, Unknown):
            return out + [NotCheckable(s.unsure or window.needs)]
        lo, hi = window
        got, credit = len(s.taken), self.retreat_credit(s)
        want = f"{lo}" if lo == hi else f"{lo}-{hi}"
        why = (f"the {s.side} side takes {got} SP losses and {credit} retreat hex; the result's {s.hits} hits (with "
               f"the extra losses owed) call for {want} SP losses")
        if got < lo and s.left() and at_end:
            out.append(NotCheckable(f"the rest of the combat result (the log ends first: {why})"))
        elif not self.fits_hits(s, s.hits):
            out.append(Illegal("PTR 15.5.1", why))
        return out

    def retreat_credit(self, s: Share) -> int:
        """PtR 15.5.5B / 15.5.6: a retreat hex (or the whole side's Withdrawal) absorbs one CH."""
        withdrew = {u for u, _ in s.moved if s.withdrawing(u)}
        retreated = {u for u, _ in s.moved} - withdrew
        stayed = [u for u in s.left() if u not in retreated and u not in withdrew]
        return 1 if retreated or (withdrew and not stayed) else 0

    def loss_window(self, s: Share, hits: int) -> tuple[int, int] | Unknown:
        """The fewest and most SP losses ``hits`` CHs call for from this side, given its retreat and the extra
        losses it owes (15.5.5F-G, 16.2A)."""
        extra = self.extras(s)
        if isinstance(extra, Unknown):
            return extra
        credit = self.retreat_credit(s)
        return hits - credit + extra[0], hits - credit + extra[1]

    def fits_hits(self, s: Share, hits: int) -> bool | None:
        """Whether the SP losses the side took absorb ``hits`` CHs (all its units gone absorbs any number)."""
        window = self.loss_window(s, hits)
        if isinstance(window, Unknown) or s.unsure:
            return None
        got = len(s.taken)
        return window[0] <= got <= window[1] or (got < window[0] and not s.left())

    @rule("PTR 15.1.3 / 15.1.4 / 15.2.1 / 15.4", "PTR15-3/PTR15-4/PTR15-5/PTR15-6/PTR15-8/PTR15-9/PTR15-17/"
          "PTR15-18/PTR15-19", "a result applied that contradicts the correct one names the step the players got "
          "wrong: the chit column, the Battle Strength, the ratio, the column, the DRMs or the roll's clamp")
    def misread_step(self, af: Aftermath) -> Illegal | None:
        """The misreadings (``misread.py``) whose hits both sides' SP losses fit: one rule's, as that step's Illegal;
        several rules', as the losses' 15.5.1 naming them."""
        fits = [(rule_, how, cell) for rule_, how, cell in af.misread
                if all(self.fits_hits(s, h) for s, h in zip((af.attacker, af.defender), parse_result(cell)[::2]))]
        if not fits:
            return None
        rules = sorted({r for r, _, _ in fits})
        seen = "; ".join(f"{how} ({r}: {c})" for r, how, c in fits)
        if len(rules) > 1:
            return Illegal("PTR 15.5.1", f"the SP losses applied are not the result {af.cell}; they fit a result "
                           f"read with: {seen}")
        return Illegal(rules[0], f"the SP losses applied are the result read with {seen}; the correct reading gives "
                       f"{af.cell}")

    @rule("PTR 15.5.4C-D", "PTR15-28/PTR15-29", "an HQ left alone by the combat is displaced at once; an HQ goes "
          "the instant its formation's last unit is eliminated")
    def hq_verdicts(self, index: int, af: Aftermath) -> None:
        for s in (af.defender, af.attacker):
            hqs = [u for u in self.state.at(s.hex) if self.data.is_hq(u)]
            alone = hqs and all(self.data.is_hq(u) for u in self.state.at(s.hex))
            for hq in hqs:
                if alone and s.units:
                    self.say(index, Illegal("PTR 15.5.4C", f"{hq} is alone in {self.game.map.label(s.hex)} after the "
                                            "combat: it is displaced at once (20.2)"))
            for fid in {self.data.formation_of(u) for u in s.gone} - {None}:
                hq = self.data.formations[fid].hq if fid in self.data.formations else None
                if hq is not None and self.state.where(hq) is not None and not self.formation_left(fid):
                    self.say(index, Illegal("PTR 15.5.4D", f"every unit of {fid} is eliminated: its HQ {hq} is "
                                            "removed at once"))

    def formation_left(self, fid: str) -> list[str]:
        """The combat units of formation ``fid`` not eliminated (on the map or still to arrive)."""
        return [u for u in self.game.units if self.data.formation_of(u) == fid and not self.data.is_hq(u)
                and u not in self.state.eliminated]

    def hq_eliminated(self, j: Judged, hq: str) -> None:
        """PtR 15.5.4D: an HQ eliminated while a unit of its formation is left."""
        fid = self.data.formation_of(hq)
        left = self.formation_left(fid) if fid else []
        self.say(j.index, Illegal("PTR 15.5.4D", f"{hq} is removed while {', '.join(left[:4])} of {fid} are left: an "
                                  "HQ goes only once every unit of its formation is eliminated") if left else
                 Legal(detail=f"{hq} goes with its formation's last unit (15.5.4D)"))

    @rule("PTR 16.2 Play Note / 16.2A", "PTR16-4", "a failed Refit costs no SP; SP losses come from combat (and "
          "the rules 16.2A names)")
    def losses_outside(self, j: Judged, uid: str) -> None:
        a = self.mem.active
        level = self.loss_level(j.event)
        old = self.ch.level(j.event.trait, j.event.old) or 0
        printed = self.data.value(uid, "cs", False)
        if isinstance(printed, int):
            self.set(cs=MappingProxyType({**self.mem.cs, uid: printed - level}))
        if level is not None and level > old and a is not None and a.refitted == (uid, False):
            self.say(j.index, Illegal("PTR 16.2", f"{uid} loses an SP after its failed Refit: a Refit costs no SP "
                                      "(16.2 Play Note)"))
        elif a is not None and a.battle is not None and a.battle.rolled:
            self.say(j.index, NotCheckable("the combat result (tables/crt.toml): the losses follow it"))
        else:
            self.say(j.index, NotCheckable(f"what {uid}'s change of SP losses is for (outside a combat: "
                                           "replacements, attrition, overstacking are judged elsewhere or not yet)"))
