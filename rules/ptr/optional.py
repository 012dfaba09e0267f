"""The optional rules' special units and the Infiltration Attack (PtR 22.1, 22.3-22.5, 22.7), each judged only when
the game's ``[special] optional_rules`` turns it on; off, it answers nothing. Which unit each rule is about, its
turns and how often it may be used are ``[special] special_units`` entries (``option``, ``rule``, ``unit``,
``turns``, ``use``: ``prepared-attack`` / ``after-enemy-move`` / ``placed``, ``limit``: ``turn`` / ``game``,
``host``: the formation an OSS-like unit joins; ``drm`` / ``roll_shifts``: what it adds to the combat it supports),
so no unit id is written here. A unit's use is the chat line ``use UNIT``; a placed unit's placement is its entry on
the map. A mixin of :class:`hexforge.rules.ptr.referee.PtrReferee`."""
from __future__ import annotations

from hexforge.builder.timeline import DiceRoll, Entered, Move
from hexforge.games.values import plain
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.command import commanded, paths
from hexforge.rules.ptr.declaration import Declared
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

INFILTRATION_OPTION = "infiltration_attack"  # PtR 22.1's key in [special] optional_rules
ORGANIZATION = "organization"  # the phase id of the Organization Phase


class OptionalMixin:
    """Special units of the optional rules and the Infiltration Attack; see the module docstring."""

    def special_units(self) -> list[dict]:
        """The ``special_units`` entries whose optional rule is played."""
        return [s for s in plain(self.data.special.get("special_units")) or [] if self.optional(s.get("option", ""))]

    def special_unit(self, uid: str) -> dict | None:
        """The ``special_units`` entry about ``uid`` whose optional rule is played, else ``None``."""
        return next((s for s in self.special_units() if s.get("unit") == uid), None)

    def in_turns(self, spec: dict) -> bool:
        lo, hi = spec.get("turns", [0, 0])
        return self.state.turn is not None and lo <= self.state.turn <= hi

    @rule("PTR 22.3 / 22.4C / 22.7", "PTR22-5/PTR22-6/PTR22-11", "a railroad gun or Funkpanzer supports one Prepared "
          "attack of its side in its turns (the gun once a turn, the Funkpanzer once a game); the sharpshooters are "
          "used once, in their turn, then removed")
    def use_special(self, j: Judged, d: Declared) -> None:
        """``use UNIT``: the optional unit's use now."""
        uid = next((u for u in self.game.units if u.lower() == d.args[0]), None)
        spec = self.special_unit(uid) if uid is not None else None
        if spec is None:
            if uid is None:
                self.say(j.index, NotCheckable(f"which unit '{d.args[0]}' names (units.csv id)"))
            return  # not a special unit of an optional rule played: nothing to judge
        self.say(j.index, self.special_use(uid, spec))

    def special_use(self, uid: str, spec: dict) -> Verdict:
        rule_of, a = spec.get("rule", "PTR 22"), self.mem.active
        lo, hi = spec.get("turns", [0, 0])
        if not self.in_turns(spec):
            return Illegal(f"{rule_of}C", f"{uid} is used on Turn {self.state.turn}: only on Turns {lo}-{hi}")
        used = self.mem.special_used.get(uid, ())
        again = used and (spec.get("limit") == "game" or self.state.turn in used)
        if again:
            return Illegal(f"{rule_of}C", f"{uid} was used already "
                           + ("this turn" if spec.get("limit") == "turn" else "(once a game, then removed)"))
        if spec.get("use") == "prepared-attack":
            battle = a.battle if a is not None else None
            side = self.game.units[uid].side
            if battle is None or battle.kind != "prepared" or battle.rolled or a.side != side:
                return Illegal(f"{rule_of}A", f"{uid} supports only a Prepared attack of its side, before its roll")
        if spec.get("use") == "after-enemy-move":
            trigger = self.enemy_move_ended(uid, rule_of)
            if trigger is not None:
                return trigger
        self.set(special_used=frozen_map(dict(self.mem.special_used, **{uid: used + (self.state.turn,)})))
        if spec.get("use") == "prepared-attack":  # its DRM, or its roll's shift, counts in this combat
            b = a.battle
            self.set(special_battle=frozen_map({**self.mem.special_battle, uid: (b.origin, b.target)}),
                     special_roll=uid if spec.get("roll_shifts") else None)
        return Legal(detail=f"{uid} used on Turn {self.state.turn} ({rule_of})")

    @rule("PTR 22.4A", "PTR22-7", "the sharpshooters are placed only when an enemy unit or stack ends its Movement "
          "Action in the ZOC of one of their side's units")
    def enemy_move_ended(self, uid: str, rule_of: str) -> Verdict | None:
        """``None`` when an enemy Movement Action under way stands in a ZOC of ``uid``'s side. The +2 Effectiveness
        Checks that follow (22.4B) and their results (printed on the counter) are not followed."""
        a, side = self.mem.active, self.game.units[uid].side
        mv = a.movement if a is not None and a.side != side else None
        if mv is None:
            return Illegal(f"{rule_of}A", f"{uid} is used, but no enemy Movement Action has just ended")
        p = paths(self.data, self.state)
        z = p.ezoc(mv.at, a.side)
        if z is None:
            return NotCheckable("; ".join(sorted(p.needs)) or "the ZOC Chart")
        return None if z else Illegal(f"{rule_of}A", f"{uid} is used, but the enemy move ended in "
                                      f"{self.game.map.label(mv.at)}, in no ZOC of {side}")

    def watch_special(self, j: Judged) -> bool:
        """A placed special unit entering or moving on the map, or the roll a used unit's table asks for (True:
        judged here)."""
        e, uid = j.event, self.unit(j.event)
        if isinstance(e, DiceRoll) and self.mem.special_roll is not None:
            self.say(j.index, self.special_shift(self.mem.special_roll, self.die(e)))
            return True
        spec = self.special_unit(uid) if uid is not None and isinstance(e, (Entered, Move)) else None
        if spec is None or spec.get("use") != "placed":
            return False
        self.say(j.index, self.placed(uid, spec, e) if isinstance(e, Entered) else self.placed_moves(uid, spec))
        return True

    @rule("PTR 22.7A", "PTR22-11", "the Funkpanzer's own d10 table gives the column shift of the attack it supports")
    def special_shift(self, uid: str, die: int) -> Verdict:
        """The roll right after the unit's use (reading: the next roll is its table's, whatever button made it)."""
        shifts = self.special_unit(uid).get("roll_shifts") or []
        self.set(special_roll=None)
        if not 1 <= die <= len(shifts):
            return NotCheckable(f"{uid}'s table row {die} ([special] special_units roll_shifts)")
        self.set(special_shifts=frozen_map({**self.mem.special_shifts, uid: int(shifts[die - 1])}))
        return Legal(detail=f"{uid}'s roll {die}: {int(shifts[die - 1])} column(s) right")

    @rule("PTR 22.5A", "PTR22-9", "the OSS Company is placed in the Organization Phase of its first turn with a unit "
          "of its host formation, in the host's CR")
    def placed(self, uid: str, spec: dict, e: Entered) -> Verdict:
        lo, rule_of = spec.get("turns", [0, 0])[0], spec.get("rule", "PTR 22")
        if self.state.turn != lo or self.phase_id() != ORGANIZATION:
            return Illegal(f"{rule_of}A", f"{uid} is placed outside the Organization Phase of Turn {lo}")
        h = self.game.map.index.get(e.hex) if e.hex else None
        hosts = [u for u in self.state.at(h) if self.data.formation_of(u) == spec.get("host")] if h else []
        if not hosts:
            return Illegal(f"{rule_of}A", f"{uid} is placed with no unit of {spec.get('host')}")
        answers = [commanded(self.data, self.state, u) for u in hosts]
        if any(a is True for a in answers):
            return Legal(detail=f"{uid} placed with {hosts[0]} ({rule_of}A)")
        unknown = [a for a in answers if isinstance(a, Unknown)]
        return NotCheckable(unknown[0].needs) if unknown else Illegal(
            f"{rule_of}A", f"{uid} is placed with {', '.join(hosts)}, out of its HQ's CR")

    @rule("PTR 22.5C", "PTR22-8", "the OSS Company is used only in its turns (it moves with its host; whether the "
          "stack it moves with is its own is not followed)")
    def placed_moves(self, uid: str, spec: dict) -> Verdict:
        lo, hi = spec.get("turns", [0, 0])
        if not self.in_turns(spec):
            return Illegal(f"{spec.get('rule', 'PTR 22')}C", f"{uid} moves on Turn {self.state.turn}: it is used "
                           f"only on Turns {lo}-{hi}")
        return NotCheckable(f"whether {uid} moves with the unit or stack it is placed with (22.5B)")

    @rule("PTR 22.1.1A / 22.1.2D", "PTR22-1", "an Infiltration Attack is made only by the Germans, with an "
          "infantry-type unit, and never against a US HQ alone in its hex")
    def infiltration_attack(self, side: str | None, mine: list[str], target) -> Illegal | None:
        """``mine``: the acting formation's units in the attacking hex; ``target``: the hex attacked."""
        if not self.optional(INFILTRATION_OPTION):
            return None
        us = self.data.us_side
        if isinstance(us, str) and side == us:
            return Illegal("PTR 22.1.1A", "only the Germans make an Infiltration Attack")
        if not any(self.data.unit_class(u) == "infantry-type" for u in mine):
            return Illegal("PTR 22.1.1A", "an Infiltration Attack is made with an infantry-type unit")
        there = self.state.at(target)
        if there and all(self.data.is_hq(u) for u in there):
            return Illegal("PTR 22.1.2D", f"{there[0]} stands alone in {self.game.map.label(target)}: an HQ alone is "
                           "never the target of an Infiltration Attack")
        return None
