"""``replay``, ``locate`` and ``position``: saves, logs and grid locations as VASSAL reads them.

``replay`` decodes a ``.vsav``/``.vlog`` (or ``setup:NAME``, a pre-defined set-up inside the
module) with ``GameState.decodeSavedGame``, executes it, and for a log presses "Step forward"
(``BasicLogger.step``) until the log ends, recording after each step what moved, changed,
appeared or went. Each top-level command of the file is also decoded alone, because VASSAL
silently drops what it cannot decode.
"""
from __future__ import annotations

import re
import time
import zipfile
from pathlib import Path
from typing import Any

from tools.vassal.engine import Engine, java_exception
from tools.vassal.env import HarnessError

ESC = "\x1b"


def sniff_save(path: Path) -> dict:
    """The ``savedGame`` entry's format (VCSK, PLAIN, VOBS, XZ) and which metadata entries exist."""
    info: dict[str, Any] = {"file": str(path.absolute())}
    try:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            head = z.open("savedGame").read(6) if "savedGame" in names else None
    except (OSError, zipfile.BadZipFile) as e:
        return dict(info, format=None, format_note=f"not a zip file: {e}")
    if head is None:
        return dict(info, format=None, format_note="no 'savedGame' entry: VASSAL says 'Invalid saveFile format'")
    fmt = ("VCSK" if head.startswith(b"!VCSK") else "VOBS" if head.startswith(b"VOBS")
           else "XZ" if head.startswith(b"\xfd7zXZ\x00") else "PLAIN")
    return dict(info, format=fmt, has_savedata="savedata" in names, has_moduledata="moduledata" in names)


def extract_entry(eng: Engine, entry: str) -> Path:
    """Copy one entry of the module archive into the run folder."""
    assert eng.workdir is not None
    out = eng.workdir / ("entry-" + re.sub(r"[^A-Za-z0-9_.-]", "_", entry))
    out.write_bytes(bytes(eng.module.getDataArchive().getInputStream(entry).readAllBytes()))
    return out


def resolve_save(eng: Engine, spec: str) -> Path:
    """A save/log path, or ``setup:NAME`` extracted from the module."""
    if not spec.startswith("setup:"):
        if not Path(spec).is_file():
            raise HarnessError(f"no such save/log file: {spec}")
        return Path(spec)
    from VASSAL.build.module import PredefinedSetup
    want = spec[len("setup:"):]
    setups = list(eng.module.getAllDescendantComponentsOf(PredefinedSetup))
    for ps in setups:
        if str(ps.getConfigureName()) == want and ps.getAttributeValueString("file"):
            return extract_entry(eng, str(ps.getAttributeValueString("file")))
    raise HarnessError(f"no pre-defined set-up named {want!r}; there are {[str(s.getConfigureName()) for s in setups]}")


def raw_tokens(eng: Engine, path: Path) -> dict:
    """Split the savedGame text at top-level ESC and decode each command alone."""
    from java.io import BufferedInputStream, FileInputStream
    from java.nio.charset import StandardCharsets
    from java.util.zip import ZipInputStream
    from org.apache.commons.io import IOUtils
    from VASSAL.tools import SequenceEncoder
    from VASSAL.tools.io import DeobfuscatingInputStream
    zin = ZipInputStream(BufferedInputStream(FileInputStream(str(path.absolute()))))
    try:
        e = zin.getNextEntry()
        while e is not None and str(e.getName()) != "savedGame":
            e = zin.getNextEntry()
        text = str(IOUtils.toString(DeobfuscatingInputStream(zin), StandardCharsets.UTF_8)) if e else ""
    finally:
        zin.close()
    tokens, dec = [], SequenceEncoder.Decoder(text, ESC)
    while dec.hasMoreTokens():
        tokens.append(str(dec.nextToken()))
    bad = [{"index": i, "token": t[:200]} for i, t in enumerate(tokens)
           if t and eng.edt(lambda t=t: eng.module.decode(t)) is None]
    return {"chars": len(text), "top_level_tokens": len(tokens), "invalid_utf8_chars": text.count("\ufffd"),
            "undecodable_tokens": bad}


def _metadata(path: Path, module_name: str) -> dict | None:
    from java.io import File
    from VASSAL.build.module.metadata import MetaDataFactory, SaveMetaData
    md = MetaDataFactory.buildMetaData(File(str(path.absolute())))
    if not isinstance(md, SaveMetaData):
        return None
    d = {"module_name": str(md.getModuleName()), "module_version": str(md.getModuleVersion()),
         "vassal_version": str(md.getVassalVersion()), "description": str(md.getDescription() or "")}
    if d["module_name"] and d["module_name"] != module_name:
        d["warning"] = f"written for module {d['module_name']!r}, loaded module is {module_name!r}"
    return d


def _where(p: dict) -> list:
    return [p["map"], p["x"], p["y"], p.get("location")]


def diff(before: dict[str, dict], after: dict[str, dict]) -> list[dict]:
    """What one step did: pieces added, moved, changed (markers, name) and removed."""
    out = []
    for pid, p in after.items():
        o = before.get(pid)
        if o is None:
            out.append({"id": pid, "name": p["name"], "added": True, "to": _where(p)})
            continue
        ch: dict[str, Any] = {"id": pid, "name": p["name"]}
        if _where(o)[:3] != _where(p)[:3]:
            ch.update({"from": _where(o), "to": _where(p)})
        if o["markers"] != p["markers"]:
            ch["markers"] = {"from": o["markers"], "to": p["markers"]}
        if o["name"] != p["name"]:
            ch["renamed"] = [o["name"], p["name"]]
        if len(ch) > 2:
            out.append(ch)
    out += [{"id": pid, "name": o["name"], "removed": True, "from": _where(o)}
            for pid, o in before.items() if pid not in after]
    return out


def step_log(eng: Engine, keep_pieces: bool, max_steps: int) -> list[dict]:
    """Press "Step forward" until the log ends; one entry per step."""
    from java.lang import Class
    from VASSAL.build.module import BasicLogger
    logger = eng.module.getLogger()
    if not isinstance(logger, BasicLogger) or not logger.isReplaying():
        return []
    step = Class.forName("VASSAL.build.module.BasicLogger").getDeclaredMethod("step")
    step.setAccessible(True)
    eng.phase = "replay_log"
    steps: list[dict] = []
    prev = {p["id"]: p for p in eng.pieces()}
    while logger.isReplaying() and len(steps) < max_steps:
        n, mark = len(steps) + 1, eng.mark()
        try:
            eng.edt(lambda: step.invoke(logger))
        except Exception as e:  # noqa: BLE001 -- reported as a failed step
            steps.append({"step": n, "exception": java_exception(e)})
            break
        now = eng.pieces()
        cur = {p["id"]: p for p in now}
        sd: dict[str, Any] = {"step": n, "changes": diff(prev, cur)}
        if eng.log_since(mark):
            sd["problems"] = eng.log_since(mark)
        if keep_pieces:
            sd["pieces"] = now
        steps.append(sd)
        prev = cur
    return steps


def chat_lines(eng: Engine) -> list[str]:
    """The text of the chat window, one line per entry."""
    from java.lang import Class
    field = Class.forName("VASSAL.build.module.Chatter").getDeclaredField("doc")
    field.setAccessible(True)

    def text() -> str:
        doc = field.get(eng.module.getChatter())
        return str(doc.getText(0, doc.getLength()))
    return [ln.strip() for ln in eng.edt(text).splitlines() if ln.strip()]


def cmd_replay(eng: Engine, module: Path, save_spec: str, steps: bool = False, chat: bool = False,
               max_steps: int = 1_000_000) -> dict:
    """Load ``save_spec`` into ``module`` and (for a log) step through it to the end."""
    g = eng.load_module(module)
    res: dict[str, Any] = {"command": "replay", "module_file": str(Path(module).absolute()), "timings": {},
                           "build_problems": eng.log_since(0)}
    save = resolve_save(eng, save_spec)
    res["save"] = sniff_save(save)
    res["save"]["metadata"] = _metadata(save, str(g.getGameName()))
    mark = eng.mark()
    res["raw"] = raw_tokens(eng, save) if res["save"]["format"] else None
    res["token_decode_problems"] = eng.log_since(mark)
    if eng.load_game(save, res) is None:
        res.update(decoded=False, error="GameState.decodeSavedGame returned nothing (VASSAL: invalid save file)")
        return res
    res.update(decoded=True, game_started=bool(g.getGameState().isGameStarted()), boards=eng.board_layout())
    first = eng.pieces()
    res["after_load"] = {"pieces": first} if steps else {"piece_count": len(first)}
    t = time.monotonic()
    res["steps"] = step_log(eng, steps, max_steps)
    res["timings"]["log_replay_s"] = round(time.monotonic() - t, 2)
    res["log_steps_replayed"] = len(res["steps"])
    res["log_still_replaying"] = bool(g.getLogger().isReplaying())
    final = eng.pieces()
    res["final"] = {"pieces": final, "piece_count": len(final)}
    if chat:
        res["chat"] = chat_lines(eng)
    return res


def _layout(eng: Engine, save: Path | None, res: dict) -> None:
    if save is not None:
        eng.load_game(save, res)
    else:
        eng.new_game()


def parse_point(text: str) -> tuple[int, int]:
    """``X,Y`` as two integers."""
    m = re.fullmatch(r"\s*(-?\d{1,9})\s*[, ]\s*(-?\d{1,9})\s*", text)
    if not m:
        raise HarnessError(f"bad point {text!r}: want X,Y (integers)")
    return int(m.group(1)), int(m.group(2))


def _locate_one(m: Any, x: int, y: int, board: str | None) -> dict:
    from java.awt import Point
    d: dict[str, Any] = {"input": [x, y]}
    if board:
        b = m.getBoardPicker().getBoard(board)
        if b is None:
            raise HarnessError(f"no board {board!r} on map {str(m.getMapName())!r}")
        s = b.snapTo(Point(x, y))
        return dict(d, coords="board", board=str(b.getName()), location=str(b.locationName(Point(x, y))),
                    snap=[int(s.x), int(s.y)], snap_location=str(b.locationName(s)))
    b = m.findBoard(Point(x, y))
    d.update(coords="map", board=None if b is None else str(b.getName()))
    if b is not None:
        r = b.bounds()
        d["board_xy"] = [x - int(r.x), y - int(r.y)]
        d["board_location"] = str(b.locationName(Point(x - int(r.x), y - int(r.y))))
    s = m.snapTo(Point(x, y))
    z = m.findZone(Point(x, y))
    return dict(d, location=str(m.locationName(Point(x, y))), localized_location=str(m.localizedLocationName(Point(x, y))),
                snap=[int(s.x), int(s.y)], snap_location=str(m.locationName(s)), zone=None if z is None else str(z.getName()))


def cmd_locate(eng: Engine, module: Path, map_name: str, points: list[str], board: str | None = None,
               save: Path | None = None) -> dict:
    """Map pixels (or board pixels with ``board``) to VASSAL's location names and snap points."""
    eng.load_module(module)
    res: dict[str, Any] = {"command": "locate", "map": map_name, "build_problems": eng.log_since(0)}
    m = eng.find_map(map_name)
    _layout(eng, save, res)
    res["boards_on_map"] = eng.board_layout().get(str(m.getMapName()))
    xy = [parse_point(p) for p in points]
    eng.phase = "locate"
    res["points"] = eng.edt(lambda: [_locate_one(m, x, y, board) for x, y in xy])
    if not board and not res["boards_on_map"]:
        res["error"] = "no boards are placed on this map: pass --save FILE (a layout) or --board NAME"
    return res


def _position_one(m: Any, label: str, board: str | None) -> dict:
    from java.awt import Point
    d: dict[str, Any] = {"label": label, "matches": []}
    for b in m.getBoards():
        if (board and str(b.getName()) != board) or b.getGrid() is None:
            continue
        try:
            p = b.getGrid().getLocation(label)
        except Exception as e:  # noqa: BLE001 -- MapGrid.BadCoords: not a label of this board
            d.setdefault("not_on", []).append({"board": str(b.getName()), "reason": type(e).__name__})
            continue
        if p is None:
            continue
        gp, r = b.globalCoordinates(Point(p.x, p.y)), b.bounds()
        mx, my = int(gp.x + r.x), int(gp.y + r.y)
        d["matches"].append({"board": str(b.getName()), "board_xy": [int(gp.x), int(gp.y)], "map_xy": [mx, my],
                             "on_board": bool(r.contains(Point(mx, my))),
                             "roundtrip_location": str(m.locationName(Point(mx, my)))})
    return d


def cmd_position(eng: Engine, module: Path, map_name: str, labels: list[str], board: str | None = None,
                 save: Path | None = None) -> dict:
    """Location labels to map pixels, as ``MapGrid.getLocation`` gives them."""
    eng.load_module(module)
    res: dict[str, Any] = {"command": "position", "map": map_name, "build_problems": eng.log_since(0)}
    m = eng.find_map(map_name)
    _layout(eng, save, res)
    res["boards_on_map"] = eng.board_layout().get(str(m.getMapName()))
    eng.phase = "position"
    res["labels"] = eng.edt(lambda: [_position_one(m, lb, board) for lb in labels])
    if not res["boards_on_map"]:
        res["error"] = "no boards are placed on this map: pass --save FILE to take the layout from a save"
    return res
