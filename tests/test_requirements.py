"""The tests' own start-up check (tests/conftest.py): run in a Python without hexforge's requirements, pytest stops
with one line naming what is missing and how to install it, not one import traceback per test file."""
from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

from tests.bootstrap import missing_requirements, prepare, venv_python
from tests.conftest import ROOT


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


def test_a_ready_repository_virtualenv_is_used_as_it_is(tmp_path):
    """``prepare`` reuses a virtualenv that has every requirement (here one whose Python is this one), installing
    nothing; the session then runs there (``move_or_stop``)."""
    import shutil
    (tmp_path / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "bootstrap.py", tmp_path / "tests" / "bootstrap.py")
    (tmp_path / "tests" / "__init__.py").write_text("", encoding="utf-8")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    python = venv_python(tmp_path)
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")  # this Python, as .venv's
    python.chmod(0o755)
    assert prepare(tmp_path) == python


def test_an_egg_info_in_the_tree_is_no_install(tmp_path, monkeypatch):
    """``pip install`` leaves ``<name>.egg-info`` in the repository, and ``python -m pytest`` puts the repository on
    ``sys.path``: its metadata then answers for a project this Python cannot import. The project is asked by import."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "no_such_project_xyz"\nversion = "0.1"\n'
                                             'dependencies = []\n[project.optional-dependencies]\ntest = []\n',
                                             encoding="utf-8")
    info = tmp_path / "no_such_project_xyz.egg-info"
    info.mkdir()
    (info / "PKG-INFO").write_text("Metadata-Version: 2.1\nName: no_such_project_xyz\nVersion: 0.1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert metadata.version("no_such_project_xyz") == "0.1"  # what the metadata says
    assert missing_requirements(tmp_path) == ["no_such_project_xyz==0.1"]
