"""Arnhem support fire markers (ARN 10.7, 10.7.2): the airpower roll, declared in chat ``airpower`` in the
Support Fire Marker Phase of a GT on which the Allied allotment is 13 and followed by one die, and the
reductions of the Allied pools at the beginning of that phase."""
from __future__ import annotations

import re
from dataclasses import dataclass

from hexforge.games.values import plain
from hexforge.maps.terrain import Unknown
from hexforge.rules.fm.arnhem.actions import DiceAction, allied, german
from hexforge.rules.fm.arnhem.supply import lines_to_south_edge
from hexforge.rules.registry import rule
from hexforge.rules.core.tables import row
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.fm.judge import Attempt, Judge


AIRPOWER = re.compile(r"^\s*airpower\s*$", re.I)
AIRPOWER_GT_ALLOTMENT = 13  # ARN 10.7 (L430): "GTs that the Allied player is listed as having 13 markers"


@dataclass
class AirpowerRoll(DiceAction):
    """The Airpower SFMs Available Table roll; its outcome reads ``<n> british <m> us``."""

    def resolve(self, ch: Judge, die: int) -> str | Unknown:
        cells = row(ch.game, "airpower", str(die))
        if isinstance(cells, Unknown):
            return cells
        british, us = cells[0], cells[1]
        if not isinstance(british, int) or not isinstance(us, int):
            return Unknown(f"airpower table row {die} (tables/airpower.toml columns british, us)")
        return f"{british} british {us} us"


@rule("ARN 10.7", "SFM-3/ARN-9", "airpower: one roll on the Airpower SFMs Available Table in the Support Fire Marker "
      "Phase, once per GT, only on GTs on which the Allied allotment is 13")
def declare_airpower(rules: FireAndMovement, ch: Judge, index: int) -> None:
    st = ch.state
    kind, _ = ch.phase()
    why: list[str] = []
    if kind != "sfm":
        why.append("it is not the Support Fire Marker Phase")
    if Attempt("airpower", st.turn) in ch.attempts:
        why.append(f"airpower was already rolled in GT {st.turn}")
    ch.attempts.add(Attempt("airpower", st.turn))
    allot = rules.sfm_allotment(st.turn, allied(rules)) if st.turn is not None else Unknown("the game turn")
    if isinstance(allot, int) and allot != AIRPOWER_GT_ALLOTMENT:
        why.append(f"the Allied allotment in GT {st.turn} is {allot}, not 13")
    act = AirpowerRoll("ARN 10.7", f"airpower roll of GT {st.turn}", declared=index)
    if why:
        ch.say(index, Illegal("ARN 10.7", "no airpower roll allowed: " + "; ".join(why)))
    elif isinstance(allot, Unknown):
        ch.say(index, NotCheckable(allot.needs))
    else:
        ch.say(index, Legal())
    ch.action = act


@dataclass(frozen=True)
class Reduction:
    """Markers the Allied player removes from one pool this GT (ARN 10.7.2)."""

    clause: str
    pool: str
    count: int
    value: int


@rule("ARN 10.7.2", "SFM-4/ARN-9", "SFM reductions at the beginning of the Support Fire Marker Phase: a) a German unit "
      "on the British drop zone marker (three +3 from the British pool), b) on a US one (three +3 from the US pool), "
      "c) three or more British non-airborne units with no line of hexes to the south map edge road hex (three +6 "
      "from the British pool; line traced by arnhem_supply, reading 'enemy-units')")
def sfm_reductions(rules: FireAndMovement, state: GameState) -> tuple[list[Reduction], list[tuple[Reduction | None, Unknown]]]:
    """The reductions that apply in ``state``, and those not decided (with what is missing; ``None`` when the
    table itself is missing)."""
    table = table_reductions(rules)
    if isinstance(table, Unknown):
        return [], [(None, table)]
    markers = rules.scenario_value(lambda sc: (sc.special_rules or {}).get("drop_zone_markers"),
                                   "the drop zone marker hexes ([special_rules] drop_zone_markers)")
    applies: list[Reduction] = []
    undecided: list[tuple[Reduction | None, Unknown]] = []
    for red in table:
        held = clause_c(rules, state) if red.clause == "c" else drop_zone_held(rules, state, markers, red.clause)
        if isinstance(held, Unknown):
            undecided.append((red, held))
        elif held:
            applies.append(red)
    return applies, undecided


def table_reductions(rules: FireAndMovement) -> list[Reduction] | Unknown:
    """The three reductions of ARN 10.7.2 (L443) as ``tables/sfm_reductions.toml`` gives them."""
    table = rules.game.tables.get("sfm_reductions")
    if table is None:
        return Unknown("the SFM reductions (tables/sfm_reductions.toml)")
    out = []
    for r in table.rows:
        cells = [plain(c) for c in r.cells]
        value = cells[3].get("value") if isinstance(cells[3], dict) else cells[3]
        out.append(Reduction(str(r.key), str(cells[1]), int(cells[2]), int(value)))
    return out


def drop_zone_held(rules: FireAndMovement, state: GameState, markers, key: str) -> bool | Unknown:
    """ARN 10.7.2 a/b (L443): a German unit occupies the British (a) or either US (b) drop zone marker hex."""
    if isinstance(markers, Unknown):
        return markers
    nation = "british" if key == "a" else "us"
    hexes = [rules.map.hex(h) for m, h in dict(markers).items() if nation in m]
    return any(state.side(u) == german(rules) for h in hexes for u in state.at(h))


def clause_c(rules: FireAndMovement, state: GameState) -> bool | Unknown:
    """ARN 10.7.2 c (L443): three or more British non-airborne units cannot trace a line of hexes to the south
    map edge road hex; traced by :func:`arnhem_supply.lines_to_south_edge` in its default reading."""
    ans = lines_to_south_edge(rules, state)
    if ans.reduction is None:
        return Unknown("ARN 10.7.2 c lines of hexes: " + "; ".join(ans.needs))
    return ans.reduction
