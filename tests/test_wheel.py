"""``pip install .`` ships every module: a wheel built from the tree holds each source module, and each
imports from the unpacked wheel (not from the working tree an editable install points at)."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"cli": "hexforge", "maps": "hexforge/maps", "counters": "hexforge/counters",
            "rules": "hexforge/rules", "builder": "hexforge/builder", "games": "hexforge/games",
            "survey": "hexforge/survey"}


def source_modules() -> list[str]:
    """Every module of the tree as it is named inside the wheel."""
    out = []
    for folder, inside in PACKAGES.items():
        for p in sorted((ROOT / folder).rglob("*.py")):
            out.append(f"{inside}/{p.relative_to(ROOT / folder).as_posix()}")
    return out


def test_the_wheel_ships_and_imports_every_module(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True, timeout=300)
    wheel = next(tmp_path.glob("hexforge-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert [m for m in source_modules() if m not in names] == []
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    mods = [m.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for m in source_modules()
            if not m.endswith("__main__.py")]  # importing it runs the command line
    script = ("import importlib, sys; sys.path.insert(0, sys.argv[1]); import hexforge; "
              "assert hexforge.__file__.startswith(sys.argv[1]), hexforge.__file__; "
              "[importlib.import_module(m) for m in sys.argv[2:]]; print('ok')")
    r = subprocess.run([sys.executable, "-c", script, str(unpacked), *mods], capture_output=True, text=True,
                       timeout=300, cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]
