"""Highway to the Reich observation (HTTR SR 7.0): sight lines, range limits, covering terrain.

Each answer explains itself: which hex blocked, which range limit applied, or what data is
missing. The map geometry is :mod:`hexforge.maps.los` (exact, per-offset); this module says
which hexes block for a given observer and how far it sees.

Readings where the rules are silent (documented, settable where it matters):

- grazing a hexside or vertex: the :mod:`maps.los` setting, default the literal "touches any
  part" (7.1.3);
- "adjacent to the dike" (7.3.1): the observer's hex is the dike hex or next to it; a dike hex
  is one with a dike, raised road/trail or railroad embankment on or through it (whole hex);
- order of range modifiers: observer's terrain (7.2.1), +2 through an adjacent slope hexside from
  the high side (7.3.5), then weather P halves daytime ranges (7.2.3), then night caps at 2, or
  1 in weather P (7.2.2, 14.1);
- a hex of several terrain types: the longest observation range of its types ("the reverse
  order", best case, for observation: SR 12.0);
- the weather of a GT (7.2.3, ScR 13): ``clear`` on the dates the game data's ``[special.weather]
  clear_dates`` names (ScR 13.2: weather 0 on 17-18 Sep), else the calendar row's ``weather``, else
  ``unknown`` (the Weather Conditions Table is not read), when an answer that weather P would change is
  not checkable; one weather for the whole map (reading: 7.2.4's per-map weather is not kept).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from hexforge.games.game import Game
from hexforge.maps.overlay import UNKNOWN, Overlay, legend
from hexforge.maps.hexes import Hex, Hexside
from hexforge.maps.los import Grazing, LosField, Sight, sight, touched
from hexforge.maps.trace import Tri
from hexforge.rules.core.tables import Cells
from hexforge.rules.registry import rule

DIKE_LIKE = frozenset({"dike", "raised_road", "raised_trail", "railroad_embankment", "raised-road", "embankment"})
HIGH_GROUND = frozenset({"hilltop", "city"})
ADJACENT_ONLY = frozenset({"forest", "city", "rough"})  # 7.3.3
WITHIN_TWO = frozenset({"woods", "town"})  # 7.3.3
Weather = Literal["clear", "P", "unknown"]
WEATHER_DATA = "weather"  # game.toml [special.weather]: clear_dates


def turn_weather(game: Game, row: dict | None) -> Weather:
    """SR 7.2.3 / ScR 13.2: the weather of a GT from the game data (see the module's readings)."""
    cfg = game.special(WEATHER_DATA) or {}
    if row is None:
        return "unknown"
    if row.get("date") in cfg.get("clear_dates", ()):
        return "clear"
    w = row.get("weather")
    return w if w in ("clear", "P") else "unknown"


@dataclass(frozen=True)
class Seen:
    """Whether the target is observed, and why (a rule, a hex, a limit) or what is missing."""

    visible: Tri
    reason: str
    by: tuple[Hex, ...] = ()


def rule_of(seen: Seen) -> str:
    """The rule an unobserved target breaks, from the answer's reason."""
    r = seen.reason
    if r.startswith("out of range"):
        return "HTTR SR 7.2.2" if "night" in r else "HTTR SR 7.2.3" if "weather P" in r else "HTTR SR 7.2.1"
    if r.startswith("LOS blocked"):
        return "HTTR SR 7.3.1" if "7.3.1" in r else "HTTR SR 7.1.3"
    return "HTTR SR 7.3.3" if "7.3.3" in r else "HTTR SR 7.0"


@dataclass
class Observation:
    """HTTR observation on one game's map under given conditions."""

    game: Game
    night: bool = False
    weather: Weather = "clear"
    grazing: Grazing = "touch"
    needs: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self._tec = Cells.of(self.game, "tec")
        self._fields: dict[int, LosField] = {}  # the terrain's blocking as arrays, per sweep radius
        self._dikes: set[Hex] | None = None

    def label(self, h: Hex) -> str:
        return self.game.map.labels.get(h, repr(h))

    def _cell(self, terrain_id: str, column: str):
        return self._tec.get(terrain_id, column)

    # -- terrain -------------------------------------------------------------------------------

    def types(self, h: Hex) -> frozenset[str] | None:
        return self.game.map.terrain.of(h)

    def is_dike_hex(self, h: Hex) -> bool:
        t = self.game.map.terrain
        if (self.types(h) or frozenset()) & DIKE_LIKE:
            return True
        for n in h.neighbours():
            side = Hexside.between(h, n)
            if any(f.kind in DIKE_LIKE for f in t.hexsides.get(side, ())) or t.thoroughfares.get(side, frozenset()) & DIKE_LIKE:
                return True
        return False

    def dike_hexes(self) -> set[Hex]:
        """Every hex :meth:`is_dike_hex` holds for (SR 7.3.1), on or off the map."""
        if self._dikes is None:
            t = self.game.map.terrain
            out = {h for h, kinds in t.hexes.items() if kinds & DIKE_LIKE}
            out |= {h for side, fs in t.hexsides.items() if any(f.kind in DIKE_LIKE for f in fs) for h in side}
            out |= {h for side, kinds in t.thoroughfares.items() if kinds & DIKE_LIKE for h in side}
            self._dikes = out
        return self._dikes

    @rule("HTTR SR 7.1.3", "OBS-2", "a centre-to-centre line touching any part of a blocking hex is blocked")
    def terrain_blocks(self, h: Hex) -> Tri:
        """7.1.3: a hex blocks when one of its terrain types has a LOS blocking value on the TEC."""
        kinds = self.types(h)
        if kinds is None:
            self.needs.add(f"terrain of hex {self.label(h)} (unsurveyed)")
            return None
        out: Tri = False
        for k in sorted(kinds - DIKE_LIKE):
            v = self._cell(k, "los_blocking")
            if v == "unknown":
                self.needs.add(f"TEC {k!r} los_blocking")
                out = None if out is False else out
            elif v not in ("none", None, 0):
                return True
        return out

    def observer_exempt_from_dikes(self, observer: Hex) -> bool:
        """7.3.1: dikes do not block for an observer on a hilltop or city hex."""
        return bool((self.types(observer) or frozenset()) & HIGH_GROUND)

    @rule("HTTR SR 7.1.1 / 7.3.1", "OBS-7", "a dike, raised road or embankment hex blocks unless the observer is "
          "adjacent to it or on a hilltop or city hex; the observer's hex never blocks")
    def blocks_for(self, observer: Hex):
        """The blocking predicate seen from ``observer`` (7.1.1, 7.1.3, 7.3.1)."""
        exempt = self.observer_exempt_from_dikes(observer)

        def blocks(h: Hex) -> Tri:
            if h == observer:  # 7.1.1: the observer's hex never blocks
                return False
            if not exempt and h.distance(observer) > 1 and self.is_dike_hex(h):
                return True  # 7.3.1: the whole hex blocks unless the observer is adjacent to it
            return self.terrain_blocks(h)
        return blocks

    # -- range ---------------------------------------------------------------------------------

    @rule("HTTR SR 7.1.1 / 7.2.1", "OBS-1", "the LOS never exceeds the observation range of the observer's terrain")
    def base_range(self, observer: Hex) -> tuple[int | None, str]:
        """7.2.1: the observation range of the observer's terrain (best of its types)."""
        kinds = self.types(observer)
        if kinds is None:
            self.needs.add(f"terrain of hex {self.label(observer)} (unsurveyed)")
            return None, f"not checkable: terrain of observer's hex {self.label(observer)} is unsurveyed"
        best: tuple[int, str] | None = None
        for k in sorted(kinds):
            v = self._cell(k, "observation_range")
            if v in ("unknown", None):
                self.needs.add(f"TEC {k!r} observation_range")
                return None, f"not checkable: needs TEC {k!r} observation_range"
            if isinstance(v, (int, float)) and (best is None or v > best[0]):
                best = (int(v), k)
        if best is None:
            return None, "not checkable: no observation range for the observer's terrain"
        return best[0], f"{best[0]} hexes from {best[1]} (7.2.1)"

    def slope_bonus(self, observer: Hex, target: Hex) -> bool:
        """7.3.5: +2 when sighting out through an adjacent slope hexside from its high side
        (not from a hilltop or city hex)."""
        if (self.types(observer) or frozenset()) & HIGH_GROUND:
            return False
        first = [t.hex for t in touched(observer, target) if t.hex.distance(observer) == 1 and t.kind != "side"]
        if target.distance(observer) == 1:
            first = [target]
        t = self.game.map.terrain
        return any(f.kind == "slope" and f.high_side == observer
                   for h in first for f in t.hexsides.get(Hexside.between(observer, h), ()))

    @rule("HTTR SR 7.2.2-7.2.3 / 7.3.5 / 20.1", "OBS-5/OBS-6/OBS-9", "at night every range is 2 hexes; weather "
          "P halves day ranges (1 hex at night); +2 through an adjacent slope hexside from its high side")
    def range_limit(self, observer: Hex, target: Hex) -> tuple[int | None, str]:
        limit, why = self.base_range(observer)
        if limit is None:
            return None, why
        if self.slope_bonus(observer, target):
            limit, why = limit + 2, why + " +2 looking out from the high side of a slope (7.3.5)"
        if self.weather == "P" and not self.night:
            limit, why = limit // 2, why + ", halved in weather P (7.2.3)"
        if self.night:
            cap = 1 if self.weather == "P" else 2
            if limit > cap:
                limit, why = cap, why + f", reduced to {cap} at night" + (" in weather P (7.2.3)" if cap == 1 else " (7.2.2)")
        return limit, why

    # -- the answer ----------------------------------------------------------------------------

    @rule("HTTR SR 7.1.4 / 7.1.6 / 7.3.3-7.3.4", "OBS-3/OBS-4/OBS-8", "adjacent units are always observed; units "
          "in forest, city or rough only from adjacent hexes, in woods or town from two; fire from cover reveals")
    def observe(self, observer: Hex, target: Hex, revealed: bool = False, los: Sight | None = None) -> Seen:
        """Can a unit in ``observer`` see a unit in ``target``? ``revealed``: the target fired
        from covering terrain this phase (7.3.4); ``los``: the sight line, when already traced."""
        d = observer.distance(target)
        if d == 0:
            return Seen(True, "same hex")
        if d == 1:
            return Seen(True, "adjacent units are always observed (7.1.6)")
        if self.weather == "unknown":
            return self._either_weather(observer, target, revealed, los)
        limit, why = self.range_limit(observer, target)
        if limit is None:
            return Seen(None, why)
        if d > limit:
            return Seen(False, f"out of range: {d} hexes, limit {why}")
        los = los or sight(observer, target, self.blocks_for(observer), self.grazing)
        if los.state == "blocked":
            return Seen(False, "LOS blocked by " + ", ".join(self._describe(h, observer) for h in los.by) + " (7.1.3)", los.by)
        cover = self.types(target)
        if cover is None:
            self.needs.add(f"terrain of hex {self.label(target)} (unsurveyed)")
            return Seen(None, f"not checkable: terrain of target hex {self.label(target)} is unsurveyed")
        if not revealed and cover & ADJACENT_ONLY:
            return Seen(False, f"target in {'/'.join(sorted(cover & ADJACENT_ONLY))}: observed only by adjacent units (7.3.3)")
        if not revealed and cover & WITHIN_TWO and d > 2:
            return Seen(False, f"target in {'/'.join(sorted(cover & WITHIN_TWO))}: observed only from 1-2 hexes (7.3.3)")
        if los.state == "unknown":
            return Seen(None, "not checkable: LOS crosses " + ", ".join(self.label(h) for h in los.by)
                        + " whose blocking is unknown", los.by)
        return Seen(True, f"clear LOS, {d} hexes within {why}")

    def _either_weather(self, observer: Hex, target: Hex, revealed: bool, los: Sight | None) -> Seen:
        """The answer under clear weather and under P (7.2.3): the same, else not checkable naming the weather."""
        answers = []
        for w in ("clear", "P"):
            self.weather = w
            answers.append(self.observe(observer, target, revealed, los))
        self.weather = "unknown"
        if answers[0].visible == answers[1].visible:
            return answers[0]
        self.needs.add("the weather of this GT (Weather Conditions Table, ScR 13)")
        return Seen(None, "not checkable: the weather of this GT (weather P would halve the observation range, "
                    "SR 7.2.3; Weather Conditions Table, ScR 13)")

    def _describe(self, h: Hex, observer: Hex) -> str:
        if self.is_dike_hex(h) and self.blocks_for(observer)(h) and not self.terrain_blocks(h):
            return f"{self.label(h)} (dike/raised road, 7.3.1)"
        return f"{self.label(h)} ({'/'.join(sorted(self.types(h) or ()))})"

    def field(self, radius: int) -> LosField:
        """Terrain blocking of the whole map for fast sweeps (dikes added per observer)."""
        return LosField({h: self.terrain_blocks(h) for h in self.game.map}, radius, self.grazing)

    def lines_from(self, observer: Hex, targets: list[Hex]) -> dict[Hex, Sight]:
        """The sight lines from ``observer`` to ``targets`` on the array path: the terrain's blocking built
        once per radius, the observer's hex (7.1.1) and the dike hexes beyond it (7.3.1) laid over it.
        ``needs`` names only the hexes whose unknown blocking leaves a line unsure, not the whole map."""
        radius = max([observer.distance(t) for t in targets] + [2])
        if radius not in self._fields:
            before = set(self.needs)
            self._fields[radius] = LosField({h: self.terrain_blocks(h) for h in self.game.map}, radius,
                                            self.grazing, off_map=None)
            self.needs = before
        override: dict[Hex, bool] = {observer: False}
        if not self.observer_exempt_from_dikes(observer):
            override |= {h: True for h in self.dike_hexes() if 1 < h.distance(observer) <= radius}
        lines = self._fields[radius].sight_lines(observer, targets, override)
        for line in lines.values():
            if line.state == "unknown":
                for h in line.by:
                    self.terrain_blocks(h)
        return lines

    def from_observer(self, observer: Hex, radius: int | None = None) -> dict[Hex, Seen]:
        """Every map hex within the observer's range limit (or ``radius``), each with its answer."""
        limit, _ = self.range_limit(observer, observer)
        r = radius if radius is not None else (limit + 2 if limit is not None else 12)
        hexes = [h for h in sorted(self.game.map) if h.distance(observer) <= r]
        within = []  # the targets whose line of sight matters: beyond adjacency, within their own range limit
        for h in hexes:
            lim, _ = self.range_limit(observer, h) if h.distance(observer) >= 2 else (None, "")
            if lim is not None and h.distance(observer) <= lim:
                within.append(h)
        lines = self.lines_from(observer, within)  # all lines at once
        return {h: self.observe(observer, h, los=lines.get(h)) for h in hexes}


def los_overlay(obs: Observation, observer: Hex):
    """What a unit in ``observer`` can see (HTTR 7.0), each hex with its reason."""
    conditions = ", ".join(x for x in ("night" if obs.night else "day", f"weather {obs.weather}", f"grazing {obs.grazing}"))
    ov = Overlay(f"HTTR 7.0 observation from {obs.label(observer)} ({conditions})",
                 legend({"seen": ("yes", "a unit here is observed"),
                         "hidden": ("hidden", "clear LOS, but covering terrain hides a unit here (7.3.3)"),
                         "blocked": ("no", "LOS blocked"),
                         "range": ("beyond", "beyond the observation range"),
                         UNKNOWN: (UNKNOWN, "unknown: terrain or TEC value missing")}))
    for h, s in obs.from_observer(observer).items():
        if h == observer:
            continue
        cat = ("seen" if s.visible else UNKNOWN if s.visible is None else
               "blocked" if s.reason.startswith("LOS blocked") else
               "range" if s.reason.startswith("out of range") else "hidden")
        ov.values[h] = cat
        ov.detail[h] = s.reason
    ov.marks[observer] = "observer"
    limit, why = obs.range_limit(observer, observer)
    ov.notes.append(f"range limit: {why}")
    return ov
