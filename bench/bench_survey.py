"""The survey's accuracy and time on synthetic scans (issue #17's table; run by hand).

    python bench/bench_survey.py              # 24 degraded full-size scans (8 seeds x 3 styles)
    python bench/bench_survey.py --seeds 3    # fewer

Grid part: for each scan, `fit` without and with one --at point; the mean and largest distance
from each true hex centre to its fitted one (pixels), the hexes whose fitted centre is nearer
another hex's true centre (mislabelled), and the time of one fit (wall and CPU seconds). Then the
time to make and to fit a 32 x 32 (1,024-hex) map. The machine is shared: CPU seconds are the
fairer figure.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hexforge.games import load_game  # noqa: E402
from hexforge.survey.grid import AtPoint, fit  # noqa: E402
from hexforge.survey.image import MapImage  # noqa: E402
from tools.scans import STYLES, Scan, make_scan  # noqa: E402


def _timed(f, *args):
    wall, cpu = time.perf_counter(), time.process_time()
    out = f(*args)
    return out, time.perf_counter() - wall, time.process_time() - cpu


def _image(s: Scan) -> MapImage:
    return MapImage(Path(f"{s.style}-{s.seed}.png"), np.asarray(s.image), "0" * 64)


def grid_errors(s: Scan, result) -> tuple[float, float, int]:
    """Mean and largest centre error (px) and the number of mislabelled hexes."""
    conv = load_game(str(s.game_dir)).map.sheets[0].convention
    centres = result.grid.centres(conv)
    labels = list(s.centres)
    truth = np.array([s.centres[k] for k in labels])
    errors, wrong = [], 0
    for label, (x, y) in s.centres.items():
        fx, fy = centres[label]
        errors.append(math.hypot(fx - x, fy - y))
        wrong += labels[int(np.argmin(np.hypot(truth[:, 0] - fx, truth[:, 1] - fy)))] != label
    return float(np.mean(errors)), float(np.max(errors)), wrong


def grid_rows(seeds: int) -> list[dict]:
    rows = []
    for style in STYLES:
        for seed in range(seeds):
            s = make_scan(style, seed)
            conv = load_game(str(s.game_dir)).map.sheets[0].convention
            row = {"style": style, "seed": seed, "hexes": len(s.centres), "scale": s.degradation.scale,
                   "rotation": s.rotation, "crop": s.degradation.crop_edge}
            try:
                plain, wall, cpu = _timed(fit, _image(s), conv)
                label = sorted(s.centres)[len(s.centres) // 2]
                with_at = fit(_image(s), conv, (AtPoint(label, *s.centres[label]),))
            except ValueError as e:
                row.update(error=str(e))
                rows.append(row)
                continue
            mean, worst, wrong = grid_errors(s, plain)
            _, _, wrong_at = grid_errors(s, with_at)
            row.update(mean=mean, max=worst, wrong=wrong, wrong_at=wrong_at, wall=wall, cpu=cpu,
                       assumed="assumed" in plain.grid.labelling)
            rows.append(row)
    return rows


def grid_table(rows: list[dict]) -> str:
    out = ["| style | seed | hexes | scale | rotation ° | crop | mean px | max px | mislabelled | "
           "mislabelled (--at) | fit s (CPU) |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['style']} | {r['seed']} | {r['hexes']} | | | | failed: {r['error']} | | | | |")
            continue
        out.append(f"| {r['style']} | {r['seed']} | {r['hexes']} | {r['scale']:.2f} | {r['rotation']:+.2f} | "
                   f"{r['crop']} | {r['mean']:.2f} | {r['max']:.2f} | {r['wrong']}{' (assumed)' if r['assumed'] else ''}"
                   f" | {r['wrong_at']} | {r['wall']:.1f} ({r['cpu']:.1f}) |")
    ok = [r for r in rows if "error" not in r]
    out.append("")
    out.append(f"grid fit over {len(rows)} scans ({len(rows) - len(ok)} failed): mean error "
               f"{np.mean([r['mean'] for r in ok]):.2f} px (worst scan {max(r['mean'] for r in ok):.2f} px, "
               f"largest single error {max(r['max'] for r in ok):.2f} px); mislabelled hexes "
               f"{sum(r['wrong'] for r in ok)} without --at, {sum(r['wrong_at'] for r in ok)} with one --at point")
    return "\n".join(out)


def thousand_hexes() -> str:
    """Time to make and to fit a 32 x 32 map."""
    s, wall_make, cpu_make = _timed(lambda: make_scan("modern", 99, columns=32, rows=32))
    conv = load_game(str(s.game_dir)).map.sheets[0].convention
    result, wall, cpu = _timed(fit, _image(s), conv)
    mean, worst, wrong = grid_errors(s, result)
    return (f"1,024-hex map ({s.image.size[0]}x{s.image.size[1]} px, {len(s.centres)} hexes on the scan): "
            f"make_scan {wall_make:.2f} s ({cpu_make:.2f} s CPU); grid fit {wall:.2f} s ({cpu:.2f} s CPU), "
            f"mean error {mean:.2f} px, {wrong} mislabelled")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=8, help="scans per style (default 8)")
    args = parser.parse_args()
    print(grid_table(grid_rows(args.seeds)))
    print()
    print(thousand_hexes())


if __name__ == "__main__":
    main()
