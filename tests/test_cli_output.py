"""Every output file goes through hexforge.output: atomic, never over an input, never over an
existing file without --force, the ordinary file mode, and a failure that names the target with
nothing printed before it (README: "Output files are written atomically and never overwrite an
existing file without --force")."""
from __future__ import annotations

import errno
import os
import stat
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from hexforge import output
from hexforge.cli import cli
from hexforge.output import OutputError, check_target, write_atomic
from tests.conftest import SYNTHETIC


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture
def umask_027():
    old = os.umask(0o027)
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def leftovers(folder: Path) -> list[str]:
    return [n for n in os.listdir(folder) if n.endswith(".tmp")]


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path, umask_027) -> None:
    out = write_atomic(tmp_path / "a.txt", "ü−→")
    assert mode(out) == 0o640 and out.read_text(encoding="utf-8") == "ü−→"


def test_an_existing_file_is_kept_without_force_and_replaced_with_it(tmp_path: Path) -> None:
    out = tmp_path / "a.txt"
    out.write_text("precious")
    with pytest.raises(OutputError, match="a.txt exists; use --force"):
        write_atomic(out, "new")
    assert out.read_text() == "precious"
    write_atomic(out, b"new", force=True)
    assert out.read_text() == "new" and leftovers(tmp_path) == []


@pytest.mark.parametrize("how", ["same path", "relative path", "symlink", "hard link"])
def test_an_input_is_never_written_over_even_with_force(tmp_path: Path, monkeypatch, how: str) -> None:
    src = tmp_path / "turn5.vsav"
    src.write_bytes(b"the player's save")
    target = {"same path": src, "relative path": Path("sub/../turn5.vsav"),
              "symlink": tmp_path / "link.vsav", "hard link": tmp_path / "hard.vsav"}[how]
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    if how == "symlink":
        target.symlink_to(src)
    if how == "hard link":
        os.link(src, target)
    with pytest.raises(OutputError, match="is also an input"):
        write_atomic(target, b"overlay", force=True, inputs=[src])
    assert src.read_bytes() == b"the player's save"


def test_a_failed_write_names_the_target_and_leaves_nothing(tmp_path: Path, monkeypatch) -> None:
    def full(*_a):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(output.os, "replace", full)
    out = tmp_path / "report.html"
    with pytest.raises(OutputError) as e:
        write_atomic(out, "x" * 1000)
    assert e.value.message == f"cannot write {out}: No space left on device"
    assert not out.exists() and leftovers(tmp_path) == []


def test_a_missing_folder_or_a_folder_target_is_refused_before_anything(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(OutputError, match=r"cannot write .*file/out.png: folder .*file does not exist"):
        check_target(tmp_path / "file" / "out.png")
    with pytest.raises(OutputError, match="is a folder"):
        check_target(tmp_path, force=True)
    assert check_target(tmp_path / "new" / "deeper" / "x.vmod", parents=True) == tmp_path / "new" / "deeper" / "x.vmod"


def test_coverage_write_refuses_to_overwrite_and_prints_nothing_first(tmp_path: Path, umask_027) -> None:
    out = tmp_path / "coverage.md"
    r = run("rules", "coverage", "fm", "--write", out)
    assert r.exit_code == 0 and out.read_text(encoding="utf-8") == r.stdout and mode(out) == 0o640
    out.write_text("mine")
    r = run("rules", "coverage", "fm", "--write", out)
    assert r.exit_code == 1 and r.stdout == "" and "use --force" in r.stderr
    assert out.read_text() == "mine"
    assert run("rules", "coverage", "fm", "--write", out, "--force").exit_code == 0 and out.read_text() != "mine"


def test_build_refuses_to_write_over_its_map_image(tmp_path: Path) -> None:
    scan = tmp_path / "scan.png"
    Image.new("RGB", (400, 300), "white").save(scan)
    before = scan.read_bytes()
    r = run("build", SYNTHETIC, "--map-image", scan, "--grid", "55.4,64,37,32", "-o", scan, "--force")
    assert r.exit_code == 1 and "is also an input" in r.output and scan.read_bytes() == before


def test_build_makes_the_output_folder_and_an_ordinary_mode(tmp_path: Path, umask_027) -> None:
    out = tmp_path / "out" / "a.vmod"
    r = run("build", SYNTHETIC, "-o", out)
    assert r.exit_code == 0, r.output
    assert zipfile.ZipFile(out).testzip() is None and mode(out) == 0o640 and leftovers(out.parent) == []


def test_preview_is_atomic_and_refuses_to_overwrite(tmp_path: Path, umask_027) -> None:
    r = run("preview", SYNTHETIC, "-o", tmp_path / "pv")
    assert r.exit_code == 0, r.output
    pngs = sorted((tmp_path / "pv").glob("*.png"))
    assert [p.name for p in pngs] == ["synthetic-counters.png", "synthetic-map.png"]
    assert all(mode(p) == 0o640 and Image.open(p).size[0] > 0 for p in pngs)
    pngs[1].write_bytes(b"mine")
    r = run("preview", SYNTHETIC, "-o", tmp_path / "pv")
    assert r.exit_code == 1 and r.stdout == "" and f"{pngs[1]} exists; use --force" in r.stderr
    assert pngs[1].read_bytes() == b"mine" and leftovers(tmp_path / "pv") == []
    assert run("preview", SYNTHETIC, "-o", tmp_path / "pv", "--force").exit_code == 0
    assert Image.open(pngs[1]).size[0] > 0
