"""Crafted hostile and broken files for the save/log, module and binding readers.

Each case is one file (``.vlog``, ``.vmod`` or ``.toml``) built from scratch, with what a
reader must say about it: a fragment of the one clear error, or of the warning / Unknown
reason of a file that is read. ``python tests/fuzz/make_corpus.py OUT_DIR`` writes them all;
``python tests/fuzz/make_corpus.py --read FILE`` reads one as ``hexforge log show`` would and
prints ``ok`` (with every warning and Unknown reason) or ``error: <message>``; a traceback
means a bug. tests/fuzz/test_corpus.py runs each read in a child process with time and memory
limits.
"""
from __future__ import annotations

import html
import io
import sys
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hexforge.builder import sequence  # noqa: E402

ESC = "\x1b"
MAP = "Main Map"
_B = "VASSAL.build.module."
BOARD = 'width="1000" height="800"'
GRID = 'dx="56" dy="64" x0="0" y0="32"'


@dataclass(frozen=True)
class Case:
    """A crafted file: how to make it, and a fragment of what the reader must answer."""

    name: str
    suffix: str
    make: Callable[[], dict[str, bytes] | bytes]
    expect: str


# -- building blocks ---------------------------------------------------------------------------

def zip_bytes(entries: dict[str, bytes], duplicate: tuple[str, bytes] | None = None) -> bytes:
    """A deflated zip of ``entries`` (plus a second entry of an existing name, if given)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Duplicate name": wanted here
        for name, data in entries.items():
            z.writestr(name, data)
        if duplicate:
            z.writestr(*duplicate)
    return buf.getvalue()


def piece_type(name: str, protos: list[str] = (), extra: list[str] = ()) -> str:
    """A piece type: UsePrototype traits, then ``extra`` trait types, then its BasicPiece."""
    inner = f"piece;;;;{name}"
    for t in reversed([f"prototype;{p}" for p in protos] + list(extra)):
        inner = sequence.encode([t, inner], "\t")
    return inner


def add_piece_text(ptype: str, state: str = "null;0;0;;0") -> str:
    return "+/null/" + (sequence.encode([ptype, state], "/") or "")


def build_file(slots: list[tuple[str, str]] = (), protos: list[tuple[str, str]] = (), grid: str = GRID,
               numbering: str = "", version: str = "3.6.0") -> bytes:
    """A buildFile.xml: one map of one board with a hex grid, PieceSlots (name, text), prototypes."""
    num = f"<{_B}map.boardPicker.board.mapgrid.HexGridNumbering {numbering}/>" if numbering else ""
    slot_xml = "".join(f'<VASSAL.build.widget.PieceSlot entryName="{n}" gpid="{i + 1}">{html.escape(t)}'
                       f"</VASSAL.build.widget.PieceSlot>" for i, (n, t) in enumerate(slots))
    proto_xml = "".join(f'<{_B}PrototypeDefinition name="{n}">{html.escape(t)}</{_B}PrototypeDefinition>'
                        for n, t in protos)
    return (f'<?xml version="1.0" encoding="UTF-8"?><VASSAL.build.GameModule name="Fuzz" version="1.0" '
            f'VassalVersion="{version}"><{_B}Map mapName="{MAP}"><{_B}map.BoardPicker>'
            f'<{_B}map.boardPicker.Board name="Board" {BOARD}><{_B}map.boardPicker.board.HexGrid {grid}>{num}'
            f"</{_B}map.boardPicker.board.HexGrid></{_B}map.boardPicker.Board></{_B}map.BoardPicker></{_B}Map>"
            f"<{_B}PieceWindow>{slot_xml}</{_B}PieceWindow><{_B}PrototypesContainer>{proto_xml}"
            f"</{_B}PrototypesContainer></VASSAL.build.GameModule>").encode("utf-8")


def module_data(version: str = "3.6.0") -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>1.0</version>'
            f"<VassalVersion>{version}</VassalVersion><name>Fuzz</name></data>").encode("utf-8")


def module(**kw) -> dict[str, bytes]:
    version = kw.pop("moduledata_version", "3.6.0")
    return {"buildFile.xml": build_file(**kw), "moduledata": module_data(version)}


def log_text(steps: list[list[str]], setup: list[str] = ()) -> str:
    """A log: setup commands, then each step's commands as one top-level LOG entry."""
    entries = ["begin_save", "", f"{MAP}BoardPicker\tBoard\t0\t0", *setup, "end_save"]
    for cmds in steps:
        logged = [f"LOG\t{c}" for c in cmds]
        entries.append(logged[0] if len(logged) == 1 else sequence.encode(logged, ESC))
    return sequence.encode(entries, ESC) or ""


def save(text: str) -> dict[str, bytes]:
    """The savedGame entry in plain text (VASSAL reads it as it reads '!VCSK')."""
    return {"savedGame": text.encode("utf-8")}


PIECE = add_piece_text(piece_type("Unit")).replace("+/null/", "+/p1/", 1).replace(
    "null;0;0;;0", f"{MAP};100;100;;0")


def moves_log(n: int) -> str:
    """``n`` moves as VASSAL's PieceMover writes a drag onto an empty spot: the move, the new stack, the report."""
    steps = []
    for i in range(n):
        x, y = 100 + (i * 56) % 800, 100 + (i * 64) % 600
        steps.append([f"M/p1/{MAP}/{x}/{y}/null/{MAP}/0/0/null/pw", f"+/s{i}/stack/{MAP};{x};{y};p1;@@0",
                      f"CHAT* Unit moves to {x},{y} *"])
    return log_text(steps, [PIECE])


# -- hostile zips ------------------------------------------------------------------------------

def encrypted(entries: dict[str, bytes]) -> bytes:
    """The zip with every entry's 'encrypted' flag set (local and central headers)."""
    data = bytearray(zip_bytes(entries))
    for sig, flag_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        i = data.find(sig)
        while i >= 0:
            data[i + flag_at] |= 0x01
            i = data.find(sig, i + 4)
    return bytes(data)


def corrupt_deflate(entries: dict[str, bytes], name: str) -> bytes:
    """The zip with the middle of ``name``'s deflate stream overwritten."""
    data = bytearray(zip_bytes(entries))
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        info = z.getinfo(name)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + info.compress_size // 3, start + info.compress_size // 3 + 16):
        data[i] ^= 0xA5
    return bytes(data)


# -- the cases ---------------------------------------------------------------------------------

def _diamond(depth: int) -> list[tuple[str, str]]:
    """P0 uses A0 and B0, each of which uses P1, ... to depth: 2**depth paths, 3*depth prototypes."""
    out = []
    for i in range(depth):
        out.append((f"P{i}", add_piece_text(piece_type("", [f"A{i}", f"B{i}"], [f"mark;K{i}"]))))
        for side in "AB":
            out.append((f"{side}{i}", add_piece_text(piece_type("", [f"P{i + 1}"]))))
    out.append((f"P{depth}", add_piece_text(piece_type("", [], ["mark;Last"]))))
    return out


def _chain(depth: int) -> list[tuple[str, str]]:
    return [(f"C{i}", add_piece_text(piece_type("", [f"C{i + 1}"] if i < depth else []))) for i in range(depth + 1)]


def _nested_traits(depth: int) -> str:
    return piece_type("Deep", [], [f"mark;K{i}" for i in range(depth)])


def _nested_log(depth: int) -> str:
    inner = "-/x"
    for _ in range(depth):
        inner = sequence.encode([f"LOG\t{inner}", ""], ESC)
    return inner


def _largest_buildfile() -> dict[str, bytes]:
    from hexforge.builder.modulereader import MAX_BUILD_FILE
    slot = ("S", add_piece_text(piece_type("Unit", ["P0"], ["mark;Side"])))
    one = len(build_file([slot] * 2)) - len(build_file([slot]))
    count = (MAX_BUILD_FILE - len(build_file())) // (one + 8)  # gpids grow by a digit now and then
    return module(slots=[slot] * count, protos=[("P0", add_piece_text(piece_type("", [], ["mark;Type"])))])


def _most_slots() -> dict[str, bytes]:
    from hexforge.builder.modulereader import MAX_PIECE_SLOTS
    slot = ("S", add_piece_text(piece_type("Unit", ["P0"], ["mark;Side"])))
    return module(slots=[slot] * MAX_PIECE_SLOTS, protos=[("P0", add_piece_text(piece_type("", [], ["mark;Type"])))])


def _most_nodes() -> dict[str, bytes]:
    """Attributes at the node limit (each costs the parser more memory than a small element)."""
    from hexforge.builder.modulereader import MAX_XML_NODES
    attrs = " ".join(f"a{i}=''" for i in range(1000))
    body = f"<x {attrs}/>" * (MAX_XML_NODES // 1002)
    bf = build_file().replace(b"</VASSAL.build.GameModule>", body.encode() + b"</VASSAL.build.GameModule>")
    return {"buildFile.xml": bf, "moduledata": module_data()}


def _largest_save() -> dict[str, bytes]:
    from hexforge.builder.commands import MAX_CHAT
    from hexforge.builder.savefile import MAX_TEXT
    line = "CHAT" + "x" * (MAX_CHAT - 8)
    return save(log_text([[line]] * (MAX_TEXT // (len(line) + 8) - 1)))


def _most_commands() -> dict[str, bytes]:
    """Just under MAX_COMMANDS steps, each moving a piece that is not in the game."""
    from hexforge.builder.commands import MAX_COMMANDS
    step = f"LOG\tM/x/{MAP}/1/1/null/{MAP}/0/0/null"
    return save(ESC.join(["begin_save", "end_save"] + [step] * (MAX_COMMANDS - 3)))


def _digits(n: int) -> str:
    return "7" * n


CASES: list[Case] = [
    # hangs: every size and count the readers accept is read in bounded time
    Case("savedgame_largest", ".vlog", _largest_save, "ok"),
    Case("savedgame_most_commands", ".vlog", _most_commands, "ok"),
    Case("savedgame_too_many_commands", ".vlog", lambda: save(ESC.join(map(str, range(1_000_001)))),
         "at most 1,000,000 are read"),
    Case("prototype_diamond_40", ".vmod", lambda: module(slots=[("S", add_piece_text(piece_type("U", ["P0"])))],
                                                         protos=_diamond(40)), "ok"),
    Case("grid_hleading_1e6", ".vmod", lambda: module(numbering='hLeading="1000000"'), "hLeading=1000000; at most 10"),
    Case("grid_alphabetic_dx_1e-8", ".vmod", lambda: module(grid='dx="0.00000001" dy="64"', numbering='hType="A"'),
         "hexes across; at most 10,000 are read"),
    Case("traits_nested_1500", ".vmod", lambda: module(slots=[("Deep", add_piece_text(_nested_traits(1500)))]),
         "more than 1000 traits"),
    Case("traits_nested_1500_in_log", ".vlog", lambda: save(log_text([[add_piece_text(_nested_traits(1500))]])),
         "more than 1000 traits"),
    # memory: the largest accepted buildFile stays within 1 GB
    Case("buildfile_largest", ".vmod", _largest_buildfile, "200,000 are read"),
    Case("buildfile_most_slots", ".vmod", _most_slots, "ok"),
    Case("buildfile_most_nodes", ".vmod", _most_nodes, "ok"),
    # tracebacks that were shown as "internal error"
    Case("zip_encrypted_entry", ".vlog", lambda: encrypted(save(log_text([]))), "is encrypted"),
    Case("zip_corrupt_deflate", ".vlog", lambda: corrupt_deflate(save(log_text([["CHAT" + "hello " * 5000]])),
                                                                 "savedGame"), "data is corrupt"),
    Case("prototype_chain_3000", ".vmod", lambda: module(protos=_chain(3000)), "more than 100 deep"),
    Case("vassal_version_5000_digits", ".vmod", lambda: module(moduledata_version=_digits(5000)), "ok"),
    Case("pieceslot_nested_log", ".vmod", lambda: module(slots=[("Nest", "LOG\t" * 200 + "-/x")]),
         "nested more than"),
    Case("log_nested_200", ".vlog", lambda: save(log_text([[_nested_log(200)]])), "nested more than"),
    Case("coordinates_5000_digits", ".vlog", lambda: save(log_text(
        [[f"M/p1/{MAP}/{_digits(5000)}/5/null/{MAP}/0/0/null"]], [PIECE])), "(5,000 characters) is outside"),
    Case("dice_result_5000_digits", ".vlog", lambda: save(log_text(
        [[f"CHAT*** 2d6 = {_digits(5000)} *** &lt;pw&gt;"]])), "more than 9 digits"),
    Case("dice_property_5000_digits", ".vlog", lambda: save(log_text(
        [[f"MutableProperty\t2d6_result\t\t{_digits(5000)}\tModule"]])), "more than 9 digits"),
    Case("binding_nested_deep", ".toml", lambda: ("x = " + "[" * 5000 + "]" * 5000 + "\n").encode(), "nested"),
    Case("binding_5000_digits", ".toml", lambda: f"[boards.Board]\ncolumn_offset = {_digits(5000)}\n".encode(),
         "digits"),
    # super-linear reading
    Case("moves_40000", ".vlog", lambda: save(moves_log(40_000)), "ok"),
    Case("chat_line_256k", ".vlog", lambda: save(log_text([["CHAT*** " + "*** a = b *** <" * 17_500]])),
         "at most 65,536 are read"),
    Case("step_adding_30000_pieces", ".vlog", lambda: save(log_text([[
        add_piece_text(piece_type("Unit")).replace("+/null/", f"+/n{i}/", 1).replace("null;0;0;;0", f"{MAP};9;9;;0")
        for i in range(30_000)] + [f"+/big/stack/{MAP};9;9;" + ";".join(f"n{i}" for i in range(30_000))]])), "ok"),
    Case("setboards_huge_column", ".vlog", lambda: save(log_text([], [f"{MAP}BoardPicker\tBoard\t{10 ** 9}\t0"])),
         "the board table is read up to 256"),
    # silent wrong answers: ambiguous archives are refused
    Case("zip_two_buildfiles", ".vmod", lambda: zip_bytes(module(), ("buildFile.xml", build_file())), "ambiguous"),
    Case("zip_two_savedgames", ".vlog", lambda: zip_bytes(save(log_text([])), ("savedGame", b"")), "ambiguous"),
]


def write_case(case: Case, out: Path) -> Path:
    """Write one case's file into ``out``."""
    made = case.make()
    path = out / (case.name + case.suffix)
    path.write_bytes(made if isinstance(made, bytes) else zip_bytes(made))
    return path


def read(path: Path) -> str:
    """Read a crafted file as the CLI would: ``ok`` + warnings and Unknown reasons, or ``error: ...``."""
    from hexforge.builder.binding import load_binding
    from hexforge.builder.errors import FormatError
    from hexforge.builder.modulereader import read_module
    from hexforge.builder.savefile import read_save
    from hexforge.builder.timeline import UnknownCommand, build_timeline
    try:
        if path.suffix == ".toml":
            load_binding(path)
            return "ok"
        if path.suffix == ".vmod":
            return "\n".join(["ok", *read_module(path).warnings])
        plain = path.parent / "_plain.vmod"
        if not plain.exists():
            plain.write_bytes(zip_bytes(module()))
        t = build_timeline(read_save(path), read_module(plain))
        return "\n".join(["ok", *t.warnings[:20],
                          *(e.reason for e in t.events if isinstance(e, UnknownCommand))][:40])
    except FormatError as e:
        return f"error: {e}"


def main(argv: list[str]) -> None:
    if argv[:1] == ["--read"]:
        import resource
        print(read(Path(argv[1]))[:4000])
        print(f"peak RSS MB {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}")
        return
    out = Path(argv[0] if argv else "fuzz-corpus")
    out.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        print(write_case(case, out))


if __name__ == "__main__":
    main(sys.argv[1:])
