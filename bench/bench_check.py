"""Moves judged per second on a long log with full path validation (synthetic F&M game).

Run: python bench/bench_check.py [moves]
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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
