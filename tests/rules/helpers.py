"""Timelines built by hand for rules tests (no VASSAL files): setup + events in game hexes."""
from __future__ import annotations

from hexforge.builder.locations import OFF_MAP
from hexforge.builder.timeline import (ChatLine, DiceRoll, Eliminated, Entered, Move, PieceRef, Placement,
                                       StepChange, Timeline, TurnChange)
from hexforge.games.game import Game
from hexforge.rules import rules_for
from hexforge.rules.fm.referee import FmReferee
from hexforge.rules.replay import Report
from hexforge.rules.state import phase_names


def ref(u: str) -> PieceRef:
    return PieceRef(u, u, u)


class Log:
    """Build a timeline step by step: ``phase``, ``move``, ``attack``, ``roll``, ``reduce``, ``kill``."""

    def __init__(self, game: Game, setup: dict[str, str | None], markers: dict[str, str] | None = None) -> None:
        """``setup``: unit -> hex (None: off the map); ``markers``: game marker id -> hex, as the builder names
        marker pieces (the marker's name, a Marker trait holding its id)."""
        self.game = game
        names = {m.id: m.name.resolved for m in game.info.markers}
        self.setup = tuple(Placement(ref(u), OFF_MAP, h) for u, h in setup.items()) + tuple(
            Placement(PieceRef(m, names[m], None), OFF_MAP, h, {"Marker": m}) for m, h in (markers or {}).items())
        self.events: list = []
        self.step = 0

    def _n(self) -> int:
        self.step += 1
        return self.step

    def phase(self, turn: int, phase_id: str) -> Log:
        ids = [p.id for p in self.game.info.sequence]
        name = phase_names(self.game)[ids.index(phase_id)]
        self.events.append(TurnChange(self._n(), "TurnTracker0", "", (("Turn", str(turn)), ("Phase", name))))
        return self

    def move(self, u: str, *path: str) -> Log:
        self.events.append(Move(self._n(), ref(u), OFF_MAP, OFF_MAP, path[0], path[-1], tuple(path)))
        return self

    def enter(self, u: str, h: str) -> Log:
        self.events.append(Entered(self._n(), ref(u), OFF_MAP, h))
        return self

    def say(self, text: str) -> Log:
        self.events.append(ChatLine(self._n(), "p", text))
        return self

    def roll(self, die: int) -> Log:
        self.events.append(DiceRoll(self._n(), "1d6", (die,), die))
        return self

    def reduce(self, u: str, h: str) -> Log:
        self.events.append(StepChange(self._n(), ref(u), h, "Step", "1", "2"))
        return self

    def kill(self, u: str, h: str) -> Log:
        self.events.append(Eliminated(self._n(), ref(u), OFF_MAP, h))
        return self

    def timeline(self) -> Timeline:
        return Timeline(self.setup, tuple(self.events), (), (), self.step)

    def check(self, rules=None) -> Report:
        return FmReferee(rules or rules_for(self.game), self.timeline()).run()


def verdicts(report: Report, index: int) -> list:
    return report.judged[index].verdicts


def illegal_rules(report: Report) -> list[tuple[int, str]]:
    """(event index, rule) of every illegal verdict."""
    from hexforge.rules.verdict import Illegal
    return [(j.index, v.rule) for j in report.judged for v in j.verdicts if isinstance(v, Illegal)]
