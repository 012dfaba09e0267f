"""A proposed binding of a community module's pieces to a game's units, for a person to confirm.

Their module names a counter its own way ("1st Bn Blue Inf", a prototype "Blue Army", Markers
``Att=3``, ``Def=3``, ``MA=4``); the game calls it ``B1`` / ``1/Blue``. Each piece is scored
against each unit by id (a piece named exactly like a unit id is that unit), by name
(:mod:`difflib` similarity of the normalised names; numbers that disagree weigh against), by
printed values (Markers named like a value column, or an ``a-d-m`` triple in a name), by where
the module's set-up stacks put it against where the game's scenarios set units up, and by
side (a side's id or name among the piece's Marker values, else prototype names, else name
words: a piece of one side is never bound to a unit of the other). One unit goes to one piece (an assignment
maximising the total score, :func:`scipy.optimize.linear_sum_assignment`). The result is the
TOML :func:`hexforge.builder.binding.load_binding` reads, every line saying why, with the
module's boards laid over the game's sheets (:mod:`hexforge.survey.module`).
"""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.optimize import linear_sum_assignment

from hexforge.builder.modulereader import Module, PieceDef
from hexforge.counters.unit import Unit
from hexforge.survey.module import Alignment, alignments, setup_hexes

MIN_SCORE = 0.45      # below this a pair is not proposed
CLOSE = 0.02          # a runner-up this close is named as an alternative
VALUE_NAMES = {
    "attack": ("attack", "att", "atk", "af", "cf", "a", "combat", "strength", "str"),
    "defense": ("defense", "defence", "def", "df", "d"),
    "movement": ("movement", "move", "mov", "ma", "mp", "mf", "m", "speed"),
}
TRIPLE = re.compile(r"(?<![\d-])(\d+)-(\d+)-(\d+)(?![\d-])")


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def _numbers(text: str) -> set[str]:
    return {n.lstrip("0") or "0" for n in re.findall(r"\d+", text)}


@dataclass(frozen=True, slots=True)
class Candidate:
    """A piece to bind: its binding key (name, or ``gpid:N`` when names repeat) and what it shows."""

    key: str
    piece: PieceDef
    start: str | None = None  # the game hex its set-up stack puts it in

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(t for t in (self.piece.name, self.piece.entry_name) if t))


@dataclass(frozen=True, slots=True)
class Score:
    """How well a piece fits a unit, and why."""

    value: float
    why: str


def candidates(module: Module, starts: dict[str, str] | None = None) -> list[Candidate]:
    """Every named piece once, in the module's order: by name, or by GPID where one name is several counters.

    Slots of one name that show the same (prototypes and Markers: a palette entry and its copy in a
    set-up stack) are one counter and bound by name, unless set-up stacks put them in different
    hexes (``starts``: GPID -> game hex): then each stacked slot is its own counter, by GPID.
    """
    starts = starts or {}
    by_name: dict[str, list[PieceDef]] = {}
    for p in module.pieces:
        if p.name:
            by_name.setdefault(p.name, []).append(p)
    out = []
    for name, slots in by_name.items():
        hexes = {starts[s.gpid] for s in slots if s.gpid in starts}
        if len({(s.prototypes, tuple(sorted(s.markers.items()))) for s in slots}) == 1 and len(hexes) <= 1:
            out.append(Candidate(name, slots[0], next(iter(hexes), None)))
        elif len(hexes) > 1:
            out += [Candidate(f"gpid:{s.gpid}", s, starts[s.gpid]) for s in slots if s.gpid in starts]
        else:
            out += [Candidate(f"gpid:{s.gpid}", s, starts.get(s.gpid)) for s in slots if s.gpid]
    return out


def scenario_starts(game) -> dict[str, set[str]]:
    """Game hex -> the units some scenario of the game sets up there."""
    out: dict[str, set[str]] = {}
    for sc in game.scenarios.values():
        for entry in sc.setup or []:
            label = entry.hex.resolved if entry.hex is not None else None
            if isinstance(label, str) and isinstance(entry.units, list):
                out.setdefault(label, set()).update(entry.units)
    return out


def _unit_values(unit: Unit) -> dict[str, float]:
    out = {}
    for k, v in unit.values.items():
        if isinstance(v, (int, float)) and not isinstance(v, bool) and not k.startswith(("reduced_", "printed_")):
            out[k] = float(v)
    return out


def _piece_values(piece: PieceDef, columns: list[str]) -> dict[str, float]:
    """The piece's printed values by the game's column names: Markers named like a column, else a triple."""
    out: dict[str, float] = {}
    for key, raw in piece.markers.items():
        k = _norm(key).replace(" ", "")
        for col in columns:
            if k == col or k in VALUE_NAMES.get(col, ()):
                try:
                    out.setdefault(col, float(raw))
                except ValueError:
                    pass
    triple_cols = [c for c in ("attack", "defense", "movement") if c in columns] or columns[:3]
    if len(triple_cols) == 3:
        for text in (piece.name, piece.entry_name, *piece.markers.values()):
            m = TRIPLE.search(text)
            if m:
                for col, n in zip(triple_cols, m.groups()):
                    out.setdefault(col, float(n))
                break
    return out


def piece_side(piece: PieceDef, sides: dict[str, str]) -> str | None:
    """The game side a piece shows: a side's id or name as a word of its Markers, else of its prototypes'
    names, else of its own name (the first of these that names exactly one side)."""
    for texts in (piece.markers.values(), piece.prototypes, (piece.name, piece.entry_name)):
        words = set()
        for text in texts:
            n = _norm(text)
            words.add(n)
            words.update(n.split())
        hits = {sid for sid, name in sides.items() if _norm(sid) in words or _norm(name) in words}
        if len(hits) == 1:
            return hits.pop()
        if hits:
            return None
    return None


def score(c: Candidate, unit: Unit, side: str | None, starts: dict[str, set[str]] | None = None) -> Score:
    """A piece against a unit: 1.0 by id, else name, values, and where it is set up against where the
    game's scenarios set the unit up (0 for the other side)."""
    if unit.id in c.texts:
        return Score(1.0, "by id")
    if side is not None and side != unit.side:
        return Score(0.0, f"side {side}, not {unit.side}")
    name = 0.0
    for t in c.texts:
        for u in (unit.id, unit.name, f"{unit.name} {unit.type}"):
            r = difflib.SequenceMatcher(None, _norm(t), _norm(u)).ratio()
            a, b = _numbers(t), _numbers(u)
            if a and b and not a & b:
                r *= 0.5  # "2 Blue Inf" is not "1/Blue"
            name = max(name, r)
    uv = _unit_values(unit)
    pv = _piece_values(c.piece, list(uv))
    shared = [k for k in pv if k in uv]
    why = [f"name {name:.2f}"]
    if shared:
        same = sum(pv[k] == uv[k] for k in shared)
        values = same / len(shared)
        total = 0.55 * name + 0.45 * values
        why.append(f"values {same}/{len(shared)} ({', '.join(f'{k} {pv[k]:g}' for k in shared)})")
    else:
        total = name
    if side is not None:
        total += 0.1
        why.append(f"side {side}")
    if c.start is not None and unit.id in (starts or {}).get(c.start, ()):
        total += 0.35
        why.append(f"set up in {c.start}, as a scenario sets it up")
    return Score(round(min(total, 0.99), 3), ", ".join(why))  # below 1.0: a piece named by a unit id is that unit


@dataclass(frozen=True, slots=True)
class Proposal:
    """A piece and the unit proposed for it (None: no confident match), with the reason and runner-up."""

    candidate: Candidate
    unit: str | None
    score: Score
    alternative: str | None = None


def propose(module: Module, game, starts: dict[str, str] | None = None) -> list[Proposal]:
    """The proposed unit of every piece, one unit per piece at most, in the module's order
    (``starts``: set-up stack GPID -> game hex, :func:`hexforge.survey.module.setup_hexes`)."""
    cands = candidates(module, starts)
    setups = scenario_starts(game)
    units = sorted(game.units.values(), key=lambda u: u.id)
    sides = {s.id: s.name.resolved for s in game.info.sides}
    if not cands or not units:
        return [Proposal(c, None, Score(0.0, "the game has no units")) for c in cands]
    scores = [[score(c, u, piece_side(c.piece, sides), setups) for u in units] for c in cands]
    matrix = np.array([[s.value for s in row] for row in scores])
    rows, cols = linear_sum_assignment(-matrix)
    chosen = dict(zip(rows.tolist(), cols.tolist()))
    out = []
    for i, c in enumerate(cands):
        j = chosen.get(i)
        if j is None or matrix[i, j] < MIN_SCORE:
            best = int(np.argmax(matrix[i]))
            out.append(Proposal(c, None, Score(float(matrix[i, best]), f"best {units[best].id}: {scores[i][best].why}")))
            continue
        rivals = [k for k in np.argsort(-matrix[i]).tolist() if k != j and matrix[i, k] >= matrix[i, j] - CLOSE]
        out.append(Proposal(c, units[j].id, scores[i][j], units[rivals[0]].id if rivals else None))
    return out


def _q(s: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(s, ensure_ascii=False)


def _board_lines(a: Alignment) -> list[str]:
    lines = [f"[boards.{_q(a.key())}]   # {a.matched} of {a.total} hexes of the sheet lie on it",
             f"sheet = {_q(a.sheet.prefix)}", f"column_offset = {a.column_offset}", f"row_offset = {a.row_offset}"]
    return lines


def binding_toml(module: Module, game, command: str) -> str:
    """The proposed binding as TOML with a reason on every line (deterministic)."""
    found = alignments(module, game.map.sheets, game.map.index)
    proposals = propose(module, game, setup_hexes(module, found))
    lines = [f"# A binding proposed by `{command}`.",
             "# Check every line: the reasons say what matched. Lines commented out found no confident unit;",
             "# write the unit id and remove the '#'. Then judge their logs with",
             f"#   hexforge check LOG --module {Path(module.path).name} --game {game.id} --binding THIS_FILE",
             "", "[pieces]"]
    bound = set()
    for p in proposals:
        if p.unit is None:
            lines.append(f"# {_q(p.candidate.key)} = \"?\"   # no unit fits ({p.score.why}; score {p.score.value:.2f})")
            continue
        bound.add(p.unit)
        alt = f"; as likely: {p.alternative}" if p.alternative else ""
        lines.append(f"{_q(p.candidate.key)} = {_q(p.unit)}   # {p.score.why} (score {p.score.value:.2f}{alt})")
    left = sorted(set(game.units) - bound)
    if left:
        shown = ", ".join(left[:40]) + (f", ... ({len(left)} in all)" if len(left) > 40 else "")
        lines.append(f"# units no piece is bound to: {shown}")
    for a in found:
        lines += ["", *_board_lines(a)]
    return "\n".join(lines) + "\n"
