"""Shared fixtures: the real VASSAL engine (through ../shared/tools/vassal-check) and paths."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("HEXFORGE_SHARED", ROOT.parent / "shared"))
TOOL = Path(os.environ.get("VASSAL_CHECK_TOOL", SHARED / "tools" / "vassal-check"))
SYNTHETIC = ROOT / "tests" / "data" / "synthetic"


@pytest.fixture(scope="session")
def vassal_check():
    """Run a vassal-check command; returns (exit code, parsed JSON).

    Skips when the tool is not installed, unless VASSAL_CHECK_REQUIRED=1 (as in CI).
    """
    def run(*args: object, timeout: int = 900) -> tuple[int, dict]:
        p = subprocess.run([sys.executable, str(TOOL / "vassal_check.py"), "--compact", *map(str, args)],
                           capture_output=True, text=True, timeout=timeout)
        try:
            return p.returncode, json.loads(p.stdout)
        except ValueError:
            return p.returncode, {"error": (p.stdout + p.stderr)[-2000:]}

    try:
        rc, info = run("info", timeout=180)
    except (OSError, subprocess.TimeoutExpired) as e:
        rc, info = 2, {"error": repr(e)}
    if rc != 0:
        why = f"vassal-check not available: {info.get('error')}"
        if os.environ.get("VASSAL_CHECK_REQUIRED") == "1":
            pytest.fail(why)
        pytest.skip(why)
    return run
