"""Combat results tables: differential CRTs with terrain lines (F&M CRT) and ratio CRTs,
with column limits. Cells come from ``tables/crt.toml``; unknown cells give :class:`Unknown`."""
from __future__ import annotations

import re
from fractions import Fraction

from hexforge.games.schema import TableFile
from hexforge.games.values import plain
from hexforge.maps.terrain import Unknown

NONE = "none"  # a blank cell: the column is not used on that terrain line


def _resolved(v: object) -> object:
    return plain(v)


def _row(crt: TableFile, key: str) -> list[object] | None:
    for r in crt.rows:
        if str(r.key) == key:
            return [_resolved(c) for c in r.cells]
    return None


def differentials(cell: object) -> list[int] | None | Unknown:
    """The differentials a terrain-line cell stands for: ``"+2, +3"`` -> [2, 3]; ``"none"`` -> None.
    U+2212 minus signs are read as '-'; ``"+4,5"`` (second sign dropped) reads as [4, 5]."""
    if cell == "unknown":
        return Unknown("CRT terrain line cell")
    if cell == NONE or cell == "":
        return None
    text = str(cell).replace("\u2212", "-")
    nums = re.findall(r"[+-]?\d+", text)
    if not nums:
        return Unknown(f"a readable CRT terrain line cell (it says {cell!r})")
    out = [int(nums[0])]
    for n in nums[1:]:
        out.append(int(n) if n[0] in "+-" else (int(n) if out[0] >= 0 else -int(n)))
    return out


def column_for(crt: TableFile, line: str, diff: int, top: int = 10) -> int | Unknown:
    """The column index for ``diff`` on a terrain line (CRT notes: below the line's lowest
    differential use the lowest; above +10 use +10)."""
    cells = _row(crt, line)
    if cells is None:
        return Unknown(f"CRT terrain line {line!r}")
    diff = min(diff, top)
    known: list[tuple[int, int]] = []
    gap = None
    for i, c in enumerate(cells):
        d = differentials(c)
        if isinstance(d, Unknown):
            gap = gap or Unknown(f"CRT line {line!r} column {crt.columns[i]}")
            continue
        if d is None:
            continue
        if diff in d:
            return i
        known += [(v, i) for v in d]
    if not known:
        return gap or Unknown(f"CRT terrain line {line!r} cells")
    lo, lo_i = min(known)
    hi, hi_i = max(known)
    if diff < lo:
        return lo_i
    if diff > hi and gap is None:
        return hi_i
    return gap or Unknown(f"CRT line {line!r} for differential {diff:+d}")


def result(crt: TableFile, column: int, die: int) -> str | Unknown:
    """The result in ``column`` for die roll ``die``."""
    cells = _row(crt, str(die))
    if cells is None:
        return Unknown(f"CRT die roll row {die}")
    v = cells[column]
    if v == "unknown":
        return Unknown(f"CRT cell die {die}, column {crt.columns[column]}")
    return str(v)


def ratio_column(columns: list[str], attack: float, defense: float) -> int | Unknown:
    """Ratio CRT: the highest column whose odds the attack meets, rounded in the defender's favour;
    below the first column uses the first, above the last the last."""
    if defense <= 0:
        return len(columns) - 1
    odds = Fraction(attack).limit_denominator() / Fraction(defense).limit_denominator()
    best = 0
    for i, c in enumerate(columns):
        m = re.fullmatch(r"\s*(\d+)\s*:\s*(\d+)\s*", c)
        if not m:
            return Unknown(f"ratio CRT column {c!r}")
        if odds >= Fraction(int(m.group(1)), int(m.group(2))):
            best = i
    return best


def normal(code: str) -> str:
    """A result code in one spelling: 'De', 'D2', 'Ex', '(A)', 'A1', 'Ae', '•' (no effect)."""
    c = code.strip()
    table = {"DE": "De", "AE": "Ae", "EX": "Ex", "NE": "•", "-": "•", "": "•"}
    return table.get(c.upper(), c)
