"""AAC 15.3 (L747-L756): the US 2nd Armored Division arrives, all its units together, on the GT at whose
beginning (from GT 4 on) US ground units occupy at least three West Wall fortified hexes within two hexes of
the Wurm River, each adjacent to one of the other two; the US player may not withhold it.

The data: ``[special_rules.second_armored_division]`` of the scenario (``earliest_turn``, ``unit_list``), the
fortified places and the hexsides named "Wurm River" in ``terrain.toml``. The bundled game lacks the unit list,
the fortified hexes and the Wurm hexsides, so there every part says *not checkable*.

Decisions where the rule is silent: "within two hexes of the Wurm River" is a hex distance of at most two to a
hex on either side of a Wurm hexside; "adjacent to one of the other two" is the data's chosen reading (the three
hexes form a connected group); with more than three such hexes occupied, any three that qualify suffice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict
from hexforge.rules.fm.system import FireAndMovement


RULE = "AAC 15.3"
WURM = "wurm"


def _spec(rules: FireAndMovement, key: str, what: str):
    return rules.scenario_value(lambda sc: ((sc.special_rules or {}).get("second_armored_division") or {}).get(key),
                                f"{what} ([special_rules.second_armored_division] {key}, AAC 15.3)")


def division(rules: FireAndMovement) -> frozenset[str] | Unknown:
    """The 2nd Armored Division's units (the rules give no list, L758)."""
    units = _spec(rules, "unit_list", "the 2nd Armored Division's units")
    return frozenset(units) if isinstance(units, list) else units if isinstance(units, Unknown) else Unknown(
        "the 2nd Armored Division's units as a list ([special_rules.second_armored_division] unit_list)")


def fortified_near_wurm(rules: FireAndMovement) -> frozenset[Hex] | Unknown:
    """The West Wall fortified hexes within two hexes of the Wurm River."""
    places = [p for p in rules.terrain.places if p.kind == "fortified"]
    if not places or any(p.hexes is None for p in places):
        return Unknown("the West Wall fortified hexes (terrain.toml place of kind fortified)")
    river = {h for side, feats in rules.terrain.hexsides.items() if any(WURM in f.name.lower() for f in feats)
             for h in side}
    if not river:
        return Unknown("the Wurm River hexsides (terrain.toml hexsides named 'Wurm River')")
    return frozenset(h for p in places for h in p.hexes if min(h.distance(r) for r in river) <= 2)


@rule(RULE, "REI-5", "the 2nd Armored Division may arrive on a GT from GT 4 at whose beginning US ground units "
      "hold three West Wall fortified hexes within two hexes of the Wurm, each adjacent to another of the three")
def condition_met(rules: FireAndMovement, state: GameState) -> bool | Unknown:
    """AAC 15.3 conditions 6 and 7 on the units standing on the map now."""
    near = fortified_near_wurm(rules)
    if isinstance(near, Unknown):
        return near
    us = rules.first_side  # AAC 10.2: the US player is the first player
    held = sorted(h for h in near if any(state.side(u) == us for u in state.at(h)))
    return any(all(any(x.distance(y) == 1 for y in trio if y != x) for x in trio) for trio in combinations(held, 3))


@dataclass(slots=True)
class SecondArmored:
    """Follows the 2nd Armored Division's condition GT by GT and judges its arrival."""

    rules: FireAndMovement
    met: dict[int, bool | Unknown] = field(default_factory=dict)  # condition at the beginning of each GT

    def gt_started(self, turn: int, state: GameState) -> None:
        earliest = _spec(self.rules, "earliest_turn", "the first GT the 2nd Armored Division may arrive")
        if isinstance(earliest, int) and turn >= earliest and turn not in self.met:
            self.met[turn] = condition_met(self.rules, state)

    def first_met(self) -> int | Unknown | None:
        for turn in sorted(self.met):
            if self.met[turn] is True:
                return turn
            if isinstance(self.met[turn], Unknown):
                return self.met[turn]
        return None

    def judge_entry(self, uid: str, turn: int | None) -> Verdict | None:
        """The verdict on ``uid`` entering on ``turn``; ``None`` when it is not a 2nd Armored Division unit."""
        units = division(self.rules)
        if isinstance(units, Unknown) or uid not in units:
            return None
        first = self.first_met()
        if turn is None or isinstance(first, Unknown):
            return NotCheckable(first.needs if isinstance(first, Unknown) else "the game turn (turn tracker)")
        if first is None or turn < first:
            return Illegal(RULE, f"{uid} (2nd Armored Division) entered on GT {turn}, but at the beginning of no GT "
                           "from GT 4 on did US units hold three connected fortified hexes near the Wurm River")
        if turn > first:
            return Illegal(RULE, f"{uid} (2nd Armored Division) entered on GT {turn}; the division arrives on GT "
                           f"{first}, when the conditions were first met, and may not be withheld")
        return Legal()

    @rule(RULE, "REI-5", "all 2nd Armored Division units arrive on the GT the conditions are met (no withholding)")
    def missing(self, state: GameState, ended: int) -> Illegal | None:
        """At the end of GT ``ended``: division units that should have arrived in it and did not."""
        units = division(self.rules)
        if isinstance(units, Unknown) or self.first_met() != ended:
            return None
        absent = sorted(u for u in units if state.where(u) is None and u not in state.eliminated)
        if not absent:
            return None
        return Illegal(RULE, f"the 2nd Armored Division had to arrive on GT {ended}, but {', '.join(absent)} did "
                       "not (the US player may not withhold it)")
