"""A judged event, and the judged events of a streamed check in order: those the referee has settled are
written, in batches, to an unnamed temporary file, so a check's memory does not grow with the log. The report
reads them back in order, one batch at a time, each time it walks them.
"""
from __future__ import annotations

import marshal
import tempfile
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, overload

from hexforge.builder.timeline import Described, Event
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

BATCH = 4096  # events per batch written: ~2 MB of descriptions and verdicts
HELD = 2  # settled batches kept in memory before any is written (a log of a few thousand moves never waits on disk)
_KINDS = (Legal, Illegal, NotCheckable)


@dataclass(slots=True)
class Judged:
    """One event and its verdicts (several checks may judge one event)."""

    index: int
    event: Event
    verdicts: list[Verdict] = field(default_factory=list)


def _packed(j: Judged) -> tuple:
    """A settled event (its event :class:`Described`) as plain values, which ``marshal`` writes at C speed."""
    return (j.index, j.event.step, j.event.text,
            tuple((_KINDS.index(type(v)), *(getattr(v, f) for f in type(v).__slots__)) for v in j.verdicts))


def _unpacked(t: tuple) -> Judged:
    index, step, text, verdicts = t
    return Judged(index, Described(step, text), [_KINDS[v[0]](*v[1:]) for v in verdicts])


class Judgements(Sequence[Judged]):
    """A list of ``Judged`` whose settled head lives on disk. ``append`` adds an event; ``settle(n)`` says the
    first ``n`` have their final verdicts (no check adds to them): beyond :data:`HELD` batches of those, full
    batches are written out and dropped from memory. Reading one back gives a copy, so only events not yet
    settled may be changed."""

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None  # made at the first batch written; deleted when closed
        self._offsets = array("q")  # where each batch on disk begins
        self._live: list[Judged] = []  # the events from ``_base`` on
        self._base = 0  # events on disk: ``len(self._offsets) * BATCH``
        self._settled = 0

    def __len__(self) -> int:
        return self._base + len(self._live)

    def append(self, judged: Judged) -> None:
        self._live.append(judged)

    def settle(self, n: int) -> None:
        """The first ``n`` events are final: once more than :data:`HELD` batches of them are in memory, write out
        the oldest full batches (memory then holds at most that many, however long the log)."""
        self._settled = max(self._settled, n)
        while self._settled - self._base >= (HELD + 1) * BATCH:
            if self._file is None:
                self._file = tempfile.TemporaryFile(prefix="hexforge-check-")
            self._file.seek(0, 2)
            self._offsets.append(self._file.tell())
            self._file.write(marshal.dumps([_packed(j) for j in self._live[:BATCH]]))
            del self._live[:BATCH]
            self._base += BATCH

    def _batch(self, k: int) -> list[Judged]:
        assert self._file is not None
        self._file.seek(self._offsets[k])
        size = self._offsets[k + 1] - self._offsets[k] if k + 1 < len(self._offsets) else -1
        return [_unpacked(t) for t in marshal.loads(self._file.read(size))]  # marshal.load reads a file slowly

    @overload
    def __getitem__(self, i: int) -> Judged: ...

    @overload
    def __getitem__(self, i: slice) -> list[Judged]: ...

    def __getitem__(self, i):
        base = self._base
        if type(i) is int and i >= base:  # the usual case: a check adds a verdict to an event not settled yet
            return self._live[i - base]
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self))
            if start >= base and step == 1:
                return self._live[start - base:max(start, stop) - base]
            return [self[k] for k in range(start, stop, step)]
        if i < 0:
            return self[i + len(self)] if i + len(self) >= 0 else self._live[i]  # the live list raises IndexError
        return self._batch(i // BATCH)[i % BATCH]

    def __iter__(self) -> Iterator[Judged]:
        for k in range(len(self._offsets)):
            yield from self._batch(k)
        yield from self._live
