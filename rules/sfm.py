"""The support fire marker pool: markers used per game turn against the allotment (F&M 7.1-7.2)
and at most two markers on one hex (F&M 8.1, 8.2.1)."""
from __future__ import annotations

from hexforge.maps.terrain import Unknown
from hexforge.rules.coverage import rule
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict


class SfmPool:
    """Counts the markers each side has used in each game turn."""

    def __init__(self, rules: RulesSystem) -> None:
        self.rules = rules
        self.used: dict[tuple[int, str], int] = {}
        self.values: dict[tuple[int, str], list[int]] = {}

    @rule("F&M 7.2", "SFM-1/SFM-3", "a side uses at most its GTRT allotment of SFMs in a game turn, each marker "
          "once per GT (not checkable where the allotment is not known)")
    def use(self, turn: int | None, side: str | None, markers: list[int]) -> Verdict:
        """Record ``markers`` used by ``side`` in GT ``turn`` and judge them against the allotment."""
        if not markers:
            return Legal()
        if turn is None or side is None:
            return NotCheckable("the game turn and side (no turn tracker) to count support fire markers")
        n = self.used.get((turn, side), 0) + len(markers)
        self.used[(turn, side)] = n
        allot = self.rules.sfm_allotment(turn, side)
        if isinstance(allot, Unknown):
            return NotCheckable(allot.needs)
        if n > allot:
            return Illegal(f"{self.rules.book} 7.2", f"{side} has used {n} support fire markers in GT {turn}; it "
                           f"was allotted {allot} and each marker may be used only once per GT")
        return self.lowest_first(turn, side, markers, allot)

    @rule("F&M 7.1", "SFM-2", "with an allotment below the pool, the lowest-valued markers are selected first")
    def lowest_first(self, turn: int, side: str, markers: list[int], allot: int) -> Verdict:
        """The markers a side has used this GT must be among the ``allot`` lowest of its pool."""
        used = self.values.setdefault((turn, side), [])
        used += markers
        pool = self.rules.sfm_pool(side)
        if isinstance(pool, Unknown):
            return NotCheckable(pool.needs)
        allowed = list(pool[:allot])
        for v in sorted(used):
            if v not in allowed:
                return Illegal(f"{self.rules.book} 7.1", f"{side} used a +{v} support fire marker in GT {turn}; "
                               f"allotted {allot} from its pool, it must select the lowest-valued markers first: "
                               f"{', '.join(f'+{x}' for x in pool[:allot])}")
            allowed.remove(v)
        return Legal()
