"""The tests run in a Python that lacks hexforge or its test extras (a bare ``pytest`` from another interpreter than
the one pip installed into): the session moves to the repository's own virtualenv, ``.venv`` (the README's), made
and filled with ``pip install -e '.[test]'`` when it lacks them, and runs there. ``HEXFORGE_NO_BOOTSTRAP=1`` stops
instead, naming what is missing."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib.util import find_spec
from pathlib import Path

VENV = ".venv"
MOVED = "HEXFORGE_BOOTSTRAPPED"  # set in the session run in .venv: it never moves again


def missing_requirements(root: Path) -> list[str]:
    """The requirements of pyproject.toml (the package and its ``test`` extra) this Python does not have."""
    from importlib import metadata

    from packaging.requirements import Requirement  # pytest's own dependency

    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    own = f"{project['name']}=={project['version']}"
    out = []
    for text in [own, *project["dependencies"], *project["optional-dependencies"]["test"]]:
        req = Requirement(text)
        if text == own and find_spec(req.name) is None:  # metadata alone takes the tree's *.egg-info for an install
            out.append(text)
            continue
        try:
            version = metadata.version(req.name)
        except metadata.PackageNotFoundError:
            out.append(text)
            continue
        if not req.specifier.contains(version, prereleases=True):
            out.append(f"{text} (this Python has {version})")
    return out


def venv_python(root: Path) -> Path:
    return root / VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ready(python: Path, root: Path) -> bool:
    """Does ``python`` have every requirement (asked in that Python)?"""
    check = "import sys; from tests.bootstrap import missing_requirements as m; sys.exit(1 if m(__import__('pathlib')" \
            ".Path('.')) else 0)"
    return python.exists() and subprocess.run([str(python), "-c", check], cwd=root, capture_output=True).returncode == 0


def prepare(root: Path) -> Path | str:
    """The repository's virtualenv's Python with every requirement, made or filled first; else why not."""
    python = venv_python(root)
    if ready(python, root):
        return python
    steps = [] if python.exists() else [[sys.executable, "-m", "venv", str(root / VENV)]]
    steps.append([str(python), "-m", "pip", "install", "-e", f"{root}[test]"])
    for cmd in steps:
        print(f"hexforge tests: {' '.join(cmd)}", file=sys.stderr, flush=True)
        if subprocess.run(cmd, cwd=root).returncode != 0:
            return f"'{' '.join(cmd)}' failed (its output is above)"
    return python if ready(python, root) else f"{python} still lacks {', '.join(missing_requirements(root))}"


def move_or_stop(root: Path, args: list[str], stop) -> None:
    """Run this session in the repository's virtualenv when this Python lacks a requirement; ``stop(why)`` when the
    session may not move (asked not to, already moved) or the virtualenv cannot be made ready."""
    missing = missing_requirements(root)
    if not missing:
        return
    lacks = f"{sys.executable} lacks {', '.join(missing)}"
    if os.environ.get("HEXFORGE_NO_BOOTSTRAP") == "1" or os.environ.get(MOVED) == "1":
        stop(f"{lacks}: install hexforge with its test extras into the Python that runs pytest, from the "
             "repository's root: python3 -m pip install -e '.[test]' && python3 -m pytest (README, 'The tests')")
    print(f"hexforge tests: {lacks}; running them in {root / VENV}", file=sys.stderr, flush=True)
    python = prepare(root)
    if isinstance(python, str):
        stop(f"{lacks}, and {root / VENV} could not be made ready: {python}")
    os.environ[MOVED] = "1"
    os.execv(str(python), [str(python), "-m", "pytest", *args])
