"""Moves judged per second on a long PtR log (the synthetic PtR game, tests/games/ptr-synthetic).

Run: python bench/bench_ptr.py [turns]

The log is written with the project's writer (tests/rules/vlog.py, engine-format .vlog: one step per drag, named
dice buttons, chat declarations): each turn the US activates 1st Infantry and drags 1-A back and forth between
1311 and 1312 (a route search per drag), then both sides pass. The figure is the check (read, build, judge) in
CPU seconds beside, as the anchor, the same files only read (no judging), so the ratio holds on a shared machine.
"""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.bench_check import moves_of, timed_check  # noqa: E402
from hexforge.games import load_game  # noqa: E402
from tests.rules.vlog import Writer  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PHASES = ("recovery", "organization", "plan", "replacement", "reinforcement", "operations")


def long_game(tmp: Path, turns: int) -> Path:
    folder = tmp / "ptr-synthetic"
    shutil.copytree(ROOT / "tests" / "games" / "ptr-synthetic", folder)
    sc = folder / "scenarios" / "s1.toml"
    sc.write_text(sc.read_text().replace("last_turn = 2", f"last_turn = {turns}"))
    return folder


def write_log(tmp: Path, turns: int) -> tuple[Path, Path, Path]:
    folder = long_game(tmp, turns)
    w = Writer(load_game(folder), tmp, "s1")

    def roll(button: str, v: int) -> None:
        w._step(*w.w.dice(button, [v], "Ann"))

    for turn in range(1, turns + 1):
        for pid in PHASES:
            w.phase(turn, pid)
        if turn > 1:
            roll("Initiative US", 10), roll("Initiative German", 1)
        w.chat("act 1inf")
        roll("Action Points", 10)
        for i in range(3):  # 1311 -> 1312 -> 1311 -> 1312, then back the next turn
            w.move("1-A", *(("1311", "1312") if (i + turn) % 2 else ("1312", "1311")))
        w.chat("done")
        roll("Initiative US", 10), roll("Initiative German", 1)
        w.chat("pass")
        roll("Initiative US", 1), roll("Initiative German", 10)
        w.chat("pass")
        w.phase(turn, "end-turn")
    return w.write(), w.vmod, folder


def main(turns: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        log, vmod, folder = write_log(Path(tmp), turns)
        rep, dt, read, anchor = timed_check(log, vmod, folder)
        moves = moves_of(rep)
    print(f"{turns} turns, {moves} moves, {read} events, verdicts {rep.counts()}")
    print(f"judged in {dt:.2f} s CPU: {moves / dt:,.0f} moves/s; reading alone {anchor:.2f} s "
          f"({moves / anchor:,.0f} moves/s): the check costs {dt / anchor:.1f}x the reading")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
