"""Arnhem: The Farthest Bridge exclusive rules (ARN 10.0-12.0) over the F&M system."""
from __future__ import annotations

from hexforge.games.schema import ScenarioFile
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.overlay import Overlay
from hexforge.rules.fm.arnhem.actions import DEMOLISH, LAND, REPAIR, declare_demolition, declare_landing, declare_repair
from hexforge.rules.fm.arnhem.engineer import judge_return
from hexforge.rules.fm.arnhem.ferry import FERRY, cancel_occupied_ferries, declare_ferry, ferry_active
from hexforge.rules.fm.arnhem.setup import judge_free_deployment
from hexforge.rules.fm.setup import Start
from hexforge.rules.fm.arnhem.sfm import AIRPOWER, declare_airpower, sfm_reductions, table_reductions
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict
from hexforge.maps.terrain import Unknown
from hexforge.games.values import plain
from hexforge.rules.fm.arnhem.supply import BlockedBy, line_overlay, road_hexes
from hexforge.rules.fm.sfm import Mark
from hexforge.rules.core.movement import BRIDGES, Cost, hex_cost, label, rate, terrain_cost, thoroughfare_rate
from hexforge.rules.registry import rule
from hexforge.rules.fm.system import Blocked, FireAndMovement
from hexforge.rules.fm.memory import crossing
from hexforge.rules.state import GameState
from hexforge.rules.fm.victory import ArnhemVictory

WATER = ("river", "canal")


SUPPORTS = {"british": ("British", "Polish"), "us": ("US",)}  # ARN 10.7.1 (L439-L440)


class Arnhem(FireAndMovement):
    """Marsh (10.5), rivers and canals (10.6), canal trail crossings (10.6.1), RR bridges and ferries (10.6.2),
    bridge demolition and repair (10.6.3-4), the engineer ferry (10.6.5), airpower (10.7), airborne landings
    (11.4)."""

    game_length_rule = "ARN 11.0"
    first_player_rule = "ARN 10.4"
    overlays = ("reach", "lines")
    arrival_rule = "ARN 11.1"
    edge_shift = True  # ARN 11.1 (L474)
    returns_rule = "only the Allied engineer returns to play (ARN 10.6.6)"


    def judge_free_deployment(self, sc: ScenarioFile, start: Start) -> list[Verdict]:
        """ARN 12.0: the limits of a free-deployment scenario (Scenario 2)."""
        return judge_free_deployment(self, sc, start)

    def lines_overlay(self, state: GameState, *, blocked_by: BlockedBy = "enemy-units",
                      targets: frozenset[Hex] | None = None) -> Overlay:
        """ARN 10.7.2(c): British non-airborne units' lines of hexes to the south edge road hex."""
        return line_overlay(self, state, blocked_by, targets)
    def lands_by_air(self, uid: str) -> bool:
        """ARN 11.4: a unit whose arrival, in any scenario, is a drop zone marker lands by air."""
        for sc in self.game.scenarios.values():
            markers = plain((sc.special_rules or {}).get("drop_zone_markers"))
            for r in sc.reinforcements:
                entry = plain(r.entry)
                if (isinstance(r.units, list) and uid in r.units and isinstance(entry, list) and len(entry) == 1
                        and isinstance(markers, dict) and entry[0] in markers.values()):
                    return True
        return False

    @rule("ARN 11.1", "REI-4", "a unit arriving where a road or trail leaves the map may pay the road/trail rate")
    def arrival_cost(self, state: GameState, uid: str, h: Hex, mobility: str) -> Cost:
        """ARN 11.1 (L479): the arrival hex's cost, or the road/trail rate where a road or trail exits the map
        there. The data knows only the south map edge road hex(es) as such exits (ARN 10.6.6, 10.7.2)."""
        if h in (road_hexes(self.game) or ()):
            return rate(self, "road", mobility)
        if any(self.terrain.connections(h, n) & {"road", "trail", "secondary-road"} for n in h.neighbours()):
            return Unknown(f"whether the road or trail in {label(self, h)} leaves the map there (map data; "
                           "ARN 11.1 road/trail arrival rate)")
        return super().arrival_cost(state, uid, h, mobility)

    def after_event(self, state: GameState) -> GameState:
        return cancel_occupied_ferries(self, state)  # ARN 10.6.5: German occupation cancels a ferry for good

    def _kinds(self, a: Hex, b: Hex) -> set[str]:
        return {f.kind for f in self.terrain.features(a, b)}

    def unbridged_water(self, a: Hex, b: Hex) -> bool:
        k = self._kinds(a, b)
        return bool(k & set(WATER)) and not (k & set(BRIDGES))

    def on_road_or_trail(self, a: Hex, b: Hex) -> bool:
        return bool(self.terrain.connections(a, b) & {"road", "trail", "secondary-road"})

    def crossing(self, state: GameState, uid: str, a: Hex, b: Hex) -> frozenset[str]:
        """ARN 10.6.3: a demolished bridge leaves the river or canal hexside unbridged."""
        kinds = super().crossing(state, uid, a, b)
        return kinds - set(BRIDGES) if self.demolished(state, a, b) else kinds

    def demolished(self, state: GameState, a: Hex, b: Hex) -> bool:
        """ARN 10.6.3: a demolished, unrepaired bridge is an unbridged river/canal hexside."""
        c = crossing(state, Hexside.between(a, b)) if a.distance(b) == 1 else None
        return c is not None and c.bridge == "demolished"

    def prohibited_by(self, a: Hex, b: Hex, mobility: str) -> tuple[str, str] | None:
        """ARN 10.5 cites itself for a mobile unit off the road in marsh."""
        if self.marsh_blocks(a, b, mobility):
            return "ARN 10.5", "marsh: mobile units only along a road or trail"
        return None

    @rule("ARN 10.5", "ARN-1", "mobile units enter or leave marsh only along a road or trail")
    def marsh_blocks(self, a: Hex, b: Hex, mobility: str) -> bool:
        if mobility != "mobile":
            return False
        marsh = any("marsh" in (self.terrain.of(h) or ()) for h in (a, b))
        return marsh and not self.on_road_or_trail(a, b)

    @rule("ARN 10.6.1", "ARN-2", "the canal trail crossings cost the ferry MP plus one MP for the trail")
    def terrain_cost(self, state: GameState, uid: str, a: Hex, b: Hex, mobility: str) -> Cost:
        if not self.on_map(b):
            return None
        if self.marsh_blocks(a, b, mobility):
            return None
        if "trail_crossing" in self._kinds(a, b):  # the map's canal crossings at trail ends
            ferry = self.tec_cell("ferry", f"movement_{mobility}")
            trail = self.tec_cell("trail", f"movement_{mobility}")
            for v in (ferry, trail):
                if isinstance(v, Unknown):
                    return v
            return float(ferry) + float(trail)
        ferried = ferry_active(self, state, uid, a, b)
        if isinstance(ferried, Unknown) and self.unbridged_water(a, b):
            return ferried
        if ferried is True:  # ARN 10.6.5: the ferried hexside is a bridge for movement
            rate = thoroughfare_rate(self, a, b, mobility)
            return hex_cost(self, b, mobility) if rate is False else rate
        kinds = self._kinds(a, b)
        if "railroad_bridge" in kinds or "ferry" in kinds:  # ARN 10.6.2: terrain cost of the hex entered
            h = hex_cost(self, b, mobility)
            if "ferry" in kinds and isinstance(h, float):
                f = self.tec_cell("ferry", f"movement_{mobility}")
                return f if isinstance(f, Unknown) else h + float(f)
            return h
        return terrain_cost(self, a, b, mobility)

    @rule("ARN 10.6.2", "ZOC-7", "a unit crossing a printed ferry hexside is treated as a leg unit for EZOC (F&M 6.1)")
    def ezoc_mobility(self, state: GameState, uid: str, a: Hex, b: Hex, mob: str | Unknown) -> str | Unknown:
        """ARN 10.6.2: 'Units using printed ferries are treated as Leg units for movement into and out of EZOC'."""
        return "leg" if "ferry" in self._kinds(a, b) else mob

    @rule("ARN 10.5 / 10.6", "RET-8", "no retreat across an unbridged river or canal hexside (10.6); mobile units not "
          "into marsh except along a road or trail (10.5)")
    def retreat_blocked(self, state: GameState, uid: str, a: Hex, b: Hex) -> Blocked | Unknown | None:
        ferried = ferry_active(self, state, uid, a, b)  # ARN 10.6.5: Allied units retreat across a ferry
        water = self.unbridged_water(a, b) or self.demolished(state, a, b)
        if water and isinstance(ferried, Unknown):
            return ferried
        if water and ferried is not True:
            return Blocked("ARN 10.6", f"across the unbridged river/canal hexside {label(self, a)}/{label(self, b)}")
        mob = self.mobility(uid)
        if isinstance(mob, str) and self.marsh_blocks(a, b, mob):
            return Blocked("ARN 10.5", f"into marsh at {label(self, b)} off a road or trail")
        return super().retreat_blocked(state, uid, a, b)

    @rule("ARN 10.5 / 10.6", "ADV-6", "no advance across an unbridged river or canal hexside (10.6); mobile units "
          "not into marsh except along a road or trail (10.5)")
    def advance_blocked(self, state: GameState, uid: str, a: Hex, b: Hex) -> tuple[str, str] | None:
        if self.unbridged_water(a, b) or self.demolished(state, a, b):
            return "ARN 10.6", (f"{uid} advanced across the unbridged river/canal hexside "
                                f"{label(self, a)}/{label(self, b)}")
        mob = self.mobility(uid)
        if isinstance(mob, str) and self.marsh_blocks(a, b, mob):
            return "ARN 10.5", f"{uid} advanced into marsh at {label(self, b)} off a road or trail"
        return None

    def sfm_pool_rows(self, side: str) -> list[str]:
        """ARN 10.7 (L424-L428): the Allied player draws from the British and US pools together."""
        return ["british", "us"] if side == self.first_side else [side]

    sfm_removal_rule = "ARN 10.7.2"

    def judge_return(self, checker, uid: str, h: Hex | None) -> Verdict | None:
        """ARN 10.6.6: the eliminated Allied engineer returns to play."""
        return judge_return(self, checker, uid, h)

    def sfm_removals(self, state: GameState | None) -> list[tuple[dict[str, list[int]], str | None]]:
        """ARN 10.7.2 (L442-L445): the reductions at the beginning of the Support Fire Marker Phase, each
        undecided clause doubling the cases (it applies or not)."""
        if state is None:
            table = table_reductions(self)
            unseen = Unknown("the units' positions at the beginning of this GT's Support Fire Marker Phase (the log "
                             "shows no such phase)")
            applies, undecided = [], [(None, table)] if isinstance(table, Unknown) else [(r, unseen) for r in table]
        else:
            applies, undecided = sfm_reductions(self, state)
        if any(r is None for r, _ in undecided):
            return [({}, next(u.needs for r, u in undecided if r is None))]
        cases: list[tuple[dict[str, list[int]], str | None]] = []
        for mask in range(2 ** len(undecided)):
            picked = applies + [r for i, (r, _) in enumerate(undecided) if mask >> i & 1]
            removed: dict[str, list[int]] = {}
            for r in picked:
                removed.setdefault(r.pool, []).extend([r.value] * r.count)
            needs = "; ".join(dict.fromkeys(u.needs for _, u in undecided)) if undecided else None
            cases.append((removed, needs))
        return cases

    @rule("ARN 10.7.1", "SFM-9/ARN-9", "SFMs below +6 and all German SFMs bombard only hexes adjacent to a "
          "friendly unit; +6 priests up to two hexes from a non-airborne British unit; airpower anywhere (a +6 is "
          "declared 'priest' or 'air')")
    def check_bombardment_range(self, state: GameState, a) -> list[Verdict]:
        if a.target is None or not state.at(a.target):
            return []
        side = self.enemy_of(state.side(state.at(a.target)[0]))
        adjacent = any(state.side(u) == side for n in a.target.neighbours() for u in state.at(n))
        out: list[Verdict] = []
        for m in a.marks or [Mark(v) for v in a.sfm]:
            if m.value < 6 or side != self.first_side:
                if not adjacent:
                    out.append(Illegal("ARN 10.7.1", f"a +{m.value} {side} support fire marker bombarded "
                                       f"{label(self, a.target)}, which is not adjacent to a friendly unit"))
            elif "priest" in m.tags:
                out += self.check_priest(state, a.target)
            elif "air" not in m.tags:  # airpower may be used anywhere (L438)
                out.append(NotCheckable("whether this +6 marker is a British 'priest' (two hexes from a non-airborne "
                                        "British unit) or an airpower marker (any range): declare it 'sfm 6 priest' "
                                        "or 'sfm 6 air' (ARN 10.7.1)"))
        return out

    def check_priest(self, state: GameState, target: Hex) -> list[Verdict]:
        """ARN 10.7.1 (L436): a priest bombards targets up to two hexes from a non-airborne British unit."""
        near = [u for u, h in state.positions.items() if h.distance(target) <= 2 and state.side(u) == self.first_side
                and self.game.units[u].nationality == "British"]
        kinds = [self.is_airborne(u) for u in near]
        if any(k is False for k in kinds):
            return []
        if any(isinstance(k, Unknown) for k in kinds):
            return [NotCheckable("whether British units " + ", ".join(u for u, k in zip(near, kinds)
                                                                      if isinstance(k, Unknown))
                                 + " are airborne (units.csv type)")]
        return [Illegal("ARN 10.7.1", f"a +6 priest bombarded {label(self, target)}, more than two hexes from any "
                        "non-airborne British unit")]

    @rule("ARN 10.7.1", "SFM-9/ARN-9", "British markers support only British and Polish units, US markers only US "
          "units (a marker is declared 'british' or 'us')")
    def check_support(self, state: GameState, a) -> list[Verdict]:
        """In a ground combat each side's markers support its units there: the attackers, or the defender."""
        out: list[Verdict] = []
        defenders = list(state.at(a.target)) if a.target else []
        for marks, units in ((a.marks, a.attackers), (a.dmarks, defenders)):
            if not units or state.side(units[0]) != self.first_side:
                continue
            for m in marks:
                pool = next((p for p in ("british", "us") if p in m.tags), None)
                if pool is None:
                    out.append(NotCheckable(f"which pool the +{m.value} Allied marker came from (British or US): "
                                            f"declare it 'sfm {m.value} british' or 'sfm {m.value} us' (ARN 10.7.1)"))
                    continue
                may = SUPPORTS[pool]
                nations = sorted({self.game.units[u].nationality for u in units})
                if not any(n in may for n in nations):
                    out.append(Illegal("ARN 10.7.1", f"a {pool} +{m.value} support fire marker supported "
                                       f"{', '.join(units)} ({', '.join(nations)}): {pool} markers support only "
                                       f"{' and '.join(may)} units"))
        return out

    def victory_tracker(self) -> ArnhemVictory:
        return ArnhemVictory(self)

    def on_chat(self, checker, index: int, text: str) -> bool:
        """ARN 10.6.3-5, 10.7, 11.4: demolition, repair, ferry, airpower and landing declarations."""
        if m := DEMOLISH.match(text):
            declare_demolition(self, checker, index, m.group(1), m.group(2))
        elif m := REPAIR.match(text):
            declare_repair(self, checker, index, m.group(1), m.group(2), m.group(3))
        elif m := FERRY.match(text):
            declare_ferry(self, checker, index, m.group(1), m.group(2), m.group(3))
        elif m := AIRPOWER.match(text):
            declare_airpower(self, checker, index)
        elif m := LAND.match(text):
            declare_landing(self, checker, index, m.group(1), bool(m.group(2)))
        else:
            return False
        return True

    @rule("ARN 10.6.3", "ARN-3", "a demolished (unrepaired) bridge is a river/canal hexside: no unit crosses it")
    def check_crossing(self, state: GameState, uid: str, a: Hex, b: Hex) -> Verdict:
        if a.distance(b) != 1:
            return Legal()
        demolished = self.demolished(state, a, b)
        ferried = ferry_active(self, state, uid, a, b) if demolished else False
        if isinstance(ferried, Unknown):
            return NotCheckable(ferried.needs)
        if demolished and not ferried:
            return Illegal("ARN 10.6.3", f"{uid} crossed the demolished bridge {label(self, a)}/{label(self, b)}, "
                           "now an unbridged river/canal hexside")
        return Legal()

    def may_attack_across(self, a: Hex, b: Hex) -> bool:
        """ARN 10.6: units may attack across unbridged river and canal hexsides."""
        return self.unbridged_water(a, b)
