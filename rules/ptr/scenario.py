"""Scenario rules (PtR 21): the play area (21.1.4, 21.2.3, 21.3.3), the free set-up's radii and the sides of the
pillbox line (21.0D, 21.5.3-21.5.4), Reserve Mode on a scenario's first turn (22.8.4, optional rule 22.8) and the
sudden victories that end the game at once (21.2.4.3 / 21.4.4.5, 21.3.4.2). Everything a scenario says comes
from its ``[special_rules]`` and ``[[deployment]]`` (``play_area``, ``setup_line``, ``reserve_first_turn``,
``german_sudden_victory``, ``us_sudden_death``); optional rules are ``game.toml [special] optional_rules``. A
mixin of the PtR referee."""
from __future__ import annotations

from collections import deque

from hexforge.builder.timeline import ChatLine, Entered, Move, StepChange, TurnChange
from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.ptr.declaration import parse
from hexforge.rules.ptr.supply import supply
from hexforge.rules.ptr.command import paths
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.state import phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

RESERVE_LAYER = "reserve"  # the FAMs' Reserve layer id (docs/log-channel.md), optional rule 22.8


class ScenarioMixin:
    """Scenario special rules; see the module docstring."""

    def optional(self, key: str) -> bool:
        """An optional rule's setting (PtR 22): ``[special] optional_rules`` ``key``; off unless set true."""
        return plain((plain(self.data.special.get("optional_rules")) or {}).get(key)) is True

    def hexes_of(self, specs) -> set[Hex]:
        """The hexes a list of labels and ``a..b`` ranges names (those on the map)."""
        out: set[Hex] = set()
        for s in specs if isinstance(specs, list) else []:
            try:
                out |= set(self.game.map.hexes(s))
            except (ValueError, KeyError, LookupError):
                continue
        return out

    # -- the play area (21.1.4, 21.2.3, 21.3.3) ---------------------------------------------------

    @rule("PTR 21.1.4 / 21.2.3 / 21.3.3", "PTR21-2", "units stay in the scenario's play area")
    def outside_area(self, h: Hex) -> str | None:
        """The play area's description when ``h`` is outside it (``play_area``: two corner hexes ``from``/``to``
        of a box of printed numbers), else ``None``. Reading: a "line" bounding an area is outside it."""
        area = self.special("play_area")
        if not isinstance(area, dict) or "from" not in area or "to" not in area:
            return None
        m = self.game.map
        a, b, x = m.numbers(area["from"]), m.numbers(area["to"]), m.numbers(m.label(h))
        if a is None or b is None or x is None:
            return None
        inside = all(min(a[i], b[i]) <= x[i] <= max(a[i], b[i]) for i in (1, 2))
        return None if inside else f"{area['from']}-{area['to']}"

    def watch_area(self, j: Judged) -> None:
        e, uid = j.event, self.unit(j.event)
        label = e.to_hex if isinstance(e, Move) else e.hex if isinstance(e, Entered) else None
        h = self.hex(label) if uid is not None else None
        box = self.outside_area(h) if h is not None else None
        if box is not None:
            self.say(j.index, Illegal("PTR 21.1.4", f"{uid} goes to {label}, outside the scenario's play area "
                                      f"({box})"))

    # -- the set-up (21.0D, 21.5.3-21.5.4, 22.8.4) ------------------------------------------------

    def setup_is_start(self) -> NotCheckable | None:
        first = self.first_turn()
        turns = [phase_of(self.game, j.event)[0] for j in self.judged if isinstance(j.event, TurnChange)]
        if isinstance(first, Unknown) or not turns or turns[0] != first:
            return NotCheckable("a set-up at the scenario's start, for its deployment rules (21.0D, 21.1.4, 21.5.3-4, "
                                "22.8.4): the log's first turn tracker phase is not the scenario's first turn")
        return None

    def scenario_setup(self) -> list[Verdict]:
        """The set-up's verdicts under the scenario's rules (only when the log begins at the scenario's start)."""
        if self.rules.scenario not in self.game.scenarios:
            return []
        sc = self.game.scenarios[self.rules.scenario]
        death = self.special("us_sudden_death")
        river = [] if not isinstance(death, dict) or self.hexes_of(death.get("adjacent_to")) else [NotCheckable(
            "the Roer River hexes (scenario [special_rules] us_sudden_death adjacent_to): the US Sudden Death "
            "victory (21.3.4.2) is not followed")]
        if not (sc.deployment or self.special("setup_line") or self.special("play_area")
                or self.special("reserve_first_turn")):
            return river
        late = self.setup_is_start()
        if late is not None:
            return river + [late]
        at = {p.piece.unit: self.hex(p.hex) for p in self.t.setup if p.piece.unit in self.game.units and p.hex}
        out = self.setup_radii(sc, at) + self.setup_sides(at) + self.setup_reserve()
        out += [Illegal("PTR 21.1.4", f"{u} sets up in {self.game.map.label(h)}, outside the play area ({box})")
                for u, h in sorted(at.items()) if h is not None and (box := self.outside_area(h))]
        return river + (out or [Legal(detail="the set-up keeps the scenario's deployment rules")])

    @rule("PTR 21.0D / 21.5.3B / 21.5.4B", "PTR21-9", "a 'w/i N' set-up puts each unit within N hexes of the named "
          "hex (hex distance, inclusive)")
    def setup_radii(self, sc, at: dict[str, Hex | None]) -> list[Verdict]:
        out: list[Verdict] = []
        for d in sc.deployment or []:
            centres = self.hexes_of((d.within or {}).get("of"))
            n = (d.within or {}).get("hexes")
            if not centres or not isinstance(n, int):
                continue
            for u in d.units:
                h = at.get(u)
                if h is not None and min(h.distance(c) for c in centres) > n:
                    out.append(Illegal("PTR 21.0D", f"{u} sets up in {self.game.map.label(h)}, more than {n} hexes "
                                       f"from {', '.join(sorted(self.game.map.label(c) for c in centres))}"))
        return out

    @rule("PTR 21.5.3A / 21.5.4A", "PTR21-8", "no German unit sets up south or southwest of the pillbox line; no US "
          "unit on, next to, or north or northwest of it")
    def setup_sides(self, at: dict[str, Hex | None]) -> list[Verdict]:
        """``setup_line``: the line's ``hexes``; ``parts``, side -> a hex of that side's part of the map (the parts
        are what the line cuts the map into); ``may_stand_on``: the sides that may set up on the line;
        ``not_next_to``: the sides that may not set up next to it."""
        spec = self.special("setup_line")
        if not isinstance(spec, dict):
            return []
        line = self.hexes_of(spec.get("hexes"))
        if not line:
            return [NotCheckable("the pillbox-line hexes (scenario [special_rules] setup_line hexes, 21.5.3A)")]
        out: list[Verdict] = []
        for side, ref in sorted((spec.get("parts") or {}).items()):
            part = self.part_of(ref, line)
            on_ok, near_ok = side in (spec.get("may_stand_on") or []), side not in (spec.get("not_next_to") or [])
            for u, h in sorted(at.items()):
                if h is None or self.game.units[u].side != side:
                    continue
                if (h in line and not on_ok) or (h not in line and h not in part) or (
                        not near_ok and any(n in line for n in h.neighbours())):
                    out.append(Illegal("PTR 21.5.3A / 21.5.4A", f"{u} sets up in {self.game.map.label(h)}, on the "
                                       "wrong side of the line (or on or next to it)"))
        return out

    def part_of(self, ref: str | None, line: set[Hex]) -> set[Hex]:
        """The hexes joined to ``ref`` without crossing ``line``."""
        start = self.game.map.index.get(ref or "")
        seen, todo = ({start} if start is not None else set()), deque([start] if start is not None else [])
        while todo:
            for n in todo.popleft().neighbours():
                if n in self.game.map and n not in line and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    @rule("PTR 22.8.4", "PTR21-10", "no Reserve Mode on a scenario's Turn 1, except the formations that must start "
          "in it (the 116th in S2 and S4); optional rule 22.8")
    def setup_reserve(self) -> list[Verdict]:
        spec = self.special("reserve_first_turn")
        if not isinstance(spec, dict) or not self.optional("reserve_mode"):
            return []
        out: list[Verdict] = []
        for p in self.t.setup:
            mk = self.ch.marker(p.piece.name)
            if mk is None or mk.formation not in self.data.formations:
                continue
            level = next((self.ch.level(t, v) for t, v in p.layers.items()
                          if (lay := self.ch.layer(t)) is not None and lay.id == RESERVE_LAYER), 0)
            must = mk.formation in (spec.get("must") or [])
            if must != bool(level):
                out.append(Illegal("PTR 22.8.4", f"{mk.formation} starts {'in' if level else 'out of'} Reserve Mode: "
                                   f"{'it must start in it' if must else 'no formation enters it on Turn 1'}"))
        return out

    def reserve_first_turn(self, e: StepChange, formation: str | None) -> Verdict | None:
        """A FAM turned to In Reserve on the scenario's first turn (22.8.4)."""
        spec = self.special("reserve_first_turn")
        lay = self.ch.layer(e.trait)
        if not isinstance(spec, dict) or not self.optional("reserve_mode") or lay is None or lay.id != RESERVE_LAYER:
            return None
        if self.ch.level(e.trait, e.new) and self.state.turn == self.first_turn() \
                and formation not in (spec.get("must") or []):
            return Illegal("PTR 22.8.4", f"{formation} enters Reserve Mode on the scenario's first turn")
        return None

    # -- sudden victories (21.2.4.3, 21.4.4.5, 21.3.4.2) ------------------------------------------

    def watch_ended(self, j: Judged) -> bool:
        """After a sudden victory every further play is illegal (True: the event is judged)."""
        if self.mem.ended is None:
            return False
        e = j.event
        if isinstance(e, ChatLine) and parse(e.text) is None:
            return False
        self.say(j.index, Illegal(self.mem.ended[0], f"the game ended: {self.mem.ended[1]}"))
        return True

    @rule("PTR 21.2.4.3 / 21.4.4.5 / 21.3.4.2", "PTR21-3/PTR21-4", "a German in-Command combat unit on the southern "
          "edge 1000-1015 wins at once; a US unit next to a Roer hex with a clear line to a supply source wins at "
          "once; the game then ends")
    def watch_victory(self, j: Judged) -> None:
        e, uid = j.event, self.unit(j.event)
        h = self.state.where(uid) if uid is not None and isinstance(e, (Move, Entered)) else None
        if h is None or self.data.is_hq(uid):
            return
        side = self.state.side(uid)
        won = self.german_victory(uid, h) if side != self.data.us_side else self.us_victory(uid, h)
        if isinstance(won, NotCheckable):
            self.say(j.index, won)
        elif won is not None:
            self.set(ended=won)
            self.say(j.index, Legal(detail=f"{won[1]} ({won[0]})"))

    def german_victory(self, uid: str, h: Hex) -> tuple[str, str] | NotCheckable | None:
        spec = self.special("german_sudden_victory")
        if not isinstance(spec, dict) or h not in self.hexes_of(spec.get("hexes")):
            return None
        fid = self.formation_now(uid)
        cr = self.in_cr_of(uid, fid) if fid else Unknown(f"the formation of {uid}")
        if isinstance(cr, Unknown):
            return NotCheckable(f"whether {uid} is in Command on the edge (21.2.4.3): {cr.needs}")
        return ("PTR 21.2.4.3", f"{uid} reaches {self.game.map.label(h)} in Command: German automatic victory") \
            if cr else None

    def us_victory(self, uid: str, h: Hex) -> tuple[str, str] | NotCheckable | None:
        spec = self.special("us_sudden_death")
        if not isinstance(spec, dict):
            return None
        river = self.hexes_of(spec.get("adjacent_to"))
        if not any(n in river for n in h.neighbours()):  # no river hexes known: said once, with the set-up
            return None
        line = supply(paths(self.data, self.state), self.state.side(uid), self.state.turn).hexes.get(h, False)
        if line is None:
            return NotCheckable(f"whether {uid} has a line to a supply source free of enemy units and EZOCs "
                                "(21.3.4.1B): the ZOC Chart and map terrain")
        return ("PTR 21.3.4.2", f"{uid} is next to the Roer with a line to a supply source: US Sudden Death "
                "victory") if line else None
