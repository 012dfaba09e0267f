"""The survey's store: the ``[[surveyed]]``, ``[[surveyed_hexsides]]`` and ``[[surveyed_lines]]``
tables of a game's ``terrain.toml``.

Everything else in the file (the person's data, its comments and layout) is kept byte for byte:
the store cuts its own tables out of the text and appends the new ones, and checks that what the
file says outside them is unchanged before it writes (atomically). A hex, hexside or line that a
person entered or reviewed is never written over. tomlkit is not used: it moves arrays of tables
that are split by other tables (``[[places]]`` in the bundled Arnhem file) when it writes a file.
"""
from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from hexforge.games import Game, GameDataError, load_game
from hexforge.games.files import BadFile, read_text
from hexforge.games.survey_data import KEYS, NONE
from hexforge.output import write_atomic
from hexforge.survey.tomltext import Span, table_spans

Pair = tuple[str, str]
REVIEWED_SOURCE = "set in survey review"


class StoreError(ValueError):
    """A survey that cannot be read or written; the message names the file and what to do."""


@dataclass(frozen=True, slots=True)
class Call:
    """One surveyed value: a hex terrain, hexside feature or line kind, with its confidence."""

    value: str
    confidence: float
    reviewed: bool = False
    source: str = ""


@dataclass
class Survey:
    """Surveyed values by hex label, and by hex pair (sorted) for hexsides and lines."""

    hexes: dict[str, Call] = field(default_factory=dict)
    hexsides: dict[Pair, Call] = field(default_factory=dict)
    lines: dict[Pair, Call] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Change:
    """What a review saves: a hex's terrain, or a hexside's feature / a line's kind (``None``: none there)."""

    kind: Literal["hex", "hexside", "line"]
    hexes: tuple[str, ...]
    value: str | None


def pair(a: str, b: str) -> Pair:
    """The canonical key of a hexside or line between hexes ``a`` and ``b``."""
    return (a, b) if a <= b else (b, a)


_TABLE = {"hex": "surveyed", "hexside": "surveyed_hexsides", "line": "surveyed_lines"}
_FIELD = {"surveyed": "terrain", "surveyed_hexsides": "feature", "surveyed_lines": "kind"}


def _path(game_dir: Path) -> Path:
    return Path(game_dir) / "terrain.toml"


def _load(game_dir: Path) -> Game:
    try:
        return load_game(Path(game_dir))
    except GameDataError as e:
        lines = "\n".join(f"  {p}" for p in e.problems[:20])
        raise StoreError(f"the game data in {game_dir} has problems; fix them first:\n{lines}") from None


def _text(path: Path) -> tuple[str, dict[str, Any]]:
    try:
        text = read_text(path)
        return text, tomllib.loads(text)
    except (BadFile, OSError, tomllib.TOMLDecodeError) as e:
        raise StoreError(f"cannot read {path}: {e}") from None


def _survey(doc: dict[str, Any]) -> Survey:
    out = Survey()
    for key, target in (("surveyed", out.hexes), ("surveyed_hexsides", out.hexsides),
                        ("surveyed_lines", out.lines)):
        for e in doc.get(key, []):
            k = e["hex"] if key == "surveyed" else pair(*e["hexes"])
            target[k] = Call(e[_FIELD[key]], float(e["confidence"]), bool(e.get("reviewed", False)), e["source"])
    return out


def read(game_dir: Path) -> Survey:
    """The surveyed values of a game folder's ``terrain.toml`` (checked as the loader checks them)."""
    _load(game_dir)
    return _survey(_text(_path(game_dir))[1])


def _keep(game: Game) -> tuple[set[str], set[Pair], set[Pair]]:
    """What a person entered: hexes with terrain, pairs with a hexside feature, pairs with a line."""
    t, label = game.map.terrain, game.map.label
    hexes = {label(h) for h in t.hexes if h not in t.surveyed_hexes}
    person_sides = {pair(label(s.a), label(s.b)) for s in t.hexsides if s not in t.surveyed_sides}
    person_lines = {pair(label(s.a), label(s.b)) for s in t.thoroughfares if s not in t.surveyed_sides}
    return hexes, person_sides, person_lines


def sheet_source(sheet: str, image: str) -> str:
    """The source of a value surveyed on one sheet of several: ``survey of sheet A: a.png (...)``."""
    return f"survey of sheet {sheet}: {image}"


def _of_sheet(call: Call, sheet: str | None) -> bool:
    """Whether an earlier surveyed value is this survey's to replace: any unreviewed value for a
    one-sheet survey (``sheet`` None), else one the same sheet's survey wrote."""
    return not call.reviewed and (sheet is None or call.source.startswith(sheet_source(sheet, "")))


def write(game_dir: Path, survey: Survey, *, force: bool = False, sheet: str | None = None) -> Survey:
    """Store ``survey`` in the game's ``terrain.toml``; returns what was written.

    Kept whatever ``survey`` says: hexes, hexsides and lines a person entered (in ``[hexes]``,
    ``[[hexsides]]``, ``[[thoroughfares]]``), and every reviewed surveyed value. Unreviewed values of
    an earlier survey are replaced only with ``force``. A hexside or line between two hexes a person
    entered is the person's: no surveyed feature is added there.

    ``sheet`` (a game on several sheets): the survey is of that sheet's scan. Only that sheet's
    earlier survey is replaced (with ``force``); what other sheets' surveys wrote is kept, and a hex
    or hexside on an overlap that another sheet's survey already holds keeps that value (the first
    sheet surveyed wins; a person's review of it wins over both).
    """
    game = _load(game_dir)
    path = _path(game_dir)
    text, doc = _text(path)
    old = _survey(doc)
    stale = sum(1 for s in (old.hexes, old.hexsides, old.lines) for c in s.values() if _of_sheet(c, sheet))
    if stale and not force:
        again = f"sheet {sheet}'s earlier survey" if sheet else "them"
        raise StoreError(f"{path} already holds {stale} unreviewed surveyed values"
                         f"{f' of sheet {sheet}' if sheet else ''}; use --force to replace {again} "
                         "(reviewed and person-entered values are always kept)")
    person_hexes, person_sides, person_lines = _keep(game)
    new = Survey(
        {h: c for h, c in survey.hexes.items()
         if h not in person_hexes and _free(old.hexes, h, sheet)},
        {p: c for p, c in survey.hexsides.items()
         if p not in person_sides and not set(p) <= person_hexes and _free(old.hexsides, p, sheet)},
        {p: c for p, c in survey.lines.items()
         if p not in person_lines and not set(p) <= person_hexes and _free(old.lines, p, sheet)})
    _check_labels(game, new, path)
    drop = {k: [i for i, e in enumerate(doc.get(k, [])) if _of_sheet(_entry_call(k, e), sheet)] for k in KEYS}
    _save(path, text, doc, drop, new)
    return new


def _free(calls: dict[Any, Call], key: Any, sheet: str | None) -> bool:
    """Whether a new surveyed value may be written for ``key``: nothing there, or an earlier value
    this survey replaces (never a reviewed one, nor another sheet's)."""
    return key not in calls or _of_sheet(calls[key], sheet)


def _entry_call(table: str, e: dict[str, Any]) -> Call:
    return Call(e[_FIELD[table]], float(e["confidence"]), bool(e.get("reviewed", False)), e["source"])


def _check_labels(game: Game, survey: Survey, path: Path) -> None:
    index = game.map.index
    bad = [h for h in survey.hexes if h not in index]
    bad += [x for s in (survey.hexsides, survey.lines) for p in s for x in p if x not in index]
    if bad:
        raise StoreError(f"cannot write {path}: hex {bad[0]!r} is not on the map ({game.map.describe_labels()})")


def confirm(game_dir: Path, changes: Iterable[Change]) -> None:
    """Save what a person reviewed: each change's value with ``reviewed = true`` (a hexside or line
    with value ``None`` is reviewed as having none). A hex a person entered cannot be changed here."""
    game = _load(game_dir)
    path = _path(game_dir)
    text, doc = _text(path)
    old = _survey(doc)
    person_hexes, person_sides, person_lines = _keep(game)
    kinds = {t.id: t.kind for t in game.map.terrain.types.values()}
    new = Survey()
    drop: dict[str, list[int]] = {k: [] for k in KEYS}
    for ch in changes:
        key, target, prior = _target(ch, new, old, path)
        if (ch.kind == "hex" and key in person_hexes) or key in (person_sides if ch.kind == "hexside" else
                                                                person_lines if ch.kind == "line" else ()):
            raise StoreError(f"{path}: {'/'.join(ch.hexes)} was entered by a person in the game data; "
                             "edit it there, not in the review")
        want = {"hex": "hex", "hexside": "hexside", "line": "thoroughfare"}[ch.kind]
        if (ch.value is None and ch.kind == "hex") or (ch.value is not None and kinds.get(ch.value) != want):
            valid = ", ".join(sorted(k for k, v in kinds.items() if v == want))
            raise StoreError(f"{path}: {ch.value!r} is not a terrain type of kind {want} for "
                             f"{'/'.join(ch.hexes)} (valid: {valid})")
        value = NONE if ch.value is None else ch.value
        target[key] = Call(value, 1.0, True, prior.source if prior else REVIEWED_SOURCE)
        table = _TABLE[ch.kind]
        drop[table] += [i for i, e in enumerate(doc.get(table, []))
                        if (e["hex"] if table == "surveyed" else pair(*e["hexes"])) == key]
    _check_labels(game, new, path)
    _save(path, text, doc, drop, new)


def _target(ch: Change, new: Survey, old: Survey, path: Path) -> tuple[Any, dict[Any, Call], Call | None]:
    if ch.kind == "hex" and len(ch.hexes) == 1:
        return ch.hexes[0], new.hexes, old.hexes.get(ch.hexes[0])
    if ch.kind in ("hexside", "line") and len(ch.hexes) == 2:
        key = pair(*ch.hexes)
        own, prior = (new.hexsides, old.hexsides) if ch.kind == "hexside" else (new.lines, old.lines)
        return key, own, prior.get(key)
    raise StoreError(f"{path}: a {ch.kind} change needs {'one hex' if ch.kind == 'hex' else 'two hexes'}, "
                     f"not {list(ch.hexes)}")


def _save(path: Path, text: str, doc: dict[str, Any], drop: dict[str, list[int]], new: Survey) -> None:
    """Cut the dropped surveyed tables out of ``text``, append ``new``, check, write atomically."""
    spans = table_spans(text)
    cut: list[Span] = []
    for key, indexes in drop.items():
        mine = [s for s in spans if s.header == f"[[{key}]]"]
        if len(mine) != len(doc.get(key, [])):
            raise StoreError(f"cannot update {path}: its [[{key}]] tables could not be located in the text "
                             "(write each as a '[[" + key + "]]' header line with its keys under it)")
        cut += [mine[i] for i in indexes]
    out = _cut(text, cut)
    if out and not out.endswith("\n"):
        out += "\n"
    block = _render(new)
    if block and out and not out.endswith("\n\n"):
        out += "\n"
    out += block
    _verify(path, doc, drop, new, out)
    write_atomic(path, out, force=True)


def _cut(text: str, spans: list[Span]) -> str:
    pieces, at = [], 0
    for s in sorted(spans, key=lambda s: s.start):
        pieces.append(text[at:s.start])
        at = s.end
    pieces.append(text[at:])
    return "".join(pieces)


def _render(survey: Survey) -> str:
    """The surveyed tables as TOML text, in label order (deterministic)."""
    out: list[str] = []
    for h in sorted(survey.hexes):
        out.append(_table("surveyed", [("hex", h)], "terrain", survey.hexes[h]))
    for key, calls, name in (("surveyed_hexsides", survey.hexsides, "feature"),
                             ("surveyed_lines", survey.lines, "kind")):
        for p in sorted(calls):
            out.append(_table(key, [("hexes", list(p))], name, calls[p]))
    return "".join(out)


def _table(key: str, where: list[tuple[str, Any]], name: str, call: Call) -> str:
    rows = [*where, (name, call.value), ("confidence", round(float(call.confidence), 3)),
            ("reviewed", call.reviewed), ("source", call.source or "survey")]
    return f"[[{key}]]\n" + "".join(f"{k} = {_value(v)}\n" for k, v in rows) + "\n"


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, float):
        return repr(v)
    return json.dumps(str(v), ensure_ascii=False)  # JSON's string escapes are all valid TOML


def _verify(path: Path, doc: dict[str, Any], drop: dict[str, list[int]], new: Survey, out: str) -> None:
    """Refuse to write unless the new text says what the old one did outside the surveyed tables,
    keeps the surveyed tables not dropped, and adds exactly ``new``."""
    try:
        got = tomllib.loads(out)
    except tomllib.TOMLDecodeError as e:
        raise StoreError(f"cannot update {path}: the result would not be valid TOML ({e}); file left as it was")
    person = {k: v for k, v in doc.items() if k not in KEYS}
    kept = {k: [e for i, e in enumerate(doc.get(k, [])) if i not in set(drop.get(k, []))] for k in KEYS}
    added = tomllib.loads(_render(new)) if _render(new) else {}
    want = {k: kept[k] + added.get(k, []) for k in KEYS}
    if {k: v for k, v in got.items() if k not in KEYS} != person or {k: got.get(k, []) for k in KEYS} != want:
        raise StoreError(f"cannot update {path}: its layout keeps the surveyed tables from being replaced "
                         "safely; file left as it was")
