"""Shared fixtures: the real VASSAL engine (through the repository's tools/vassal harness) and paths."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bootstrap import missing_requirements, move_or_stop

ROOT = Path(__file__).resolve().parents[1]
SYNTHETIC = ROOT / "tests" / "data" / "synthetic"
ENGINE_SAMPLES = ROOT / "tests" / "data" / "engine-samples"
# Nothing in the tests reads outside the repository except the rulebook spot checks
# (tests/games/rawdata.py, HEXFORGE_RULEBOOKS).


def pytest_configure(config: pytest.Config) -> None:
    """In a Python without hexforge and its test extras, run the session in the repository's virtualenv (made ready
    first) or stop with one line saying what is missing (``tests/bootstrap.py``); each test file would otherwise fail
    to import, one traceback each."""
    if not missing_requirements(ROOT):
        return
    capture = config.pluginmanager.getplugin("capturemanager")
    if capture is not None:
        capture.stop_global_capturing()  # pip's output and the moved session's reach the terminal

    def stop(why: str) -> None:
        pytest.exit(why, returncode=pytest.ExitCode.USAGE_ERROR)

    move_or_stop(ROOT, list(config.invocation_params.args), stop)


def run_harness(*args: object, timeout: float = 900) -> tuple[int, dict]:
    """Run ``python -m tools.vassal --compact ARGS``; returns (exit code, parsed JSON answer)."""
    cmd = [sys.executable, "-m", "tools.vassal", "--compact", "--timeout", str(int(timeout)), *map(str, args)]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout + 60)
    try:
        return p.returncode, json.loads(p.stdout)
    except ValueError:
        return p.returncode, {"error": (p.stdout + p.stderr)[-2000:]}


@pytest.fixture(scope="session")
def vassal_check():
    """Run a harness command (``info``, ``load``, ``locate``, ``position``, ``replay``, ``play``).

    Returns ``run(*args, timeout=...) -> (exit code, JSON)``. Skips when the harness is not
    installed (``bash tools/vassal/install.sh``), unless VASSAL_CHECK_REQUIRED=1 (as in CI).
    """
    try:
        rc, info = run_harness("info", timeout=180)
    except (OSError, subprocess.TimeoutExpired) as e:
        rc, info = 2, {"error": repr(e)}
    if rc != 0:
        why = f"VASSAL engine harness not available ({info.get('error')}); install: bash tools/vassal/install.sh"
        if os.environ.get("VASSAL_CHECK_REQUIRED") == "1":
            pytest.fail(why)
        pytest.skip(why)
    return run_harness
