"""Moves judged per second on a long HTTR log on the four-sheet map (issue #15's bench figure).

Run: python bench/bench_httr.py [moves ...]        default 2000 10000

The game is the synthetic HTTR game (tests/games/httr-synthetic: units, tables, sequence) on the bundled
game's four-sheet grid (A-D, as games/highway-to-the-reich/game.toml numbers it), every hex of it clear
(the bundled terrain is unsurveyed: a move there is *not checkable* and no route is searched), with the
synthetic turn calendar repeated to the log's length. The log is an engine-format .vlog written with the
project's writer (tests/rules/vlog.py, as bench/bench_check.py --vlog does): per Game Turn an Allied Movement
Phase with two multi-hex drags and a German one with one, each judged by a route search; on the turns where
the German units that started on the map roll their MA (ScR 8.1.5, ``[special.start_ma]``), G-INF1's move
follows its roll on the data's movement-allowance button (all sixes). Timed in a fresh
process per size: reading and judging as ``hexforge check`` does, against the anchor of reading the same
files without judging, as a ratio (so the figure holds on a shared, noisy machine).
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from hexforge.games import load_game  # noqa: E402
from bench.bench_check import moves_of, peak_mb, timed_check  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SYNTHETIC = ROOT / "tests" / "games" / "httr-synthetic"
BUNDLED = ROOT / "games" / "highway-to-the-reich"
SETUP = {"A-INF1": "B2010", "A-TANK": "B2520", "G-INF1": "A2010"}
# The tank's four clear hexes, 8 MP by day, are 12 at night (SR 20.3), within its MA of 12; G-INF1's two, 6 MP at
# night, are within the best 1d6 MA roll (ScR 8.1.5).
ROUTES = {"A-INF1": ("B2010", "B2014"), "A-TANK": ("B2520", "B2524"), "G-INF1": ("A2010", "A2012")}


def _section(text: str, start: str, end: str | None) -> str:
    """The lines of ``text`` from the line ``start`` up to (not including) the line ``end``."""
    a = text.index(f"\n{start}\n") + 1
    return text[a:text.index(f"\n{end}\n", a) + 1] if end else text[a:]


def _last(v: object) -> int:
    return int(v["value"] if isinstance(v, dict) else v)


def _calendar(turns: int) -> str:
    """The synthetic game's eight-turn calendar repeated to ``turns`` turns."""
    pattern = tomllib.loads((SYNTHETIC / "game.toml").read_text())["special"]["turn_calendar"]["turns"]
    rows = [f'  {{ turn = {n}, date = "day {1 + (n - 1) // 8}", time = "{pattern[(n - 1) % 8]["time"]}", '
            f'kind = "{pattern[(n - 1) % 8]["kind"]}" }},' for n in range(1, turns + 1)]
    return ('[special.turn_calendar]\nsource = "bench: the synthetic calendar repeated"\nturns = [\n'
            + "\n".join(rows) + "\n]\n\n")


def bench_game(tmp: Path, turns: int) -> Path:
    """The synthetic HTTR game on the bundled four-sheet grid, all clear, ``turns`` turns long."""
    folder = tmp / "httr-synthetic"  # the folder name is the game id
    shutil.copytree(SYNTHETIC, folder)
    ours, bundled = (folder / "game.toml").read_text(), (BUNDLED / "game.toml").read_text()
    head, tail = ours[:ours.index("\n[grid]\n") + 1], _section(ours, "[[sequence]]", None)
    start = tail.index("\n[special.turn_calendar]\n") + 1
    cal = tail[start:tail.index("\n]\n", start) + 3]  # the table alone: the other [special] tables stay
    tail = tail.replace(cal, _calendar(turns))
    (folder / "game.toml").write_text(head + _section(bundled, "[grid]", "[[sequence]]") + tail)
    sheets = tomllib.loads(bundled)["grid"]["sheets"]
    rows = [f'"{s["letter"]}{r:02d}01..{s["letter"]}{r:02d}{_last(s["columns"]["last"]):02d}"'
            for s in sheets for r in range(1, _last(s["rows"]["last"]) + 1)]
    terrain = (folder / "terrain.toml").read_text()
    places = terrain[terrain.index("[[places]]"):]
    (folder / "terrain.toml").write_text(terrain[:terrain.index("[hexes]")] + "[hexes]\nclear = [" + ", ".join(rows)
                                         + "]\n\n" + places)
    sc = folder / "scenarios" / "basic.toml"
    sc.write_text(sc.read_text().replace("last_turn = 8", f"last_turn = {turns}") + "".join(
        f'\n[[setup]]\nunits = ["{u}"]\nhex = "{h}"\nsource = "bench"\n' for u, h in SETUP.items()))
    return folder


def write_vlog(tmp: Path, moves: int) -> tuple[Path, Path, Path]:
    """A .vlog of ``moves`` drags, three per Game Turn, each unit there and back along its route."""
    from tests.rules.vlog import Writer

    class Sheets(Writer):
        """The writer on a map of several boards: a hex is on the board of its sheet letter."""

        def xy(self, label: str) -> tuple[int, int]:
            board = next(b.name for b in self.main.boards if b.name == f"Sheet {label[0]}")
            return self.loc.position(self.main.id, board, label)

    turns = moves // 3 + 1
    folder = bench_game(tmp, turns)
    game = load_game(folder)
    w = Sheets(game, tmp)
    start_ma = (game.info.special or {}).get("start_ma") or {}
    buttons = {b.dice: b.name for b in game.info.dice_buttons if b.purpose == "movement-allowance"}
    done, turn = 0, 1
    while done < moves:
        there = turn % 2 == 1
        for side, units in (("allied", ("A-INF1", "A-TANK")), ("german", ("G-INF1",))):
            w.phase(turn, f"{side}_movement")
            for u in units:
                dice = (start_ma.get("dice") or {}).get(str(turn)) if side == start_ma.get("side") else None
                if dice:  # ScR 8.1.5: a start unit's move follows its own MA roll
                    w._step(*w.w.dice(buttons[f"{int(dice)}d6"], [6] * int(dice), "Ann"))
                a, b = ROUTES[u]
                w.move(u, *((a, b) if there else (b, a)))
                done += 1
        turn += 1
    return w.write(), w.vmod, folder


def end_to_end(log: Path, vmod: Path, game_dir: Path) -> None:
    """Read, build the timeline and judge as ``hexforge check`` does, beside the anchor: the same files only read
    (``bench_check.timed_check``)."""
    rep, dt, _, anchor = timed_check(log, vmod, game_dir)
    moves, counts, peak, game = moves_of(rep), rep.counts(), peak_mb(), load_game(game_dir)
    assert counts["illegal"] == 0, counts
    print(f"{moves:>7} moves ({len(game.map.index)} hexes, verdicts {counts}) in {dt:6.2f} s CPU: "
          f"{moves / dt:8,.0f} moves/s, peak {peak:,.0f} MB; reading alone {moves / anchor:8,.0f} moves/s: "
          f"the check costs {dt / anchor:4.1f}x the reading")


def main(sizes: list[int]) -> None:
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            log, vmod, folder = write_vlog(Path(tmp), n)
            subprocess.run([sys.executable, __file__, "--read", str(log), str(vmod), str(folder)], check=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--read"]:
        end_to_end(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
    else:
        main([int(a) for a in sys.argv[1:]] or [2000, 10000])
