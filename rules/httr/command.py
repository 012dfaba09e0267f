"""HTTR command points (SR 14): a ``cp HQ N`` declaration allocates N CP from the HQ's division to a
subordinate HQ in the owner's Command Phase (SR 4.1 L125, 14.2-14.3). Checked: at most two CP to an HQ below
division level per Command Phase (14.3.1), neither HQ disrupted (14.1.5), the division HQ in Defilade
(14.1.2), the receiving HQ's supply path to its division HQ (14.3.2, through the system's supply chain).
The record tracks and what each HQ holds are :mod:`rules.httr.command_points`.
"""
from __future__ import annotations

from typing import Protocol

from hexforge.rules.httr import command_points as cpl
from hexforge.rules.httr import memory as mem
from hexforge.rules.httr.board import Board
from hexforge.rules.httr.declaration import Declaration
from hexforge.rules.httr.units import division
from hexforge.rules.registry import rule
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

DIVISION_LEVELS = ("division", "corps")


class Position(Board, Protocol):
    rules: RulesSystem
    cp_given: dict[str, int]
    cp: cpl.CpLedger


def judge_cp(p: Position, d: Declaration, index: int = 0) -> list[Verdict]:
    hq = d.target
    if hq not in p.game.units:
        return [NotCheckable(f"an HQ named {hq!r} (no unit of the game has that id)")]
    kind, side = p.phase()
    if kind == "unknown":
        return [NotCheckable("the phase (no turn tracker change yet)")]
    if kind != "command" or p.state.side(hq) != side:
        return [Illegal("HTTR SR 14.3.1", f"CP are allocated to {hq} outside its side's Command Phase")]
    giver = giver_of(p, hq, d)
    if giver is None:
        p.cp.unsure.add(hq)  # what it received is not known
        return [NotCheckable(f"the division above HQ {hq} (units.csv formation; CP go from a division to the HQs "
                             "below it)")]
    n = d.points or 0
    if giver == hq:  # SR 14.4 (L787): the division expends CP for its assets
        out = [check_amount(p, hq, n), check_hqs(p, hq, hq)]
    else:
        out = [check_amount(p, hq, n, giver), check_hqs(p, hq, giver), check_path(p, hq, giver)]
    if any(isinstance(v, Illegal) for v in out):
        return out  # an illegal allocation is void: nothing is debited or received
    out += cpl.allocate(p, index, hq, giver, n)
    p.cp_given[hq] = p.cp_given.get(hq, 0) + n
    return out


def giver_of(p: Position, hq: str, d: Declaration) -> str | None:
    """Whose record track the CP come from: the HQ named after ``from``, a division HQ's own (its assets,
    SR 14.4), else the division above the HQ (SR 14.3.1)."""
    if d.firers:
        return d.firers[0] if d.firers[0] in p.game.units else None
    if p.game.units[hq].size.strip().lower() == "division":
        return hq
    div = division(p.game, hq)
    return None if div is None or p.game.units[hq].size.strip().lower() == "corps" else div


@rule("HTTR SR 14.3.1 / 14.6.3", "CP-8", "at most two CP to each sub-divisional HQ per Command Phase; a later "
      "Command Phase only tops an HQ up to two")
def check_amount(p: Position, hq: str, n: int, giver: str | None = None) -> Verdict:
    """14.3.1's two CP bound an HQ below divisional level (and a division's own assets, 14.4); a corps HQ's
    transfer to a division HQ has none (ScR 5.2.3.3 L1153: 'may freely transfer')."""
    if giver is not None and giver != hq and level(p, hq) in DIVISION_LEVELS:
        return Legal(detail=f"{hq} is a division HQ: SR 14.3.1's two CP bound only HQs below divisional level")
    total = p.cp_given.get(hq, 0) + n
    if total > 2:
        return Illegal("HTTR SR 14.3.1", f"{hq} is allocated {total} CP this Command Phase: at most two")
    has = cpl.held(p, hq)
    if has is not None and hq not in p.cp_given and has + n > 2 and hq not in p.cp.arrived:
        return Illegal("HTTR SR 14.6.3", f"{hq} holds {has} CP from an earlier Command Phase and is allocated {n}: "
                       "a later Command Phase tops an HQ up to two")
    return Legal()


@rule("HTTR SR 14.1.2 / 14.1.5", "CP-6/CP-7", "a division HQ allocates, and a corps or division HQ receives, CP only in "
      "Defilade; a disrupted HQ "
      "neither receives nor gives CP")
def check_hqs(p: Position, hq: str, div: str) -> Verdict:
    """The giver, and a receiver that is itself a corps or division HQ, in Defilade (14.1.2 L770: 'Corps and
    Divisional HQs must be in Defilade Mode to receive/expend/allocate CPs')."""
    for u in (hq, div):
        if mem.has(p.state, u, "disrupted"):
            return Illegal("HTTR SR 14.1.5", f"{u} is disrupted and can neither receive nor dispense CP")
    for u, does in ((div, "allocates"), (hq, "receives")):
        if u != div and level(p, u) not in DIVISION_LEVELS:
            continue
        m = mem.mode(p.state, u)
        if m is None:
            return NotCheckable(f"the mode of {level(p, u) or 'division'} HQ {u} (its Mode layer)")
        if m != "defilade":
            return Illegal("HTTR SR 14.1.2", f"{level(p, u) or 'division'} HQ {u} is in {m.title()} Mode: it "
                           f"{does} CP only in Defilade")
    return Legal()


def level(p: Position, hq: str) -> str:
    """The HQ's units.csv size, lower case ('division', 'corps', 'regiment', ...)."""
    return p.game.units[hq].size.strip().lower()


@rule("HTTR SR 14.3.2", "CP-9", "the receiving HQ traces a supply path to its division HQ")
def check_path(p: Position, hq: str, div: str) -> Verdict:
    if p.state.where(hq) is None:
        return NotCheckable(f"where {hq} stands")
    modes = mem.memory(p.state).modes
    travel = frozenset(u for u, m in modes.items() if m == "travel")
    disrupted = frozenset(u for u in p.state.positions if mem.has(p.state, u, "disrupted"))
    got = p.rules.division_link(p.state, hq, div, travel=travel, disrupted=disrupted)
    if got.supplied is None:
        return NotCheckable(got.reason.removeprefix("not checkable").strip(" :()") or "the supply chain's data")
    if not got.supplied:
        return Illegal("HTTR SR 14.3.2", f"{hq} traces no supply path to its division HQ {div}: {got.reason}")
    return Legal(detail=got.reason)
