"""The survey's accuracy and time on synthetic scans (issue #17's table; run by hand).

    python bench/bench_survey.py              # 24 degraded full-size scans (8 seeds x 3 styles)
    python bench/bench_survey.py --seeds 3    # fewer

Grid part: for each scan, `fit` without and with one --at point; the mean and largest distance
from each true hex centre to its fitted one (pixels), the hexes whose fitted centre is nearer
another hex's true centre (mislabelled), and the time of one fit (wall and CPU seconds). Then the
time to make and to fit a 32 x 32 (1,024-hex) map.

Terrain part: on the same scans, survey terrain with at most three true samples per type: hexes
right, the wrong hexes that are among the least confident tenth, hexside features and roads found
(right / found / true: precision and recall), and the time; then the time for a 1,024-hex map.
The machine is shared: CPU seconds are the fairer figure.
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
from tools.scans import STYLES, Scan, make_scan, truth_samples  # noqa: E402


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


# -- terrain: hexes, hexsides and roads from at most three samples per type ----------------------------

def _found(truth, got) -> tuple[int, int, int]:
    from hexforge.survey.store import pair
    t = {pair(*sorted(p)): v for p, v in truth.items()}
    g = {p: c.value for p, c in got.items() if c.value != "none"}
    return sum(1 for p, v in g.items() if t.get(p) == v), len(g), len(t)


def terrain_rows(seeds: int) -> list[dict]:
    """Per scan: hexes right, hexside and road (right, found, true), wrong hexes among the least
    confident tenth, CPU seconds of the survey."""
    from hexforge.survey.terrain import adjacent_pairs, survey_terrain
    rows = []
    for style in STYLES:
        for seed in range(seeds):
            s = make_scan(style, seed)
            pairs = adjacent_pairs(load_game(str(s.game_dir)), s.centres)
            out, wall, cpu = _timed(survey_terrain, s.image, s.centres, pairs, truth_samples(s), "bench")
            labels = sorted(s.centres)
            bad = np.array([out.hexes[h].value != s.terrain[h] for h in labels])
            low = np.argsort([out.hexes[h].confidence for h in labels], kind="stable")[:len(labels) // 10]
            rows.append({"style": style, "seed": seed, "hexes": len(labels), "wrong": int(bad.sum()),
                         "caught": int(bad[low].sum()), "sides": _found(s.hexsides, out.hexsides),
                         "lines": _found(s.lines, out.lines), "wall": wall, "cpu": cpu})
    return rows


def terrain_table(rows: list[dict]) -> str:
    out = ["| style | seed | hexes | wrong hexes | of them in lowest 10% | hexsides right/found/true | "
           "roads right/found/true | survey s (CPU) |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['style']} | {r['seed']} | {r['hexes']} | {r['wrong']} | {r['caught']} | "
                   f"{'/'.join(map(str, r['sides']))} | {'/'.join(map(str, r['lines']))} | "
                   f"{r['wall']:.1f} ({r['cpu']:.1f}) |")
    n, wrong, caught = (sum(r[k] for r in rows) for k in ("hexes", "wrong", "caught"))
    sides = np.sum([r["sides"] for r in rows], axis=0)
    lines = np.sum([r["lines"] for r in rows], axis=0)
    out.append("")
    out.append(f"terrain over {len(rows)} scans, 3 samples per type: hexes right {1 - wrong / n:.2%} ({wrong} of {n} "
               f"wrong, {caught} of them among the least confident tenth); hexside features precision "
               f"{sides[0] / sides[1]:.1%} recall {sides[0] / sides[2]:.1%}; roads/trails/railways precision "
               f"{lines[0] / lines[1]:.1%} recall {lines[0] / lines[2]:.1%}")
    return "\n".join(out)


def thousand_hex_terrain() -> str:
    from hexforge.survey.terrain import adjacent_pairs, survey_terrain
    s = make_scan("modern", 99, columns=32, rows=32)
    pairs = adjacent_pairs(load_game(str(s.game_dir)), s.centres)
    _, wall, cpu = _timed(survey_terrain, s.image, s.centres, pairs, truth_samples(s), "bench")
    return f"1,024-hex map ({len(s.centres)} hexes on the scan): survey terrain {wall:.2f} s ({cpu:.2f} s CPU)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=8, help="scans per style (default 8)")
    args = parser.parse_args()
    print(grid_table(grid_rows(args.seeds)))
    print()
    print(thousand_hexes())
    print()
    print(terrain_table(terrain_rows(args.seeds)))
    print(thousand_hex_terrain())


if __name__ == "__main__":
    main()
