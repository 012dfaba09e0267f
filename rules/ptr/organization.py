"""Formations and their independent units (PtR 6.1-6.2): ``assign UNIT to FORMATION`` and ``detach UNIT`` in the
Organization Phase, judged against the formation limit (6.1B), the US detachments (6.1C), the German unity of
command (6.1D), the timing and state of the unit (6.2.1A, 6.2.2), the command ranges (6.2.1A, 6.2.2) and the corps
restrictions (6.2.3). The assignments are remembered (``PtrMemory.assigned``); the rule data comes from
``game.toml [special]`` (``formation_max_combat_units``, ``detachments``, ``independent_corps``). A mixin of the
PtR referee.

Reading (6.2.1B): the assignment record is secret, but "if challenged, the side will need to show written proof";
the log's proof is the chat declaration, so an assignment the log never declares is not made.
"""
from __future__ import annotations

from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.command import brief, formation_now, paths
from hexforge.games.values import plain
from hexforge.rules.ptr.data import resolved
from hexforge.rules.ptr.declaration import Declared
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.ptr.supply import in_command, isolated
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

ORGANIZATION_PHASE = "organization"  # the sequence's phase id (PtR 5.1B)
ORGANIZATION_VERBS = ("assign", "detach", "replace", "cannibalize", "reorganize", "refuse-plan")


def find_unit(units, words: str) -> str | None:
    """The unit id a typed text names (case and spaces do not matter)."""
    key = words.replace(" ", "").lower()
    hits = [u for u in units if u.replace(" ", "").lower() == key]
    return hits[0] if len(hits) == 1 else None


class OrganizationMixin:
    """Assignments of units to formations; see the module docstring."""

    # -- what the other checks ask ----------------------------------------------------------------

    def formation_now(self, uid: str) -> str | None:
        """The formation a unit belongs to now: its assignment (6.1C, 6.2), else the one the scenario attaches it to
        at the start (``[special_rules] attachments``, e.g. 21.2.9's '* attached to 526th Inf Div'), else its own
        (units.csv)."""
        return formation_now(self.data, self.state, uid)

    def independent(self, uid: str) -> bool:
        """PtR 6.2A: a unit of no formation (units.csv formation empty or no formation of the game)."""
        return self.data.formation_of(uid) is None and not self.data.is_hq(uid)

    def in_cr_of(self, uid: str, fid: str, state: GameState | None = None) -> bool | Unknown:
        """PtR 18.0B: is ``uid`` in the command range of formation ``fid``'s HQ (in ``state``, else now)?"""
        state = state or self.state
        hq = self.data.formations[fid].hq
        if hq is None or state.where(hq) is None or state.where(uid) is None:
            return Unknown(f"the HQ of formation {fid} and {uid} on the map ([special.formations] hq)")
        p = paths(self.data, state)
        got = in_command(p, uid, hq)
        return got if got is not None else Unknown(f"the command range of {hq} to {uid}: {brief(p.needs)}")

    def combat_units_of(self, fid: str) -> list[str]:
        """The combat units in play that belong to formation ``fid`` now (6.1B)."""
        return sorted(u for u in self.state.positions if not self.data.is_hq(u) and u not in self.mem.withdrawn
                      and self.formation_now(u) == fid)

    # -- the declarations -------------------------------------------------------------------------

    def on_organization(self, j: Judged, d: Declared) -> None:
        """Routes an Organization or Replacement Phase declaration (and ``refuse plan``)."""
        if self.no_phase(j):
            return
        if d.verb == "refuse-plan":
            self.say(j.index, self.refuse_plan())
            return
        uid = find_unit(self.game.units, d.args[0])
        if d.verb in ("replace", "reorganize"):
            self.on_rebuild(j, d)
            return
        if uid is None:
            self.say(j.index, NotCheckable(f"which unit '{d.args[0]}' names (units.csv id)"))
        elif d.verb == "cannibalize":
            self.say(j.index, self.cannibalize(uid))
        elif d.verb == "detach":
            self.say(j.index, self.detach(uid))
        else:
            fid = self.data.find_formation(d.args[1].replace(" ", ""))
            self.say(j.index, NotCheckable(f"which formation '{d.args[1]}' names (game.toml [special.formations])")
                     if fid is None else self.assign(uid, fid))

    @rule("PTR 6.2.1A / 6.2.2", "PTR6-4", "units are assigned, reassigned or detached only in the Organization Phase "
          "and only when undisrupted")
    def organization_time(self, uid: str) -> Illegal | None:
        if self.phase_id() != ORGANIZATION_PHASE:
            return Illegal("PTR 6.2.1A", f"{uid} is assigned or detached outside the Organization Phase")
        if uid in self.state.reduced:
            return Illegal("PTR 6.2.1A", f"{uid} is disrupted: only an undisrupted unit is assigned or detached")
        return None

    def assign(self, uid: str, fid: str) -> Verdict:
        """``assign UNIT to FORMATION``: every rule of 6.1-6.2 that applies, the first failure wins."""
        if self.data.is_hq(uid):
            return Illegal("PTR 6.1B", f"{uid} is an HQ: only combat units are assigned to formations")
        now = self.formation_now(uid)
        if now == fid:
            return Legal(detail=f"{uid} already belongs to {fid}")
        if self.data.formations[fid].side != self.state.side(uid) and self.state.side(uid) is not None:
            return Illegal("PTR 6.2.3", f"{uid} is assigned to {fid}, a formation of the other side")
        bad = self.organization_time(uid) or self.may_join(uid, fid)
        if bad is not None:
            return bad
        off = self.state.where(uid) is None  # reading: a reinforcement not yet on the map is assigned off it (8.1C)
        pocket = self.state.side(uid) != self.data.us_side and self.data.formation_of(uid) not in (None, fid)
        answers = [True, True] if off else [self.in_cr_of(uid, fid),  # 6.1D: an isolated unit leaves its HQ unseen
                                            self.in_cr_of(uid, now) if now and not pocket else True]
        cr = self.cr_verdict(uid, fid, now, answers)
        if isinstance(cr, Illegal):
            return cr
        full = self.formation_limit(uid, fid)
        if full is not None:
            return full
        self.set(assigned=frozen_map({**self.mem.assigned, uid: fid}))
        return cr or Legal(detail=f"{uid} is assigned to {fid}")

    @rule("PTR 6.2.1A / 6.2.2", "PTR6-5", "the unit is in CR of the HQ gaining it, and of its current HQ to leave it")
    def cr_verdict(self, uid: str, fid: str, now: str | None, answers: list) -> Verdict | None:
        if answers[0] is False:
            return Illegal("PTR 6.2.1A", f"{uid} is not in the command range of {fid}'s HQ, which would gain it")
        if answers[1] is False:
            return Illegal("PTR 6.2.2", f"{uid} is not in the command range of its current HQ ({now}) to be detached")
        needs = [a.needs for a in answers if isinstance(a, Unknown)]
        return NotCheckable("; ".join(needs)) if needs else None

    def may_join(self, uid: str, fid: str) -> Verdict | None:
        """Who may join ``fid`` at all: an independent by its corps (6.2.3), a German division unit only when
        isolated (6.1D), a US division unit by the detachments (6.1C)."""
        own = self.data.formation_of(uid)
        if own is None:
            return self.corps_verdict(uid, fid)
        if own == fid:
            return None  # back to its own formation
        if self.state.side(uid) != self.data.us_side:
            return self.german_unity(uid, own, fid)
        return self.detachment_verdict(uid, own, fid)

    @rule("PTR 6.2.3", "PTR6-7", "an independent unit joins only a formation its corps restriction allows "
          "(German: any German formation)")
    def corps_verdict(self, uid: str, fid: str) -> Verdict | None:
        corps = plain(self.data.special.get("independent_corps"))
        want = corps.get(uid) if isinstance(corps, dict) else None
        if want is None:
            return None  # 6.2.3A: any friendly formation
        got = resolved((self.data.special.get("formations") or {}).get(fid, {}).get("corps"))
        if got == "unknown":
            return NotCheckable(f"the corps of formation {fid} (game.toml [special.formations] corps)")
        return None if got == want else Illegal("PTR 6.2.3", f"{uid} may join only a {want} Corps formation; "
                                                f"{fid} is of {got} Corps")

    @rule("PTR 6.1D", "PTR6-3", "a German division's unit is never assigned to another formation, unless it is "
          "isolated (18.4)")
    def german_unity(self, uid: str, own: str, fid: str) -> Verdict | None:
        hq = self.data.formations[own].hq
        if hq is None or self.state.where(hq) is None or self.state.where(uid) is None:
            return NotCheckable(f"whether {uid} is isolated from its HQ (the HQ of {own} on the map)")
        p = paths(self.data, self.state)
        alone = isolated(p, uid, hq)
        if alone is None:
            return NotCheckable(f"whether {uid} is isolated (18.4): {brief(p.needs)}")
        return None if alone else Illegal("PTR 6.1D", f"{uid} of {own} is assigned to {fid}: a German division's "
                                          "units never join another formation unless isolated")

    @rule("PTR 6.1C", "PTR6-2", "US detachments only as the rules list them: up to three battalions of one "
          "regiment, up to two tank task groups, between the named divisions")
    def detachment_verdict(self, uid: str, own: str, fid: str) -> Verdict | None:
        rules = plain(self.data.special.get("detachments"))
        if not isinstance(rules, list):
            return NotCheckable("the US detachments ([special] detachments of game.toml, PtR 6.1C)")
        utype = self.game.units[uid].type
        for r in rules:
            groups = [set(g) for g in r.get("groups", [])]
            if r.get("from") != own or r.get("to") != fid:
                continue
            if not (any(uid in g for g in groups) or utype in r.get("unit_types", [])):
                continue
            gone = [u for u, f in self.mem.assigned.items() if f == fid and self.data.formation_of(u) == own]
            if len(gone) + 1 > int(r.get("max", 0)):
                return Illegal("PTR 6.1C", f"{uid} would make {len(gone) + 1} units of {own} detached to {fid}: at "
                               f"most {r.get('max')}")
            if groups and not any({uid, *gone} <= g for g in groups):
                return Illegal("PTR 6.1C", f"{uid} and {', '.join(sorted(gone))} detached from {own} to {fid} are "
                               "not of one regiment")
            return None
        return Illegal("PTR 6.1C", f"{uid} of {own} may not be detached to {fid} (6.1C lists who may)")

    @rule("PTR 6.1B", "PTR6-1", "a formation holds at most 14 combat units, assigned independents included")
    def formation_limit(self, uid: str, fid: str) -> Verdict | None:
        limit = resolved(self.data.special.get("formation_max_combat_units"))
        if not isinstance(limit, int):
            return NotCheckable("the most combat units a formation holds ([special] formation_max_combat_units)")
        have = [u for u in self.combat_units_of(fid) if u != uid]
        if len(have) + 1 > limit:
            return Illegal("PTR 6.1B", f"{uid} would make {len(have) + 1} combat units in {fid}: at most {limit}")
        return None

    @rule("PTR 6.2B / 6.1C", "PTR6-8", "an independent is always assigned (it is reassigned, never detached); a "
          "detached US unit may return to its own formation")
    def detach(self, uid: str) -> Verdict:
        """``detach UNIT``: the unit returns to its own formation. A detached US unit is treated as an independent
        (6.1C), so it must be in the CR of both HQs (6.2.1A, 6.2.2). Reading: a German unit assigned away under
        6.1D's exception returns with no CR condition: 6.1D asks only a Command Path of any length to its own HQ
        (the 6.2.1-6.2.2 conditions are for independents), and the isolation check (PTR18-4) demands the return
        on that same condition, so the two never disagree."""
        bad = self.organization_time(uid)
        if bad is not None:
            return bad
        own, now = self.data.formation_of(uid), self.formation_now(uid)
        if own is None:
            return Illegal("PTR 6.2B", f"{uid} is independent: it must be assigned at all times (reassign it "
                           "instead)")
        if now == own:
            return Illegal("PTR 6.1C", f"{uid} is not detached from {own}")
        if self.state.side(uid) != self.data.us_side:
            self.set(assigned=frozen_map({u: f for u, f in self.mem.assigned.items() if u != uid}))
            return Legal(detail=f"{uid} returns to {own} (6.1D)")
        cr = self.cr_verdict(uid, own, now, [self.in_cr_of(uid, own), self.in_cr_of(uid, now)])
        if isinstance(cr, Illegal):
            return cr
        self.set(assigned=frozen_map({u: f for u, f in self.mem.assigned.items() if u != uid}))
        return cr or Legal(detail=f"{uid} returns to {own}")

    @rule("PTR 6.2.1C / 8.1C", "PTR6-8", "an independent reinforcement is assigned before it enters the map")
    def unassigned_entry(self, uid: str) -> Illegal | None:
        if self.independent(uid) and self.formation_now(uid) is None:
            return Illegal("PTR 8.1C", f"{uid} is independent and enters unassigned: assign it in the Organization "
                           f"Phase first (assign {uid} to FORMATION)")
        return None
