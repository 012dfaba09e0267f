"""Build time and peak memory per bundled game, and the build's anchors (run by hand).

    python bench/bench_build.py             # every bundled game, then the anchors on HTTR
    python bench/bench_build.py --anchors   # only the anchors (one child process, one run)
    python bench/bench_build.py --anchors --pywargame-python /path/to/py3.12/bin/python

Each game builds in a fresh subprocess so that peak RSS is that build's alone. The anchors (issue
16's build row) are measured side by side in one process, in CPU seconds, best of ``--repeat``:

* **art** is the time spent drawing and encoding images (the functions in :data:`ART`, outermost
  calls only); **assembly** is the rest of the build (pieces, set-ups, buildFile, zip).
* **art today** is the same build with the image code the product had before the build was made
  faster (Pillow's PNG encoder at level 6, hex labels drawn by ``ImageDraw.text`` one by one),
  put back for the run: the ratio says how much faster the art is now.
* **pywargame** assembles an equal module from the finished images: the same buildFile elements,
  attributes and text (checked equal after parsing), made with pywargame's element API, written with
  its ``VMod`` with every finished entry (images, set-ups). pywargame 0.8 needs Python 3.12 or
  later (hexforge runs on 3.11), so it runs in the interpreter ``--pywargame-python`` names (a venv
  with ``pip install pywargame``), given the component tree and the entries as files; without one the
  anchor is a plain zip of the same entries (``zipfile``, deflated), and the report says so.
"""
from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any, Callable

CHILD = r"""
import json, resource, sys, time
from pathlib import Path
from hexforge.games import load_game
from hexforge.builder.build import build
t = time.perf_counter()
game = load_game(sys.argv[1])
out = build(game, Path(sys.argv[2]), force=True)
seconds = time.perf_counter() - t
peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"game": sys.argv[1], "seconds": round(seconds, 2), "peak_mb": round(peak_mb),
                  "size_kb": out.stat().st_size // 1024, "hexes": len(game.map), "units": len(game.units),
                  "scenarios": len(game.scenarios)}))
"""
ANCHOR_GAME = "highway-to-the-reich"
# Where image drawing and encoding happen: module, function (or Class.method).
ART = (("hexforge.maps.draw", "draw_board"), ("hexforge.maps.draw", "draw_key"), ("hexforge.maps.png", "png_bytes"),
       ("hexforge.counters.art", "render"), ("hexforge.counters.art", "render_marker"),
       ("hexforge.builder.charts", "render_table"), ("hexforge.builder.legend", "legend_image"),
       ("hexforge.builder.legend", "abbreviations"), ("hexforge.builder.holding", "HoldingLayout.image"),
       ("hexforge.builder.tracks", "draw_track"), ("hexforge.builder.layers", "badge"),
       ("hexforge.builder.module", "_pools_image"), ("hexforge.builder.overlays", "_hex_image"))


class ArtClock:
    """Wraps the :data:`ART` functions wherever they are bound and adds up their outermost calls."""

    def __init__(self) -> None:
        self.seconds, self.depth = 0.0, 0
        self.by_function: dict[str, float] = {}
        self.found: list[str] = []
        self.missing: list[str] = []
        self.undo: list[tuple[Any, str, Any]] = []

    def _timed(self, key: str, fn: Callable) -> Callable:
        def timed(*args: Any, **kwargs: Any) -> Any:
            self.depth += 1
            t = time.process_time() if self.depth == 1 else 0.0
            try:
                return fn(*args, **kwargs)
            finally:
                if self.depth == 1:
                    dt = time.process_time() - t
                    self.seconds += dt
                    self.by_function[key] = self.by_function.get(key, 0.0) + dt
                self.depth -= 1
        return timed

    def install(self, replace: dict[str, Callable] | None = None) -> None:
        """Wrap every art function (``replace`` maps "module:name" to a stand-in to wrap instead)."""
        import importlib
        for mod_name, qual in ART:
            key = f"{mod_name}:{qual}"
            try:
                mod = importlib.import_module(mod_name)
            except ImportError:
                self.missing.append(key)
                continue
            owner, name = (getattr(mod, qual.split(".")[0]), qual.split(".")[1]) if "." in qual else (mod, qual)
            original = getattr(owner, name, None)
            if original is None:
                self.missing.append(key)
                continue
            wrapped = self._timed(key, (replace or {}).get(key, original))
            self.found.append(key)
            # a function is bound in every module that imported it by name; a method in its class only
            holders = [owner] if owner is not mod else \
                [m for n, m in list(sys.modules.items()) if n.startswith("hexforge") and getattr(m, name, None) is original]
            for h in holders:
                self.undo.append((h, name, original))
                setattr(h, name, wrapped)

    def uninstall(self) -> None:
        for obj, name, original in reversed(self.undo):
            setattr(obj, name, original)
        self.undo.clear()


def _reference_png_bytes(img: Any) -> bytes:
    """The PNG encoding the build had before (Pillow, level 6)."""
    out = io.BytesIO()
    img.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()


def _reference_stamp_label(d: Any, centre: tuple[float, float], text: str, f: Any, ink: Any) -> None:
    """The hex label as the build drew it before: one ``ImageDraw.text`` call per label."""
    from hexforge.maps.draw import LABEL_FILL
    d.text(centre, text, fill=LABEL_FILL, font=f, anchor="mm")


def timed_build(game_id: str, out: Path, today: bool) -> dict:
    """One build of a freshly loaded game (loading not timed) with the art clock on, caches made
    during a build emptied first; ``today`` puts the former image code back for the run."""
    from hexforge.builder import build as build_mod
    from hexforge.builder import module as module_mod
    from hexforge.games import load_game
    from hexforge.maps import draw
    game = load_game(game_id)
    draw._glyph.cache_clear()
    clock, roots = ArtClock(), []
    replace = {"hexforge.maps.png:png_bytes": _reference_png_bytes} if today else {}
    saved_stamp = draw.stamp_label
    original_root = module_mod.game_module
    module_mod.game_module = lambda *a, **k: roots.append(original_root(*a, **k)) or roots[-1]
    clock.install(replace)
    if today:
        draw.stamp_label = _reference_stamp_label
    try:
        t = time.process_time()
        entries = build_mod.build_entries(game)
        build_mod.zip_bytes_to(out, entries, force=True)
        total = time.process_time() - t
    finally:
        clock.uninstall()
        draw.stamp_label = saved_stamp
        module_mod.game_module = original_root
    return {"total": total, "art": clock.seconds, "assembly": total - clock.seconds, "entries": entries,
            "art_by_function": {k: round(v, 3) for k, v in sorted(clock.by_function.items(), key=lambda kv: -kv[1])},
            "root": roots[-1], "size": out.stat().st_size, "found": clock.found, "missing": clock.missing}


PYW_CHILD = r"""
import json, sys, time
from pathlib import Path
from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.element import Element
from pywargame.vassal.vmod import VMod
tree, folder, out, repeat = json.loads(Path(sys.argv[1]).read_text()), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
files = {str(f.relative_to(folder)): f.read_bytes() for f in sorted(folder.rglob("*")) if f.is_file()}
def add(parent, node):
    tag, attrs, text, children = node
    e = Element(parent, tag, **attrs)
    if text is not None:
        e.addText(text)
    for child in children:
        add(e, child)
best = None
for _ in range(repeat):
    t = time.process_time()
    bf = BuildFile()
    add(bf, tree)
    xml = bf.encode()
    with VMod(out, "w") as v:
        v.addFiles(**{"buildFile.xml": xml}, **files)
    s = time.process_time() - t
    best = s if best is None else min(best, s)
Path(out + ".buildFile.xml").write_bytes(xml)
print(json.dumps({"seconds": best}))
"""


def _as_tree(c: Any) -> list:
    return [c.tag, c.attrs, c.text, [_as_tree(ch) for ch in c.children]]


def pywargame_python(given: str | None) -> str | None:
    """An interpreter that can import pywargame (it needs Python 3.12 or later), None if none."""
    for exe in ([given] if given else []) + [sys.executable]:
        ok = subprocess.run([exe, "-c", "import pywargame.vassal.vmod"], capture_output=True).returncode == 0
        if ok:
            return exe
    return None


def pywargame_module(exe: str, root: Any, entries: dict[str, bytes], tmp: Path, repeat: int) -> tuple[float, bytes]:
    """pywargame assembling the module in ``exe``: elements from ``root`` with its element API, then its
    ``VMod`` writing every finished entry (CPU seconds in that process, inputs read before the clock)."""
    folder = tmp / "entries"
    for name, data in entries.items():
        if name != "buildFile.xml":
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
    (tmp / "tree.json").write_text(json.dumps(_as_tree(root)))
    out = tmp / "pywargame.vmod"
    p = subprocess.run([exe, "-c", PYW_CHILD, str(tmp / "tree.json"), str(folder), str(out), str(repeat)],
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout)["seconds"], Path(str(out) + ".buildFile.xml").read_bytes()


def our_serialise_and_zip(root: Any, entries: dict[str, bytes], out: Path) -> float:
    """What pywargame's anchor does, done by hexforge: the buildFile from the finished component tree,
    then the module written with every finished entry."""
    from hexforge.builder.components import build_file
    from hexforge.builder.vmod import zip_bytes_to
    t = time.process_time()
    files = dict(entries, **{"buildFile.xml": build_file(root)})
    zip_bytes_to(out, files, force=True)
    return time.process_time() - t


def plain_zip(entries: dict[str, bytes], out: Path) -> float:
    t = time.process_time()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            z.writestr(name, entries[name])
    return time.process_time() - t


def _tree(xml: bytes) -> Any:
    from lxml import etree
    e = etree.fromstring(xml, etree.XMLParser(resolve_entities=False, no_network=True))

    def walk(x: Any) -> tuple:
        return x.tag, tuple(sorted(x.attrib.items())), (x.text or "").strip(), tuple(walk(c) for c in x)
    return walk(e)


def anchors(repeat: int, pyw_exe: str | None) -> dict:
    """The build row of issue 16, measured side by side (CPU seconds, best of ``repeat``)."""
    best: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        timed_build(ANCHOR_GAME, Path(tmp) / "warm.vmod", today=False)  # imports and fonts once
        for _ in range(repeat):
            for today in (False, True):
                r = timed_build(ANCHOR_GAME, Path(tmp) / f"{today}.vmod", today)
                k = "today" if today else "now"
                if k not in best or r["total"] < best[k]["total"]:
                    best[k] = r
        now, today = best["now"], best["today"]
        zipped = min(plain_zip(now["entries"], Path(tmp) / f"zip{i}.vmod") for i in range(repeat))
        ours = min(our_serialise_and_zip(now["root"], now["entries"], Path(tmp) / f"ours{i}.vmod") for i in range(repeat))
        pyw = pywargame_module(pyw_exe, now["root"], now["entries"], Path(tmp), repeat) if pyw_exe else None
    res = {"game": ANCHOR_GAME, "repeat": repeat, "build_s": now["total"], "art_s": now["art"],
           "assembly_s": now["assembly"], "art_today_s": today["art"], "build_today_s": today["total"],
           "art_speedup": today["art"] / now["art"], "module_kb": now["size"] // 1024,
           "module_today_kb": today["size"] // 1024, "plain_zip_s": zipped, "serialise_and_zip_s": ours,
           "art_by_function": now["art_by_function"], "art_today_by_function": today["art_by_function"],
           "art_functions_missing": now["missing"]}
    if pyw is not None:
        res["pywargame_s"] = pyw[0]
        res["pywargame_equal_buildfile"] = _tree(pyw[1]) == _tree(now["entries"]["buildFile.xml"])
        res["assembly_vs_pywargame"] = now["assembly"] / pyw[0]
        res["serialise_and_zip_vs_pywargame"] = ours / pyw[0]
    else:
        res["pywargame_s"] = None
        res["anchor_note"] = ("pywargame cannot be imported (it needs Python >= 3.12: pass --pywargame-python): "
                              "the anchor is a plain zip")
        res["assembly_vs_plain_zip"] = now["assembly"] / zipped
    return res


def print_anchors(r: dict) -> None:
    print(f"\n{r['game']}: CPU seconds, best of {r['repeat']}, one process")
    print(f"  build            {r['build_s']:6.3f} s   (with the former image code: {r['build_today_s']:.3f} s)")
    print(f"  art              {r['art_s']:6.3f} s   former: {r['art_today_s']:.3f} s   "
          f"-> {r['art_speedup']:.2f}x faster (goal >= 2x)")
    for key, now in r["art_by_function"].items():
        print(f"    {key:<44} {now:6.3f} s   former: {r['art_today_by_function'].get(key, 0.0):.3f} s")
    if r["pywargame_s"] is not None:
        ok = "equal buildFile" if r["pywargame_equal_buildfile"] else "buildFile DIFFERS"
        print(f"  pywargame        {r['pywargame_s']:6.3f} s   the module from the finished images and tree ({ok})")
        print(f"  same by hexforge {r['serialise_and_zip_s']:6.3f} s   buildFile from the tree + zip "
              f"-> {r['serialise_and_zip_vs_pywargame']:.2f}x pywargame's time (goal <= 1)")
        print(f"  assembly         {r['assembly_s']:6.3f} s   all the build but art (pieces, set-ups, buildFile, zip) "
              f"-> {r['assembly_vs_pywargame']:.2f}x pywargame's time")
    else:
        print(f"  assembly         {r['assembly_s']:6.3f} s   {r['anchor_note']}: {r['plain_zip_s']:.3f} s")
    print(f"  plain zip of the same entries: {r['plain_zip_s']:.3f} s;  module {r['module_kb']} KB "
          f"(former image code: {r['module_today_kb']} KB)")
    if r["art_functions_missing"]:
        print(f"  (art functions not in this tree: {', '.join(r['art_functions_missing'])})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--anchors", action="store_true", help="only the anchors")
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (best is kept)")
    ap.add_argument("--json", action="store_true", help="print the anchors as JSON")
    ap.add_argument("--pywargame-python", help="a Python (3.12 or later) with pywargame installed, for its anchor")
    ap.add_argument("--child-anchors", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child_anchors:
        print(json.dumps(anchors(args.repeat, pywargame_python(args.pywargame_python))))
        return
    if not args.anchors:
        from hexforge.games import bundled_games
        with tempfile.TemporaryDirectory() as tmp:
            for game in bundled_games():
                p = subprocess.run([sys.executable, "-c", CHILD, game, f"{tmp}/{game}.vmod"],
                                   capture_output=True, text=True, check=True)
                r = json.loads(p.stdout)
                print(f"{r['game']:<24} {r['seconds']:>6.2f} s  peak {r['peak_mb']:>4} MB  module {r['size_kb']:>5} KB"
                      f"  ({r['hexes']} hexes, {r['units']} units, {r['scenarios']} scenarios)")
    p = subprocess.run([sys.executable, __file__, "--child-anchors", "--repeat", str(args.repeat),
                        *(["--pywargame-python", args.pywargame_python] if args.pywargame_python else [])],
                       capture_output=True, text=True, check=True)
    r = json.loads(p.stdout)
    print(json.dumps(r, indent=1) if args.json else "", end="")
    if not args.json:
        print_anchors(r)


if __name__ == "__main__":
    main()
