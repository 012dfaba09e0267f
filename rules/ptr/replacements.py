"""Replacements (PtR 5.2.4, 7.0-7.2): ``replace UNIT [N]`` spends N US Replacement Points of the unit's kind,
``cannibalize UNIT`` removes a German infantry-type unit for RPs (one per SP, of its type) and ``reorganize UNIT
[N]`` spends them on the same formation's qualifying units (German Reorganization Chart). Each is judged against
the phase and turn (7.0A, 21.0B), the RPs available (7.0C2, 7.1B), the recipient's kind and state (7.0B, 7.1C,
7.2D), its command range and supply (7.0B2-3) and its printed CS (7.0C3). The points left are
``PtrMemory.rp``; current CS values are ``PtrMemory.cs`` (printed CS at a scenario's start; a combat makes its
units' CS unknown until the SP losses are followed). A mixin of the PtR referee.

Reading (7.0B3, ``[special] units_in_supply``): a combat unit never traces supply itself (17.0B); it is "in
supply" when its formation's HQ is in supply (and the unit is in that HQ's CR, 7.0B2).
"""
from __future__ import annotations

from hexforge.builder.timeline import Timeline
from hexforge.games.channel import Channel
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.ptr.command import hq_supplied
from hexforge.games.values import plain
from hexforge.rules.ptr.data import resolved
from hexforge.rules.ptr.declaration import Declared
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.ptr.command import brief
from hexforge.rules.ptr.organization import find_unit
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

REPLACEMENT_PHASE = "replacement"  # the sequence's phase id (PtR 5.1D)
REORGANIZATION = "german-reorganization"  # the German Reorganization Chart's table id
LOSSES = "sp-losses"  # the channel's layer id of a unit's SP losses (docs/log-channel.md)


def known_cs(game, timeline: Timeline) -> dict[str, int]:
    """PtR 15.5.4A / 7.0C3: the CS of every unit set up: its printed CS less the SP losses its Losses layer shows
    (docs/log-channel.md). Without that layer in the game's channel a set-up cannot show losses: no CS is known."""
    ch = Channel(game)
    losses = next((lay for lay in game.info.layers if lay.id == LOSSES), None)
    if losses is None:
        return {}
    out = {}
    for p in timeline.setup:
        cs = game.units[p.piece.unit].values.get("cs") if p.piece.unit in game.units else None
        if isinstance(cs, int) and not isinstance(cs, bool):
            level = ch.level(losses.name, p.layers.get(losses.name, "1"))
            out[p.piece.unit] = cs - (level or 0)
    return out


class ReplacementsMixin:
    """US Replacement Points and German reorganization; see the module docstring."""

    def rebuild_target(self, words: str) -> tuple[str | None, int]:
        """``UNIT [N]``: the unit and the number of RPs (a unit id ending in a number wins)."""
        uid = find_unit(self.game.units, words)
        head, _, last = words.rpartition(" ")
        if uid is None and head and last.isdigit():
            return find_unit(self.game.units, head), int(last)
        return uid, 1

    def on_rebuild(self, j: Judged, d: Declared) -> None:
        uid, n = self.rebuild_target(d.args[0])
        if uid is None:
            self.say(j.index, NotCheckable(f"which unit '{d.args[0]}' names (units.csv id)"))
            return
        self.say(j.index, self.rebuild(uid, n, us=d.verb == "replace"))

    def rebuild(self, uid: str, n: int, us: bool) -> Verdict:
        """``n`` SPs rebuilt for ``uid`` (US RPs, else reorganization); the log's Losses layer then shows them. Every
        rule is asked; the first Illegal answer wins, else every datum a not checkable one needs is named."""
        checks = [self.replacement_time(uid), self.recipient_state(uid)]
        bad = next((v for v in checks if isinstance(v, Illegal)), None)
        if bad is not None:
            return bad
        v = self.us_replacement(uid, n) if us else self.reorganization(uid, n)
        cs = self.printed_cs(uid, n) if not isinstance(v, Illegal) else None
        if isinstance(v, Illegal) or isinstance(cs, Illegal):
            return v if isinstance(v, Illegal) else cs
        key = f"shown:{uid}"
        self.set(rp=frozen_map({**self.mem.rp, key: self.mem.rp.get(key, 0) + n}))
        needs = [x.needs for x in (*checks, v, cs) if isinstance(x, NotCheckable)]
        return NotCheckable("; ".join(dict.fromkeys(needs))) if needs else v

    def is_losses(self, e) -> bool:
        lay = self.ch.layer(e.trait)
        return lay is not None and lay.id == LOSSES

    def on_losses_layer(self, j: Judged, uid: str) -> None:
        """The Losses layer of ``uid`` going down in the Replacement Phase: the SPs a declaration rebuilt, or (not
        declared) a rebuild itself, judged as one (US: RPs; German: reorganization)."""
        e = j.event
        new, old = self.ch.level(e.trait, e.new), self.ch.level(e.trait, e.old)
        if new is None or old is None or new >= old:
            self.say(j.index, NotCheckable(f"what {uid}'s change of SP losses in the Replacement Phase is for"))
            return
        gain, key = old - new, f"shown:{uid}"
        owed = self.mem.rp.get(key, 0)
        self.set(rp=frozen_map({**self.mem.rp, key: max(0, owed - gain)}))
        if owed >= gain:
            self.say(j.index, Legal(detail=f"{uid} shows the {gain} SP rebuilt"))
            return
        v = self.rebuild(uid, gain - owed, us=self.state.side(uid) == self.data.us_side)
        self.set(rp=frozen_map({**self.mem.rp, key: 0}))
        self.say(j.index, v)

    @rule("PTR 7.0A / 21.0B / 5.2.4", "PTR5-6", "no replacements on a scenario's first turn, nor before Turn 2; "
          "RPs are spent in the Replacement Phase")
    def replacement_time(self, uid: str) -> Verdict | None:
        if self.phase_id() != REPLACEMENT_PHASE:
            return Illegal("PTR 7.0C2", f"RPs for {uid} outside the Replacement Phase: they are spent at once, "
                           "in it")
        start = resolved(self.data.special.get("replacements_from_turn"))
        first, turn = self.first_turn(), self.state.turn
        if not isinstance(start, int) or isinstance(first, Unknown) or turn is None:
            return NotCheckable("the turn replacements start ([special] replacements_from_turn) and the scenario's "
                                "first turn")
        if turn < start or turn == first:
            return Illegal("PTR 7.0A", f"replacements on turn {turn}: none on a scenario's first turn nor before "
                           f"Turn {start} (21.0B)")
        return None

    @rule("PTR 7.0B / 7.2A", "PTR6-11", "a unit receiving or giving RPs is in CR of its parent HQ and in supply")
    def recipient_state(self, uid: str) -> Verdict | None:
        """7.0B1 (undisrupted, PTR6-10) and 7.0B2-3 (CR and supply); a unit off the map or eliminated never."""
        if uid in self.state.eliminated:
            return Illegal("PTR 7.0C3", f"{uid} was eliminated: eliminated units are never rebuilt")
        if self.state.where(uid) is None:
            return Illegal("PTR 7.0B2", f"{uid} is not on the map: a unit receiving RPs is in CR of its parent HQ")
        if uid in self.state.reduced:
            return self.disrupted_recipient(uid)
        fid = self.formation_now(uid)
        if fid is None:
            return NotCheckable(f"the formation of {uid} (units.csv formation, or an assignment)")
        cr, sup = self.in_cr_of(uid, fid), hq_supplied(self.data, self.state, fid)
        if cr is False:
            return Illegal("PTR 7.0B2", f"{uid} is not in the command range of its parent HQ")
        if sup is False:
            return Illegal("PTR 7.0B3", f"{uid} is not in supply: the HQ of {fid} is out of supply")
        needs = [brief(tuple(v.needs.split("; "))) for v in (cr, sup) if isinstance(v, Unknown)]
        return NotCheckable("; ".join(needs)) if needs else None

    @rule("PTR 7.0B1 / 7.1C", "PTR6-10", "a recipient is undisrupted; no US type but non-motorized infantry, "
          "armored infantry and tanks (HQs included) is rebuilt")
    def disrupted_recipient(self, uid: str) -> Illegal:
        return Illegal("PTR 7.0B1", f"{uid} is disrupted: replacements go only to undisrupted units")

    def rp_kind(self, uid: str) -> str | None | Unknown:
        kinds = plain(self.data.special.get("us_replacement_unit_types"))
        if not isinstance(kinds, dict):
            return Unknown("the unit types each US RP kind rebuilds ([special] us_replacement_unit_types)")
        utype = self.game.units[uid].type
        return next((k for k, types in sorted(kinds.items()) if utype in types), None)

    @rule("PTR 7.0C2 / 7.1B-C", "PTR6-9/PTR6-10", "US RPs each Replacement Phase: 2 non-motorized infantry, 2 armored "
          "infantry, 3 tank, each only for its type (no other type, HQs included); spent at once or lost; 1 RP = 1 SP")
    def us_replacement(self, uid: str, n: int) -> Verdict:
        if self.state.side(uid) != self.data.us_side:
            return Illegal("PTR 7.2", f"{uid} is German: German units are reorganized (7.2), not replaced")
        kind = self.rp_kind(uid)
        if isinstance(kind, Unknown):
            return NotCheckable(kind.needs)
        if kind is None:
            return Illegal("PTR 7.1C", f"{uid} ({self.game.units[uid].type}) cannot be rebuilt: US RPs rebuild only "
                           "non-motorized infantry, armored infantry and tank units")
        budget = plain(self.data.special.get("us_replacement_points"))
        key = f"{self.state.turn}:us:{kind}"
        left = self.mem.rp.get(key, budget.get(kind) if isinstance(budget, dict) else None)
        if not isinstance(left, int):
            return NotCheckable(f"the US {kind} RPs per turn ([special] us_replacement_points)")
        if n > left:
            return Illegal("PTR 7.1B", f"{n} {kind} RPs for {uid}, but {left} are left this Replacement Phase")
        self.set(rp=frozen_map({**self.mem.rp, key: left - n}))
        return Legal(detail=f"{uid} gains {n} SP ({left - n} {kind} RPs left)")

    @rule("PTR 7.0C3", "PTR6-12", "never above the printed CS; eliminated units are never rebuilt")
    def printed_cs(self, uid: str, n: int) -> Verdict | None:
        printed = self.data.value(uid, "cs", False)
        now = self.mem.cs.get(uid, Unknown(f"the current CS of {uid} (its SP losses)"))
        if isinstance(printed, Unknown) or isinstance(now, Unknown):
            return NotCheckable(printed.needs if isinstance(printed, Unknown) else now.needs)
        if now + n > printed:
            return Illegal("PTR 7.0C3", f"{uid} at CS {now} gains {n}: above its printed CS {printed}")
        self.set(cs=frozen_map({**self.mem.cs, uid: now + n}))
        return None

    @rule("PTR 7.2A-D", "PTR6-13", "a cannibalized German infantry-type unit gives one RP per SP, of its type; they "
          "rebuild only qualifying infantry-type units of the same formation")
    def cannibalize(self, uid: str) -> Verdict:
        bad = self.replacement_time(uid) or self.recipient_state(uid)
        if isinstance(bad, Illegal):
            return bad
        if self.state.side(uid) == self.data.us_side:
            return Illegal("PTR 7.2", f"{uid} is a US unit: only the Germans cannibalize")
        cls = self.data.unit_class(uid)
        if isinstance(cls, Unknown):
            return NotCheckable(cls.needs)
        if cls != "infantry-type":
            return Illegal("PTR 7.2B", f"{uid} is {cls}: only infantry-type units are cannibalized")
        cs = self.mem.cs.get(uid, Unknown(f"the current CS of {uid} (its SP losses)"))
        key = f"{self.state.turn}:{self.formation_now(uid)}:{self.game.units[uid].type}"
        gained = cs if isinstance(cs, int) else -1  # -1: the pool's size is not known
        old = self.mem.rp.get(key, 0)
        pool = -1 if -1 in (old, gained) else old + gained
        self.set(rp=frozen_map({**self.mem.rp, key: pool, f"cannibalized:{uid}": self.state.turn}))
        return bad or (NotCheckable(cs.needs) if isinstance(cs, Unknown) else
                       Legal(detail=f"{uid} cannibalized: {cs} RPs of type {self.game.units[uid].type}"))

    def reorganization(self, uid: str, n: int) -> Verdict:
        """``reorganize UNIT N``: RPs of a cannibalized type the chart lets this unit's type take (7.2C-D)."""
        fid, turn, utype = self.formation_now(uid), self.state.turn, self.game.units[uid].type
        if self.data.unit_class(uid) != "infantry-type":
            return Illegal("PTR 7.2D", f"{uid} is not an infantry-type unit: it cannot reorganize")
        chart = Cells.of(self.game, REORGANIZATION)
        pools = {k.split(":")[2]: v for k, v in self.mem.rp.items() if k.startswith(f"{turn}:{fid}:")}
        if not pools:
            return Illegal("PTR 7.2C", f"no unit of {fid} was cannibalized this Replacement Phase: {uid} has no RPs")
        fits = []
        for given, left in sorted(pools.items()):
            takers = chart.get(given, "qualifying recipients")
            if not isinstance(takers, list):
                return NotCheckable(f"German Reorganization Chart: who takes {given} RPs (tables/{REORGANIZATION}.toml)")
            if utype in takers:
                fits.append((given, left))
        if not fits:
            return Illegal("PTR 7.2C", f"{uid} ({utype}) qualifies for none of the RPs of {fid} this phase")
        given, left = max(fits, key=lambda f: f[1])
        if left == -1:
            return NotCheckable("the SPs of the cannibalized units (their current CS)")
        if n > left:
            return Illegal("PTR 7.2C", f"{n} RPs for {uid}, but {fid} has {left} {given} RPs left")
        self.set(rp=frozen_map({**self.mem.rp, f"{turn}:{fid}:{given}": left - n}))
        return Legal(detail=f"{uid} reorganizes {n} SP ({left - n} {given} RPs of {fid} left)")
