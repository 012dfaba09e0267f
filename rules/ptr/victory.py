"""Battle Victory (PtR 15.6): the side with strictly fewer CHs wins unless all its units of the combat were
eliminated; the winning stack gets one bonus AP when all its units are of one formation and in CR of the parent
HQ, and must spend it on the very next Action (with any APs left on the AP-Track), or it is lost. A mixin of the
PtR referee.

Readings: the bonus AP is spent first, so an Action of the winners costs the AP-Track one AP less; an Action of
other units (or anything else happening first) loses it. A defending stack's bonus Action is not followed (the
referee follows Actions of the activated formation), and says so."""
from __future__ import annotations

from dataclasses import replace

from hexforge.builder.timeline import ChatLine, Entered, Move
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.combat import battle_victory
from hexforge.rules.ptr.command import commanded
from hexforge.rules.ptr.declaration import parse
from hexforge.rules.ptr.hits import Aftermath
from hexforge.rules.ptr.memory import Bonus
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable

ACTION_KEYS = {"refit": "refit", "improved-defense": "improved_defense", "relocate": "hq_relocation",
               "hasty": "hasty_attack", "regular": "regular_attack", "prepared": "prepared_attack",
               "infiltration": "infiltration_attack"}  # declarations -> List of Actions rows (as actions.ACTION_OF)


class VictoryMixin:
    """Battle Victory and its bonus AP; see the module docstring."""

    @rule("PTR 15.6A", "PTR15-36/PTR15-37", "Battle Victory to the side with strictly fewer CHs that was not "
          "wiped out (ties: none); a bonus AP only when the winners are of one formation and in CR of its HQ")
    def battle_victory(self, index: int, af: Aftermath) -> None:
        a, d = af.attacker, af.defender
        win = battle_victory(a.hits, d.hits, bool(a.units) and not a.left(), bool(d.units) and not d.left())
        if win is None or self.mem.active is None:
            self.say(index, Legal(detail=f"no Battle Victory ({a.hits}/{d.hits}, 15.6A)"))
            return
        s = a if win == "attacker" else d
        here = self.state.where(s.left()[0]) if s.left() else s.hex
        stack = [u for u in self.state.at(here) if not self.data.is_hq(u)]
        forms = {self.data.formation_of(u) for u in stack}
        eligible: bool | Unknown = True
        why = ""
        if len(forms) != 1:
            eligible, why = False, f"the units in {self.game.map.label(here)} are of {len(forms)} formations (15.6A1)"
        else:
            answers = [commanded(self.data, self.state, u) for u in s.left()]
            out = [u for u, c in zip(s.left(), answers) if c is False]
            unknown = [c for c in answers if isinstance(c, Unknown)]
            if out:
                eligible, why = False, f"{', '.join(out)} out of CR of the parent HQ (15.6A2)"
            elif unknown:
                eligible = unknown[0]
        spenders = frozenset(s.left()) | (frozenset(stack) if s is a else frozenset())
        bonus = Bonus(s.side, here, spenders, eligible, why)
        self.set(active=replace(self.mem.active, bonus=bonus))
        earned = "a bonus AP" if eligible is True else "no bonus AP: " + why if eligible is False else "a bonus AP?"
        self.say(index, Legal(detail=f"Battle Victory to the {win} ({a.hits}/{d.hits} CHs): {earned}"))

    @rule("PTR 15.6B-C", "PTR15-38", "the bonus AP goes to the very next Action, by the winning stack only (or "
          "same-formation units in the attacker's hex), with any APs left; otherwise it is lost")
    def watch_bonus(self, j: Judged) -> bool:
        """Before an event: spends or drops a pending bonus AP; True when the event is the defender's bonus
        Action (judged here as not followed)."""
        a = self.mem.active
        bn = a.bonus if a is not None else None
        if bn is None:
            return False
        e = j.event
        if self.unit(e) is None and isinstance(e, (Move, Entered)):
            return False  # a marker moved (the AP-Track): the next Action is still to come
        self.set(active=replace(a, bonus=None))
        act = self.next_action(e)
        if act is None:
            return False
        key, units = act
        mine = bool(units) and units <= bn.units
        cost, ap = self.data.action_cost(key), a.ap
        if bn.side != a.side:
            if mine:
                self.say(j.index, NotCheckable("the defending stack's bonus-AP Action (15.6B): the referee follows "
                                               "Actions of the activated formation only"))
                if key == "refit":  # its Effectiveness Check and flip are still judged (11.4.3C)
                    self.set(active=replace(self.mem.active, refit=next(iter(units))))
            elif isinstance(cost, int) and isinstance(ap, int) and cost > ap and units:
                self.say(j.index, Illegal("PTR 15.6A", "this Action needs a bonus AP, but the defender won the "
                                          "battle: the attacker has none"))
                self.set(active=replace(self.mem.active, ap=ap + 1))
            return mine
        if not isinstance(cost, int) or not isinstance(ap, int) or (cost <= ap and not mine):
            return False
        if mine and bn.eligible is True:
            self.say(j.index, Legal(detail="the Battle Victory bonus AP pays for this Action first (15.6B-C)"))
        elif mine and isinstance(bn.eligible, Unknown):
            self.say(j.index, NotCheckable(bn.eligible.needs))
        elif mine and cost > ap:
            self.say(j.index, Illegal("PTR 15.6A", f"this Action needs the Battle Victory bonus AP, but there is "
                                      f"none: {bn.why}"))
        elif not mine and cost <= ap + 1 and bn.eligible is True:
            self.say(j.index, Illegal("PTR 15.6B", f"{', '.join(sorted(units))} spend the bonus AP, which belongs "
                                      "to the winning stack"))
        else:
            return False
        self.set(active=replace(self.mem.active, ap=ap + 1))
        return False

    def next_action(self, e) -> tuple[str, frozenset[str]] | None:
        """The Action an event starts (its List of Actions row and its units), or None."""
        a = self.mem.active
        if isinstance(e, Move) and self.unit(e) is not None:
            return "movement", frozenset({self.unit(e)})
        d = parse(e.text) if isinstance(e, ChatLine) else None
        if d is None:
            return None
        if d.verb == "attack" and d.kind in ACTION_KEYS:
            h = self.game.map.index.get(d.attackers[0])
            units = [u for u in self.state.at(h) if self.data.formation_of(u) == a.formation] if h else []
            return ACTION_KEYS[d.kind], frozenset(units)
        if d.verb == "refit":
            uid = next((u for u in self.game.units if u.lower() == d.args[0]), None)
            return "refit", frozenset({uid} if uid else ())
        if d.verb == "improved-defense":
            h = self.game.map.index.get(d.args[0])
            return "improved_defense", frozenset(self.state.at(h) if h else ())
        return None
