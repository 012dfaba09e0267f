"""Displacement (PtR 10.2.4B, 14.2, 20.0C, 20.2, 11.4.2D): where a displaced HQ may go and what its formation
pays (its FAM, as the track then shows it), two HQs in one hex, and the units an overstack or an interrupted
Movement Action pushes out of a hex. A mixin of :class:`hexforge.rules.ptr.referee.PtrReferee`.

What the log shows: a displaced HQ is a move of the HQ outside its formation's Relocation Action; a displaced
combat unit is a move out of the crowded hex before play goes on; the penalty is the FAM marker's next box. The
HQ's Attack Support Points (20.2B1-D1, 14.2A) are kept by ``support_points.py``: the log shows them only in the
HQ support of a later attack."""
from __future__ import annotations

from collections import deque

from hexforge.builder.timeline import Move
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells
from hexforge.rules.ptr.command import paths
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.ptr.supply import command_range, traceable
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

HQ_TERRAIN = frozenset({"town", "city", "industrial"})  # PtR 20.0C5 / 20.2A: the terrain classes the rule names
FAT = "fat"  # the log channel's track id of the FAMs (docs/log-channel.md)


class DisplacementMixin:
    """HQ and combat-unit displacement; see the module docstring."""

    # -- HQs (PtR 20.0C, 20.2) ---------------------------------------------------------------------

    @rule("PTR 20.2A / 20.0C2 / 20.0C5", "PTR19-5", "a displaced HQ goes to a friendly town, city or industrial hex "
          "holding no other HQ; in CR by a free path (20.2B), out of CR by a free path (20.2C) or by none (20.2D)")
    def displace(self, hq: str, label: str | None, why: str) -> Verdict:
        """The move of a displaced ``hq`` to ``label`` (``why``: the rule that displaces it); records the penalty
        its FAM owes. Reading: 'friendly' is a hex holding no enemy unit (hex control, 3.5, is not followed)."""
        dest = self.game.map.index.get(label) if label else None
        if dest is None:
            return Illegal("PTR 20.2A", f"{hq} is displaced to {label or 'off the map'}: not a map hex")
        where = self.game.map.label(dest)
        kinds = self.game.map.terrain.of(dest)
        side = self.state.side(hq)
        others = [u for u in self.state.at(dest) if u != hq and self.data.is_hq(u)]
        if others:
            return Illegal("PTR 20.0C2", f"{hq} is displaced into {where}, where {others[0]} stands: one HQ a hex")
        if any(self.state.side(u) != side for u in self.state.at(dest)):
            return Illegal("PTR 20.2A", f"{hq} is displaced into {where}, a hex enemy units hold")
        if kinds is not None and not kinds & HQ_TERRAIN:
            return Illegal("PTR 20.2A", f"{hq} is displaced to {where}, not a town, city or industrial hex")
        entry = self.hq_may_enter(hq, dest)
        if isinstance(entry, Illegal):
            return entry
        case = self.penalize(hq, dest)
        if kinds is None or isinstance(entry, Unknown) or isinstance(case, Unknown):
            needs = [f"terrain of hex {where} (unsurveyed: a town, city or industrial hex?)"] if kinds is None else []
            needs += [v.needs for v in (entry, case) if isinstance(v, Unknown)]
            return NotCheckable("; ".join(needs))
        return Legal(detail=f"{hq} displaced ({why}) to {where}: case 20.2{case}")

    @rule("PTR 20.0C6", "PTR19-3", "an HQ never enters a hex in an enemy ZOC unless a friendly combat unit is "
          "already there")
    def hq_may_enter(self, hq: str, dest: Hex) -> Illegal | Unknown | None:
        side = self.state.side(hq)
        if any(self.state.side(u) == side and not self.data.is_hq(u) for u in self.state.at(dest)):
            return None
        p = paths(self.data, self.state)
        z = p.ezoc(dest, side)
        if z is None:
            return Unknown("; ".join(sorted(p.needs)) or f"whether {self.game.map.label(dest)} is in an enemy ZOC")
        if z:
            return Illegal("PTR 20.0C6", f"{hq} enters {self.game.map.label(dest)}, in an enemy ZOC, where no "
                           "friendly combat unit stands")
        return None

    @rule("PTR 20.2B-D / 11.4.2D", "PTR19-6/PTR11-14", "a displacement (or an illegal Relocation) costs the FAM one "
          "box (in CR, free path), two (out of CR, free path) or all (no path), never below the 0-box")
    def penalize(self, hq: str, dest: Hex) -> str | Unknown:
        """The 20.2 case of ``hq`` going to ``dest`` from where it stands ("B", "C", "D"), its FAM penalty recorded
        (``PtrMemory.displaced``: the box the FAM marker must go to)."""
        fid = self.data.formation_of(hq)
        p = paths(self.data, self.state)
        mobility = "motorized" if self.game.units[hq].mobility == "motorized" else "leg"
        side = self.state.side(hq)
        free = p.through(dest, side)
        path = traceable(p, hq, mobility).get(dest, (False, 0))[0]
        cr = command_range(p, hq, mobility).get(dest, (False, 0))[0]
        path_ok = None if None in (free, path) else bool(free and path)
        in_cr = None if None in (free, cr) else bool(free and cr)
        case: str | Unknown
        if path_ok is False:
            case = "D"
        elif path_ok and in_cr is not None:
            case = "B" if in_cr else "C"
        else:
            case = Unknown("; ".join(sorted(p.needs)) or f"the command range and paths of {hq}")
        if isinstance(case, str):
            self.lose_asp(hq, case)  # 20.2B1-D1
        if fid is None:
            return case
        self.reserve_ends(fid)  # 22.8.1B2
        fam = self.mem.fam.get(fid, Unknown(f"the FAM box of formation {fid}"))
        box: int | Unknown = case if isinstance(case, Unknown) else fam if isinstance(fam, Unknown) else \
            max(0, fam - {"B": 1, "C": 2, "D": fam}[case])
        rule_of = "PTR 20.2" + (case if isinstance(case, str) else "") + "2"
        self.set(fam=frozen_map(dict(self.mem.fam, **{fid: box})),
                 displaced=frozen_map(dict(self.mem.displaced, **{fid: (rule_of, box)})))
        return case

    def displaced_fam(self, j: Judged) -> bool:
        """A FAM marker move that pays a displacement penalty (True: judged here)."""
        e = j.event
        mk = self.ch.marker(getattr(getattr(e, "piece", None), "name", "") or "") if isinstance(e, Move) else None
        if mk is None or mk.track != FAT or mk.formation not in self.mem.displaced:
            return False
        got = self.ch.box(e.to.board, e.to.label) if e.to is not None else None
        if got is None or not got[1].lstrip("-").isdigit():
            return False
        rule_of, want = self.mem.displaced[mk.formation]
        self.set(displaced=frozen_map({k: v for k, v in self.mem.displaced.items() if k != mk.formation}))
        box = int(got[1])
        if isinstance(want, Unknown):
            self.set(fam=frozen_map(dict(self.mem.fam, **{mk.formation: box})))
            self.say(j.index, NotCheckable(want.needs))
        elif box == want:
            self.say(j.index, Legal(detail=f"{mk.formation}'s FAM pays the HQ displacement: box {box}"))
        else:
            self.say(j.index, Illegal(rule_of, f"{mk.formation}'s FAM goes to box {box}; its HQ's displacement puts "
                                      f"it in box {want}"))
        return True

    # -- two HQs in a hex (PtR 14.2A) --------------------------------------------------------------

    def hq_arrived(self, hq: str, label: str | None) -> None:
        """After an HQ's Relocation or displacement: a hex with two HQs must shed all but one at once."""
        dest = self.game.map.index.get(label) if label else None
        if dest is not None and any(self.data.is_hq(u) and u != hq for u in self.state.at(dest)):
            self.set(hq_crowd=dest)

    @rule("PTR 14.2A", "PTR14-6", "of two HQs in one hex one stays; the others are displaced at once (per 20.2), "
          "combat units unaffected")
    def watch_hq_crowd(self, j: Judged) -> bool:
        """The event after two HQs came to share a hex: one of them is displaced (True: judged here), else the
        overstack was not corrected."""
        h = self.mem.hq_crowd
        if h is None:
            return False
        self.set(hq_crowd=None)
        if self.hqs_at(h) <= 1:
            return False
        for hq in sorted(u for u in self.state.at(h) if self.data.is_hq(u)):
            self.lose_asp(hq, "overstack")  # 14.2A: each HQ there loses one
        e, uid = j.event, self.unit(j.event)
        if isinstance(e, Move) and uid is not None and self.data.is_hq(uid) and self.state.where(uid) == h:
            self.say(j.index, self.displace(uid, e.to_hex, "PTR 14.2A"))
            return True
        self.say(j.index, Illegal("PTR 14.2A", f"two HQs share hex {self.game.map.label(h)}: all but one are "
                                  "displaced at once, before play goes on"))
        return False

    def hqs_at(self, h: Hex) -> int:
        return sum(1 for u in self.state.at(h) if self.data.is_hq(u))

    # -- combat units pushed out of a hex (PtR 14.2B-D, 10.2.4B) ------------------------------------

    def interrupted(self, h: Hex, side: str) -> None:
        """PtR 10.2.4B: a successful reaction stopped the mover in ``h``; if the hex is overstacked, its extra
        units go to the nearest vacant hex."""
        if isinstance(self.overstack(h, side), Illegal):
            self.set(crowded=(h, side, "nearest"))

    @rule("PTR 14.2B-D / 10.2.4B", "PTR14-8/PTR10-19", "overstacked units are displaced one at a time: into adjacent "
          "hexes, a fully stacked one only if no other will do, never into enemy combat units (14.2B-D); after an "
          "interrupted Action, to the nearest vacant hex, never jumping enemy units (10.2.4B)")
    def watch_crowded(self, j: Judged) -> bool:
        """A move out of the crowded hex while it is still overstacked (True: judged here)."""
        c = self.mem.crowded
        if c is None:
            return False
        h, side, mode = c
        if not isinstance(self.overstack(h, side), Illegal):
            self.set(crowded=None)
            return False
        e, uid = j.event, self.unit(j.event)
        if not isinstance(e, Move) or uid is None or self.state.where(uid) != h or self.state.side(uid) != side:
            return False
        to = self.game.map.index.get(e.to_hex) if e.to_hex else None
        v = self.pushed(uid, h, to, mode)
        self.say(j.index, v)
        if not isinstance(v, Illegal) and to is not None and isinstance(self.overstack(to, side, uid), Illegal):
            self.set(crowded=(to, side, "adjacent"),  # 14.2C: the same results there
                     owed=frozenset(u for u in self.state.at(to) + (uid,) if self.state.side(u) == side
                                    and not self.data.is_hq(u) and u not in self.state.reduced))
        return True

    def pushed(self, uid: str, h: Hex, to: Hex | None, mode: str) -> Verdict:
        side = self.state.side(uid)
        if to is None:
            return Illegal("PTR 14.2B", f"{uid} is displaced off the map")
        where = self.game.map.label(to)
        if any(self.state.side(u) != side and not self.data.is_hq(u) for u in self.state.at(to)):
            return Illegal("PTR 14.2D", f"{uid} is displaced into {where}, held by enemy combat units: a unit that "
                           "cannot be displaced is eliminated")
        if mode == "nearest":
            return self.nearest_vacant(uid, h, to)
        if h.distance(to) != 1:
            return Illegal("PTR 14.2B", f"{uid} is displaced from {self.game.map.label(h)} to {where}: into an "
                           "adjacent hex")
        if isinstance(self.overstack(to, side, uid), Illegal):
            free = [n for n in h.neighbours() if n in self.game.map and n != to and self.takes(n, uid)]
            if free:
                return Illegal("PTR 14.2B", f"{uid} is displaced into the fully stacked {where} while "
                               f"{self.game.map.label(free[0])} could take it")
        return Legal(detail=f"{uid} displaced from the overstacked {self.game.map.label(h)} to {where} (14.2B)")

    def takes(self, n: Hex, uid: str) -> bool:
        """Whether ``n`` could take the displaced ``uid``: no enemy unit, not prohibited, not left overstacked."""
        side = self.state.side(uid)
        if any(self.state.side(u) != side for u in self.state.at(n)) or self.prohibited(n, uid) is not False:
            return False
        return self.overstack(n, side, uid) is None

    def prohibited(self, n: Hex, uid: str) -> bool | None:
        """Whether the TEC prohibits ``n`` to ``uid`` (``None``: not known)."""
        kinds = self.game.map.terrain.of(n)
        if kinds is None or "tec" not in self.game.tables:
            return None
        col = "movement_motorized" if self.game.units[uid].mobility == "motorized" else "movement_leg"
        types = self.game.map.terrain.types
        tec = Cells.of(self.game, "tec")
        cells = [tec.get(t, col) for t in sorted(kinds) if t not in types or types[t].kind == "hex"]
        if "prohibited" in cells:
            return True
        return False if all(isinstance(c, (int, float)) for c in cells) else None

    def nearest_vacant(self, uid: str, h: Hex, to: Hex) -> Verdict:
        """PtR 10.2.4B: ``to`` is a vacant hex no other vacant hex is nearer than, by steps that never pass
        through an enemy unit or prohibited terrain."""
        side = self.state.side(uid)
        dist, unsure, queue = {h: 0}, False, deque([h])
        while queue:
            a = queue.popleft()
            for n in a.neighbours():
                if n in dist or n not in self.game.map or any(self.state.side(u) != side for u in self.state.at(n)):
                    continue
                bad = self.prohibited(n, uid)
                unsure = unsure or bad is None
                if bad:
                    continue
                dist[n] = dist[a] + 1
                queue.append(n)
        vacant = [d for n, d in dist.items() if n != h and not self.state.at(n)]
        where = self.game.map.label(to)
        if to not in dist or self.state.at(to):
            return Illegal("PTR 10.2.4B", f"{uid} is displaced to {where}: not a vacant hex it can reach without "
                           "jumping enemy units")
        if vacant and dist[to] > min(vacant):
            return Illegal("PTR 10.2.4B", f"{uid} is displaced {dist[to]} hexes to {where}; a vacant hex "
                           f"{min(vacant)} away is nearer")
        if unsure:
            return NotCheckable("the terrain round the interrupted Movement Action (prohibited hexes, TEC)")
        return Legal(detail=f"{uid} displaced to the nearest vacant hex, {where} (10.2.4B)")
