"""What a roll is for (PtR 5.2.1D, 9.2.1, 10.1.2, 10.2.3, 15.1.4, 15.3): the dice button's purpose and side from
the game's log channel (``docs/log-channel.md``) when the roll came from one, else the roll the Operations Cycle
expects next, with the side of the player who rolled. A mixin of the PtR referee."""
from __future__ import annotations

from dataclasses import replace

from hexforge.builder.timeline import DiceRoll
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal

OC_PHASE, RECOVERY_PHASE = "operations", "recovery"  # the sequence's phase ids (PtR 5.1A, 5.1F)


class DiceMixin:
    """Routes each roll to the check that reads it; see the module docstring."""

    def roll_side(self, e: DiceRoll) -> str | None:
        """Who rolled: the dice button's side, else the player's side."""
        b = self.ch.dice(e.name)
        return b.side if b is not None and b.side else self.side_of_player(e.player)

    def on_roll(self, j: Judged) -> None:
        b = self.ch.dice(j.event.name)
        if b is None:
            self.expected_roll(j)
        else:
            self.button_roll(j, b.purpose)

    def expected_roll(self, j: Judged) -> None:
        """A roll from no known button: the one the phase and the Operations Cycle expect."""
        m = self.mem
        if self.phase_id() == RECOVERY_PHASE and self.roll_side(j.event) == self.data.us_side and (
                m.interdiction is None or m.interdiction[0] != self.state.turn):
            self.interdiction_roll(j)
            return
        if self.phase_id() != OC_PHASE:
            return
        if m.active is not None and m.active.stage in ("ap-roll", "reaction-check"):
            self.activation_roll(j)
        elif m.active is not None and m.active.refit is not None:
            self.refit_roll(j)
        elif (m.active is not None and m.active.battle is not None and not m.active.battle.rolled
              and self.roll_side(j.event) in (m.active.side, None)):
            self.combat_roll(j)
        elif m.expect in ("option", "initiative") and m.over is None:
            self.initiative_step(j)

    @rule("PTR 9.2.1A", "PTR9-1", "both sides roll one die per segment: a roll once the segment's Initiative is "
          "determined is a re-roll, flagged and otherwise ignored")
    def initiative_step(self, j: Judged) -> None:
        """An Initiative roll while the Operations Cycle awaits one: the segment's Initiative Determination; but
        once the segment's Initiative is determined and its winner has announced nothing yet, a further roll is a
        re-roll of that segment, flagged and ignored, so the cycle goes on as if it had not been made.

        Reading: 9.2.1A (L711) has "both sides roll a single die" at the Initiative Determination that begins each
        segment, and the next Determination begins only once the winner's option (9.4) is carried out; so a roll
        before the winner announces Act, Transfer or Pass belongs to the segment under way, never to the next. In
        a scenario's first segment of its first turn (21.0C) no roll is due at all. When the other side rolls
        too, both sides have rolled again: that is read as the next segment's Determination, the winner having
        announced nothing (9.4)."""
        m = self.mem
        if m.expect != "option":
            self.initiative_roll(j)
            return
        side, r = self.roll_side(j.event), m.reroll
        mine = r is not None and r[:2] == (m.segment, m.holder)  # a re-roll made in this segment, for this holder
        if mine and side is not None and side != r[2]:
            self.rolled_again(j, r[2], r[3])
            return
        free = m.segment == 1 and m.marker.box == 0  # 21.0C: the first player's without a roll
        held = f" ({m.holder} holds it{' without a roll, 21.0C' if free else ''})" if m.holder else ""
        self.say(j.index, Illegal("PTR 9.2.1A", f"segment {m.segment}'s Initiative is already determined{held}: "
                                  "each side rolls a single die per segment, so this roll is ignored; the "
                                  "winner still announces Act, Transfer or Pass"))
        if not mine and side is not None:
            self.set(reroll=(m.segment, m.holder, side, self.die(j.event)))

    def rolled_again(self, j: Judged, first: str, die: int) -> None:
        """PtR 9.4: both sides rolled again before the winner announced its option: the rolls are the next
        segment's Initiative Determination (the earlier one, ignored as a re-roll, counts now)."""
        m = self.mem
        self.say(j.index, Illegal("PTR 9.4", f"{m.holder or 'the winner'} won the Initiative of segment {m.segment} "
                                  "but announced neither Act, Transfer nor Pass before both sides rolled again: "
                                  f"these rolls determine segment {m.segment + 1}'s"))
        self.set(expect="initiative", holder=None, reroll=None, rolls=frozen_map({first: die}))
        self.initiative_roll(j)

    @rule("PTR 9.2.1 / 10.1.2B / 10.2.3A / 15.3B / 5.2.1D", "PTR15-7",
          "each roll when its rule calls for it: Initiative at a segment's start, AP after an activation or a "
          "successful reaction, a Reaction Check after a reaction is declared, Air Support only for a Prepared "
          "attack, Interdiction in the Recovery Phase")
    def button_roll(self, j: Judged, purpose: str) -> None:
        m, a, phase = self.mem, self.mem.active, self.phase_id()
        battle = a.battle if a is not None else None
        if self.no_phase(j):
            return
        if purpose == "interdiction":
            if phase == RECOVERY_PHASE:
                self.interdiction_roll(j)
            else:
                self.say(j.index, Illegal("PTR 5.2.1D", "an Interdiction roll outside the Recovery Phase"))
        elif purpose == "initiative":
            if phase == OC_PHASE and m.expect in ("option", "initiative") and m.over is None:
                self.initiative_step(j)
            else:
                self.say(j.index, Illegal("PTR 9.2.1A", "an Initiative roll, but no Initiative Determination is due"
                                          + (f" ({a.formation} is activated)" if a is not None else "")))
        elif purpose == "action-points":
            if a is not None and a.stage == "ap-roll":
                self.activation_roll(j)
            else:
                self.say(j.index, Illegal("PTR 10.1.2B", "an AP roll, but no activation or successful reaction "
                                          "awaits one"))
        elif purpose == "reaction-check":
            if a is not None and a.stage == "reaction-check":
                self.activation_roll(j)
            else:
                self.say(j.index, Illegal("PTR 10.2.3A", "a Reaction Check, but no Formation Reaction is declared"))
        elif purpose in ("combat", "air-support"):
            self.battle_roll(j, purpose, battle)
        elif purpose == "effectiveness-check" and a is not None and a.refit is not None:
            self.refit_roll(j)
        elif purpose == "effectiveness-check" and a is not None and a.stage == "actions":
            self.set(active=replace(a, check=self.die(j.event)))
            self.say(j.index, Legal(detail=f"Effectiveness Check {self.die(j.event)}: judged with the move it "
                                    "allows (13.4.1B)"))

    def battle_roll(self, j: Judged, purpose: str, battle) -> None:
        if battle is None or battle.rolled:
            self.say(j.index, Illegal("PTR 15.1.4F", f"a {purpose.replace('-', ' ')} roll, but no attack is declared"))
        elif purpose == "air-support" and battle.kind != "prepared":
            self.say(j.index, Illegal("PTR 15.3B", f"Air Support for a {battle.kind} attack: only a Prepared attack "
                                      "rolls for it"))
        elif purpose == "combat" and battle.kind == "prepared" and battle.shift is None:
            self.say(j.index, Illegal("PTR 15.1.4E", "the combat roll of a Prepared attack before its Air Support "
                                      "roll"))
        else:
            self.combat_roll(j)
