"""Reports of a check: text per event and a summary, JSON, and an HTML page for a referee: a summary
first, each violation on a cut-out of the map with the units as they stood, every event by turn and
phase, the whole map collapsed at the end."""
from __future__ import annotations

import base64
import html
import io
import json
import math
import re
from dataclasses import dataclass
from collections.abc import Iterator
from itertools import groupby
from types import MappingProxyType

from PIL import Image, ImageDraw

from hexforge.builder.timeline import ChatLine, describe
from hexforge.counters.art import SIZE, faces, render, side_colour
from hexforge.counters.fonts import font
from hexforge.games.game import Game
from hexforge.maps.draw import HATCH, UNSURVEYED_FILL, draw_board, draw_key
from hexforge.maps.png import png_bytes
from hexforge.maps.hexmap import SheetBoard
from hexforge.rules.replay import Judged, Report
from hexforge.rules.state import GameState, phase_names
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict, worst


def text(report: Report) -> str:
    return "".join(text_lines(report))


def text_lines(report: Report) -> Iterator[str]:
    """:func:`text` line by line (each ending in a newline), walking the events once."""
    yield f"check of a {report.game} log\n"
    yield from (f"warning: {w}\n" for w in report.warnings)
    yield from (f"setup: {v.text()}\n" for v in report.setup)
    c = _counts()
    for j in report.judged:
        for v in j.verdicts:
            _count(v, c)
            yield f"[{j.index + 1}] step {getattr(j.event, 'step', '?')}: {describe(j.event)}: {v.text()}\n"
    if report.victory is not None:
        yield report.victory.line() + "\n"
    yield f"summary: {c['legal']} legal, {c['illegal']} illegal, {c['not checkable']} not checkable\n"


def _counts() -> dict[str, int]:
    return {"legal": 0, "illegal": 0, "not checkable": 0}


def _count(v: Verdict, into: dict[str, int]) -> None:
    into[{Legal: "legal", Illegal: "illegal", NotCheckable: "not checkable"}[type(v)]] += 1


def _verdict(v: Verdict) -> dict:
    d = {"verdict": {Legal: "legal", Illegal: "illegal", NotCheckable: "not checkable"}[type(v)]}
    if isinstance(v, Illegal):
        d |= {"rule": v.rule, "reason": v.reason}
    if isinstance(v, NotCheckable):
        d["needs"] = v.needs
    if isinstance(v, Legal) and v.detail:
        d["detail"] = v.detail
    if v.guess:
        d["guess"] = v.guess
    return d


def as_json(report: Report) -> str:
    return "".join(json_chunks(report))


def json_chunks(report: Report) -> Iterator[str]:
    """The report as one JSON object (keys sorted, indented by two), written as it walks the events once:
    ``events`` first, then what follows it in key order, the summary counted on the way."""
    def dumped(value: object, depth: int) -> str:
        return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True).replace("\n", "\n" + "  " * depth)

    c, first = _counts(), True
    yield '{\n  "events": ['
    for j in report.judged:
        for v in j.verdicts:
            _count(v, c)
            event = {"index": j.index, "step": getattr(j.event, "step", None), "event": describe(j.event)}
            yield ("\n    " if first else ",\n    ") + dumped(event | _verdict(v), 2)
            first = False
    yield "]" if first else "\n  ]"
    rest = {"game": report.game, "warnings": report.warnings, "summary": c,
            "setup": [_verdict(v) for v in report.setup]}
    if report.victory is not None:
        v = report.victory
        rest["victory"] = {"winner": v.winner, "text": v.text} | ({"needs": v.needs} if v.needs else {})
    for k in sorted(rest):
        yield f",\n  {json.dumps(k)}: {dumped(rest[k], 1)}"
    yield "\n}\n"


# -- HTML: a referee's page --------------------------------------------------------------------
# A summary first; then each violation with a cut-out of the map around the hexes it involves and
# the units as they stood before it; then every event grouped by turn and phase, one verdict (its
# worst) per event with the others under it; the full map last, collapsed. Plain f-strings with
# html.escape at every text: the page is a handful of small pieces, so no template engine.

MARK = "#e6007e"  # violations in magenta with a white casing, unlike the map's thin dark-red victory circles
KIND = {Legal: "legal", Illegal: "illegal", NotCheckable: "nc"}
KIND_TEXT = {"illegal": "illegal", "nc": "not checkable", "legal": "legal"}
ARROW = 14  # arrowhead length in board pixels
ZOOM, CROP_MAX = 1.5, (880, 520)  # cut-outs: drawn 1.5x the board, at most this many page pixels
PICTURES = 100  # cut-outs drawn at most (~20 KB each): a log full of faults still makes a page a browser opens
_TOKEN = re.compile(r"[^\s,;:()\[\]/]+")


@dataclass(frozen=True, slots=True)
class Row:
    """A judged event on the page: the turn and phase it falls in, and for a violation the position before it."""

    judged: Judged
    turn: int | None
    phase: int | None
    before: GameState | None = None

    @property
    def step(self) -> int | None:
        return getattr(self.judged.event, "step", None)

    @property
    def worst(self) -> Verdict:
        return worst(self.judged.verdicts)


def walk(game: Game, report: Report) -> tuple[list[Row], GameState]:
    """Every event with a verdict, in its turn and phase (the turn tracker's changes, applied as the
    state applies them), keeping the position before each illegal one; and the last position."""
    if report.timeline is not None:
        state = GameState.from_setup(game, report.timeline)
    else:  # a report made without the replay driver: the set-up is not known, units appear once they move
        state = GameState(MappingProxyType({}), MappingProxyType({u: x.side for u, x in game.units.items()}))
    rows = []
    for j in report.judged:
        after = state.apply(j.event, game)
        if j.verdicts:
            rows.append(Row(j, after.turn, after.phase, state if isinstance(worst(j.verdicts), Illegal) else None))
        state = after
    return rows, state


def player(game: Game, phase: int | None) -> str:
    """Who acts in a phase: the side's name, or first/second/both players as the sequence says."""
    if phase is None:
        return "—"
    who = game.info.sequence[phase].player
    sides = {s.id: s.name.resolved for s in game.info.sides}
    return sides.get(who) or {"first": "first player", "second": "second player", "both": "both players"}.get(who, who)


def _turn_text(turn: int | None) -> str:
    return f"Turn {turn}" if turn is not None else "Before the first turn"


def _phase_text(game: Game, phase: int | None) -> str:
    return phase_names(game)[phase] if phase is not None else "no phase set yet"


def involved(game: Game, j: Judged) -> tuple[list[str], list[str]]:
    """The event's own hexes in order (a move's path), and the hexes to outline: the path's two ends
    and every hex label its illegal verdicts (or its chat line) name."""
    e = j.event
    own = list(getattr(e, "path", ()) or ()) or [x for x in (getattr(e, "from_hex", None), getattr(e, "to_hex", None),
                                                              getattr(e, "hex", None)) if x]
    own = [x for x in own if x in game.map.index]
    texts = [v.reason for v in j.verdicts if isinstance(v, Illegal)] + ([e.text] if isinstance(e, ChatLine) else [])
    named = [t.strip(".'\"") for s in texts for t in _TOKEN.findall(s)]
    return own, list(dict.fromkeys([x for x in own[:1] + own[-1:] + named if x in game.map.index]))


class Maps:
    """The map's sheets drawn once each, cut out around a violation with the units on them."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.boards: list[SheetBoard] = game.map.sheet_boards()
        self.local = [{m: b for b, m in board.to_map.items()} for board in self.boards]
        self._drawn: dict[int, Image.Image] = {}
        self._counters: dict[tuple[str, bool, int], Image.Image] = {}

    def board(self, i: int) -> Image.Image:
        if i not in self._drawn:
            self._drawn[i] = draw_board(self.game.map, self.boards[i]).convert("RGB")
        return self._drawn[i]

    def counter(self, uid: str, reduced: bool, size: int) -> Image.Image:
        key = (uid, reduced, size)
        if key not in self._counters:
            front, back = faces(self.game.units[uid], self.game.info.system)
            img = Image.open(io.BytesIO(render(back if reduced and back else front))).convert("RGB")
            self._counters[key] = img if size == SIZE else img.resize((size, size), Image.LANCZOS)
        return self._counters[key]

    def hex_size(self, i: int) -> tuple[float, float]:
        g = self.boards[i].grid
        xs, ys = zip(*g.corners(next(iter(self.boards[i].to_map))))
        return max(xs) - min(xs), max(ys) - min(ys)

    def sheet_of(self, labels: list[str]) -> int:
        hexes = [self.game.map.index[x] for x in labels]
        return max(range(len(self.boards)), key=lambda k: (sum(h in self.local[k] for h in hexes), -k))

    def units(self, img: Image.Image, i: int, state: GameState, origin: tuple[float, float], scale: float,
              mover: str | None) -> None:
        """Paste each unit standing on sheet ``i`` (a stack fanned out), the acting unit framed in magenta."""
        g, (hw, hh) = self.boards[i].grid, self.hex_size(i)
        size = max(16, round(min(hw, hh) * 0.56 * scale))
        d = ImageDraw.Draw(img)
        for h, uids in sorted(state.occupants.items()):
            if h not in self.local[i]:
                continue
            cx, cy = g.centre(self.local[i][h])
            x, y = (cx - origin[0]) * scale - size / 2, (cy - origin[1] + hh * 0.1) * scale - size / 2
            if not (-size < x < img.width and -size < y < img.height):
                continue
            for k, uid in enumerate(u for u in uids if u in self.game.units):
                at = (round(x + 6 * k), round(y + 4 * k))  # fanned down: the hex number stays clear
                img.paste(self.counter(uid, uid in state.reduced, size), at)
                if uid == mover:
                    d.rectangle((at[0] - 2, at[1] - 2, at[0] + size + 1, at[1] + size + 1), outline=MARK, width=4)

    def marks(self, img: Image.Image, i: int, own: list[str], named: list[str], origin: tuple[float, float],
              scale: float) -> list[tuple[float, float]]:
        """Outline each hex the event or its verdict names and draw the logged move's line (under the units);
        returns the line's points for :meth:`arrowhead`, drawn over the units."""
        g, local, d = self.boards[i].grid, self.local[i], ImageDraw.Draw(img)

        def shift(p: tuple[float, float]) -> tuple[float, float]:
            return (p[0] - origin[0]) * scale, (p[1] - origin[1]) * scale

        on = [local[h] for h in (self.game.map.index[x] for x in dict.fromkeys(named)) if h in local]
        for h in on:
            ring = [shift(c) for c in g.corners(h)]
            for colour, width in (("#ffffff", round(7 * scale)), (MARK, round(4 * scale))):
                d.line(ring + ring[:1], fill=colour, width=width, joint="curve")
        path = [shift(g.centre(local[h])) for h in (self.game.map.index[x] for x in own if x in self.game.map.index)
                if h in local]
        path = [p for k, p in enumerate(path) if k == 0 or p != path[k - 1]]
        if len(path) < 2:
            return []
        path[-1] = self._base(path, scale)
        for colour, width in (("#ffffff", round(9 * scale)), (MARK, round(5 * scale))):
            d.line(path, fill=colour, width=width, joint="curve")
        return path

    def _base(self, path: list[tuple[float, float]], scale: float) -> tuple[float, float]:
        """Where the line stops: the arrowhead's base, short of the last hex's centre."""
        (x0, y0), (x1, y1) = path[-2], path[-1]
        a = math.atan2(y1 - y0, x1 - x0)
        back = (ARROW + 10) * scale
        return x1 - math.cos(a) * back, y1 - math.sin(a) * back

    @staticmethod
    def arrowhead(img: Image.Image, path: list[tuple[float, float]], scale: float) -> None:
        if len(path) < 2:
            return
        (x0, y0), (x1, y1) = path[-2], path[-1]
        a, n = math.atan2(y1 - y0, x1 - x0), ARROW * scale
        tip = (x1 + math.cos(a) * n, y1 + math.sin(a) * n)
        wing = [(x1 + n * 0.6 * math.cos(a + s), y1 + n * 0.6 * math.sin(a + s)) for s in (math.pi / 2, -math.pi / 2)]
        ImageDraw.Draw(img).polygon([tip, wing[0], wing[1]], fill=MARK, outline="#ffffff", width=max(1, round(scale)))

    def cutout(self, j: Judged, state: GameState) -> tuple[bytes, int, int, str] | None:
        """A PNG of the map around the hexes ``j`` involves, its size and its sheet; None when it names no hex."""
        own, named = involved(self.game, j)
        if not named:
            return None
        i = self.sheet_of(named)
        g, (hw, hh), local = self.boards[i].grid, self.hex_size(i), self.local[i]
        pts = [c for x in own + named if self.game.map.index[x] in local for c in g.corners(local[self.game.map.index[x]])]
        if not pts:
            return None
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = _fit(min(xs) - hw, min(ys) - hh * 0.8, max(xs) + hw, max(ys) + hh * 0.8, (4.2 * hw, 3.4 * hh),
                   self.board(i).size)
        w, h = box[2] - box[0], box[3] - box[1]
        scale = min(ZOOM, CROP_MAX[0] / w, CROP_MAX[1] / h)
        img = self.board(i).crop(box).resize((round(w * scale), round(h * scale)), Image.LANCZOS)
        path = self.marks(img, i, own, named, box[:2], scale)
        self.units(img, i, state, box[:2], scale, getattr(getattr(j.event, "piece", None), "unit", None))
        self.arrowhead(img, path, scale)
        return _palette_png(img), img.width, img.height, self.boards[i].sheet.prefix

    def full(self, i: int, state: GameState, bad: list[Row]) -> Image.Image:
        """Sheet ``i`` with the units where they stand at the end and each violation marked with its step."""
        img = self.board(i).copy()
        marked = [(row, *involved(self.game, row.judged)) for row in bad]
        paths = [self.marks(img, i, own, named, (0, 0), 1.0) for _, own, named in marked]
        self.units(img, i, state, (0, 0), 1.0, None)
        d = ImageDraw.Draw(img)
        for (row, own, named), path in zip(marked, paths):
            self.arrowhead(img, path, 1.0)
            ends = [self.game.map.index[x] for x in (own or named)[-1:] if self.game.map.index[x] in self.local[i]]
            if ends:
                x, y = self.boards[i].grid.centre(self.local[i][ends[0]])
                d.text((x + 22, y - 30), str(row.step), fill=MARK, font=font(18, bold=True), stroke_width=3,
                       stroke_fill="#ffffff")
        return img


def _palette_png(img: Image.Image) -> bytes:
    """PNG with a 256-colour palette: a map's flat colours survive exactly, at a third of the size."""
    return png_bytes(img.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))


def _fit(x0: float, y0: float, x1: float, y1: float, least: tuple[float, float],
         bounds: tuple[int, int]) -> tuple[int, int, int, int]:
    """The box grown to at least ``least`` about its centre, then moved (not shrunk) inside ``bounds``."""
    (a, c), (b, e) = _span(x0, x1, least[0], bounds[0]), _span(y0, y1, least[1], bounds[1])
    return a, b, c, e


def _span(lo: float, hi: float, need: float, limit: int) -> tuple[int, int]:
    if hi - lo < need:
        mid = (lo + hi) / 2
        lo, hi = mid - need / 2, mid + need / 2
    if hi - lo >= limit:
        return 0, limit
    shift = -lo if lo < 0 else (limit - hi if hi > limit else 0)
    return round(lo + shift), round(hi + shift)


def _said(v: Verdict) -> str:
    """One verdict as page text: the rule first for an illegal one."""
    guess = f" <span class='guess'>(guess: {html.escape(v.guess)})</span>" if v.guess else ""
    if isinstance(v, Illegal):
        return f"<span class='rule'>{html.escape(v.rule)}</span> {html.escape(v.reason)}{guess}"
    if isinstance(v, NotCheckable):
        return f"not checkable: needs {html.escape(v.needs)}{guess}"
    return f"legal{guess}"


def _others(row: Row) -> str:
    rest = [v for v in row.judged.verdicts if v is not row.worst]
    if not rest:
        return ""
    return "<ul class='also'>" + "".join(f"<li class='{KIND[type(v)]}'>{_said(v)}</li>" for v in rest) + "</ul>"


def _tally(verdicts: list[Verdict], into: dict[str, int]) -> dict[str, int]:
    for v in verdicts:
        into[KIND[type(v)]] += 1
    return into


def summary_html(game: Game, report: Report, rows: list[Row]) -> str:
    """Counts of verdicts (as the text report's summary), then by turn and the player acting."""
    c = report.counts()
    total = {"illegal": c["illegal"], "nc": c["not checkable"], "legal": c["legal"]}
    tiles = "".join(f"<div class='tile {k}'><b>{total[k]}</b> {KIND_TEXT[k]}</div>" for k in ("illegal", "nc", "legal"))
    bad = sum(isinstance(r.worst, Illegal) for r in rows)
    out = [f"<div class='tiles'>{tiles}</div>",
           f"<p class='gist'>{len(rows)} events judged; <b>{bad}</b> with an illegal verdict"
           + (" (each is shown on the map below)" if bad else "") + ".</p>"]
    if report.setup:
        kind = KIND[type(worst(report.setup))]
        out.append(f"<p class='setup-line'>Set-up: <span class='badge {kind}'>{KIND_TEXT[kind]}</span> "
                   f"({len(report.setup)} verdict{'s' if len(report.setup) > 1 else ''}, listed under Setup, not counted above)</p>")
    if report.victory is not None:
        out.append(f"<p class='victory'>{html.escape(report.victory.line())}</p>")
    if report.warnings:
        out.append("<ul class='warnings'>" + "".join(f"<li>warning: {html.escape(w)}</li>" for w in report.warnings)
                   + "</ul>")
    by: dict[tuple[int | None, str], dict[str, int]] = {}
    for r in rows:
        _tally(r.judged.verdicts, by.setdefault((r.turn, player(game, r.phase)), dict.fromkeys(KIND_TEXT, 0)))
    body = "".join(f"<tr data-turn='{'' if t is None else t}' data-player='{html.escape(who)}'><td>{_turn_text(t)}</td>"
                   f"<td>{html.escape(who)}</td>" + _cells(n) + "</tr>" for (t, who), n in by.items())
    out.append("<table class='summary'><thead><tr><th>turn</th><th>player</th><th>illegal</th><th>not checkable</th>"
               f"<th>legal</th></tr></thead><tbody>{body}</tbody><tfoot><tr class='total'><td colspan='2'>all events"
               f"</td>{_cells(total)}</tr></tfoot></table>")
    return "<section class='overview'>" + "".join(out) + "</section>"


def _cells(n: dict[str, int]) -> str:
    return "".join(f"<td class='n {k}{' zero' if not n[k] else ''}'>{n[k]}</td>" for k in ("illegal", "nc", "legal"))


def _key(inner: str) -> str:
    return f"<svg class='key' width='30' height='20' viewBox='0 0 30 20' aria-hidden='true'>{inner}</svg>"


_HEX = "points='2,10 8,1 22,1 28,10 22,19 8,19'"
LEGEND = [
    (_key(f"<line x1='2' y1='10' x2='17' y2='10' stroke='{MARK}' stroke-width='4'/>"
          f"<polygon points='16,3 28,10 16,17' fill='{MARK}'/>"), "the move as logged, from where the unit stood"),
    (_key(f"<polygon {_HEX} fill='#ece6c8' stroke='{MARK}' stroke-width='3'/>"), "a hex the event or its verdict names"),
    (_key(f"<rect x='7' y='2' width='16' height='16' fill='#ffffff' stroke='{MARK}' stroke-width='3'/>"),
     "the unit that acted"),
    (_key("<circle cx='15' cy='10' r='6' fill='none' stroke='#c00000' stroke-width='2.5'/>"), "victory or objective hex"),
    (_key(f"<polygon {_HEX} fill='{UNSURVEYED_FILL}' stroke='#6b6b6b'/><path d='M9 15 L15 5 M14 15 L20 5' "
          f"stroke='{HATCH}' stroke-width='1.5'/>"), "terrain not surveyed"),
]


def _legend(game: Game) -> str:
    """What the marks and colours on the cut-outs mean, with one counter colour per side (and nationality)."""
    names = {s.id: s.name.resolved for s in game.info.sides}
    seen: dict[str, str] = {}
    for u in game.units.values():
        label = f"{names.get(u.side, u.side)} unit" + (f" ({u.nationality})" if u.nationality else "")
        seen.setdefault(label, side_colour(u.side, u.nationality))
    keys = LEGEND[:3] + [(_key(f"<rect x='7' y='2' width='16' height='16' fill='{c}' stroke='#000'/>"), t)
                         for t, c in sorted(seen.items())] + LEGEND[3:]
    return ("<ul class='legend'>" + "".join(f"<li>{k}{html.escape(t)}</li>" for k, t in keys) + "</ul>"
            "<p class='note'>Units are drawn where they stood before the event; the step is VASSAL's step in the log.</p>")


def violations_html(game: Game, rows: list[Row], maps: Maps) -> str:
    """Each illegal event once, with its worst verdict's rule, its other verdicts and a map cut-out."""
    bad = [r for r in rows if isinstance(r.worst, Illegal)]
    if not bad:
        return "<h2 id='violations'>Violations</h2><p class='none'>No illegal event.</p>"
    cards = []
    for n, r in enumerate(bad):
        cut = maps.cutout(r.judged, r.before) if n < PICTURES else None
        own, named = involved(game, r.judged)
        where = ", ".join(dict.fromkeys(own + named))
        fig = (f"<figure><img alt='the map around {html.escape(where)}' width='{cut[1]}' height='{cut[2]}' "
               f"src='data:image/png;base64,{base64.b64encode(cut[0]).decode()}'><figcaption>"
               + (f"sheet {html.escape(cut[3])}: " if cut[3] else "") + f"hexes {html.escape(where)}</figcaption></figure>"
               if cut else f"<p class='note'>{_no_picture(where)}</p>")
        i = r.judged.index
        cards.append(f"<article class='violation' id='v-{i}' data-index='{i}' data-step='{r.step}'><div class='text'>"
                     f"<h3><a href='#e-{i}'>Step {r.step}</a> · {_turn_text(r.turn)} · "
                     f"{html.escape(_phase_text(game, r.phase))}</h3>"
                     f"<p class='event'>{html.escape(describe(r.judged.event))}</p>"
                     f"<p class='why illegal'>{_said(r.worst)}</p>{_others(r)}</div>{fig}</article>")
    return (f"<h2 id='violations'>Violations ({len(bad)})</h2><details class='legend-box' open><summary>Legend"
            f"</summary>{_legend(game)}</details>" + "".join(cards))


def _no_picture(where: str) -> str:
    if not where:
        return "This event names no hex on the map."
    return f"Hexes {html.escape(where)} (pictures are drawn for the first {PICTURES} violations only)."


def events_html(game: Game, rows: list[Row]) -> str:
    """Every event with a verdict, by turn and phase (runs as the log has them), the step as VASSAL numbers it."""
    out, turn = ["<h2>Events</h2>"], object()
    for (t, ph), run in groupby(rows, key=lambda r: (r.turn, r.phase)):
        run = list(run)
        if t != turn:
            out.append(("</section>" if out[1:] else "") + f"<section class='turn'><h3>{_turn_text(t)}</h3>")
            turn = t
        n = {k: 0 for k in KIND_TEXT}
        for r in run:
            _tally(r.judged.verdicts, n)
        counts = ", ".join(f"{n[k]} {KIND_TEXT[k]}" for k in KIND_TEXT if n[k])
        body = "".join(_event_row(r) for r in run)
        out.append(f"<section class='phase'><h4>{html.escape(_phase_text(game, ph))} <span class='counts'>{counts}"
                   f"</span></h4><table class='events'><thead><tr><th>step</th><th>event</th><th>verdict</th></tr>"
                   f"</thead><tbody>{body}</tbody></table></section>")
    return "".join(out) + ("</section>" if rows else "<p class='none'>No event was judged.</p>")


def _event_row(r: Row) -> str:
    kind, i = KIND[type(r.worst)], r.judged.index
    see = f" <a class='see' href='#v-{i}'>map</a>" if kind == "illegal" else ""
    return (f"<tr class='{kind}' id='e-{i}' data-index='{i}'><td class='step'>{'' if r.step is None else r.step}</td>"
            f"<td class='event'>{html.escape(describe(r.judged.event))}</td>"
            f"<td class='verdict'>{_said(r.worst)}{see}{_others(r)}</td></tr>")


def setup_html(report: Report) -> str:
    if not report.setup:
        return ""
    items = "".join(f"<li class='{KIND[type(v)]}'>{_said(v)}</li>" for v in report.setup)
    return f"<h2>Setup</h2><ul class='setup'>{items}</ul>"


def _full_maps(game: Game, maps: Maps, final: GameState, rows: list[Row]) -> str:
    bad = [r for r in rows if isinstance(r.worst, Illegal)]
    imgs = "".join(f"<img alt='sheet {html.escape(b.sheet.prefix or str(i + 1))}' src='data:image/png;base64,"
                   f"{base64.b64encode(_palette_png(maps.full(i, final, bad))).decode()}'>" for i, b in enumerate(maps.boards))
    key = base64.b64encode(png_bytes(draw_key(game.map.terrain))).decode()
    return ("<details class='full'><summary>The whole map: units where they stand at the end of the log, "
            f"each violation numbered by its step</summary>{imgs}<img alt='map key' src='data:image/png;base64,{key}'>"
            "</details>")


def map_png(game: Game, report: Report) -> bytes:
    """The first sheet of the map with the units at the end of the log and each violation marked with its step."""
    rows, final = walk(game, report)
    return _palette_png(Maps(game).full(0, final, [r for r in rows if isinstance(r.worst, Illegal)]))


CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1d1d1f;margin:0;
background:#fafafa}main{max-width:1120px;margin:0 auto;padding:18px 24px 40px}h1{font-size:24px;margin:4px 0 12px}
h2{font-size:19px;margin:28px 0 10px;border-bottom:2px solid #ddd;padding-bottom:4px}h3{font-size:16px;margin:0 0 4px}
h4{font-size:15px;margin:14px 0 4px}.tiles{display:flex;gap:12px;margin:8px 0}.tile{flex:1;border-radius:8px;
padding:10px 14px;font-size:16px}.tile b{display:block;font-size:34px;line-height:1.1}.tile.illegal{background:#b00020;
color:#fff}.tile.nc{background:#f6d860;color:#3d3000}.tile.legal{background:#2e7d32;color:#fff}
table{border-collapse:collapse;background:#fff;width:100%}td,th{padding:4px 8px;border-bottom:1px solid #e4e4e4;
text-align:left;vertical-align:top}th{background:#f0f0f0;font-weight:600}table.summary{width:auto;min-width:520px}
td.n{text-align:right;font-variant-numeric:tabular-nums}td.n.illegal{color:#b00020;font-weight:700}
td.n.nc{color:#7a5c00}td.n.legal{color:#2e7d32}td.zero{color:#bbb!important;font-weight:400!important}
tr.total td{font-weight:700;border-top:2px solid #999}tr.illegal{background:#fde7ea}tr.nc{background:#fff8dc}
td.step{width:48px;text-align:right;color:#555;font-variant-numeric:tabular-nums}td.event{width:38%}
.rule{display:inline-block;background:#b00020;color:#fff;border-radius:4px;padding:0 6px;font-weight:600;
font-size:13px}.badge{border-radius:4px;padding:0 6px}.badge.illegal{background:#b00020;color:#fff}
.badge.nc{background:#f6d860}.badge.legal{background:#2e7d32;color:#fff}ul.also{margin:3px 0 0;padding-left:18px;
font-size:13px;color:#444}.guess{color:#666;font-style:italic}.see{font-size:12px;margin-left:6px}
article.violation{display:flex;gap:16px;flex-wrap:wrap;background:#fff;border:1px solid #e0c0c6;
border-left:6px solid #b00020;border-radius:6px;padding:12px;margin:0 0 14px}article .text{flex:1 1 300px;min-width:0}
.why{font-size:16px}figure{margin:0}figure img{max-width:100%;height:auto;border:1px solid #ccc}
figcaption{font-size:12px;color:#555}.legend-box{margin:0 0 12px}.legend{display:flex;flex-wrap:wrap;gap:6px 18px;
list-style:none;padding:0;margin:6px 0;font-size:13px}.key{vertical-align:middle;margin-right:6px}h4 .counts{font-weight:400;font-size:13px;color:#666;margin-left:8px}
.note,.none{color:#555;font-size:13px}.warnings{color:#7a4a00}.victory{font-weight:600}
details.full img{max-width:100%;display:block;margin:8px 0}summary{cursor:pointer;color:#0b57d0}
"""


def as_html(game: Game, report: Report) -> str:
    """The referee's page: summary, violations on the map, every event by turn and phase, the whole map."""
    rows, final = walk(game, report)
    maps = Maps(game)
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><meta name='viewport' "
            f"content='width=device-width'><title>hexforge check: {html.escape(report.game)}</title>"
            f"<style>{CSS}</style></head><body><main><h1>Check of a {html.escape(report.game)} log</h1>"
            + summary_html(game, report, rows) + violations_html(game, rows, maps) + setup_html(report)
            + events_html(game, rows) + "<h2>Map</h2>" + _full_maps(game, maps, final, rows)
            + "</main></body></html>\n")
