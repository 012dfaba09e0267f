"""The judged events of a streamed check, in order: those the referee has settled are written, in batches,
to an unnamed temporary file, so a check's memory does not grow with the log. The report reads them back
in order, one batch at a time, each time it walks them.
"""
from __future__ import annotations

import pickle
import tempfile
from array import array
from collections.abc import Iterator, Sequence
from typing import IO, overload

BATCH = 4096  # events per batch on disk: a few MB of descriptions and verdicts held at most before a write


class Judgements(Sequence):
    """A list of ``Judged`` whose settled head lives on disk. ``append`` adds an event; ``settle(n)`` says the
    first ``n`` have their final verdicts (no check adds to them): full batches of those are written out and
    dropped from memory. Reading one back gives a copy, so only events not yet settled may be changed."""

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None  # made at the first batch written; deleted when closed
        self._offsets = array("q")  # where each batch on disk begins
        self._live: list = []  # the events from ``len(self._offsets) * BATCH`` on
        self._settled = 0

    @property
    def _base(self) -> int:
        return len(self._offsets) * BATCH

    def __len__(self) -> int:
        return self._base + len(self._live)

    def append(self, judged) -> None:
        self._live.append(judged)

    def settle(self, n: int) -> None:
        """The first ``n`` events are final: write out every full batch of them."""
        self._settled = max(self._settled, n)
        while self._settled - self._base >= BATCH:
            if self._file is None:
                self._file = tempfile.TemporaryFile(prefix="hexforge-check-")
            self._file.seek(0, 2)
            self._offsets.append(self._file.tell())
            pickle.dump(self._live[:BATCH], self._file, protocol=pickle.HIGHEST_PROTOCOL)
            del self._live[:BATCH]

    def _batch(self, k: int) -> list:
        assert self._file is not None
        self._file.seek(self._offsets[k])
        return pickle.load(self._file)

    @overload
    def __getitem__(self, i: int): ...

    @overload
    def __getitem__(self, i: slice) -> list: ...

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        if i >= self._base:
            return self._live[i - self._base]
        return self._batch(i // BATCH)[i % BATCH]

    def __iter__(self) -> Iterator:
        for k in range(len(self._offsets)):
            yield from self._batch(k)
        yield from self._live
