"""The optional rules that change a combat's column or DRM (PtR 22.2A Tiger tank, 22.3A railroad gun, 22.6
Brummbaer, 22.7A Funkpanzer), when the game's ``[special] optional_rules`` turns them on; which unit each is about
is a ``[special] special_units`` entry (``use``: ``combat-shift`` / ``town-attack-drm``; a used unit's ``drm`` or
``roll_shifts``). It refines :class:`hexforge.rules.ptr.battle.BattleMixin`'s ``column`` and ``drms`` through
``super()``, so it stands before BattleMixin in the referee's bases. The Tiger Tank Scare roll for other
support-type units (22.2B) needs its chart, which no data holds, and is not followed."""
from __future__ import annotations

from hexforge.rules.ptr.battle import Missing
from hexforge.rules.registry import rule

TOWN_TERRAIN = frozenset({"town", "city", "industrial"})  # PtR 22.6: the terrain classes the rule names
BRUMMBAR_DRM = 2  # PtR 22.6


class OptionalCombatMixin:
    """Column shifts and DRMs of the optional rules; see the module docstring."""

    def special_for(self, use: str) -> str | None:
        """The unit of the played optional rule whose ``special_units`` entry has this ``use``."""
        spec = next((s for s in self.special_units() if s.get("use") == use), None)
        return spec.get("unit") if spec is not None else None

    def column(self, a_cv: int, d_cv: int, shift: int) -> tuple[int | None, list[str]]:
        extra = sum(self.mem.special_shifts.get(u, 0) for u in self.supporting())
        return super().column(a_cv, d_cv, shift + self.tiger_shift() + extra)

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
    def drms(self, b, att: list[str], dfn: list[str], lone_hq: bool) -> tuple[int, str]:
        total, parts = super().drms(b, att, dfn, lone_hq)
        for u in self.supporting():  # 22.3A: the railroad gun's DRM, as its counter gives it
            drm = int((self.special_unit(u) or {}).get("drm", 0))
            if drm:
                total, parts = total + drm, parts + f", {u} {drm:+d} (22.3A)"
        unit = self.special_for("town-attack-drm")
        if unit is None or unit not in att:
            return total, parts
        kinds = self.game.map.terrain.of(b.target)
        if kinds is None:
            raise Missing(f"terrain of hex {self.game.map.label(b.target)} (unsurveyed: a town, city or industrial "
                          "hex? 22.6)")
        if kinds & TOWN_TERRAIN:
            return total + BRUMMBAR_DRM, parts + f", {unit} +{BRUMMBAR_DRM} (22.6)"
        return total, parts
