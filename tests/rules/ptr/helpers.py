"""Timelines built by hand for the PtR referee tests: set-up, phases, chat declarations, dice by player, moves."""
from __future__ import annotations

from pathlib import Path

from hexforge.builder.locations import OFF_MAP, Location
from hexforge.builder.timeline import (ChatLine, DiceRoll, Entered, Move, PieceRef, Placement, StepChange, Timeline,
                                       TurnChange)
from hexforge.games.game import Game
from hexforge.rules import rules_for
from hexforge.rules.ptr.referee import PtrReferee
from hexforge.rules.replay import Report
from hexforge.rules.state import phase_names
from hexforge.rules.verdict import Illegal, NotCheckable

SYNTHETIC = Path(__file__).resolve().parents[2] / "games" / "ptr-synthetic"
PLAYERS = {"us": "alice", "german": "bob"}  # player names; their VASSAL sides are the game's side names


def ref(u: str) -> PieceRef:
    return PieceRef(u, u, u)


class PtrLog:
    """Build a PtR timeline: ``phase``, ``say``/``by``, ``roll``, ``move``, ``disrupt``."""

    def __init__(self, game: Game, setup: dict[str, str] | None = None) -> None:
        self.game = game
        if setup is None:
            sc = game.scenarios[sorted(game.scenarios)[0]]
            setup = {u: e.hex.resolved for e in sc.setup for u in e.units}
        self.setup = tuple(Placement(ref(u), OFF_MAP, h) for u, h in setup.items())
        self.events: list = []
        self.step = 0

    def _n(self) -> int:
        self.step += 1
        return self.step

    def phase(self, turn: int, phase_id: str) -> PtrLog:
        ids = [p.id for p in self.game.info.sequence]
        name = phase_names(self.game)[ids.index(phase_id)]
        self.events.append(TurnChange(self._n(), "TurnTracker0", "", (("Turn", str(turn)), ("Phase", name))))
        return self

    def say(self, side: str, text: str) -> PtrLog:
        self.events.append(ChatLine(self._n(), PLAYERS[side], text))
        return self

    def roll(self, side: str, die: int, name: str = "1d10") -> PtrLog:
        self.events.append(DiceRoll(self._n(), name, (die,), die, PLAYERS[side]))
        return self

    def initiative(self, us: int, german: int) -> PtrLog:
        return self.roll("us", us).roll("german", german)

    def move(self, u: str, *path: str, step: int | None = None) -> PtrLog:
        self.events.append(Move(step if step is not None else self._n(), ref(u), OFF_MAP, OFF_MAP, path[0], path[-1],
                                tuple(path)))
        return self

    def marker(self, name: str, board: str, box: int) -> PtrLog:
        """A track marker (piece ``name``) dropped on box ``box`` of the track board ``board``."""
        to = Location("Tracks", board, str(box))
        self.events.append(Move(self._n(), PieceRef(name, name, None), OFF_MAP, to, None, None, ()))
        return self

    def layer(self, u: str, h: str | None, trait: str, old: str, new: str) -> PtrLog:
        """A layer change as the timeline carries it (set-up level '1', others ' <Level>')."""
        piece = ref(u) if u in self.game.units else PieceRef(u, u, None)
        self.events.append(StepChange(self._n(), piece, h, trait, old, new))
        return self

    def enter(self, u: str, h: str) -> PtrLog:
        self.events.append(Entered(self._n(), ref(u), OFF_MAP, h))
        return self

    def disrupt(self, u: str, h: str) -> PtrLog:
        """The unit flips to its back (a combat unit disrupted; an HQ on Emergency Supply)."""
        self.events.append(StepChange(self._n(), ref(u), h, "Step", "1", "2"))
        return self

    def front(self, u: str, h: str) -> PtrLog:
        """The unit flips back to its front."""
        self.events.append(StepChange(self._n(), ref(u), h, "Step", "2", "1"))
        return self

    def timeline(self) -> Timeline:
        names = {s.id: s.name.resolved for s in self.game.info.sides}
        return Timeline(self.setup, tuple(self.events), (), tuple((p, names[s]) for s, p in PLAYERS.items()),
                        self.step)

    def check(self, scenario: str | None = "s1") -> Report:
        return PtrReferee(rules_for(self.game, scenario), self.timeline()).run()


def verdicts(report: Report, index: int) -> list:
    return report.judged[index].verdicts


def illegal(report: Report) -> list[tuple[int, str]]:
    """(event index, rule) of every illegal verdict."""
    return [(j.index, v.rule) for j in report.judged for v in j.verdicts if isinstance(v, Illegal)]


def unsure(report: Report) -> list[tuple[int, str]]:
    return [(j.index, v.needs) for j in report.judged for v in j.verdicts if isinstance(v, NotCheckable)]
