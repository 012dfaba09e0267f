"""The Infiltration Attack's result (optional PtR 22.1.2A-C), when ``[special] optional_rules`` plays
``infiltration_attack``: after ``attack HEX from HEX infiltration`` the Germans roll one die (plus the ER of the
infiltrating unit and the German Terrain Modifier), then the US one die (plus the ER of the defending infantry-type
unit, else of a support-type unit, less the US Terrain Modifier); the difference is read on the Infiltration
Results Chart (``tables/infiltration-results.toml``, rows by the difference: ``N``, ``LO..HI``, ``..HI`` or
``LO..``), the modifiers on the Terrain DRM Chart (``tables/infiltration-terrain-drm.toml``, ``german_drm`` and
``us_drm`` by the target hex's terrain). A result cell is ``ATTACKER/DEFENDER``, each ``-`` (no effect), ``D``
(disruption), ``N`` (SP losses) or ``DN`` (both, 22.1.1C). The flips and Losses layers that follow are checked
against it. Off, it answers nothing. A mixin of :class:`hexforge.rules.ptr.referee.PtrReferee`."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from hexforge.builder.timeline import DiceRoll, StepChange
from hexforge.maps.hexes import Hex
from hexforge.rules.core.tables import Cells
from hexforge.rules.ptr.battle import Battle, Missing, known
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

RESULTS, TERRAIN = "infiltration-results", "infiltration-terrain-drm"  # the charts' table ids


@dataclass(frozen=True, slots=True)
class Effect:
    """One side's part of an infiltration result (22.1.1C), and what the log has shown of it so far."""

    hex: Hex
    disrupt: bool
    losses: int
    flipped: bool = False
    lost: int = 0


def parse_effect(text: str) -> tuple[bool, int] | None:
    """``-``, ``D``, ``N`` or ``DN`` as (disruption, SP losses); ``None`` when it is none of these."""
    m = re.fullmatch(r"\s*(-|D?)(\d*)\s*", text)
    if m is None or (m.group(1) == "-" and m.group(2)) or (not m.group(1) and not m.group(2)):
        return None
    return m.group(1) == "D", int(m.group(2) or 0)


def bounds(key: str) -> tuple[float, float] | None:
    """A Results Chart row key (``N``, ``LO..HI``, ``..HI``, ``LO..``) as its lowest and highest difference."""
    lo, sep, hi = key.partition("..")
    try:
        if not sep:
            return int(key), int(key)
        return (int(lo) if lo else float("-inf")), (int(hi) if hi else float("inf"))
    except ValueError:
        return None


def row_for(cells: Cells, diff: int) -> str | None:
    """The Results Chart row whose key holds the difference ``diff``."""
    return next((k for k in cells.rows if (b := bounds(k)) is not None and b[0] <= diff <= b[1]), None)


class InfiltrationMixin:
    """The Infiltration Attack's dice and result; see the module docstring."""

    def watch_infiltration(self, j: Judged) -> bool:
        """A roll or a flip/Losses change that belongs to the Infiltration Attack under way (True: judged here);
        any other event first closes its result."""
        b = self.battle()
        if b is None or b.kind != "infiltration" or not self.optional("infiltration_attack"):
            return False
        e = j.event
        if isinstance(e, DiceRoll) and len(b.dice) < 2 and self.infiltration_die(e):
            side = self.mem.active.side if not b.dice else self.enemy(self.mem.active.side)
            roller = self.roll_side(e)
            self.say(j.index, self.infiltration_roll(b, self.die(e)) if roller in (side, None) else Illegal(
                "PTR 22.1.2A" if not b.dice else "PTR 22.1.2B", f"the {roller} side rolls, but the {side} side's "
                "infiltration die is due (the Germans roll first, then the US)"))
            return True
        uid = self.unit(e)
        if b.effects and isinstance(e, StepChange) and uid is not None and self.state.where(uid) in (
                b.origin, b.target) and (self.back_level(e) == 1 or self.loss_level(e) is not None):
            self.say(j.index, self.infiltration_effect(b, uid, e))
            return True
        if b.effects:
            for v in self.infiltration_close(b):
                self.say(j.index, v)
            self.set(active=replace(self.mem.active, battle=None))
        return False

    def infiltration_die(self, e: DiceRoll) -> bool:
        """The roll is the next infiltration die: no button, or a combat button (the German die first)."""
        button = self.ch.dice(e.name)
        return button is None or button.purpose == "combat"

    @rule("PTR 22.1.2A-C", "PTR22-2", "the Infiltration Attack's result: German die + ER + Terrain Modifier, less "
          "US die + ER - Terrain Modifier, read on the Infiltration Results Chart")
    def infiltration_roll(self, b: Battle, die: int) -> Verdict:
        """Reading: each side takes the Terrain Modifier of the attacked hex's terrain most in its favour ('may
        add', 'may subtract': a player always takes a modifier that helps); the US adds the ER its infantry-type
        unit shows (disrupted or not), else the best ER of its support-type units there ('any one', its choice);
        the results apply to the units of the attacking and the attacked hex."""
        dice = b.dice + (die,)
        self.set(active=replace(self.mem.active, battle=replace(b, dice=dice, rolled=len(dice) == 2)))
        if len(dice) == 1:
            return Legal(detail=f"Infiltration Attack: the German die {die}")
        try:
            text, cell = self.infiltration_result(b, dice)
        except Missing as m:
            return NotCheckable(m.needs)
        parts = [parse_effect(p) for p in cell.split("/")]
        if len(parts) != 2 or None in parts:
            return NotCheckable(f"Infiltration Results Chart cell '{cell}': no ATTACKER/DEFENDER result "
                                f"(tables/{RESULTS}.toml)")
        effects = (Effect(b.origin, *parts[0]), Effect(b.target, *parts[1]))
        self.set(active=replace(self.mem.active, battle=replace(self.battle(), effects=effects)))
        return Legal(detail=text)

    def infiltration_result(self, b: Battle, dice: tuple[int, ...]) -> tuple[str, str]:
        """The two final DRs, their difference and the chart's cell (Missing when a value is not in the data)."""
        cells = Cells.of(self.game, RESULTS)
        if not any(bounds(k) is not None for k in cells.rows):
            raise Missing(f"the Infiltration Results Chart (tables/{RESULTS}.toml: no rows by DR difference)")
        mine = [u for u in self.attackers(b) if self.data.unit_class(u) == "infantry-type"]
        theirs = self.defenders(b)
        inf = [u for u in theirs if self.data.unit_class(u) == "infantry-type"] or theirs
        if not mine or not inf:
            raise Missing("the infiltrating or the defending unit (22.1.2A-B)")
        g_er = known(self.data.value(mine[0], "er", mine[0] in self.state.reduced))
        u_er = max(known(self.data.value(u, "er", u in self.state.reduced)) for u in inf)
        g_drm, u_drm = self.infiltration_terrain(b.target)
        g, us = dice[0] + g_er + g_drm, dice[1] + u_er - u_drm
        key = row_for(cells, g - us)
        cell = known(cells.get(key, "result") if key is not None else "unknown",
                     f"Infiltration Results Chart row {g - us} (tables/{RESULTS}.toml)")
        return (f"Infiltration Attack: German {dice[0]}+{g_er}+{g_drm} = {g}, US {dice[1]}+{u_er}-{u_drm} = {us}: "
                f"{g - us:+d} -> {cell}"), str(cell)

    def infiltration_terrain(self, target: Hex) -> tuple[int, int]:
        """PtR 22.1.2A-B: the German and US Terrain Modifiers of the attacked hex (see the reading above)."""
        kinds = self.game.map.terrain.of(target)
        if kinds is None:
            raise Missing(f"terrain of hex {self.game.map.label(target)} (unsurveyed)")
        cells = Cells.of(self.game, TERRAIN)
        out = []
        for col in ("german_drm", "us_drm"):
            vals = [known(cells.get(t, col), f"Infiltration Terrain DRM Chart {t!r} {col} (tables/{TERRAIN}.toml)")
                    for t in sorted(kinds)]
            try:
                out.append(max(int(str(v)) for v in vals))
            except ValueError:
                raise Missing(f"Infiltration Terrain DRM Chart {col} for {sorted(kinds)}: not a number") from None
        return out[0], out[1]

    def infiltration_effect(self, b: Battle, uid: str, e: StepChange) -> Verdict:
        """A flip or an SP loss of a unit in the attacking or attacked hex after the result."""
        i = 0 if self.state.where(uid) == b.origin else 1
        eff, who = b.effects[i], ("attacker", "defender")[i]
        if self.back_level(e) == 1:
            new = replace(eff, flipped=True)
            v = Legal(detail=f"{uid} disrupted by the infiltration result") if eff.disrupt else Illegal(
                "PTR 22.1.2C", f"{uid} is disrupted, but the infiltration result gives the {who} no disruption")
        else:
            level, before = self.loss_level(e), self.ch.level(e.trait, e.old) or 0
            n = (level or 0) - before
            new = replace(eff, lost=eff.lost + n)
            v = Legal(detail=f"{uid} loses {n} SP to the infiltration result") if new.lost <= eff.losses else Illegal(
                "PTR 22.1.2C", f"{new.lost} SP lost by the {who}: the infiltration result gives {eff.losses}")
        effects = tuple(new if k == i else x for k, x in enumerate(b.effects))
        self.set(active=replace(self.mem.active, battle=replace(b, effects=effects)))
        return v

    def infiltration_close(self, b: Battle) -> list[Verdict]:
        """The result is over: each side shows the disruption and the SP losses it gives."""
        out: list[Verdict] = []
        for eff, who in zip(b.effects, ("attacker", "defender")):
            fresh = [u for u in self.state.at(eff.hex) if not self.data.is_hq(u) and u not in self.state.reduced]
            if eff.disrupt and not eff.flipped and fresh:
                out.append(Illegal("PTR 22.1.2C", f"the infiltration result disrupts the {who}, but no unit of "
                                   f"{self.game.map.label(eff.hex)} is flipped"))
            if eff.lost < eff.losses:
                out.append(Illegal("PTR 22.1.2C", f"the infiltration result gives the {who} {eff.losses} SP losses; "
                                   f"{eff.lost} shown"))
        return out

