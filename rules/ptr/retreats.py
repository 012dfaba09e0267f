"""Retreats and Withdrawals after a combat roll (PtR 15.5.2B/E-F, 15.5.4C, 15.5.5, 15.5.6): who may move out of
the attacking and the defending hex, when, and where to. The geometry of one hex (one hex, no enemy, on the map,
the stack together) is ``BattleMixin.retreat``; this adds the result's order, the EZOCs, the Roer, and the
direction. A mixin of the PtR referee.

Readings: "toward the nearest friendly map edge hex" (15.5.5D) is a hex no farther (in hexes) from the side's
friendly map edges than any other hex the retreat may enter, preferring those not next to an enemy unit; the
"common sense" and the die roll for disputes are not modelled. An EZOC forbids a retreat even into a hex a friendly
unit holds (15.5.5E2 names no negation)."""
from __future__ import annotations

from dataclasses import replace

from hexforge.maps.hexes import Hex, Hexside
from hexforge.rules.ptr.command import paths
from hexforge.rules.ptr.hits import Aftermath, Share
from hexforge.rules.ptr.supply import source_edges
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

ROER = "roer"  # the hexside feature 15.5.5E3 names (terrain.toml types)


class RetreatsMixin:
    """Moves of the combat's units after the roll; see the module docstring."""

    def share_at(self, af: Aftermath, uid: str) -> Share | None:
        here = self.state.where(uid)
        for s in (af.defender, af.attacker):
            if uid in s.units or (here == s.hex and self.data.is_hq(uid)):
                return s
        return None

    def in_retreat(self, af: Aftermath, uid: str) -> bool:
        """Whether a move of ``uid`` belongs to the result: a unit of the combat (the attacker's only while its
        hits are not all absorbed: then a move is a new Movement Action) or an HQ in one of the two hexes."""
        s = self.share_at(af, uid)
        if s is None:
            return False
        if s is af.attacker and af.defender.done() and s.done() and uid not in dict(s.moved):
            return False
        return True

    @rule("PTR 15.5.2B / 15.5.2E-F / 15.5.4C / 15.5.6A", "PTR15-22/PTR15-25/PTR15-28/PTR15-35",
          "a retreat hex only after the first CH was an SP loss, one per side, one hex; HQs never retreat (an HQ "
          "left alone is displaced); a Withdrawal follows the first SP loss")
    def combat_move(self, af: Aftermath, uid: str, label: str | None) -> Verdict:
        s, frm = self.share_at(af, uid), self.state.where(uid)
        to = self.game.map.index.get(label) if label else None
        if self.data.is_hq(uid):
            others = [u for u in self.state.at(frm) if not self.data.is_hq(u)]
            if others:
                return Illegal("PTR 15.5.4C", f"{uid} is an HQ: HQs never retreat ({', '.join(others)} still hold "
                               f"{self.game.map.label(frm)})")
            return NotCheckable(f"where the displaced {uid} may go (PtR 20.2B-D: town/city/industrial hexes, "
                                "command range, the HQ Displacement table)")
        if uid in dict(s.moved):
            return Illegal("PTR 15.5.2F", f"{uid} moves again after its retreat: never more than one hex")
        withdrawing = s.withdrawing(uid)
        v = self.defender_first(af, s)
        if v is None and not s.taken:
            v = Illegal("PTR 15.5.6A" if withdrawing else "PTR 15.5.2B", f"{uid} retreats before its side took an "
                        "SP loss: the first CH is always an SP loss")
        if v is None and not withdrawing and len(s.taken) >= s.hits and not any(
                not s.withdrawing(u) for u, _ in s.moved):
            v = Illegal("PTR 15.5.5B", f"{uid} retreats, but its side's {s.hits} hits are all absorbed as SP losses")
        basic = self.retreat(uid, label, self.battle(), group="withdrawal" if withdrawing else "retreat")
        ground = basic if isinstance(basic, Illegal) else self.retreat_ground(uid, frm, to, withdrawing, s)
        af = self.aftermath()
        s = self.share_at(af, uid)
        self.keep(af.with_share(replace(s, moved=s.moved + ((uid, to),))))
        return v or ground

    @rule("PTR 15.5.5D-F", "PTR15-31/PTR15-33/PTR15-34",
          "a retreat goes toward the nearest friendly map edge, not next to an enemy unit when it can avoid it, "
          "never into an EZOC or across the Roer; a Withdrawal enters an EZOC only when no other hex is open, and "
          "each unit doing so loses one SP more")
    def retreat_ground(self, uid: str, frm: Hex, to: Hex, withdrawing: bool, s: Share) -> Verdict:
        side = self.state.side(uid)
        roer = self.crosses_roer(frm, to)
        if roer is None:
            return NotCheckable(f"whether hexside {self.game.map.label(frm)}/{self.game.map.label(to)} is on the Roer "
                                "(unsurveyed)")
        if roer:
            return Illegal("PTR 15.5.5E3", f"{uid} retreats across the Roer")
        p = paths(self.data, self.state)
        ez = p.ezoc(to, side)
        if ez is None:
            return NotCheckable("; ".join(sorted(p.needs)) or "the ZOC Chart")
        options = self.open_hexes(frm, side)
        free = [h for h, z in options if z is False]
        if ez and not withdrawing:
            return Illegal("PTR 15.5.5E2", f"{uid} retreats into an EZOC ({self.game.map.label(to)})")
        if ez and free:
            return Illegal("PTR 15.5.5F", f"{uid} withdraws into an EZOC while {self.game.map.label(free[0])} is "
                           "open: an EZOC is entered only when no other hex is available")
        if ez:
            af = self.aftermath()
            self.keep(af.with_share(replace(s, extra=s.extra + (uid,))))
        return self.toward_edge(uid, to, side, free) or Legal(
            detail=f"{uid} {'withdraws' if withdrawing else 'retreats'} to {self.game.map.label(to)}"
            + (" into an EZOC: one SP more (15.5.5F)" if ez else ""))

    def crosses_roer(self, a: Hex, b: Hex) -> bool | None:
        """Whether the hexside a-b is a Roer hexside (``None``: the hexside is not surveyed)."""
        t = self.game.map.terrain
        if any(f.kind == ROER for f in t.features(a, b)):
            return True
        return None if t.provenance(Hexside.between(a, b)) is None else False

    def open_hexes(self, frm: Hex, side: str) -> list[tuple[Hex, bool | None]]:
        """The hexes next to ``frm`` a retreat may enter but for EZOCs (on the map, no enemy unit, not across the
        Roer as far as known), each with whether it is in an EZOC (``None``: not known)."""
        p = paths(self.data, self.state)
        out = []
        for h in frm.neighbours():
            if h not in self.game.map or any(self.state.side(u) != side for u in self.state.at(h)):
                continue
            if self.crosses_roer(frm, h):
                continue
            out.append((h, p.ezoc(h, side)))
        return out

    def stuck(self, s: Share) -> list[str]:
        """Withdrawing units still in the hex with no hex to go to (15.5.5G: two SP losses more each)."""
        left = [u for u in s.left() if s.withdrawing(u) and u not in dict(s.moved) and s.taken]
        if not left:
            return []
        return left if not self.open_hexes(s.hex, s.side) else []

    def toward_edge(self, uid: str, to: Hex, side: str, free: list[Hex]) -> Verdict | None:
        """PtR 15.5.5D: not next to an enemy unit when an open hex is not; no farther from a friendly map edge than
        the other open hexes."""
        def near_enemy(h: Hex) -> bool:
            return any(self.state.side(u) not in (side, None) for n in h.neighbours() for u in self.state.at(n))
        calm = [h for h in free if not near_enemy(h)]
        if near_enemy(to) and calm:
            return Illegal("PTR 15.5.5D", f"{uid} retreats next to an enemy unit while {self.game.map.label(calm[0])} "
                           "is open and next to none")
        edge = self.edge_hexes(side)
        if edge is None:
            return NotCheckable(f"the {side} side's friendly map-edge hexes (terrain.toml edges, [special] "
                                "supply_edges)")
        pool = (calm if calm else free) + [to]

        def dist(h: Hex) -> int:
            return min(h.distance(e) for e in edge)
        best = min(pool, key=dist)
        if dist(to) > dist(best):
            return Illegal("PTR 15.5.5D", f"{uid} retreats to {self.game.map.label(to)}, {dist(to)} hexes from a "
                           f"friendly map edge; {self.game.map.label(best)} is {dist(best)}: retreats go toward the "
                           "nearest friendly edge")
        return None

    def edge_hexes(self, side: str) -> list[Hex] | None:
        """The side's friendly map-edge hexes this turn (17.4, as 15.5.5D refers to them), ``None`` if unknown."""
        edges = self.game.map.terrain.edges
        out: list[Hex] = []
        for eid, first in source_edges(self.game, side):
            if self.state.turn is not None and self.state.turn < first:
                continue
            hexes = edges.get(eid)
            if hexes is None:
                return None
            out += list(hexes)
        return out or None
