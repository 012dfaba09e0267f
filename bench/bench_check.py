"""Moves judged per second on a long log with full path validation (synthetic F&M game).

Run: python bench/bench_check.py [moves]          the timeline built in memory, hex-by-hex moves
     python bench/bench_check.py --vlog 1000 10000 100000
                                                  end to end on engine-format .vlog files (our writer makes
                                                  them as VASSAL writes a drag: one MovePiece per move), every
                                                  move a multi-hex drag judged by a route search; log reading
                                                  included; peak memory of a fresh process per size
"""
from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from hexforge.games import load_game  # noqa: E402
from hexforge.rules import check  # noqa: E402
from tests.rules.helpers import Log  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def long_game(tmp: Path, turns: int):
    """The synthetic game with a scenario long enough for the log (F&M 4.1 game length)."""
    folder = tmp / "synthetic-fm"
    shutil.copytree(ROOT / "tests" / "data" / "synthetic-fm", folder)
    sc = folder / "scenarios" / "meeting.toml"
    sc.write_text(sc.read_text().replace("last_turn = 6", f"last_turn = {turns}"))
    return load_game(folder)


def main(n: int = 20000) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        game = long_game(Path(tmp), n + 2)
    log = Log(game, {"B3": "0103", "B1": "0205", "R1": "0910", "R2": "1201"})
    there, back = ("0103", "0203", "0303", "0403", "0503"), ("0503", "0403", "0303", "0203", "0103")
    turn = 1
    for i in range(n // 2):
        log.phase(turn, "first-movement").move("B3", *(there if i % 2 == 0 else back)).move("B1", "0205", "0305")
        log.phase(turn, "second-movement").move("R1", "0910", "0909")
        log.phase(turn, "end")
        turn += 1
        log.phase(turn, "first-movement").move("B1", "0305", "0205")
        log.phase(turn, "second-movement").move("R1", "0909", "0910")
        log.phase(turn, "end")
        turn += 1
    t = log.timeline()
    moves = sum(1 for e in t.events if type(e).__name__ == "Move")
    start = time.perf_counter()
    rep = check(game, t)
    dt = time.perf_counter() - start
    assert rep.counts()["illegal"] == 0, rep.counts()
    print(f"{moves} moves ({len(t.events)} events) judged in {dt:.2f} s: {moves / dt:,.0f} moves/s")


def write_vlog(tmp: Path, moves: int) -> tuple[Path, Path]:
    """A .vlog of ``moves`` moves: B3 dragged along the road 0103 <-> 0503 (one drop, a route search each
    time) and R4 dragged 1003 <-> 1203, with the phases between (the scenario's set-up)."""
    from tests.rules.vlog import Writer
    w = Writer(long_game(tmp, moves // 2 + 2), tmp)
    turn, done = 1, 0
    while done < moves:
        w.phase(turn, "first-movement")
        w.move("B3", *(("0103", "0503") if turn % 2 else ("0503", "0103")))
        w.phase(turn, "second-movement")
        w.move("R4", *(("1003", "1203") if turn % 2 else ("1203", "1003")))
        w.phase(turn, "end")
        turn, done = turn + 1, done + 2
    return w.write(), w.vmod


def timed_check(log: Path, vmod: Path, game_dir: Path):
    """(report, CPU s of the check, events read alone, CPU s of that reading): what ``hexforge check`` does, timed in
    this process, then, as the anchor, the same files only read (game, module and log: the stream of events, no
    judging), so the ratio of the two holds on a shared, noisy machine. The game's rules wing (system and referee)
    is imported first (once per process, the interpreter's start-up, not the check's)."""
    from hexforge.builder.modulereader import read_module
    from hexforge.builder.savefile import stream_save
    from hexforge.builder.timeline import EventStream
    from hexforge.rules import classes, variant
    classes(variant(load_game(game_dir)))
    start = time.process_time()
    game = load_game(game_dir)
    rep = check(game, EventStream(stream_save(log), read_module(vmod), game))  # as `hexforge check` reads it
    dt = time.process_time() - start
    start = time.process_time()
    game = load_game(game_dir)
    read = sum(1 for _ in EventStream(stream_save(log), read_module(vmod), game).events)
    anchor = time.process_time() - start
    assert read == len(rep.judged), (read, len(rep.judged))
    return rep, dt, read, anchor


def moves_of(rep) -> int:
    """The moves a (streamed) report judged: its events are kept as descriptions."""
    from hexforge.builder.timeline import describe
    return sum(1 for j in rep.judged if describe(j.event).startswith("move "))


def end_to_end(log: Path, vmod: Path, game_dir: Path) -> None:
    """The F&M check of one .vlog beside its anchor (:func:`timed_check`)."""
    rep, dt, _, anchor = timed_check(log, vmod, game_dir)
    moves = moves_of(rep)
    assert rep.counts()["illegal"] == 0, rep.counts()
    print(f"{moves:>7} moves end to end in {dt:6.2f} s CPU: {moves / dt:8,.0f} moves/s, peak {peak_mb():,.0f} MB; "
          f"reading alone {moves / anchor:8,.0f} moves/s: the check costs {dt / anchor:4.1f}x the reading")


def peak_mb() -> float:
    """This process's peak resident memory in MB: Linux's ``VmHWM`` (of this program only: ``ru_maxrss`` keeps the
    peak of the process that started it, here the writer of the log), else ``ru_maxrss``."""
    try:
        line = next(x for x in Path("/proc/self/status").read_text().splitlines() if x.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024
    except (OSError, StopIteration):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def vlog_bench(sizes: list[int]) -> None:
    import subprocess
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            log, vmod = write_vlog(Path(tmp), n)
            subprocess.run([sys.executable, __file__, "--read", str(log), str(vmod), str(Path(tmp) / "synthetic-fm")],
                           check=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--vlog"]:
        vlog_bench([int(a) for a in sys.argv[2:]] or [1000, 10000])
    elif sys.argv[1:2] == ["--read"]:
        end_to_end(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
