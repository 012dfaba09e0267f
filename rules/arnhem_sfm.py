"""Arnhem support fire markers (ARN 10.7, 10.7.2): the airpower roll, declared in chat ``airpower`` in the
Support Fire Marker Phase of a GT on which the Allied allotment is 13 and followed by one die, and the
reductions of the Allied pools at the beginning of that phase."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexforge.maps.terrain import Unknown
from hexforge.rules.arnhem_actions import DiceAction, allied, german
from hexforge.rules.coverage import rule
from hexforge.rules.dice_tables import row
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable

if TYPE_CHECKING:
    from hexforge.rules.arnhem import Arnhem
    from hexforge.rules.checker import Checker

AIRPOWER = re.compile(r"^\s*airpower\s*$", re.I)
AIRPOWER_GT_ALLOTMENT = 13  # ARN 10.7 (L430): "GTs that the Allied player is listed as having 13 markers"


@dataclass
class AirpowerRoll(DiceAction):
    """The Airpower SFMs Available Table roll; its outcome reads ``<n> british <m> us``."""

    def resolve(self, ch: Checker, die: int) -> str | Unknown:
        cells = row(ch.game, "airpower", str(die))
        if isinstance(cells, Unknown):
            return cells
        british, us = cells[0], cells[1]
        if not isinstance(british, int) or not isinstance(us, int):
            return Unknown(f"airpower table row {die} (tables/airpower.toml columns british, us)")
        return f"{british} british {us} us"


@rule("ARN 10.7", "ARN-9", "airpower: one roll on the Airpower SFMs Available Table in the Support Fire Marker "
      "Phase, once per GT, only on GTs on which the Allied allotment is 13")
def declare_airpower(rules: Arnhem, ch: Checker, index: int) -> None:
    st = ch.state
    kind, _ = ch.phase()
    why: list[str] = []
    if kind != "sfm":
        why.append("it is not the Support Fire Marker Phase")
    if ("airpower", st.turn) in ch.attempts:
        why.append(f"airpower was already rolled in GT {st.turn}")
    ch.attempts.add(("airpower", st.turn))
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


@rule("ARN 10.7.2", "ARN-9", "SFM reductions at the beginning of the Support Fire Marker Phase: a German unit on "
      "the British drop zone marker (three +3 from the British pool) or on a US one (three +3 from the US pool); "
      "clause c (British units cut off from the south edge road hex) is not checkable")
def sfm_reductions(rules: Arnhem, state: GameState) -> tuple[list[Reduction], list[Unknown]]:
    """The reductions that apply in ``state`` and what could not be decided."""
    table = rules.game.tables.get("sfm_reductions")
    markers = rules.scenario_value(lambda sc: (sc.special_rules or {}).get("drop_zone_markers"),
                                   "the drop zone marker hexes ([special_rules] drop_zone_markers)")
    unknown = [Unknown("how a line of hexes to the south map edge road hex is traced (ARN 10.7.2 c does not say; "
                       "tables/sfm_reductions.toml row c)")]
    if table is None or isinstance(markers, Unknown):
        return [], unknown + [markers if isinstance(markers, Unknown) else Unknown("tables/sfm_reductions.toml")]
    out: list[Reduction] = []
    for r in table.rows:
        key = str(r.key)
        if key not in ("a", "b"):
            continue
        nation = "british" if key == "a" else "us"
        hexes = [rules.map.hex(h) for m, h in dict(markers).items() if nation in m]
        held = any(state.side(u) == german(rules) for h in hexes for u in state.at(h))
        cells = [c.resolved if hasattr(c, "resolved") else c for c in r.cells]
        value = cells[3].get("value") if isinstance(cells[3], dict) else cells[3]
        if held:
            out.append(Reduction(key, str(cells[1]), int(cells[2]), int(value)))
    return out, unknown
