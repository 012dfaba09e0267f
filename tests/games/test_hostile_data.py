"""Game data that is wrong is refused with the file, the place and what is valid; never a
traceback, a hang or unbounded memory; a failed write leaves nothing behind (issue #12, 4)."""
from __future__ import annotations

import os
import shutil
import signal
import time
import zipfile
from pathlib import Path

import pytest

from hexforge.builder import vmod
from hexforge.builder.vmod import zip_bytes, zip_bytes_to
from hexforge.games import GameDataError, NoSuchGame, bundled_game, check_game, load_game, resolve_game
from hexforge.games.files import MAX_TOML_DEPTH
from hexforge.games.loader import MAX_MAP_HEXES, MAX_SHEET_LINES
from tests.conftest import SYNTHETIC


@pytest.fixture
def game(tmp_path: Path) -> Path:
    target = tmp_path / "synthetic"
    shutil.copytree(SYNTHETIC, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def only_problem(game: Path) -> str:
    problems = check_game(game)
    assert len(problems) == 1, "\n".join(map(str, problems))
    return str(problems[0])


# -- numbers ------------------------------------------------------------------------------------

# B2's attack cell (line 3 of units.csv) holds 5 in the synthetic game.
@pytest.mark.parametrize("cell", ["NaN", "nan", "inf", "-Infinity", "1e999", "1e2", "9" * 5000, "1" * 10, "٣"])
def test_unit_value_that_is_no_plain_number_is_refused(game: Path, cell: str) -> None:
    edit(game / "units.csv", "B2,2/Blue,blue,1st,armor,battalion,mobile,5,",
         f"B2,2/Blue,blue,1st,armor,battalion,mobile,{cell},")
    msg = only_problem(game)
    assert msg.startswith(f"{game / 'units.csv'}: line 3, column attack: ")
    assert "not a number" in msg and "at most 9 digits" in msg and "'unknown'" in msg
    assert len(msg) < 400  # a 5,000-digit cell is cut, not repeated


@pytest.mark.parametrize("cell, value", [("12", 12), ("-1", -1), ("1.5", 1.5), ("+3", 3), ("999999999", 999999999)])
def test_plain_unit_values_still_load(game: Path, cell: str, value: float) -> None:
    edit(game / "units.csv", "B2,2/Blue,blue,1st,armor,battalion,mobile,5,",
         f"B2,2/Blue,blue,1st,armor,battalion,mobile,{cell},")
    assert load_game(game).units["B2"].value("attack") == value


@pytest.mark.parametrize("literal, words", [
    ("nan", "not a finite number"), ("inf", "not a finite number"), ("-inf", "not a finite number"),
    ("1e999", "not a finite number"), ("9223372036854775808", "outside TOML's 64-bit range"),
    ("9" * 5000, "TOML integers are 64-bit"),
])
def test_toml_number_that_no_game_has_is_refused(game: Path, literal: str, words: str) -> None:
    edit(game / "game.toml", "count = 6", f"count = {literal}")
    msg = only_problem(game)
    assert msg.startswith(str(game / "game.toml")) and words in msg
    if "finite" in words or "range" in words:
        assert "markers[0].count" in msg  # the key path, so the person finds the value


# -- encodings ----------------------------------------------------------------------------------

def test_a_bom_is_accepted_as_excel_writes_it(game: Path) -> None:
    """A UTF-8 BOM (Excel's "CSV UTF-8") is not part of the first column's name."""
    plain = load_game(game)
    for name in ("units.csv", "game.toml", "scenarios/meeting.toml"):
        path = game / name
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    g = load_game(game)
    assert g.units == plain.units and g.units["B1"].id == "B1"
    assert g.scenarios.keys() == plain.scenarios.keys()


def test_latin1_csv_names_the_encoding_and_the_first_bad_byte(game: Path) -> None:
    path = game / "units.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[3] = lines[3].replace("1/Red", "1/Rouge \u00e9t\u00e9")  # line 4: 'é' written as Latin-1 0xe9
    path.write_bytes("".join(lines).encode("latin-1"))
    column = lines[3].index("\u00e9") + 1
    msg = only_problem(game)
    assert msg.startswith(f"{path}: line 4, column {column}: byte 0xe9 is not UTF-8")
    assert "must be saved as UTF-8" in msg and "Latin-1" in msg


def test_latin1_toml_names_the_line(game: Path) -> None:
    path = game / "game.toml"
    path.write_bytes(path.read_bytes().replace(b'title = "Synthetic Test Game"', b'title = "Synth\xe9tique"'))
    msg = only_problem(game)
    assert msg.startswith(f"{path}: line 4, column 15: byte 0xe9 is not UTF-8")


def test_a_huge_csv_cell_is_a_problem_not_a_traceback(game: Path) -> None:
    edit(game / "units.csv", "single step", "x" * 200_000)  # beyond the csv module's field limit
    msg = only_problem(game)
    assert msg.startswith(f"{game / 'units.csv'}: line 5") and "not readable as CSV" in msg


# -- nesting ------------------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [MAX_TOML_DEPTH + 1, 3000])
def test_deep_toml_arrays_are_refused(game: Path, depth: int) -> None:
    with open(game / "game.toml", "a", encoding="utf-8") as f:
        f.write("\n[special]\nsource = \"x\"\ndeep = " + "[" * depth + "]" * depth + "\n")
    msg = only_problem(game)
    assert msg.startswith(str(game / "game.toml")) and "nested" in msg and f"at most {MAX_TOML_DEPTH}" in msg


def test_nesting_that_real_data_uses_is_accepted(game: Path) -> None:
    with open(game / "game.toml", "a", encoding="utf-8") as f:
        f.write("\n[special]\nsource = \"x\"\nlists = [[[[1, 2]]]]\n")
    assert load_game(game).info.special["lists"] == [[[[1, 2]]]]


# -- map size -----------------------------------------------------------------------------------

@pytest.mark.parametrize("last", [2600, 10**15])
def test_a_sheet_larger_than_any_printed_map_is_refused_at_once(game: Path, last: int) -> None:
    edit(game / "game.toml", 'rows = { first = 1, last = 8, increase = "down" }',
         f'rows = {{ first = 1, last = {last}, increase = "down" }}')
    start = time.perf_counter()
    problems = check_game(game)
    assert time.perf_counter() - start < 5
    grid = [p for p in problems if p.place == "grid"]
    assert len(grid) == 1, "\n".join(map(str, problems))
    assert f"a sheet may have at most {MAX_SHEET_LINES}" in grid[0].message and str(last) in grid[0].message


def test_a_map_with_more_hexes_than_any_game_is_refused(game: Path) -> None:
    side = MAX_SHEET_LINES  # each axis within its limit, the whole map beyond the hex limit
    assert side * side > MAX_MAP_HEXES
    edit(game / "game.toml", 'label = "CCRR"', 'label = "CCCRRR"')
    edit(game / "game.toml", 'columns = { first = 1, last = 10, increase = "right" }',
         f'columns = {{ first = 1, last = {side}, increase = "right" }}')
    edit(game / "game.toml", 'rows = { first = 1, last = 8, increase = "down" }',
         f'rows = {{ first = 1, last = {side}, increase = "down" }}')
    grid = [p for p in check_game(game) if p.place == "grid"]
    assert len(grid) == 1 and f"would have {side * side} hexes" in grid[0].message
    assert f"at most {MAX_MAP_HEXES}" in grid[0].message


# -- a failed write leaves nothing ----------------------------------------------------------------

ENTRIES = {"buildFile.xml": b"<x/>" * 1000, "moduledata": b"<data/>", "images/a.png": bytes(range(256)) * 50}


def listing(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_the_written_zip_is_the_deterministic_one(tmp_path: Path) -> None:
    out = zip_bytes_to(tmp_path / "m.vmod", ENTRIES)
    assert out.read_bytes() == zip_bytes(ENTRIES)
    with zipfile.ZipFile(out) as z:
        assert z.namelist() == sorted(ENTRIES) and z.read("moduledata") == b"<data/>"


@pytest.mark.parametrize("failure", [TypeError, KeyboardInterrupt, OSError])
def test_a_failure_while_writing_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                failure: type[BaseException]) -> None:
    real = zipfile.ZipFile.writestr
    calls = []

    def fail_second(self: zipfile.ZipFile, *args: object, **kw: object) -> None:
        calls.append(1)
        if len(calls) == 2:
            raise failure("disk trouble")
        real(self, *args, **kw)

    monkeypatch.setattr(zipfile.ZipFile, "writestr", fail_second)
    with pytest.raises(failure):
        zip_bytes_to(tmp_path / "new" / "folder" / "m.vmod", ENTRIES)
    assert len(calls) == 2  # it failed part-way through the archive
    assert listing(tmp_path) == []


def test_a_failed_overwrite_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = tmp_path / "m.vmod"
    old.write_bytes(b"the player's module")

    def broken(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(vmod, "_write_zip", broken)
    with pytest.raises(OSError):
        zip_bytes_to(old, ENTRIES, force=True)
    assert listing(tmp_path) == ["m.vmod"] and old.read_bytes() == b"the player's module"


def test_sigterm_while_writing_removes_the_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def killed(target: object, entries: object) -> None:
        seen.append(listing(tmp_path))
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler interrupts this
        raise AssertionError("SIGTERM did not stop the write")

    monkeypatch.setattr(vmod, "_write_zip", killed)
    previous = signal.getsignal(signal.SIGTERM)
    with pytest.raises(SystemExit) as e:
        zip_bytes_to(tmp_path / "m.vmod", ENTRIES)
    assert e.value.code == 128 + signal.SIGTERM
    assert len(seen[0]) == 1 and seen[0][0].startswith(".m.vmod.")  # a temp file existed
    assert listing(tmp_path) == []
    assert signal.getsignal(signal.SIGTERM) is previous


# -- finding games --------------------------------------------------------------------------------

def test_a_misspelled_game_id_suggests_the_bundled_one() -> None:
    with pytest.raises(NoSuchGame) as e:
        resolve_game("arnhm")
    assert str(e.value).startswith("no such game: 'arnhm'; did you mean arnhem?")
    assert e.value.suggestions == ["arnhem"] and isinstance(e.value, GameDataError)
    with pytest.raises(NoSuchGame, match="did you mean aachen"):
        load_game("achen")
    with pytest.raises(NoSuchGame) as e:
        load_game("zzzz")
    assert e.value.suggestions == [] and "did you mean" not in str(e.value)


def test_an_unknown_toml_key_suggests_the_close_valid_one(game: Path) -> None:
    edit(game / "game.toml", 'title = "Synthetic Test Game"', 'titel = "Synthetic Test Game"')
    titel = [p for p in check_game(game) if p.place == "titel"]
    assert len(titel) == 1 and "unknown key; did you mean 'title'?" in titel[0].message


def test_an_unexpected_csv_column_suggests_the_close_valid_one(game: Path) -> None:
    edit(game / "units.csv", ",attack,", ",atack,")
    problems = [str(p) for p in check_game(game) if p.place == "line 1"]
    assert len(problems) == 1 and "unexpected column 'atack'; did you mean 'attack'?" in problems[0]


@pytest.mark.parametrize("name", ["/etc/passwd", "../arnhem", "arnhem/../aachen", "./arnhem", "/tmp", "", "ARNHEM"])
def test_bundled_game_is_a_lookup_by_id_never_a_path(name: str) -> None:
    with pytest.raises(NoSuchGame):
        bundled_game(name)


def test_bundled_game_ignores_a_folder_of_the_same_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "arnhem").mkdir()
    monkeypatch.chdir(tmp_path)
    folder = bundled_game("arnhem")
    assert folder.is_absolute() and (folder / "game.toml").is_file() and folder != tmp_path / "arnhem"
    assert load_game(folder).id == "arnhem"
