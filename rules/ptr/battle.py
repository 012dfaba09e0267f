"""Resolving a declared attack (PtR 15.1-15.4): the Combat Chits (``chits A D``), Battle Strength and the ratio,
the Air Support roll of a Prepared attack, the DRMs (terrain, combat support, HQ support, Armor Superiority) and
the CRT cell for the clamped roll; the result then opens the combat's aftermath, followed by ``rules/ptr/hits.py``,
``retreats.py`` and ``victory.py`` (15.5-15.6). Values come from the game's tables and units.csv; an unknown one
makes the combat not checkable naming it. A mixin of the PtR referee."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.ptr.combat import (ArmorSide, armor_superiority, attacker_support, battle_strength,
                                       chit_column, clamp_roll, defender_support, parse_result)
from hexforge.rules.ptr.command import commanded, paths
from hexforge.rules.ptr.hits import Aftermath, Share
from hexforge.rules.ptr.misread import BY_KIND, CORRECT, Way, misreadings
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


DRM_HEXSIDES = ("stream", "dragonteeth", "anti_tank_ditch", "embankment_stream", "dragonteeth_stream")  # 15.4.1A


class Missing(Exception):
    """A value the combat needs is not in the data (``needs`` names it)."""

    def __init__(self, needs: str) -> None:
        super().__init__(needs)
        self.needs = needs


def known(v, what: str = ""):
    if isinstance(v, Unknown):
        raise Missing(v.needs)
    if v == "unknown" or v is None:
        raise Missing(what)
    return v


@dataclass(frozen=True, slots=True)
class Battle:
    """A declared attack: its hexes, kind, supporting hexes, the chits drawn and the Air Support shift."""

    origin: Hex
    target: Hex
    kind: str
    support: tuple[Hex, ...] = ()
    chits: tuple[int, int | None] | None = None  # the defender's is None against a lone HQ (20.1B1)
    shift: int | None = None  # Air Support column shift (Prepared only), once rolled
    rolled: bool = False
    retreats: tuple[tuple[Hex, Hex, str], ...] = ()  # (from, to, retreat|withdrawal) of each unit moved (15.5.5C)
    after: Aftermath | None = None  # the result being applied (PtR 15.5), once rolled and read from the CRT
    unread: str | None = None  # why the rolled result could not be read (the datum it needs)
    dice: tuple[int, ...] = ()  # an Infiltration Attack's German and US dice (22.1.2A-B)
    effects: tuple = ()  # an Infiltration Attack's result per side (``infiltration.Effect``), once read


@dataclass(frozen=True, slots=True)
class Reading:
    """A combat's steps before the roll: the two CVs (15.1.3), the CRT column (``None`` below the far-left,
    15.1.4D) and the DRMs (15.4, with their description)."""

    a_cv: int
    d_cv: int
    column: str | None
    terms: tuple[int, ...]
    parts: str

    @property
    def drm(self) -> int:
        return sum(self.terms)


class BattleMixin:
    """Chits, Air Support and the combat roll of the attack under way; see the module docstring."""

    @rule("PTR 15.5.5", "PTR15-25/PTR15-30/PTR15-32", "after the combat roll a retreat is one hex, the whole stack "
          "together, never into an enemy-occupied hex (an HQ alone included) nor off the map")
    def retreat(self, uid: str, label: str | None, b: Battle, group: str = "retreat") -> Verdict:
        """A move of a unit of the attacking or defending hex after the roll, as its retreat (``group``: a retreat
        or a Withdrawal, 15.5.6 Play Note: the withdrawing units retreat as a stack of their own)."""
        frm = self.state.where(uid)
        to = self.game.map.index.get(label) if label else None
        if to is None:
            return Illegal("PTR 15.5.5E4", f"{uid} retreats off the map")
        if frm.distance(to) != 1:
            return Illegal("PTR 15.5.5A", f"{uid} retreats {frm.distance(to)} hexes: a retreat is one hex")
        enemy = [u for u in self.state.at(to) if self.state.side(u) != self.state.side(uid)]
        if enemy:
            return Illegal("PTR 15.5.5E1", f"{uid} retreats into {label}, held by enemy {', '.join(enemy)}")
        other = next((t for f, t, g in b.retreats if f == frm and t != to and g == group), None)
        if other is not None:
            return Illegal("PTR 15.5.5C", f"{uid} retreats to {label}, its stack to {self.game.map.label(other)}: "
                           "a retreating stack does not split")
        self.set(active=replace(self.mem.active, battle=replace(b, retreats=b.retreats + ((frm, to, group),))))
        return NotCheckable(f"the rest of {uid}'s retreat: the result's CHs (15.5), EZOCs and the nearest friendly "
                            "edge (15.5.5D-E: ZOC Chart, map terrain)")

    @rule("PTR 15.1.2 / 15.2.1B-C / 20.1B1", "PTR15-2/PTR19-4", "one Combat Chit per side per combat; none for an "
          "HQ alone in the attacked hex")
    def on_chits(self, j: Judged, a: int, d: int | None) -> None:
        b = self.battle()
        if b is None or b.rolled:
            self.say(j.index, Illegal("PTR 15.2.1B", "Combat Chits drawn, but no attack is declared"))
        elif b.chits is not None:
            self.say(j.index, Illegal("PTR 15.2.1B", "a second Combat Chit for this combat: one per side"))
        elif d is not None and self.lone_hq(b):
            self.say(j.index, Illegal("PTR 20.1B1", f"a defender's Combat Chit, but {self.game.map.label(b.target)} "
                                      "holds an HQ alone: it defends at Battle Strength 1 and draws no chit"))
        elif d is None and not self.lone_hq(b):
            self.say(j.index, Illegal("PTR 15.2.1C", "one Combat Chit only: the defender draws one too ('chits "
                                      "ATTACKER DEFENDER')"))
        else:
            self.set(active=replace(self.mem.active, battle=replace(b, chits=(a, d))))
            self.say(j.index, Legal(detail=f"Combat Chits {a} (attacker)" + (f" and {d} (defender)" if d else "")))

    def battle(self) -> Battle | None:
        a = self.mem.active
        return a.battle if a is not None else None

    @rule("PTR 15.3 / 15.1.4 / 15.4", "PTR15-7/PTR15-3/PTR15-4/PTR15-5/PTR15-6/PTR15-8/PTR15-9/PTR15-13/"
          "PTR15-14/PTR15-15/PTR15-17/PTR15-18/PTR15-19/PTR19-4",
          "Air Support only for a Prepared attack; Battle Strength from the chits by ER and column; the ratio and "
          "its CRT column (far-right clamp, below far-left 5/0); support, HQ and armour DRMs; the roll clamped")
    def combat_roll(self, j: Judged) -> None:
        b, die = self.battle(), self.die(j.event)
        if b.kind == "prepared" and b.shift is None:
            cell = Cells.of(self.game, "air-support").get(str(die), self.mem.active.side)
            shift = {"NE": 0, "1L": -1, "1R": 1, "2R": 2, "3R": 3}.get(str(cell))
            self.set(active=replace(self.mem.active, battle=replace(b, shift=shift if shift is not None else 0)))
            self.say(j.index, Legal(detail=f"Air Support {cell} (die {die})") if shift is not None else
                     NotCheckable(f"Air Support table row {die} (tables/air-support.toml)"))
            return
        self.set(active=replace(self.mem.active, battle=replace(b, rolled=True)))
        try:
            text, cell = self.resolve(b, die)
            self.say(j.index, Legal(detail=text))
        except Missing as m:
            self.set(active=replace(self.mem.active, battle=replace(self.battle(), unread=m.needs)))
            self.say(j.index, NotCheckable(m.needs))
            return
        self.open_aftermath(cell, die)

    def open_aftermath(self, cell: str, die: int) -> None:
        """PtR 15.5A-D: the result's hits for each side, from here on followed event by event (``hits.py``), with
        the results the misread steps would give (``misread.py``)."""
        b, side = self.battle(), self.mem.active.side
        got = parse_result(cell)
        if got is None:
            return
        wrong = tuple((rule_, how, c) for rule_, how, c in self.misread_cells(b, die) if c != cell)
        att, dfn = tuple(self.attackers(b)), tuple(self.defenders(b))
        near = [h for h in b.origin.neighbours() if h != b.target]
        supporters = frozenset(u for h in b.support for u in self.state.at(h) if self.state.side(u) == side) | \
            frozenset(u for h in near for u in self.state.at(h) if self.state.side(u) not in (side, None))
        shares = [Share(s, h, hits, bold, units, frozenset(u for u in units if u in self.state.reduced),
                        self.armoured(units, defending), cs=tuple((u, self.current_cs(u)) for u in units))
                  for s, h, hits, bold, units, defending in
                  ((side, b.origin, got[0], got[1], att, False), (self.enemy(side), b.target, got[2], got[3], dfn, True))]
        self.set(active=replace(self.mem.active, battle=replace(b, after=Aftermath(
            cell, shares[1], shares[0], supporters - set(att) - set(dfn), wrong))))

    def misread_cells(self, b: Battle, die: int) -> list[tuple[str, str, str]]:
        """(rule, what the players did, the cell they would read) for each misreading of the attack's steps whose
        result can be read (``misread.misreadings``)."""
        out = []
        for rule_, how, way in misreadings(b.kind, self.lone_hq(b)) if b.kind in BY_KIND else ():
            try:
                out.append((rule_, how, self.resolve(b, die, way)[1]))
            except Missing:
                continue
        return out

    def current_cs(self, uid: str) -> int | Unknown:
        """PtR 15.5.4A: the unit's CS now (printed at the start, less its SP losses), as far as followed."""
        return self.mem.cs.get(uid, Unknown(f"the current CS of {uid} (its SP losses)"))

    def attackers(self, b: Battle) -> list[str]:
        """The active formation's combat units in the attacking hex (20.1A: an HQ there is simply ignored)."""
        return [u for u in self.state.at(b.origin)
                if self.data.formation_of(u) == self.mem.active.formation and not self.data.is_hq(u)]

    def defenders(self, b: Battle) -> list[str]:
        """The enemy combat units in the attacked hex (20.1A: an HQ there is ignored; alone, 20.1B applies)."""
        side = self.mem.active.side
        return [u for u in self.state.at(b.target) if self.state.side(u) != side and not self.data.is_hq(u)]

    def lone_hq(self, b: Battle) -> bool:
        """PtR 20.1B: the attacked hex holds no enemy combat unit (the attack declared on it: an HQ alone)."""
        return not self.defenders(b)

    def armoured(self, units: tuple[str, ...], defending: bool) -> frozenset[str] | Unknown:
        """PtR 15.5.2C: the units that attacked with TPs, or defended with TPs or ATPs (their showing side)."""
        out = set()
        for u in units:
            for col in ("tp", "atp") if defending else ("tp",):
                v = self.data.value(u, col, u in self.state.reduced)
                if isinstance(v, Unknown):
                    return v
                if v > 0:
                    out.add(u)
        return frozenset(out)

    def reading(self, b: Battle, way: Way = CORRECT) -> Reading:
        """The combat's steps before the roll (15.1.3-15.4), done ``way`` (the rulebook's, or a misreading of one
        step: ``rules/ptr/misread.py``); Missing when a value is not in the data."""
        att, dfn, lone_hq = self.attackers(b), self.defenders(b), self.lone_hq(b)
        if b.chits is None:
            raise Missing("the Combat Chits drawn ('chits A D' before the roll, PtR 15.2.1)")
        a_cv = battle_strength([(self.strength_cs(u, way), self.multiplier(b.chits[0], u, way.attack_column or b.kind,
                                                                          way)) for u in att])
        d_cv = 1 if lone_hq else battle_strength(  # 20.1B: a lone HQ defends at 1, with no chit
            [(self.strength_cs(u, way), self.multiplier(b.chits[1], u, way.defence_column or self.defence(b), way))
             for u in dfn])
        col, cols = self.column(a_cv, d_cv, b.shift or 0, way)
        terms, parts = self.drms(b, att, dfn, lone_hq, way)
        return Reading(a_cv, d_cv, cols[col] if col is not None else None, tuple(terms), parts)

    def resolve(self, b: Battle, die: int, way: Way = CORRECT) -> tuple[str, str]:
        """The combat's CRT reading as text, and the cell (Missing when a value is not in the data), with its steps
        done ``way``."""
        r = self.reading(b, way)
        drm = r.drm
        roll = clamp_roll(clamp_roll(die + sum(t for t in r.terms if t < 0)) + sum(t for t in r.terms if t > 0)) \
            if way.clamp_between else clamp_roll(die + drm)
        if r.column is None:
            return f"CV {r.a_cv}:{r.d_cv} is below the far-left column: 5/0 (15.1.4D)", "5/0"
        cell = known(Cells.of(self.game, "crt").get(str(roll), r.column), f"CRT row {roll}, column {r.column}")
        if parse_result(str(cell)) is None:
            raise Missing(f"CRT row {roll}, column {r.column}: '{cell}' is no A/D result (tables/crt.toml)")
        return (f"CV {r.a_cv}:{r.d_cv}, column {r.column}; DRM {drm:+d} ({r.parts}); roll {die} -> {roll}: {cell}",
                str(cell))

    def strength_cs(self, uid: str, way: Way) -> int:
        """PtR 15.2.1B: the CS a Battle Strength multiplies: the current CS (printed, less the SP losses followed,
        15.5.4A), or the printed one when the players left the losses out (``way.printed_cs``)."""
        now = self.mem.cs.get(uid)
        if isinstance(now, int) and not way.printed_cs:
            return now
        return known(self.data.value(uid, "cs", False))

    def defence(self, b: Battle) -> str | None:
        """PtR 15.2.1D / 11.4.4A: ``improved`` for a hex under Improved Defense, else by each unit's state."""
        return "improved" if b.target in self.mem.improved else None

    def multiplier(self, chit: int, uid: str, kind: str | None, way: Way = CORRECT) -> int:
        """PtR 15.2.1B-D: the unit's Combat Multiplier on chit ``chit`` by its ER and column (``kind``: the
        attack kind or ``improved``; ``None``: the defender's own state); 1 when the players left it out."""
        if way.no_multiplier:
            return 1
        disrupted = uid in self.state.reduced
        er = known(self.data.value(uid, "er", disrupted))
        role = kind if kind is not None else ("disrupted" if disrupted else "undisrupted")
        v = Cells.of(self.game, "combat-chits").get(f"chit {chit}, ER {er}", chit_column(role))
        return known(v if isinstance(v, int) else "unknown", f"Combat Chit {chit}, ER {er}, {chit_column(role)} "
                     "(tables/combat-chits.toml)")

    def column(self, a_cv: int, d_cv: int, shift: int, way: Way = CORRECT) -> tuple[int | None, list[str]]:
        """PtR 15.1.4A-E: the CRT column index for the ratio (far-right clamp; ``None`` below the far-left), then
        the Air Support shift, shifts beyond the edges ignored; ``way`` may misread one of these steps."""
        cols = list(self.game.tables["crt"].columns) if "crt" in self.game.tables else []
        try:
            ratios = [Fraction(int(c.split(":")[0]), int(c.split(":")[1])) for c in cols]
        except (ValueError, IndexError):
            raise Missing("the CRT's ratio columns (tables/crt.toml columns 'A:D')") from None
        if not ratios:
            raise Missing("the CRT (tables/crt.toml)")
        if way.ratio_rounded:
            att, dfn = (-(-a_cv // d_cv), 1) if a_cv >= d_cv else (1, max(1, d_cv // a_cv))
        else:
            att, dfn = (a_cv // d_cv, 1) if a_cv >= d_cv else (1, -(-d_cv // a_cv))
        r = Fraction(att, dfn)
        fits = [i for i, x in enumerate(ratios) if x <= r]
        if not fits and not way.below_read:
            return None, cols
        base = fits[-1] if fits else 0
        if way.shift_first and r > ratios[-1] and ratios[-1].denominator == 1:
            base += int(r) - int(ratios[-1])  # the columns beyond the far right, as if the table went on
        if way.edge_dropped and not 0 <= base + shift < len(cols):
            return min(base, len(cols) - 1), cols
        return max(0, min(len(cols) - 1, base + shift)), cols

    def drms(self, b: Battle, att: list[str], dfn: list[str], lone_hq: bool,
             way: Way = CORRECT) -> tuple[list[int], str]:
        """PtR 15.4: the DRMs (summed, 15.4B): combat support (both sides), HQ support, Armor Superiority, the
        Terrain Effects DRM of the attacked hexside; ``way`` may misread the HQ support or the armour."""
        side, fid = self.mem.active.side, self.mem.active.formation
        p = paths(self.data, self.state)

        def supporters(hexes, friend_side, into, formation):
            out = []
            for h in hexes:
                units = [u for u in self.state.at(h) if self.state.side(u) == friend_side and not self.data.is_hq(u)]
                out.append([(self.data.formation_of(u) == formation, known(p.exerts_zoc_into(u, into),
                             "; ".join(sorted(p.needs)) or "the ZOC Chart"), known(commanded(self.data, self.state, u)))
                            for u in units])
            return out
        a_sup = 0 if way.left_out == "attacker-support" else attacker_support(b.kind, supporters(b.support, side,
                                                                                                b.target, fid))
        d_form = self.data.formation_of(dfn[0]) if dfn else None
        d_hexes = [h for h in b.origin.neighbours() if h != b.target and h in self.game.map]
        disrupted = any(u in self.state.reduced for u in dfn) and not way.support_disrupted
        d_sup = 0 if lone_hq or disrupted or way.left_out == "defender-support" else defender_support(
            self.defence(b) or "regular", False, supporters(
                [h for h in d_hexes if any(self.state.side(u) not in (side, None) for u in self.state.at(h))],
                self.enemy(side), b.origin, d_form))
        hq_sup = self.hq_support(b, att, fid, way)
        armor = 0 if lone_hq or way.armour == "none" else self.armor(att, dfn, b.target, way)  # 15.5.4B
        ground = 0 if way.left_out == "terrain" else self.terrain_drm(b)
        parts = f"support {a_sup:+d}/{d_sup:+d}, HQ {hq_sup:+d}, armour {armor:+d}"
        return [a_sup, d_sup, hq_sup, armor, ground], parts + (
            f", terrain {ground:+d}" if ground else "")

    @rule("PTR 15.4.1", "PTR15-11", "the defender's one Terrain Effects DRM, from the hexside attacked across")
    def terrain_drm(self, b: Battle) -> int:
        """PtR 15.4.1A-B: the TEC ``combat_drm`` of the attacked hexside's feature (the best one for the defender
        when the hexside has several: at most one applies); 0 across a hexside with none."""
        t = self.game.map.terrain
        why = t.unknown_features(Hexside.between(b.origin, b.target), DRM_HEXSIDES)
        if why:
            raise Missing(f"hexside {self.game.map.label(b.origin)}/{self.game.map.label(b.target)} ({why})")
        tec = Cells.of(self.game, "tec")
        drms = [int(str(known(tec.get(f.kind, "combat_drm"), f"TEC {f.kind!r} combat_drm (Terrain Effects DRM)")))
                for f in t.features(b.origin, b.target) if f.kind in DRM_HEXSIDES]
        return min(drms, default=0)

    def enemy(self, side: str) -> str:
        return next(s for s in self.game.sides if s != side)

    def hq_support(self, b: Battle, att: list[str], fid: str, way: Way = CORRECT) -> int:
        """PtR 15.4.3: Regular ceil(ASP/2), Prepared all ASPs, the attackers in CR; never for Hasty (``way.hq``:
        the share the players took instead)."""
        share = way.hq or {"regular": "half", "prepared": "all"}.get(b.kind, "none")
        if share == "none":
            return 0
        hq = self.data.formations[fid].hq
        if hq is None or not all(known(commanded(self.data, self.state, u)) for u in att):
            return 0
        asp = known(self.data.value(hq, "asp", False))
        return math.ceil(asp / 2) if share == "half" else asp

    def armor(self, att: list[str], dfn: list[str], target: Hex, way: Way = CORRECT) -> int:
        """PtR 15.4.4: each side's best unit; the attacker's TPs by the defender's terrain (rounded down)."""
        def best(units, col):
            return max([known(self.data.value(u, col, u in self.state.reduced)) for u in units] or [0])
        kinds = self.game.map.terrain.of(target)
        if kinds is None:
            raise Missing(f"terrain of hex {self.game.map.label(target)} (unsurveyed)")
        tec = Cells.of(self.game, "tec")
        mod, bonus = Fraction(1), 0
        for t in sorted(kinds):
            m, n = tec.get(t, "attacker_tp_modifier"), tec.get(t, "defender_atp_bonus")
            mod = min(mod, Fraction(str(known(m, f"TEC {t!r} attacker_tp_modifier"))))
            bonus = max(bonus, int(str(known(n, f"TEC {t!r} defender_atp_bonus"))))
        return armor_superiority(ArmorSide(tp=best(att, "tp")), ArmorSide(tp=best(dfn, "tp"), atp=best(dfn, "atp")),
                                 1 if way.armour == "unmodified" else mod, bonus)
