"""The tests' own start-up check (tests/conftest.py): run in a Python without hexforge's requirements, pytest stops
with one line naming what is missing and how to install it, not one import traceback per test file."""
from __future__ import annotations

from importlib import metadata
from pathlib import Path

from tests.conftest import ROOT, missing_requirements


def project(tmp_path: Path, dependencies: list[str], test: list[str]) -> Path:
    (tmp_path / "pyproject.toml").write_text(
        f'[project]\nname = "hexforge"\nversion = "{metadata.version("hexforge")}"\ndependencies = {dependencies!r}\n'
        f'[project.optional-dependencies]\ntest = {test!r}\n', encoding="utf-8")
    return tmp_path


def test_this_python_has_every_requirement():
    assert missing_requirements(ROOT) == []


def test_a_missing_or_too_old_requirement_is_named(tmp_path):
    pytest_version = metadata.version("pytest")
    got = missing_requirements(project(tmp_path, ["shapely>=2.0", "no-such-distribution-xyz>=1"], ["pytest<1"]))
    assert got == ["no-such-distribution-xyz>=1", f"pytest<1 (this Python has {pytest_version})"]
