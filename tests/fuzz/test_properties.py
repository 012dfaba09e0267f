"""Property-based fuzz (hypothesis, a fixed number of examples each) of the readers of untrusted
files: the SequenceEncoder decoder and the dice-report reader against plain transcriptions of
their reference behaviour, the save/log decoder and the buildFile reader on generated input.
Every input ends in a result or in the reader's own FormatError: never another exception."""
from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from hexforge.builder import sequence
from hexforge.builder.errors import LogFormatError, ModuleFormatError
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import SaveFile, deobfuscate, read_save
from hexforge.builder.timeline import build_timeline, dice_report
from tests.fuzz import make_corpus

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def java_tokens(val: str | None, delim: str) -> list[str]:
    """``SequenceEncoder.Decoder`` char by char, as VASSAL's source reads (the reference)."""
    out: list[str] = []
    start, stop = 0, len(val) if val is not None else 0
    while val is not None:
        if start == stop:
            out.append("")
            break
        buf, tok, i = [], None, start
        while i < stop:
            if val[i] == delim:
                if i > 0 and val[i - 1] == "\\":
                    buf.append(val[start:i - 1])
                    start = i
                else:
                    tok = val[start:i] if not "".join(buf) else None
                    if tok is None:
                        buf.append(val[start:i])
                    start = i + 1
                    break
            i += 1
        if start < i:
            tok = val[start:] if not "".join(buf) else None
            if tok is None:
                buf.append(val[start:stop])
            val = None
        text = tok if tok is not None else "".join(buf)
        out.append(text[1:-1] if len(text) > 1 and text[0] == "'" and text[-1] == "'" else text)
    return out


SEQ_TEXT = st.text(alphabet="ab;\\'\t/ ", max_size=24)


@FUZZ
@given(st.one_of(st.none(), SEQ_TEXT), st.sampled_from([";", "\t", "/", ","]))
def test_decoder_tokens_are_vassal_decoders(text: str | None, delim: str) -> None:
    expected = java_tokens(text, delim)
    assert sequence.decode(text, delim) == expected
    d, got = sequence.Decoder(text, delim), []
    while d.has_more():
        got.append(d.next_token())
    assert got == expected


@FUZZ
@given(st.text(alphabet="0123456789+-x ", max_size=14))
def test_next_int_is_java_parse_int(text: str) -> None:
    java_ok = re.fullmatch(r"[+-]?[0-9]+", text) is not None and -2 ** 31 <= int(text) < 2 ** 31
    assert sequence.Decoder(text, ";").next_int(-7) == (int(text) if java_ok else -7)


DICE = re.compile(r"\*\*\* (?P<name>.+?) = (?P<result>[^*]*?) \*\*\*\s*(?:<(?P<player>.*)>)?\s*$")
REPORT_PARTS = st.lists(st.sampled_from(["*", "*** ", " = ", " ", "a", "<", ">", "\n", "1", " ***", "="]),
                        max_size=14).map("".join)


@FUZZ
@given(REPORT_PARTS)
def test_dice_report_reads_as_the_regular_expression_would(text: str) -> None:
    m = DICE.search(text)
    assert dice_report(text) == ((m.group("name"), m.group("result"), m.group("player")) if m else None)


PIECES = ["+/p1/piece;;;;Unit/Main Map;100;100;;0", "+/s1/stack/Main Map;100;100;p1", "-/p1",
          "M/p1/Main Map/150/150/null/Main Map/100/100/null", "D/p1/Main Map;9;9;;0", "M/s1/Main Map/1/1/null/x/0/0",
          "CHAT*** 2d6 = 3,4 *** &lt;a&gt;", "MutableProperty\t2d6_result\t\t99", "TURNTurnTracker0\t1;0",
          "Main MapBoardPicker\tBoard\t0\t0", "PLAYER\tpw\tname\tside", "UNMASK\t", "LOG\t", "begin_save", "end_save"]
LOG_TEXT = st.lists(st.one_of(st.sampled_from(PIECES), st.text(alphabet="\x1b\t/;\\'LOGM+-D0123456789", max_size=12)),
                    max_size=30).map(lambda parts: "\x1b".join(parts))


@FUZZ
@given(LOG_TEXT)
def test_log_decoder_gives_a_timeline_or_a_format_error(text: str) -> None:
    module = _module()
    try:
        build_timeline(SaveFile("<fuzz>", text, "PLAIN"), module)
    except LogFormatError as e:
        assert "<fuzz>" in str(e)


@FUZZ
@given(st.binary(max_size=64).map(lambda b: b"!VCSK" + b if b[:1] == b"0" else b))
def test_saved_game_bytes_decode_or_fail_clearly(raw: bytes) -> None:
    try:
        deobfuscate(raw, "<fuzz>")
    except LogFormatError as e:
        assert e.place.startswith("savedGame")


NUMBER = st.one_of(st.integers(-10 ** 9, 10 ** 9).map(str), st.sampled_from(
    ["", "x", "NaN", "1e999", "-0", "1e-9", "7" * 5000, "0.5", " 3 ", "+2", "Infinity"]))
GRID_KEYS = ["dx", "dy", "x0", "y0"]
NUMBERING_KEYS = ["hLeading", "vLeading", "hOff", "vOff"]


def _attrs(keys: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.tuples(st.sampled_from(keys), NUMBER), max_size=4, unique_by=lambda kv: kv[0]).map(
        lambda kvs: " ".join(f'{k}="{v}"' for k, v in kvs))


SLOT_TEXT = st.lists(st.sampled_from(["+/null/", "prototype;P", "\t", "\\", "mark;Side", "piece;;;;U", "/", ";",
                                      "LOG\t", "null;0;0;;0", "'", "\x1b"]), max_size=12).map("".join)


@FUZZ
@given(_attrs(GRID_KEYS), _attrs(NUMBERING_KEYS), st.sampled_from(["N", "A"]), st.lists(SLOT_TEXT, max_size=3),
       st.sampled_from(["3.6.0", "3.4", "", "9" * 5000, "x"]))
def test_build_file_reader_gives_a_module_or_a_format_error(grid: str, numbering: str, kind: str, slots: list[str],
                                                           version: str) -> None:
    entries = make_corpus.module(slots=[("S", t) for t in slots], protos=[("P", "+/null/mark;T\tpiece;;;;/\tx\\\t")],
                                 grid=grid or make_corpus.GRID, numbering=f'hType="{kind}" {numbering}',
                                 moduledata_version=version)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "f.vmod"
        path.write_bytes(make_corpus.zip_bytes(entries))
        try:
            m = read_module(path)
        except ModuleFormatError as e:
            assert str(path) in str(e) and "\n" not in str(e)
            return
        assert m.maps and m.maps[0].boards


_MODULE = []


def _module():
    if not _MODULE:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "plain.vmod"
            path.write_bytes(make_corpus.zip_bytes(make_corpus.module()))
            _MODULE.append(read_module(path))
    return _MODULE[0]


def test_a_save_written_as_a_zip_reads_back() -> None:
    """The fuzz module and log helpers make files the reader accepts (so the fuzz tests test something)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "a.vlog"
        path.write_bytes(make_corpus.zip_bytes(make_corpus.save(make_corpus.moves_log(3))))
        t = build_timeline(read_save(path), _module())
    assert t.steps == 3 and [str(e.to) for e in t.events if e.kind == "move"] != []
