"""Every crafted file of the corpus (tests/fuzz/make_corpus.py) read in a child process with a
time limit and an address-space limit: each ends in the expected clear error, warning or
Unknown reason, never a traceback, a hang or more than 1 GB of memory."""
from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fuzz import make_corpus

SCRIPT = Path(make_corpus.__file__)
ADDRESS_SPACE = 3 * 2 ** 30  # a hard stop; the assertion below is on the resident peak
PEAK_MB = 1024
TIMEOUT = 90  # seconds of wall clock per case on a shared 2-core machine; each takes well under


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("corpus")


@pytest.mark.parametrize("case", make_corpus.CASES, ids=lambda c: c.name)
def test_crafted_file_gets_a_clear_answer_in_bounded_time_and_memory(case: make_corpus.Case, corpus: Path) -> None:
    path = make_corpus.write_case(case, corpus)
    start = time.monotonic()
    r = subprocess.run([sys.executable, str(SCRIPT), "--read", str(path)], capture_output=True, text=True,
                       timeout=TIMEOUT, preexec_fn=_limit)
    elapsed = time.monotonic() - start
    assert r.returncode == 0 and not r.stderr, r.stderr[-3000:]
    *answer, peak = r.stdout.splitlines()
    text = "\n".join(answer)
    assert int(peak.rsplit(" ", 1)[1]) <= PEAK_MB, peak
    if case.expect == "ok":
        assert answer[0] == "ok", text[:2000]
    else:
        assert case.expect in text, text[:2000]
    if text.startswith("error: "):
        assert text.count("\n") == 0 and str(path) in text, text[:2000]  # one line, naming the file
    assert elapsed < TIMEOUT
