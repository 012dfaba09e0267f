"""Reinforcements (PtR 5.2.5, 8.0-8.1, 21.0G, 21.5.6-21.5.8): placed only from Turn 2 and only in the
Reinforcement Phase, the Germans before the US, never adjacent to an enemy unit nor overstacked, in CR of the
parent HQ and in supply, an independent assigned first; where the scenario's schedule names entry hexes, on (or,
``[special_rules] entry_adjacent``, next to) one of them; units the scenario places beside their formation
(``entry_beside_formation``) next to or with one of its units; an arriving formation's FAM at its arrival box
(``fam_on_arrival``), else its maximum. A mixin of the PtR referee."""
from __future__ import annotations

from hexforge.games.values import plain
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.command import hq_supplied
from hexforge.rules.ptr.memory import frozen_map
from hexforge.rules.ptr.command import brief
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

REINFORCEMENT_PHASE = "reinforcement"  # the sequence's phase id (PtR 5.1E)
FIRST_TURN = 2  # PtR 8.0A: 'Beginning with Turn 2'


class ArrivalMixin:
    """Reinforcement placement; see the module docstring."""

    @rule("PTR 8.0-8.1A / 5.2.5A", "PTR5-7/PTR6-14/PTR6-15",
          "reinforcements only from Turn 2 and only in the Reinforcement Phase, the Germans before the US; an "
          "entry hex not adjacent to an enemy unit and not overstacked")
    def on_enter(self, j: Judged, uid: str) -> None:
        e = j.event
        h = self.game.map.index.get(e.hex) if e.hex else None
        if h is None:
            self.say(j.index, NotCheckable(f"where {uid} enters ({e.hex or 'off the map'} is not a map hex)"))
            return
        v = self.entry_verdict(uid, h)
        if not isinstance(v, Illegal):
            edge = self.beside(uid, h)  # an isolated formation's edge entry is no 8.1A2-3 entry (21.5.6)
            v = self.returning(uid) or self.unassigned_entry(uid) or self.entry_area(uid, h) or (
                edge if edge is not None else self.entry_supply(uid, h, self.state.apply(e, self.game))) or v
        if not isinstance(v, Illegal):
            self.expect_fam(uid)
        self.say(j.index, v)

    def entry_verdict(self, uid: str, h) -> Verdict:
        side, turn = self.state.side(uid), self.state.turn
        if self.phase_id() != REINFORCEMENT_PHASE:
            return Illegal("PTR 5.2.5A", f"{uid} enters outside the Reinforcement Phase")
        if turn is not None and turn < FIRST_TURN:
            return Illegal("PTR 8.0A", f"{uid} enters on turn {turn}: reinforcements begin with Turn 2")
        placed = self.mem.placed
        us = self.data.us_side
        if not isinstance(us, Unknown) and side != us and us in placed:
            return Illegal("PTR 8.0D", f"{uid} enters after US reinforcements: the Germans place theirs first")
        self.set(placed=placed | {side})
        near = sorted(u for n in h.neighbours() for u in self.state.at(n) if self.state.side(u) != side)
        if near:
            return Illegal("PTR 8.1A1", f"{uid} enters {self.game.map.label(h)}, next to enemy {', '.join(near)}")
        over = self.overstack(h, side, extra=uid)
        if isinstance(over, Illegal):
            return Illegal("PTR 8.1A4", over.reason.replace("at the end of the Movement Action", "as it enters"))
        if over is not None:
            return over
        if isinstance(us, Unknown):
            return NotCheckable(us.needs + ": the Germans place their reinforcements before the US (8.0D)")
        return Legal(detail=f"{uid} enters {self.game.map.label(h)}")

    def special(self, key: str):
        """A ``[special_rules]`` value of the scenario played (``None``: none, or the scenario is not known)."""
        sc = self.game.scenarios.get(self.rules.scenario) if self.rules.scenario else None
        return plain((sc.special_rules or {}).get(key)) if sc is not None else None

    @rule("PTR 8.1A2-3", "PTR6-16", "a reinforcement enters in CR of its parent HQ and in supply")
    def entry_supply(self, uid: str, h, after: GameState) -> Verdict | None:
        """Reading: an HQ entering is its own parent; 8.0E places a side's reinforcements at once, so a unit whose
        HQ is not on the map yet is not checkable (place the HQ first)."""
        fid = self.formation_now(uid)
        if fid is None:
            return None  # an independent unassigned: unassigned_entry says so
        cr = True if self.data.is_hq(uid) else self.in_cr_of(uid, fid, after)
        sup = hq_supplied(self.data, after, fid)
        if cr is False:
            return Illegal("PTR 8.1A2", f"{uid} enters {self.game.map.label(h)}, out of its HQ's command range")
        if sup is False:
            return Illegal("PTR 8.1A3", f"{uid} enters {self.game.map.label(h)} out of supply (its HQ is out of supply)")
        needs = [brief(tuple(v.needs.split("; "))) for v in (cr, sup) if isinstance(v, Unknown)]
        return NotCheckable("; ".join(needs)) if needs else None

    @rule("PTR 21.5.6 B/D/F / 21.5.8 A/B", "PTR6-17", "a reinforcement with named entry hexes enters on (or next "
          "to) one of them")
    def entry_area(self, uid: str, h) -> Verdict | None:
        rows = self.schedule("reinforcements")
        if isinstance(rows, Unknown):
            return None
        pillbox = self.pillbox_entry(uid, h)
        if pillbox is not False:
            return pillbox  # 21.5.8 C-D: pillbox hexes, or the few named hexes
        hexes = set()
        for r in rows:
            entry = plain(r.entry) if r.entry is not None else None
            if r.units != "unknown" and uid in r.units and isinstance(entry, list):
                hexes |= {self.game.map.index[x] for x in entry if x in self.game.map.index}
        if not hexes:
            return None
        near = self.special("entry_adjacent") is True
        ok = h in hexes or (near and any(n in hexes for n in h.neighbours()))
        names = ", ".join(sorted(self.game.map.label(x) for x in hexes))
        return None if ok else Illegal("PTR 21.5.6", f"{uid} enters {self.game.map.label(h)}: its schedule places it "
                                       f"{'on or next to' if near else 'on'} {names}")

    @rule("PTR 21.5.8 C-D", "PTR6-18", "a reinforcement the scenario places on the pillbox line enters on a pillbox "
          "hex of it, or on one of the hexes named beside it")
    def pillbox_entry(self, uid: str, h) -> Verdict | None | bool:
        """``entry_pillbox``: rows of ``units``, the pillbox ``line`` hexes (or "unknown") and the ``on`` hexes
        also allowed. ``False`` when no row names the unit (the schedule's entry hexes then apply)."""
        rows = self.special("entry_pillbox")
        row = next((r for r in rows if uid in r.get("units", [])), None) if isinstance(rows, list) else None
        if row is None:
            return False
        on = {self.game.map.index[x] for x in row.get("on", []) if x in self.game.map.index}
        line = row.get("line")
        if h in on:
            return None
        if not isinstance(line, list):
            return NotCheckable(f"the Westwall pillbox hexes where {uid} may enter (scenario [special_rules] "
                                "entry_pillbox line, 21.5.8 C-D)")
        hexes = {x for spec in line for x in self.game.map.hexes(spec)} if line else set()
        return None if h in hexes else Illegal("PTR 21.5.8", f"{uid} enters {self.game.map.label(h)}: its schedule "
                                               "places it on a pillbox hex of the line (or the hexes named)")

    @rule("PTR 21.5.6 A/C/E/G / 21.5.8 E", "PTR6-18", "a reinforcement the scenario places by its formation enters "
          "next to or stacked with a unit of that formation (the HQ's CR: 8.1A2), or, its formation isolated, on a "
          "hex of the named map edge the US controls")
    def beside(self, uid: str, h) -> Verdict | None:
        """``entry_beside_formation``: unit -> the map edge (terrain.toml edge id, or "") of its isolated-formation
        alternative. ``None`` when it does not apply or a unit of the formation is next to it."""
        listed = self.special("entry_beside_formation")
        if not isinstance(listed, dict) or uid not in listed:
            return None
        fid = self.formation_now(uid)
        mates = [u for x in [h, *h.neighbours()] for u in self.state.at(x) if u != uid and self.formation_now(u) == fid]
        if mates:
            return None
        alone = self.edge_entry(uid, h, fid, listed[uid]) if listed[uid] and fid else None
        return alone or Illegal("PTR 21.5.6", f"{uid} enters {self.game.map.label(h)}, neither next to nor stacked "
                                f"with a unit of its formation ({fid})")

    def edge_entry(self, uid: str, h, fid: str, edge: str) -> Verdict | None:
        """21.5.6 A/E/G: "if the formation is isolated", a hex of ``edge`` its side controls (3.5). Reading: a
        formation is isolated when its HQ is out of supply (17.3). ``None``: the formation is not isolated."""
        cut = hq_supplied(self.data, self.state, fid)
        if cut is True:
            return None
        hexes = self.game.map.terrain.edges.get(edge)
        owner = self.control_of(h)
        needs = [x.needs for x in (cut, owner) if isinstance(x, Unknown)] + (
            [f"the hexes of map edge {edge} (terrain.toml edges)"] if hexes is None else [])
        if needs:
            return NotCheckable("; ".join(brief(tuple(n.split("; "))) for n in needs))
        side = self.state.side(uid)
        if h not in hexes or side not in owner:
            return Illegal("PTR 21.5.6", f"{uid} enters {self.game.map.label(h)}: its formation isolated, it enters a "
                           f"hex of the {edge} edge its side controls")
        return Legal(detail=f"{uid} enters {self.game.map.label(h)}, an edge hex its side controls: its formation "
                     "is isolated (21.5.6)")

    @rule("PTR 21.0G / 21.5.5 *", "PTR6-19", "an entire formation arriving places its FAM at the scenario's arrival "
          "box, else at its Maximum Activation Level")
    def expect_fam(self, uid: str) -> None:
        """An HQ entering brings its formation: its FAM's next placement is judged (``arriving_fam``)."""
        fid = self.data.formation_of(uid)
        if not self.data.is_hq(uid) or fid is None:
            return
        box = (self.special("fam_on_arrival") or {}).get(fid)
        box = plain(box) if box is not None else self.data.formations[fid].fam_max
        if not isinstance(box, (int, Unknown)):
            box = Unknown(f"the FAM box of {fid} on arrival (scenario [special_rules] fam_on_arrival)")
        self.set(arriving=frozen_map({**self.mem.arriving, fid: box}))

    def arriving_fam(self, fid: str, box: int) -> Verdict | None:
        """The placement of an arriving formation's FAM (``None``: no formation of it is arriving)."""
        if fid not in self.mem.arriving:
            return None
        want = self.mem.arriving[fid]
        self.set(arriving=frozen_map({f: b for f, b in self.mem.arriving.items() if f != fid}),
                 fam=frozen_map({**self.mem.fam, fid: box}))
        if isinstance(want, Unknown):
            return NotCheckable(want.needs)
        return Legal(detail=f"{fid} arrives with its FAM in box {box}") if box == want else Illegal(
            "PTR 21.0G", f"{fid} arrives with its FAM in box {box}: it goes in box {want}")
