"""Benchmark: read logs as the engine writes them and build their timeline (the reading part of
``hexforge log show``): moves per second and peak memory, for 1k, 10k and 100k moves.

Each logged move is what VASSAL's ``PieceMover`` writes for a drag onto an empty hex: the
``MovePiece``, the ``AddPiece`` of the new stack the piece is put in, and the move report chat
line; one step in ten is a dice roll (report + result properties), one in ten a Layer change.
Each size is read in a fresh process, so its peak RSS is its own.

Run: python bench/bench_log.py [MOVES ...]   (default 1000 10000 100000)
"""
from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hexforge.builder.commands import AddPiece, BoardSpec, Chat  # noqa: E402
from hexforge.builder.logwriter import LogWriter  # noqa: E402
from hexforge.builder.modulereader import read_module  # noqa: E402
from hexforge.builder.savefile import read_save  # noqa: E402
from hexforge.builder.timeline import Move, build_timeline  # noqa: E402
from hexforge.games import load_game  # noqa: E402
from hexforge.maps.layout import MapLayout, PlacedBoard  # noqa: E402
from tests.logs.logmodule import PieceSpec, write_log_module  # noqa: E402

MAP = "Main Map"
GAME = ROOT / "tests" / "data" / "synthetic"


def _layout(game) -> MapLayout:
    return MapLayout((PlacedBoard("Board", game.map.grid),), 20, 20)


def write_files(moves: int, tmp: Path) -> tuple[Path, Path]:
    """(module, log) with ``moves`` engine-format moves."""
    game = load_game(GAME)
    layout = _layout(game)
    specs = [PieceSpec(u, game.units[u].side, str(i + 1)) for i, u in enumerate(sorted(game.units))]
    module_path = write_log_module(tmp / "b.vmod", MAP, layout, specs)
    module = read_module(module_path)
    rng = random.Random(5)
    labels = sorted(game.map.index)
    w = LogWriter({MAP: [BoardSpec("Board", 0, 0)]}, [("pw", "Bench", "blue")])
    ids = [w.place(module.piece_by_gpid(s.gpid).type, module.piece_by_gpid(s.gpid).state, MAP,
                   *layout.position("Board", rng.choice(labels))) for s in specs]
    done = n = 0
    while done < moves:
        n += 1
        pid, r = rng.choice(ids), rng.random()
        if r < 0.8:
            done += 1
            to = rng.choice(labels)
            x, y = layout.position("Board", to)
            w.step(w.move(pid, MAP, x, y), AddPiece(f"s{n}", "stack", f"{MAP};{x};{y};{pid};@@0"),
                   Chat(f"* {pid} moves to {to} *"))
        elif r < 0.9:
            w.step(w.set_layer(pid, 0, rng.choice([1, 2])))
        else:
            w.step(*w.dice("2d6", [rng.randint(1, 6), rng.randint(1, 6)], "Bench"))
    return module_path, w.write(tmp / "bench.vlog", "LogTest", "1.0")


def read(module_path: Path, log_path: Path) -> None:
    """Child process: time the reading part of ``log show`` and print the figures."""
    game = load_game(GAME)
    start, cpu = time.perf_counter(), time.process_time()
    module = read_module(module_path)
    save = read_save(log_path)
    t_read = time.perf_counter()
    timeline = build_timeline(save, module, game)
    t_done, cpu = time.perf_counter(), time.process_time() - cpu
    moves = sum(isinstance(e, Move) for e in timeline.events)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{moves:>7} moves, {timeline.steps:>7} steps, {len(save.text) / 1e6:6.1f} MB text: "
          f"unzip {t_read - start:5.2f} s, parse + timeline {t_done - t_read:6.2f} s wall; "
          f"{moves / (t_done - start):8,.0f} moves/s wall, {moves / cpu:8,.0f} moves/s CPU; peak RSS {rss:,.0f} MB")


def main(argv: list[str]) -> None:
    if argv[:1] == ["--read"]:
        read(Path(argv[1]), Path(argv[2]))
        return
    for moves in [int(a) for a in argv] or [1_000, 10_000, 100_000]:
        with tempfile.TemporaryDirectory() as tmp:
            module_path, log_path = write_files(moves, Path(tmp))
            subprocess.run([sys.executable, __file__, "--read", str(module_path), str(log_path)], check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
