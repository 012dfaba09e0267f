"""Writing VASSAL logs for rules tests with our own writer: steps in game terms (hexes, phases, chat,
rolls) on a module built by our builder, each step optionally marked with the rule it violates."""
from __future__ import annotations

import zipfile
from pathlib import Path

from hexforge.builder.build import build
from hexforge.builder.commands import SetBoards, parse_stream
from hexforge.builder.locations import Locator
from hexforge.builder.logwriter import LogWriter
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import build_timeline
from hexforge.rules.state import phase_names


class Writer:
    """Steps of a log in game terms: move a unit along hexes, change phase, chat, roll."""

    def __init__(self, game, tmp: Path, scenario: str | None = None) -> None:
        self.game, self.tmp = game, tmp
        self.vmod = build(game, tmp / "g.vmod", force=True)
        self.module = read_module(self.vmod)
        with zipfile.ZipFile(self.vmod) as z:
            saves = sorted(n for n in z.namelist() if n.endswith(".vsav"))
            name = next(n for n in saves if scenario is None or n == f"setup-{scenario}.vsav")
            (tmp / name).write_bytes(z.read(name))
        self.save = read_save(tmp / name)
        self.loc = Locator(self.module)
        for e in parse_stream(self.save.text):
            if isinstance(e.command, SetBoards):
                self.loc.set_boards(e.command)
        self.w = LogWriter.continuing(self.save.text)
        self.main = self.module.map("Main Map")
        t = build_timeline(self.save, self.module, game)
        self.pid = {p.piece.unit: p.piece.id for p in t.setup}
        self.names = phase_names(game)
        self.marks: list[tuple[int, str]] = []  # (step, rule) planted
        self.step_no = 0

    def xy(self, label: str) -> tuple[int, int]:
        return self.loc.position(self.main.id, self.main.boards[0].name, label)

    def _step(self, *cmds, plant: str | None = None) -> None:
        self.w.step(*cmds)
        self.step_no += 1
        if plant:
            self.marks.append((self.step_no, plant))

    def move(self, unit: str, *path: str, plant: str | None = None) -> None:
        self._step(*[self.w.move(self.pid[unit], self.main.id, *self.xy(h)) for h in path[1:]], plant=plant)

    def phase(self, turn: int, pid: str, plant: str | None = None) -> None:
        i = [p.id for p in self.game.info.sequence].index(pid)
        n = len(self.names)
        self._step(self.w.turn("TurnTracker0", f"0|{turn};0;false;-1;{i};0;0;" + ",".join(["true"] * n)), plant=plant)

    def chat(self, text_: str, plant: str | None = None) -> None:
        self._step(self.w.chat("Ann", text_), plant=plant)

    def roll(self, v: int, plant: str | None = None) -> None:
        self._step(*self.w.dice("1d6", [v], "Ann"), plant=plant)

    def flip(self, unit: str, plant: str | None = None) -> None:
        self._step(self.w.set_layer(self.pid[unit], 0, 2), plant=plant)

    def remove(self, unit: str, plant: str | None = None) -> None:
        self._step(self.w.remove(self.pid[unit]), plant=plant)

    def mark(self, rule: str) -> None:
        """One more planted violation on the last step."""
        self.marks.append((self.step_no, rule))

    def write(self) -> Path:
        return self.w.write(self.tmp / "game.vlog", self.module.name, self.module.version)
