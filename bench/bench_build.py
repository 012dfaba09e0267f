"""Build time and peak memory per bundled game (run by hand: python bench/bench_build.py).

Each game builds in a fresh subprocess so that peak RSS is that build's alone.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile

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


def main() -> None:
    from hexforge.games import bundled_games

    with tempfile.TemporaryDirectory() as tmp:
        for game in bundled_games():
            p = subprocess.run([sys.executable, "-c", CHILD, game, f"{tmp}/{game}.vmod"],
                               capture_output=True, text=True, check=True)
            r = json.loads(p.stdout)
            print(f"{r['game']:<24} {r['seconds']:>6.2f} s  peak {r['peak_mb']:>4} MB  module {r['size_kb']:>5} KB"
                  f"  ({r['hexes']} hexes, {r['units']} units, {r['scenarios']} scenarios)")


if __name__ == "__main__":
    main()
