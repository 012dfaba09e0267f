"""Benchmark: read a 10,000-step log (written by our writer) and build its timeline.

Run: python bench/bench_log.py   (prints the time of read + parse + timeline)
"""
from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hexforge.builder.commands import BoardSpec  # noqa: E402
from hexforge.builder.logwriter import LogWriter  # noqa: E402
from hexforge.builder.modulereader import read_module  # noqa: E402
from hexforge.builder.savefile import read_save  # noqa: E402
from hexforge.builder.timeline import build_timeline  # noqa: E402
from hexforge.games import load_game  # noqa: E402
from hexforge.maps.layout import MapLayout, PlacedBoard  # noqa: E402
from tests.logs.logmodule import PieceSpec, write_log_module  # noqa: E402

STEPS = 10_000
MAP = "Main Map"


def main() -> None:
    game = load_game(ROOT / "tests" / "data" / "synthetic")
    layout = MapLayout((PlacedBoard("Board", game.map.grid),), 20, 20)
    specs = [PieceSpec(u, game.units[u].side, str(i + 1)) for i, u in enumerate(sorted(game.units))]
    with tempfile.TemporaryDirectory() as tmp:
        module = read_module(write_log_module(Path(tmp) / "b.vmod", MAP, layout, specs))
        rng = random.Random(5)
        labels = sorted(game.map.index)
        w = LogWriter({MAP: [BoardSpec("Board", 0, 0)]}, [("pw", "Bench", "blue")])
        ids = [w.place(module.piece_by_gpid(s.gpid).type, module.piece_by_gpid(s.gpid).state, MAP,
                       *layout.position("Board", rng.choice(labels))) for s in specs]
        for n in range(STEPS):
            pid, r = rng.choice(ids), rng.random()
            if r < 0.7:
                w.step(w.move(pid, MAP, *layout.position("Board", rng.choice(labels))), w.chat("Bench", f"move {n}"))
            elif r < 0.85:
                w.step(w.set_layer(pid, 0, rng.choice([1, 2])))
            else:
                w.step(*w.dice("2d6", [rng.randint(1, 6), rng.randint(1, 6)], "Bench"))
        path = w.write(Path(tmp) / "bench.vlog", "LogTest", "1.0")
        size = path.stat().st_size
        start = time.perf_counter()
        save = read_save(path)
        t_read = time.perf_counter()
        timeline = build_timeline(save, module, game)
        t_done = time.perf_counter()
    assert timeline.steps == STEPS
    print(f"{STEPS} steps, {len(save.text):,} chars ({size:,} bytes zipped), {len(timeline.events):,} events: "
          f"read {t_read - start:.2f} s, parse + timeline {t_done - t_read:.2f} s, total {t_done - start:.2f} s")


if __name__ == "__main__":
    main()
