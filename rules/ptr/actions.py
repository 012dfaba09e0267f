"""The Actions of an activated or reacting formation (PtR 10.2, 11, 12, 14, 15.1): AP bookkeeping, Movement
Actions judged as drags, Formation Reactions, stacking at the end of an Action, and the Actions declared in
chat. A mixin of :class:`hexforge.rules.ptr.referee.PtrReferee` (it uses the referee's memory and voice)."""
from __future__ import annotations

from dataclasses import replace

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.battle import Battle
from hexforge.rules.ptr.command import commanded, paths
from hexforge.rules.ptr.supply import command_range
from hexforge.rules.ptr.declaration import Declared
from hexforge.rules.ptr.memory import Activation, Movement
from hexforge.rules.ptr.movement import Mover, judge_route
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

HQ_TERRAIN = frozenset({"town", "city", "industrial"})  # PtR 11.4.2A / 20.0C5: the terrain classes the rule names
ACTION_OF = {"refit": "refit", "improved-defense": "improved_defense", "relocate": "hq_relocation",
             "hasty": "hasty_attack", "regular": "regular_attack", "prepared": "prepared_attack",
             "infiltration": "infiltration_attack"}


class ActionsMixin:
    """Actions, APs, movement, reactions and stacking; see the module docstring."""

    # -- APs (PtR 10.1.4, 11.1-11.4) ---------------------------------------------------------------

    @rule("PTR 11.1B / 11.4 / 10.1.4A", "PTR11-1/PTR11-8/PTR10-7/PTR11-5/PTR12-4/PTR11-2",
          "an Action is declared only with enough APs left; fixed AP costs; the AP marker drops by each cost; "
          "any number of Movement Actions while APs last")
    def spend(self, index: int, action: str, units: frozenset[str] = frozenset(),
              price: int | Unknown | None = None) -> Verdict | None:
        """Start an Action of the formation acting by ``units`` (``price``: its own AP cost, e.g. an HQ's
        Relocation Points); ``None`` when it may, else the verdict."""
        a: Activation | None = self.mem.active
        if a is None or a.stage != "actions":
            why = "no formation is activated" if a is None else f"{a.formation} has not yet rolled its APs"
            return Illegal("PTR 11.1B", f"a {action.replace('_', ' ')} Action, but {why}")
        ooc = self.out_of_command(units)
        cost = price if price is not None else self.data.action_cost(action, ooc=ooc is True)
        if cost is None:
            return Illegal("PTR 11.3" if ooc is True else "PTR 11.4",
                           f"no {action.replace('_', ' ')} Action for " + (f"units out of command ({', '.join(sorted(units))})"
                                                                         if ooc is True else "this formation"))
        if isinstance(ooc, Unknown) and isinstance(cost, int) and cost != self.data.action_cost(action, ooc=True):
            cost = ooc
        self.end_movement(index)
        a = self.mem.active
        if isinstance(cost, Unknown) or isinstance(a.ap, Unknown):
            self.set(active=replace(a, action=action, ap=a.ap if isinstance(a.ap, Unknown) else cost, battle=None))
            return NotCheckable((cost if isinstance(cost, Unknown) else a.ap).needs)
        other = a.other_ap - cost if a.other_ap is not None else None
        if a.ap < cost:
            return self.other_column(a, cost) or Illegal(
                "PTR 11.1B", f"a {action.replace('_', ' ')} Action costs {cost} AP"
                + (" (out of command, 11.3)" if ooc is True else "") + f" but {a.formation} has {a.ap} left")
        self.set(active=replace(a, action=action, ap=a.ap - cost, battle=None, other_ap=other))
        return self.isolation_check(units)  # 18.5.2: after the APs are paid

    @rule("PTR 10.1.2B / 10.2.3B", "PTR10-3/PTR10-15", "an activation has the AP Table's bold number of APs, a "
          "reaction the non-bold one: Actions beyond them that the other number would pay for read the wrong one")
    def other_column(self, a: Activation, cost: int) -> Illegal | None:
        """The shortfall of an Action the AP Table's other number (``Activation.other_ap``) would have paid for:
        the players evidently read it (reading: the Reserve swap of 22.8.3B-C is what ``ap_bold`` chose)."""
        if a.other_ap is None or a.other_ap < cost:
            return None
        kind, rule_ = ("a reaction", "PTR 10.2.3B") if a.reaction else ("an activation", "PTR 10.1.2B")
        return Illegal(rule_, f"{a.formation} has {a.ap} AP left, this Action costs {cost}: the APs spent are the AP "
                       f"Table's other number; {kind} reads the {'non-bold' if a.reaction else 'bold'} one (Reserve "
                       "Mode swaps them, 22.8.3B-C)")

    @rule("PTR 11.3 / 18.5.1A", "PTR11-6", "units out of their HQ's command range only Move or Hasty-attack, "
          "at twice the AP cost")
    def out_of_command(self, units: frozenset[str]) -> bool | Unknown:
        """Whether any of ``units`` is out of its parent HQ's CR (Unknown naming what is missing)."""
        answers = [commanded(self.data, self.state, u) for u in sorted(units)]
        if any(a is False for a in answers):
            return True
        unknown = [a for a in answers if isinstance(a, Unknown)]
        return unknown[0] if unknown else False

    # -- Actions declared in chat ---------------------------------------------------------------------

    def declare_action(self, j: Judged, d: Declared) -> None:
        if d.verb == "attack":
            self.attack(j, d)
        elif d.verb in ("refit", "improved-defense", "relocate"):
            self.simple_action(j, d)
        elif d.verb == "use":
            self.use_special(j, d)
        elif d.verb == "chits":
            self.on_chits(j, int(d.args[0]), int(d.args[1]) if len(d.args) > 1 else None)
        elif d.verb in ("cv", "column", "drm"):
            self.on_step(j, d)
        else:
            self.say(j.index, NotCheckable(f"'{d.verb}' (Emergency Supply, PtR 17.6): the HQ's flip is what the "
                                           "checker reads"))

    @rule("PTR 11.4.3 / 11.2.2B / 16.3B4 / 11.2.3A / 11.4.2A", "PTR11-4/PTR11-15/PTR16-6/PTR11-18/PTR11-9/PTR11-16",
          "Refit for one disrupted unit; a disrupted unit's only Action is Refit; Improved Defense for the "
          "units of a hex, never a disrupted one; an Action no unit performs still costs its APs")
    def simple_action(self, j: Judged, d: Declared) -> None:
        a = self.mem.active
        word = d.args[0]
        if d.verb == "refit":
            uid = next((u for u in self.game.units if u.lower() == word), None)
            if uid is None:
                self.say(j.index, NotCheckable(f"which unit '{word}' names (units.csv id)"))
                return
            if a is not None and self.data.formation_of(uid) != a.formation:
                self.say(j.index, Illegal("PTR 11.2.1", f"{uid} is not of the activated formation {a.formation}"))
                return
            if uid not in self.state.reduced:
                self.say(j.index, Illegal("PTR 11.4.3A", f"{uid} is not disrupted: Refit is for a disrupted unit"))
                return
            if commanded(self.data, self.state, uid) is False:
                self.say(j.index, Illegal("PTR 11.4.3A", f"{uid} is not in its parent HQ's CR: it may not refit"))
                return
        if d.verb == "improved-defense":
            h = self.game.map.index.get(word)
            units = [u for u in self.state.at(h) if a is not None and self.data.formation_of(u) == a.formation] \
                if h is not None else []
            if not units:  # 11.2.3A: no unit performs it: canceled, the APs still spent
                v = self.spend(j.index, ACTION_OF[d.verb])
                self.say(j.index, v or Legal(detail=f"no unit of the activated formation in hex {word}: the "
                                                    "Action is canceled, its AP spent (11.2.3A)"))
                return
            bad = [u for u in units if u in self.state.reduced]
            if bad:
                self.say(j.index, Illegal("PTR 16.3B4", f"{', '.join(bad)} is disrupted: its only Action is Refit "
                                          "(11.2.2B) and it is never under Improved Defense"))
                return
        price = None
        if d.verb == "relocate":
            fid = self.data.find_formation(word.removesuffix("hq"))
            hq = self.data.formations[fid].hq if fid else None
            if hq is None or a is None or fid != a.formation:
                self.say(j.index, Illegal("PTR 11.4.2A", f"'{word}' is not the HQ of the activated formation"))
                return
            price = self.data.value(hq, "relocation_points", False)  # 11.4.2A: its Relocation Points
        performers = frozenset([uid] if d.verb == "refit" else units if d.verb == "improved-defense" else [])
        v = self.spend(j.index, ACTION_OF[d.verb], performers, price)
        if not isinstance(v, Illegal):
            if d.verb == "refit":
                self.drop_improved(self.state.where(uid))  # 11.4.4C4: a unit in the hex acts
                self.set(active=replace(self.mem.active, refit=uid))
            elif d.verb == "improved-defense":
                self.set(improved=self.mem.improved | {h})  # 11.4.4B
        self.say(j.index, v if v is not None else Legal(detail=f"{d.verb} ({self.mem.active.ap} APs left)"))

    @rule("PTR 15.1.1 / 11.4.5A / 15.4.2.1A", "PTR15-1/PTR11-21/PTR15-12/PTR14-2",
          "an attack from one hex against one adjacent enemy-occupied hex, by one formation's units; no "
          "attacker combat support for a Hasty attack")
    def attack(self, j: Judged, d: Declared) -> None:
        a = self.mem.active
        target, origin = self.game.map.index.get(d.target), self.game.map.index.get(d.attackers[0])
        if target is None or origin is None:
            self.say(j.index, Illegal("PTR 15.1.1", f"attack {d.target} from {d.attackers[0]}: not hexes of the map"))
            return
        side = a.side if a else None
        own = [u for u in self.state.at(origin) if self.state.side(u) == side and not self.data.is_hq(u)]
        mine = [u for u in own if a is not None and self.data.formation_of(u) == a.formation]
        enemy = [u for u in self.state.at(target) if self.state.side(u) != side]
        v: Verdict | None = None
        if origin.distance(target) != 1:
            v = Illegal("PTR 15.1.1", f"{d.target} is not adjacent to the attacking hex {d.attackers[0]}")
        elif not enemy:
            v = Illegal("PTR 11.4.5A", f"{d.target} holds no enemy unit")
        elif not mine:
            v = Illegal("PTR 14.1B", f"no unit of the activated formation attacks from {d.attackers[0]}")
        elif d.kind == "infiltration" and self.infiltration_attack(side, mine, target) is not None:
            v = self.infiltration_attack(side, mine, target)
        elif d.kind == "hasty" and len(d.attackers) > 1:
            v = Illegal("PTR 15.4.2.1A", "a Hasty attack has no attacker combat support ("
                        + ", ".join(d.attackers[1:]) + ")")
        elif any(u in self.state.reduced for u in mine):
            v = Illegal("PTR 11.2.2B", f"{', '.join(u for u in mine if u in self.state.reduced)} is disrupted: "
                        "its only Action is Refit")
        if v is None:
            v = self.spend(j.index, ACTION_OF[d.kind], frozenset(mine)) or Legal(
                detail=f"{d.kind} attack on {d.target} ({self.mem.active.ap} APs left)")
        support = tuple(self.game.map.index[w] for w in d.attackers[1:] if w in self.game.map.index)
        if not isinstance(v, Illegal):
            self.set(active=replace(self.mem.active, battle=Battle(origin, target, d.kind, support)))
            self.drop_improved(origin)  # 11.4.4C4
        self.say(j.index, v)

    # -- Movement Actions (PtR 11.4.1, 12, 13) --------------------------------------------------------

    @rule("PTR 11.2.1 / 11.4.1 / 16.3B1", "PTR11-3/PTR11-10/PTR11-11/PTR16-5/PTR19-2",
          "only units of the activated formation act; a Movement Action moves one unit or a same-formation "
          "stack that began in one hex; never an HQ; never a disrupted unit")
    def on_move(self, j: Judged) -> None:
        e, uid = j.event, self.unit(j.event)
        a = self.mem.active
        if self.phase_id() != "operations":
            where = self.game.phase_names()[self.state.phase] if self.state.phase is not None else None
            self.say(j.index, NotCheckable(f"what a move in the {where} is (the PtR checker follows moves in the "
                                           "Operations Cycle only)" if where else "which phase this move is in"))
            return
        other = self.follows_up(uid, a, e.to_hex)
        if other is not None:
            self.say(j.index, other)
            return
        if a is None and self.mem.concluded is not None and self.data.formation_of(uid) == self.mem.concluded:
            self.say(j.index, self.aps_lost(uid))
            return
        if a is None or a.stage != "actions" or self.data.formation_of(uid) != a.formation:
            who = "no formation is activated" if a is None else f"{a.formation} is acting"
            self.say(j.index, Illegal("PTR 11.2.1", f"{uid} moves, but {who}: only units of the activated "
                                      "formation act"))
            return
        if self.data.is_hq(uid):
            if a.action != "hq_relocation":
                self.say(j.index, Illegal("PTR 11.4.1B", f"{uid} is an HQ: it moves only by an HQ Relocation "
                                          "Action ('relocate'), never in a Movement Action"))
            else:
                v = self.relocation(uid, e.to_hex)
                to = self.game.map.index.get(e.to_hex) if e.to_hex else None
                if isinstance(v, Illegal) and to is not None:
                    self.penalize(uid, to)  # 11.4.2D: the 20.2 penalties
                self.hq_arrived(uid, e.to_hex)
                self.say(j.index, v)
            return
        if uid in self.state.reduced:
            self.say(j.index, Illegal("PTR 16.3B1", f"{uid} is disrupted: it makes no Movement Action"))
            return
        mv = a.movement
        here = self.state.where(uid)
        if mv is None or not self.continues(mv, uid, e.step):
            v = self.spend(j.index, "movement", frozenset({uid}))
            if isinstance(v, Illegal):
                self.say(j.index, v)
                return
            mv = Movement(frozenset({uid}), here, here, None)
            self.pending_note = v
        else:
            self.pending_note = None
            mv = replace(mv, units=mv.units | {uid}) if uid not in mv.units else mv
        self.move_along(j, uid, mv)

    @rule("PTR 11.1D", "PTR11-2", "unused APs are lost when the activation ends: a unit of the formation that "
          "concluded acts no more until it activates again")
    def aps_lost(self, uid: str) -> Illegal:
        """A move of a unit of the formation whose activation just ended, before any new one."""
        return Illegal("PTR 11.1D", f"{uid} moves, but {self.mem.concluded} concluded its activation: its unused APs "
                       "are lost (a new Action needs a new activation)")

    @rule("PTR 10.2.2A / 15.5", "PTR10-12", "a lone HQ the mover comes next to is displaced at once (a move of the "
          "other side during the Movement Action); units of an attack move in its retreat or advance")
    def follows_up(self, uid: str, a: Activation | None, label: str | None = None) -> Verdict | None:
        """What a move outside the acting formation's Actions is: an HQ displaced by the mover (10.2.2A) or a
        retreat or advance of the attack under way (15.5.5; once its result is read, ``hits.py`` follows these
        moves, so here the result is unknown); ``None`` when neither."""
        if a is None:
            return None
        here = self.state.where(uid)
        if a.battle is not None and here in (a.battle.origin, a.battle.target):
            if a.battle.rolled and here == a.battle.target:
                return self.retreat(uid, label, a.battle)
            if a.battle.rolled:  # the attacker's: a retreat (15.5.5) or a new Movement Action
                to = self.game.map.index.get(label) if label else None
                return None if to is None or here.distance(to) != 1 else NotCheckable(
                    "whether this one-hex move is the attacker's retreat or a new Movement Action: the combat's "
                    f"result (15.5) is unknown, as its roll could not be read ({a.battle.unread or 'the CRT cell'})")
            return NotCheckable("what this move of a unit of the attack under way is before its combat roll (a "
                                "retreat or advance comes after the roll, 15.5.5)")
        mv = a.movement or (self.mem.suspended.movement if self.mem.suspended else None)
        if (mv is not None and self.data.is_hq(uid) and self.state.side(uid) != a.side and here is not None
                and self.state.at(here) == (uid,) and any(here.distance(h) == 1 for h in mv.entered)):
            v = self.displace(uid, label, "PTR 10.2.2A")
            self.hq_arrived(uid, label)
            return v
        return None

    @rule("PTR 11.4.2A-C / 20.0C5", "PTR11-12/PTR11-13", "a Relocation ends in a town, city or industrial hex "
          "within the HQ's CR, by a path free of enemy units and unnegated EZOCs")
    def relocation(self, hq: str, label: str | None) -> Verdict:
        dest = self.game.map.index.get(label) if label else None
        if dest is None:
            return Illegal("PTR 11.4.2A", f"{hq} relocates to {label or 'off the map'}: not a map hex")
        kinds = self.game.map.terrain.of(dest)
        if kinds is None:
            return NotCheckable(f"terrain of hex {label} (unsurveyed): is it a town, city or industrial hex?")
        if not kinds & HQ_TERRAIN:
            return Illegal("PTR 20.0C5", f"{hq} relocates to {label}, not a town, city or industrial hex")
        entry = self.hq_may_enter(hq, dest)  # 20.0C6
        if isinstance(entry, Illegal):
            return entry
        p = paths(self.data, self.state)
        mobility = "motorized" if self.game.units[hq].mobility == "motorized" else "leg"
        reach = command_range(p, hq, mobility).get(dest, (False, 0))[0]
        if reach is None or isinstance(entry, Unknown):
            return NotCheckable("; ".join(sorted(p.needs)) or (entry.needs if isinstance(entry, Unknown) else
                                                               f"the command range of {hq}"))
        if not reach:
            return Illegal("PTR 11.4.2B-C", f"{hq} relocates to {label}: not within its CR by a path free of enemy "
                           "units and unnegated EZOCs")
        return Legal(detail=f"{hq} relocates to {label} (hex control, 3.5, is not followed: 'friendly-controlled' "
                            "is not checked)")

    def continues(self, mv: Movement, uid: str, step: int) -> bool:
        """Whether a move carries on the Movement Action under way: the same unit(s) from where they stand, or
        another unit of the stack moved off the same hex in the same log step (a stack drag)."""
        here = self.state.where(uid)
        if uid in mv.units:
            return here == mv.at and mv.stopped is None  # a stopped Action cannot go on: a move is a new one
        return here == mv.start and self.move_step == step

    def move_along(self, j: Judged, uid: str, mv: Movement) -> None:
        e = j.event
        self.move_step = e.step
        labels = [p for p in (e.path[1:] if e.path else (e.to_hex,)) if p]
        points = [self.game.map.index.get(p) for p in labels]
        if not points or None in points:
            self.say(j.index, Illegal("PTR 12.0E", f"{uid} moves to {e.to_hex or 'off the map'}: not a map hex"))
            return
        mover = Mover(self.data, self.state, mv.units, self.mem.active.side)
        start = replace(mv, at=self.state.where(uid)) if self.state.where(uid) != mv.at else mv
        verdict, after = judge_route(mover, start, points)
        done = after if not isinstance(verdict, Illegal) else replace(mv, at=points[-1])
        self.set(active=replace(self.mem.active, movement=replace(done, last=j.index)))
        note = self.pending_note
        if isinstance(note, NotCheckable) and not isinstance(verdict, Illegal):
            verdict = note if isinstance(verdict, Legal) else NotCheckable(f"{note.needs}; {verdict.needs}")
        if not isinstance(verdict, Illegal) and (after.stopped or "").startswith("PTR 13.4.1"):
            verdict = self.infiltration(uid) or verdict
        self.say(j.index, verdict)

    @rule("PTR 13.4.1 / 16.1", "PTR13-5/PTR16-1", "an infiltration move (EZOC to EZOC) is made only by a unit that "
          "passed its Effectiveness Check: die at most its ER (one die for the stack, 13.4.2C)")
    def infiltration(self, uid: str) -> Verdict | None:
        """The verdict on ``uid``'s infiltration move from the activation's last Effectiveness Check; ``None``
        when it passed."""
        die = self.mem.active.check
        if die is None:
            if self.ch.dice_for("effectiveness-check"):
                return Illegal("PTR 13.4.1B", f"{uid} infiltrates (EZOC to EZOC) without an Effectiveness Check")
            return NotCheckable("the Effectiveness Check of the infiltration (an 'effectiveness-check' dice button, "
                                "docs/log-channel.md)")
        er = self.data.value(uid, "er", uid in self.state.reduced)
        if isinstance(er, Unknown):
            return NotCheckable(er.needs)
        if die > er:
            return Illegal("PTR 13.4.1B", f"{uid} failed its Effectiveness Check ({die} > ER {er}): it is disrupted "
                           "and does not move")
        return None

    # -- the end of a Movement Action: stacking (PtR 14) ------------------------------------------------

    @rule("PTR 14.1C-D / 14.2A", "PTR14-1/PTR14-3/PTR14-4",
          "stacking binds at the end of each Action: per side per hex one infantry-type unit, two support-type "
          "units, one HQ (markers never count)")
    def end_movement(self, index: int) -> None:
        a = self.mem.active
        if a is None or a.movement is None:
            return
        mv = a.movement
        spent = (mv.stopped or "").startswith("PTR 13.4.1")  # an infiltration used up its Effectiveness Check
        self.set(active=replace(a, movement=None, check=None if spent else a.check))
        self.drop_improved(mv.at)  # 11.4.4D: another unit ends a Movement Action in the hex
        over = self.overstack(mv.at, a.side)
        if over is not None:
            self.say(mv.last if mv.last is not None else index, over)
        if isinstance(over, Illegal):
            owed = {u for u in self.state.at(mv.at) if self.state.side(u) == a.side and not self.data.is_hq(u)
                    and u not in self.state.reduced}
            self.set(owed=frozenset(owed))
            self.set(crowded=(mv.at, a.side, "adjacent"))  # 14.2B: then the opponent displaces the extra units

    def overstack(self, h: Hex, side: str, extra: str | None = None) -> Verdict | None:
        """The verdict on ``h``'s stacking for ``side`` (with ``extra`` added) when it breaks the limits or
        cannot be told. PtR 14.1A: what counts is each combat unit and HQ by its class; markers never count, and
        that holds by construction (the position holds units.csv units only), so the part of 14.1A that can fail
        is the count itself (14.1D, 14.2A)."""
        limits = self.data.stacking()
        if isinstance(limits, Unknown):
            return NotCheckable(limits.needs)
        counts: dict[str, int] = {}
        for u in self.state.at(h) + ((extra,) if extra and extra not in self.state.at(h) else ()):
            if self.state.side(u) != side:
                continue
            cls = self.data.unit_class(u)
            if isinstance(cls, Unknown):
                return NotCheckable(cls.needs)
            counts[cls] = counts.get(cls, 0) + 1
        bad = [f"{n} {c}" for c, n in sorted(counts.items()) if n > limits.get(c, 0)]
        if not bad:
            return None
        return Illegal("PTR 14.1D", f"hex {self.game.map.label(h)} holds {', '.join(bad)} units of {side} at the end "
                       "of the Movement Action (14.2A: every combat unit there is disrupted)")

    # -- Formation Reaction (PtR 10.2) ---------------------------------------------------------------------

    @rule("PTR 10.2.1 / 10.2.5", "PTR10-8/PTR10-9/PTR10-11/PTR10-21",
          "a Reaction attempt only against an enemy Movement Action that entered or tried to leave a hex next to "
          "an undisrupted combat unit of the formation (not an HQ alone); one attempt per Movement Action; no "
          "counter-reaction")
    def react(self, j: Judged, d: Declared) -> None:
        a = self.mem.active
        fid = self.data.find_formation(d.args[0])
        if fid is None:
            self.say(j.index, NotCheckable(f"which formation '{d.args[0]}' names (game.toml [special.formations])"))
            return
        side = self.data.formations[fid].side
        mv = a.movement if a is not None else None
        v: Verdict | None = None
        if a is not None and a.reaction:
            v = Illegal("PTR 10.2.5", f"{a.formation} is reacting: no counter-reaction")
        elif a is None or mv is None or a.side == side:
            v = Illegal("PTR 10.2.1A", f"{fid} reacts, but no enemy Movement Action is under way")
        elif mv.reacted:
            v = Illegal("PTR 10.2.1C", "a Reaction attempt was already made against this Movement Action")
        else:
            v = self.reaction_trigger(fid, side, mv)
        if isinstance(v, Illegal) or self.scenario_bars(fid, "react") is not None:
            self.say(j.index, v if isinstance(v, Illegal) else self.scenario_bars(fid, "react"))
            return
        level = self.mem.fam.get(fid, Unknown(f"the FAM box of formation {fid}"))
        if isinstance(level, int) and level <= 0:
            self.say(j.index, Illegal("PTR 10.1.1B", f"{fid}'s FAM is in the 0-box: it cannot react"))
            return
        self.set(active=replace(a, movement=replace(mv, reacted=True)))
        self.start_activation(fid, side, level, reaction=True)
        self.say(j.index, v if v is not None else Legal(detail=f"{fid} attempts a Formation Reaction"))

    @rule("PTR 10.2.1B3 / 10.2.2A-B", "PTR10-10/PTR10-12/PTR10-13",
          "the adjacent unit that allows a Reaction is in CR of its parent HQ; a formation whose lone HQ the mover "
          "came next to is displaced and does not react in that Movement Action")
    def reaction_trigger(self, fid: str, side: str, mv: Movement) -> Verdict | None:
        """PtR 10.2.1A-B: an undisrupted combat unit of ``fid`` (not an HQ) next to the hex the movers entered or
        tried to leave, in CR of its HQ; ``None`` when there is one, else the verdict."""
        hq = self.data.formations[fid].hq
        hq_at = self.state.where(hq) if hq else None
        if hq_at is not None and self.state.at(hq_at) == (hq,) and any(hq_at.distance(h) == 1 for h in mv.entered):
            return Illegal("PTR 10.2.2A", f"{hq} stood alone next to a hex the moving units entered: it is "
                           f"displaced, and {fid} does not react in this Movement Action")
        waiting = sorted(u for u, at in self.state.positions.items() if self.data.is_hq(u) and u != hq
                         and self.state.side(u) == side and self.state.at(at) == (u,)
                         and any(at.distance(h) == 1 for h in mv.entered))
        if waiting:
            return Illegal("PTR 10.2.2B", f"{', '.join(waiting)} stands alone next to the moving units and is not "
                           f"displaced yet: {fid} may react only after that displacement")
        near = {mv.at, *(h for h in (mv.left,) if h is not None)}
        found = sorted({u for h in near for n in h.neighbours() for u in self.state.at(n)
                        if self.data.formation_of(u) == fid and not self.data.is_hq(u) and u not in self.state.reduced})
        if not found:
            return Illegal("PTR 10.2.1B", f"no undisrupted combat unit of {fid} is next to the hex the moving units "
                           "entered or left")
        answers = [commanded(self.data, self.state, u) for u in found]
        if any(a is True for a in answers):
            return None
        unknown = [a for a in answers if isinstance(a, Unknown)]
        if unknown:
            return NotCheckable(unknown[0].needs)
        return Illegal("PTR 10.2.1B3", f"{', '.join(found)} next to the moving units: none is in CR of {hq}")
