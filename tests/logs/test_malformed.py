"""Malformed input: each case gives ONE clear error (file + place + what), bounded time and memory."""
from __future__ import annotations

import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from hexforge.builder.errors import LogFormatError, ModuleFormatError
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import obfuscate, read_save
from hexforge.builder.timeline import UnknownCommand, build_timeline
from tests.conftest import ENGINE_SAMPLES

# Made by the real VASSAL engine (tests/data/engine-samples): a log and the module it was played on.
LOG, MODULE = ENGINE_SAMPLES / "play.vlog", ENGINE_SAMPLES / "play.vmod"


def _zip(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return path


def _one_error(exc_type, fn, *args, match: str):
    start = time.monotonic()
    tracemalloc.start()
    try:
        with pytest.raises(exc_type) as info:
            fn(*args)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()  # a failed case must not leave tracing on for the next test
    assert time.monotonic() - start < 30  # a hang guard, not a speed figure (bench/ measures speed)
    assert peak < 64 * 1024 * 1024, peak
    message = str(info.value)
    assert "\n" not in message and str(args[0]) in message, message
    assert info.value.place or "no such file" in message
    assert match in message, message
    return info.value


def test_truncated_zip(tmp_path: Path) -> None:
    data = LOG.read_bytes()
    (tmp_path / "cut.vlog").write_bytes(data[: len(data) // 2])
    _one_error(LogFormatError, read_save, tmp_path / "cut.vlog", match="not a readable zip")


def test_bad_header_hex(tmp_path: Path) -> None:
    p = _zip(tmp_path / "bad.vsav", {"savedGame": b"!VCSK5azz00"})
    e = _one_error(LogFormatError, read_save, p, match="is not a hex digit")
    assert e.place == "savedGame byte 7"  # "!VCSK5a" then "z"
    _one_error(LogFormatError, read_save, _zip(tmp_path / "odd.vsav", {"savedGame": b"!VCSK5a0"}),
               match="odd number of hex digits")


def test_missing_saved_game_entry(tmp_path: Path) -> None:
    _one_error(LogFormatError, read_save, _zip(tmp_path / "x.vsav", {"other": b""}), match="no 'savedGame' entry")


def test_zip_entry_with_dotdot_path(tmp_path: Path) -> None:
    p = _zip(tmp_path / "evil.vsav", {"savedGame": b"begin_save", "../../etc/passwd": b"x"})
    _one_error(LogFormatError, read_save, p, match="path leaves the archive")
    m = _zip(tmp_path / "evil.vmod", {"buildFile.xml": b"<x/>", "images/../../up.png": b"x"})
    _one_error(ModuleFormatError, read_module, m, match="path leaves the archive")


def test_zip_bomb_is_refused_before_decompressing(tmp_path: Path) -> None:
    p = tmp_path / "bomb.vsav"
    with zipfile.ZipFile(p, "w", zipfile.ZIP_DEFLATED) as z:
        with z.open("savedGame", "w", force_zip64=True) as f:
            chunk = b"\0" * (1 << 20)
            for _ in range(300):  # 300 MiB of zeros, ~300 KiB compressed
                f.write(chunk)
    assert p.stat().st_size < 2 * 1024 * 1024
    _one_error(LogFormatError, read_save, p, match="uncompressed size")


def test_many_entries_are_refused(tmp_path: Path) -> None:
    _one_error(LogFormatError, read_save, _zip(tmp_path / "many.vsav", {f"e{i}": b"" for i in range(20_001)}),
               match="entries; at most")


def test_xml_entity_bomb_in_build_file(tmp_path: Path) -> None:
    lol = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
           + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i else "&lol;" * 10}">' for i in range(9))
           + ']><VASSAL.build.GameModule name="&lol8;"/>')
    m = _zip(tmp_path / "bomb.vmod", {"buildFile.xml": lol.encode(), "moduledata": b"<data><VassalVersion>3.6"
                                      b"</VassalVersion></data>"})
    _one_error(ModuleFormatError, read_module, m, match="declares XML entities")


def test_module_with_only_the_old_build_file_name(tmp_path: Path) -> None:
    m = _zip(tmp_path / "old.vmod", {"buildFile": b"<VASSAL.build.GameModule/>",
                                     "moduledata": b"<data><VassalVersion>3.6.0</VassalVersion></data>"})
    _one_error(ModuleFormatError, read_module, m, match="no 'buildFile.xml' entry")


def test_grid_with_absurd_numbers_in_module(tmp_path: Path) -> None:
    with zipfile.ZipFile(MODULE) as z:
        entries = {n: z.read(n) for n in z.namelist()}
    assert entries["buildFile.xml"].count(b' dy="64.0"') == 1  # the sample's one hex grid
    entries["buildFile.xml"] = entries["buildFile.xml"].replace(b' dy="64.0"', b' dy="1e400"')
    m = _zip(tmp_path / "absurd.vmod", entries)
    _one_error(ModuleFormatError, read_module, m, match="dy='1e400' is out of range")


def test_absurd_coordinates_and_broken_commands_are_reported_not_dropped(tmp_path: Path) -> None:
    text = "\x1b".join(["begin_save", "end_save", "LOG\tM/1700000000001/Main Map/99999999999/1/null/Main Map/0/0/null",
                        "LOG\tM/1700000000001/Main Map/-7/-9/null/Main Map/92/192/null/pw", "LOG\t+/onlyid"])
    p = _zip(tmp_path / "absurd.vlog", {"savedGame": obfuscate(text, 7)})
    t = build_timeline(read_save(p), read_module(MODULE))
    unknown = [e for e in t.events if isinstance(e, UnknownCommand)]
    assert [(e.step, e.reason) for e in unknown] == [(1, "new x 99999999999 is outside Java's int range"),
                                                    (3, "AddPiece has no type")]
    assert any("not in the game" in w for w in t.warnings)


def test_xz_and_vobs_are_read_and_flagged(tmp_path: Path) -> None:
    lzma = pytest.importorskip("lzma")  # a Python built without liblzma reads every other form
    text = "begin_save\x1bend_save"
    vobs = b"VOBS" + bytes([0x33]) + bytes(b ^ 0x33 for b in text.encode())
    s = read_save(_zip(tmp_path / "v.vsav", {"savedGame": vobs}))
    assert (s.text, s.format) == (text, "VOBS") and "would not open" in s.warnings[0]
    s = read_save(_zip(tmp_path / "x.vsav", {"savedGame": lzma.compress(text.encode())}))
    assert (s.text, s.format) == (text, "XZ") and "would not open" in s.warnings[0]
    bad = lzma.compress(text.encode())[:-6]
    _one_error(LogFormatError, read_save, _zip(tmp_path / "bx.vsav", {"savedGame": bad}), match="xz")


def test_non_utf8_text_is_a_warning(tmp_path: Path) -> None:
    s = read_save(_zip(tmp_path / "latin.vsav", {"savedGame": "begin_save\x1bCHATgrün".encode("latin-1")}))
    assert "\ufffd" in s.text and "not valid UTF-8" in s.warnings[0]


def test_not_a_file(tmp_path: Path) -> None:
    _one_error(LogFormatError, read_save, tmp_path / "missing.vlog", match="no such file")
    (tmp_path / "text.vmod").write_text("hello")
    _one_error(ModuleFormatError, read_module, tmp_path / "text.vmod", match="not a readable zip")
