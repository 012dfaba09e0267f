"""Timelines built by hand for the HTTR referee's tests, on the synthetic game tests/games/httr-synthetic."""
from __future__ import annotations

from pathlib import Path

from hexforge.builder.locations import OFF_MAP, Location
from hexforge.builder.timeline import (ChatLine, DiceRoll, Eliminated, Entered, Move, PieceRef, Placement,
                                       StepChange, Timeline, TurnChange)
from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.replay import Report
from hexforge.rules.state import phase_names
from hexforge.rules.verdict import Illegal, Legal, NotCheckable

SYNTHETIC = Path(__file__).resolve().parents[2] / "games" / "httr-synthetic"
_GAME: list[Game] = []


def game() -> Game:
    if not _GAME:
        _GAME.append(load_game(SYNTHETIC))
    return _GAME[0]


def ref(u: str) -> PieceRef:
    return PieceRef(u, u, u)


class Log:
    """A timeline step by step: ``phase``, ``move``, ``layer``, ``say``, ``roll``, ``kill``; ``setup`` lists
    unit -> hex (or (hex, {layer: level})), placed in order (a hex's last listed unit on top)."""

    def __init__(self, setup: dict, g: Game | None = None) -> None:
        self.game = g or game()
        rows = []
        for u, where in setup.items():
            h, layers = where if isinstance(where, tuple) else (where, {})
            rows.append(Placement(ref(u), OFF_MAP, h, layers=dict(layers)))  # as a save's set-up gives them
        self.setup = tuple(rows)
        self.markers: list[Placement] = []
        self.events: list = []

    def _n(self) -> int:
        return len(self.events) + 1

    def phase(self, turn: int, phase_id: str) -> Log:
        ids = [p.id for p in self.game.info.sequence]
        name = phase_names(self.game)[ids.index(phase_id)]
        self.events.append(TurnChange(self._n(), "TurnTracker0", "", (("Turn", str(turn)), ("Phase", name))))
        return self

    def move(self, u: str, *path: str, stack: tuple[str, ...] = ()) -> Log:
        self.events.append(Move(self._n(), ref(u), OFF_MAP, OFF_MAP, None, path[-1], tuple(path), stack=stack))
        return self

    def drag(self, units: tuple[str, ...], *path: str) -> Log:
        """One drag of a stack: a Move of each unit in one log step (VASSAL logs a stack's drag as one step)."""
        step = self._n()
        for u in units:
            self.events.append(Move(step, ref(u), OFF_MAP, OFF_MAP, None, path[-1], tuple(path)))
        return self

    def leave(self, u: str) -> Log:
        """A unit moved off the map (into an off-map box)."""
        self.events.append(Move(self._n(), ref(u), OFF_MAP, OFF_MAP, None, None))
        return self

    def enter(self, u: str, h: str) -> Log:
        """A unit put on hex ``h`` from off the map (a reinforcement, or back from an off-map area)."""
        self.events.append(Entered(self._n(), ref(u), OFF_MAP, h))
        return self

    def place(self, pid: str, name: str, h: str) -> Log:
        """A marker piece ``pid`` named ``name`` put on hex ``h`` from a palette."""
        self.events.append(Entered(self._n(), PieceRef(pid, name, None), OFF_MAP, h))
        return self

    def remove(self, pid: str, name: str, h: str) -> Log:
        """A marker piece taken off hex ``h`` (deleted)."""
        self.events.append(Eliminated(self._n(), PieceRef(pid, name, None), OFF_MAP, h))
        return self

    def layer(self, u: str, trait: str, old: str, new: str) -> Log:
        self.events.append(StepChange(self._n(), ref(u), None, trait, old, new))
        return self

    def mode(self, u: str, new: str, old: str = "") -> Log:
        return self.layer(u, "Mode", old, new)

    def say(self, text: str) -> Log:
        self.events.append(ChatLine(self._n(), "p", text))
        return self

    def roll(self, name: str, *dice: int) -> Log:
        self.events.append(DiceRoll(self._n(), name, tuple(dice), sum(dice)))
        return self

    def kill(self, u: str, h: str) -> Log:
        self.events.append(Eliminated(self._n(), ref(u), OFF_MAP, h))
        return self

    def _box(self, marker: str, box: int) -> Location:
        """A record track's box, as the module's Tracks map names it (docs/log-channel.md)."""
        m = next(m for m in self.game.info.markers if m.name.resolved == marker)
        board = next(t.name for t in self.game.info.tracks if t.id == m.track)
        return Location("Tracks", board, str(box))

    def on_track(self, marker: str, box: int) -> Log:
        """A record track marker set up in a box."""
        self.setup += (Placement(PieceRef(marker, marker, None), self._box(marker, box), None, {}),)
        return self

    def track(self, marker: str, box: int) -> Log:
        """A record track marker moved to a box."""
        self.events.append(Move(self._n(), PieceRef(marker, marker, None), OFF_MAP, self._box(marker, box), None,
                                None))
        return self

    def marker(self, pid: str, name: str, h: str) -> Log:
        """A marker piece on hex ``h`` at set-up."""
        self.markers.append(Placement(PieceRef(pid, name, None), OFF_MAP, h))
        return self

    def timeline(self) -> Timeline:
        return Timeline(self.setup + tuple(self.markers), tuple(self.events), (), (), len(self.events))

    def check(self, **readings: str) -> Report:
        return HttrReferee(rules_for(self.game), self.timeline(), readings or None).run()


def last(report: Report) -> list:
    """The verdicts on the last event."""
    return report.judged[-1].verdicts


def illegal(verdicts: list) -> list[Illegal]:
    return [v for v in verdicts if isinstance(v, Illegal)]


def rules_broken(verdicts: list) -> list[str]:
    return [v.rule for v in illegal(verdicts)]


def all_legal(verdicts: list) -> bool:
    return bool(verdicts) and all(isinstance(v, Legal) for v in verdicts)


def unsure(verdicts: list) -> list[NotCheckable]:
    return [v for v in verdicts if isinstance(v, NotCheckable)]
