"""Reports of a check: text per event and a summary, JSON, and HTML with the map and each
illegal move marked."""
from __future__ import annotations

import base64
import html
import io
import json

from PIL import ImageDraw

from hexforge.builder.timeline import describe
from hexforge.games.game import Game
from hexforge.maps.draw import draw_board
from hexforge.rules.replay import Report
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict, worst


def text(report: Report) -> str:
    lines = [f"check of a {report.game} log"]
    lines += [f"warning: {w}" for w in report.warnings]
    lines += [f"setup: {v.text()}" for v in report.setup]
    for j in report.judged:
        if not j.verdicts:
            continue
        for v in j.verdicts:
            lines.append(f"[{j.index + 1}] step {getattr(j.event, 'step', '?')}: {describe(j.event)}: {v.text()}")
    if report.victory is not None:
        lines.append(report.victory.line())
    c = report.counts()
    lines.append(f"summary: {c['legal']} legal, {c['illegal']} illegal, {c['not checkable']} not checkable")
    return "\n".join(lines) + "\n"


def _verdict(v: Verdict) -> dict:
    d = {"verdict": {Legal: "legal", Illegal: "illegal", NotCheckable: "not checkable"}[type(v)]}
    if isinstance(v, Illegal):
        d |= {"rule": v.rule, "reason": v.reason}
    if isinstance(v, NotCheckable):
        d["needs"] = v.needs
    if v.guess:
        d["guess"] = v.guess
    return d


def as_json(report: Report) -> str:
    out = {"game": report.game, "warnings": report.warnings, "summary": report.counts(),
           "setup": [_verdict(v) for v in report.setup], "events": []}
    if report.victory is not None:
        v = report.victory
        out["victory"] = {"winner": v.winner, "text": v.text} | ({"needs": v.needs} if v.needs else {})
    for j in report.judged:
        for v in j.verdicts:
            out["events"].append({"index": j.index, "step": getattr(j.event, "step", None),
                                  "event": describe(j.event)} | _verdict(v))
    return json.dumps(out, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def map_png(game: Game, report: Report) -> bytes:
    """The first sheet of the map with each illegal move's path drawn in red and its number."""
    board = game.map.sheet_boards()[0]
    img = draw_board(game.map, board).convert("RGB")
    d = ImageDraw.Draw(img)
    local = {m: b for b, m in board.to_map.items()}
    n = 0
    for j in report.judged:
        if not any(isinstance(v, Illegal) for v in j.verdicts):
            continue
        labels = list(getattr(j.event, "path", ()) or ()) or [x for x in (getattr(j.event, "from_hex", None),
                                                                          getattr(j.event, "to_hex", None),
                                                                          getattr(j.event, "hex", None)) if x]
        pts = [board.grid.centre(local[game.map.index[x]]) for x in labels
               if x in game.map.index and game.map.index[x] in local]
        if not pts:
            continue
        n += 1
        if len(pts) > 1:
            d.line(pts, fill="#d00000", width=6)
        x, y = pts[-1]
        d.ellipse((x - 16, y - 16, x + 16, y + 16), outline="#d00000", width=5)
        d.text((x + 18, y - 18), str(j.index + 1), fill="#d00000")
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False)
    return buf.getvalue()


def as_html(game: Game, report: Report) -> str:
    png = base64.b64encode(map_png(game, report)).decode()
    rows = []
    for j in report.judged:  # one row per event, all its verdicts joined
        if not j.verdicts:
            continue
        cls = {Legal: "legal", Illegal: "illegal", NotCheckable: "nc"}[type(worst(j.verdicts))]
        said = "<br>".join(html.escape(v.text()) for v in j.verdicts)
        rows.append(f"<tr class='{cls}'><td>{j.index + 1}</td><td>{html.escape(describe(j.event))}</td>"
                    f"<td>{said}</td></tr>")
    c = report.counts()
    won = f"<p class='victory'>{html.escape(report.victory.line())}</p>" if report.victory is not None else ""
    kinds = {Legal: "legal", Illegal: "illegal", NotCheckable: "nc"}
    setup = "".join(f"<li class='{kinds[type(v)]}'>{html.escape(v.text())}</li>" for v in report.setup)
    setup = f"<h2>Setup</h2><ul class='setup'>{setup}</ul>" if setup else ""
    return ("<!doctype html><html><head><meta charset='utf-8'><title>hexforge check</title><style>"
            "body{font-family:sans-serif}.illegal{background:#fdd}.nc{background:#ffd}td{padding:2px 6px}"
            "</style></head><body>"
            f"<h1>Check of a {html.escape(report.game)} log</h1>"
            f"<p>{c['legal']} legal, {c['illegal']} illegal, {c['not checkable']} not checkable</p>{won}"
            f"<img alt='map with illegal moves marked' src='data:image/png;base64,{png}'>{setup}"
            "<h2>Events</h2><table><tr><th>#</th><th>event</th><th>verdict</th></tr>" + "".join(rows)
            + "</table></body></html>\n")
