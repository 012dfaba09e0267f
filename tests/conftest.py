"""Shared fixtures: the real VASSAL engine (through the repository's tools/vassal harness) and paths."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SYNTHETIC = ROOT / "tests" / "data" / "synthetic"
ENGINE_SAMPLES = ROOT / "tests" / "data" / "engine-samples"
# Nothing in the tests reads outside the repository except the rulebook spot checks
# (tests/games/rawdata.py, HEXFORGE_RULEBOOKS).


def missing_requirements(root: Path = ROOT) -> list[str]:
    """The requirements of pyproject.toml (the package and its ``test`` extra) this Python does not have."""
    from importlib import metadata

    from packaging.requirements import Requirement  # pytest's own dependency

    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    out = []
    for text in [f"{project['name']}=={project['version']}", *project["dependencies"],
                 *project["optional-dependencies"]["test"]]:
        req = Requirement(text)
        try:
            version = metadata.version(req.name)
        except metadata.PackageNotFoundError:
            out.append(text)
            continue
        if not req.specifier.contains(version, prereleases=True):
            out.append(f"{text} (this Python has {version})")
    return out


def pytest_configure(config: pytest.Config) -> None:
    """Stop at once, saying what to do, when the tests run in a Python without hexforge and its test extras (each
    test file would otherwise fail to import, one traceback each)."""
    missing = missing_requirements()
    if missing:
        pytest.exit(f"{sys.executable} lacks {', '.join(missing)}: install hexforge with its test extras into the "
                    "Python that runs pytest, from the repository's root: python3 -m pip install -e '.[test]' && "
                    "python3 -m pytest (README, 'The tests')", returncode=pytest.ExitCode.USAGE_ERROR)


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
