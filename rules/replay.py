"""The replay driver: walks a timeline's events in order, hands each to a system's referee and
collects the verdicts (python-chess style: the driver knows no system; the referee is the system's).

Every system with a log checker gives a :class:`Referee` subclass; its hooks default to no effect.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Callable

from hexforge.builder.timeline import Described, Event, EventStream, Timeline, describe
from hexforge.games.game import Game
from hexforge.maps.hexes import Hex
from hexforge.rules.judgements import Judged, Judgements
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem
from hexforge.rules.verdict import NotCheckable, Verdict


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a game: ``winner`` is a side id, ``"draw"``, or ``None`` (undecided / not checkable)."""

    winner: str | None
    text: str
    needs: str | None = None

    def line(self) -> str:
        if self.needs:
            return f"victory: not checkable: needs {self.needs}"
        return f"victory: {self.text}"


@dataclass(slots=True)
class Report:
    """What a referee found in one log: every event's verdicts, warnings, the victory and the set-up."""

    game: str
    judged: Sequence[Judged]  # a list, or for a streamed check :class:`Judgements` (settled events on disk)
    warnings: list[str]
    victory: Outcome | None = None
    setup: list[Verdict] = field(default_factory=list)
    timeline: Timeline | None = None  # the judged timeline (set by :func:`replay` unless streamed): the HTML report redraws positions

    def counts(self) -> dict[str, int]:
        out = {"legal": 0, "illegal": 0, "not checkable": 0}
        for j in self.judged:
            for v in j.verdicts:
                out[{"Legal": "legal", "Illegal": "illegal", "NotCheckable": "not checkable"}[type(v).__name__]] += 1
        return out


class Referee:
    """A system's judge of a timeline; the driver (:func:`replay`) calls ``begin``, then ``judge`` and
    ``advance`` for each event, then ``finish``. The base judges nothing and keeps the position. Over an
    :class:`EventStream` only the verdicts are kept, not the timeline."""

    def __init__(self, rules: RulesSystem, timeline: Timeline | EventStream) -> None:
        self.rules: RulesSystem = rules
        self.game: Game = rules.game
        self.t = timeline
        self.state = GameState.from_setup(self.game, timeline)
        self.judged: list[Judged] | Judgements = [] if isinstance(timeline, Timeline) else Judgements()
        self.notes: list[str] = []

    def say(self, index: int, v: Verdict) -> None:
        self.judged[index].verdicts.append(v)

    def unit(self, e: Event) -> str | None:
        """The game unit an event's piece stands for (``None``: a marker, or no piece)."""
        uid = getattr(getattr(e, "piece", None), "unit", None)
        return uid if uid in self.game.units else None

    def hex(self, label: str | None) -> Hex | None:
        """The game hex a label names (``None``: off the map, or no label)."""
        return self.game.map.index.get(label) if label else None

    def phase(self) -> tuple[str, str | None]:
        """(phase kind, phasing side) now; ``("unknown", None)`` before any tracker change."""
        if self.state.phase is None:
            return "unknown", None
        return self.rules.phase_kind(self.state.phase), self.rules.phase_side(self.state.phase)

    def begin(self) -> None:
        """Before the first event."""

    def judge(self, j: Judged) -> None:
        """Judge one event (before the position changes)."""

    def advance(self, j: Judged) -> None:
        """The position after the event: the event applied, then the system's own changes."""
        self.state = self.rules.after_event(self.state.apply(j.event, self.game))

    def finish(self) -> Report:
        """After the last event: the report."""
        return Report(self.game.id, self.judged, list(self.t.warnings) + self.notes)

    def settled(self) -> int:
        """How many of the first events have their final verdicts (no check adds to them any more): a streamed
        check keeps those as their descriptions only. The base promises none."""
        return 0

    def unjudged(self, j: Judged) -> Verdict:
        """The verdict on an event no check judged (every event gets one); the base follows no rule."""
        return NotCheckable(f"rules code of the {self.rules.system_id} system for this event")

    def run(self, progress: Callable[[int], None] | None = None) -> Report:
        return replay(self, progress)


def replay(referee: Referee, progress: Callable[[int], None] | None = None) -> Report:
    """Judge every event of the referee's timeline in order; ``progress(n)`` hears of each ``n`` events done."""
    referee.begin()
    n = done = 0
    stream = not isinstance(referee.t, Timeline)
    for n, e in enumerate(referee.t.events, 1):
        j = Judged(n - 1, e)
        referee.judged.append(j)
        referee.judge(j)
        referee.advance(j)
        if stream and referee.settled() > done:
            done = _settle(referee, done, referee.settled())
        if progress is not None and n % 100 == 0:
            progress(100)
    if progress is not None and n % 100:
        progress(n % 100)
    report = referee.finish()
    report.timeline = None if stream else referee.t
    # every event gets a verdict (the settled ones have theirs); the position stays the log's, so later ones are judged
    for j in report.judged[done:]:
        if not j.verdicts:
            j.verdicts.append(referee.unjudged(j))
    return report


def _settle(referee: Referee, start: int, end: int) -> int:
    """Give the events ``start..end`` their last verdict and keep them as their descriptions: what the report
    prints of them. They go to disk in batches (:class:`Judgements`): memory holds neither the log's events nor
    their verdicts."""
    for j in referee.judged[start:end]:
        if not j.verdicts:
            j.verdicts.append(referee.unjudged(j))
        j.event = Described(getattr(j.event, "step", 0), describe(j.event))
    referee.judged.settle(end)
    return end
