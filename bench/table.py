"""The benchmark table of ``bench/README.md``: every bench run once, each figure beside its anchor measured in
the same run (ratios: the machines are shared and noisy).

Run: python bench/table.py [--pywargame-python PATH] > bench/README.md

It runs, one after the other: ``bench_overlays.py --markdown`` (supply, command range, LOS), ``bench_check.py
--vlog 1000 10000 100000`` (F&M ``hexforge check`` end to end), ``bench_ptr.py`` and ``bench_httr.py`` (the PtR and
HTTR checks on long logs), ``bench_build.py --json`` (``hexforge build highway-to-the-reich``: art against the former
image code, assembly against pywargame when a Python with pywargame is given).
"""
from __future__ import annotations

import argparse
import datetime
import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECK_GOAL = 5000  # moves/s (issue #16)
_CHECK = re.compile(r"(?P<moves>[\d,]+) moves .*? in +(?P<s>[\d.]+) s CPU: +(?P<rate>[\d,]+) moves/s"
                    r"(?:, peak (?P<peak>[\d,]+) MB)?; reading alone +(?P<read>[\d,]+) moves/s")
_PTR = re.compile(r"judged in (?P<s>[\d.]+) s CPU: (?P<rate>[\d,]+) moves/s; reading alone [\d.]+ s "
                  r"\((?P<read>[\d,]+) moves/s\)")


def run(*args: str) -> str:
    """A bench's standard output (it fails loudly: a bench that breaks must not leave an old figure standing)."""
    done = subprocess.run([sys.executable, *args], cwd=HERE.parent, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"bench/table.py: {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def number(text: str) -> float:
    return float(text.replace(",", ""))


def check_rows(script: str, args: list[str], what: str, pattern: re.Pattern[str] = _CHECK) -> list[str]:
    """One row per log size: moves/s beside reading the same files alone (log, module, game), and the peak."""
    rows = []
    for m in pattern.finditer(run(str(HERE / script), *args)):
        rate, read = number(m["rate"]), number(m["read"])
        moves = m.groupdict().get("moves")
        size = f"{number(moves):,.0f} moves" if moves else "the log"
        peak = f"; peak {m['peak']} MB" if m.groupdict().get("peak") else ""
        rows.append(f"| {what}, {size}: moves judged per second{peak} | {rate:,.0f}/s | reading the same files "
                    f"alone | {read:,.0f}/s | {read / rate:.1f}x the reading |")
    if not rows:
        sys.exit(f"bench/table.py: no figure in the output of {script}")
    return rows


def build_rows(pywargame: str | None) -> list[str]:
    args = [str(HERE / "bench_build.py"), "--anchors", "--json"] + (["--pywargame-python", pywargame] if pywargame else [])
    r = json.loads(run(*args))
    rows = [f"| `hexforge build {r['game']}`: art (drawing and encoding every image) | {r['art_s']:.3f} s | the "
            f"former image code | {r['art_today_s']:.3f} s | {r['art_today_s'] / r['art_s']:.2f}x faster (goal 2x) |"]
    if r.get("pywargame_s"):
        rows.append(f"| the same: assembling the module from the finished images | {r['serialise_and_zip_s']:.3f} s | "
                    f"pywargame, the same images and tree | {r['pywargame_s']:.3f} s | "
                    f"{r['serialise_and_zip_s'] / r['pywargame_s']:.2f}x (goal <= 1x) |")
    else:
        rows.append("| the same: assembling the module | | pywargame | not run | give `--pywargame-python` |")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pywargame-python", help="a Python (3.12 or later) with pywargame installed, for its anchor")
    a = ap.parse_args()
    overlays = run(str(HERE / "bench_overlays.py"), "--markdown")
    checks = (check_rows("bench_check.py", ["--vlog", "1000", "10000", "100000"], "F&M check end to end")
              + check_rows("bench_ptr.py", [], "PtR check", _PTR)
              + check_rows("bench_httr.py", ["2000"], "HTTR check (four sheets)"))
    print("# Benchmarks\n")
    print(f"Regenerate: `python bench/table.py [--pywargame-python PATH] > bench/README.md` (one run, "
          f"{datetime.date.today().isoformat()}; a ratio is figure / anchor, below 1 faster than the anchor).\n")
    print(overlays.strip() + "\n")
    print(f"## Checking logs and building modules\n\nThe checks read an engine-format `.vlog` (our writer, one "
          f"MovePiece per drag) and judge every drag by a route search; the anchor is reading the same files alone "
          f"(no judging). Goal of the F&M check: {CHECK_GOAL:,} moves/s.\n")
    print("| figure | value | anchor | value | ratio |\n|---|---|---|---|---|")
    print("\n".join(checks + build_rows(a.pywargame_python)))


if __name__ == "__main__":
    main()
