"""What the PtR referee reads from a game's data, each answer a value or :class:`Unknown` naming the datum:
formations (``game.toml [special.formations]``: side, HQ, Maximum Activation Level, recovery), FAM placements
(scenario ``[special_rules] fam_placement``), the AP Table, the List of Actions, stacking limits, unit classes
and printed values. No game id or value is written here (PtR 10-14)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from hexforge.games.game import Game
from hexforge.games.values import UNKNOWN, parse_datum, plain
from hexforge.maps.terrain import Unknown
from hexforge.rules.core.tables import Cells

HQ_TYPE = "headquarters"


def resolved(raw: Any) -> Any:
    """A data value as the code uses it (a chosen reading, else ``"unknown"``)."""
    return parse_datum(raw).resolved if raw is not None else UNKNOWN


def number(raw: Any, what: str) -> int | Unknown:
    v = resolved(raw)
    return v if isinstance(v, int) and not isinstance(v, bool) else Unknown(what)


@dataclass(frozen=True, slots=True)
class Formation:
    """One formation (PtR 6.1): its side, parent HQ unit and FAM data."""

    id: str
    side: str
    hq: str | None
    fam_max: int | Unknown
    recovery: int | Unknown


class PtrData:
    """The PtR tables and lists of one game, read once."""

    def __init__(self, game: Game, scenario: str | None) -> None:
        self.game = game
        self.scenario = scenario
        self.special = game.info.special or {}
        self.ap_table = Cells.of(game, "ap")
        self.costs = Cells.of(game, "action-costs")

    @cached_property
    def formations(self) -> dict[str, Formation]:
        out = {}
        for fid, f in sorted((self.special.get("formations") or {}).items()):
            hq = resolved(f.get("hq"))
            out[fid] = Formation(fid, str(resolved(f.get("side"))), hq if hq in self.game.units else None,
                                 number(f.get("fam_max"), f"the Maximum Activation Level of formation {fid} "
                                        "(game.toml [special.formations] fam_max)"),
                                 number(f.get("recovery"), f"the recovery rating of formation {fid} "
                                        "(game.toml [special.formations] recovery)"))
        return out

    def formation_of(self, uid: str) -> str | None:
        """The formation a unit belongs to (units.csv formation), when it is a known formation."""
        f = self.game.units[uid].formation if uid in self.game.units else ""
        return f if f in self.formations else None

    @cached_property
    def attachments(self) -> dict[str, str]:
        """Units the scenario played attaches to another formation at the start (``[special_rules] attachments``,
        e.g. 21.2.9's '* attached to 526th Inf Div'): unit -> formation."""
        sc = self.game.scenarios.get(self.scenario) if self.scenario else None
        got = plain((sc.special_rules or {}).get("attachments")) if sc is not None else None
        return {u: f for u, f in got.items() if f in self.formations} if isinstance(got, dict) else {}

    def find_formation(self, word: str) -> str | None:
        """The formation a typed word names: its id, the only id it begins, or its HQ unit's id."""
        w = word.lower()
        ids = {f.lower(): f for f in self.formations}
        if w in ids:
            return ids[w]
        starts = [f for k, f in ids.items() if k.startswith(w)]
        if len(starts) == 1:
            return starts[0]
        hqs = [f.id for f in self.formations.values() if f.hq and f.hq.lower().replace(" ", "") == w.replace(" ", "")]
        return hqs[0] if len(hqs) == 1 else None

    def fam_start(self) -> dict[str, int | Unknown]:
        """Every formation's FAM box at the start (scenario ``fam_placement``, PtR 21.0)."""
        out: dict[str, int | Unknown] = {}
        scs = [self.game.scenarios[self.scenario]] if self.scenario in self.game.scenarios else []
        place = plain((scs[0].special_rules or {}).get("fam_placement")) if scs else None
        for fid in self.formations:
            why = f"the FAM placement of formation {fid} (scenario [special_rules] fam_placement)"
            out[fid] = number(place.get(fid), why) if isinstance(place, dict) else Unknown(
                why + ("" if scs else "; the log does not say which scenario is played"))
        return out

    # -- tables ---------------------------------------------------------------------------------

    def ap_cell(self, level: int, die: int, bold: bool) -> int | Unknown:
        """PtR 10.1.2B / 10.2.3B: the AP Table cell (bold: activation; non-bold: reaction)."""
        col = f"{level} {'bold' if bold else 'non-bold'}"
        v = self.ap_table.get(str(die), col)
        return v if isinstance(v, int) and not isinstance(v, bool) else Unknown(
            f"AP Table cell: Activation Level {level}, die {die}, {'bold' if bold else 'non-bold'} "
            "(tables/ap.toml)")

    def action_cost(self, action: str, ooc: bool = False) -> int | Unknown | None:
        """PtR 11.4 (11.3 for OOC units): an Action's AP cost; ``None`` when the Action is not allowed."""
        v = self.costs.get(action, "ap_cost_ooc" if ooc else "ap_cost")
        if v == "not allowed":
            return None
        return v if isinstance(v, int) else Unknown(f"the AP cost of {action} (tables/action-costs.toml)")

    # -- units ----------------------------------------------------------------------------------

    def is_hq(self, uid: str) -> bool:
        return self.game.units[uid].type == HQ_TYPE

    @cached_property
    def support_types(self) -> frozenset[str] | None:
        raw = self.special.get("support_type_unit_types")
        v = resolved(raw)
        return frozenset(v) if isinstance(v, list) else None

    def unit_class(self, uid: str) -> str | Unknown:
        """``hq``, ``support-type`` or ``infantry-type`` (PtR 2.4.1.3, 14.1D)."""
        if self.is_hq(uid):
            return "hq"
        if self.support_types is None:
            return Unknown("support_type_unit_types ([special] of game.toml)")
        return "support-type" if self.game.units[uid].type in self.support_types else "infantry-type"

    def stacking(self) -> dict[str, int] | Unknown:
        """PtR 14.1D / 20.0C2: per side per hex, how many of each class."""
        s = plain(self.special.get("stacking"))
        if not isinstance(s, dict):
            return Unknown("stacking limits ([special] stacking of game.toml)")
        try:
            return {"infantry-type": int(s["infantry_type"]), "support-type": int(s["with_support_type"]),
                    "hq": int(s["hq_per_hex"])}
        except (KeyError, TypeError, ValueError):
            return Unknown("stacking limits infantry_type, with_support_type, hq_per_hex ([special] stacking)")

    def value(self, uid: str, column: str, disrupted: bool) -> int | Unknown:
        """A printed value of the unit's showing side (``reduced_<column>`` on the disrupted side)."""
        u = self.game.units[uid]
        v = u.values.get(f"reduced_{column}", u.values.get(column)) if disrupted else u.values.get(column)
        return v if isinstance(v, int) and not isinstance(v, bool) else Unknown(
            f"{column}{' (disrupted side)' if disrupted else ''} of unit {uid} (units.csv)")

    @cached_property
    def sudden_end_from(self) -> int:
        """PtR 9.3C: the first segment Sudden End may occur in (the rule's own 11 unless the data says)."""
        v = resolved(self.special.get("sudden_end_from_segment"))
        return v if isinstance(v, int) else 11

    @cached_property
    def us_side(self) -> str | Unknown:
        """The side the rules call the US (ties of 9.2.1C, the Interdiction DRM of 9.2.1B, the US Interdiction roll
        of 5.2.1D): ``[special] us_side``; without it, Unknown naming the datum (no side is guessed by its name)."""
        v = resolved(self.special.get("us_side"))
        return v if v in self.game.sides else Unknown(
            "which side is the US ([special] us_side of game.toml, PtR 9.2.1C)")
