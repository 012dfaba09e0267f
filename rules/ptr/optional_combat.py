"""The optional rules that change a combat's column or DRM (PtR 22.2A Tiger tank, 22.3A railroad gun, 22.6
Brummbaer, 22.7A Funkpanzer), when the game's ``[special] optional_rules`` turns them on; which unit each is about
is a ``[special] special_units`` entry (``use``: ``combat-shift`` / ``town-attack-drm``; a used unit's ``drm`` or
``roll_shifts``). It refines :class:`hexforge.rules.ptr.battle.BattleMixin`'s ``column`` and ``drms`` through
``super()``, so it stands before BattleMixin in the referee's bases. The Tiger Tank Scare (22.2B) is the ``scare``
entry: its ``at_most`` is the Tiger Tank Scare Chart's number (unknown in the bundled data)."""
from __future__ import annotations

from hexforge.builder.timeline import DiceRoll
from hexforge.rules.ptr.battle import Missing
from hexforge.rules.ptr.misread import CORRECT, Way
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Legal, NotCheckable, Verdict

TOWN_TERRAIN = frozenset({"town", "city", "industrial"})  # PtR 22.6: the terrain classes the rule names
BRUMMBAR_DRM = 2  # PtR 22.6


class OptionalCombatMixin:
    """Column shifts and DRMs of the optional rules; see the module docstring."""

    def special_for(self, use: str) -> str | None:
        """The unit of the played optional rule whose ``special_units`` entry has this ``use``."""
        spec = next((s for s in self.special_units() if s.get("use") == use), None)
        return spec.get("unit") if spec is not None else None

    def column(self, a_cv: int, d_cv: int, shift: int, way: Way = CORRECT) -> tuple[int | None, list[str]]:
        extra = 0 if way.left_out == "special-shift" else sum(self.mem.special_shifts.get(u, 0)
                                                              for u in self.supporting())
        b = self.battle()
        if b is not None and self.mem.scared == (b.origin, b.target) and way.left_out != "scare":
            extra += 1 if self.mem.active.side != self.data.us_side else -1  # 22.2B: as if the Tiger took part
        tiger = 0 if way.left_out == "tiger" else self.tiger_shift()
        return super().column(a_cv, d_cv, shift + tiger + extra, way)

    def supporting(self) -> list[str]:
        """The special units used for the combat under way (22.3A, 22.7A: ``use UNIT`` after its declaration)."""
        b = self.battle()
        return [u for u, at in sorted(self.mem.special_battle.items()) if b is not None and at == (b.origin, b.target)]

    @rule("PTR 22.2A", "PTR22-3", "in any combat the Tiger unit takes part in, one column shift in its side's favour "
          "(right attacking, left defending)")
    def tiger_shift(self) -> int:
        b, tiger = self.battle(), self.special_for("combat-shift")
        if b is None or tiger is None or self.state.where(tiger) is None:
            return 0
        if tiger in self.attackers(b):
            return 1
        return -1 if self.state.where(tiger) == b.target else 0

    @rule("PTR 22.6", "PTR22-10", "+2 DRM for an attack the Brummbaer unit takes part in, only against a town, city or "
          "industrial hex")
    def drms(self, b, att: list[str], dfn: list[str], lone_hq: bool, way: Way = CORRECT) -> tuple[list[int], str]:
        terms, parts = super().drms(b, att, dfn, lone_hq, way)
        for u in self.supporting():  # 22.3A: the railroad gun's DRM, as its counter gives it
            drm = 0 if way.left_out == "special-drm" else int((self.special_unit(u) or {}).get("drm", 0))
            if drm:
                terms, parts = terms + [drm], parts + f", {u} {drm:+d} (22.3A)"
        unit = self.special_for("town-attack-drm")
        if unit is None or unit not in att or way.left_out == "town-drm":
            return terms, parts
        kinds = self.game.map.terrain.of(b.target)
        if kinds is None:
            raise Missing(f"terrain of hex {self.game.map.label(b.target)} (unsurveyed: a town, city or industrial "
                          "hex? 22.6)")
        if kinds & TOWN_TERRAIN:
            return terms + [BRUMMBAR_DRM], parts + f", {unit} +{BRUMMBAR_DRM} (22.6)"
        return terms, parts

    def scare_due(self) -> tuple[dict, list[str]] | None:
        """The ``scare`` entry and the US units contributing TPs or ATPs, when the combat under way (not rolled yet)
        has a German support-type unit other than the Tiger contributing TPs (22.2B)."""
        spec = next((s for s in self.special_units() if s.get("use") == "scare"), None)
        b, us = self.battle(), self.data.us_side
        if spec is None or b is None or b.rolled or not isinstance(us, str):
            return None
        tiger = self.special_for("combat-shift")
        sides = [u for h in (b.origin, b.target) for u in self.state.at(h) if not self.data.is_hq(u)]
        german = [u for u in sides if self.state.side(u) != us and u != tiger
                  and self.data.unit_class(u) == "support-type" and self.tps(u, "tp")]
        mine = [u for u in sides if self.state.side(u) == us and (self.tps(u, "tp") or self.tps(u, "atp"))]
        return (spec, mine) if german and mine else None

    def tps(self, uid: str, column: str) -> bool:
        v = self.data.value(uid, column, uid in self.state.reduced)
        return isinstance(v, int) and v > 0

    def watch_scare(self, j: Judged) -> bool:
        """A US roll while a Tiger Tank Scare is due is that scare's roll (True: judged here). Reading: it is the
        US's one roll before the combat roll, whatever button made it."""
        e = j.event
        due = self.scare_due() if isinstance(e, DiceRoll) and self.roll_side(e) == self.data.us_side else None
        if due is None:
            return False
        self.say(j.index, self.scare_roll(due[0], due[1], self.die(e)))
        return True

    @rule("PTR 22.2B", "PTR22-4", "a German support-type unit with TPs scares the US (die + the US unit's ER at most "
          "the Tiger Tank Scare Chart's number): one column shift for the Germans, as for the Tiger")
    def scare_roll(self, spec: dict, units: list[str], die: int) -> Verdict:
        """Reading: with several US units contributing, the ER is the highest of theirs (the US's best chance)."""
        at_most = spec.get("at_most")
        ers = [self.data.value(u, "er", u in self.state.reduced) for u in units]
        known = [v for v in ers if isinstance(v, int)]
        if not isinstance(at_most, int) or len(known) < len(ers):
            return NotCheckable("the Tiger Tank Scare Chart's number ([special] special_units at_most)"
                                if not isinstance(at_most, int) else "the ER of the US units in the combat")
        total = die + max(known)
        b = self.battle()
        if total <= at_most:
            self.set(scared=(b.origin, b.target))
        return Legal(detail=f"Tiger Tank Scare {die} + ER {max(known)} = {total}: "
                     + ("the Germans get one column shift" if total <= at_most else "no scare"))
