"""``load``: what VASSAL makes of a module: its maps, grids, pieces, prototypes, images, set-ups.

Each piece definition is decoded the way ``PieceSlot.getPiece()`` does and its type re-encoded;
a definition whose re-encoded type differs from the buildFile's text was written with the wrong
escaping (VASSAL then quietly reads something else). Warnings VASSAL logs while decoding one
definition are pinned to it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tools.vassal.engine import Engine, java_exception


def attributes(obj: Any) -> dict[str, str | None]:
    """The attributes of a VASSAL component as it would write them to the buildFile."""
    out: dict[str, str | None] = {}
    for name in obj.getAttributeNames():
        v = obj.getAttributeValueString(name)
        out[str(name)] = None if v is None else str(v)
    return out


def _grid(grid: Any) -> dict | None:
    if grid is None:
        return None
    d: dict[str, Any] = {"type": str(grid.getClass().getSimpleName()), "attributes": attributes(grid)}
    numbering = grid.getGridNumbering()
    if numbering is not None:
        d["numbering"] = {"type": str(numbering.getClass().getSimpleName()), "attributes": attributes(numbering)}
    from VASSAL.build.module.map.boardPicker.board.mapgrid import Zone
    zones = [c for c in grid.getBuildables() if isinstance(c, Zone)]
    if zones:
        d["zones"] = [{"name": str(z.getName()), "attributes": attributes(z), "grid": _grid(z.getGrid())}
                      for z in zones]
    return d


def _maps(g: Any) -> list[dict]:
    from VASSAL.build.module import Map
    out = []
    for m in g.getAllDescendantComponentsOf(Map):
        picker, boards = m.getBoardPicker(), []
        for name in (picker.getAllowableBoardNames() if picker is not None else []):
            b = picker.getBoard(name)
            if b is not None:
                r = b.bounds()
                boards.append({"name": str(b.getName()), "size": [int(r.width), int(r.height)],
                               "attributes": attributes(b), "grid": _grid(b.getGrid())})
        eb = m.getEdgeBuffer()
        out.append({"name": str(m.getMapName()), "id": str(m.getId()), "class": str(m.getClass().getName()),
                    "edge_buffer": [int(eb.width), int(eb.height)], "boards": boards})
    return out


def _traits(p: Any) -> list[str]:
    from VASSAL.counters import Decorator
    out = []
    while isinstance(p, Decorator):
        out.append(str(p.getClass().getSimpleName()))
        p = p.getInner()
    return out


def decode_definition(eng: Engine, definition: str | None, expand: bool = True) -> dict:
    """Decode one ``+/null/TYPE/STATE`` piece definition; ``ok`` is false on any problem."""
    from java.lang import Class
    from VASSAL.command import AddPiece
    from VASSAL.counters import PieceCloner
    from VASSAL.tools import SequenceEncoder
    # VASSAL reports each distinct bad-data warning once per run: forget them, so that the
    # warnings logged now belong to this definition.
    reported = Class.forName("VASSAL.tools.ErrorDialog").getDeclaredField("reportedDataWarnings")
    reported.setAccessible(True)
    reported.get(None).clear()
    mark, d = eng.mark(), {}
    try:
        if definition is None:
            raise ValueError("no piece definition text")
        cmd = eng.module.decode(definition)
        if not isinstance(cmd, AddPiece) or cmd.isNull():
            d["error"] = "the definition does not decode to an AddPiece command"
        else:
            piece = cmd.getTarget()
            piece.setState(cmd.getState())
            d.update(piece_name=str(piece.getName()), traits=_traits(piece))
            if definition.startswith("+/"):
                dec = SequenceEncoder.Decoder(definition[2:], "/")
                dec.nextToken()
                written = str(dec.nextToken(""))
                d["type_roundtrip_equal"] = written == str(piece.getType())
                if not d["type_roundtrip_equal"]:
                    d.update(type_in_buildfile=written[:300], type_reencoded=str(piece.getType())[:300])
            if expand:
                full = PieceCloner.getInstance().clonePiece(piece)
                d["expanded_traits"] = _traits(full) if full is not None else []
    except Exception as e:  # noqa: BLE001 -- a bad definition is a finding, not a crash
        d["exception"] = java_exception(e)
    problems = eng.log_since(mark)
    if problems:
        d["problems"] = problems
    d["ok"] = not ({"error", "exception", "problems"} & d.keys())
    return d


def _definition(component: Any, class_name: str) -> str | None:
    from java.lang import Class
    field = Class.forName(class_name).getDeclaredField("pieceDefinition")
    field.setAccessible(True)
    text = field.get(component)
    return None if text is None else str(text)


def _piece_slots(eng: Engine, all_slots: bool) -> dict:
    from VASSAL.build.widget import PieceSlot
    slots = []
    for slot in eng.module.getAllDescendantComponentsOf(PieceSlot):
        d = {"name": str(slot.getConfigureName()), "gpid": str(slot.getGpId())}
        d.update(decode_definition(eng, _definition(slot, "VASSAL.build.widget.PieceSlot")))
        slots.append(d)
    failed = sum(not s["ok"] for s in slots)
    return {"count": len(slots), "all_decoded_ok": failed == 0, "failed": failed,
            "type_roundtrip_mismatches": sum(s.get("type_roundtrip_equal") is False for s in slots),
            "slots": slots if all_slots or len(slots) <= 200 else [s for s in slots if not s["ok"]]}


def _images(g: Any) -> dict:
    """Every image the module refers to: missing ones, and each present one decoded by VASSAL's own
    loader (``ImageUtils.getImage``) as a piece or board would draw it: its size, a hash of its
    ARGB pixels (``Arrays.hashCode`` of ``BufferedImage.getRGB``) and, for an image VASSAL keeps
    translucent (premultiplied: the colour of a part-transparent pixel is rounded), a hash of its
    alpha samples; or why it could not be read."""
    from java.util import Arrays, TreeSet
    from jpype import JArray, JInt
    from VASSAL.tools.image import ImageUtils
    names, archive = TreeSet(), g.getDataArchive()
    g.addImageNamesRecursively(names)
    missing, decoded, undecodable = [], {}, []
    for n in (str(n) for n in names if str(n) and not str(n).startswith("/")):
        entry = "images/" + n if archive.contains("images/" + n) else n if archive.contains(n) else None
        if entry is None:
            missing.append(n)
            continue
        try:
            img = ImageUtils.getImage(n, archive.getInputStream(entry))
            w, h = int(img.getWidth()), int(img.getHeight())
            alpha = img.getAlphaRaster()
            decoded[n] = {"width": w, "height": h, "translucent": alpha is not None,
                          "argb_hash": int(Arrays.hashCode(img.getRGB(0, 0, w, h, None, 0, w))),
                          "alpha_hash": None if alpha is None else
                          int(Arrays.hashCode(alpha.getPixels(0, 0, w, h, JArray(JInt)(w * h))))}
        except Exception as e:  # noqa: BLE001 -- reported per image
            undecodable.append({"image": n, "exception": java_exception(e)})
    return {"referenced": int(names.size()), "missing": missing, "decoded": decoded, "undecodable": undecodable}


def _setups(eng: Engine, decode: bool) -> list[dict]:
    from VASSAL.build.module import PredefinedSetup
    g, out = eng.module, []
    for ps in g.getAllDescendantComponentsOf(PredefinedSetup):
        a = attributes(ps)
        d: dict[str, Any] = {"name": str(ps.getConfigureName()), "file": a.get("file"),
                             "use_file": a.get("useFile"), "is_menu": a.get("isMenu")}
        if a.get("useFile") == "true" and a.get("file"):
            d["in_archive"] = bool(g.getDataArchive().contains(a["file"]))
            if d["in_archive"] and decode:
                d.update(decode_setup(eng, a["file"]))
        out.append(d)
    return out


def decode_setup(eng: Engine, entry: str) -> dict:
    """Decode (not execute) a saved game stored in the module, as the set-up menu would read it."""
    from tools.vassal.replay import extract_entry
    mark, out = eng.mark(), {}
    try:
        path = extract_entry(eng, entry)
        from java.io import File
        cmd = eng.edt(lambda: eng.module.getGameState().decodeSavedGame(File(str(path))))
        out["decoded"] = cmd is not None
    except Exception as e:  # noqa: BLE001
        out.update(decoded=False, exception=java_exception(e))
    problems = eng.log_since(mark)
    if problems:
        out["problems"] = problems
    return out


def cmd_load(eng: Engine, module: Path, all_slots: bool = False, decode_setups: bool = True) -> dict:
    """Build ``module`` and describe everything in it; see the module docstring."""
    from VASSAL.build.module import PlayerRoster, PrototypeDefinition
    g = eng.load_module(module)
    res: dict[str, Any] = {"command": "load", "module_file": str(Path(module).absolute()),
                           "build_problems": eng.log_since(0)}
    eng.phase = "inspect"
    m: dict[str, Any] = {"name": str(g.getGameName()), "version": str(g.getGameVersion()),
                         "module_vassal_version": str(g.getAttributeValueString("VassalVersion")),
                         "sides": [str(s) for r in g.getComponentsOf(PlayerRoster) for s in r.getSides()],
                         "maps": _maps(g)}
    eng.phase = "decode_pieces"
    m["piece_slots"] = _piece_slots(eng, all_slots)
    m["prototypes"] = [dict(name=str(p.getConfigureName()),
                            **decode_definition(eng, _definition(p, "VASSAL.build.module.PrototypeDefinition"),
                                                expand=False))
                       for p in g.getAllDescendantComponentsOf(PrototypeDefinition)]
    eng.phase = "check_images"
    m["images"] = _images(g)
    eng.phase = "decode_setups"
    m["predefined_setups"] = _setups(eng, decode_setups)
    res["module"] = m
    return res


def load_findings(res: dict) -> tuple[list[dict], list[dict]]:
    """The errors and warnings of a ``load`` answer beyond what VASSAL logged."""
    m, errors, warnings = res.get("module") or {}, [], []
    for s in m.get("piece_slots", {}).get("slots", []):
        for p in s.get("problems", []):
            (errors if p["level"] == "ERROR" else warnings).append(dict(p, where=f"piece_slot:{s['name']}"))
        if not s["ok"] and not s.get("problems"):
            errors.append({"level": "ERROR", "message": f"piece slot {s['name']!r} does not decode",
                           "where": f"piece_slot:{s['name']}"})
        elif s.get("type_roundtrip_equal") is False:
            warnings.append({"level": "WARN", "where": f"piece_slot:{s['name']}",
                             "message": f"type re-encodes differently: {s['type_in_buildfile']!r} -> "
                                        f"{s['type_reencoded']!r}"})
    for p in m.get("prototypes", []):
        if not p["ok"]:
            errors.append({"level": "ERROR", "message": f"prototype {p['name']!r} does not decode cleanly",
                           "where": f"prototype:{p['name']}", "problems": p.get("problems")})
    if m.get("images", {}).get("missing"):
        warnings.append({"level": "WARN", "message": f"images missing from the archive: {m['images']['missing']}"})
    for s in m.get("predefined_setups", []):
        if s.get("use_file") == "true" and not s.get("in_archive"):
            warnings.append({"level": "WARN", "message": f"pre-defined set-up {s['name']!r}: {s['file']!r} not in module"})
        elif s.get("in_archive") and s.get("decoded") is False:
            errors.append({"level": "ERROR", "message": f"pre-defined set-up {s['name']!r} does not decode"})
    return errors, warnings
