"""The support fire marker pool: markers used per game turn against the allotment (F&M 7.1-7.2), drawn from
the pool less the markers a game removes at the beginning of the Support Fire Marker Phase (ARN 10.7.2), and
at most two markers on one hex (F&M 8.1, 8.2.1)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from hexforge.maps.terrain import Unknown
from hexforge.rules.registry import rule
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

Cases = list[tuple[dict[str, list[int]], str | None]]

#: What a declaration may say of a marker after its value ("sfm 6 air, 3 us"): its pool or kind (ARN 10.7.1).
TAGS = {"air": "air", "airpower": "air", "priest": "priest", "us": "us", "british": "british", "br": "british"}


@dataclass(frozen=True, slots=True)
class Mark:
    """One support fire marker named in a declaration: its value and what the player said of it."""

    value: int
    tags: frozenset[str] = frozenset()


def parse_marks(text: str | None) -> list[Mark]:
    """``"6 air, 3 us"`` -> markers +6 (air) and +3 (us): each tag qualifies the value before it."""
    marks: list[Mark] = []
    for tok in re.findall(r"\d+|[a-z]+", (text or "").lower()):
        if tok.isdigit():
            marks.append(Mark(int(tok)))
        elif marks and tok in TAGS:
            marks[-1] = Mark(marks[-1].value, marks[-1].tags | {TAGS[tok]})
    return marks


class SfmPool:
    """Counts the markers each side has used in each game turn."""

    def __init__(self, rules: RulesSystem) -> None:
        self.rules = rules
        self.used: dict[tuple[int, str], int] = {}
        self.values: dict[tuple[int, str], list[int]] = {}
        self.removals: dict[int, Cases] = {}  # per GT: the pool reductions of its SFM phase

    def begin_phase(self, turn: int | None, state: GameState) -> None:
        """The beginning of a Support Fire Marker Phase: the game's pool reductions are decided (ARN 10.7.2)."""
        if turn is not None:
            self.removals[turn] = self.rules.sfm_removals(state)

    @rule("F&M 7.2", "SFM-1/SFM-5/SFM-6", "a side uses at most its GTRT allotment of SFMs in a game turn, each marker "
          "once per GT (not checkable where the allotment is not known)")
    def use(self, turn: int | None, side: str | None, markers: list[int]) -> Verdict:
        """Record ``markers`` used by ``side`` in GT ``turn`` and judge them against the allotment."""
        if not markers:
            return Legal()
        if turn is None or side is None:
            return NotCheckable("the game turn and side (no turn tracker) to count support fire markers")
        n = self.used.get((turn, side), 0) + len(markers)
        self.used[(turn, side)] = n
        self.values.setdefault((turn, side), []).extend(markers)
        allot = self.rules.sfm_allotment(turn, side)
        if isinstance(allot, Unknown):
            return NotCheckable(allot.needs)
        if n > allot:
            return Illegal(f"{self.rules.book} 7.2", f"{side} has used {n} support fire markers in GT {turn}; it "
                           f"was allotted {allot} and each marker may be used only once per GT")
        return self.reduced(turn, side, allot)

    @rule("ARN 10.7.2", "SFM-4", "markers removed from a pool at the beginning of the Support Fire Marker Phase "
          "are not drawn that GT (F&M removes none)")
    def reduced(self, turn: int, side: str, allot: int) -> Verdict:
        """Judge the GT's markers against the reduced pool in every open case; they must agree. A marker
        allowed from the whole pool but not from the reduced one breaks the removal rule, else F&M 7.1."""
        cases = self.removals.get(turn) or self.rules.sfm_removals(None)
        whole = self.lowest_first(turn, side, allot, self.rules.sfm_pool(side), f"{self.rules.book} 7.1")
        rule_no = self.rules.sfm_removal_rule if isinstance(whole, Legal) else f"{self.rules.book} 7.1"
        out = [(self.lowest_first(turn, side, allot, self.rules.sfm_pool(side, removed), rule_no), needs)
               for removed, needs in cases]
        kinds = {type(v) for v, _ in out}
        if len(kinds) == 1 and NotCheckable not in kinds:
            return out[0][0]
        return next((v for v, _ in out if isinstance(v, NotCheckable)), None) or NotCheckable(
            next(needs for _, needs in out if needs))

    @rule("F&M 7.1", "SFM-2", "with an allotment below the pool, the lowest-valued markers are selected first")
    def lowest_first(self, turn: int, side: str, allot: int, pool: list[int] | Unknown, rule_no: str) -> Verdict:
        """The markers a side has used this GT must be among the ``allot`` lowest of its ``pool``."""
        if isinstance(pool, Unknown):
            return NotCheckable(pool.needs)
        allowed = list(pool[:allot])
        for v in sorted(self.values[(turn, side)]):
            if v not in allowed:
                return Illegal(rule_no, f"{side} used a +{v} support fire marker in GT {turn}; allotted {allot} "
                               f"from its pool of {len(pool)} markers now, it must select the lowest-valued "
                               f"markers first: {', '.join(f'+{x}' for x in pool[:allot]) or 'none'}")
            allowed.remove(v)
        return Legal()
