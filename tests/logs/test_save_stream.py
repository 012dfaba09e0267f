"""A log read as it is judged (``stream_save``) is read from its file a piece at a time and never held whole: its
text, its errors and warnings, and the timeline made from it are those of reading it whole (``read_save``),
wherever the pieces are cut."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from hexforge.builder import savefile
from hexforge.builder.commands import iter_stream
from hexforge.builder.errors import LogFormatError
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import obfuscate, read_save, stream_save
from hexforge.builder.timeline import EventStream

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "engine-samples"
LOG, MODULE = SAMPLES / "play.vlog", SAMPLES / "play.vmod"  # written by the engine (tests/conftest.py)


def _zip(path: Path, entry: bytes) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", entry)
    return path


@pytest.mark.parametrize("chunk", [2, 64, 4096, 1 << 22])
def test_the_stream_is_the_text_read_whole(monkeypatch, chunk: int) -> None:
    monkeypatch.setattr(savefile, "CHUNK", chunk)
    whole, stream = read_save(LOG), stream_save(LOG)
    pieces = list(stream.pieces())
    assert "".join(pieces) == whole.text and (len(pieces) > 1) == (chunk < 2 * len(whole.text))  # 2 hex digits a byte
    assert stream.commands == whole.commands and stream.warnings == whole.warnings
    assert (stream.format, stream.metadata, stream.module) == (whole.format, whole.metadata, whole.module)
    assert list(iter_stream(pieces, str(LOG))) == list(iter_stream(whole.text, str(LOG)))


def test_the_timeline_of_the_stream_is_the_timeline_read_whole(monkeypatch) -> None:
    monkeypatch.setattr(savefile, "CHUNK", 256)
    module = read_module(MODULE)
    streamed, whole = EventStream(stream_save(LOG), module).timeline(), EventStream(read_save(LOG), module).timeline()
    assert streamed.events and streamed == whole


def test_a_broken_log_is_refused_when_opened_not_halfway_through_a_check(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(savefile, "CHUNK", 8)
    raw = bytearray(obfuscate("begin_save\x1b" + "CHAThello\x1b" * 50 + "end_save", 9))
    raw[-5] = ord("q")
    with pytest.raises(LogFormatError, match=f"byte {len(raw) - 5}.*'q' is not a hex digit"):
        stream_save(_zip(tmp_path / "bad.vlog", bytes(raw)))
    with pytest.raises(LogFormatError, match="odd number of hex digits"):
        stream_save(_zip(tmp_path / "odd.vlog", obfuscate("begin_save\x1bend_save", 9) + b"0"))


@pytest.mark.parametrize("form", ["plain", "vobs", "xz"])
def test_other_forms_stream_as_they_read_whole(tmp_path: Path, monkeypatch, form: str) -> None:
    lzma = pytest.importorskip("lzma")
    monkeypatch.setattr(savefile, "CHUNK", 6)
    text = "begin_save\x1bCHATgrüß ☃ \\\x1b quoted\x1b" * 20 + "end_save"
    data = text.encode()
    entry = {"plain": data, "vobs": b"VOBS\x21" + bytes(b ^ 0x21 for b in data), "xz": lzma.compress(data)}[form]
    path = _zip(tmp_path / f"{form}.vlog", entry)
    assert "".join(stream_save(path).pieces()) == read_save(path).text == text
    assert stream_save(path).warnings == read_save(path).warnings


def test_bytes_that_are_not_utf8_are_warned_at_the_byte_wherever_the_pieces_are_cut(tmp_path: Path, monkeypatch) -> None:
    data = "begin_save\x1bCHATé".encode() + b"\xff" + "ü\x1bend_save".encode()
    path, bad = _zip(tmp_path / "latin.vlog", data), data.index(b"\xff")
    for chunk in (1, 2, 3, 5, 1 << 22):
        monkeypatch.setattr(savefile, "CHUNK", chunk)
        s = stream_save(path)
        assert "".join(s.pieces()) == data.decode("utf-8", errors="replace")
        assert len(s.warnings) == 1 and f"first at byte {bad}" in s.warnings[0]
