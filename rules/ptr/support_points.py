"""An HQ's Attack Support Points as overstacking and displacement leave them (PtR 2.4.1.2B2, 14.2A, 20.2B1-D1):
each HQ of a hex with two loses one; a displaced HQ loses one (in CR, free path), two (out of CR) or all (no path),
never below 0. The current total is what the HQ supports an attack with: this refines
:class:`hexforge.rules.ptr.battle.BattleMixin`'s ``hq_support`` through ``super()``, so it stands before BattleMixin
in the referee's bases. A mixin of :class:`hexforge.rules.ptr.referee.PtrReferee`."""
from __future__ import annotations

import math

from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.battle import Missing
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.ptr.misread import CORRECT, Way
from hexforge.rules.registry import rule

LOSS = {"overstack": 1, "B": 1, "C": 2}  # PtR 14.2A, 20.2B1, 20.2C1; 20.2D1 takes them all


class SupportPointsMixin:
    """The HQs' current ASPs; see the module docstring."""

    @rule("PTR 14.2A / 20.2B1-D1", "PTR14-7", "each HQ of an HQ overstack loses one ASP, a displaced HQ one, two or "
          "all; the HQ then supports attacks with what it has left")
    def lose_asp(self, hq: str, why: str) -> None:
        """``why``: ``overstack`` or the 20.2 case (``B``, ``C``, ``D``)."""
        now = self.asp_now(hq)
        left: int | Unknown = now if isinstance(now, Unknown) else 0 if why == "D" else max(0, now - LOSS[why])
        self.set(asp=frozen_map({**self.mem.asp, hq: left}))

    def asp_now(self, hq: str) -> int | Unknown:
        return self.mem.asp.get(hq, self.data.value(hq, "asp", False))

    def hq_support(self, b, att: list[str], fid: str, way: Way = CORRECT) -> int:
        got = super().hq_support(b, att, fid, way)
        hq = self.data.formations[fid].hq
        if not got or hq not in self.mem.asp or way.left_out == "asp-losses":
            return got
        left = self.asp_now(hq)
        if isinstance(left, Unknown):
            raise Missing(left.needs)
        share = way.hq or {"regular": "half", "prepared": "all"}.get(b.kind, "none")
        return math.ceil(left / 2) if share == "half" else left  # 15.4.3C-D, as BattleMixin reads it
